package natstest

import (
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server is an embedded JetStream server.
type Server struct {
	tb   testing.TB
	opts server.Options
	srv  *server.Server
}

// Start starts a server with file storage in a temporary directory.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s := &Server{tb: tb, opts: server.Options{
		Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: tb.TempDir(),
		NoLog: true, NoSigs: true,
	}}
	s.start()
	// The port chosen at random is kept, so a restart comes back on it.
	s.opts.Port = s.srv.Addr().(*net.TCPAddr).Port
	tb.Cleanup(s.Shutdown)
	return s
}

func (s *Server) start() {
	s.tb.Helper()
	opts := s.opts
	srv, err := server.NewServer(&opts)
	if err != nil {
		s.tb.Fatalf("natstest: %v", err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		s.tb.Fatal("natstest: server not ready in 10s")
	}
	s.srv = srv
}

// URL is the client URL of the server.
func (s *Server) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", s.opts.Port) }

// Shutdown stops the server; its stored streams stay in its directory.
func (s *Server) Shutdown() {
	if s.srv != nil {
		s.srv.Shutdown()
		s.srv.WaitForShutdown()
		s.srv = nil
	}
}

// Restart stops the server and starts it again on the same port and
// store directory, after down.
func (s *Server) Restart(down time.Duration) {
	s.tb.Helper()
	s.Shutdown()
	time.Sleep(down)
	s.start()
}

// Varz returns the server's counters (messages and bytes in and out).
func (s *Server) Varz() *server.Varz {
	v, err := s.srv.Varz(nil)
	if err != nil {
		s.tb.Fatalf("natstest: varz: %v", err)
	}
	return v
}
