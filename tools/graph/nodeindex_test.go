package graph

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestNodeIndex exercises both halves of the node index: canonical integers
// (dense table) and everything else (hash), including an integer that went to
// the hash before the dense table grew over its value.
func TestNodeIndex(t *testing.T) {
	b := NewBuilder(false)
	ids := []string{"5000", "a", "007", "-1", "2147483648", "99999999999", "", " ", "0", "1e3", "é"}
	for i := 0; i < 3000; i++ {
		ids = append(ids, strconv.Itoa(i))
	}
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 3000; i++ {
		ids = append(ids, "n"+strconv.Itoa(r.IntN(1_000_000)))
	}
	want := map[string]int32{}
	for _, id := range ids {
		i, err := b.AddNode(id)
		if err != nil {
			t.Fatal(err)
		}
		if j, seen := want[id]; seen && j != i {
			t.Fatalf("%q: index %d, first %d", id, i, j)
		} else if !seen {
			if int(i) != len(want) {
				t.Fatalf("%q: new index %d, want %d", id, i, len(want))
			}
			want[id] = i
		}
		if j, err := b.addNodeBytes([]byte(id)); err != nil || j != want[id] {
			t.Fatalf("addNodeBytes(%q) = %d, %v", id, j, err)
		}
	}
	g := b.Build()
	if g.N() != len(want) {
		t.Fatalf("N=%d want %d", g.N(), len(want))
	}
	for id, i := range want {
		if j, ok := g.Index(id); !ok || j != i {
			t.Fatalf("Index(%q) = %d, %v; want %d", id, j, ok, i)
		}
	}
	for _, id := range []string{"3000", "5001", "08", "+1", "n-1", "A", "00", "4294967296"} {
		if _, ok := g.Index(id); ok {
			t.Fatalf("Index(%q) found a node that was never added", id)
		}
		if _, err := g.MustIndex(id); err == nil {
			t.Fatalf("MustIndex(%q) succeeded", id)
		}
	}
}

func TestIDArena(t *testing.T) {
	var a idArena
	buf := []byte("abc")
	s1 := a.str(buf)
	buf[0] = 'x' // the arena copy must not change
	long := make([]byte, idArenaChunk)
	s2 := a.str(long)
	var strs []string
	for i := 0; i < 20000; i++ {
		strs = append(strs, a.str([]byte(strconv.Itoa(i))))
	}
	big := strings.Repeat("x", 100) + "node7"
	if s3 := a.strString(big[100:]); s3 != "node7" || unsafe.StringData(s3) == unsafe.StringData(big[100:]) {
		t.Fatalf("strString did not copy: %q", s3)
	}
	if s1 != "abc" || len(s2) != idArenaChunk {
		t.Fatalf("arena strings changed: %q %d", s1, len(s2))
	}
	for i, s := range strs {
		if s != strconv.Itoa(i) {
			t.Fatalf("string %d = %q", i, s)
		}
	}
}
