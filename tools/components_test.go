package tools

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestWeakComponentsMatchSearch checks weakComponents's labels against a
// breadth-first search ignoring directions, on random graphs with isolated
// nodes, self-loops, repeats and chains (long parent paths).
func TestWeakComponentsMatchSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 3))
	for trial := range 300 {
		n := 1 + r.IntN(200)
		b := graph.NewBuilder(trial%2 == 0)
		for range n {
			if _, err := b.AddNode(strconv.Itoa(r.IntN(3 * n))); err != nil {
				t.Fatal(err)
			}
		}
		n = b.NumNodes()
		for range r.IntN(2 * n) {
			u, v := int32(r.IntN(n)), int32(r.IntN(n))
			if r.IntN(3) == 0 && n > 1 { // chains in both orders
				u = int32(r.IntN(n - 1))
				v = u + 1
				if r.IntN(2) == 0 {
					u, v = v, u
				}
			}
			if _, err := b.AddEdgeIdx(u, v); err != nil {
				t.Fatal(err)
			}
		}
		g := b.Build()
		want := make([]int32, n)
		for i := range want {
			want[i] = -1
		}
		k := int32(0)
		for s := range int32(n) {
			if want[s] >= 0 {
				continue
			}
			want[s] = k
			queue := []int32{s}
			for len(queue) > 0 {
				v := queue[0]
				queue = queue[1:]
				for _, u := range slices.Concat(g.Out(v), g.In(v)) {
					if want[u] < 0 {
						want[u] = k
						queue = append(queue, u)
					}
				}
			}
			k++
		}
		got, count, err := weakComponents(context.Background(), g)
		if err != nil || count != int(k) || !slices.Equal(got, want) {
			t.Fatalf("trial %d: %d components %v, want %d %v (%v)", trial, count, got, k, want, err)
		}
	}
}
