// Package seed makes the builtin set of solved examples that long-term
// memory starts with: for every tool of a registry, questions in several
// phrasings over small random graphs (generated from a fixed seed, the edge
// list written into the question), each solved by running the tool, plus the
// tool's own example questions labelled with its name. It never copies
// benchmark items: every question is built here from templates.
package seed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Phrasings is the number of templated questions made per tool.
const Phrasings = 4

// createdAt is the fixed timestamp of seed examples, so the set is the same
// on every run.
func createdAt() time.Time { return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC) }

// Options tune Generate.
type Options struct {
	// Seed drives the random graphs (default 1).
	Seed uint64
	// Attempts is how many graphs are tried per phrasing before the
	// phrasing is given up (default 12).
	Attempts int
	// Timeout bounds one tool run (default 2s).
	Timeout time.Duration
	// Logger receives a warning per tool that could not be solved.
	Logger *slog.Logger
}

// Set is a generated seed set.
type Set struct {
	// Examples are the solved (Verified) examples, then the tools' own
	// example questions (not verified, no answer).
	Examples []memory.Example
	// Unsolved maps a tool to the last error of the phrasings that found
	// no graph it could answer on.
	Unsolved map[string]error
}

// Generate makes the seed set for every tool in reg. It is deterministic
// for a given registry and options.
func Generate(ctx context.Context, reg *tools.Registry, opts Options) (Set, error) {
	if reg == nil {
		return Set{}, errors.New("seed: no tool registry")
	}
	opts = withDefaults(opts)
	set := Set{Unsolved: map[string]error{}}
	for _, name := range reg.Names() {
		if err := ctx.Err(); err != nil {
			return Set{}, err
		}
		t, err := reg.Get(name)
		if err != nil {
			return Set{}, fmt.Errorf("seed: %w", err)
		}
		spec := t.Spec()
		rng := rand.New(rand.NewPCG(opts.Seed, fnv(name)))
		solved := 0
		for p := 0; p < Phrasings; p++ {
			ex, err := solve(ctx, t, spec, p, rng, opts)
			if err != nil {
				if ctx.Err() != nil {
					return Set{}, ctx.Err()
				}
				set.Unsolved[name] = err
				continue
			}
			set.Examples = append(set.Examples, ex)
			solved++
		}
		if err, ok := set.Unsolved[name]; ok && opts.Logger != nil {
			level := slog.LevelDebug
			if solved < 3 {
				level = slog.LevelWarn
			}
			opts.Logger.Log(ctx, level, "seed: tool not solved in every phrasing", "tool", name, "solved", solved, "err", err)
		}
	}
	for _, name := range reg.Names() {
		t, _ := reg.Get(name)
		for i, q := range t.Spec().Examples {
			if strings.TrimSpace(q) == "" {
				continue
			}
			set.Examples = append(set.Examples, memory.Example{
				ID:        fmt.Sprintf("seed-%s-ex%d", name, i),
				Question:  q,
				Tool:      name,
				Source:    memory.SourceSeed,
				CreatedAt: createdAt(),
			})
		}
	}
	return set, nil
}

// withDefaults fills the zero fields of opts.
func withDefaults(opts Options) Options {
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	if opts.Attempts <= 0 {
		opts.Attempts = 12
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 2 * time.Second
	}
	return opts
}

// Open opens long-term memory in dir (or in the PostgreSQL database dir
// names, postgres://…: memory.OpenPostgres) and seeds it when it holds no
// examples. The vectors come from emb, or, when emb is nil, from the
// builtin encoder fitted on this seed's questions (memory.DefaultEmbedder),
// so that rare words such as "articulation" outweigh "node" and "graph".
// Every component that opens the store should open it here, so that all of
// them embed alike.
func Open(ctx context.Context, dir string, reg *tools.Registry, emb memory.Embedder, opts Options, storeOpts ...memory.Option) (*memory.Store, error) {
	return open(ctx, reg, emb, opts, func(emb memory.Embedder) (*memory.Store, error) {
		if memory.IsPostgresURL(dir) {
			return memory.OpenPostgres(ctx, dir, emb, storeOpts...)
		}
		return memory.Open(ctx, dir, emb, storeOpts...)
	})
}

