package retrieval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/tools"
)

// Entry kinds: each tool is indexed as several texts.
const (
	// EntryDescription is the tool's name and description.
	EntryDescription = "description"
	// EntryWhenToUse is the tool's when-to-use text.
	EntryWhenToUse = "when_to_use"
	// EntryExample is one of the tool's example questions.
	EntryExample = "example"
	// EntryDocument is all of the above plus what the tool returns and its
	// parameters.
	EntryDocument = "document"
)

// ToolHit is one tool found for a query: Score is the best cosine
// similarity over the tool's entries, Matched says which entry, and Rank is
// what hits are ordered by (see ToolIndex).
type ToolHit struct {
	// Name is the tool's name.
	Name string `json:"name"`
	// Score is the best cosine similarity over the tool's entries.
	Score float32 `json:"score"`
	// Rank is what hits are ordered by (see ToolIndex).
	Rank float32 `json:"rank"`
	// Matched is the kind of the best entry, e.g. EntryExample.
	Matched string `json:"matched"`
	// Text is the best entry's text.
	Text string `json:"text"`
}

// Ranking of tools by their entries' cosines s_i: a soft maximum
// ln(sum exp(rankTemp*s_i))/rankTemp, which is the best cosine plus a bonus
// of at most ln(entries)/rankTemp when several entries agree, plus docWeight
// times the cosine of the tool's whole document. Ranking by the best entry
// alone lets one entry that shares a few words with the question win
// (GTools "number of edges present" went to density's example "possible
// edges are present"). The two constants were chosen on GTools among about a
// dozen variants (soft maximum at temperatures 10 to 30, second-best entry,
// document weights 0.3 to 1), keeping the ones that did not lower the
// held-out dev questions.
const (
	rankTemp  = 20
	docWeight = 0.5
)

type toolEntry struct {
	tool, kind, text string
}

// ToolIndex finds the catalogue's tools for a question. Each tool is indexed
// as several entries (its description with its name and parameters, its
// when-to-use text, each example question, and a document of all of them);
// a tool's Score is the maximum cosine over its entries, and tools are
// ranked by a soft maximum over the entries plus half the document's cosine
// (rankTemp, docWeight). Queries are cleaned with encoders.CleanQuestion
// first. A ToolIndex is safe for concurrent use.
type ToolIndex struct {
	enc  encoders.Encoder
	opts Options
	// idx is the entries' vector index, built on first use (searches of
	// large catalogues, or with Options.Mode Approximate); an exact
	// search of the catalogue scores the sparse vectors directly.
	idxOnce    sync.Once
	idx        *Index
	dim        int
	entries    []toolEntry
	vecs       []sparseVec // unit vector of each entry
	byID       map[string]int
	byTool     map[string][]int // entries of each tool
	tools      int
	maxEntries int // most entries of one tool
	specs      []tools.Spec
	entryPos   []int    // position of each entry among all of the specs' entries
	ids        []string // ID of each entry in idx
}

// NewToolIndex encodes the specs' entries with enc (fitted to them first
// when enc is an encoders.Fitter) and indexes them. Duplicate tool names are
// an error.
func NewToolIndex(ctx context.Context, specs []tools.Spec, enc encoders.Encoder, opts ...Options) (*ToolIndex, error) {
	if enc == nil {
		return nil, errors.New("tool index: nil encoder")
	}
	entries, perTool, names, err := collectEntries(specs)
	if err != nil {
		return nil, err
	}
	texts := make([]string, len(entries))
	for i, e := range entries {
		texts[i] = e.text
	}
	enc, vecs, err := encoders.FitAndEncode(ctx, enc, texts)
	if err != nil {
		return nil, fmt.Errorf("tool index: encode %d entries with %s: %w", len(texts), enc.Name(), err)
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("tool index: %s returned %d vectors for %d texts: %w", enc.Name(), len(vecs), len(texts), encoders.ErrBadVector)
	}
	var positions []int
	var units []sparseVec
	dim := 0
	for i, v := range vecs {
		if isZero(v) {
			continue // a text with no words matches nothing
		}
		v = slices.Clone(v)
		if !encoders.Normalize(v) {
			return nil, fmt.Errorf("tool index: entry %d of %s: NaN or infinite component: %w", i, entries[i].tool, encoders.ErrBadVector)
		}
		if dim == 0 {
			dim = len(v)
		}
		if len(v) != dim {
			return nil, fmt.Errorf("tool index: entry %d of %s has %d dimensions, others %d: %w", i, entries[i].tool, len(v), dim, encoders.ErrBadVector)
		}
		positions = append(positions, i)
		units = append(units, sparseOf(v))
	}
	return assemble(enc, specs, entries, positions, units, dim, perTool, names, opts)
}

