package tools

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// bucketCoreNumbers is Batagelj and Zaversnik's bucket algorithm, the
// reference coreNumbers is checked against (it was coreNumbers before the
// level peeling; both are checked against nx.core_number on small graphs in
// TestAdvancedKCoreOracle).
func bucketCoreNumbers(g *graph.Graph) []int32 {
	n := g.N()
	deg := make([]int32, n)
	maxDeg := int32(0)
	for v := int32(0); v < int32(n); v++ {
		deg[v] = int32(g.Degree(v))
		maxDeg = max(maxDeg, deg[v])
	}
	bin := make([]int32, maxDeg+2)
	for _, d := range deg {
		bin[d+1]++
	}
	for d := int32(1); d <= maxDeg+1; d++ {
		bin[d] += bin[d-1]
	}
	vert, pos := make([]int32, n), make([]int32, n)
	fill := slices.Clone(bin[:maxDeg+1])
	for v := int32(0); v < int32(n); v++ {
		pos[v] = fill[deg[v]]
		vert[pos[v]] = v
		fill[deg[v]]++
	}
	for i := 0; i < n; i++ {
		v := vert[i]
		for _, nbrs := range bothWays(g, v) {
			for _, u := range nbrs {
				if deg[u] <= deg[v] {
					continue
				}
				du := deg[u]
				pu, pw := pos[u], bin[du]
				if w := vert[pw]; u != w {
					vert[pu], vert[pw] = w, u
					pos[u], pos[w] = pw, pu
				}
				bin[du]++
				deg[u]--
			}
		}
	}
	return deg
}

// TestCoreNumbersMatchesBucket compares the level peeling with the bucket
// algorithm on random graphs of up to a few thousand nodes, undirected and
// directed (opposite edges counting twice), with hubs, cliques, isolated
// nodes and paths, where core numbers reach into the dozens.
func TestCoreNumbersMatchesBucket(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 1))
	for trial := range 60 {
		directed := trial%2 == 1
		b := graph.NewBuilder(directed)
		n := 1 + r.IntN(3000)
		for v := range n {
			if _, err := b.AddNode(strconv.Itoa(v)); err != nil {
				t.Fatal(err)
			}
		}
		add := func(u, v int) {
			if u != v {
				if _, err := b.AddEdge(strconv.Itoa(u), strconv.Itoa(v)); err != nil {
					t.Fatal(err)
				}
			}
		}
		for range r.IntN(8 * n) {
			add(r.IntN(n), r.IntN(n))
		}
		for range r.IntN(4) { // a hub
			h := r.IntN(n)
			for range r.IntN(n) {
				add(h, r.IntN(n))
			}
		}
		if n > 40 { // a clique and a path
			c := r.IntN(40)
			for u := range c {
				for v := range u {
					add(u, v)
				}
			}
			for v := c; v+1 < n && v < c+50; v++ {
				add(v, v+1)
			}
		}
		g := b.Build()
		got, err := coreNumbers(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if want := bucketCoreNumbers(g); !slices.Equal(got, want) {
			for v := range want {
				if got[v] != want[v] {
					t.Fatalf("trial %d (%v): core number of node %d is %d, the bucket algorithm's %d", trial, g, v, got[v], want[v])
				}
			}
		}
	}
}
