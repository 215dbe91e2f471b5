package crawler

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
)

// errShutdown ends a request that was waiting to retry when the crawl is
// stopped; it records no outcome, so the URL stays in the frontier.
var errShutdown = errors.New("crawl stopping")

// transport wraps the HTTP transport with what Colly leaves out: retries
// with backoff (Retry-After honoured), a per-attempt timeout that also
// covers reading the body, gzip and deflate decoding, and a body cap that
// holds after decompression, so a decompression bomb stops at the cap.
type transport struct {
	next       http.RoundTripper
	retries    int
	backoff    time.Duration
	maxWait    time.Duration
	timeout    time.Duration
	maxBody    int64 // bodies are cut at maxBody+1 bytes so callers can tell
	stopping   <-chan struct{}
	fetches    atomic.Int64 // HTTP requests sent, retries included
	retriesRun atomic.Int64
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	for attempt := 0; ; attempt++ {
		resp, err := t.attempt(req)
		wait, retry := t.shouldRetry(resp, err, attempt)
		if !retry {
			return resp, err
		}
		if resp != nil {
			io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
			resp.Body.Close()
		}
		t.retriesRun.Add(1)
		timer := time.NewTimer(wait)
		select {
		case <-timer.C:
		case <-t.stopping:
			timer.Stop()
			return nil, errShutdown
		case <-req.Context().Done():
			timer.Stop()
			return nil, req.Context().Err()
		}
	}
}

func (t *transport) attempt(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(req.Context(), t.timeout)
	t.fetches.Add(1)
	resp, err := t.next.RoundTrip(req.Clone(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	body, err := decodeBody(resp)
	if err != nil {
		resp.Body.Close()
		cancel()
		return nil, err
	}
	resp.Body = &cappedBody{r: io.LimitReader(body, t.maxBody+1), closers: []io.Closer{body, resp.Body}, cancel: cancel}
	return resp, nil
}

// shouldRetry says whether a failed attempt is worth another, and when.
func (t *transport) shouldRetry(resp *http.Response, err error, attempt int) (time.Duration, bool) {
	if attempt >= t.retries {
		return 0, false
	}
	wait := t.backoff << attempt
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return 0, false
		}
		return wait, true // timeouts, resets, refused connections
	}
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 {
		return 0, false
	}
	if ra, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
		wait = ra
	}
	return min(wait, t.maxWait), true
}

// retryAfter reads a Retry-After header: seconds or an HTTP date.
func retryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}

// decodeBody undoes Content-Encoding and removes the header, so Colly
// (which only knows gzip, and would apply its cap before inflating) sees a
// plain body. klauspost/compress inflates about a quarter faster than the
// standard library, with the same API.
func decodeBody(resp *http.Response) (io.ReadCloser, error) {
	enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	var r io.ReadCloser
	switch enc {
	case "", "identity":
		return io.NopCloser(resp.Body), nil
	case "gzip", "x-gzip":
		zr, _ := gzipReaders.Get().(*gzip.Reader)
		var err error
		if zr == nil {
			zr, err = gzip.NewReader(resp.Body)
		} else {
			err = zr.Reset(resp.Body)
		}
		if err != nil {
			return nil, fmt.Errorf("gzip body: %w", err)
		}
		r = &pooledReader{ReadCloser: zr, pool: &gzipReaders}
	case "deflate":
		// Servers send zlib-wrapped deflate (as the RFC says) or raw
		// deflate (as some IIS versions do): look at the first bytes.
		br := newPeekReader(resp.Body, 2)
		if isZlibHeader(br.peeked) {
			zr, _ := zlibReaders.Get().(io.ReadCloser)
			var err error
			if zr == nil {
				zr, err = zlib.NewReader(br)
			} else {
				err = zr.(zlib.Resetter).Reset(br, nil)
			}
			if err != nil {
				return nil, fmt.Errorf("deflate body: %w", err)
			}
			r = &pooledReader{ReadCloser: zr, pool: &zlibReaders}
		} else {
			r = flate.NewReader(br)
		}
	default:
		return nil, fmt.Errorf("unsupported content encoding %q", enc)
	}
	resp.Header.Del("Content-Encoding")
	resp.Header.Del("Content-Length")
	resp.ContentLength = -1
	resp.Uncompressed = true
	return r, nil
}

// gzipReaders and zlibReaders keep inflaters for the next response: each
// holds a 32 KB window and its tables, otherwise allocated for every page.
var gzipReaders, zlibReaders sync.Pool

// pooledReader returns its inflater to the pool when closed, once.
type pooledReader struct {
	io.ReadCloser
	pool   *sync.Pool
	closed atomic.Bool
}

func (p *pooledReader) Close() error {
	if p.closed.Swap(true) {
		return nil
	}
	err := p.ReadCloser.Close()
	p.pool.Put(p.ReadCloser)
	return err
}

func isZlibHeader(b []byte) bool {
	return len(b) == 2 && b[0]&0x0f == 8 && (uint16(b[0])<<8|uint16(b[1]))%31 == 0
}

type peekReader struct {
	io.Reader
	peeked []byte
}

func newPeekReader(r io.Reader, n int) *peekReader {
	buf := make([]byte, n)
	k, _ := io.ReadFull(r, buf)
	return &peekReader{Reader: io.MultiReader(bytes.NewReader(buf[:k]), r), peeked: buf[:k]}
}

// cappedBody ends the attempt's context when the body is closed, so the
// per-attempt timeout covers the whole download.
type cappedBody struct {
	r       io.Reader
	closers []io.Closer
	cancel  context.CancelFunc
}

func (b *cappedBody) Read(p []byte) (int, error) { return b.r.Read(p) }

func (b *cappedBody) Close() error {
	var err error
	for _, c := range b.closers {
		if e := c.Close(); e != nil && err == nil {
			err = e
		}
	}
	b.cancel()
	return err
}
