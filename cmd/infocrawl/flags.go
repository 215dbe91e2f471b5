package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"infocrawl/config"
)

// errUsage marks errors in how a command was called (exit code 2).
var errUsage = errors.New("usage")

func usageError(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, a...))
}

// listFlag is a repeatable flag; its first Set replaces the default (or
// the config file's list), later ones append.
type listFlag struct {
	p   *[]string
	set bool
}

func (l *listFlag) String() string {
	if l.p == nil {
		return ""
	}
	return strings.Join(*l.p, ",")
}

func (l *listFlag) Set(s string) error {
	if !l.set {
		*l.p, l.set = nil, true
	}
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l.p = append(*l.p, v)
		}
	}
	return nil
}

// bindCrawlFlags ties the crawl flags to cfg's fields. The flag names are
// the config file's keys.
func bindCrawlFlags(fs *flag.FlagSet, cfg *config.Config) {
	fs.StringVar(&cfg.DB, "db", cfg.DB, "store `file` (bbolt); created if missing, resumed if it holds this crawl")
	fs.IntVar(&cfg.Depth, "depth", cfg.Depth, "follow links up to `N` hops from the entry page (0: the entry page only)")
	fs.IntVar(&cfg.MaxPages, "max-pages", cfg.MaxPages, "stop once the store holds `N` pages (0: no limit); run again with a larger N to go on")
	fs.IntVar(&cfg.Parallel, "parallel", cfg.Parallel, "requests in flight at once per host (robots.txt Crawl-delay makes it 1)")
	fs.DurationVar(&cfg.Delay, "delay", cfg.Delay, "pause between requests to a host, per parallel slot (e.g. 500ms); a longer Crawl-delay wins")
	fs.StringVar(&cfg.UserAgent, "user-agent", cfg.UserAgent, "User-Agent header, also matched against robots.txt (default \"infocrawl/<version> (+url)\")")
	fs.BoolVar(&cfg.IgnoreRobots, "ignore-robots", cfg.IgnoreRobots, "do not fetch or honour robots.txt (only for sites you own)")
	fs.Var(&listFlag{p: &cfg.AllowDomains}, "allow-domain", "also crawl this `domain` and its subdomains (repeatable, or comma-separated)")
	fs.Var(&cfg.MaxBodySize, "max-body-size", "cut page bodies at this `size` after decompression (e.g. 10MiB); cut pages are flagged")
	fs.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "time limit for one attempt at a page, headers and body")
	fs.IntVar(&cfg.Retries, "retries", cfg.Retries, "retries of a timeout, 5xx or 429, with exponential backoff (Retry-After honoured)")
	fs.BoolVar(&cfg.Focus, "focus", cfg.Focus, "focused crawl: learn the site to --learn-depth, mine it, then follow only links inside TOC blocks (story lists)")
	fs.IntVar(&cfg.LearnDepth, "learn-depth", cfg.LearnDepth, "with --focus: crawl every link up to `N` hops before focusing")
	fs.IntVar(&cfg.LearnPages, "learn-pages", cfg.LearnPages, "with --focus: stop learning once the store holds `N` pages (0: no limit)")
	fs.BoolVar(&cfg.Sitemaps, "sitemaps", cfg.Sitemaps, "with --focus: also queue the URLs of the site's sitemaps and feeds (a plain crawl never reads them)")
	fs.StringVar(&cfg.NATS, "nats", cfg.NATS, "join a crawl shared by many workers through this NATS JetStream `server` (nats://host:4222); --db is this worker's shard")
	fs.StringVar(&cfg.Job, "job", cfg.Job, "with --nats: the shared crawl's `name` (default: from URL's host and path)")
	fs.DurationVar(&cfg.AckWait, "ack-wait", cfg.AckWait, "with --nats: a URL held by a worker silent this long goes to another worker")
	bindOutputFlags(fs, cfg)
}

func bindOutputFlags(fs *flag.FlagSet, cfg *config.Config) {
	fs.StringVar(&cfg.LogLevel, "log-level", cfg.LogLevel, "log `level` on stderr: debug, info, warn or error")
	fs.BoolVar(&cfg.Quiet, "quiet", cfg.Quiet, "no progress line")
}

// loadConfig applies defaults, then the config file, then the flags that
// were given: flags override the file.
func loadConfig(fs *flag.FlagSet, cfg config.Config, configFile string, bind func(*flag.FlagSet, *config.Config)) (config.Config, error) {
	if configFile == "" {
		if err := cfg.Validate(); err != nil {
			return cfg, usageError("%v", err)
		}
		return cfg, nil
	}
	fromFile, err := config.Load(configFile, config.Default())
	if err != nil {
		return cfg, usageError("%v", err)
	}
	warnDeprecated(newLogger(fs.Output(), fromFile.LogLevel), fromFile)
	replay := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	bind(replay, &fromFile)
	var setErr error
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "config" && replay.Lookup(f.Name) != nil && setErr == nil {
			setErr = replay.Set(f.Name, f.Value.String())
		}
	})
	if setErr != nil {
		return cfg, usageError("%v", setErr)
	}
	if err := fromFile.Validate(); err != nil {
		return cfg, usageError("%v", err)
	}
	return fromFile, nil
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	l.UnmarshalText([]byte(level)) // validated by config
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}

// newFlagSet returns a flag set whose --help prints a synopsis, what the
// command does, and every flag.
func newFlagSet(name, synopsis, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: infocrawl %s\n\n%s\n\nFlags:\n", synopsis, about)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags placed before, between or after the positional
// arguments ("crawl URL --db f" as well as "crawl --db f URL").
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError("%v", err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if rest[0] == "--" {
			return append(positional, rest[1:]...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}
