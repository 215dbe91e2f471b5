// Command peers runs other article extractors (go-trafilatura,
// go-readability) on local HTML files, for comparison with infocrawl.
//
//	peers --peer trafilatura|readability|all --out DIR [--urls MAP.tsv] FILE...
//
// For each input NAME.html (or NAME.htm, NAME.html.gz, ...) it writes
// DIR/<peer>/NAME.txt with the extracted text, empty when there is none,
// and prints each peer's speed to stderr as
//
//	trafilatura: 10 pages, 1.234 MB in 0.567 s (0.589 s CPU): 17.6 pages/s, 2.18 MB/s (0 empty)
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"infocrawl/bench/dataset"
	"infocrawl/bench/peer"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}

// A page is an input file, read and decoded to UTF-8.
type page struct {
	name, html string
	size       int
	url        *url.URL
}

func run(args []string) error {
	fs := flag.NewFlagSet("peers", flag.ContinueOnError)
	which := fs.String("peer", "all", "trafilatura, readability or all")
	out := fs.String("out", "", "output directory (required)")
	urlMap := fs.String("urls", "", "TSV of file<TAB>url: each file's original URL")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("usage: peers --peer NAME|all --out DIR [--urls MAP.tsv] FILE...")
	}
	chosen, err := choose(*which)
	if err != nil {
		return err
	}
	urls, err := readURLs(*urlMap)
	if err != nil {
		return err
	}
	pages, err := readPages(fs.Args(), urls)
	if err != nil {
		return err
	}
	for _, p := range chosen {
		if err := runPeer(p, pages, filepath.Join(*out, p.Name)); err != nil {
			return err
		}
	}
	return nil
}

func choose(name string) ([]peer.Peer, error) {
	if name == "all" {
		return peer.All(), nil
	}
	p, err := peer.ByName(name)
	return []peer.Peer{p}, err
}

// readURLs reads lines "file<TAB>url" into a map keyed by the file's page
// name, so that a map written for "a.html" serves "dir/a.html.gz" too.
func readURLs(path string) (map[string]string, error) {
	urls := map[string]string{}
	if path == "" {
		return urls, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read urls: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		file, u, ok := strings.Cut(sc.Text(), "\t")
		if ok {
			urls[dataset.PageName(file)] = strings.TrimSpace(u)
		}
	}
	return urls, sc.Err()
}

func readPages(files []string, urls map[string]string) ([]page, error) {
	pages := make([]page, 0, len(files))
	for _, f := range files {
		raw, err := dataset.ReadPage(f)
		if err != nil {
			return nil, err
		}
		html, err := peer.Decode(raw)
		if err != nil {
			return nil, fmt.Errorf("decode %s: %w", f, err)
		}
		name := dataset.PageName(f)
		u, err := peer.PageURL(urls, name)
		if err != nil {
			return nil, fmt.Errorf("url of %s: %w", f, err)
		}
		pages = append(pages, page{name: name, html: html, size: len(raw), url: u})
	}
	return pages, nil
}

// runPeer extracts every page with p into dir and reports p's speed. The
// time, by the clock and in CPU (all threads, the GC's too), counts parsing
// and extraction, not reading or writing files.
func runPeer(p peer.Peer, pages []page, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var spent, cpu time.Duration
	var bytes, empty int
	for _, pg := range pages {
		start, startCPU := time.Now(), cpuTime()
		text, err := p.Run(pg.html, pg.url)
		spent += time.Since(start)
		cpu += cpuTime() - startCPU
		bytes += pg.size
		if err != nil || strings.TrimSpace(text) == "" {
			empty++
		}
		if err := os.WriteFile(filepath.Join(dir, pg.name+".txt"), []byte(text), 0o644); err != nil {
			return err
		}
	}
	sec := spent.Seconds()
	mb := float64(bytes) / 1e6
	fmt.Fprintf(os.Stderr, "%s: %d pages, %.3f MB in %.3f s (%.3f s CPU): %.1f pages/s, %.2f MB/s (%d empty)\n",
		p.Name, len(pages), mb, sec, cpu.Seconds(), float64(len(pages))/sec, mb/sec, empty)
	return nil
}

// cpuTime is the user and system time of this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
