package graph

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// refCSR is the one-pass stable counting sort csrEntries must agree with:
// offsets, neighbours and edge indices.
func refCSR(n int, from, to []int32, both bool) (off, adj, eidx []int32) {
	off = make([]int32, n+1)
	for e := range from {
		off[from[e]+1]++
		if both && from[e] != to[e] {
			off[to[e]+1]++
		}
	}
	for i := 0; i < n; i++ {
		off[i+1] += off[i]
	}
	adj = make([]int32, off[n])
	eidx = make([]int32, off[n])
	pos := slices.Clone(off[:n])
	for e := range from {
		u, v := from[e], to[e]
		adj[pos[u]], eidx[pos[u]] = v, int32(e)
		pos[u]++
		if both && u != v {
			adj[pos[v]], eidx[pos[v]] = u, int32(e)
			pos[v]++
		}
	}
	return off, adj, eidx
}

// randomLines returns m random lines over n nodes: a few hub nodes, many
// repeats (both orientations), self-loops, and some nodes without edges.
func randomLines(r *rand.Rand, n, m int) (src, dst []int32) {
	hubs := 1 + r.IntN(3)
	for range m {
		pick := func() int32 {
			if r.IntN(4) == 0 {
				return int32(r.IntN(min(hubs, n)))
			}
			return int32(r.IntN(n))
		}
		u, v := pick(), pick()
		if len(src) > 0 && r.IntN(5) == 0 { // repeat an earlier line, maybe reversed
			k := r.IntN(len(src))
			u, v = src[k], dst[k]
			if r.IntN(2) == 0 {
				u, v = v, u
			}
		}
		src, dst = append(src, u), append(dst, v)
	}
	return src, dst
}

func TestCSREntriesTwoPassMatchesScatter(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 26))
	for trial := range 300 {
		n := 1 + r.IntN(300)
		if trial%5 == 4 {
			n = 1<<16 + r.IntN(1<<12) // node indices take 17 bits
		}
		m := r.IntN(2000)
		src, dst := randomLines(r, n, m)
		both := trial%2 == 0
		wantOff, wantAdj, wantEidx := refCSR(n, src, dst, both)
		off := csrOffsets(n, src, dst, both)
		if !slices.Equal(off, wantOff) {
			t.Fatalf("trial %d: offsets differ", trial)
		}
		sz := csrSizes{directMax: r.IntN(50), bucketEntries: 1 + r.IntN(200), bucketNodes: 1 + r.IntN(70), packedBuckets: []int{r.IntN(40), 1 << 12}[r.IntN(2)]}
		if adj := csrEntriesSized(off, src, dst, both, fillNeighbours, sz); !slices.Equal(adj, wantAdj) {
			t.Fatalf("trial %d (n %d, m %d, %+v): neighbours differ", trial, n, m, sz)
		}
		if eidx := csrEntriesSized(off, src, dst, both, fillEdges, sz); !slices.Equal(eidx, wantEidx) {
			t.Fatalf("trial %d (n %d, m %d, %+v): edge indices differ", trial, n, m, sz)
		}
	}
}

// refDedup is NetworkX's reading of raw lines: the first line of an edge
// keeps its place and orientation, the last weight given wins, 1 when none.
func refDedup(src, dst []int32, w []float64, directed bool) (s, d []int32, ws []float64) {
	seen := map[[2]int32]int{}
	for k := range src {
		key := [2]int32{src[k], dst[k]}
		if !directed && key[0] > key[1] {
			key[0], key[1] = key[1], key[0]
		}
		e, ok := seen[key]
		if !ok {
			e = len(s)
			seen[key] = e
			s, d = append(s, src[k]), append(d, dst[k])
			if w != nil {
				ws = append(ws, 1)
			}
		}
		if w != nil && !math.IsNaN(w[k]) {
			ws[e] = w[k]
		}
	}
	return s, d, ws
}

func TestDedupEdgesMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 26))
	for trial := range 400 {
		n := 1 + r.IntN(200)
		m := r.IntN(1500)
		src, dst := randomLines(r, n, m)
		directed := trial%2 == 1
		var w []float64
		if trial%3 != 0 {
			w = make([]float64, m)
			for k := range w {
				w[k] = float64(r.IntN(9))
				if r.IntN(3) == 0 {
					w[k] = math.NaN()
				}
			}
		}
		ws, wd, ww := refDedup(src, dst, w, directed)
		gs, gd, gw, out := dedupEdges(n, slices.Clone(src), slices.Clone(dst), slices.Clone(w), directed)
		if !slices.Equal(gs, ws) || !slices.Equal(gd, wd) || !slices.Equal(gw, ww) {
			t.Fatalf("trial %d (n %d, m %d, directed %v): edges or weights differ", trial, n, m, directed)
		}
		wantOff, wantAdj, _ := refCSR(n, ws, wd, !directed)
		if !slices.Equal(out.off, wantOff) || !slices.Equal(out.adj, wantAdj) {
			t.Fatalf("trial %d: adjacency differs", trial)
		}
	}
}

// TestDerivedAdjacency checks the arrays a graph derives on first use (edge
// indices, the in adjacency) against a counting sort of its edges, for
// graphs read in bulk and built edge by edge, read from many goroutines at
// once.
func TestDerivedAdjacency(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 26))
	for trial := range 60 {
		n := 1 + r.IntN(100)
		src, dst := randomLines(r, n, r.IntN(600))
		directed := trial%2 == 1
		var sb strings.Builder
		for k := range src {
			fmt.Fprintf(&sb, "%d %d\n", src[k], dst[k])
		}
		read, err := ReadEdgeList(strings.NewReader(sb.String()), ReadOptions{Directed: directed})
		if err != nil {
			t.Fatal(err)
		}
		b := NewBuilder(directed)
		for k := range src {
			if _, err := b.AddEdge(strconv.Itoa(int(src[k])), strconv.Itoa(int(dst[k]))); err != nil {
				t.Fatal(err)
			}
		}
		for _, g := range []*Graph{read, b.Build()} {
			es, ed := make([]int32, g.M()), make([]int32, g.M())
			for e := range es {
				es[e], ed[e] = g.Edge(int32(e))
			}
			outOff, outAdj, outEidx := refCSR(g.N(), es, ed, !directed)
			inOff, inAdj, inEidx := outOff, outAdj, outEidx
			if directed {
				inOff, inAdj, inEidx = refCSR(g.N(), ed, es, false)
			}
			var wg sync.WaitGroup
			errs := make(chan string, 4*g.N()+4)
			for range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range int32(g.N()) {
						switch {
						case !slices.Equal(g.Out(i), outAdj[outOff[i]:outOff[i+1]]):
							errs <- fmt.Sprintf("Out(%d)", i)
						case !slices.Equal(g.OutEdges(i), outEidx[outOff[i]:outOff[i+1]]):
							errs <- fmt.Sprintf("OutEdges(%d)", i)
						case !slices.Equal(g.In(i), inAdj[inOff[i]:inOff[i+1]]):
							errs <- fmt.Sprintf("In(%d)", i)
						case !slices.Equal(g.InEdges(i), inEidx[inOff[i]:inOff[i+1]]):
							errs <- fmt.Sprintf("InEdges(%d)", i)
						case g.InDegree(i) != int(inOff[i+1]-inOff[i]):
							errs <- fmt.Sprintf("InDegree(%d)", i)
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Fatalf("trial %d (directed %v): %s differs", trial, directed, e)
			}
			for e := range int32(g.M()) {
				u, v := g.Edge(e)
				if f, ok := g.FindEdge(u, v); !ok || f != e {
					t.Fatalf("trial %d: FindEdge(%d, %d) = %d, %v; want %d", trial, u, v, f, ok, e)
				}
			}
		}
	}
}
