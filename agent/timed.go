package agent

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools/graph"
)

// timeWords ask about when edges exist ("when are 0 and 2 first linked",
// "at time 3", "which edge appears last").
var timeWords = regexp.MustCompile(`\b(when|time|times|timestamps?|first|last|earliest|latest|before|after|during|until|since|anymore|still|ever|snapshot|moment|step)\b`)

// timedEdgesQuestion declines (ErrNoAnswer) a question about a graph whose
// edge numbers are times ("(u, v, t) means u and v are linked at time t")
// when the question asks about time: the tools read the graph of every
// edge that ever existed, not when each did. Questions about that graph
// ("how many nodes") are answered.
func timedEdgesQuestion(question string, ex reasoning.Extraction) error {
	if ex.Graph == nil || ex.Report.EdgeValues != extract.MeaningTime {
		return nil
	}
	if m := timeWords.FindString(strings.ToLower(askingText(outsideSpans(question, ex)))); m != "" {
		return fmt.Errorf("the edges carry times and the question asks about time (%q); the tools read the graph of all edges together, not when each exists: %w", m, ErrNoAnswer)
	}
	return nil
}

// unreadNamingStatement declines (ErrNoAnswer) a question whose statement
// that no reader accounted for names two nodes of the graph, or one and
// another name ("Ann follows Bo. Bo follows Cy. Cy is fond of Dee."): the
// sentence may state an edge or a node that the answer would leave out.
func unreadNamingStatement(question string, ex reasoning.Extraction) error {
	g := ex.Graph
	if g == nil {
		return nil
	}
	statements := statementText(question, ex)
	for _, sent := range strings.Split(statements, ". ") {
		words := statementWords(sent)
		if len(words) < 3 || nodeListing(sent, g) {
			continue // a fragment (graphFragment's), or a list of the graph's nodes
		}
		// Two of the graph's nodes (an unread edge), or one and another
		// name (an unread node); a node alone ("Ann is happy") is no graph.
		var node string
		nodes, names := 0, 0
		var mentioned []int32
		firstNode, lastNode, numberInside := -1, -1, false
		for k, w := range words {
			if u, ok := g.Index(w); ok && len(w) >= 2 && hasLetter(w) {
				nodes++
				node = w
				mentioned = append(mentioned, u)
				if firstNode < 0 {
					firstNode = k
				}
				lastNode = k
			} else if unicode.IsUpper([]rune(w)[0]) && !(k == 0 && sentenceOpeners[strings.ToLower(w)]) && w != "I" {
				names++
			}
		}
		for k := firstNode + 1; k > 0 && k < lastNode; k++ {
			numberInside = numberInside || unicode.IsDigit([]rune(words[k])[0])
		}
		if names == 0 && !numberInside && nodes >= 2 && allAdjacent(g, mentioned) {
			// "gigs in Glasgow, Newcastle and Norwich" over a table that
			// joins every two of them: no edge the sentence could state
			// is missing, and no number between them could weigh one.
			continue
		}
		if nodes >= 2 || nodes == 1 && names > 0 {
			return fmt.Errorf("the graph in the question is uncertain (%s); the sentence %q names node %s of the graph but no reader read it: %w",
				ex.Report.Summary(), strings.TrimSpace(sent), node, ErrNoAnswer)
		}
	}
	return nil
}

