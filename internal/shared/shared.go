package shared

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// EnvDir names the folder that replaces ../shared.
const EnvDir = "INFOCRAWL_SHARED"

// Root returns the shared folder: $INFOCRAWL_SHARED when set, else
// ../shared beside the root of the module that holds the working
// directory (go test runs each package in its own folder).
func Root() string {
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return filepath.Join("..", "shared")
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(d), "shared")
		}
		parent := filepath.Dir(d)
		if parent == d {
			return filepath.Join("..", "shared")
		}
		d = parent
	}
}

// Path returns elem joined under the shared folder. It does not check
// that the path exists: use it for paths a test needs before it has a
// testing.TB, and check them with Require.
func Path(elem ...string) string {
	return filepath.Join(append([]string{Root()}, elem...)...)
}

// Require skips t when path does not exist, or fails it when the
// environment has CI=true. Other errors (a permission denied) fail t.
func Require(t testing.TB, path string) {
	t.Helper()
	_, err := os.Stat(path)
	switch {
	case err == nil:
		return
	case !errors.Is(err, fs.ErrNotExist):
		t.Fatalf("shared data %s: %v", path, err)
	case os.Getenv("CI") == "true":
		t.Fatalf("shared data %s absent, and CI=true requires it (set %s to its folder)", path, EnvDir)
	default:
		t.Skipf("shared data %s absent (set %s to its folder)", path, EnvDir)
	}
}

// Dir returns elem under the shared folder after Require has checked it.
func Dir(t testing.TB, elem ...string) string {
	t.Helper()
	p := Path(elem...)
	Require(t, p)
	return p
}

// EachHTMLPage calls fn with the path and bytes of every file of the
// data sets whose extension holds ".htm" (.html, .htm), as stored
// (gzipped files are not opened), and returns how many it read. It skips
// or fails t as Dir does when the data sets are absent.
func EachHTMLPage(t testing.TB, fn func(path string, body []byte)) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(Dir(t, "datasets"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(filepath.Ext(path), ".htm") {
			return err
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		fn(path, body)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
