package learned

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/floats"
)

// kgMethod describes the knowledge-graph model.
const kgMethod = "ComplEx embeddings (Trouillon et al., 2016) with reciprocal relations, trained with a sampled softmax over uniform negative entities by row-wise Adagrad; filtered ranking"

// kgData is a knowledge graph with its splits.
type kgData struct {
	entities, relations *interner
	names               []string // entity names
	alt                 []string // other entity IDs: WordNet synset names, Freebase MIDs
	relText             []string // relation names in words
	train, valid, test  []triple
}

// triple is (head, relation, tail) by index.
type triple struct{ h, r, t int32 }

func readKG(d *data) (*kgData, error) {
	kd := &kgData{entities: newInterner(), relations: newInterner()}
	names, alts := map[string]string{}, map[string]string{}
	// wn18rr: entity_id, name, synset; fb15k237: entity_id, mid, name.
	nameCol, altCol := 1, 2
	if d.ds.Name == "fb15k237" {
		nameCol, altCol = 2, 1
	}
	err := d.readTSV("entities.tsv", []string{"entity_id"}, func(line int, f []string) error {
		if len(f) <= nameCol {
			return fmt.Errorf("no name column: %w", ErrDataset)
		}
		kd.entities.id(f[0])
		names[f[0]] = f[nameCol]
		alts[f[0]] = f[altCol]
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	rels := map[string]string{}
	relCol := "relation"
	if d.ds.Name == "fb15k237" {
		relCol = "relation_id"
	}
	err = d.readTSV("relations.tsv", []string{relCol}, func(line int, f []string) error {
		kd.relations.id(f[0])
		rels[f[0]] = f[len(f)-1]
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	read := func(file string) ([]triple, error) {
		var out []triple
		err := d.readTSV(file, []string{"head", "relation", "tail"}, func(line int, f []string) error {
			h, ok1 := kd.entities.lookup(f[0])
			r, ok2 := kd.relations.lookup(f[1])
			t, ok3 := kd.entities.lookup(f[2])
			if !ok1 || !ok2 || !ok3 {
				return fmt.Errorf("triple %s %s %s names an entity or relation not in entities.tsv / relations.tsv: %w", f[0], f[1], f[2], ErrDataset)
			}
			out = append(out, triple{int32(h), int32(r), int32(t)})
			return nil
		}, nil)
		return out, err
	}
	if kd.train, err = read("train.tsv"); err != nil {
		return nil, err
	}
	if kd.valid, err = read("valid.tsv"); err != nil {
		return nil, err
	}
	if kd.test, err = read("test.tsv"); err != nil {
		return nil, err
	}
	kd.names = make([]string, len(kd.entities.names))
	kd.alt = make([]string, len(kd.entities.names))
	for i, id := range kd.entities.names {
		kd.names[i], kd.alt[i] = names[id], alts[id]
	}
	kd.relText = make([]string, len(kd.relations.names))
	for i, id := range kd.relations.names {
		kd.relText[i] = rels[id]
	}
	return kd, nil
}

// kgModel is a trained ComplEx model. Relation r's reciprocal (tail to
// head) is relation r+Relations.
type kgModel struct {
	EntityIDs, EntityNames []string
	// EntityAlt are other IDs of the entities (WordNet synset names such
	// as land_reform.n.01, Freebase MIDs such as /m/0gs9p).
	EntityAlt            []string
	RelationIDs, RelText []string
	Dim                  int       // real numbers per embedding: Dim/2 complex components
	E                    []float64 // entities × Dim: real parts then imaginary parts
	R                    []float64 // 2·relations × Dim
	// Known holds the training triples (for marking answers already in
	// the graph), as sorted tripleKeys.
	Known []uint64
}

// tripleKey packs a triple into one sortable number (entities and
// relations are below 2^20).
func tripleKey(h, r, t int) uint64 { return uint64(h)<<40 | uint64(r)<<20 | uint64(t) }

// known reports whether (h, r, t) is a training triple.
func (m *kgModel) known(h, r, t int) bool {
	_, ok := slices.BinarySearch(m.Known, tripleKey(h, r, t))
	return ok
}

func (m *kgModel) ent(i int) []float64 { return m.E[i*m.Dim : (i+1)*m.Dim] }
func (m *kgModel) rel(r int) []float64 { return m.R[r*m.Dim : (r+1)*m.Dim] }

// query writes into q the vector whose dot product with an entity's
// embedding is ComplEx's score of (h, r, entity): Re(⟨h, r, conj(t)⟩).
func (m *kgModel) query(h, r int, q []float64) {
	k := m.Dim / 2
	he, re := m.ent(h), m.rel(r)
	for c := range k {
		hr, hi := he[c], he[k+c]
		rr, ri := re[c], re[k+c]
		q[c] = hr*rr - hi*ri
		q[k+c] = hr*ri + hi*rr
	}
}

// scoreAll writes the score of (h, r, e) for every entity e into out.
func (m *kgModel) scoreAll(h, r int, q, out []float64) {
	m.query(h, r, q)
	for e := range out {
		out[e] = floats.Dot(q, m.ent(e))
	}
}

// kgConfig sets the training.
type kgConfig struct {
	dim, epochs, negatives int
	lr, l2, initScale      float64
	seed                   uint64
}

// trainKGModel trains ComplEx on the training triples and their
// reciprocals: for each query (h, r, ?) the true tail competes with
// `negatives` uniformly drawn entities under a softmax, minimised by
// Adagrad with an L2 penalty on the embeddings used.
func trainKGModel(ctx context.Context, kd *kgData, c kgConfig, prog func(epoch int)) (*kgModel, error) {
	ne, nr := len(kd.entities.names), len(kd.relations.names)
	if ne >= 1<<20 || 2*nr >= 1<<20 {
		return nil, fmt.Errorf("%d entities and %d relations: over the 2^20 the model packs: %w", ne, nr, ErrDataset)
	}
	m := &kgModel{EntityIDs: kd.entities.names, EntityNames: kd.names, EntityAlt: kd.alt, RelationIDs: kd.relations.names, RelText: kd.relText,
		Dim: c.dim, E: make([]float64, ne*c.dim), R: make([]float64, 2*nr*c.dim)}
	rng := rand.New(rand.NewPCG(c.seed, 0x6b67))
	for i := range m.E {
		m.E[i] = rng.NormFloat64() * c.initScale
	}
	for i := range m.R {
		m.R[i] = rng.NormFloat64() * c.initScale
	}
	for _, t := range kd.train {
		m.Known = append(m.Known, tripleKey(int(t.h), int(t.r), int(t.t)))
	}
	slices.Sort(m.Known)
	// Row-wise Adagrad (as PyTorch-BigGraph): one accumulator per
	// embedding, the mean squared gradient, so one square root per update.
	gE := make([]float64, ne)
	gR := make([]float64, 2*nr)
	queries := make([]triple, 0, 2*len(kd.train))
	for _, t := range kd.train {
		queries = append(queries, t, triple{t.t, t.r + int32(nr), t.h})
	}
	d, k := c.dim, c.dim/2
	q := make([]float64, d)
	gq := make([]float64, d)
	cand := make([]int, c.negatives+1)
	logits := make([]float64, c.negatives+1)
	gEnt := make([]float64, d)
	gh := make([]float64, d)
	gr := make([]float64, d)
	update := func(w []float64, acc *float64, g []float64) {
		*acc += floats.Dot(g, g) / float64(len(g))
		floats.AddScaled(w, -c.lr/(math.Sqrt(*acc)+1e-10), g)
	}
	for epoch := range c.epochs {
		prog(epoch)
		rng.Shuffle(len(queries), func(a, b int) { queries[a], queries[b] = queries[b], queries[a] })
		for n, qt := range queries {
			if n%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			h, r, t := int(qt.h), int(qt.r), int(qt.t)
			m.query(h, r, q)
			cand[0] = t
			for j := 1; j < len(cand); j++ {
				cand[j] = rng.IntN(ne)
			}
			mx := math.Inf(-1)
			for j, e := range cand {
				logits[j] = floats.Dot(q, m.ent(e))
				mx = max(mx, logits[j])
			}
			sum := 0.0
			for j := range logits {
				logits[j] = math.Exp(logits[j] - mx)
				sum += logits[j]
			}
			// Gradients of the cross-entropy: p_j - [j is the true tail].
			clear(gq)
			for j, e := range cand {
				g := logits[j] / sum
				if j == 0 {
					g--
				}
				if e == t && j > 0 {
					continue // a sampled negative that is the answer
				}
				if g == 0 {
					continue
				}
				floats.AddScaled(gq, g, m.ent(e))
				copy(gEnt, q)
				floats.Scale(g, gEnt)
				floats.AddScaled(gEnt, c.l2, m.ent(e))
				update(m.ent(e), &gE[e], gEnt)
			}
			// q = h∘r (complex): back to h and r.
			he, re := m.ent(h), m.rel(r)
			for cc := range k {
				gqr, gqi := gq[cc], gq[k+cc]
				hr, hi, rr, ri := he[cc], he[k+cc], re[cc], re[k+cc]
				gh[cc] = gqr*rr + gqi*ri + c.l2*hr
				gh[k+cc] = -gqr*ri + gqi*rr + c.l2*hi
				gr[cc] = gqr*hr + gqi*hi + c.l2*rr
				gr[k+cc] = -gqr*hi + gqi*hr + c.l2*ri
			}
			update(he, &gE[h], gh)
			update(re, &gR[r], gr)
		}
	}
	return m, nil
}

// kgFilter holds every known answer of each query, train, valid and test
// together, for filtered ranking.
type kgFilter map[[2]int32]map[int32]bool

func newKGFilter(nr int, sets ...[]triple) kgFilter {
	f := kgFilter{}
	add := func(h, r, t int32) {
		key := [2]int32{h, r}
		if f[key] == nil {
			f[key] = map[int32]bool{}
		}
		f[key][t] = true
	}
	for _, s := range sets {
		for _, t := range s {
			add(t.h, t.r, t.t)
			add(t.t, t.r+int32(nr), t.h)
		}
	}
	return f
}

// kgRanks returns the filtered rank of the answer of every query (the
// triples' tails and, through the reciprocal relations, their heads):
// 1 + the entities scored higher that are not other known answers (ties
// count half).
func kgRanks(ctx context.Context, m *kgModel, triples []triple, f kgFilter) ([]float64, error) {
	nr := len(m.RelationIDs)
	q := make([]float64, m.Dim)
	scores := make([]float64, len(m.EntityIDs))
	var ranks []float64
	for n, tr := range triples {
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for _, qt := range []triple{tr, {tr.t, tr.r + int32(nr), tr.h}} {
			m.scoreAll(int(qt.h), int(qt.r), q, scores)
			target := scores[qt.t]
			rank := 1.0
			for _, s := range scores {
				switch {
				case s > target:
					rank++
				case s == target:
					rank += 0.5
				}
			}
			rank -= 0.5 // the answer itself, counted as a tie
			// Other known answers do not count (the filtered setting).
			for e := range f[[2]int32{qt.h, qt.r}] {
				if e == qt.t {
					continue
				}
				switch s := scores[e]; {
				case s > target:
					rank--
				case s == target:
					rank -= 0.5
				}
			}
			ranks = append(ranks, rank)
		}
	}
	return ranks, nil
}

// rankMetrics is the MRR and Hits@1, 3, 10 of ranks.
func rankMetrics(ranks []float64) (mrr, h1, h3, h10 float64) {
	for _, r := range ranks {
		mrr += 1 / r
		if r <= 1 {
			h1++
		}
		if r <= 3 {
			h3++
		}
		if r <= 10 {
			h10++
		}
	}
	n := float64(max(len(ranks), 1))
	return mrr / n, h1 / n, h3 / n, h10 / n
}

// trainKG trains ComplEx and scores it by filtered ranking on the test
// triples, with a random embedding of the same size as the baseline.
func trainKG(ctx context.Context, d *data, cfg Config, prog Progress) (*trained, error) {
	kd, err := readKG(d)
	if err != nil {
		return nil, err
	}
	c := kgConfig{dim: 200, epochs: 10, negatives: 32, lr: 0.5, l2: 1e-4, initScale: 1e-3, seed: cfg.Seed}
	if d.ds.Name == "fb15k237" {
		c.epochs = 12 // about 15 minutes on a loaded 2-core machine
	}
	test := kd.test
	if cfg.Small {
		c.dim, c.epochs, c.negatives = 16, 1, 8
		test = test[:min(len(test), 200)]
	}
	if cfg.Epochs > 0 {
		c.epochs = cfg.Epochs
	}
	total := c.epochs + 2
	m, err := trainKGModel(ctx, kd, c, func(e int) { prog(fmt.Sprintf("epoch %d", e+1), e, total) })
	if err != nil {
		return nil, err
	}
	prog("filtered ranking of the test triples", c.epochs, total)
	f := newKGFilter(len(kd.relations.names), kd.train, kd.valid, kd.test)
	ranks, err := kgRanks(ctx, m, test, f)
	if err != nil {
		return nil, err
	}
	mrr, h1, h3, h10 := rankMetrics(ranks)
	prog("baseline", c.epochs+1, total)
	// The baseline: the same ranking by an untrained (random) model.
	base, err := trainKGModel(ctx, kd, kgConfig{dim: c.dim, initScale: 0.1, seed: cfg.Seed}, func(int) {})
	if err != nil {
		return nil, err
	}
	baseRanks, err := kgRanks(ctx, base, test, f)
	if err != nil {
		return nil, err
	}
	bm, _, _, bh10 := rankMetrics(baseRanks)
	relH1, relMRR := relationAccuracy(m, test)
	baseRelH1, _ := relationAccuracy(base, test)
	prog("done", total, total)
	nTest := fmt.Sprintf("%d test triples", len(test))
	if len(test) < len(kd.test) {
		nTest = fmt.Sprintf("the first %d of the %d test triples", len(test), len(kd.test))
	}
	return &trained{
		model: m,
		scores: []Score{
			{Metric: "filtered MRR", Value: mrr, Runs: 1},
			{Metric: "filtered Hits@1", Value: h1, Runs: 1},
			{Metric: "filtered Hits@3", Value: h3, Runs: 1},
			{Metric: "filtered Hits@10", Value: h10, Runs: 1},
			{Metric: "relation Hits@1", Value: relH1, Runs: 1},
			{Metric: "relation MRR", Value: relMRR, Runs: 1},
			{Metric: "filtered MRR (untrained random embeddings)", Value: bm, Runs: 1, Baseline: true},
			{Metric: "filtered Hits@10 (untrained random embeddings)", Value: bh10, Runs: 1, Baseline: true},
			{Metric: "relation Hits@1 (untrained random embeddings)", Value: baseRelH1, Runs: 1, Baseline: true},
		},
		split: fmt.Sprintf("the dataset's own split: %d training triples (the model sees only these), %d validation, %s scored, heads and tails both predicted, filtered by every known triple",
			len(kd.train), len(kd.valid), nTest),
		details: fmt.Sprintf("%d real dimensions (%d complex), %d epochs over the %d training triples and their reciprocals, %d uniform negatives per query, row-wise Adagrad lr %g, L2 %g, init N(0, %g²), seed %d",
			c.dim, c.dim/2, c.epochs, len(kd.train), c.negatives, c.lr, c.l2, c.initScale, cfg.Seed),
	}, nil
}

// findEntity resolves an entity named by its ID, its other ID (synset
// name, MID) or, when unambiguous, by its name (any case).
func (m *kgModel) findEntity(dataset, s string) (int, error) {
	for i, id := range m.EntityIDs {
		if id == s || (m.EntityAlt[i] != "" && m.EntityAlt[i] == s) {
			return i, nil
		}
	}
	var hits []int
	for i, n := range m.EntityNames {
		if strings.EqualFold(n, s) {
			hits = append(hits, i)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return -1, fmt.Errorf("entity %q is not in %s (neither an ID, a synset name or MID, nor a name; %d entities): %w", s, dataset, len(m.EntityIDs), ErrUnknownItem)
	}
	var ids []string
	for _, h := range hits[:min(len(hits), 5)] {
		ids = append(ids, m.EntityIDs[h])
	}
	return -1, fmt.Errorf("%q names %d entities of %s (IDs %s…); give the ID: %w", s, len(hits), dataset, strings.Join(ids, ", "), ErrUnknownItem)
}

// findRelation resolves a relation by its ID or its text (any case).
func (m *kgModel) findRelation(dataset, s string) (int, error) {
	for i := range m.RelationIDs {
		if m.RelationIDs[i] == s || strings.EqualFold(m.RelText[i], s) || strings.EqualFold(strings.TrimPrefix(m.RelationIDs[i], "_"), s) {
			return i, nil
		}
	}
	ex := m.RelationIDs[:min(len(m.RelationIDs), 4)]
	return -1, fmt.Errorf("relation %q is not in %s (%d relations, such as %s): %w", s, dataset, len(m.RelationIDs), strings.Join(ex, ", "), ErrUnknownItem)
}

// relationAccuracy ranks every relation for each triple's head and tail
// (transe:relation's task, unfiltered) and returns the share of triples
// whose relation ranks first and the mean reciprocal rank.
func relationAccuracy(m *kgModel, triples []triple) (hits1, mrr float64) {
	q := make([]float64, m.Dim)
	scores := make([]float64, len(m.RelationIDs))
	for _, tr := range triples {
		for r := range scores {
			m.query(int(tr.h), r, q)
			scores[r] = floats.Dot(q, m.ent(int(tr.t)))
		}
		rank := 1
		for r, s := range scores {
			if r != int(tr.r) && s >= scores[tr.r] {
				rank++
			}
		}
		if rank == 1 {
			hits1++
		}
		mrr += 1 / float64(rank)
	}
	n := float64(max(len(triples), 1))
	return hits1 / n, mrr / n
}
