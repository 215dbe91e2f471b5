package mine

import (
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
