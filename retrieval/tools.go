package retrieval

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/tools"
)

// Entry kinds: each tool is indexed as several texts.
const (
	EntryDescription = "description" // name and description
	EntryWhenToUse   = "when_to_use"
	EntryExample     = "example"
	EntryDocument    = "document" // all of the above, what it returns and its parameters
)

// ToolHit is one tool found for a query: its score is the best cosine
// similarity over the tool's entries, and Matched says which entry.
type ToolHit struct {
	Name    string  `json:"name"`
	Score   float32 `json:"score"`
	Matched string  `json:"matched"` // entry kind, e.g. "example"
	Text    string  `json:"text"`    // the entry's text
}

type toolEntry struct {
	tool, kind, text string
}

// ToolIndex finds the catalogue's tools for a question. Each tool is indexed
// as several entries (its description with its name and parameters, its
// when-to-use text, each example question); a tool's score is the maximum
// over its entries. Queries are cleaned with encoders.CleanQuestion first.
// A ToolIndex is safe for concurrent use.
type ToolIndex struct {
	enc        encoders.Encoder
	idx        *Index
	entries    []toolEntry
	byID       map[string]int
	tools      int
	maxEntries int // most entries of one tool
}

// NewToolIndex encodes the specs' entries with enc (fitted to them first
// when enc is an encoders.Fitter) and indexes them. Duplicate tool names are
// an error.
func NewToolIndex(ctx context.Context, specs []tools.Spec, enc encoders.Encoder, opts ...Options) (*ToolIndex, error) {
	if enc == nil {
		return nil, errors.New("tool index: nil encoder")
	}
	var entries []toolEntry
	names := map[string]bool{}
	perTool := 0
	for _, s := range specs {
		if s.Name == "" {
			return nil, errors.New("tool index: a spec has no name")
		}
		if names[s.Name] {
			return nil, fmt.Errorf("tool index: tool %q listed twice", s.Name)
		}
		names[s.Name] = true
		es := specEntries(s)
		perTool = max(perTool, len(es))
		entries = append(entries, es...)
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
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	t := &ToolIndex{enc: enc, idx: NewIndex(o), byID: map[string]int{}, tools: len(names), maxEntries: perTool}
	items := make([]Item, 0, len(entries))
	for i, e := range entries {
		if isZero(vecs[i]) {
			continue // a text with no words matches nothing
		}
		id := fmt.Sprintf("%s#%d", e.tool, i)
		t.byID[id] = len(t.entries)
		t.entries = append(t.entries, e)
		items = append(items, Item{ID: id, Vector: vecs[i]})
	}
	if err := t.idx.Add(items...); err != nil {
		return nil, fmt.Errorf("tool index: %w", err)
	}
	return t, nil
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
	return t.searchVec(ctx, vecs[0], k, t.idx.Search)
}

type searchFunc func(ctx context.Context, vec []float32, k int) ([]Hit, error)

// searchVec maps entry hits to tools. The top k*maxEntries entries always
// hold the best entry of each of the top k tools, since no tool has more
// than maxEntries entries.
func (t *ToolIndex) searchVec(ctx context.Context, vec []float32, k int, search searchFunc) ([]ToolHit, error) {
	if len(t.entries) == 0 {
		return nil, nil
	}
	hits, err := search(ctx, vec, k*t.maxEntries)
	if err != nil {
		return nil, fmt.Errorf("tool search: %w", err)
	}
	out := make([]ToolHit, 0, k)
	seen := map[string]bool{}
	for _, h := range hits {
		e := t.entries[t.byID[h.ID]]
		if seen[e.tool] {
			continue
		}
		seen[e.tool] = true
		out = append(out, ToolHit{Name: e.tool, Score: h.Score, Matched: e.kind, Text: e.text})
		if len(out) == k {
			break
		}
	}
	// Entry hits are sorted by score then ID; re-sort tools by score then
	// name so ties do not depend on entry numbering.
	slices.SortStableFunc(out, func(a, b ToolHit) int {
		return compareHits(Hit{a.Name, a.Score}, Hit{b.Name, b.Score})
	})
	return out, nil
}
