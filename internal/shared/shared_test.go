package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records Skip and Fatal instead of ending
// the test, so both outcomes of Require can be checked.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Skipf(string, ...any)  { r.skipped = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

func TestRequire(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "absent")
	for _, c := range []struct {
		name, path, ci     string
		wantSkip, wantFail bool
	}{
		{"present", dir, "true", false, false},
		{"absent", missing, "", true, false},
		{"absent under CI", missing, "true", false, true},
		{"absent, CI not true", missing, "false", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("CI", c.ci)
			r := &recorder{TB: t}
			Require(r, c.path)
			if r.skipped != c.wantSkip || r.failed != c.wantFail {
				t.Errorf("skipped %v failed %v, want %v %v", r.skipped, r.failed, c.wantSkip, c.wantFail)
			}
		})
	}
}

func TestRoot(t *testing.T) {
	t.Setenv(EnvDir, "/elsewhere")
	if got := Path("datasets", "x"); got != filepath.Join("/elsewhere", "datasets", "x") {
		t.Errorf("Path with %s set = %q", EnvDir, got)
	}
	t.Setenv(EnvDir, "")
	wd, _ := os.Getwd()
	// This package is internal/shared: the module root is two levels up.
	want := filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(wd))), "shared")
	if got := Root(); got != want {
		t.Errorf("Root() = %q, want %q", got, want)
	}
}