// collectEntries returns the entries of specs in order, the most entries
// of one tool and the number of tools.
func collectEntries(specs []tools.Spec) (entries []toolEntry, perTool, names int, err error) {
	seen := map[string]bool{}
	for _, s := range specs {
		if s.Name == "" {
			return nil, 0, 0, errors.New("tool index: a spec has no name")
		}
		if seen[s.Name] {
			return nil, 0, 0, fmt.Errorf("tool index: tool %q listed twice", s.Name)
		}
		seen[s.Name] = true
		es := specEntries(s)
		perTool = max(perTool, len(es))
		entries = append(entries, es...)
	}
	return entries, perTool, len(seen), nil
}

// sparseVec is a unit vector by its non-zero components: the builtin
// encoder's vectors have a few dozen of DefaultDim, so scoring the
// catalogue's entries this way reads a tenth of the memory, and a
// prepared index is restored without allocating dense vectors (whose
// fresh pages were a tenth of a one-question process).
type sparseVec struct {
	idx []int32
	val []float32
}

// sparseOf returns the non-zero components of v.
func sparseOf(v []float32) sparseVec {
	var s sparseVec
	for i, x := range v {
		if x != 0 {
			s.idx = append(s.idx, int32(i))
			s.val = append(s.val, x)
		}
	}
	return s
}

// dot is the dot product with the dense q, summed in component order:
// every score of a ToolIndex comes from here, so a restored index and a
// built one agree to the bit.
func (s sparseVec) dot(q []float32) float32 {
	var sum float32
	val := s.val[:len(s.idx)]
	for j, i := range s.idx {
		sum += q[i] * val[j]
	}
	return sum
}

// dense returns s as a vector of dimension dim.
func (s sparseVec) dense(dim int) []float32 {
	v := make([]float32, dim)
	for j, i := range s.idx {
		v[i] = s.val[j]
	}
	return v
}

// assemble indexes the unit vectors units (finite, non-zero, of dimension
// dim) of the entries at positions (the others have no words and match
// nothing).
func assemble(enc encoders.Encoder, specs []tools.Spec, entries []toolEntry, positions []int, units []sparseVec, dim, perTool, names int, opts []Options) (*ToolIndex, error) {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	t := &ToolIndex{enc: enc, opts: o.withDefaults(), dim: dim, byID: map[string]int{}, byTool: map[string][]int{}, tools: names, maxEntries: perTool,
		specs: specs, entryPos: positions}
	for k, i := range positions {
		e := entries[i]
		id := e.tool + "#" + strconv.Itoa(i)
		t.byID[id] = len(t.entries)
		t.ids = append(t.ids, id)
		t.byTool[e.tool] = append(t.byTool[e.tool], len(t.entries))
		t.entries = append(t.entries, e)
		t.vecs = append(t.vecs, units[k])
	}
	return t, nil
}

// index returns the entries' vector index, building it on first use.
func (t *ToolIndex) index() *Index {
	t.idxOnce.Do(func() {
		t.idx = NewIndex(t.opts)
		items := make([]Item, len(t.vecs))
		for e, v := range t.vecs {
			items[e] = Item{ID: t.ids[e], Vector: v.dense(t.dim)}
		}
		t.idx.addUnit(items)
	})
	return t.idx
}

