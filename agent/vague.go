package agent

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// vagueReading returns an error wrapping ErrNoAnswer when the question's
// own words leave the graph open, however cleanly its edges were read:
// the writer hedges about them ("0-1, 1-2, or maybe 1-3, I don't
// remember"), a node is a quantifier rather than a name ("the router
// connects to everything"), or the text describes edges that no reader
// found ("nodes 0 to 5 are connected in a ring, plus a few chords" reads
// as six nodes and no edge). It returns nil when the graph does not come
// from the question.
func vagueReading(question string, ex reasoning.Extraction) error {
	if ex.Graph == nil {
		return nil
	}
	rep := &ex.Report
	statements := statementText(question, ex)
	var why string
	m := ""
	// The patterns walk the text; most questions hold none of their words.
	if lowQ := strings.ToLower(question); containsAnyWord(lowQ, hedgeCue) {
		m = hedgeWords.FindString(strings.ToLower(statements))
		if m == "" {
			// "(or was it 3-5?)": some hedges are about the graph wherever
			// they stand, questions included.
			m = hedgeAnywhere.FindString(strings.ToLower(outsideSpans(question, ex)))
		}
	}
	if m != "" {
		why = fmt.Sprintf("the text hedges about the graph (%q), so which edges hold is unclear", m)
	}
	if why == "" {
		for _, id := range ex.Graph.IDs() {
			if quantifierNodes[strings.ToLower(id)] {
				why = fmt.Sprintf("%q was read as a node, but it names no node", id)
				break
			}
		}
	}
	if why == "" && ex.Graph.M() == 0 && ex.Graph.N() > 0 {
		low := strings.ToLower(statements)
		if m := edgeTalk.FindString(low); m != "" && !noEdges.MatchString(low) {
			why = fmt.Sprintf("the text speaks of edges (%q) but none was read", m)
		}
	}
	if why == "" {
		return nil
	}
	return fmt.Errorf("the graph in the question is uncertain (%s); %s: %w", rep.Summary(), why, ErrNoAnswer)
}

var (
	hedgeWords = regexp.MustCompile(`\bor (maybe|perhaps|possibly|was it|is it)\b|\bi (don't|do not|can't|cannot|can not) (remember|recall)\b|\bi('m| am) not (sure|certain)\b|\bnot sure (if|whether|about)\b|\bno,? wait\b|\bi forget\b|\bif i remember (correctly|right)\b|\bor something( like that)?\b` +
		// A statement that the graph changed ("B-C was removed last week"):
		// the readers read edges as written, not edits to them.
		`|\b(was|were|has been|have been|had been|got|has since been|is now|are now)\s+(removed|deleted|dropped|taken out|cut|closed|disconnected|added|replaced)\b`)
	// hedgeCue are words one of which every hedge holds.
	hedgeCue = []string{"maybe", "perhaps", "possibly", "was it", "is it", "were they", "remember", "recall", "sure", "certain", "wait", "forget", "something",
		"removed", "deleted", "dropped", "taken out", "cut", "closed", "disconnected", "added", "replaced"}
	// hedgeAnywhere are hedges that doubt the graph even inside a
	// question ("1-2, 2-3 (or was it 3-5?)").
	hedgeAnywhere = regexp.MustCompile(`\bor (maybe|perhaps|possibly|was it|were they)\b|\bi (don't|do not|can't|cannot|can not) (remember|recall)\b`)
	// edgeTalk is a statement about edges that a reader would have read
	// had it named them.
	edgeTalk = regexp.MustCompile(`\b(connected|linked|joined|adjacent|edges?|links?|arcs?|roads?|ring|cycle|chain|chords?|friends|connects?)\b`)
	noEdges  = regexp.MustCompile(`\b(no|without|zero|0)\s+(edges?|links?|arcs?|connections?)\b|\bisolated\b|\bnot connected\b|\bempty graph\b|\bedgeless\b`)
)

// quantifierNodes are words that a relation sentence may put where a node
// goes but that name no node.
var quantifierNodes = map[string]bool{
	"everything": true, "everyone": true, "everybody": true, "anything": true, "anyone": true, "anybody": true,
	"nothing": true, "nobody": true, "no one": true, "someone": true, "somebody": true, "something": true,
	"each other": true, "one another": true, "others": true, "the others": true, "the rest": true, "all": true,
	"all of them": true, "them": true, "it": true,
}

