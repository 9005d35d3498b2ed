package statement

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/graphagent/graphagent/internal/textutil"
)

// ErrNoTranslation means the builtin translator found no example close
// enough to a sentence to write its calls.
var ErrNoTranslation = errors.New("no example to translate the sentence from")

// Route says how a sentence was matched to an example.
type Route string

// The routes, from the most to the least certain.
const (
	// RouteExact: an example with the same words, hole values aside.
	RouteExact Route = "exact"
	// RoutePattern: the sentence fits an example's text with its values
	// cut out (values without '#', such as "user tobby_2010").
	RoutePattern Route = "pattern"
	// RouteSimilar: the most similar example (TF-IDF cosine over the
	// words) with the same holes.
	RouteSimilar Route = "similar"
	// RouteLLM: a language model wrote the calls (LLMTranslator).
	RouteLLM Route = "llm"
)

// minSimilarity is the lowest cosine the similar route accepts; below it the
// translator declines rather than guess. An example that runs a tool is
// also checked for its tool's cue words (cuesFit); one that only loads a
// graph has no such check and needs minLoadSimilarity.
const (
	minSimilarity     = 0.5
	minLoadSimilarity = 0.6
)

// Translation is a sentence with the calls the builtin translator wrote
// into it.
type Translation struct {
	// Statement is the sentence with calls.
	Statement *Statement
	// Example is the training example the calls were taken from.
	Example Example
	// Route says how the example was found; Score is the cosine similarity
	// for RouteSimilar and 1 otherwise.
	Route Route
	Score float64
}

// ExampleTranslator is the builtin backend of call insertion: it writes the
// calls of a sentence by finding an example sentence of the same shape —
// the same words around different values — and filling the example's calls
// with the sentence's values (named graphs, node, paper, user and entity
// IDs, numbers). It holds no model; build it with NewExampleTranslator.
// It is safe for concurrent use.
type ExampleTranslator struct {
	phrases  []graphPhrase
	byKey    map[string]*keyGroup // skeleton key -> the examples of that shape
	keys     []keyDoc             // one document per distinct key
	inverted map[string][]int     // token -> indices into keys
	idf      map[string]float64
	// cues[graph][word] counts, per loaded graph, the distinct keys holding
	// the word, in total ("") and per GR tool.
	cues map[string]map[string]map[string]int
	// signatures[graph] counts the tool signatures of a graph's keys.
	signatures map[string]map[string]int
	// literals counts the examples whose calls hold each unbound string:
	// a string many examples share (a tool, a subset such as "all
	// nodes") is part of a template, one few share is that example's own.
	literals map[string]int

	// order is the keys in the examples' order; the similarity index
	// (keys, inverted, idf, cues, signatures, literals) is built from them
	// once, when a sentence is first not matched exactly (indexOnce).
	order     []string
	indexOnce sync.Once
}

// template is one example made reusable: its holes and which leaf values of
// its calls each hole fills.
type template struct {
	ex    Example
	out   *Statement
	holes []slot // detected slots and word holes of the input, in order
	// bind maps the index of a leaf value of the calls (depth-first) to
	// the hole that fills it.
	bind     map[int]int
	detected []int // indices into holes of the detected (non-word) holes
	key      string
	shape    string // the output with bound values blanked, for voting
	graph    string // the graph the first call loads ("gpr", "cora")
	tools    string // the GR tools of the calls, in order
	usesWord bool   // some call value comes from a word hole
	// re is the pattern route's regexp, compiled on first use.
	reOnce sync.Once
	re     *regexp.Regexp
}

// keyDoc is a distinct skeleton key with its TF-IDF vector.
type keyDoc struct {
	key  string
	vec  map[string]float64
	tmpl *template // the group's first example whose output parses
}

// keyGroup is the examples of one skeleton key. Their templates are made
// when the key is first matched exactly; the most common call shape among
// them wins.
type keyGroup struct {
	examples []Example
	once     sync.Once
	win      *template
}

