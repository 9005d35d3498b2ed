package extract

import (
	"slices"
	"strings"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools/graph"
)

// Extraction is what the deterministic graph parsers found in a question:
// a graph written inline, or a reference to one (a file, a dataset, the
// session's current graph), with how sure they are.
type Extraction struct {
	// Graph is the graph written in the question, nil when there is none.
	Graph *graph.Graph
	// Directed and Weighted describe the graph (or the referenced file's
	// graph as the question states it).
	Directed, Weighted bool
	// Confidence in 0..1 that the extraction is right and complete; below
	// Confident the LLM graph-extraction step should run.
	Confidence float64
	// Method names the parser(s) that read the graph ("python list",
	// "tuples", "arrows", "dashes", "prose", "pair list", "edge-list lines",
	// "adjacency", "file", "dataset", "session", "none").
	Method string
	// Span is the byte range [start, end) of the question that holds the
	// graph (the hull of Spans); zero when nothing was found.
	Span [2]int
	// Spans are the byte ranges that hold graph text, in order; removing
	// them leaves the task text (see WithoutGraph).
	Spans [][2]int
	// FileRef is a graph file path named by the question, to be loaded by
	// the caller through the sandbox.
	FileRef string
	// DatasetRef is the canonical name of a dataset named by the question.
	DatasetRef string
	// UsesSessionGraph is set when the question refers to a graph given
	// earlier ("it", "this graph", "the graph loaded earlier").
	UsesSessionGraph bool
	// Notes explain ambiguities and what lowered the confidence.
	Notes []string
	// Report says what the readers understood, what text looked like graph
	// content but was not accounted for, and what was ambiguous.
	Report Report
	// Second is a second graph the question writes beside the main one
	// (the pattern of a subgraph question), read apart; nil when none.
	// Its text is in Spans too, so WithoutGraph leaves the task alone.
	Second *SecondGraph
	// Options are the lettered choices the question offers ("A. [0, 6,
	// 2]"), answers to check rather than graph text; in Spans too.
	Options []Option
}

// Confident is the confidence at or above which the parsers'
// extraction is used without asking the LLM.
const Confident = 0.9

// Options bounds extraction. Zero fields take the defaults.
type Options struct {
	// MaxEdges is the most edges a question's graph may have (default 1,000,000).
	MaxEdges int
	// MaxNodes is the most nodes (default 1,000,000).
	MaxNodes int
	// MaxBytes is the longest question accepted (default 8 MiB).
	MaxBytes int
	// Lexicon holds the words the readers read (relation verbs, relation
	// nouns, units); default lang.Default().
	Lexicon *lang.Lexicon
}

func (o Options) withDefaults() Options {
	if o.MaxEdges <= 0 {
		o.MaxEdges = 1_000_000
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = 1_000_000
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 8 << 20
	}
	if o.Lexicon == nil {
		o.Lexicon = lang.Default()
	}
	return o
}

