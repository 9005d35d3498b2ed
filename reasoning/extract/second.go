package extract

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/tools/graph"
)

// SecondGraph is a second graph a question writes beside its main one: the
// pattern of a subgraph question ("The nodes of subgraph G' are numbered
// from a to c, and the edges are: (a->b) (b->c).", "does the motif a-b,
// b-c, c-a occur in ..."). It is read apart from the main graph, by the same
// readers, so that its edges are not taken as the main graph's.
type SecondGraph struct {
	// Name is how the question names it ("subgraph G'", "pattern").
	Name string
	// Graph is the second graph as read; its direction is the text's (a
	// tool taking it gives it the main graph's).
	Graph *graph.Graph
	// Method names the readers that read it.
	Method string
	// Confidence is the readers' confidence in its reading.
	Confidence float64
	// Span is the byte range of the question the second graph was read
	// from (a clause or sentence naming it); Spans are the parts of it
	// that hold graph text.
	Span  [2]int
	Spans [][2]int
	// Notes are the reading's notes.
	Notes []string
}

// secondSection is a part of a question that may write a second graph: the
// clause or sentence from a pattern noun ("subgraph", "pattern", "motif") to
// the end of its sentence, or the whole sentence when what comes before the
// noun holds no graph text ("The nodes of subgraph G' are ..."); a sentence
// ending in a colon takes the lines below it up to a blank line or a
// question.
type secondSection struct {
	start, end int
	noun       [2]int
}

// mainGraphWords are words naming the main graph after a pattern ("...
// present in the directed graph ...", "within the larger network").
var mainGraphWords = lazyre.New(`(?i)\b(?:in|within|inside|into|of|from|to)\s+(?:the\s+|a\s+|an\s+|this\s+)?(?:(?:un)?directed\s+|weighted\s+|larger\s+|bigger\s+|main\s+|given\s+|following\s+)*(?:graph|network|digraph)\b`)

// secondSections returns the candidate sections of q, in text order.
func secondSections(q, lower string, nouns []string) []secondSection {
	var out []secondSection
	for _, n := range nouns {
		for off := 0; ; {
			k := strings.Index(lower[off:], n)
			if k < 0 {
				break
			}
			s, e := off+k, off+k+len(n)
			off = e
			if (s > 0 && exIsWordByte(lower, s-1)) || (e < len(lower) && exIsWordByte(lower, e)) {
				continue
			}
			out = append(out, sectionAround(q, lower, nouns, s, e))
		}
	}
	slices.SortFunc(out, func(a, b secondSection) int { return a.noun[0] - b.noun[0] })
	return slices.CompactFunc(out, func(a, b secondSection) bool { return a.start == b.start && a.end == b.end })
}

// sentenceEnd reports whether q[i] ends a sentence: '?' or '!', a full stop
// before white space or the end, or a line break.
func sentenceEnd(q string, i int) bool {
	switch q[i] {
	case '?', '!', '\n':
		return true
	case '.':
		return i+1 == len(q) || q[i+1] == ' ' || q[i+1] == '\t' || q[i+1] == '\n' || q[i+1] == '\r'
	}
	return false
}

// sectionAround is the section of the pattern noun at q[s:e].
func sectionAround(q, lower string, nouns []string, s, e int) secondSection {
	start := s
	for start > 0 && !sentenceEnd(q, start-1) {
		start--
	}
	end := e
	for end < len(q) && !sentenceEnd(q, end) {
		end++
	}
	// "Is the pattern a->b, b->c present in the directed graph 0->1,
	// ...?": the main graph's words end the section, and so does another
	// pattern noun ("... c-a subgraph-isomorphic to ...", "... as an
	// induced subgraph").
	if m := mainGraphWords.Compiled().FindStringIndex(q[e:end]); m != nil {
		end = e + m[0]
	}
	if k := nextNoun(lower, nouns, e, end); k >= 0 {
		end = k
	}
	// "Pattern:" over lines of edges: the lines below, to a blank line or
	// a line asking the question.
	if strings.HasSuffix(strings.TrimRight(q[e:end], " \t\r"), ":") && end < len(q) && q[end] == '\n' {
		for end < len(q) {
			next := strings.IndexByte(q[end+1:], '\n')
			line := q[end+1:]
			if next >= 0 {
				line = q[end+1 : end+1+next]
			}
			t := strings.TrimSpace(line)
			if t == "" || strings.HasSuffix(t, "?") {
				break
			}
			if next < 0 {
				end = len(q)
				break
			}
			end += 1 + next
		}
	}
	// Text before the noun that may hold the main graph stays the main
	// graph's: the section starts at the noun, with its article. A whole
	// sentence takes its full stop along (a lone "." left behind would
	// join the sentences around it).
	before := q[start:s]
	whole := true
	if strings.ContainsAny(before, "0123456789([{") || strings.Contains(before, "->") || strings.Contains(before, "--") {
		whole = false
		start = s
		trimmed := strings.TrimRight(q[:s], " \t")
		for _, art := range []string{"the", "a", "an", "The", "A", "An"} {
			if strings.HasSuffix(trimmed, art) && (len(trimmed) == len(art) || !exIsWordByte(trimmed, len(trimmed)-len(art)-1)) {
				start = len(trimmed) - len(art)
				break
			}
		}
	}
	if whole && end < len(q) && q[end] == '.' && sentenceEnd(q, end) {
		end++
	}
	return secondSection{start: start, end: end, noun: [2]int{s, e}}
}