// askedNameOutsideGraph declines (ErrNoAnswer) a question that asks about
// someone a statement of its text is about but the graph does not hold
// ("(Gareth came but only did solos)" ... "Gareth counting as his own
// group"): a node the readers left out, which the answer would miss. Only
// a statement's first word counts as whom it is about.
func askedNameOutsideGraph(question string, ex reasoning.Extraction) error {
	g := ex.Graph
	if g == nil {
		return nil
	}
	name := func(w string) bool {
		if len(w) < 2 || !unicode.IsUpper([]rune(w)[0]) || sentenceOpeners[strings.ToLower(w)] {
			return false
		}
		_, ok := g.Index(w)
		return !ok
	}
	stated := map[string]bool{}
	for _, sent := range strings.Split(statementText(question, ex), ". ") {
		if ws := statementWords(sent); len(ws) >= 3 && name(ws[0]) {
			stated[ws[0]] = true
		}
	}
	if len(stated) == 0 {
		return nil
	}
	// Words of multi-word node names ("Rifugio" of "Rifugio Lagazuoi") name
	// no one else.
	parts := map[string]bool{}
	for _, id := range g.IDs() {
		if strings.ContainsRune(id, ' ') {
			for _, w := range strings.Fields(id) {
				parts[w] = true
			}
		}
	}
	for _, sent := range strings.Split(askingText(outsideSpans(question, ex)), ". ") {
		ws := statementWords(sent)
		if slices.ContainsFunc(ws, func(w string) bool { _, ok := g.Index(w); return ok }) {
			continue // a question about named nodes: its tool checks the names
		}
		for k, w := range ws {
			if k > 0 && stated[w] && name(w) && !parts[w] {
				return fmt.Errorf("the graph in the question is uncertain (%s); the question asks about %s, whom the text names but the graph does not hold: %w",
					ex.Report.Summary(), w, ErrNoAnswer)
			}
		}
	}
	return nil
}

// statementWords splits a sentence into words of letters, digits and
// underscores; a dot between two of those stays inside the word, so that
// a version, a module or a decimal ("v0.3", "app.models", "2.5") is one
// word and never names node "v0" or "app".
func statementWords(sent string) []string {
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
	var out []string
	start := -1
	rs := []rune(sent)
	for k, r := range rs {
		in := word(r) || r == '.' && start >= 0 && k+1 < len(rs) && word(rs[k+1])
		switch {
		case in && start < 0:
			start = k
		case !in && start >= 0:
			out = append(out, string(rs[start:k]))
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, string(rs[start:]))
	}
	return out
}

// allAdjacent reports whether every two distinct nodes of ns are joined
// by an edge of g, in one direction or the other.
func allAdjacent(g *graph.Graph, ns []int32) bool {
	for i, u := range ns {
		for _, v := range ns[i+1:] {
			if u != v && !g.HasEdge(u, v) && !g.HasEdge(v, u) {
				return false
			}
		}
	}
	return true
}

// nodeListing reports whether a sentence lists nodes of g after a colon
// ("Entities in this knowledge graph: Munich, Bavaria and Berlin"): it
// declares nodes the graph has rather than saying something unread.
func nodeListing(sent string, g *graph.Graph) bool {
	label, list, ok := strings.Cut(sent, ":")
	if !ok {
		return false
	}
	// "Mrs Adeyemi (chair) rings: Kowalski, Dunn": a name in the label
	// makes the line an unread edge list, not a list of nodes.
	first := true
	for _, w := range strings.Fields(label) {
		if !hasLetter(w) {
			continue // "- Entities: ...": a bullet
		}
		if !first && unicode.IsUpper([]rune(w)[0]) {
			return false
		}
		first = false
	}
	items := strings.Split(list, ",")
	if len(items) < 2 {
		return false
	}
	for _, it := range items {
		it = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(it), "and "))
		if _, ok := g.Index(it); !ok {
			return false
		}
	}
	return true
}

// sentenceOpeners are capitalised words that open a sentence without
// naming anyone.
var sentenceOpeners = map[string]bool{
	"the": true, "a": true, "an": true, "we": true, "they": true, "it": true, "he": true, "she": true, "this": true,
	"that": true, "these": true, "those": true, "there": true, "my": true, "our": true, "your": true, "their": true,
	"in": true, "on": true, "at": true, "so": true, "and": true, "but": true, "also": true, "all": true, "each": true,
	"every": true, "some": true, "no": true, "if": true, "when": true, "then": true, "here": true, "now": true,
	"note": true, "q": true, "a:": true, "edges": true, "nodes": true, "graph": true, "given": true, "let": true,
	"suppose": true, "consider": true, "assume": true, "for": true, "with": true, "both": true, "only": true,
}
