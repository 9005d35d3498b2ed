package analog

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

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

// LoadLinks reads DrugMechDB (nodes.tsv, edges.tsv, paths.tsv) with open.
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
	return d, nil
}

// Lookup returns the entities named name (a node ID, a name or a drug
// name of the curated paths), compared after kg.Normalize.
func (d *LinkData) Lookup(name string) []int32 { return d.alias[kg.Normalize(name)] }

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
var DefaultLinkConfig = LinkConfig{K: 25, Power: 3, Examples: 1, Paths: 0.5, Threshold: 0.6}

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
	known map[string]string
	cfg   LinkConfig
}

// NewLinkPredictor returns the link reasoner over store, walking d without
// the hidden links.
func NewLinkPredictor(store *memory.Store, d *LinkData, hidden map[[2]int32]bool, cfg LinkConfig) *LinkPredictor {
	p := &LinkPredictor{store: store, d: d, g: newLinkGraph(d, hidden), known: map[string]string{}, cfg: cfg.withDefaults()}
	for _, sm := range store.Samples(LinkDataset) {
		if sm.Kind == memory.KindEdge {
			p.known[sm.ID] = sm.Label
		}
	}
	return p
}

// Data returns the dataset.
func (p *LinkPredictor) Data() *LinkData { return p.d }

// Learn records a verified answer for a pair.
func (p *LinkPredictor) Learn(s, t int32, exists bool) {
	l := No
	if exists {
		l = Yes
	}
	p.known[pairKey(p.d, Pair{Source: s, Target: t})] = l
}

// Predict answers whether source acts on target.
func (p *LinkPredictor) Predict(ctx context.Context, source, target int32) (*Answer, error) {
	if source < 0 || int(source) >= len(p.d.IDs) || target < 0 || int(target) >= len(p.d.IDs) {
		return nil, fmt.Errorf("analog: entity index out of range: %w", ErrUnknownItem)
	}
	key := pairKey(p.d, Pair{Source: source, Target: target})
	ans := &Answer{Dataset: LinkDataset, Item: p.d.Names[source] + " -> " + p.d.Names[target], Method: "builtin"}
	if l, ok := p.known[key]; ok {
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
	ans.Rule = fmt.Sprintf("vote of %d example pair(s) with walks like this pair's (weight %.1f) and the walks themselves (weight %.1f): %s; decisive: %s",
		len(hits), cfg.Examples, cfg.Paths, f.describe(), topEvidence(supporting(ev, ans.Label), 3))
	ans.Explanation = fmt.Sprintf("link %s gets %.0f%% of the weighted vote (%s)", ans.Label, 100*ans.Confidence, scoreList(total))
	return ans, nil
}
