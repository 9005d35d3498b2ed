package extract

import (
	"fmt"
	"io"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
)

// Report says what the readers understood in a question: which readers
// built the graph, its nodes, edges and direction (and why), what the edge
// numbers mean, node data, the spans of the question they accounted for,
// text that looked like graph content but was not accounted for, what was
// ambiguous, and where readers disagreed.
type Report struct {
	// Readers are the readers whose readings were used, in order.
	Readers []string `json:"readers"`
	// Nodes and Edges count the graph read from the question.
	Nodes int `json:"nodes"`
	Edges int `json:"edges"`
	// Directed is the graph's direction; DirectedWhy says what decided it.
	Directed    bool   `json:"directed"`
	DirectedWhy string `json:"directed_why"`
	// DirectionAssumed: nothing in the question says the graph is
	// directed; the notation's reading took it so (ShapeTable), and an
	// answer should hold either way.
	DirectionAssumed bool `json:"direction_assumed,omitempty"`
	// EdgeValues says what the numbers on edges mean ("weight",
	// "capacity", "distance", "cost"); empty when edges carry none.
	EdgeValues Meaning `json:"edge_values,omitempty"`
	// Declared describes the declared node set ("nodes 0 to 7").
	Declared string `json:"declared,omitempty"`
	// NodeData describes node data read ("embedding on 8 nodes").
	NodeData []string `json:"node_data,omitempty"`
	// Spans are the accounted parts of the question with their roles.
	Spans []ReportSpan `json:"spans,omitempty"`
	// Unaccounted is text that looks like graph content (numbers, edge-like
	// pairs, "X and Y are ..." sentences) outside every accounted span.
	Unaccounted []Unaccounted `json:"unaccounted,omitempty"`
	// Ambiguous lists what could be read several ways, such as a node
	// count whose numbering the text does not fix.
	Ambiguous []string `json:"ambiguous,omitempty"`
	// AmbiguousNodes are node names whose existence or identity the text
	// leaves open; a question about one of them should not be answered.
	AmbiguousNodes []string `json:"ambiguous_nodes,omitempty"`
	// Disagreements are readers that read the same text differently.
	Disagreements []string `json:"disagreements,omitempty"`
	// Dropped are readings whose text lies inside a more specific reader's.
	Dropped []string `json:"dropped,omitempty"`
	// Prose says which numbers outside the graph text were taken as prose
	// because their sentences name nothing of the graph (a heading's
	// "Exercise 6.7", a date); they do not make the reading uncertain.
	Prose []string `json:"prose,omitempty"`
	// Notes explain what lowered the confidence.
	Notes []string `json:"notes,omitempty"`
	// Second describes a second graph read apart from the main one (the
	// pattern of a subgraph question): its name, size and readers.
	Second string `json:"second_graph,omitempty"`
	// Confidence in 0..1 that the reading is right and complete.
	Confidence float64 `json:"confidence"`
}

// ReportSpan is one accounted span of the question.
type ReportSpan struct {
	// Start and End are the span's byte range [Start, End) in the question.
	Start int `json:"start"`
	End   int `json:"end"`
	// Role is what the text was to the reader ("graph", "notation key",
	// "declaration", "node data", "rule").
	Role string `json:"role"`
	// Reader names the reader that accounted for it.
	Reader string `json:"reader"`
	// Text is the span's text, shortened when long.
	Text string `json:"text"`
}

// Unaccounted is text outside every accounted span that looks like graph
// content.
type Unaccounted struct {
	// Start and End are the text's byte range [Start, End) in the question.
	Start int `json:"start"`
	End   int `json:"end"`
	// Text is the text, shortened when long.
	Text string `json:"text"`
	// Why says what it looks like ("a number", "an edge-like pair", "a
	// relation sentence").
	Why string `json:"why"`
}

// Uncertain reports whether the reading should not be answered from
// without asking: confidence below Confident, or readers that disagree.
func (r *Report) Uncertain() bool {
	return r.Confidence < Confident || len(r.Disagreements) > 0
}

// Problems lists, in sentences, what makes the reading uncertain:
// disagreements, unaccounted text, ambiguities and notes.
func (r *Report) Problems() []string {
	var out []string
	out = append(out, r.Disagreements...)
	for i, u := range r.Unaccounted {
		if i == 5 {
			out = append(out, fmt.Sprintf("%d more unaccounted part(s)", len(r.Unaccounted)-5))
			break
		}
		out = append(out, fmt.Sprintf("%s at byte %d was not read: %q", u.Why, u.Start, u.Text))
	}
	out = append(out, r.Ambiguous...)
	out = append(out, r.Notes...)
	return out
}

// Summary states in one sentence what was read.
func (r *Report) Summary() string {
	var b strings.Builder
	if len(r.Readers) == 0 {
		b.WriteString("no graph notation read")
	} else {
		fmt.Fprintf(&b, "read %s: %d nodes, %d edges, %s (%s)", strings.Join(r.Readers, "+"), r.Nodes, r.Edges,
			map[bool]string{true: "directed", false: "undirected"}[r.Directed], r.DirectedWhy)
	}
	if r.EdgeValues != MeaningNone {
		fmt.Fprintf(&b, "; edge numbers are %ss", r.EdgeValues)
	}
	if r.Declared != "" {
		b.WriteString("; declared " + r.Declared)
	}
	for _, d := range r.NodeData {
		b.WriteString("; " + d)
	}
	if r.Second != "" {
		b.WriteString("; read apart, the " + r.Second)
	}
	fmt.Fprintf(&b, "; confidence %.2f", r.Confidence)
	return b.String()
}

// Write prints the report readably, for --explain.
func (r *Report) Write(w io.Writer) error {
	var b strings.Builder
	b.WriteString("reading: " + r.Summary() + "\n")
	for _, s := range r.Spans {
		fmt.Fprintf(&b, "  %-12s [%s] %d-%d %q\n", s.Role, s.Reader, s.Start, s.End, s.Text)
	}
	for _, d := range r.Dropped {
		b.WriteString("  dropped: " + d + "\n")
	}
	for _, d := range r.Prose {
		b.WriteString("  prose: " + d + "\n")
	}
	for _, p := range r.Problems() {
		b.WriteString("  uncertain: " + p + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// snippet returns text[s:e] on one line, shortened past 60 bytes.
func snippet(text string, s, e int) string {
	return strings.Join(strings.Fields(textutil.Truncate(text[s:e], 60)), " ")
}