// winner returns the template of the group's most common call shape (the
// first such example), nil when no output parses.
func (g *keyGroup) winner(t *ExampleTranslator) *template {
	g.once.Do(func() {
		if len(g.examples) == 1 {
			g.win = t.newTemplate(g.examples[0])
			return
		}
		votes := map[string]int{}
		for _, ex := range g.examples {
			tp := t.newTemplate(ex)
			if tp == nil {
				continue
			}
			votes[tp.shape]++
			if g.win == nil || votes[tp.shape] > votes[g.win.shape] {
				g.win = tp
			}
		}
	})
	return g.win
}

// NewExampleTranslator builds the translator from examples (the training
// prompts). Examples whose output does not parse are skipped. Only the
// sentences are read now; an example's calls are read when its shape is
// first needed.
func NewExampleTranslator(examples []Example) *ExampleTranslator {
	return newExampleTranslator(examples, nil)
}

// newExampleTranslator is NewExampleTranslator with each example's
// skeleton key given (keys[i] is examples[i]'s, as exampleKey computes it),
// or computed when keys is nil. Keys are all a sentence matched exactly
// needs; the rest is built when first needed.
func newExampleTranslator(examples []Example, keys []string) *ExampleTranslator {
	t := &ExampleTranslator{phrases: graphPhrases(), byKey: map[string]*keyGroup{}, inverted: map[string][]int{},
		idf: map[string]float64{}, literals: map[string]int{}, cues: map[string]map[string]map[string]int{},
		signatures: map[string]map[string]int{}}
	for i, ex := range examples {
		var key string
		if keys != nil {
			key = keys[i]
		} else {
			key = t.exampleKey(ex)
		}
		g := t.byKey[key]
		if g == nil {
			g = &keyGroup{}
			t.byKey[key] = g
			t.order = append(t.order, key)
		}
		g.examples = append(g.examples, ex)
	}
	return t
}

// exampleKey is the skeleton key of an example's sentence: its words with
// the values (named graphs, # IDs, numbers) replaced by markers.
func (t *ExampleTranslator) exampleKey(ex Example) string {
	return strings.Join(skeleton(ex.Input, findSlots(ex.Input, t.phrases)), " ")
}

// index builds the similarity index over the keys once: each key's first
// example whose output parses is its template, with TF-IDF vectors, the
// cue words per graph and the shared literals.
func (t *ExampleTranslator) index() {
	t.indexOnce.Do(t.buildIndex)
}

func (t *ExampleTranslator) buildIndex() {
	df := map[string]int{}
	for _, key := range t.order {
		g := t.byKey[key]
		var first *template
		for _, ex := range g.examples {
			if first = t.newTemplate(ex); first != nil {
				break
			}
		}
		if first == nil {
			continue
		}
		// The group's examples are taken to share the first one's fixed
		// strings (the data's groups are sentences of one template).
		for _, lit := range uniq(first.unboundStrings()) {
			t.literals[lit] += len(g.examples)
		}
		t.keys = append(t.keys, keyDoc{key: key, tmpl: first})
		for _, w := range uniq(strings.Fields(key)) {
			df[w]++
		}
	}
	slices.SortFunc(t.keys, func(a, b keyDoc) int { return strings.Compare(a.key, b.key) })
	n := float64(len(t.keys))
	for w, c := range df {
		t.idf[w] = math.Log((n + 1) / float64(c))
	}
	for _, k := range t.keys {
		t.countCues(k.tmpl)
	}
	for i := range t.keys {
		t.keys[i].vec = t.vector(strings.Fields(t.keys[i].key))
		for w := range t.keys[i].vec {
			t.inverted[w] = append(t.inverted[w], i)
		}
	}
}

func uniq(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}

// vector is the unit TF-IDF vector of tokens; unseen tokens weigh as the
// rarest.
func (t *ExampleTranslator) vector(toks []string) map[string]float64 {
	tf := map[string]int{}
	for _, w := range toks {
		tf[w]++
	}
	v := make(map[string]float64, len(tf))
	norm := 0.0
	for w, c := range tf {
		idf, ok := t.idf[w]
		if !ok {
			idf = math.Log(float64(len(t.keys)) + 1)
		}
		x := (1 + math.Log(float64(c))) * idf
		v[w] = x
		norm += x * x
	}
	norm = math.Sqrt(norm)
	if norm > 0 {
		for w := range v {
			v[w] /= norm
		}
	}
	return v
}

