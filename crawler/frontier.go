package crawler

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"infocrawl/store"
)

// frontier is Colly's queue.Storage, backed by the store. It holds the
// pending requests in memory by depth and persists each push through the
// store's Writer. It hands out one depth at a time: requests of depth d+1
// wait until every request of depth d has an outcome, so the crawl is
// exactly breadth-first and a page gets its shortest depth even with many
// fetches in flight (otherwise a fast deep branch can claim a URL first
// with a larger depth and cut its subtree at the depth limit).
type frontier struct {
	w *store.Writer
	// budget reports how many more fetches may start (MaxPages); nil: no limit.
	budget func(inflight int) bool

	mu       sync.Mutex // protects all fields below
	levels   map[int][]store.Request
	cur      int // depth being handed out
	maxLevel int
	inflight map[string]int // URL -> depth, handed out without an outcome yet
	perLevel map[int]int    // in-flight count by depth
	stopped  bool
}

func newFrontier(w *store.Writer, pending []store.Request) *frontier {
	f := &frontier{w: w, levels: map[int][]store.Request{}, inflight: map[string]int{}, perLevel: map[int]int{}, cur: -1}
	for _, r := range pending {
		f.add(r)
	}
	return f
}

func (f *frontier) add(r store.Request) {
	f.levels[r.Depth] = append(f.levels[r.Depth], r)
	if f.cur < 0 || r.Depth < f.cur {
		f.cur = r.Depth
	}
	f.maxLevel = max(f.maxLevel, r.Depth)
}

// push persists r and queues it. The caller has already claimed r.URL in
// the seen set, so each URL is pushed once.
func (f *frontier) push(r store.Request) error {
	if err := f.w.Enqueue(r); err != nil {
		return err
	}
	f.mu.Lock()
	f.add(r)
	f.mu.Unlock()
	return nil
}

// done records that u has an outcome (or none will come).
func (f *frontier) done(u string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if d, ok := f.inflight[u]; ok {
		delete(f.inflight, u)
		f.perLevel[d]--
	}
}

// abandon: u stays in the stored frontier, fetched again on resume.
func (f *frontier) abandon(string) {}

func (f *frontier) stop() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
}

// ready returns the number of requests that may be handed out now,
// moving to the next depth when the current one is finished.
func (f *frontier) ready() int {
	if f.stopped || f.cur < 0 {
		return 0
	}
	for len(f.levels[f.cur]) == 0 && f.perLevel[f.cur] == 0 && f.cur < f.maxLevel {
		delete(f.levels, f.cur)
		f.cur++
	}
	n := len(f.levels[f.cur])
	if n > 0 && f.budget != nil && !f.budget(len(f.inflight)) {
		return 0
	}
	return n
}

func (f *frontier) pending() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, l := range f.levels {
		n += len(l)
	}
	return n
}

func (f *frontier) inFlight() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.inflight)
}

// Init implements queue.Storage.
func (f *frontier) Init() error { return nil }

// QueueSize implements queue.Storage: Colly's queue ends when it is 0 and
// nothing is running.
func (f *frontier) QueueSize() (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ready(), f.w.Err()
}

// collyRequest is the JSON form of colly.Request that Colly's queue
// unmarshals (colly.serializableRequest).
type collyRequest struct {
	URL    string
	Method string
	Depth  int
	Ctx    map[string]any
}

// GetRequest implements queue.Storage.
func (f *frontier) GetRequest() ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ready() == 0 {
		return nil, errors.New("frontier: nothing ready")
	}
	q := f.levels[f.cur]
	r := q[0]
	q[0] = store.Request{}
	f.levels[f.cur] = q[1:]
	f.inflight[r.URL] = r.Depth
	f.perLevel[r.Depth]++
	return EncodeRequest(r)
}

// AddRequest implements queue.Storage for requests added through Colly's
// queue API; the crawler itself uses push.
func (f *frontier) AddRequest(b []byte) error {
	var cr collyRequest
	if err := json.Unmarshal(b, &cr); err != nil {
		return fmt.Errorf("frontier: add request: %w", err)
	}
	ref, _ := cr.Ctx[ctxReferrer].(string)
	return f.push(store.Request{URL: cr.URL, Depth: cr.Depth, Referrer: ref})
}

// seenSet is the set of canonical URLs ever enqueued. add is an atomic
// test-and-set: of the goroutines that find one link at once, one wins.
type seenSet struct {
	mu sync.Mutex // protects m
	m  map[string]struct{}
}

func (s *seenSet) add(u, _ string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[u]; ok {
		return false
	}
	s.m[u] = struct{}{}
	return true
}

func (s *seenSet) addAll(us []string, referrer string) []bool {
	mine := make([]bool, len(us))
	for i, u := range us {
		mine[i] = s.add(u, referrer)
	}
	return mine
}

func (s *seenSet) len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}
