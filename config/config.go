package config

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Config is every setting of a crawl. The zero value is not valid: start
// from Default.
type Config struct {
	DB           string        `yaml:"db"`
	Depth        int           `yaml:"depth"`
	MaxPages     int           `yaml:"max-pages"`
	Parallel     int           `yaml:"parallel"`
	Delay        time.Duration `yaml:"delay"`
	UserAgent    string        `yaml:"user-agent"`
	IgnoreRobots bool          `yaml:"ignore-robots"`
	AllowDomains []string      `yaml:"allow-domain"`
	MaxBodySize  ByteSize      `yaml:"max-body-size"`
	Timeout      time.Duration `yaml:"timeout"`
	Retries      int           `yaml:"retries"`
	LogLevel     string        `yaml:"log-level"`
	Quiet        bool          `yaml:"quiet"`
	Focus        bool          `yaml:"focus"`
	LearnDepth   int           `yaml:"learn-depth"`
	LearnPages   int           `yaml:"learn-pages"`
	Sitemaps     bool          `yaml:"sitemaps"`
	NATS         string        `yaml:"nats"` // NATS server of a distributed crawl; "" crawls alone
	Job          string        `yaml:"job"`  // the distributed crawl's name; "" derives it from the URL
	AckWait      time.Duration `yaml:"ack-wait"`

	Mine Mine `yaml:"-"` // the mine-* keys, flattened below

	// Deprecated lists the renamed keys the file used, for the caller to
	// warn about; Load accepts them under their new names.
	Deprecated []Deprecation `yaml:"-"`
}

// Mine holds the mining settings (docs/ALGORITHMS.md). Their YAML keys
// start with "mine-"; zero values mean mine's defaults (mine.DefaultOptions,
// which the texts of Validate repeat and cmd/infocrawl's tests check).
type Mine struct {
	Method string `yaml:"mine-method"`
	// TemplateMinPages: a cluster with fewer pages is mined one page at a
	// time (mine.Options.MinClusterPages).
	TemplateMinPages int `yaml:"mine-template-min-pages"`
	// MergePatternsBelow: URL-pattern groups with fewer pages are merged
	// into a larger pattern (mine.ClusterOptions.MinPages).
	MergePatternsBelow  int     `yaml:"mine-merge-patterns-below"`
	ClusterSplitOverlap float64 `yaml:"mine-cluster-split-overlap"`
	TemplateShare       float64 `yaml:"mine-template-share"`
	TemplateMinDF       int     `yaml:"mine-template-min-df"`
	FallbackShare       float64 `yaml:"mine-fallback-share"`
	MinArticleChars     int     `yaml:"mine-min-article-chars"`
	MinTOCLinks         int     `yaml:"mine-min-toc-links"`
	LinkPenalty         float64 `yaml:"mine-link-penalty"`
	TemplatePenalty     float64 `yaml:"mine-template-penalty"`
	WisdomK             int     `yaml:"mine-wisdom-k"`
	WisdomST            float64 `yaml:"mine-wisdom-st"`
	WisdomTCTOC         float64 `yaml:"mine-wisdom-tc-toc"`
	WisdomTCArticle     float64 `yaml:"mine-wisdom-tc-article"`
}

// Default returns the documented defaults.
func Default() Config {
	return Config{
		Depth:       3,
		Parallel:    8,
		UserAgent:   "",
		MaxBodySize: 10 << 20,
		Timeout:     30 * time.Second,
		Retries:     3,
		LogLevel:    "warn",
		LearnDepth:  2,
		Sitemaps:    true,
		AckWait:     30 * time.Second,
	}
}

// Load reads a YAML file over base. Unknown keys are errors (a misspelt
// setting must not be silently ignored), and a value that does not parse
// is reported with its line, its key and the value.
func Load(path string, base Config) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return base, fmt.Errorf("config: %w", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return base, fmt.Errorf("config: %s: %w", path, err)
	}
	cfg := base
	if len(doc.Content) == 0 { // an empty file sets nothing
		return cfg, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return base, fmt.Errorf("config: %s: line %d: want a mapping of settings", path, root.Line)
	}
	fields := fieldsByKey(&cfg)
	spelt := map[string]string{} // key → how the file spelt it
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key := k.Value
		if renamed, ok := RenamedKeys[key]; ok {
			key = renamed
			cfg.Deprecated = append(cfg.Deprecated, Deprecation{Key: k.Value, Use: key, File: path, Line: k.Line})
		}
		ptr, ok := fields[key]
		if !ok {
			return base, fmt.Errorf("config: %s: line %d: unknown setting %q", path, k.Line, k.Value)
		}
		if prev, ok := spelt[key]; ok && prev != k.Value {
			return base, fmt.Errorf("config: %s: line %d: %s and %s are one setting; keep %s", path, k.Line, prev, k.Value, key)
		}
		spelt[key] = k.Value
		if err := v.Decode(ptr); err != nil {
			return base, fmt.Errorf("config: %s: line %d: %s: %q is not valid: %v", path, v.Line, k.Value, v.Value, err)
		}
	}
	if err := cfg.Validate(); err != nil {
		return base, fmt.Errorf("%w (in %s)", err, path)
	}
	return cfg, nil
}

// fieldsByKey maps each yaml key of Config (and of its Mine settings) to
// a pointer to its field.
func fieldsByKey(c *Config) map[string]any {
	out := map[string]any{}
	for _, v := range []reflect.Value{reflect.ValueOf(c).Elem(), reflect.ValueOf(&c.Mine).Elem()} {
		for i := 0; i < v.NumField(); i++ {
			if key := v.Type().Field(i).Tag.Get("yaml"); key != "" && key != "-" {
				out[key] = v.Field(i).Addr().Interface()
			}
		}
	}
	return out
}

