package mine

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// A state survives the store: encoded and decoded, it mines the same.
func TestClusterStateRoundTrip(t *testing.T) {
	st := NewClusterState()
	pages := []Input{
		{Key: "a", Body: []byte("<html><body><nav><a href=/x>Home</a></nav><p>Alpha story text here.</p></body></html>")},
		{Key: "b", Body: []byte("<html><body><nav><a href=/x>Home</a></nav><p>Beta story text there.</p></body></html>")},
	}
	MineCluster("c", st, pages, Options{})
	raw, err := st.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back ClusterState
	if err := back.UnmarshalBinary(raw); err != nil {
		t.Fatal(err)
	}
	if back.Template.Pages != 2 || back.Terms.Pages != 2 || len(back.Template.DF) != len(st.Template.DF) {
		t.Fatalf("decoded %+v, want 2 pages and %d segments", back.Template, len(st.Template.DF))
	}
	if back.Terms.EN("stori") != st.Terms.EN("stori") || back.Terms.EN("stori") != 1 {
		t.Fatalf("EN(stori) = %v after the round trip, %v before; want 1 (in both pages)", back.Terms.EN("stori"), st.Terms.EN("stori"))
	}
}

// Mining a cluster chunk by chunk leaves the statistics that mining it at
// once does: a restarted or incremental mine loses and doubles nothing.
func TestChunkedStateEqualsBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	words := strings.Fields("council budget vote river bridge school storm market rail energy health court police harbour festival")
	var pages []Input
	for i := 0; i < 23; i++ {
		var b strings.Builder
		b.WriteString("<html><body><nav><a href=/>Home</a> <a href=/news>News</a></nav><div class=story>")
		for p := 0; p < 3+rng.IntN(4); p++ {
			b.WriteString("<p>")
			for w := 0; w < 8+rng.IntN(20); w++ {
				b.WriteString(words[rng.IntN(len(words))] + " ")
			}
			b.WriteString("</p>")
		}
		b.WriteString("</div><footer>© Example News</footer></body></html>")
		pages = append(pages, Input{Key: fmt.Sprint(i), Body: []byte(b.String())})
	}
	batch := NewClusterState()
	MineCluster("c", batch, pages, Options{})
	for trial := 0; trial < 5; trial++ {
		chunked := NewClusterState()
		for start := 0; start < len(pages); {
			end := min(len(pages), start+1+rng.IntN(7))
			raw, _ := chunked.MarshalBinary() // through the store's encoding, as MineStore does
			chunked = &ClusterState{}
			if err := chunked.UnmarshalBinary(raw); err != nil {
				t.Fatal(err)
			}
			MineCluster("c", chunked, pages[start:end], Options{})
			start = end
		}
		if chunked.Template.Pages != batch.Template.Pages || !maps.Equal(chunked.Template.DF, batch.Template.DF) {
			t.Fatalf("trial %d: template statistics differ: %d vs %d pages", trial, chunked.Template.Pages, batch.Template.Pages)
		}
		if chunked.Terms.Pages != batch.Terms.Pages || len(chunked.Terms.Terms) != len(batch.Terms.Terms) {
			t.Fatalf("trial %d: term statistics differ", trial)
		}
		for term := range batch.Terms.Terms {
			if d := math.Abs(chunked.Terms.EN(term) - batch.Terms.EN(term)); d > 1e-9 {
				t.Fatalf("trial %d: EN(%s) differs by %g", trial, term, d)
			}
		}
	}
}
