package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLoadGood(t *testing.T) {
	cfg, err := Load("testdata/good.yaml", Default())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Depth != 4 || cfg.MaxPages != 5000 || cfg.Parallel != 4 || cfg.Delay != 250*time.Millisecond ||
		cfg.MaxBodySize != 5<<20 || cfg.Timeout != 20*time.Second || cfg.Retries != 2 {
		t.Fatalf("loaded %+v", cfg)
	}
	if got := strings.Join(cfg.AllowDomains, ","); got != "static.example.com,img.example.com" {
		t.Fatalf("allow-domain = %q, want lower-cased names", got)
	}
}

func TestLoadBad(t *testing.T) {
	cases := []struct{ yaml, want string }{
		{"parallel: 0", "parallel: 0"},
		{"depth: -1", "depth: -1"},
		{"delay: soon", "delay"},
		{"max-body-size: lots", "bad size"},
		{"log-level: loud", `log-level: "loud"`},
		{"allow-domain: [\"bad host/\"]", `allow-domain: "bad host/"`},
		{"paralel: 4", "paralel"}, // misspelt key
		{"timeout: 0s", "timeout: 0s"},
		{"mine-method: magic", `mine-method: "magic"`},
		{"mine-wisdom-st: 1.5", "mine-wisdom-st: 1.5"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		path := filepath.Join(dir, "c.yaml")
		os.WriteFile(path, []byte(c.yaml), 0o644)
		_, err := Load(path, Default())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error naming %q", c.yaml, err, c.want)
		}
	}
}

func TestFieldError(t *testing.T) {
	cfg := Default()
	cfg.Retries = 99
	var fe *FieldError
	if err := cfg.Validate(); !errors.As(err, &fe) || fe.Field != "retries" || fe.Value != 99 {
		t.Fatalf("got %v, want a FieldError for retries=99", err)
	}
}

func TestEmptyFileKeepsDefaults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.yaml")
	os.WriteFile(path, nil, 0o644)
	cfg, err := Load(path, Default())
	if err != nil || cfg.Parallel != Default().Parallel {
		t.Fatalf("empty file: %+v, %v", cfg, err)
	}
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]ByteSize{"1024": 1024, "10MiB": 10 << 20, "512 KiB": 512 << 10, "1gb": 1 << 30} {
		got, err := ParseByteSize(in)
		if err != nil || got != want {
			t.Errorf("ParseByteSize(%q) = %v, %v; want %v", in, got, err, want)
		}
		if back, _ := ParseByteSize(got.String()); back != got {
			t.Errorf("%v does not round-trip through String", got)
		}
	}
	for _, bad := range []string{"", "-1", "ten", "1TiB"} {
		if _, err := ParseByteSize(bad); err == nil {
			t.Errorf("ParseByteSize(%q) accepted", bad)
		}
	}
}

func TestMineSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.yaml")
	os.WriteFile(path, []byte("mine-method: wisdom\nmine-wisdom-k: 2\nmine-template-share: 0.6\n"), 0o644)
	cfg, err := Load(path, Default())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mine.Method != "wisdom" || cfg.Mine.WisdomK != 2 || cfg.Mine.TemplateShare != 0.6 {
		t.Fatalf("mine settings = %+v", cfg.Mine)
	}
}

func TestRenamedKeys(t *testing.T) {
	dir := t.TempDir()
	load := func(yaml string) (Config, error) {
		path := filepath.Join(dir, "r.yaml")
		if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		return Load(path, Default())
	}
	for _, c := range []struct {
		yaml            string
		template, merge int
		deprecated      []string
	}{
		{"mine-template-min-pages: 4\nmine-merge-patterns-below: 9\n", 4, 9, nil},
		{"mine-min-cluster-pages: 4\nmine-cluster-min-pages: 9\n", 4, 9, []string{"mine-min-cluster-pages", "mine-cluster-min-pages"}},
		{"mine-min-cluster-pages: 5\nmine-merge-patterns-below: 7\n", 5, 7, []string{"mine-min-cluster-pages"}},
	} {
		cfg, err := load(c.yaml)
		if err != nil {
			t.Errorf("%q: %v", c.yaml, err)
			continue
		}
		if cfg.Mine.TemplateMinPages != c.template || cfg.Mine.MergePatternsBelow != c.merge {
			t.Errorf("%q: template %d merge %d, want %d %d", c.yaml, cfg.Mine.TemplateMinPages, cfg.Mine.MergePatternsBelow, c.template, c.merge)
		}
		var got []string
		for _, d := range cfg.Deprecated {
			got = append(got, d.Key)
			if d.Use != RenamedKeys[d.Key] || d.Line == 0 || !strings.Contains(d.String(), d.Use) {
				t.Errorf("%q: deprecation %+v does not name the new key and its line", c.yaml, d)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.deprecated, ",") {
			t.Errorf("%q: deprecated %v, want %v", c.yaml, got, c.deprecated)
		}
	}
	for old, renamed := range RenamedKeys {
		for _, yaml := range []string{old + ": 4\n" + renamed + ": 5\n", renamed + ": 5\n" + old + ": 4\n"} {
			_, err := load(yaml)
			if err == nil || !strings.Contains(err.Error(), old) || !strings.Contains(err.Error(), renamed) {
				t.Errorf("%q: got %v, want an error naming both keys", yaml, err)
			}
		}
	}
	if _, err := load("mine-template-min-pages: -1\n"); err == nil || !strings.Contains(err.Error(), "mine-template-min-pages: -1") {
		t.Errorf("bad value: got %v, want an error naming the new key", err)
	}
}