// exOnlySeparators reports whether s holds nothing but list separators
// (spaces, ',', ';', '&', line breaks and the word "and"). It walks the
// bytes without allocating: it runs between every two items of a list.
func exOnlySeparators(s string) bool {
	for i := 0; i < len(s); {
		if exIsListSep(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && !exIsListSep(s[j]) {
			j++
		}
		if f := s[i:j]; f != "and" && f != "And" {
			return false
		}
		i = j
	}
	return true
}

func exIsListSep(c byte) bool {
	return c == ' ' || c == ',' || c == ';' || c == '\n' || c == '\r' || c == '\t' || c == '&'
}

// dirCue is one word saying directed or undirected.
type exDirCue struct {
	pos      int
	directed bool
	key      bool // stated by a notation key, not a word
}

// exReachTalk reports whether the sentence around lower[s:e] asks or
// talks about reaching ("reach each other in both directions", "get to
// ... either way?"): there a two-way phrase says how nodes must reach one
// another, not how the edges go.
func exReachTalk(lower string, s, e int) bool {
	a := strings.LastIndexAny(lower[:s], ".!?\n") + 1
	b := strings.IndexAny(lower[e:], ".!?\n")
	if b < 0 {
		b = len(lower)
	} else {
		b += e
	}
	sent := lower[a:b]
	if b < len(lower) && lower[b] == '?' {
		return true
	}
	for _, w := range exReaching {
		if strings.Contains(sent, w) {
			return true
		}
	}
	return false
}

// exFindDirCues finds the words that state direction, in text order:
// "directed", "digraph", "arcs", "DAG" say directed unless preceded by
// "un", "non-" or "not "; "undirected", "bidirectional" say undirected.
// lower is the question in lower case with unchanged byte offsets.
func exFindDirCues(lower string) []exDirCue {
	var cues []exDirCue
	// "directed", "directional" and their prefixed forms ("undirected",
	// "nondirected", "bidirectional"), "digraph" and "dag" in one pass over
	// the 'd's; "arcs" in another.
	for off := 0; ; {
		k := strings.IndexByte(lower[off:], 'd')
		if k < 0 {
			break
		}
		s := off + k
		off = s + 1
		switch rest := lower[s:]; {
		case strings.HasPrefix(rest, "direct"):
			if c, ok := exDirectCue(lower, s); ok {
				cues = append(cues, c)
			}
		case strings.HasPrefix(rest, "digraph"):
			if c, ok := exDirWordCue(lower, s, "digraph"); ok {
				cues = append(cues, c)
			}
		case strings.HasPrefix(rest, "dag"):
			if c, ok := exDirWordCue(lower, s, "dag"); ok {
				cues = append(cues, c)
			}
		}
	}
	for off := 0; ; {
		k := strings.Index(lower[off:], "arcs")
		if k < 0 {
			break
		}
		s := off + k
		off = s + len("arcs")
		if c, ok := exDirWordCue(lower, s, "arcs"); ok {
			cues = append(cues, c)
		}
	}
	cues = append(cues, exPhraseDirCues(lower)...)
	slices.SortFunc(cues, func(a, b exDirCue) int { return a.pos - b.pos })
	return cues
}

// exDirPhrases are the lexicon's phrases that state direction ("one-way",
// "both ways", "either direction"), each with the direction it states.
var exDirPhrases = func() (out []struct {
	text     string
	directed bool
}) {
	one, two := lang.Default().DirectionPhrases()
	for _, p := range one {
		out = append(out, struct {
			text     string
			directed bool
		}{p, true})
	}
	for _, p := range two {
		out = append(out, struct {
			text     string
			directed bool
		}{p, false})
	}
	return out
}()

// exReaching are the lexicon's words of sentences about reaching.
var exReaching = lang.Default().ReachingPhrases()

// exPhraseDirCues finds the lexicon's direction phrases as whole words;
// a negation just before one ("doesn't go both ways", "not one-way")
// turns it around.
func exPhraseDirCues(lower string) []exDirCue {
	var cues []exDirCue
	for _, p := range exDirPhrases {
		for off := 0; off < len(lower); {
			k := strings.Index(lower[off:], p.text)
			if k < 0 {
				break
			}
			s, e := off+k, off+k+len(p.text)
			off = e
			if s > 0 && exIsWordByte(lower, s-1) || e < len(lower) && exIsWordByte(lower, e) {
				continue
			}
			if !p.directed && exReachTalk(lower, s, e) {
				continue // "can get stuff to each other in both directions": reachability asked, not edges
			}
			dir := p.directed
			before := lower[max(0, s-16):s]
			if strings.Contains(before, "not ") || strings.Contains(before, "n't ") || strings.Contains(before, "never ") {
				dir = !dir
			}
			cues = append(cues, exDirCue{pos: s, directed: dir})
		}
	}
	return cues
}

// exDirectCue reads "directed" or "directional" at lower[s:] ("direct"
// is there), with a prefix that may turn it around.
func exDirectCue(lower string, s int) (exDirCue, bool) {
	e := s
	switch {
	case strings.HasPrefix(lower[s:], "directed"):
		e = s + len("directed")
	case strings.HasPrefix(lower[s:], "directional"):
		e = s + len("directional")
	default:
		return exDirCue{}, false
	}
	if e < len(lower) && exIsWordByte(lower, e) {
		return exDirCue{}, false
	}
	ws := s
	for ws > 0 && exIsWordByte(lower, ws-1) {
		ws--
	}
	dir := true
	switch lower[ws:s] {
	case "":
		if (ws >= 4 && lower[ws-4:ws] == "non-") || (ws >= 4 && lower[ws-4:ws] == "not ") {
			dir = false
		}
	case "un", "non", "bi":
		dir = false
	default:
		return exDirCue{}, false
	}
	return exDirCue{pos: ws, directed: dir}, true
}

// exDirWordCue reads the word w ("digraph", "arcs", "dag") at lower[s:].
func exDirWordCue(lower string, s int, w string) (exDirCue, bool) {
	e := s + len(w)
	if (e < len(lower) && exIsWordByte(lower, e)) || (s > 0 && exIsWordByte(lower, s-1)) {
		return exDirCue{}, false
	}
	if w == "dag" && exAsksWhether(lower[max(0, s-24):s]) {
		// "Is the graph a DAG?" asks about the graph; it does not
		// say the graph is directed.
		return exDirCue{}, false
	}
	dir := true
	if s >= 4 && (lower[s-4:s] == "non-" || lower[s-4:s] == "not ") {
		dir = false
	}
	return exDirCue{pos: s, directed: dir}, true
}

// exAsksWhether reports whether the text before a word makes it the subject
// of a yes/no question ("is it a", "whether the graph is a").
func exAsksWhether(before string) bool {
	for _, w := range []string{"is ", "whether", "if ", "is\t"} {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}

// exMergeSpans merges sorted spans separated only by list separators or
// brackets.
func exMergeSpans(q string, sp [][2]int) [][2]int {
	if len(sp) == 0 {
		return nil
	}
	out := [][2]int{sp[0]}
	for _, s := range sp[1:] {
		last := &out[len(out)-1]
		if s[0] <= last[1] || exOnlySeparators(q[last[1]:s[0]]) {
			last[1] = max(last[1], s[1])
			continue
		}
		out = append(out, s)
	}
	// Widen each span over brackets that enclose it: "[(0, 1), (1, 2)]".
	for k := range out {
		s, e := out[k][0], out[k][1]
		for s > 0 && e < len(q) {
			a, b := exTrimLeft(q, s), exTrimRight(q, e)
			if a > 0 && b < len(q) && ((q[a-1] == '[' && q[b] == ']') || (q[a-1] == '{' && q[b] == '}') || (q[a-1] == '(' && q[b] == ')')) {
				s, e = a-1, b+1
				continue
			}
			break
		}
		out[k] = [2]int{s, e}
	}
	return out
}

func exTrimLeft(q string, s int) int {
	for s > 0 && (q[s-1] == ' ' || q[s-1] == '\t') {
		s--
	}
	return s
}

func exTrimRight(q string, e int) int {
	for e < len(q) && (q[e] == ' ' || q[e] == '\t') {
		e++
	}
	return e
}

// WithoutGraph returns the question with the graph text (ex.Spans)
// removed, for the planner and retrieval, which need the task alone.
func WithoutGraph(question string, ex Extraction) string {
	if len(ex.Spans) == 0 {
		return strings.TrimSpace(question)
	}
	var sb strings.Builder
	sb.Grow(len(question))
	last := 0
	for _, s := range ex.Spans {
		if s[0] < last || s[1] > len(question) || s[0] > s[1] {
			continue
		}
		before := question[last:s[0]]
		sb.WriteString(before)
		last = s[1]
		// "A-B, B-C." between two sentences leaves ". ." behind: keep one.
		if b := strings.TrimRight(before, " \t\n"); strings.HasSuffix(b, ".") {
			if a := strings.TrimLeft(question[last:], " \t"); strings.HasPrefix(a, ".") && !strings.HasPrefix(a, "..") {
				last = len(question) - len(a) + 1
			}
		}
	}
	sb.WriteString(question[last:])
	out := sb.String()
	// Tidy what the removal leaves: doubled spaces, a space before
	// punctuation, empty brackets or quotes.
	for _, r := range [][2]string{{"[]", ""}, {"()", ""}, {`""`, ""}, {"''", ""}, {"  ", " "}, {" .", "."}, {" ,", ","}, {" ?", "?"}, {",.", "."}, {":.", "."}} {
		for strings.Contains(out, r[0]) {
			out = strings.ReplaceAll(out, r[0], r[1])
		}
	}
	return strings.TrimSpace(out)
}

// NeedsLLM reports whether the parsers were not confident enough and the
// LLM graph-extraction step should run.
func (ex Extraction) NeedsLLM() bool { return ex.Confidence < Confident }
