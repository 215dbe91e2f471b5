// Command infocrawl crawls news sites into a resumable store and mines
// their informative structure. Run "infocrawl help" for the commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit codes: scripts rely on them.
const (
	exitOK          = 0
	exitError       = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// errInterrupted tells main the command stopped on a signal after saving
// its state.
var errInterrupted = errors.New("interrupted")

type command struct {
	name, summary string
	run           func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"crawl", "crawl a site into a store (resumes an interrupted crawl)", runCrawl},
		{"merge", "merge the shards of a distributed crawl (crawl --nats) into one store", runMerge},
		{"job", "show a distributed crawl's state on its NATS server, or delete it (--delete)", runJob},
		{"refresh", "revisit a finished crawl's lists and fetch only the new stories (--every: repeat)", runRefresh},
		{"stats", "summarise a store: pages by status and depth, failures, frontier", runStats},
		{"check", "verify a store's file (bbolt's consistency check); exit 1 if it is damaged", runCheck},
		{"mine", "mine a store's pages: clusters, templates, article and TOC blocks", runMine},
		{"show", "write a stored page with its article, TOC and template blocks outlined", runShow},
		{"serve", "browse a mined store's clusters and outlined pages in a local web UI", runServe},
		{"extract", "extract the articles of local HTML files (offline; plain or .gz, any charset)", runExtract},
		{"export", "write mined articles and TOC blocks as JSONL, Markdown, text, or raw pages as WARC", runExport},
		{"demo", "serve the built-in test news site on 127.0.0.1 and crawl it", runDemo},
		{"version", "print the version", runVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal, restore the default handling: a second
	// Ctrl-C kills at once (a crawl killed anyhow resumes all the same).
	go func() { <-ctx.Done(); stop() }()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, args[1:], stdout, stderr)
		switch {
		case err == nil:
			return exitOK
		case errors.Is(err, flag.ErrHelp):
			return exitOK
		case errors.Is(err, errUsage):
			fmt.Fprintf(stderr, "infocrawl %s: %v\n", c.name, err)
			return exitUsage
		case errors.Is(err, errInterrupted):
			return exitInterrupted
		}
		fmt.Fprintf(stderr, "infocrawl %s: %v\n", c.name, err)
		return exitError
	}
	fmt.Fprintf(stderr, "infocrawl: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "infocrawl: a focused crawler for news sites.")
	fmt.Fprintln(w, "\nUsage: infocrawl <command> [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun \"infocrawl <command> --help\" for a command's flags.")
}