// newTemplate makes an example reusable, or returns nil when its output
// does not parse or holds no call.
func (t *ExampleTranslator) newTemplate(ex Example) *template {
	out, err := Parse(ex.Output)
	if err != nil || !out.HasCalls() {
		return nil
	}
	tp := &template{ex: ex, out: out, bind: map[int]int{}}
	tp.holes = findSlots(ex.Input, t.phrases)
	nDetected := len(tp.holes)
	// Bind each leaf value of the calls to a hole holding the same value;
	// a value found in the input outside the detected holes becomes a word
	// hole.
	leaves := callLeaves(out)
	for li, v := range leaves {
		val, kind := leafValue(v)
		if val == "" {
			continue
		}
		if h := findHole(tp.holes, val, kind); h >= 0 {
			tp.bind[li] = h
			continue
		}
		if _, isString := v.(String); isString {
			continue // a dataset or tool name, a phrase: part of the template
		}
		if a, ok := findWord(ex.Input, val, tp.holes); ok {
			tp.holes = append(tp.holes, slot{Kind: slotWord, Start: a, End: a + len(val), Value: val})
			tp.bind[li] = len(tp.holes) - 1
			tp.usesWord = true
		}
	}
	if len(tp.holes) > nDetected {
		// Keep holes in text order and renumber the bindings.
		order := make([]int, len(tp.holes))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return tp.holes[a].Start - tp.holes[b].Start })
		newIndex := make([]int, len(order))
		sorted := make([]slot, len(order))
		for ni, oi := range order {
			newIndex[oi] = ni
			sorted[ni] = tp.holes[oi]
		}
		tp.holes = sorted
		for li, h := range tp.bind {
			tp.bind[li] = newIndex[h]
		}
	}
	var detectedSlots []slot
	for i, h := range tp.holes {
		if h.Kind != slotWord {
			tp.detected = append(tp.detected, i)
			detectedSlots = append(detectedSlots, h)
		}
	}
	tp.key = strings.Join(skeleton(ex.Input, detectedSlots), " ")
	tp.shape = shapeOf(out, tp.bind)
	tp.graph, tp.tools = callSignature(out)
	return tp
}

// leafValue is the value a leaf could take from a hole, and the hole kinds
// it may come from.
func leafValue(v Value) (string, []slotKind) {
	switch v := v.(type) {
	case Ref:
		return v.ID, []slotKind{slotRef, slotNum, slotWord}
	case Number:
		return v.Text, []slotKind{slotNum, slotRef}
	case String:
		return v.Text, []slotKind{slotGraph, slotRef, slotNum}
	}
	return "", nil
}

func findHole(holes []slot, val string, kinds []slotKind) int {
	for i, h := range holes {
		if h.Value == val && slices.Contains(kinds, h.Kind) {
			return i
		}
	}
	return -1
}

// findWord finds val in s as a whole token outside the holes.
func findWord(s, val string, holes []slot) (int, bool) {
	for from := 0; ; {
		i := strings.Index(s[from:], val)
		if i < 0 {
			return 0, false
		}
		a, b := from+i, from+i+len(val)
		from = a + 1
		if a > 0 && isWordByte(s[a-1]) || b < len(s) && isWordByte(s[b]) {
			continue
		}
		overlap := false
		for _, h := range holes {
			if a < h.End && h.Start < b {
				overlap = true
			}
		}
		if !overlap {
			return a, true
		}
	}
}

// callLeaves lists the leaf values of the statement's calls depth-first;
// fill walks the same order.
func callLeaves(st *Statement) []Value {
	var out []Value
	var walk func(v Value)
	walk = func(v Value) {
		switch v := v.(type) {
		case *Invocation:
			for _, a := range v.Args {
				walk(a)
			}
		case Keyed:
			walk(v.Value)
		case Set:
			for _, e := range v.Elems {
				walk(e)
			}
		case Tuple:
			for _, e := range v.Elems {
				walk(e)
			}
		default:
			out = append(out, v)
		}
	}
	for _, c := range st.Calls() {
		walk(c.Inv)
	}
	return out
}

// shapeOf prints the calls with bound values blanked: templates of one key
// vote with it.
func shapeOf(st *Statement, bind map[int]int) string {
	filled := fillCalls(st, func(li int, v Value) Value {
		if h, ok := bind[li]; ok {
			return setLeaf(v, fmt.Sprintf("\x00%d", h))
		}
		return v
	})
	var sb strings.Builder
	for _, c := range filled {
		sb.WriteString(c.String())
	}
	return sb.String()
}

