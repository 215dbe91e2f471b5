package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"

	"infocrawl/crawler"
)

// startProgress redraws one status line on stderr twice a second while a
// crawl runs, when stderr is a terminal and not quiet. The returned func
// stops it and clears the line.
func startProgress(w io.Writer, quiet bool, snapshot func() crawler.Progress) func() {
	if quiet || !isTerminal(w) {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(500 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				fmt.Fprint(w, "\r\033[K")
				return
			case <-tick.C:
				fmt.Fprint(w, "\r\033[K"+progressLine(snapshot()))
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

func progressLine(p crawler.Progress) string {
	rate := 0.0
	if s := p.Elapsed.Seconds(); s > 0 {
		rate = float64(p.Stored) / s
	}
	return fmt.Sprintf("pages %d (+%d, %.1f/s) | queued %d | in flight %d | failed %d | %.1f MB | %s",
		p.Total, p.Stored, rate, p.Frontier, p.InFlight, p.Failed, float64(p.Bytes)/1e6, p.Elapsed.Round(time.Second))
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
