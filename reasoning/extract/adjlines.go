package extract

import (
	"context"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// AdjacencyLines reads NetworkX's adjacency-list format (nx.write_adjlist),
// which a sentence before it names: "in adjacency-list format (each line
// holds a node followed by its neighbours):\n0 1 2\n1 2\n2 3". Each line is
// a node and then its neighbours, separated by spaces, so "0 1 2" is the
// edges 0-1 and 0-2, never an edge 0-1 of weight 2 as an edge-list line
// would be. A line of one name is a node without (further) neighbours. Two
// or more lines in a row after the naming sentence make the list.
type AdjacencyLines struct{}

// Name names the notation.
func (AdjacencyLines) Name() string { return "adjacency-list lines" }

// adjListNames are the phrases that name the format; the reader reads
// only lines after one of them.
var adjListNames = []string{"adjacency list", "adjacency-list", "adjlist", "adjacency lists"}

// Read implements Reader.
func (AdjacencyLines) Read(ctx context.Context, d *Doc) (Reading, error) {
	if err := ctx.Err(); err != nil {
		return Reading{}, err
	}
	// "adj" lies inside one run of letters: the text's distinct words
	// answer for the whole text.
	if !d.words().any(func(w string) bool { return strings.Contains(w, "adj") }) {
		return Reading{}, nil
	}
	named := -1
	for _, n := range adjListNames {
		if i := strings.Index(d.Lower, n); i >= 0 && (named < 0 || i < named) {
			named = i
		}
	}
	if named < 0 {
		return Reading{}, nil
	}
	// The lines start after the line that names the format.
	off := strings.IndexByte(d.Text[named:], '\n')
	if off < 0 {
		return Reading{}, nil
	}
	off += named + 1
	r := Reading{Reader: AdjacencyLines{}.Name(), Directed: statedDirection(d.Lower), Confidence: 0.95}
	seen := map[string]bool{}
	addNode := func(n string) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
		}
	}
	var lines [][]string
	var starts, ends []int
	runStart, runEnd := -1, 0
	for off < len(d.Text) {
		end := strings.IndexByte(d.Text[off:], '\n')
		if end < 0 {
			end = len(d.Text)
		} else {
			end += off
		}
		line := strings.TrimRight(d.Text[off:end], " \t\r")
		f, ok := adjLineFields(line)
		if !ok {
			break
		}
		if runStart < 0 {
			runStart = off + len(line) - len(strings.TrimLeft(line, " \t"))
		}
		runEnd = off + len(line)
		lines = append(lines, f)
		starts, ends = append(starts, off), append(ends, off+len(line))
		off = end + 1
	}
	if len(lines) < 2 {
		return Reading{}, nil
	}
	for k, f := range lines {
		addNode(f[0])
		for _, v := range f[1:] {
			addNode(v)
			if len(r.Edges) == d.opt.MaxEdges {
				return Reading{}, fmt.Errorf("adjacency-list lines: more than %d edges: %w", d.opt.MaxEdges, graph.ErrTooLarge)
			}
			r.Edges = append(r.Edges, Edge{U: f[0], V: v, Start: starts[k], End: ends[k]})
		}
	}
	r.Spans = []Span{{Start: runStart, End: runEnd, Role: RoleGraph}}
	return r, nil
}

// adjLineFields splits a line of the format into its names: one or more
// words of letters, digits, '_', '.' or '-', separated by spaces or tabs.
// A line with anything else (a colon, a comma, a bracket, a sentence's
// punctuation) is not one.
func adjLineFields(line string) ([]string, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, false
	}
	for _, w := range f {
		for i := 0; i < len(w); i++ {
			c := w[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
				return nil, false
			}
		}
		if w == "-" || w == "." {
			return nil, false
		}
	}
	return f, true
}