// setLeaf gives a leaf a new value, keeping its kind and spelling.
func setLeaf(v Value, val string) Value {
	switch v := v.(type) {
	case Ref:
		v.ID = val
		return v
	case Number:
		v.Text = val
		return v
	case String:
		v.Text = val
		return v
	}
	return v
}

// fillCalls copies the statement's calls, passing each leaf (with its
// depth-first index) through f.
func fillCalls(st *Statement, f func(li int, v Value) Value) []*Call {
	li := 0
	var walk func(v Value) Value
	walk = func(v Value) Value {
		switch v := v.(type) {
		case *Invocation:
			c := &Invocation{Func: v.Func, Pos: v.Pos, Args: make([]Value, len(v.Args))}
			for i, a := range v.Args {
				c.Args[i] = walk(a)
			}
			return c
		case Keyed:
			v.Value = walk(v.Value)
			return v
		case Set:
			elems := make([]Value, len(v.Elems))
			for i, e := range v.Elems {
				elems[i] = walk(e)
			}
			v.Elems = elems
			return v
		case Tuple:
			elems := make([]Value, len(v.Elems))
			for i, e := range v.Elems {
				elems[i] = walk(e)
			}
			v.Elems = elems
			return v
		}
		out := f(li, v)
		li++
		return out
	}
	var calls []*Call
	for _, c := range st.Calls() {
		calls = append(calls, &Call{Inv: walk(c.Inv).(*Invocation), Target: c.Target, Pos: c.Pos, End: c.End})
	}
	return calls
}

// patternOf is the regexp of the input with each hole a capture group: the
// words around the holes must match (case and spacing aside).
func patternOf(s string, holes []slot) string {
	var sb strings.Builder
	sb.WriteString(`(?is)^\s*`)
	lit := func(text string) {
		for i, f := range strings.Fields(text) {
			if i > 0 {
				sb.WriteString(`\s+`)
			}
			sb.WriteString(regexp.QuoteMeta(f))
		}
		if strings.HasSuffix(text, " ") && strings.TrimSpace(text) != "" {
			sb.WriteString(`\s+`)
		}
	}
	prev := 0
	for _, h := range holes {
		text := s[prev:h.Start]
		if strings.HasPrefix(text, " ") && prev > 0 {
			sb.WriteString(`\s+`)
		}
		lit(text)
		if h.Kind == slotGraph {
			sb.WriteString(`(.+?)`)
		} else {
			sb.WriteString(`([^\s,;?!()\[\]{}"]+?)`)
		}
		prev = h.End
	}
	rest := s[prev:]
	if strings.HasPrefix(rest, " ") && prev > 0 {
		sb.WriteString(`\s+`)
	}
	lit(rest)
	sb.WriteString(`\s*$`)
	return sb.String()
}

// Translate writes the calls into a sentence (a [TBR] sentence or a plain
// question); it is the builtin Translator. Match says which example was
// used and how.
func (t *ExampleTranslator) Translate(ctx context.Context, sentence string) (*Statement, error) {
	tr, err := t.Match(ctx, sentence)
	if err != nil {
		return nil, err
	}
	return tr.Statement, nil
}

// Match writes the calls into a sentence (with a [TBR] placeholder or a
// plain question) and says which example they came from. It returns
// ErrNoTranslation when no example fits well enough.
func (t *ExampleTranslator) Match(ctx context.Context, sentence string) (*Translation, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sentence = strings.TrimSpace(sentence)
	if sentence == "" {
		return nil, fmt.Errorf("empty sentence: %w", ErrNoTranslation)
	}
	slots := findSlots(sentence, t.phrases)
	toks := skeleton(sentence, slots)
	key := strings.Join(toks, " ")
	if g, ok := t.byKey[key]; ok {
		if tp := g.winner(t); tp != nil {
			if tr, ok := t.fillDetected(tp, sentence, slots, RouteExact, 1); ok {
				return tr, nil
			}
		}
	}
	cands := t.nearest(toks, 30)
	for _, c := range cands {
		if tr, ok := t.fillPattern(c.tmpl, sentence); ok {
			return tr, nil
		}
	}
	for _, c := range cands {
		if c.score < minSimilarity {
			break
		}
		if c.tmpl.tools == "" && c.score < minLoadSimilarity {
			continue
		}
		if c.tmpl.usesWord || !t.literalsFit(c.tmpl, sentence) || !t.cuesFit(c.tmpl, toks) {
			continue
		}
		if tr, ok := t.fillDetected(c.tmpl, sentence, slots, RouteSimilar, c.score); ok {
			return tr, nil
		}
	}
	best := 0.0
	if len(cands) > 0 {
		best = cands[0].score
	}
	return nil, fmt.Errorf("%q: the closest example (similarity %.2f) does not fit%s: %w", sentence, best, t.graphHint(sentence), ErrNoTranslation)
}