// RenamedKeys maps each old key to the key that replaced it. Keys are a
// contract with the users' files, so an old key keeps working; Load
// reports it in Config.Deprecated.
var RenamedKeys = map[string]string{
	"mine-min-cluster-pages": "mine-template-min-pages",
	"mine-cluster-min-pages": "mine-merge-patterns-below",
}

// Deprecation is one use of a renamed key in a config file.
type Deprecation struct {
	Key, Use string // the old key and the one to use instead
	File     string
	Line     int
}

func (d Deprecation) String() string {
	return fmt.Sprintf("%s: line %d: %s is deprecated: use %s", d.File, d.Line, d.Key, d.Use)
}

// FieldError names the setting at fault and the value it was given.
type FieldError struct {
	Field string
	Value any
	Want  string
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("config: %s: %v is not valid: want %s", e.Field, e.Value, e.Want)
}

// Validate checks every field and returns the first fault.
func (c *Config) Validate() error {
	checks := []struct {
		ok    bool
		field string
		value any
		want  string
	}{
		{c.Depth >= 0 && c.Depth <= 1000, "depth", c.Depth, "0 to 1000"},
		{c.MaxPages >= 0, "max-pages", c.MaxPages, "0 (no limit) or more"},
		{c.LearnDepth >= 0 && c.LearnDepth <= 1000, "learn-depth", c.LearnDepth, "0 to 1000"},
		{c.LearnPages >= 0, "learn-pages", c.LearnPages, "0 (no limit) or more"},
		{c.Parallel >= 1 && c.Parallel <= 512, "parallel", c.Parallel, "1 to 512"},
		{c.Delay >= 0, "delay", c.Delay, "a duration of 0 or more, e.g. 500ms"},
		{!strings.ContainsAny(c.UserAgent, "\r\n"), "user-agent", strconv.Quote(c.UserAgent), "one line"},
		{c.MaxBodySize >= 1024, "max-body-size", c.MaxBodySize, "at least 1KiB, e.g. 10MiB"},
		{c.Timeout > 0, "timeout", c.Timeout, "a positive duration, e.g. 30s"},
		{c.AckWait >= time.Second, "ack-wait", c.AckWait, "at least 1s, e.g. 30s"},
		{c.Retries >= 0 && c.Retries <= 20, "retries", c.Retries, "0 to 20"},
		{validLevel(c.LogLevel), "log-level", strconv.Quote(c.LogLevel), "debug, info, warn or error"},
		{validMethod(c.Mine.Method), "mine-method", strconv.Quote(c.Mine.Method), "auto, infodiscoverer, wisdom, ttr or eem"},
		{c.Mine.TemplateMinPages >= 0, "mine-template-min-pages", c.Mine.TemplateMinPages, "0 (default 3) or more"},
		{c.Mine.MergePatternsBelow >= 0, "mine-merge-patterns-below", c.Mine.MergePatternsBelow, "0 (default 8) or more"},
		{share(c.Mine.ClusterSplitOverlap), "mine-cluster-split-overlap", c.Mine.ClusterSplitOverlap, "0 (default 0.5) to 1"},
		{share(c.Mine.TemplateShare), "mine-template-share", c.Mine.TemplateShare, "0 (default 0.5) to 1"},
		{c.Mine.TemplateMinDF >= 0, "mine-template-min-df", c.Mine.TemplateMinDF, "0 (default 2) or more"},
		{share(c.Mine.FallbackShare), "mine-fallback-share", c.Mine.FallbackShare, "0 (default 0.5) to 1"},
		{c.Mine.MinArticleChars >= 0, "mine-min-article-chars", c.Mine.MinArticleChars, "0 (default 250) or more"},
		{c.Mine.MinTOCLinks >= 0, "mine-min-toc-links", c.Mine.MinTOCLinks, "0 (default 3) or more"},
		{c.Mine.LinkPenalty >= 0, "mine-link-penalty", c.Mine.LinkPenalty, "0 (default 1) or more"},
		{c.Mine.TemplatePenalty >= 0, "mine-template-penalty", c.Mine.TemplatePenalty, "0 (default 1) or more"},
		{c.Mine.WisdomK >= 0, "mine-wisdom-k", c.Mine.WisdomK, "0 (default 1) or more"},
		{share(c.Mine.WisdomST), "mine-wisdom-st", c.Mine.WisdomST, "0 (default 0.8) to 1"},
		{c.Mine.WisdomTCTOC >= 0, "mine-wisdom-tc-toc", c.Mine.WisdomTCTOC, "0 (default 1.25) or more"},
		{share(c.Mine.WisdomTCArticle), "mine-wisdom-tc-article", c.Mine.WisdomTCArticle, "0 (default 0.8) to 1"},
	}
	for _, ch := range checks {
		if !ch.ok {
			return &FieldError{Field: ch.field, Value: ch.value, Want: ch.want}
		}
	}
	for i, d := range c.AllowDomains {
		d = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(d)), ".")
		if !validDomain(d) {
			return &FieldError{Field: "allow-domain", Value: strconv.Quote(c.AllowDomains[i]), Want: "a host name such as news.example.com"}
		}
		c.AllowDomains[i] = d
	}
	return nil
}

func validMethod(m string) bool {
	switch m {
	case "", "auto", "infodiscoverer", "wisdom", "ttr", "eem":
		return true
	}
	return false
}

func share(f float64) bool { return f >= 0 && f <= 1 }

func validLevel(l string) bool {
	switch l {
	case "debug", "info", "warn", "error":
		return true
	}
	return false
}

func validDomain(d string) bool {
	if d == "" || len(d) > 253 {
		return false
	}
	for _, label := range strings.Split(d, ".") {
		if label == "" || len(label) > 63 {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				return false
			}
		}
	}
	return true
}
