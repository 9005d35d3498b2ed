package analog

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools/kg"
)

// LinkDataset is the name of the link-prediction dataset.
const LinkDataset = "drugmechdb"

// Link-prediction types: the task asks whether a drug acts on a protein.
const (
	SourceType = "Drug"
	TargetType = "Protein"
)

// Link answers.
const (
	Yes = "yes"
	No  = "no"
)

// LinkData is DrugMechDB as a typed graph: entities with types and names,
// the mechanism edges, and each drug's indications (the diseases the
// curated paths say it treats, as "treats" edges).
type LinkData struct {
	IDs   []string
	Index map[string]int32
	Types []string
	Names []string
	// alias maps a normalised name (kg.Normalize) to its entities.
	alias map[string][]int32
	// synonyms is the hand-written alias table (drugmechdb/aliases.tsv:
	// common drug names, gene symbols), consulted when no name matches.
	synonyms *kg.AliasTable
	// Edges are the mechanism edges and the treats edges, directed.
	Edges []Edge
}

// Edge is one directed edge of LinkData.
type Edge struct {
	From, To int32
	Relation string
}

// Pair is a link-prediction item: does Source act on Target?
type Pair struct {
	Source, Target int32
	Exists         bool
	Split          Split
}

// LoadLinks reads DrugMechDB (nodes.tsv, edges.tsv, paths.tsv, and the
// alias table aliases.tsv when present) with open.
func LoadLinks(ctx context.Context, open kg.OpenFunc) (*LinkData, error) {
	d := &LinkData{Index: map[string]int32{}, alias: map[string][]int32{}}
	addAlias := func(name string, e int32) {
		k := kg.Normalize(name)
		if k != "" && !slices.Contains(d.alias[k], e) {
			d.alias[k] = append(d.alias[k], e)
		}
	}
	err := readTSV(ctx, open, "drugmechdb/nodes.tsv", []string{"node_id", "type", "name"}, func(line int, f []string) error {
		if _, dup := d.Index[f[0]]; dup {
			return fmt.Errorf("line %d: node %q listed twice: %w", line, f[0], ErrData)
		}
		e := int32(len(d.IDs))
		d.Index[f[0]] = e
		d.IDs, d.Types, d.Names = append(d.IDs, f[0]), append(d.Types, f[1]), append(d.Names, f[2])
		addAlias(f[2], e)
		addAlias(f[0], e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	node := func(line int, id string) (int32, error) {
		e, ok := d.Index[id]
		if !ok {
			return 0, fmt.Errorf("line %d: node %q is not in nodes.tsv: %w", line, id, ErrData)
		}
		return e, nil
	}
	err = readTSV(ctx, open, "drugmechdb/edges.tsv", []string{"source", "relation", "target"}, func(line int, f []string) error {
		a, err := node(line, f[0])
		if err != nil {
			return err
		}
		b, err := node(line, f[2])
		if err != nil {
			return err
		}
		d.Edges = append(d.Edges, Edge{From: a, To: b, Relation: f[1]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	treats := map[[2]int32]bool{}
	err = readTSV(ctx, open, "drugmechdb/paths.tsv", []string{"drug", "drug_mesh", "disease", "disease_mesh"}, func(line int, f []string) error {
		drug, ok1 := d.Index[f[1]]
		dis, ok2 := d.Index[f[3]]
		if ok1 {
			addAlias(f[0], drug)
		}
		if ok2 {
			addAlias(f[2], dis)
		}
		if ok1 && ok2 && !treats[[2]int32{drug, dis}] {
			treats[[2]int32{drug, dis}] = true
			d.Edges = append(d.Edges, Edge{From: drug, To: dis, Relation: "treats"})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	name := path.Join(LinkDataset, kg.AliasFile)
	if d.synonyms, err = kg.ReadAliasesIfPresent(ctx, open, name); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrData, err)
	}
	if err := kg.CheckAliases(d.synonyms, name, func(id string) bool { _, ok := d.Index[id]; return ok }); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrData, err)
	}
	return d, nil
}

// Lookup returns the entities named name (a node ID, a name or a drug
// name of the curated paths), compared after kg.Normalize.
func (d *LinkData) Lookup(name string) []int32 { return d.alias[kg.Normalize(name)] }

// Synonyms returns the alias-table rows naming name (kg.AliasTable.Lookup)
// whose node is in the data; they are consulted only when Lookup finds no
// entity, so the data's own names win.
func (d *LinkData) Synonyms(name string) []kg.Alias {
	var out []kg.Alias
	for _, a := range d.synonyms.Lookup(name) {
		if _, ok := d.Index[a.NodeID]; ok {
			out = append(out, a)
		}
	}
	return out
}

// Label names an entity for people: "name (type)".
func (d *LinkData) Label(e int32) string { return fmt.Sprintf("%s (%s)", d.Names[e], d.Types[e]) }

// MakePairs returns the link-prediction items: every distinct drug→protein
// pair linked in DrugMechDB (true links), split by Assign with seed, and
// for each one false link of the same split, sampled among plausible
// type-matched pairs: a drug and a protein that each take part in true
// drug→protein links (each drawn in proportion to its number of them, so
// popular targets are as common among false links as among true ones),
// with no edge between them in either direction.
func MakePairs(d *LinkData, seed uint64, f Fractions) []Pair {
	linked := map[[2]int32]bool{}
	for _, e := range d.Edges {
		linked[[2]int32{e.From, e.To}] = true
		linked[[2]int32{e.To, e.From}] = true
	}
	var pos []Pair
	seen := map[[2]int32]bool{}
	for _, e := range d.Edges {
		k := [2]int32{e.From, e.To}
		if d.Types[e.From] == SourceType && d.Types[e.To] == TargetType && !seen[k] {
			seen[k] = true
			pos = append(pos, Pair{Source: e.From, Target: e.To, Exists: true})
		}
	}
	split := Assign(len(pos), seed, f)
	rng := rand.New(rand.NewPCG(seed, 0xda442d24))
	out := make([]Pair, 0, 2*len(pos))
	used := map[[2]int32]bool{}
	for i := range pos {
		pos[i].Split = split[i]
		out = append(out, pos[i])
		for tries := 0; tries < 1000; tries++ {
			s := pos[rng.IntN(len(pos))].Source
			t := pos[rng.IntN(len(pos))].Target
			k := [2]int32{s, t}
			if linked[k] || used[k] {
				continue
			}
			used[k] = true
			out = append(out, Pair{Source: s, Target: t, Split: split[i]})
			break
		}
	}
	return out
}

// linkGraph is the undirected typed graph the link reasoner walks, without
// the held-out links.
type linkGraph struct {
	adj [][]int32
	rel [][]string
	// out holds the mechanism edges forward (no treats edges), treats
	// each drug's indications.
	out    [][]int32
	treats [][]int32
}

func newLinkGraph(d *LinkData, hidden map[[2]int32]bool) *linkGraph {
	n := len(d.IDs)
	g := &linkGraph{adj: make([][]int32, n), rel: make([][]string, n), out: make([][]int32, n), treats: make([][]int32, n)}
	for _, e := range d.Edges {
		if hidden[[2]int32{e.From, e.To}] || hidden[[2]int32{e.To, e.From}] || e.From == e.To {
			continue
		}
		g.adj[e.From] = append(g.adj[e.From], e.To)
		g.rel[e.From] = append(g.rel[e.From], e.Relation)
		g.adj[e.To] = append(g.adj[e.To], e.From)
		g.rel[e.To] = append(g.rel[e.To], e.Relation)
		if e.Relation == "treats" {
			g.treats[e.From] = append(g.treats[e.From], e.To)
		} else {
			g.out[e.From] = append(g.out[e.From], e.To)
		}
	}
	return g
}

// mostSimilar returns the neighbour of from of type typ (other than to)
// whose name is most like to's name, by the Jaccard overlap of set.
func (g *linkGraph) mostSimilar(d *LinkData, from, to int32, typ string, set func(string) map[string]bool) (float64, int32) {
	best, arg := 0.0, int32(-1)
	var mine map[string]bool
	for _, q := range g.adj[from] {
		if q == to || d.Types[q] != typ {
			continue
		}
		if mine == nil {
			mine = set(d.Names[to])
		}
		if j := jaccard(mine, set(d.Names[q])); j > best {
			best, arg = j, q
		}
	}
	return best, arg
}

func wordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '-' || r == '/' || r == ',' || r == '(' || r == ')' }) {
		out[w] = true
	}
	return out
}

func trigramSet(s string) map[string]bool {
	out := map[string]bool{}
	r := []rune(" " + strings.ToLower(s) + " ")
	for i := 0; i+3 <= len(r); i++ {
		out[string(r[i:i+3])] = true
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for k := range a {
		if b[k] {
			inter++
		}
	}
	if u := len(a) + len(b) - inter; u > 0 {
		return float64(inter) / float64(u)
	}
	return 0
}

// maxReach bounds the mechanism steps reachTreated follows.
const maxReach = 8

// reachTreated returns the fewest mechanism steps (edges followed forward,
// never through a drug) from t to a disease the drug s is indicated for,
// and that disease; 0 and -1 when none is within maxReach steps.
func (g *linkGraph) reachTreated(d *LinkData, s, t int32) (int, int32) {
	if len(g.treats[s]) == 0 {
		return 0, -1
	}
	goal := map[int32]bool{}
	for _, x := range g.treats[s] {
		goal[x] = true
	}
	dist := map[int32]int{t: 0}
	frontier := []int32{t}
	for step := 1; step <= maxReach && len(frontier) > 0; step++ {
		var next []int32
		for _, u := range frontier {
			for _, v := range g.out[u] {
				if _, seen := dist[v]; seen || d.Types[v] == SourceType {
					continue
				}
				if goal[v] {
					return step, v
				}
				dist[v] = step
				next = append(next, v)
			}
		}
		frontier = next
	}
	return 0, -1
}

// pathFeatures describes the walks of length 2 to 4 between s and t,
// ignoring direct edges between them.
type pathFeatures struct {
	n2, n3, n4 int
	aa         float64  // Adamic–Adar over common neighbours
	ra3        float64  // resource allocation over walks of length 3
	reach      int      // mechanism steps from the target to an indication of the source (0: none)
	disease    int32    // that indication
	shapes     []string // typed shapes of the length-2 and -3 walks
	example    string   // one shortest walk, named
	names      string   // the endpoints' names
	// targetSim is the largest word overlap (Jaccard) between the target's
	// name and the names of the source's other targets; sourceSim the
	// largest character-trigram overlap between the source's name and the
	// names of other drugs acting on the target.
	targetSim, sourceSim float64
	simTarget, simSource int32 // the most similar ones (-1: none)
}

const maxShapes = 64

func (g *linkGraph) features(d *LinkData, s, t int32) pathFeatures {
	var f pathFeatures
	nt := map[int32]bool{}
	for _, w := range g.adj[t] {
		if w != s {
			nt[w] = true
		}
	}
	shapes := map[string]bool{}
	// Walks s-a-t and s-a-b-t.
	for k, a := range g.adj[s] {
		if a == t {
			continue
		}
		if nt[a] {
			f.n2++
			f.aa += 1 / math.Log(float64(len(g.adj[a]))+1)
			shapes["via "+d.Types[a]] = true
			if f.example == "" {
				f.example = fmt.Sprintf("%s -%s- %s - %s", d.Names[s], g.rel[s][k], d.Label(a), d.Names[t])
			}
		}
		for _, b := range g.adj[a] {
			if b == s || b == t || !nt[b] {
				continue
			}
			f.n3++
			f.ra3 += 1 / float64(len(g.adj[a])*len(g.adj[b]))
			if len(shapes) < maxShapes {
				shapes["via "+d.Types[a]+" then "+d.Types[b]] = true
			}
			if f.example == "" && f.n2 == 0 {
				f.example = fmt.Sprintf("%s -%s- %s - %s - %s", d.Names[s], g.rel[s][k], d.Label(a), d.Label(b), d.Names[t])
			}
		}
	}
	// Walks of length 4 meet in the middle.
	from := map[int32]int{}
	for _, a := range g.adj[s] {
		if a == t {
			continue
		}
		for _, b := range g.adj[a] {
			if b != s && b != t {
				from[b]++
			}
		}
	}
	for c := range nt {
		for _, b := range g.adj[c] {
			if b != s && b != t {
				f.n4 += from[b]
			}
		}
	}
	f.reach, f.disease = g.reachTreated(d, s, t)
	f.names = d.Names[s] + " " + d.Names[t]
	f.targetSim, f.simTarget = g.mostSimilar(d, s, t, TargetType, wordSet)
	f.sourceSim, f.simSource = g.mostSimilar(d, t, s, SourceType, trigramSet)
	for sh := range shapes {
		f.shapes = append(f.shapes, sh)
	}
	slices.Sort(f.shapes)
	return f
}

// text is the example's text in memory: the shapes and sizes of the walks
// between the endpoints, as words the encoder reads (types joined into one
// word per shape, counts in buckets).
func (f pathFeatures) text() string {
	var b strings.Builder
	// The endpoints' names: pairs of similar drugs (shared name stems)
	// and the same protein are close examples.
	b.WriteString(f.names)
	b.WriteByte(' ')
	bucket := func(prefix string, n int) {
		w := "zero"
		switch {
		case n >= 20:
			w = "many"
		case n >= 5:
			w = "several"
		case n >= 2:
			w = "few"
		case n == 1:
			w = "one"
		}
		fmt.Fprintf(&b, "%s%s %s%s ", prefix, w, prefix, w)
	}
	bucket("twohop", f.n2)
	bucket("threehop", f.n3)
	bucket("fourhop", f.n4)
	if f.sourceSim >= 0.3 {
		b.WriteString("namelike namelike ")
	}
	ra := "zero"
	switch {
	case f.ra3 >= 0.02:
		ra = "high"
	case f.ra3 >= 0.002:
		ra = "medium"
	case f.ra3 > 0:
		ra = "low"
	}
	fmt.Fprintf(&b, "alloc%s alloc%s ", ra, ra)
	reach := []string{"none", "one", "two", "three", "four", "five", "six", "seven", "eight"}[f.reach]
	fmt.Fprintf(&b, "reach%s reach%s ", reach, reach)
	return strings.TrimSpace(b.String())
}

// strength maps the walks to a probability-like score: resource allocation
// over walks of length 3 and a short mechanism route from the target to an
// indication of the source each raise it.
func (f pathFeatures) strength() float64 {
	x := -1.5 + 400*min(f.ra3, 0.01)
	if f.reach > 0 {
		x += 1.5 - 0.25*float64(f.reach)
	}
	return 1 / (1 + math.Exp(-x))
}

// vector is the walk evidence as numbers for the induced rule: a bias,
// log counts of walks, resource allocation, Adamic–Adar, the name
// overlaps and the mechanism reach one-hot.
func (f pathFeatures) vector() []float64 {
	x := []float64{1, math.Log1p(float64(f.n2)), math.Log1p(float64(f.n3)), math.Log1p(float64(f.n4)), math.Log1p(1000 * f.ra3), math.Log1p(f.aa), f.targetSim, f.sourceSim}
	for r := 0; r <= maxReach; r++ {
		v := 0.0
		if f.reach == r {
			v = 1
		}
		x = append(x, v)
	}
	return x
}

// featureNames name vector's entries for explanations.
var featureNames = []string{"bias", "2-walks", "3-walks", "4-walks", "resource allocation", "Adamic-Adar", "target name like another target of the drug", "drug name like another drug on the target",
	"no mechanism reach", "reach 1", "reach 2", "reach 3", "reach 4", "reach 5", "reach 6", "reach 7", "reach 8"}

// induceRule fits logistic weights of the walk evidence on the examples
// (gradient descent with a small L2 penalty): the rule that says how
// walks and names separate linked from unlinked example pairs.
func induceRule(xs [][]float64, ys []float64) []float64 {
	if len(xs) == 0 {
		return nil
	}
	w := make([]float64, len(xs[0]))
	grad := make([]float64, len(w))
	for it := 0; it < 1500; it++ {
		clear(grad)
		for i, x := range xs {
			e := sigmoid(dot(w, x)) - ys[i]
			for j := range w {
				grad[j] += e * x[j]
			}
		}
		for j := range w {
			w[j] -= 0.5 * (grad[j]/float64(len(xs)) + 1e-3*w[j])
		}
	}
	return w
}

// contributions lists the three largest terms of the rule for x.
func contributions(w, x []float64) string {
	idx := make([]int, 0, len(w))
	for j := 1; j < len(w); j++ {
		if x[j] != 0 {
			idx = append(idx, j)
		}
	}
	sort.Slice(idx, func(a, b int) bool { return math.Abs(w[idx[a]]*x[idx[a]]) > math.Abs(w[idx[b]]*x[idx[b]]) })
	parts := make([]string, 0, 3)
	for _, j := range idx[:min(3, len(idx))] {
		parts = append(parts, fmt.Sprintf("%s %+.2f", featureNames[j], w[j]*x[j]))
	}
	return strings.Join(parts, ", ")
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// describe states the features in words.
func (f pathFeatures) describe() string {
	s := fmt.Sprintf("%d walk(s) of 2 links, %d of 3, %d of 4", f.n2, f.n3, f.n4)
	if f.reach > 0 {
		s += fmt.Sprintf("; the protein's mechanism reaches an indication of the drug in %d step(s)", f.reach)
	}
	if len(f.shapes) > 0 {
		s += "; through " + strings.Join(f.shapes[:min(len(f.shapes), 4)], ", ")
	}
	if f.example != "" {
		s += "; e.g. " + f.example
	}
	return s
}

// pairKey names a pair as its sample ID.
func pairKey(d *LinkData, p Pair) string { return d.IDs[p.Source] + "->" + d.IDs[p.Target] }

// Hidden returns the true links of the given splits, which the link
// reasoner's graph must not hold.
func Hidden(pairs []Pair, splits ...Split) map[[2]int32]bool {
	h := map[[2]int32]bool{}
	for _, p := range pairs {
		if p.Exists && slices.Contains(splits, p.Split) {
			h[[2]int32{p.Source, p.Target}] = true
		}
	}
	return h
}

// ImportLinks writes the training pairs into store as edge samples of
// LinkDataset: the endpoints' names and types, the walks between them
// (in the graph without the held-out links), and whether the link exists.
// Pairs of other splits are never written.
func ImportLinks(ctx context.Context, store *memory.Store, d *LinkData, pairs []Pair) (int, error) {
	g := newLinkGraph(d, Hidden(pairs, Val, Test))
	var out []memory.Sample
	for _, p := range pairs {
		if p.Split != Train {
			continue
		}
		f := g.features(d, p.Source, p.Target)
		label := No
		if p.Exists {
			label = Yes
		}
		out = append(out, memory.Sample{
			Dataset: LinkDataset, Kind: memory.KindEdge, ID: pairKey(d, p), Text: f.text(), Label: label,
			Attrs: map[string]string{
				AttrSplit: Train.String(), AttrSource: SourceImport,
				"drug": d.Label(p.Source), "protein": d.Label(p.Target), "paths": f.describe(),
			},
		})
	}
	if err := store.AddSamples(ctx, out); err != nil {
		return 0, fmt.Errorf("analog: import %s: %w", LinkDataset, err)
	}
	return len(out), nil
}

// LinkConfig weighs the builtin link vote.
type LinkConfig struct {
	// K is the number of similar examples retrieved; Power sharpens their
	// similarities.
	K     int
	Power float64
	// Examples and Paths weigh the examples' vote and the direct path
	// evidence (a link is likelier the more short walks join the pair).
	Examples, Paths float64
	// Threshold is the confidence below which the answer is unsure.
	Threshold float64
}

// DefaultLinkConfig is the builtin link vote's configuration.
var DefaultLinkConfig = LinkConfig{K: 25, Power: 3, Examples: 1, Paths: 2, Threshold: 0.6}

func (c LinkConfig) withDefaults() LinkConfig {
	d := DefaultLinkConfig
	if c.K > 0 {
		d.K = c.K
	}
	if c.Power > 0 {
		d.Power = c.Power
	}
	if c.Examples > 0 || c.Paths > 0 {
		d.Examples, d.Paths = c.Examples, c.Paths
	}
	if c.Threshold > 0 {
		d.Threshold = c.Threshold
	}
	return d
}

// LinkPredictor is the builtin link reasoner. Its graph lacks the held-out
// links; whether a pair is linked is read only from memory's examples.
type LinkPredictor struct {
	store *memory.Store
	d     *LinkData
	g     *linkGraph
	mu    sync.RWMutex // guards known (Learn adds to it)
	known map[string]string
	rule  []float64 // induced weights of the walk evidence
	cfg   LinkConfig
}

// NewLinkPredictor returns the link reasoner over store, walking d without
// the hidden links.
func NewLinkPredictor(store *memory.Store, d *LinkData, hidden map[[2]int32]bool, cfg LinkConfig) *LinkPredictor {
	p := &LinkPredictor{store: store, d: d, g: newLinkGraph(d, hidden), known: map[string]string{}, cfg: cfg.withDefaults()}
	var xs [][]float64
	var ys []float64
	for _, sm := range store.Samples(LinkDataset) {
		if sm.Kind != memory.KindEdge {
			continue
		}
		p.known[sm.ID] = sm.Label
		a, b, ok := strings.Cut(sm.ID, "->")
		s, ok1 := d.Index[a]
		t, ok2 := d.Index[b]
		if !ok || !ok1 || !ok2 || (sm.Label != Yes && sm.Label != No) {
			continue
		}
		xs = append(xs, p.g.features(d, s, t).vector())
		ys = append(ys, map[bool]float64{true: 1}[sm.Label == Yes])
	}
	p.rule = induceRule(xs, ys)
	return p
}

// Data returns the dataset.
func (p *LinkPredictor) Data() *LinkData { return p.d }

// Learn records a verified answer for a pair by its key
// ("sourceID->targetID").
func (p *LinkPredictor) Learn(key, label string) {
	if label == Yes || label == No {
		p.mu.Lock()
		p.known[key] = label
		p.mu.Unlock()
	}
}

// Predict answers whether source acts on target.
func (p *LinkPredictor) Predict(ctx context.Context, source, target int32) (*Answer, error) {
	if source < 0 || int(source) >= len(p.d.IDs) || target < 0 || int(target) >= len(p.d.IDs) {
		return nil, fmt.Errorf("analog: entity index out of range: %w", ErrUnknownItem)
	}
	key := pairKey(p.d, Pair{Source: source, Target: target})
	ans := &Answer{Dataset: LinkDataset, Item: p.d.Names[source] + " -> " + p.d.Names[target], Key: key, Method: "builtin"}
	p.mu.RLock()
	l, ok := p.known[key]
	p.mu.RUnlock()
	if ok {
		ans.Label, ans.Confidence, ans.Known = l, 1, true
		ans.Scores = map[string]float64{l: 1}
		ans.Rule = "the pair is a solved example in memory"
		ans.Explanation = fmt.Sprintf("%s is stored in memory: link %s", ans.Item, l)
		return ans, nil
	}
	cfg := p.cfg
	f := p.g.features(p.d, source, target)
	hits, err := p.store.SearchSamples(ctx, LinkDataset, f.text(), memory.SampleQuery{K: cfg.K, Kind: memory.KindEdge})
	if err != nil {
		return nil, fmt.Errorf("analog: %w", err)
	}
	vote := map[string]float64{}
	var ev []Evidence
	for _, h := range hits {
		if h.Score <= 0 || (h.Label != Yes && h.Label != No) {
			continue
		}
		vote[h.Label] += math.Pow(float64(h.Score), cfg.Power)
		ev = append(ev, Evidence{Kind: "example", ID: h.Attrs["drug"] + " -> " + h.Attrs["protein"], Label: h.Label, Weight: float64(h.Score), Note: h.Attrs["paths"]})
	}
	normalize(vote)
	// Path evidence: the more short walks join the pair, the likelier the
	// link; none at all is evidence against it.
	strength := f.strength()
	induced := "walk evidence by a fixed rule (no examples to induce one from)"
	if p.rule != nil {
		x := f.vector()
		strength = sigmoid(dot(p.rule, x))
		induced = "walk evidence weighed by the rule induced from the examples: " + contributions(p.rule, x)
	}
	paths := map[string]float64{Yes: strength, No: 1 - strength}
	ev = append(ev, Evidence{Kind: "paths", ID: ans.Item, Label: map[bool]string{true: Yes, false: No}[strength >= 0.5], Weight: math.Abs(strength-0.5) * 2, Note: f.describe()})
	total := map[string]float64{}
	weights := 0.0
	if len(vote) > 0 {
		weights += cfg.Examples
		for l, v := range vote {
			total[l] += cfg.Examples * v
		}
	}
	weights += cfg.Paths
	for l, v := range paths {
		total[l] += cfg.Paths * v
	}
	for l := range total {
		total[l] /= weights
	}
	decide(ans, total, cfg.Threshold)
	sort.SliceStable(ev, func(a, b int) bool { return ev[a].Weight > ev[b].Weight })
	ans.Evidence = ev
	ans.Rule = fmt.Sprintf("vote of %d example pair(s) with walks like this pair's (weight %.1f) and the %s (weight %.1f); %s; decisive: %s",
		len(hits), cfg.Examples, induced, cfg.Paths, f.describe(), topEvidence(supporting(ev, ans.Label), 3))
	ans.Explanation = fmt.Sprintf("link %s gets %.0f%% of the weighted vote (%s)", ans.Label, 100*ans.Confidence, scoreList(total))
	return ans, nil
}