// graphHint names the named graph a sentence may have misspelt ("the
// peterson graph"): "; did you mean the petersen graph?", or "".
func (t *ExampleTranslator) graphHint(sentence string) string {
	words := strings.Fields(wordsOnly(sentence))
	best, bestDist := "", 3
	for i, w := range words {
		if w != "graph" && w != "tree" {
			continue
		}
		for k := 1; k <= 4 && k <= i; k++ {
			phrase := strings.Join(words[i-k:i+1], " ")
			for _, p := range t.phrases {
				if p.words == phrase {
					return "" // a known name: not a spelling problem
				}
				d := textutil.EditDistance(phrase, p.words)
				if d < bestDist && d <= len(p.words)/5 {
					best, bestDist = p.words, d
				}
			}
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean the " + best + "?"
}

// callSignature is the graph the statement's first call loads and the GR
// tools of its calls.
func callSignature(st *Statement) (graphName, tools string) {
	var names []string
	for _, c := range st.Calls() {
		walkInvocations(c.Inv, func(inv *Invocation) {
			switch {
			case inv.Func == "GL" && graphName == "" && len(inv.Args) > 0:
				if s, ok := inv.Args[0].(String); ok {
					graphName = lowerASCII(s.Text)
				}
			case inv.Func == "GR" && len(inv.Args) > 1:
				if s, ok := inv.Args[1].(String); ok {
					names = append(names, s.Text)
				}
			}
		})
	}
	return graphName, strings.Join(names, " ")
}

// functionWords are the words whose presence or absence says nothing about
// which tool a sentence asks for.
var functionWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "in": true, "is": true, "are": true, "was": true, "be": true,
	"what": true, "which": true, "who": true, "how": true, "does": true, "do": true, "there": true, "its": true,
	"it": true, "this": true, "that": true, "and": true, "for": true, "to": true, "with": true, "by": true,
	"on": true, "as": true, "s": true, "can": true, "has": true, "have": true, "we": true, "from": true,
	"compute": true, "find": true, "tell": true, "me": true, "please": true, "<tbr>": true,
}

// countCues adds a key's words to the per-graph cue counts: per word, the
// keys holding it and, per tool, those of them whose calls use the tool.
func (t *ExampleTranslator) countCues(tp *template) {
	byWord := t.cues[tp.graph]
	if byWord == nil {
		byWord = map[string]map[string]int{}
		t.cues[tp.graph] = byWord
		t.signatures[tp.graph] = map[string]int{}
	}
	t.signatures[tp.graph][tp.tools]++
	tools := uniq(strings.Fields(tp.tools))
	for _, w := range uniq(strings.Fields(tp.key)) {
		if byWord[w] == nil {
			byWord[w] = map[string]int{}
		}
		byWord[w][""]++
		for _, tool := range tools {
			byWord[w][tool]++
		}
	}
}

// cueShare is the share of a graph's keys holding a word that must use one
// tool for the word to be a cue of that tool ("radius", "diameter",
// "edges").
const cueShare = 0.7

// cuesFit reports whether a similar example asks for the sentence's tools:
// when the example's graph is asked several things, no cue word of the
// example's tools may be missing from the sentence ("radius" in "has a
// radius of [TBR]" for "has [TBR] nodes"), and the sentence may hold no cue
// word of a tool the example does not use.
func (t *ExampleTranslator) cuesFit(tp *template, query []string) bool {
	if len(t.signatures[tp.graph]) <= 1 {
		return true // the graph is asked one thing: words cannot mislead
	}
	byWord := t.cues[tp.graph]
	isCue := func(w, tool string) bool {
		c := byWord[w]
		return c != nil && c[""] >= 2 && float64(c[tool]) >= cueShare*float64(c[""])
	}
	tools := strings.Fields(tp.tools)
	inQuery := map[string]bool{}
	for _, w := range query {
		inQuery[w] = true
	}
	inKey := map[string]bool{}
	for _, w := range strings.Fields(tp.key) {
		inKey[w] = true
		if inQuery[w] || functionWords[w] {
			continue
		}
		for _, tool := range tools {
			if isCue(w, tool) {
				return false
			}
		}
	}
	for w := range inQuery {
		if inKey[w] || functionWords[w] || byWord[w] == nil {
			continue
		}
		for tool := range byWord[w] {
			if tool != "" && !slices.Contains(tools, tool) && isCue(w, tool) {
				return false
			}
		}
	}
	return true
}

// minLiteralExamples is how many examples must share a string of their
// calls for the similar route to reuse it in another sentence.
const minLiteralExamples = 3

// unboundStrings lists the string values of the template's calls that no
// hole fills.
func (tp *template) unboundStrings() []string {
	var out []string
	for li, v := range callLeaves(tp.out) {
		if s, ok := v.(String); ok {
			if _, bound := tp.bind[li]; !bound {
				out = append(out, s.Text)
			}
		}
	}
	return out
}

// literalsFit reports whether a similar example's fixed strings may be
// reused for the sentence: the graph it loads (GL's first argument) is named
// in the sentence or is the "gpr" hub, and every other fixed string is shared
// by several examples (a tool, a subset such as "all nodes"), not one
// example's own description.
func (t *ExampleTranslator) literalsFit(tp *template, sentence string) bool {
	words := " " + strings.Join(strings.Fields(wordsOnly(sentence)), " ") + " "
	named := map[string]bool{} // graph names the sentence states
	for _, c := range tp.out.Calls() {
		ok := true
		walkInvocations(c.Inv, func(inv *Invocation) {
			if inv.Func != "GL" || len(inv.Args) == 0 {
				return
			}
			if s, isString := inv.Args[0].(String); isString && s.Text != "gpr" {
				if !strings.Contains(words, " "+strings.Join(strings.Fields(wordsOnly(s.Text)), " ")+" ") {
					ok = false
				}
				named[s.Text] = true
			}
		})
		if !ok {
			return false
		}
	}
	for _, lit := range tp.unboundStrings() {
		if !named[lit] && t.literals[lit] < minLiteralExamples {
			return false
		}
	}
	return true
}

// wordsOnly lower-cases s and turns every character but letters and digits
// into a space ("Last-fm" reads as "last fm").
func wordsOnly(s string) string {
	b := []byte(lowerASCII(s))
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf) {
			b[i] = ' '
		}
	}
	return string(b)
}