// outsideSpans returns the question with the spans the readers accounted
// for blanked out.
func outsideSpans(question string, ex reasoning.Extraction) string {
	b := []byte(question)
	for _, s := range ex.Report.Spans {
		if s.Start >= 0 && s.End <= len(b) && s.Start < s.End {
			for i := s.Start; i < s.End; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// statementText returns the question's sentences that state things (not
// questions or instructions), with the spans the readers accounted for
// blanked out.
func statementText(question string, ex reasoning.Extraction) string {
	return sentencesWhere(outsideSpans(question, ex), func(sent string, end byte) bool {
		return end != '?' && !isInstruction(sent)
	})
}

// askingText returns the sentences of text that ask or order ("How many
// people does Lee know?", "Find Lee's degree."): the complement of the
// statements statementText keeps.
func askingText(text string) string {
	return sentencesWhere(text, func(sent string, end byte) bool {
		return end == '?' || isInstruction(sent)
	})
}

// sentencesWhere returns the sentences of text (ended by '.', '!', '?',
// a newline or the end; end is 0 there) that keep accepts, each followed
// by ". ".
func sentencesWhere(text string, keep func(sent string, end byte) bool) string {
	var out strings.Builder
	start := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && (!strings.ContainsRune(".!?\n", rune(text[i])) || text[i] == '.' && innerDot(text, i)) {
			continue
		}
		sent := text[start:i]
		end := byte(0)
		if i < len(text) {
			end = text[i]
		}
		start = i + 1
		if keep(sent, end) {
			out.WriteString(sent)
			out.WriteString(". ")
		}
	}
	return out.String()
}

// innerDot reports whether the dot at text[i] sits between two letters or
// digits ("v0.3", "app.models", "2.5"): part of a word, no sentence end. A
// lower-case word, the dot and a capitalised word ("the starting
// node.Please determine ...", as GraCoRe's prompts join sentences) is a
// sentence end without its space.
func innerDot(text string, i int) bool {
	alnum := func(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	if i < 2 || i+2 >= len(text) || !alnum(text[i-1]) || !alnum(text[i+1]) {
		return false
	}
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	upper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	return !(lower(text[i-1]) && lower(text[i-2]) && upper(text[i+1]) && lower(text[i+2]))
}

// isInstruction reports whether a sentence asks or orders rather than
// states ("Find the ...", "Q: how many ...").
func isInstruction(sent string) bool {
	f := strings.Fields(strings.ToLower(sent))
	if len(f) > 0 && (f[0] == "q:" || f[0] == "q") {
		f = f[1:]
	}
	if len(f) == 0 {
		return true
	}
	switch strings.Trim(f[0], ",:;") {
	case "how", "what", "which", "who", "whom", "is", "are", "does", "do", "did", "can", "could", "find", "list", "give",
		"compute", "calculate", "determine", "count", "identify", "return", "tell", "name", "show", "output", "please",
		"check", "decide", "answer", "a:", "present", "provide", "use", "using":
		return true
	}
	return false
}

// unknownNamedNode returns bad input (ErrBadInput) when an edge question
// about a graph written in the question names a node by a name that
// appears nowhere in the graph ("Is Alice friends with Dave?" when Dave is
// in no sentence): the question is about someone the graph does not know,
// and "no" would pass a guess off as a fact. Numbered nodes keep their
// answer ("no edge joins 3 and 99").
func unknownNamedNode(spec tools.Spec, args json.RawMessage, g *graph.Graph, source string) error {
	if spec.Name != "edge_exists" || source != questionSource || g == nil {
		return nil
	}
	for _, id := range nodeParams(spec, args) {
		if _, ok := g.Index(id); !ok && hasLetter(id) {
			return fmt.Errorf("node %q is not in the graph (%d nodes: %s): %w", id, g.N(), textutil.TruncateWords(strings.Join(g.IDs(), ", "), 80), ErrBadInput)
		}
	}
	return nil
}

// wholeGraphNamedNode declines (ErrNoAnswer) a question about a graph
// written in the question whose asking sentences name a node of the graph
// ("How many people does Lee know?") that the chosen tool's parameters do
// not hold: a whole-graph tool (node_count) or a tool about other nodes
// would answer something other than what was asked about that node. task
// is the question without the graph's spans. Only names with a letter
// count (two characters or more, or one capital letter other than "A" and
// "I": singleLetterName), matched as whole words and case-sensitively, so
// "a" and a sentence-initial "A" are not node A and numbers ("3 nodes")
// are not node 3.
func wholeGraphNamedNode(spec tools.Spec, args json.RawMessage, g *graph.Graph, source, task string) error {
	if source != questionSource || g == nil {
		return nil
	}
	asking := askingText(task)
	params := nodeParams(spec, args)
	// listing is set after "nodes" or "vertices" and holds while node
	// names (and "and", "are") follow: "with nodes Alice, Bob and Carol"
	// declares the graph's nodes rather than asking about one.
	listing := false
	// Names of several words ("Alice Smith"), by their first word.
	var multi map[string][]string
	for _, id := range g.IDs() {
		if k := strings.IndexFunc(id, func(r rune) bool { return r < utf8.RuneSelf && !isWordByte(byte(r)) }); k > 0 {
			if multi == nil {
				multi = map[string][]string{}
			}
			multi[id[:k]] = append(multi[id[:k]], id)
		}
	}
	for i := 0; i < len(asking); {
		if !isWordByte(asking[i]) {
			if strings.IndexByte(".!?;", asking[i]) >= 0 {
				listing = false
			}
			i++
			continue
		}
		j := i
		for j < len(asking) && isWordByte(asking[j]) {
			j++
		}
		for _, id := range multi[asking[i:j]] {
			if e := i + len(id); strings.HasPrefix(asking[i:], id) && (e == len(asking) || !isWordByte(asking[e])) {
				j = e
				break
			}
		}
		w := asking[i:j]
		i = j
		_, isNode := g.Index(w)
		switch low := strings.ToLower(w); {
		case low == "nodes" || low == "vertices":
			listing = true
			continue
		case listing && (isNode || low == "and" || low == "are"):
			continue
		}
		listing = false
		if !isNode || (len(w) < 2 && !singleLetterName(w, asking[i:])) || !hasLetter(w) || slices.Contains(params, w) {
			continue
		}
		if len(params) == 0 {
			return fmt.Errorf("the question names node %q of the graph, but the chosen tool %s answers about the whole graph, not about %s: %w", w, spec.Name, w, ErrNoAnswer)
		}
		return fmt.Errorf("the question names node %q of the graph, but the chosen tool %s was given only %s: %w", w, spec.Name, strings.Join(params, ", "), ErrNoAnswer)
	}
	return nil
}

// singleLetterName reports whether the one-letter word w, followed in the
// text by rest, names a node ("How well connected is B?"): a capital
// letter other than the article "A" and the pronoun "I", not a label such
// as "Q:".
func singleLetterName(w, rest string) bool {
	if len(w) != 1 || w[0] < 'B' || w[0] > 'Z' || w == "I" {
		return false
	}
	return !strings.HasPrefix(strings.TrimLeft(rest, " "), ":")
}

// directedDegreeErr declines a degree question on a directed graph whose
// words ask for one direction ("how many people does Lee know") when no
// direction was read into the arguments: the total degree would not
// answer what was asked.
func (gw *guardWords) directedDegreeErr(tool string, g *graph.Graph, task string, args json.RawMessage) error {
	if tool != "degree" || g == nil || !g.Directed() {
		return nil
	}
	var p struct {
		Direction string `json:"direction"`
	}
	if json.Unmarshal(args, &p) == nil && (p.Direction == "in" || p.Direction == "out") {
		// The direction was read: the tool counts it.
		return nil
	}
	if m := gw.directedDegree.FindString(task); m != "" {
		return fmt.Errorf("the question (%q) asks for the edges in one direction of a directed graph, and the degree tool counts both directions: %w", m, ErrNoAnswer)
	}
	return nil
}

// containsAnyWord reports whether s contains one of words.
func containsAnyWord(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
