package learned

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// communityMethod describes the community model.
const communityMethod = "spectral embedding (top eigenvectors of the normalised adjacency, rows scaled to unit length) + k-means++ (seeded restarts)"

// communityRestarts is how many seeded k-means++ runs are made; the one
// with the least inertia is kept.
const communityRestarts = 30

// groundTruth names each community dataset's known groups: the column of
// nodes.tsv and what it is.
var groundTruth = map[string]struct{ column, what string }{
	"karate":        {"club", "factions"},
	"football":      {"conference", "conferences"},
	"email_eu_core": {"department", "departments"},
}

// communityModel is a trained clustering.
type communityModel struct {
	IDs []string
	// Community is each node's community (0…K-1); K their number.
	Community []int
	K         int
	// Truth is each node's known group, Groups their names.
	Truth  []int
	Groups []string
}

// communityData is a graph with known groups.
type communityData struct {
	ids    *interner
	truth  []int
	groups []string
	// adj is the symmetric weighted adjacency without self-loops.
	adj []map[int]float64
}

func readCommunityData(d *data) (*communityData, error) {
	gt, ok := groundTruth[d.ds.Name]
	if !ok {
		return nil, fmt.Errorf("%s has no known groups: %w", d.ds.Name, ErrDataset)
	}
	cd := &communityData{ids: newInterner()}
	groupIdx := map[string]int{}
	col := -1
	err := d.readTSV("nodes.tsv", []string{"node_id"}, func(line int, f []string) error {
		if col < 0 {
			return fmt.Errorf("no %s column: %w", gt.column, ErrDataset)
		}
		if col >= len(f) {
			return fmt.Errorf("no %s field: %w", gt.column, ErrDataset)
		}
		if _, dup := cd.ids.lookup(f[0]); dup {
			return fmt.Errorf("node %q listed twice: %w", f[0], ErrDataset)
		}
		cd.ids.id(f[0])
		g, ok := groupIdx[f[col]]
		if !ok {
			g = len(cd.groups)
			groupIdx[f[col]] = g
			cd.groups = append(cd.groups, f[col])
		}
		cd.truth = append(cd.truth, g)
		return nil
	}, func(header []string) { col = slices.Index(header, gt.column) })
	if err != nil {
		return nil, err
	}
	cd.adj = make([]map[int]float64, len(cd.truth))
	for i := range cd.adj {
		cd.adj[i] = map[int]float64{}
	}
	err = d.readTSV("edges.tsv", []string{"source", "target"}, func(line int, f []string) error {
		u, ok1 := cd.ids.lookup(f[0])
		v, ok2 := cd.ids.lookup(f[1])
		if !ok1 || !ok2 {
			return fmt.Errorf("edge %s-%s names a node not in nodes.tsv: %w", f[0], f[1], ErrDataset)
		}
		w := 1.0
		if len(f) > 2 && f[2] != "" {
			var err error
			if w, err = strconv.ParseFloat(f[2], 64); err != nil || !(w > 0) || math.IsInf(w, 0) {
				return fmt.Errorf("weight %q: %w", f[2], ErrDataset)
			}
		}
		if u == v {
			return nil
		}
		// A pair linked both ways (e-mails each way) counts once, with the
		// larger weight.
		cd.adj[u][v] = max(cd.adj[u][v], w)
		cd.adj[v][u] = max(cd.adj[v][u], w)
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	return cd, nil
}

// spectralEmbedding returns the n×k embedding: the eigenvectors of the k
// largest eigenvalues of D^-1/2 A D^-1/2, each row scaled to unit length
// (Ng, Jordan and Weiss). Isolated nodes get a zero row.
func spectralEmbedding(adj []map[int]float64, k int) ([]float64, error) {
	n := len(adj)
	deg := make([]float64, n)
	for i, nb := range adj {
		for _, w := range nb {
			deg[i] += w
		}
	}
	m := mat.NewSymDense(n, nil)
	for i, nb := range adj {
		for j, w := range nb {
			if deg[i] > 0 && deg[j] > 0 {
				m.SetSym(i, j, w/math.Sqrt(deg[i]*deg[j]))
			}
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(m, true) {
		return nil, fmt.Errorf("spectral embedding: the eigendecomposition did not converge")
	}
	var vec mat.Dense
	eig.VectorsTo(&vec)
	// Eigenvalues come in ascending order: the last k are the largest.
	emb := make([]float64, n*k)
	for i := range n {
		norm := 0.0
		for c := range k {
			v := vec.At(i, n-1-c)
			emb[i*k+c] = v
			norm += v * v
		}
		if norm > 0 && deg[i] > 0 {
			norm = math.Sqrt(norm)
			for c := range k {
				emb[i*k+c] /= norm
			}
		} else {
			clear(emb[i*k : (i+1)*k])
		}
	}
	return emb, nil
}

// kmeans clusters the n rows of x (dimension d) into k clusters with
// k-means++ seeding and Lloyd's iterations, restarts times, and keeps the
// clustering with the least inertia. It is deterministic for a seed.
func kmeans(x []float64, d, k, restarts int, seed uint64) []int {
	n := len(x) / d
	rng := rand.New(rand.NewPCG(seed, 0x6b6d65616e73))
	dist := func(i int, c []float64) float64 {
		s := 0.0
		for j := range d {
			t := x[i*d+j] - c[j]
			s += t * t
		}
		return s
	}
	var best []int
	bestInertia := math.Inf(1)
	for range restarts {
		cent := make([]float64, k*d)
		// k-means++: the first centre at random, each next one with
		// probability proportional to the squared distance.
		first := rng.IntN(n)
		copy(cent[:d], x[first*d:(first+1)*d])
		d2 := make([]float64, n)
		for c := 1; c < k; c++ {
			total := 0.0
			for i := range n {
				d2[i] = math.Inf(1)
				for cc := range c {
					d2[i] = min(d2[i], dist(i, cent[cc*d:(cc+1)*d]))
				}
				total += d2[i]
			}
			r, pick := rng.Float64()*total, n-1
			for i := range n {
				if r -= d2[i]; r < 0 {
					pick = i
					break
				}
			}
			copy(cent[c*d:(c+1)*d], x[pick*d:(pick+1)*d])
		}
		assign := make([]int, n)
		inertia := 0.0
		for iter := 0; iter < 100; iter++ {
			changed := false
			inertia = 0
			for i := range n {
				bc, bd := 0, math.Inf(1)
				for c := range k {
					if dd := dist(i, cent[c*d:(c+1)*d]); dd < bd {
						bc, bd = c, dd
					}
				}
				if assign[i] != bc || iter == 0 {
					changed = changed || assign[i] != bc
					assign[i] = bc
				}
				inertia += bd
			}
			if !changed && iter > 0 {
				break
			}
			counts := make([]int, k)
			clear(cent)
			for i, c := range assign {
				counts[c]++
				for j := range d {
					cent[c*d+j] += x[i*d+j]
				}
			}
			for c := range k {
				if counts[c] == 0 {
					// An empty cluster takes the point farthest from its centre.
					far, fd := 0, -1.0
					for i := range n {
						if dd := dist(i, cent[assign[i]*d:(assign[i]+1)*d]); dd > fd {
							far, fd = i, dd
						}
					}
					copy(cent[c*d:(c+1)*d], x[far*d:(far+1)*d])
					continue
				}
				for j := range d {
					cent[c*d+j] /= float64(counts[c])
				}
			}
		}
		if inertia < bestInertia {
			best, bestInertia = slices.Clone(assign), inertia
		}
	}
	return best
}

// adjustedRandIndex is the ARI of two labellings of the same items: 1 for
// identical partitions, about 0 for independent ones.
func adjustedRandIndex(a, b []int) float64 {
	type pair struct{ x, y int }
	ca, cb, cab := map[int]float64{}, map[int]float64{}, map[pair]float64{}
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
		cab[pair{a[i], b[i]}]++
	}
	c2 := func(x float64) float64 { return x * (x - 1) / 2 }
	sumAB, sumA, sumB := 0.0, 0.0, 0.0
	for _, v := range cab {
		sumAB += c2(v)
	}
	for _, v := range ca {
		sumA += c2(v)
	}
	for _, v := range cb {
		sumB += c2(v)
	}
	expected := sumA * sumB / c2(float64(len(a)))
	maxIndex := (sumA + sumB) / 2
	if maxIndex == expected {
		return 1
	}
	return (sumAB - expected) / (maxIndex - expected)
}

// trainCommunities clusters the graph into as many communities as it has
// known groups and scores the clustering, and Louvain's (the catalogue's
// louvain_communities, seed 0) for comparison, against the groups.
func trainCommunities(ctx context.Context, d *data, cfg Config, prog Progress) (*trained, error) {
	cd, err := readCommunityData(d)
	if err != nil {
		return nil, err
	}
	k := len(cd.groups)
	restarts := communityRestarts
	if cfg.Small {
		restarts = 3
	}
	prog("eigenvectors", 0, 3)
	emb, err := spectralEmbedding(cd.adj, k)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	prog("k-means", 1, 3)
	comm := kmeans(emb, k, k, restarts, cfg.Seed)
	nmi, err := tools.NormalizedMutualInfo(comm, cd.truth)
	if err != nil {
		return nil, err
	}
	prog("Louvain for comparison", 2, 3)
	lv, err := louvainLabels(ctx, d, cd)
	if err != nil {
		return nil, err
	}
	lvNMI, err := tools.NormalizedMutualInfo(lv, cd.truth)
	if err != nil {
		return nil, err
	}
	prog("done", 3, 3)
	gt := groundTruth[d.ds.Name]
	return &trained{
		model: &communityModel{IDs: cd.ids.names, Community: comm, K: k, Truth: cd.truth, Groups: cd.groups},
		scores: []Score{
			{Metric: "NMI", Value: nmi, Runs: 1},
			{Metric: "ARI", Value: adjustedRandIndex(comm, cd.truth), Runs: 1},
			{Metric: "NMI (Louvain, seed 0)", Value: lvNMI, Runs: 1, Baseline: true},
			{Metric: "ARI (Louvain, seed 0)", Value: adjustedRandIndex(lv, cd.truth), Runs: 1, Baseline: true},
		},
		split: fmt.Sprintf("unsupervised: the whole graph is clustered, the %d known %s are used only to score it and to set k", k, gt.what),
		details: fmt.Sprintf("k = %d (the number of %s); edges undirected, self-loops dropped, weights used when the file has them; k-means++ with %d restarts from seed %d",
			k, gt.what, restarts, cfg.Seed),
	}, nil
}

// louvainLabels runs the catalogue's louvain_communities (seed 0) on the
// same undirected graph and returns each node's community.
func louvainLabels(ctx context.Context, d *data, cd *communityData) ([]int, error) {
	r, path, err := d.open("edges.tsv")
	if err != nil {
		return nil, err
	}
	defer r.Close()
	g, err := graph.ReadEdgeList(r, graph.ReadOptions{Name: path})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t, err := tools.Catalogue().Get("louvain_communities")
	if err != nil {
		return nil, err
	}
	res, err := t.Run(ctx, g, json.RawMessage(`{"seed": 0}`))
	if err != nil {
		return nil, err
	}
	c, ok := res.Value.(tools.Communities)
	if !ok {
		return nil, fmt.Errorf("louvain_communities gave %T", res.Value)
	}
	labels := make([]int, len(cd.truth))
	for i := range labels {
		labels[i] = -1 - i // a node Louvain did not see is alone
	}
	for ci, members := range c.Communities {
		for _, id := range members {
			if i, ok := cd.ids.lookup(id); ok {
				labels[i] = ci
			}
		}
	}
	return labels, nil
}