// walkInvocations calls f on inv and every invocation nested in it.
func walkInvocations(inv *Invocation, f func(*Invocation)) {
	f(inv)
	for _, a := range inv.Args {
		if in, ok := a.(*Invocation); ok {
			walkInvocations(in, f)
		}
	}
}

type candidate struct {
	tmpl  *template
	score float64
}

// nearest returns the k keys most similar to the tokens, best first.
func (t *ExampleTranslator) nearest(toks []string, k int) []candidate {
	t.index()
	q := t.vector(toks)
	scores := map[int]float64{}
	for w, x := range q {
		for _, i := range t.inverted[w] {
			scores[i] += x * t.keys[i].vec[w]
		}
	}
	out := make([]candidate, 0, len(scores))
	idx := make([]int, 0, len(scores))
	for i := range scores {
		idx = append(idx, i)
	}
	slices.SortFunc(idx, func(a, b int) int {
		if d := scores[b] - scores[a]; d != 0 {
			if d > 0 {
				return 1
			}
			return -1
		}
		return a - b
	})
	for _, i := range idx[:min(k, len(idx))] {
		out = append(out, candidate{t.keys[i].tmpl, scores[i]})
	}
	return out
}

// fillDetected fills a template's detected holes with the sentence's slots,
// in order; the holes must agree in number and kind.
func (t *ExampleTranslator) fillDetected(tp *template, sentence string, slots []slot, route Route, score float64) (*Translation, bool) {
	if len(tp.detected) != len(slots) {
		return nil, false
	}
	// Word holes keep the example's values (the words around them matched).
	values := make([]slot, len(tp.holes))
	for i, h := range tp.holes {
		values[i] = slot{Kind: h.Kind, Start: -1, End: -1, Value: h.Value}
	}
	for j, hi := range tp.detected {
		if tp.holes[hi].Kind != slots[j].Kind {
			return nil, false
		}
		values[hi] = slots[j]
	}
	return t.finish(tp, sentence, values, route, score), true
}