// OpenInMemory is Open for a store that keeps nothing on disk (tests,
// evaluations, throw-away sessions).
func OpenInMemory(ctx context.Context, reg *tools.Registry, emb memory.Embedder, opts Options, storeOpts ...memory.Option) (*memory.Store, error) {
	return open(ctx, reg, emb, opts, func(emb memory.Embedder) (*memory.Store, error) {
		return memory.NewInMemory(emb, storeOpts...)
	})
}

func open(ctx context.Context, reg *tools.Registry, emb memory.Embedder, opts Options, mk func(memory.Embedder) (*memory.Store, error)) (*memory.Store, error) {
	src, err := sourceFor(ctx, reg, opts)
	if err != nil {
		return nil, err
	}
	if emb == nil {
		emb = src.encoder()
	}
	s, err := mk(emb)
	if err != nil {
		return nil, err
	}
	if _, err := s.EnsureSeeded(ctx, src.examples); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// source is where a store's seed comes from: the examples (made or
// decoded only when a store needs seeding) and the builtin encoder fitted
// on their questions.
type source struct {
	examples func(context.Context) ([]memory.Example, error)
	encoder  func() memory.Embedder
}

// sourceFor is the snapshot prepared at build time when it was made for
// reg and opts (the catalogue with the default options), else the set
// generated now.
func sourceFor(ctx context.Context, reg *tools.Registry, opts Options) (source, error) {
	if reg != nil {
		p, err := loadSnapshot(seedSnapshot, reg, opts)
		if err == nil {
			return source{examples: p.Examples, encoder: func() memory.Embedder { return p.encoder }}, nil
		}
		if !errors.Is(err, errStaleSnapshot) && opts.Logger != nil {
			opts.Logger.WarnContext(ctx, "seed: the prepared seed set is unusable; generating it", "err", err)
		}
	}
	set, err := Generate(ctx, reg, opts)
	if err != nil {
		return source{}, err
	}
	return source{
		examples: func(context.Context) ([]memory.Example, error) { return set.Examples, nil },
		encoder:  func() memory.Embedder { return memory.DefaultEmbedder(set.Questions()) },
	}, nil
}

// Questions returns the questions of the set, the corpus the default
// embedder is fitted on.
func (s Set) Questions() []string {
	qs := make([]string, len(s.Examples))
	for i, ex := range s.Examples {
		qs[i] = ex.Question
	}
	return qs
}

// Func adapts Generate to memory.Store.EnsureSeeded.
func Func(reg *tools.Registry, opts Options) func(context.Context) ([]memory.Example, error) {
	return func(ctx context.Context) ([]memory.Example, error) {
		set, err := Generate(ctx, reg, opts)
		return set.Examples, err
	}
}

// solve makes phrasing p of a question for t and answers it by running t
// on one of several random graphs until one works.
func solve(ctx context.Context, t tools.Tool, spec tools.Spec, p int, rng *rand.Rand, opts Options) (memory.Example, error) {
	var last error
	for a := 0; a < opts.Attempts; a++ {
		g, edges := randomGraph(rng, spec.AppliesTo, p+a)
		labelText := ""
		if takesParam(spec, "attribute") {
			// Tools that read node attributes (node classification) get
			// graphs with labels on about half the nodes, stated in words.
			g, labelText = withLabels(rng, g)
		}
		if slices.Contains(spec.NodeAttrs, tools.NodeWeightAttr) {
			// Tools that sum node weights get a weight on every node,
			// written as GraphWiz writes them.
			g, labelText = withNodeWeights(rng, g, p)
		}
		args, argText := makeArgs(rng, spec, g, p)
		raw, err := json.Marshal(args)
		if err != nil {
			return memory.Example{}, fmt.Errorf("seed: %s: encode args: %w", spec.Name, err)
		}
		rctx, cancel := context.WithTimeout(ctx, opts.Timeout)
		res, err := t.Run(rctx, g, raw)
		cancel()
		if err != nil {
			last = err
			continue
		}
		value, err := json.Marshal(res.Value)
		if err != nil {
			last = fmt.Errorf("value not JSON: %w", err)
			continue
		}
		return memory.Example{
			ID:           fmt.Sprintf("seed-%s-%d", spec.Name, p),
			Question:     phrase(spec, p, g.Directed(), edges, argText) + labelText,
			GraphSummary: summary(g),
			Tool:         spec.Name,
			Args:         raw,
			Answer:       res.Text,
			Value:        value,
			Source:       memory.SourceSeed,
			Verified:     true,
			CreatedAt:    createdAt(),
		}, nil
	}
	return memory.Example{}, fmt.Errorf("seed: %s phrasing %d: no graph answered in %d attempts: %w", spec.Name, p, opts.Attempts, last)
}

// edge is one generated edge; w is 0 when unweighted.
type edge struct{ u, v, w int }

// randomGraph makes a small graph suited to the tool's kind; variant
// rotates through shapes so that a tool failing on one gets another.
func randomGraph(rng *rand.Rand, kind tools.GraphKind, variant int) (*graph.Graph, []edge) {
	directed := false
	weighted := kind == tools.WeightedPrefers
	switch kind {
	case tools.DirectedOnly:
		directed = true
	case tools.UndirectedOnly:
	default:
		directed = variant%3 == 1
	}
	n := 5 + rng.IntN(5)
	var es []edge
	seen := map[[2]int]bool{}
	add := func(u, v int) {
		if u == v {
			return
		}
		k := [2]int{u, v}
		if !directed && u > v {
			k = [2]int{v, u}
		}
		if seen[k] {
			return
		}
		seen[k] = true
		w := 0
		if weighted {
			w = 1 + rng.IntN(9)
		}
		es = append(es, edge{u, v, w})
	}
	switch variant % 5 {
	case 0: // connected: a random tree plus chords
		for v := 1; v < n; v++ {
			add(rng.IntN(v), v)
		}
		for i := 0; i < n/2; i++ {
			add(rng.IntN(n), rng.IntN(n))
		}
	case 1: // a cycle with a chord (strongly connected when directed)
		for v := 0; v < n; v++ {
			add(v, (v+1)%n)
		}
		add(0, n/2)
	case 2: // acyclic: edges from lower to higher numbers
		for v := 1; v < n; v++ {
			add(rng.IntN(v), v)
		}
		for i := 0; i < n/3; i++ {
			u, v := rng.IntN(n), rng.IntN(n)
			if u > v {
				u, v = v, u
			}
			add(u, v)
		}
	case 4: // dense: each pair with probability 1/2 (triangles, cliques)
		for u := 0; u < n; u++ {
			for v := u + 1; v < n; v++ {
				if rng.IntN(2) == 0 {
					add(u, v)
				}
			}
		}
	default: // bipartite: even to odd
		for v := 1; v < n; v += 2 {
			add(v-1, v)
			if v+1 < n {
				add(v+1, v)
			}
		}
		for i := 0; i < n/2; i++ {
			add(2*rng.IntN((n+1)/2), min(2*rng.IntN(n/2)+1, n-1))
		}
	}
	b := graph.NewBuilder(directed)
	for _, e := range es {
		u, v := strconv.Itoa(e.u), strconv.Itoa(e.v)
		if weighted {
			b.AddWeightedEdge(u, v, float64(e.w)) // fresh builder, no limits: cannot fail
		} else {
			b.AddEdge(u, v)
		}
	}
	return b.Build(), es
}

// takesParam reports whether the tool has a parameter called name.
func takesParam(spec tools.Spec, name string) bool {
	for _, p := range spec.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// withLabels returns g with a "label" attribute (red or blue) on every
// other node, and a sentence stating the labels.
func withLabels(rng *rand.Rand, g *graph.Graph) (*graph.Graph, string) {
	b := graph.NewBuilder(g.Directed())
	var said []string
	for i, id := range g.IDs() {
		b.AddNode(id) // fresh builder, no limits: cannot fail
		if i%2 == 0 {
			l := []string{"red", "blue"}[rng.IntN(2)]
			b.SetNodeAttr(id, "label", l)
			said = append(said, fmt.Sprintf("node %s is labelled %s", id, l))
		}
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		ne, _ := b.AddEdgeIdx(u, v)
		if g.Weighted() {
			b.SetWeight(ne, g.Weight(e))
		}
	}
	return b.Build(), " " + upperFirst(strings.Join(said, ", ")) + "."
}

// withNodeWeights returns g with a weight (1 to 10) on every node, and the
// sentence that gives them as "[i, k]" pairs: after "The weights of nodes
// are:" in even phrasings, after "Node weights:" with commas in odd ones.
func withNodeWeights(rng *rand.Rand, g *graph.Graph, p int) (*graph.Graph, string) {
	b := graph.NewBuilder(g.Directed())
	var pairs []string
	for _, id := range g.IDs() {
		w := 1 + rng.IntN(10)
		b.SetNodeAttr(id, tools.NodeWeightAttr, float64(w)) // fresh builder, no limits: cannot fail
		pairs = append(pairs, fmt.Sprintf("[%s, %d]", id, w))
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		ne, _ := b.AddEdgeIdx(u, v)
		if g.Weighted() {
			b.SetWeight(ne, g.Weight(e))
		}
	}
	if p%2 == 1 {
		return b.Build(), " Node weights: " + strings.Join(pairs, ", ") + "."
	}
	return b.Build(), " The weights of nodes are: " + strings.Join(pairs, " ") + "."
}

// makeArgs fills the required parameters (and, in odd phrasings, the
// optional node parameters) with values valid on g, and says them in words.
func makeArgs(rng *rand.Rand, spec tools.Spec, g *graph.Graph, p int) (map[string]any, string) {
	args := map[string]any{}
	var words []string
	used := map[string]bool{}
	pickNode := func() string {
		ids := g.IDs()
		for range 8 {
			id := ids[rng.IntN(len(ids))]
			if !used[id] {
				used[id] = true
				return id
			}
		}
		return ids[rng.IntN(len(ids))]
	}
	for _, prm := range spec.Params {
		if !prm.Required && !(prm.Node && p%2 == 1) {
			continue
		}
		var v any
		switch {
		case prm.Graph:
			// A second graph: a small path as the pattern to find.
			arrow := "-"
			if g.Directed() {
				arrow = "->"
			}
			args[prm.Name] = map[string]any{"edges": [][2]string{{"a", "b"}, {"b", "c"}}}
			words = append(words, fmt.Sprintf("the %s a%sb, b%sc", wordsOf(prm.Name), arrow, arrow))
			continue
		case prm.Node:
			id := pickNode()
			v = id
			if prm.Name == "node" {
				words = append(words, "node "+id)
			} else {
				words = append(words, fmt.Sprintf("%s node %s", wordsOf(prm.Name), id))
			}
			args[prm.Name] = v
			continue
		case prm.Type == "integer":
			v = 1 + rng.IntN(3)
		case prm.Type == "number":
			v = 0.85
		case prm.Type == "boolean":
			v = false
		case prm.Type == "array":
			v = []string{pickNode(), pickNode()}
		case prm.Type == "object":
			v = map[string]any{}
		default:
			v = pickNode()
		}
		args[prm.Name] = v
		b, _ := json.Marshal(v)
		words = append(words, fmt.Sprintf("%s %s", wordsOf(prm.Name), b))
	}
	return args, strings.Join(words, " and ")
}

// phrase writes phrasing p of the question.
func phrase(spec tools.Spec, p int, directed bool, es []edge, args string) string {
	kind := "undirected"
	if directed {
		kind = "directed"
	}
	with := ""
	if args != "" {
		with = ", with " + args
	}
	switch p % Phrasings {
	case 0:
		return fmt.Sprintf("Given the %s graph with edges %s: %s%s.", kind, dashEdges(es, directed), lowerFirst(clause(spec.Description)), with)
	case 1:
		return fmt.Sprintf("Run %s on the %s graph %s%s.", wordsOf(spec.Name), kind, tupleEdges(es), with)
	case 2:
		article := "a"
		if !directed {
			article = "an"
		}
		return fmt.Sprintf("In %s %s graph where %s, tell me %s%s.", article, kind, proseEdges(es, directed), need(spec), with)
	default:
		return fmt.Sprintf("%s graph, edges %s. I need to know %s%s.", upperFirst(kind), dashEdges(es, directed), need(spec), with)
	}
}

// clause is the first clause of a description.
func clause(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ":;("); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i > 0 {
		s = s[:i]
	}
	return strings.TrimRight(strings.TrimSpace(s), ".,")
}

// need turns WhenToUse ("The question asks whether ...", "Questions about
// ...") into what a person asks for.
func need(spec tools.Spec) string {
	s := clause(spec.WhenToUse)
	for _, pre := range []string{
		"The question asks for ", "The question asks ", "Questions asking for ", "Questions asking to ",
		"Questions asking if ", "Questions asking ", "Questions about ",
	} {
		if rest, ok := strings.CutPrefix(s, pre); ok {
			s = rest
			if pre == "Questions asking if " {
				s = "whether " + s
			}
			if pre == "Questions asking to " {
				s = "how to " + s
			}
			break
		}
	}
	if s == "" {
		s = lowerFirst(clause(spec.Description))
	}
	return s
}

func dashEdges(es []edge, directed bool) string {
	sep := "-"
	if directed {
		sep = "->"
	}
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = fmt.Sprintf("%d%s%d", e.u, sep, e.v)
		if e.w > 0 {
			parts[i] += fmt.Sprintf(" (weight %d)", e.w)
		}
	}
	return strings.Join(parts, ", ")
}

