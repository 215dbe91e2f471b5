package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"infocrawl/view"
)

const serveAbout = `Serves a small local web UI over a mined store: / lists the clusters with
their pages counted by kind, /cluster?id=ID a cluster's pages, and
/show?url=URL a page with its blocks outlined, as "infocrawl show" writes it.

The store is opened read-only. bbolt locks the file: a read-only open
cannot coexist with a writer, so serve waits for (and then fails on) a
running crawl or mine, and a crawl or mine cannot start while serve runs.
Stop serve (Ctrl-C) to crawl or mine again.`

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var db, addr, configFile string
	fs := newFlagSet("serve", "serve --db FILE [--addr 127.0.0.1:8080]", serveAbout, stderr)
	fs.StringVar(&db, "db", "", "store `file` to read")
	fs.StringVar(&addr, "addr", "127.0.0.1:8080", "listen on this `host:port` (port 0: any free port)")
	fs.StringVar(&configFile, "config", "", "YAML `file` whose mine-* keys the store was mined with (template thresholds)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if db == "" || len(pos) > 0 {
		return usageError("want --db FILE and no arguments")
	}
	d, opts, err := openMined(fs, db, configFile)
	if err != nil {
		return err
	}
	defer d.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: view.Handler(d, view.Options{Mine: opts, Hosts: serveHosts(addr, ln.Addr())}), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "serving %s at http://%s/ (Ctrl-C to stop)\n", db, ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// serveHosts are the Host values serve answers: the address it listens
// on, as bound and as given; for a wildcard address, loopback and the
// machine's own addresses on that port. Anything else is a name that
// points at this port from elsewhere (a DNS rebinding), not the user.
func serveHosts(given string, bound net.Addr) []string {
	_, port, _ := net.SplitHostPort(bound.String())
	if tcp, ok := bound.(*net.TCPAddr); !ok || !tcp.IP.IsUnspecified() {
		hosts := []string{strings.ToLower(bound.String())}
		if ghost, _, err := net.SplitHostPort(given); err == nil && ghost != "" {
			hosts = append(hosts, strings.ToLower(net.JoinHostPort(ghost, port)))
		}
		return hosts
	}
	// The wildcard itself ("[::]:8080") is no Host a browser sends.
	hosts := []string{"localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if ipn, ok := a.(*net.IPNet); ok {
				hosts = append(hosts, net.JoinHostPort(ipn.IP.String(), port))
			}
		}
	}
	return hosts
}