// fillPattern matches the sentence against the template's pattern and fills
// every hole with what it captured.
func (t *ExampleTranslator) fillPattern(tp *template, sentence string) (*Translation, bool) {
	tp.reOnce.Do(func() {
		// A pattern that does not compile leaves re nil: no match.
		tp.re, _ = regexp.Compile(patternOf(tp.ex.Input, tp.holes))
	})
	if tp.re == nil {
		return nil, false
	}
	m := tp.re.FindStringSubmatchIndex(sentence)
	if m == nil || len(m) != 2+2*len(tp.holes) {
		return nil, false
	}
	values := make([]slot, len(tp.holes))
	for i, h := range tp.holes {
		a, b := m[2+2*i], m[3+2*i]
		v := slot{Kind: h.Kind, Start: a, End: b, Value: sentence[a:b]}
		if h.Kind == slotGraph {
			name, ok := t.graphName(v.Value)
			if !ok {
				return nil, false
			}
			v.Value = name
		}
		if h.Kind == slotRef || h.Kind == slotWord {
			v.Value = trimIDEnd(v.Value)
		}
		values[i] = v
	}
	return t.finish(tp, sentence, values, RoutePattern, 1), true
}

// graphName reads a captured phrase as a named graph.
func (t *ExampleTranslator) graphName(phrase string) (string, bool) {
	l := strings.Join(strings.Fields(lowerASCII(phrase)), " ")
	for _, p := range t.phrases {
		if p.words == l {
			return p.name, true
		}
	}
	return "", false
}

// finish fills the template's calls with the values and writes them into
// the sentence.
func (t *ExampleTranslator) finish(tp *template, sentence string, values []slot, route Route, score float64) *Translation {
	calls := fillCalls(tp.out, func(li int, v Value) Value {
		if h, ok := tp.bind[li]; ok {
			return setLeaf(v, values[h].Value)
		}
		return v
	})
	for _, c := range calls {
		loadDatasets(c.Inv)
	}
	st := t.place(tp, sentence, values, calls, route)
	return &Translation{Statement: st, Example: tp.ex, Route: route, Score: score}
}

// loadDatasets turns the named-graph loads that a sentence's dataset
// filled, GL("gpr", {"dataset:karate"}), into loads of the dataset,
// GL("karate"), in inv and the calls nested in it.
func loadDatasets(inv *Invocation) {
	walkInvocations(inv, func(in *Invocation) {
		if in.Func != "GL" || len(in.Args) != 2 {
			return
		}
		set, ok := in.Args[1].(Set)
		if !ok || len(set.Elems) != 1 {
			return
		}
		if name, ok := textOf(set.Elems[0]); ok && strings.HasPrefix(name, datasetSlot) {
			in.Args = []Value{String{Text: strings.TrimPrefix(name, datasetSlot)}}
		}
	})
}

