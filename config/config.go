package config

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
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
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		ptr, ok := fields[k.Value]
		if !ok {
			return base, fmt.Errorf("config: %s: line %d: unknown setting %q", path, k.Line, k.Value)
		}
		if err := v.Decode(ptr); err != nil {
			return base, fmt.Errorf("config: %s: line %d: %s: %q is not valid: %v", path, v.Line, k.Value, v.Value, err)
		}
	}
	if err := cfg.Validate(); err != nil {
		return base, fmt.Errorf("%w (in %s)", err, path)
	}
	return cfg, nil
}

// fieldsByKey maps each yaml key of Config to a pointer to its field.
func fieldsByKey(c *Config) map[string]any {
	v := reflect.ValueOf(c).Elem()
	out := make(map[string]any, v.NumField())
	for i := 0; i < v.NumField(); i++ {
		if key := v.Type().Field(i).Tag.Get("yaml"); key != "" {
			out[key] = v.Field(i).Addr().Interface()
		}
	}
	return out
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
		{c.Parallel >= 1 && c.Parallel <= 512, "parallel", c.Parallel, "1 to 512"},
		{c.Delay >= 0, "delay", c.Delay, "a duration of 0 or more, e.g. 500ms"},
		{!strings.ContainsAny(c.UserAgent, "\r\n"), "user-agent", strconv.Quote(c.UserAgent), "one line"},
		{c.MaxBodySize >= 1024, "max-body-size", c.MaxBodySize, "at least 1KiB, e.g. 10MiB"},
		{c.Timeout > 0, "timeout", c.Timeout, "a positive duration, e.g. 30s"},
		{c.Retries >= 0 && c.Retries <= 20, "retries", c.Retries, "0 to 20"},
		{validLevel(c.LogLevel), "log-level", strconv.Quote(c.LogLevel), "debug, info, warn or error"},
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