// nextNoun returns where the first pattern noun in lower[from:to] starts
// (as a whole word, or the first part of a hyphenated one), -1 when none.
func nextNoun(lower string, nouns []string, from, to int) int {
	best := -1
	for _, n := range nouns {
		for off := from; off < to; {
			k := strings.Index(lower[off:to], n)
			if k < 0 {
				break
			}
			s, e := off+k, off+k+len(n)
			off = e
			if (s > 0 && exIsWordByte(lower, s-1)) || (e < len(lower) && exIsWordByte(lower, e)) {
				continue
			}
			if best < 0 || s < best {
				best = s
			}
			break
		}
	}
	return best
}

// blank returns q with the bytes inside (or, when inside is false,
// outside) [s, e) replaced by spaces, line breaks kept: byte offsets stay
// those of q and the text stays valid UTF-8.
func blank(q string, s, e int, inside bool) string {
	b := []byte(q)
	for i := range b {
		if (i >= s && i < e) == inside && b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

// asGraphNoun writes "graph" over the pattern noun at q[noun[0]:noun[1]]
// (blanks when the noun is shorter), keeping every byte offset.
func asGraphNoun(q string, noun [2]int) string {
	b := []byte(q)
	for i := noun[0]; i < noun[1]; i++ {
		b[i] = ' '
	}
	if noun[1]-noun[0] >= len("graph") {
		copy(b[noun[0]:], "graph")
	}
	return string(b)
}

// secondGraphName is the pattern noun with the name after it ("subgraph
// G'"), as the section writes it.
func secondGraphName(q string, sec secondSection) string {
	name := strings.ToLower(q[sec.noun[0]:sec.noun[1]])
	rest := q[sec.noun[1]:sec.end]
	t := strings.TrimLeft(rest, " ")
	if len(t) > 0 && len(rest)-len(t) == 1 && 'A' <= t[0] && t[0] <= 'Z' {
		j := 1
		for j < len(t) && j < 3 && (exIsWordByte(t, j) || t[j] == '\'') {
			j++
		}
		if j == len(t) || !exIsWordByte(t, j) {
			name += " " + t[:j]
		}
	}
	return name
}

// readWithSecond reads a question that writes a second graph: the first
// section whose text, read alone, has an edge while the rest of the
// question still gives a graph (written, a file or a dataset). ok is false
// when no section does, and the question is read as one graph.
func readWithSecond(ctx context.Context, question string, opt Options) (Extraction, bool, error) {
	if opt.Lexicon == nil {
		return Extraction{}, false, nil
	}
	nouns := opt.Lexicon.PatternNouns()
	if len(nouns) == 0 {
		return Extraction{}, false, nil
	}
	lower := asciiLower(question)
	for _, sec := range secondSections(question, lower, nouns) {
		if err := ctx.Err(); err != nil {
			return Extraction{}, false, err
		}
		// The noun is read as "graph": "the pattern a-b, b-c" is no
		// notation key ("in the pattern u-v"), and "the nodes of
		// subgraph G' are numbered ..." declares the pattern's nodes.
		patText := asGraphNoun(blank(question, sec.start, sec.end, false), sec.noun)
		pat, err := readQuestion(ctx, patText, opt)
		if err != nil || pat.Graph == nil || pat.Graph.M() == 0 {
			continue
		}
		main, err := readQuestion(ctx, blank(question, sec.start, sec.end, true), opt)
		if err != nil || (main.Graph == nil && main.FileRef == "" && main.DatasetRef == "") {
			continue
		}
		second := &SecondGraph{Name: secondGraphName(question, sec), Graph: pat.Graph, Method: pat.Method,
			Confidence: pat.Confidence, Span: [2]int{sec.start, sec.end}, Spans: pat.Spans, Notes: pat.Notes}
		main.Second = second
		main.Spans = exMergeSpans(question, sortedSpans(append(slices.Clone(main.Spans), pat.Spans...)))
		if len(main.Spans) > 0 {
			main.Span = [2]int{main.Spans[0][0], main.Spans[len(main.Spans)-1][1]}
		}
		rep := &main.Report
		rep.Spans = append(rep.Spans, pat.Report.Spans...)
		slices.SortFunc(rep.Spans, func(a, b ReportSpan) int { return a.Start - b.Start })
		rep.Unaccounted = append(rep.Unaccounted, pat.Report.Unaccounted...)
		rep.Disagreements = append(rep.Disagreements, prefixed(second.Name, pat.Report.Disagreements)...)
		rep.Ambiguous = append(rep.Ambiguous, prefixed(second.Name, pat.Report.Ambiguous)...)
		rep.Notes = append(rep.Notes, prefixed(second.Name, pat.Report.Notes)...)
		rep.Second = fmt.Sprintf("%s: %d nodes, %d edges (%s)", second.Name, pat.Graph.N(), pat.Graph.M(), strings.Join(pat.Report.Readers, "+"))
		if pat.Confidence < main.Confidence {
			main.Confidence = pat.Confidence
		}
		rep.Confidence = min(rep.Confidence, pat.Report.Confidence)
		main.Notes = append(main.Notes, prefixed(second.Name, pat.Notes)...)
		return main, true, nil
	}
	return Extraction{}, false, nil
}

func prefixed(name string, ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = "the " + name + ": " + s
	}
	return out
}

func sortedSpans(sp [][2]int) [][2]int {
	slices.SortFunc(sp, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return sp
}
