package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The import arrows of docs/ARCHITECTURE.md: store is a leaf, mine and
// crawler never import each other, focus joins them, config is only for
// cmd, export and view read the store and mine's results but never crawl.
func TestPackageArrows(t *testing.T) {
	forbidden := map[string][]string{
		"infocrawl/store":   {"infocrawl/crawler", "infocrawl/mine", "infocrawl/config", "github.com/gocolly/colly/v2"},
		"infocrawl/crawler": {"infocrawl/mine", "infocrawl/focus", "infocrawl/config", "infocrawl/swarm", "github.com/nats-io/nats.go"},
		"infocrawl/swarm":   {"infocrawl/mine", "infocrawl/focus", "infocrawl/config"},
		"infocrawl/mine":    {"infocrawl/crawler", "infocrawl/focus", "infocrawl/config", "github.com/gocolly/colly/v2"},
		"infocrawl/focus":   {"infocrawl/config", "infocrawl/export", "infocrawl/view"},
		"infocrawl/view":    {"infocrawl/crawler", "infocrawl/focus", "infocrawl/config", "github.com/gocolly/colly/v2"},
		"infocrawl/config":  {"infocrawl/store", "infocrawl/crawler", "infocrawl/mine"},
		"infocrawl/export":  {"infocrawl/crawler", "infocrawl/focus", "infocrawl/config", "github.com/gocolly/colly/v2"},
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
