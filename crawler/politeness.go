package crawler

import (
	"io"
	"net/http"
	"sync"
	"time"
)

// politeness keeps each host's parallelism and delay. Colly has limit
// rules for this, but hosts become known only as links reach them, and a
// rule added while Colly crawls races with its own reads of the rules
// (v2.3.0 reads them outside its lock): a data race under -race.
type politeness struct {
	parallel int
	delay    time.Duration

	mu    sync.Mutex
	hosts map[string]*hostSlots
}

// hostSlots are one host's request slots: a request holds one from
// sending to closing its body, and the host's delay after that, as
// Colly's rules do.
type hostSlots struct {
	slots chan struct{}
	delay time.Duration
}

func newPoliteness(parallel int, delay time.Duration) *politeness {
	return &politeness{parallel: max(parallel, 1), delay: delay, hosts: map[string]*hostSlots{}}
}

// set gives host its slots once its robots.txt is read: a Crawl-delay
// means one request at a time, that far apart (or the crawl's own delay,
// if longer).
func (p *politeness) set(host string, crawlDelay time.Duration) {
	h := &hostSlots{slots: make(chan struct{}, p.parallel), delay: p.delay}
	if crawlDelay > 0 {
		h.slots, h.delay = make(chan struct{}, 1), max(p.delay, crawlDelay)
	}
	p.mu.Lock()
	p.hosts[host] = h
	p.mu.Unlock()
}

func (p *politeness) of(host string) *hostSlots {
	p.mu.Lock()
	defer p.mu.Unlock()
	h, ok := p.hosts[host]
	if !ok { // a host reached without a robots.txt check (a redirect)
		h = &hostSlots{slots: make(chan struct{}, p.parallel), delay: p.delay}
		p.hosts[host] = h
	}
	return h
}

func (h *hostSlots) release() {
	if h.delay <= 0 {
		<-h.slots
		return
	}
	time.AfterFunc(h.delay, func() { <-h.slots })
}

// politeTransport takes a slot of the request's host around each request.
type politeTransport struct {
	next http.RoundTripper
	p    *politeness
}

func (t *politeTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	h := t.p.of(req.URL.Host)
	select {
	case h.slots <- struct{}{}:
	case <-req.Context().Done():
		return nil, req.Context().Err()
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		h.release()
		return nil, err
	}
	resp.Body = &releasingBody{ReadCloser: resp.Body, release: sync.OnceFunc(h.release)}
	return resp, nil
}

type releasingBody struct {
	io.ReadCloser
	release func()
}

func (b *releasingBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}