// specEntries returns the texts a tool is indexed under.
func specEntries(s tools.Spec) []toolEntry {
	name := strings.ReplaceAll(s.Name, "_", " ")
	out := []toolEntry{{s.Name, EntryDescription, name + ": " + s.Description}}
	if w := strings.TrimSpace(s.WhenToUse); w != "" {
		out = append(out, toolEntry{s.Name, EntryWhenToUse, w})
	}
	for _, ex := range s.Examples {
		if ex = strings.TrimSpace(ex); ex != "" {
			out = append(out, toolEntry{s.Name, EntryExample, ex})
		}
	}
	// The document: everything above plus what it returns and its
	// parameters, which are too generic to stand as entries of their own.
	doc := make([]string, 0, len(out)+2+len(s.Params))
	for _, e := range out {
		doc = append(doc, e.text)
	}
	if s.Returns != "" {
		doc = append(doc, "Returns "+s.Returns)
	}
	for _, p := range s.Params {
		doc = append(doc, strings.ReplaceAll(p.Name, "_", " ")+": "+p.Description)
	}
	return append(out, toolEntry{s.Name, EntryDocument, strings.Join(doc, "\n")})
}

// Encoder is the (fitted) encoder the index uses for queries.
func (t *ToolIndex) Encoder() encoders.Encoder { return t.enc }

// Len is the number of tools indexed.
func (t *ToolIndex) Len() int { return t.tools }

// Entries is the number of indexed entries.
func (t *ToolIndex) Entries() int { return len(t.entries) }

// Search returns the k tools that best match query, best first (ties by
// name); fewer when fewer tools match.
func (t *ToolIndex) Search(ctx context.Context, query string, k int) ([]ToolHit, error) {
	if k <= 0 {
		return nil, fmt.Errorf("tool search for %d tools: %w", k, ErrBadK)
	}
	vecs, err := t.enc.Encode(ctx, []string{encoders.CleanQuestion(query)})
	if err != nil {
		return nil, fmt.Errorf("tool search: encode query: %w", err)
	}
	if len(vecs) != 1 {
		return nil, fmt.Errorf("tool search: %s returned %d vectors for 1 text: %w", t.enc.Name(), len(vecs), encoders.ErrBadVector)
	}
	if o := t.opts; o.Mode == Exact || o.Mode == Auto && len(t.entries) < o.ExactBelow {
		return t.searchAll(ctx, vecs[0], k)
	}
	return t.searchVec(ctx, vecs[0], k, t.index().Search)
}

// searchAll is searchVec over every entry: each entry's cosine is computed
// once and serves both for the tool's best entry and for its rank, with no
// sorted list of entry hits (which made a search of the whole catalogue
// quadratic in its entries). It gives the same hits as searchVec with an
// exact search.
func (t *ToolIndex) searchAll(ctx context.Context, vec []float32, k int) ([]ToolHit, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("tool search: %w", err)
	}
	q := slices.Clone(vec)
	if !encoders.Normalize(q) {
		return nil, fmt.Errorf("tool search: query: NaN or infinite component: %w", encoders.ErrBadVector)
	}
	if isZero(q) || len(t.entries) == 0 {
		return []ToolHit{}, nil // similar to nothing, as in Index.Search
	}
	if len(q) != t.dim {
		return nil, fmt.Errorf("tool search: a %d-dimensional query for %d-dimensional entries: %w", len(q), t.dim, encoders.ErrBadVector)
	}
	scores := make([]float32, len(t.vecs))
	for e, v := range t.vecs {
		scores[e] = v.dot(q)
	}
	out := make([]ToolHit, 0, len(t.byTool))
	for tool, es := range t.byTool {
		best := es[0]
		for _, e := range es[1:] {
			// Ties go to the smaller ID, as in the entry hits of Index.
			if scores[e] > scores[best] || scores[e] == scores[best] && t.ids[e] < t.ids[best] {
				best = e
			}
		}
		en := t.entries[best]
		out = append(out, ToolHit{Name: tool, Score: scores[best], Rank: t.rankOf(func(e int) float32 { return scores[e] }, es), Matched: en.kind, Text: en.text})
	}
	slices.SortFunc(out, compareToolHits)
	return out[:min(k, len(out))], nil
}

