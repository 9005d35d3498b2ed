package extract

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// PairPhrases reads a graph written as a headed list of pairs in words, as
// GraphArena and people write it: a header naming the relation, a colon,
// and pairs joined by "and", "to", "with" or "&", separated by commas or
// semicolons ("Research collaborations between these authors: Wei Wang
// and Jun Li, Wei Wang and Hui Zhang."; "Friendship connections: Ann to
// Bo, Bo to Cy"). A headed list of names ("Authors in the network: Wei
// Wang, Jun Li, Hui Zhang") declares the nodes, so people with no pair are
// isolated nodes. A list ends at the end of its line. Names may have
// several words ("Philip S. Yu"). Every item of a pair list must be a pair,
// or the list is not read.
type PairPhrases struct{}

// Name names the notation.
func (PairPhrases) Name() string { return "pair phrases" }

var (
	// pairListHeader is a header of a list of pairs: a relation noun in
	// the plural before the colon.
	pairListHeader = regexp.MustCompile(`(?i)\b(connections|collaborations|friendships|relationships|relations|partnerships|co-?authorships|links|edges|pairs|ties|roads|flights|routes|acquaintances|interactions|contacts|edges are|friends are)\b[^:\n]{0,60}:[ \t]*`)
	// nodeListHeader is a header of a list of nodes: who or what is in
	// the network.
	nodeListHeader = regexp.MustCompile(`(?i)\b(authors|names|users|people|persons|members|entities|nodes|vertices|airports|cities|towns|characters|players|students|employees|accounts|proteins|genes|papers)\b[^:\n]{0,40}\b(in|of)\s+(the|this)\s+(\w+\s+){0,2}(network|graph)\s*:[ \t]*`)
	// pairJoin splits one item into its two names.
	pairJoin = regexp.MustCompile(`^(.+?)\s+(?:and|to|with|&)\s+(.+)$`)
)

// Read implements Reader.
func (PairPhrases) Read(ctx context.Context, d *Doc) (Reading, error) {
	if err := ctx.Err(); err != nil {
		return Reading{}, err
	}
	text := d.Text
	r := Reading{Reader: PairPhrases{}.Name(), Confidence: 0.95}
	seen := map[string]bool{}
	add := func(n string, at int) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
			r.NodeStarts = append(r.NodeStarts, at)
		}
	}
	var declared []string
	var nodeHeaders [][]int
	if nodeHeaderPossible(text) {
		nodeHeaders = nodeListHeader.FindAllStringIndex(text, -1)
	}
	for _, m := range nodeHeaders {
		items, s, e := listItems(text, m[1])
		if len(items) < 2 {
			continue
		}
		for _, it := range items {
			if !nameLike(it.text) {
				return Reading{}, nil
			}
		}
		for _, it := range items {
			add(it.text, it.s)
			declared = append(declared, it.text)
		}
		r.Spans = append(r.Spans, Span{Start: s, End: e, Role: RoleDeclaration})
	}
	for _, m := range pairHeaderMatches(pairListHeader, text) {
		items, s, e := listItems(text, m[1])
		if len(items) == 0 {
			continue
		}
		var es []Edge
		for _, it := range items {
			pm := pairJoin.FindStringSubmatchIndex(it.text)
			if pm == nil {
				return Reading{}, nil
			}
			u, v := it.text[pm[2]:pm[3]], it.text[pm[4]:pm[5]]
			if !nameLike(u) || !nameLike(v) {
				return Reading{}, nil
			}
			es = append(es, Edge{U: u, V: v, Start: it.s, End: it.s + len(it.text)})
		}
		for _, ed := range es {
			add(ed.U, ed.Start)
			add(ed.V, ed.Start)
		}
		r.Edges = append(r.Edges, es...)
		r.Spans = append(r.Spans, Span{Start: s, End: e, Role: RoleGraph})
	}
	readSymbolPairs(text, &r, add)
	if len(r.Edges) == 0 {
		return Reading{}, nil
	}
	if len(declared) > 0 {
		for _, ed := range r.Edges {
			for _, n := range []string{ed.U, ed.V} {
				if !slices.Contains(declared, n) {
					r.Notes = append(r.Notes, "the pairs name "+n+", which the list of nodes does not")
					r.Confidence = 0.6
				}
			}
		}
	}
	return r, nil
}