// place writes the filled calls into a sentence. When the example only
// replaced its [TBR] with its calls, the sentence's own [TBR] is replaced the
// same way; otherwise the example's output is used with the example's values
// in its text replaced by the sentence's.
func (t *ExampleTranslator) place(tp *template, sentence string, values []slot, calls []*Call, route Route) *Statement {
	if route == RouteSimilar && !strings.Contains(sentence, "[TBR]") {
		if at, ok := insertionWords(tp); ok {
			return insertCalls(sentence, at, tp.ex.Input, calls)
		}
	}
	if in, err := Parse(sentence); err == nil && in.HasPlaceholder() {
		if tbrFrame(tp) {
			parts := []Part{}
			done := false
			for _, p := range in.Parts {
				if _, isTBR := p.(Placeholder); isTBR && !done {
					for i, c := range calls {
						if i > 0 {
							parts = append(parts, Text{Text: " "})
						}
						parts = append(parts, c)
					}
					done = true
					continue
				}
				parts = append(parts, p)
			}
			st := &Statement{Parts: parts}
			st.Source = st.String()
			return st
		}
	}
	parts := []Part{}
	ci := 0
	for _, p := range tp.out.Parts {
		switch p := p.(type) {
		case *Call:
			parts = append(parts, calls[ci])
			ci++
		case Text:
			parts = append(parts, Text{Text: replaceValues(p.Text, tp, sentence, values)})
		default:
			parts = append(parts, p)
		}
	}
	st := &Statement{Parts: parts}
	st.Source = st.String()
	return st
}

// insertionWords reports whether the example's output is its input with
// calls inserted between words (as the graph loading examples are), and
// before how many of the input's words each call went.
func insertionWords(tp *template) ([]int, bool) {
	var text strings.Builder
	var at []int
	words := 0
	for _, p := range tp.out.Parts {
		switch p := p.(type) {
		case Text:
			text.WriteString(p.Text)
			text.WriteByte(' ')
			words = len(strings.Fields(text.String()))
		case *Call:
			at = append(at, words)
		default:
			return nil, false
		}
	}
	if strings.Join(strings.Fields(text.String()), " ") != strings.Join(strings.Fields(tp.ex.Input), " ") {
		return nil, false
	}
	return at, len(at) > 0
}

// insertCalls puts the calls into the sentence between words: each after
// the word that preceded it in the example, found in the sentence, or else
// after as many words as in the example.
func insertCalls(sentence string, at []int, exampleInput string, calls []*Call) *Statement {
	exWords := strings.Fields(exampleInput)
	words := strings.Fields(sentence)
	fold := func(w string) string { return strings.TrimSpace(wordsOnly(w)) }
	pos := make([]int, len(at)) // words of the sentence before each call
	from := 0
	for i, n := range at {
		p := min(n, len(words))
		if n > 0 && n <= len(exWords) {
			anchor := fold(exWords[n-1])
			for j := from; j < len(words); j++ {
				if fold(words[j]) == anchor && anchor != "" {
					p = j + 1
					break
				}
			}
		}
		p = max(p, from)
		pos[i], from = p, p
	}
	var parts []Part
	prev := 0
	for i, c := range calls {
		if pos[i] > prev || i == 0 {
			text := strings.Join(words[prev:pos[i]], " ")
			if text != "" {
				text += " "
			}
			parts = append(parts, Text{Text: text})
		} else {
			parts = append(parts, Text{Text: " "})
		}
		parts = append(parts, c)
		prev = pos[i]
	}
	if rest := strings.Join(words[prev:], " "); rest != "" {
		parts = append(parts, Text{Text: " " + rest})
	}
	st := &Statement{Parts: parts}
	st.Source = st.String()
	return st
}

// tbrFrame reports whether the example's output is its input with the
// [TBR] replaced by its calls (all adjacent).
func tbrFrame(tp *template) bool {
	in := tp.ex.Input
	i := strings.Index(in, "[TBR]")
	if i < 0 || strings.Count(in, "[TBR]") != 1 {
		return false
	}
	calls := tp.out.Calls()
	first, last := calls[0], calls[len(calls)-1]
	for k := 1; k < len(calls); k++ {
		if strings.TrimSpace(tp.ex.Output[calls[k-1].End:calls[k].Pos]) != "" {
			return false
		}
	}
	before, after := tp.ex.Output[:first.Pos], tp.ex.Output[last.End:]
	inBefore, inAfter := in[:i], in[i+len("[TBR]"):]
	return before == inBefore && after == inAfter
}

// replaceValues replaces the example's hole values written in text by the
// sentence's.
func replaceValues(text string, tp *template, sentence string, values []slot) string {
	for i, h := range tp.holes {
		if values[i].Start < 0 {
			continue // the example's own value
		}
		from := tp.ex.Input[h.Start:h.End]
		to := sentence[values[i].Start:values[i].End]
		text = strings.Replace(text, from, to, 1)
	}
	return text
}
