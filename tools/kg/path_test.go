package kg

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"testing"
)

// TestPathsAgainstNetworkX checks the length of the connections Paths
// finds against NetworkX on random knowledge graphs (self-loops, parallel
// triples, isolated entities, several sources and targets), and that every
// path returned is a chain of real triples from a source to a target.
func TestPathsAgainstNetworkX(t *testing.T) {
	type query struct {
		src, dst []int32
		hops     int
	}
	type kgCase struct {
		g       *KG
		ids     []int32 // entity i of the oracle -> id in g
		triples [][3]int
		queries []query
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var cases []kgCase
	for range 150 {
		n := 1 + rng.IntN(25)
		b := NewBuilder("random")
		ids := make([]int32, n)
		for i := range n {
			ids[i] = b.Entity("n" + strconv.Itoa(i))
		}
		var triples [][3]int
		for range rng.IntN(2 * n) {
			h, r, tl := rng.IntN(n), rng.IntN(3), rng.IntN(n)
			triples = append(triples, [3]int{h, r, tl})
			b.Add("n"+strconv.Itoa(h), "r"+strconv.Itoa(r), "n"+strconv.Itoa(tl))
		}
		g, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		c := kgCase{g: g, ids: ids, triples: triples}
		for range 10 {
			q := query{hops: 1 + rng.IntN(5)}
			for range 1 + rng.IntN(2) {
				q.src = append(q.src, int32(rng.IntN(n)))
			}
			for range 1 + rng.IntN(2) {
				q.dst = append(q.dst, int32(rng.IntN(n)))
			}
			c.queries = append(c.queries, q)
		}
		cases = append(cases, c)
	}
	// The oracle's entity i is "n<i>", which the builder numbered i.
	var in struct {
		Cases []map[string]any `json:"cases"`
	}
	for _, c := range cases {
		var qs [][]any
		for _, q := range c.queries {
			qs = append(qs, []any{q.src, q.dst, q.hops})
		}
		tr := c.triples
		if tr == nil {
			tr = [][3]int{}
		}
		in.Cases = append(in.Cases, map[string]any{"n": len(c.ids), "triples": tr, "queries": qs})
	}
	body, _ := json.Marshal(in)
	cmd := exec.Command("python3", "testdata/oracle_paths.py")
	cmd.Stdin = bytes.NewReader(body)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 with networkx (apt-get install python3-networkx): %v", err)
	}
	var want [][]int
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for ci, c := range cases {
		for qi, q := range c.queries {
			paths, length, err := c.g.Paths(ctx, q.src, q.dst, q.hops, 5)
			if err != nil {
				t.Fatal(err)
			}
			if length != want[ci][qi] {
				t.Fatalf("case %d query %d %v->%v hops %d: length %d, NetworkX %d (triples %v)", ci, qi, q.src, q.dst, q.hops, length, want[ci][qi], c.triples)
			}
			if length > 0 && len(paths) == 0 {
				t.Fatalf("case %d query %d: length %d but no path", ci, qi, length)
			}
			for _, p := range paths {
				checkPath(t, c.g, p, q.src, q.dst, length)
			}
		}
	}
}

func checkPath(t *testing.T, g *KG, p []Step, src, dst []int32, length int) {
	t.Helper()
	if len(p) != length {
		t.Fatalf("path %v has %d steps, want %d", p, len(p), length)
	}
	in := func(v int32, set []int32) bool {
		for _, x := range set {
			if x == v {
				return true
			}
		}
		return false
	}
	if !in(p[0].From(), src) || !in(p[len(p)-1].To(), dst) {
		t.Fatalf("path %v does not lead from %v to %v", p, src, dst)
	}
	for i, s := range p {
		if len(g.Match(nil, Pattern{H: s.H, T: s.T, Rels: []int32{s.R}}, 1)) != 1 {
			t.Fatalf("path step %v is not a triple", s)
		}
		if i > 0 && p[i-1].To() != s.From() {
			t.Fatalf("path %v is broken at step %d", p, i)
		}
	}
}

func TestPathsShipped(t *testing.T) {
	g := shipped(t, "drugmechdb")
	met, dia := g.Exact("metformin"), g.Exact("diabetes mellitus type 2")
	paths, length, err := g.Paths(context.Background(), met, dia, 4, 10)
	if err != nil || length < 1 || len(paths) == 0 {
		t.Fatalf("metformin -> T2D: %d paths of length %d, %v", len(paths), length, err)
	}
	for _, p := range paths {
		checkPath(t, g, p, met, dia, length)
	}
}