type searchFunc func(ctx context.Context, vec []float32, k int) ([]Hit, error)

// searchVec ranks tools from entry hits. The top m entries hold the best
// entry of every tool whose best cosine is above the m-th score s; such a
// tool's rank is at most (1+docWeight)*s + ln(maxEntries)/rankTemp (its soft maximum
// exceeds its best entry by at most the log term, and its document is one of
// its entries), so once the k-th ranked candidate beats that bound no other
// tool can enter the top k. Otherwise m doubles until it covers every entry.
func (t *ToolIndex) searchVec(ctx context.Context, vec []float32, k int, search searchFunc) ([]ToolHit, error) {
	if len(t.entries) == 0 {
		return nil, nil
	}
	q := slices.Clone(vec)
	if !encoders.Normalize(q) {
		return nil, fmt.Errorf("tool search: query: NaN or infinite component: %w", encoders.ErrBadVector)
	}
	k = min(k, t.tools) // no more hits than tools, and k*maxEntries cannot overflow
	for m := min(k*t.maxEntries, len(t.entries)); ; m = min(2*m, len(t.entries)) {
		hits, err := search(ctx, vec, m)
		if err != nil {
			return nil, fmt.Errorf("tool search: %w", err)
		}
		out := make([]ToolHit, 0, min(k, t.tools))
		seen := map[string]bool{}
		for _, h := range hits {
			tool := t.entries[t.byID[h.ID]].tool
			if seen[tool] {
				continue
			}
			seen[tool] = true
			out = append(out, t.hit(q, tool))
		}
		slices.SortStableFunc(out, compareToolHits)
		if len(hits) < m || m == len(t.entries) {
			return out[:min(k, len(out))], nil // every entry was seen
		}
		// The index's scores are dense dot products, which may differ from
		// the sparse ones in the last bits: the bound allows for it.
		bound := (1+docWeight)*hits[len(hits)-1].Score + float32(math.Log(float64(t.maxEntries))/rankTemp) + 1e-5
		if len(out) >= k && out[k-1].Rank > bound {
			return out[:k], nil
		}
	}
}

// hit is tool's hit for the unit query q: its best entry (ties to the
// smaller ID, as in searchAll) and its rank.
func (t *ToolIndex) hit(q []float32, tool string) ToolHit {
	es := t.byTool[tool]
	best, bs := es[0], t.vecs[es[0]].dot(q)
	for _, e := range es[1:] {
		if s := t.vecs[e].dot(q); s > bs || s == bs && t.ids[e] < t.ids[best] {
			best, bs = e, s
		}
	}
	en := t.entries[best]
	return ToolHit{Name: tool, Score: bs, Rank: t.rank(q, tool), Matched: en.kind, Text: en.text}
}

// rank is the ranking score of tool against the unit query q.
func (t *ToolIndex) rank(q []float32, tool string) float32 {
	return t.rankOf(func(e int) float32 { return t.vecs[e].dot(q) }, t.byTool[tool])
}

// rankOf is the rank of a tool with entries es whose cosines score gives.
func (t *ToolIndex) rankOf(score func(e int) float32, es []int) float32 {
	// Streaming log-sum-exp: sum holds sum exp(rankTemp*(s_i - best)).
	best, sum, doc := math.Inf(-1), 0.0, 0.0
	for _, e := range es {
		s := float64(score(e))
		if s > best {
			sum = sum*math.Exp(rankTemp*(best-s)) + 1
			best = s
		} else {
			sum += math.Exp(rankTemp * (s - best))
		}
		if t.entries[e].kind == EntryDocument {
			doc = s
		}
	}
	return float32(best + math.Log(sum)/rankTemp + docWeight*doc)
}

// compareToolHits orders by rank descending, then name ascending.
func compareToolHits(a, b ToolHit) int {
	return compareHits(Hit{a.Name, a.Rank}, Hit{b.Name, b.Rank})
}
