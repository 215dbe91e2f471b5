package main

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"infocrawl/config"
	"infocrawl/mine"
)

// The mining defaults live in mine (mine.DefaultOptions); config's help
// texts ("0 (default 3) or more") and the README's table repeat them.
// These tests hold the copies to the source.

// mineKeys lists config's mine-* keys, in struct order.
func mineKeys() []string {
	var keys []string
	ty := reflect.TypeFor[config.Mine]()
	for i := range ty.NumField() {
		if k := ty.Field(i).Tag.Get("yaml"); k != "" && k != "-" {
			keys = append(keys, k)
		}
	}
	return keys
}

// loadMine loads a config file of the given YAML.
func loadMine(t *testing.T, yaml string) (config.Config, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return config.Load(path, config.Default())
}

// filled is o with every zero field taken from def, as mine's
// withDefaults do.
func filled(o, def mine.Options) mine.Options {
	fill(reflect.ValueOf(&o).Elem(), reflect.ValueOf(def))
	return o
}

func fill(v, def reflect.Value) {
	if v.Kind() == reflect.Struct {
		for i := range v.NumField() {
			fill(v.Field(i), def.Field(i))
		}
		return
	}
	if v.IsZero() {
		v.Set(def)
	}
}

// checkDefault fails t unless setting key to value in a config file
// gives mine's defaults, and setting it to another value does not (so
// the key reaches mine's options at all).
func checkDefault(t *testing.T, where, key, value string) {
	t.Helper()
	def := mine.DefaultOptions()
	cfg, err := loadMine(t, key+": "+value+"\n")
	if err != nil {
		t.Errorf("%s: %s: %v", where, key, err)
		return
	}
	if got := filled(mineOptions(cfg.Mine), def); !reflect.DeepEqual(got, def) {
		t.Errorf("%s gives %s the default %s; mine's defaults are %+v, that value gives %+v", where, key, value, def, got)
	}
	// A digit appended makes another valid number: 3 → 31, 0.5 → 0.51.
	other := value + "1"
	if _, err := strconv.ParseFloat(value, 64); err != nil {
		other = mine.MethodWISDOM // the one key that is no number
	}
	cfg, err = loadMine(t, key+": "+other+"\n")
	if err != nil {
		t.Errorf("%s: %s: %s: %v", where, key, other, err)
		return
	}
	if got := filled(mineOptions(cfg.Mine), def); reflect.DeepEqual(got, def) {
		t.Errorf("%s: %s: %s changes none of mine's options", where, key, other)
	}
}

var defaultInHelp = regexp.MustCompile(`\(default ([^)]+)\)`)

// TestConfigHelpDefaults: each "(default X)" of config's validation
// texts is mine's default.
func TestConfigHelpDefaults(t *testing.T) {
	checked := 0
	for _, key := range mineKeys() {
		_, err := loadMine(t, key+": -1\n")
		var fe *config.FieldError
		if !errors.As(err, &fe) {
			t.Errorf("%s: -1: got %v, want a FieldError", key, err)
			continue
		}
		m := defaultInHelp.FindStringSubmatch(fe.Want)
		if m == nil {
			continue // mine-method lists its choices instead
		}
		checkDefault(t, "config's help", key, m[1])
		checked++
	}
	if checked < len(mineKeys())-1 {
		t.Errorf("checked %d help texts of %d keys", checked, len(mineKeys()))
	}
}

// TestREADMEMineDefaults: the README's table of mining keys lists every
// key of config, and with mine's defaults.
func TestREADMEMineDefaults(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "| key | default | meaning |\n|---|---|---|\n")
	if !ok {
		t.Fatal("README has no mining table (| key | default | meaning |)")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	listed := map[string]bool{}
	for _, row := range strings.Split(table, "\n") {
		cells := strings.Split(strings.Trim(row, "|"), "|")
		if len(cells) < 3 {
			t.Errorf("README row %q: want | key | default | meaning |", row)
			continue
		}
		keys := strings.Split(cells[0], ",")
		values := strings.Split(cells[1], ",")
		if len(keys) != len(values) {
			t.Errorf("README row %q: %d keys, %d defaults", row, len(keys), len(values))
			continue
		}
		for i, k := range keys {
			k = strings.Trim(strings.TrimSpace(k), "`")
			listed[k] = true
			checkDefault(t, "README", k, strings.TrimSpace(values[i]))
		}
	}
	for _, k := range mineKeys() {
		if !listed[k] {
			t.Errorf("README's mining table lacks %s", k)
		}
	}
}

// TestDeprecatedKeyWarns: an old key works and is warned about on stderr;
// an old and a new key for one setting is a usage error.
func TestDeprecatedKeyWarns(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.yaml")
	os.WriteFile(old, []byte("mine-min-cluster-pages: 4\n"), 0o644)
	_, _, stderr := runCLI("mine", "--db", filepath.Join(dir, "absent", "x.db"), "--config", old)
	if !strings.Contains(stderr, "deprecated config key") || !strings.Contains(stderr, "use=mine-template-min-pages") {
		t.Errorf("mine with an old key: stderr %q, want a deprecation warning naming the new key", stderr)
	}
	both := filepath.Join(dir, "both.yaml")
	os.WriteFile(both, []byte("mine-cluster-min-pages: 4\nmine-merge-patterns-below: 5\n"), 0o644)
	code, _, stderr := runCLI("crawl", "http://a.example/", "--db", filepath.Join(dir, "x.db"), "--config", both)
	if code == exitOK || !strings.Contains(stderr, "are one setting") {
		t.Errorf("crawl with both keys: exit %d, stderr %q; want an error", code, stderr)
	}
}
