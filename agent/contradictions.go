package agent

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/extract"
)

// readingContradiction returns an error wrapping ErrNoAnswer when the graph
// read from the question's text, though read with confidence, is not what
// the text says: a line in the middle of the graph's lines that no reader
// read, edges on nodes past the declared numbering, or a node the text
// calls isolated that the edges give neighbours. The builtin backend does
// not guess which part of the text is right.
func readingContradiction(question string, ex reasoning.Extraction) error {
	if ex.Graph == nil {
		return nil
	}
	rep := &ex.Report
	var why string
	switch {
	case skippedLine(question, rep) != "":
		why = fmt.Sprintf("the line %q between the graph's lines was not read", skippedLine(question, rep))
	case outsideDeclared(ex) != "":
		why = fmt.Sprintf("the text declares %s but the edges use node %s", rep.Declared, outsideDeclared(ex))
	case isolatedWithEdges(question, ex) != "":
		why = fmt.Sprintf("node %s is said to have no edges but the edges give it some", isolatedWithEdges(question, ex))
	case graphFragment(reasoning.QuestionWithoutGraph(question, ex), ex) != "":
		why = fmt.Sprintf("the text %q names nodes of the graph but was not read", graphFragment(reasoning.QuestionWithoutGraph(question, ex), ex))
	default:
		return nil
	}
	return fmt.Errorf("the graph in the question contradicts itself (%s); %s: %w", rep.Summary(), why, ErrNoAnswer)
}

// skippedLine returns the first whole line that lies between two graph
// spans of one reader and inside no span: a line-by-line graph ("0 1",
// "1 2", ...) with one line no reader understood ("2 - ??") is not the
// graph without that line.
func skippedLine(question string, rep *extract.Report) string {
	spans := make([]extract.ReportSpan, len(rep.Spans))
	copy(spans, rep.Spans)
	sort.SliceStable(spans, func(a, b int) bool { return spans[a].Start < spans[b].Start })
	covered := func(s, e int) bool {
		for _, sp := range spans {
			if sp.Start <= s && e <= sp.End {
				return true
			}
		}
		return false
	}
	for i := 1; i < len(spans); i++ {
		a, b := spans[i-1], spans[i]
		if a.Role != extract.RoleGraph.String() || b.Role != a.Role || a.Reader != b.Reader || a.End >= b.Start || b.Start > len(question) {
			continue
		}
		gap := question[a.End:b.Start]
		first, rest, ok := strings.Cut(gap, "\n")
		if !ok || strings.Trim(first, " \t\r,;") != "" {
			continue // the gap does not start at a line's end
		}
		off := a.End + len(first) + 1
		for _, line := range strings.SplitAfter(rest, "\n") {
			if !strings.HasSuffix(line, "\n") {
				// The line runs into the next span: its beginning was
				// not read ("node 3 is kind of near 4-ish").
				if t := strings.TrimSpace(line); t != "" {
					end := strings.IndexByte(question[off:], '\n')
					if end < 0 {
						end = len(question) - off
					}
					return strings.TrimSpace(question[off : off+end])
				}
				break
			}
			if t := strings.TrimSpace(line); t != "" && !covered(off, off+len(line)-1) {
				return t
			}
			off += len(line)
		}
	}
	return ""
}

// declaredRange reads Report.Declared "nodes A to B".
var declaredRange = lazyre.New(`^nodes (-?\d+) to (-?\d+)$`)

// outsideDeclared returns a node of the graph that is an integer outside
// the declared numbering "nodes A to B", or "".
func outsideDeclared(ex reasoning.Extraction) string {
	m := declaredRange.FindStringSubmatch(ex.Report.Declared)
	if m == nil {
		return ""
	}
	lo, err1 := strconv.Atoi(m[1])
	hi, err2 := strconv.Atoi(m[2])
	if err1 != nil || err2 != nil {
		return ""
	}
	for _, id := range ex.Graph.IDs() {
		x, err := strconv.Atoi(id)
		if err == nil && strconv.Itoa(x) == id && (x < lo || x > hi) {
			return id
		}
	}
	return ""
}

// isolatedSentence matches a statement that a node has no edges. It runs
// over the whole question, graph included: the prefilter skips it unless
// the text says "has no …", "is isolated" or "is not connected to any".
var isolatedSentence = lazyre.New(`(?i)\b(?:node|vertex)\s+(\S+?)\s+(?:has no (?:edges|neighbou?rs|connections|links)|is isolated|is not connected to any (?:other )?(?:node|vertex))\b`)

// isolatedWithEdges returns a node that the text, outside the task and
// every accounted span (the reading reports its name as an unaccounted
// number), says has no edges while the graph gives it some, or "".
func isolatedWithEdges(question string, ex reasoning.Extraction) string {
	for _, m := range isolatedSentence.FindAllStringSubmatchIndex(question, -1) {
		s, e := m[2], m[3]
		unread := false
		for _, u := range ex.Report.Unaccounted {
			if u.Start == s && u.End == e {
				unread = true
			}
		}
		if !unread && !declaredAt(&ex.Report, s, e) {
			continue
		}
		id := question[s:e]
		if i, ok := ex.Graph.Index(id); ok && ex.Graph.Degree(i) > 0 {
			return id
		}
	}
	// "Tarrow has no roads at all", read as a declaration of a node
	// without edges, beside edges that give it some.
	for _, sp := range ex.Report.Spans {
		if sp.Role != extract.RoleDeclaration.String() || sp.End > len(question) {
			continue
		}
		text := question[sp.Start:sp.End]
		if !strings.Contains(text, " no ") && !strings.Contains(text, "isolated") {
			continue
		}
		words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == ';' || r == '\n' })
		for i := range words {
			for n := 1; n <= 4 && i+n <= len(words); n++ {
				id := strings.Join(words[i:i+n], " ")
				if v, ok := ex.Graph.Index(id); ok && ex.Graph.Degree(v) > 0 {
					return id
				}
			}
		}
	}
	return ""
}

// declaredAt reports whether a declaration span of the reading covers the
// text from s to e.
func declaredAt(rep *extract.Report, s, e int) bool {
	for _, sp := range rep.Spans {
		if sp.Role == extract.RoleDeclaration.String() && sp.Start <= s && e <= sp.End {
			return true
		}
	}
	return false
}

// fragmentEnd splits text into statements ending in '.' or ';'.
var fragmentEnd = lazyre.New(`[^.;?!\n]*[.;]`)

// graphFragment returns a statement of task (the question without the
// graph's text) made only of nodes of the graph joined by "and", "or" and
// commas, with at most one other word ("Page D and C."): the rest of a
// graph sentence the readers read only in part. It returns "" when there
// is none.
func graphFragment(task string, ex reasoning.Extraction) string {
	for _, st := range fragmentEnd.FindAllString(task, -1) {
		words := strings.FieldsFunc(strings.TrimRight(st, ".;"), func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
		nodes, other := 0, 0
		for _, w := range words {
			switch _, isNode := ex.Graph.Index(w); {
			case isNode:
				nodes++
			case strings.EqualFold(w, "and"), strings.EqualFold(w, "or"):
			default:
				other++
			}
		}
		if nodes > 0 && other <= 1 {
			return strings.TrimSpace(st)
		}
	}
	return ""
}