func tupleEdges(es []edge) string {
	parts := make([]string, len(es))
	for i, e := range es {
		if e.w > 0 {
			parts[i] = fmt.Sprintf("(%d, %d, %d)", e.u, e.v, e.w)
		} else {
			parts[i] = fmt.Sprintf("(%d, %d)", e.u, e.v)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func proseEdges(es []edge, directed bool) string {
	parts := make([]string, len(es))
	for i, e := range es {
		if directed {
			parts[i] = fmt.Sprintf("node %d points to node %d", e.u, e.v)
		} else {
			parts[i] = fmt.Sprintf("node %d is linked to node %d", e.u, e.v)
		}
		if e.w > 0 {
			parts[i] += fmt.Sprintf(" with weight %d", e.w)
		}
	}
	return strings.Join(parts, ", ")
}

func summary(g *graph.Graph) string {
	kind := "undirected"
	if g.Directed() {
		kind = "directed"
	}
	if g.Weighted() {
		kind += " weighted"
	}
	return fmt.Sprintf("%s graph, %d nodes, %d edges", kind, g.N(), g.M())
}

func wordsOf(name string) string { return strings.ReplaceAll(name, "_", " ") }

func lowerFirst(s string) string {
	// Keep acronyms (BFS, DFS, GNN) as they are.
	if s == "" || (len(s) > 1 && unicode.IsUpper(rune(s[1]))) {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[size:]
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// fnv hashes a tool name into the random stream, so adding a tool does not
// change the graphs of the others.
func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// Coverage counts, per tool, the distinct verified questions in exs.
func Coverage(exs []memory.Example) map[string]int {
	qs := map[string]map[string]bool{}
	for _, ex := range exs {
		if !ex.Verified || ex.Answer == "" {
			continue
		}
		if qs[ex.Tool] == nil {
			qs[ex.Tool] = map[string]bool{}
		}
		qs[ex.Tool][ex.Question] = true
	}
	out := make(map[string]int, len(qs))
	for t, m := range qs {
		out[t] = len(m)
	}
	return out
}