// symbolJoin splits an item joined by a sign ("Ana+Bo", "Ana & Bo",
// "COLD/CORD").
var symbolJoin = regexp.MustCompile(`^(.+?)\s*[+&/]\s*(.+)$`)

// readSymbolPairs reads lines (or the rest of a line after its colon)
// that are lists of three or more pairs joined by "+" or "&" ("Shared
// kiln loads: Ana+Bo, Bo+Cyd, Ana+Cyd"): a sign between two names is a
// pair whatever the header says, so no header noun is needed. Every item
// must be such a pair; text another pass read is left alone.
func readSymbolPairs(text string, r *Reading, add func(string, int)) {
	if strings.IndexByte(text, '+') < 0 && strings.IndexByte(text, '&') < 0 && strings.IndexByte(text, '/') < 0 {
		return
	}
	read := func(s, e int) bool {
		for _, sp := range r.Spans {
			if s < sp.End && sp.Start < e {
				return true
			}
		}
		return false
	}
	for at := 0; at < len(text); {
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		line := text[at:end]
		next := end + 1
		if !strings.ContainsAny(line, "+&/") || strings.Contains(line, "://") {
			at = next
			continue
		}
		from := at
		if k := strings.LastIndexByte(line, ':'); k >= 0 {
			from = at + k + 1
		}
		items, s, e := listItems(text, from)
		if len(items) < 3 || read(s, e) {
			at = next
			continue
		}
		var es []Edge
		for _, it := range items {
			pm := symbolJoin.FindStringSubmatchIndex(it.text)
			if pm == nil {
				es = nil
				break
			}
			u, v := strings.TrimSpace(it.text[pm[2]:pm[3]]), strings.TrimSpace(it.text[pm[4]:pm[5]])
			if !nameLike(u) || !nameLike(v) || strings.ContainsAny(u+v, "+&/") || strings.TrimSpace(it.text[pm[3]:pm[4]]) == "/" && (strings.IndexFunc(u, unicode.IsLetter) < 0 || strings.IndexFunc(v, unicode.IsLetter) < 0) {
				es = nil
				break
			}
			es = append(es, Edge{U: u, V: v, Start: it.s, End: it.s + len(it.text)})
		}
		for _, ed := range es {
			add(ed.U, ed.Start)
			add(ed.V, ed.Start)
		}
		if es != nil {
			r.Edges = append(r.Edges, es...)
			r.Spans = append(r.Spans, Span{Start: s, End: e, Role: RoleGraph})
		}
		at = next
	}
}

// listItem is one comma-separated item of a headed list.
type listItem struct {
	text string
	s    int
}

// listItems splits the rest of the line from text[at] into items at commas
// and semicolons (and a last ", and"), dropping a final full stop; s and e
// are the list's span.
func listItems(text string, at int) (items []listItem, s, e int) {
	end := strings.IndexByte(text[at:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += at
	}
	line := strings.TrimRight(text[at:end], " \t\r")
	line = strings.TrimSuffix(line, ".")
	start := at
	for _, part := range splitKeep(line, ",;") {
		t := strings.TrimSpace(part.text)
		if strings.HasPrefix(strings.ToLower(t), "and ") {
			t = strings.TrimSpace(t[4:])
		}
		if t == "" {
			continue
		}
		off := start + part.s + strings.Index(part.text, t)
		items = append(items, listItem{text: t, s: off})
	}
	return items, at, at + len(line)
}

// splitKeep splits s at any of seps, keeping each part's offset.
func splitKeep(s, seps string) []listItem {
	var out []listItem
	prev := 0
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(seps, s[i]) >= 0 {
			out = append(out, listItem{text: s[prev:i], s: prev})
			prev = i + 1
		}
	}
	return append(out, listItem{text: s[prev:], s: prev})
}

// nameLike reports whether s can be a node's name in a list: one to four
// words, none of them a verb of a sentence, with no digits-only sentence
// structure ("Wei Wang", "Philip S. Yu", "LAX", "node 3").
func nameLike(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	for _, w := range f {
		switch strings.ToLower(w) {
		case "is", "are", "was", "were", "has", "have", "and", "to", "with", "the", "a", "an", "of", "in", "on", "what", "which", "how":
			return false
		}
	}
	return true
}
