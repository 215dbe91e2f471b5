package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The import arrows of docs/ARCHITECTURE.md: store is a leaf, mine and crawler never
// import each other, config is only for cmd, export reads the store and
// mine's results but never crawls.
func TestPackageArrows(t *testing.T) {
	forbidden := map[string][]string{
		"infocrawl/store":   {"infocrawl/crawler", "infocrawl/mine", "infocrawl/config", "github.com/gocolly/colly/v2"},
		"infocrawl/crawler": {"infocrawl/mine", "infocrawl/config"},
		"infocrawl/mine":    {"infocrawl/crawler", "infocrawl/config", "github.com/gocolly/colly/v2"},
		"infocrawl/view":    {"infocrawl/crawler", "infocrawl/config", "github.com/gocolly/colly/v2"},
		"infocrawl/config":  {"infocrawl/store", "infocrawl/crawler", "infocrawl/mine"},
		"infocrawl/export":  {"infocrawl/crawler", "infocrawl/config", "github.com/gocolly/colly/v2"},
	}
	for pkg, bad := range forbidden {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		deps := strings.Fields(string(out))
		for _, d := range deps {
			for _, b := range bad {
				if d == b {
					t.Errorf("%s imports %s", pkg, b)
				}
			}
		}
	}
}
