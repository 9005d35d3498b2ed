// Package extract reads the graph written in a question. Each notation people
// and benchmarks use has one Reader of its own, in a file of its own: edge
// pairs and tuples, arrows, Python literals, prose edges ("an edge between
// node 1 and node 2 with weight 3"), relationship sentences with named nodes
// ("Alice and Bob are friends"), quantities in prose ("a road from Paris to
// Lyon of 465 km"), precedence ("A should be visited before B"), bipartite
// prose ("applicant 0 is interested in job 2"), node data (embeddings,
// labels), declared node sets ("nodes are numbered from 0 to 7"), sentences
// that explain the notation ("(i,j) means that ..."), structured text
// (adjacency lists and matrices, CSV/TSV/Markdown and HTML tables, JSON,
// DOT, GML, GraphML), diagram and code languages (Mermaid, Cypher, NetworkX
// code).
//
// A Reader returns a Reading: what it understood and the spans of the question
// it accounted for. Read combines the readings into one graph with a Report
// that says what was read, what text looked like graph content but was not
// accounted for, and what was ambiguous; callers refuse to answer rather than
// guess when the report says the reading is uncertain.
//
// A new notation is one new file: a type implementing Reader, registered in
// Readers, with its own table tests and fuzz target.
package extract

import (
	"context"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Doc is a question prepared once for every reader.
type Doc struct {
	// Text is the question as given (valid UTF-8).
	Text string
	// Lower is Text with ASCII letters lower-cased: byte offsets are the same
	// as in Text, so a match in Lower is a span of Text.
	Lower string

	// opt bounds the readers' work; the shared token scan (scan.go) runs
	// once per Doc, for every reader of a notation it recognises.
	opt      Options
	scan     *exScan
	scanErr  error
	scanDone bool
	// prose is the prose readers' tokenization (prosetext.go), also once
	// per Doc.
	prose     *proseText
	proseErr  error
	proseDone bool
	// lines are the text's lines (textLines), for the line readers.
	lines []textLine
	// vocab is the text's distinct words (words), for the pre-checks.
	vocab *docWords
}

// limits are the node and edge limits for a reader that builds a graph
// of its own (DOT, GML, node-link JSON), so that a graph past them is
// refused while it is read, not after.
func (d *Doc) limits() graph.Limits {
	return graph.Limits{MaxNodes: d.opt.MaxNodes, MaxEdges: d.opt.MaxEdges}
}

// textLines returns the lines of the question, split once per Doc; the
// readers only read them.
func (d *Doc) textLines() []textLine {
	if d.lines == nil {
		d.lines = textLines(d.Text)
	}
	return d.lines
}

// NewDoc prepares text for the readers, with the default Options.
func NewDoc(text string) *Doc { return newDoc(text, Options{}) }

func newDoc(text string, opt Options) *Doc {
	return &Doc{Text: text, Lower: asciiLower(text), opt: opt.withDefaults()}
}

// asciiLower lower-cases ASCII letters only, keeping every byte offset. It
// copies the question once (a strings.Builder's buffer becomes the string),
// in runs between the upper-case letters.
func asciiLower(s string) string {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i < len(s) {
		sb.WriteString(s[:i])
		sb.WriteByte(s[i] + ('a' - 'A'))
		s = s[i+1:]
		i = 0
		for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
			i++
		}
	}
	sb.WriteString(s)
	return sb.String()
}

// Role says what a span of the question was to the reader that accounted
// for it.
type Role uint8

// The roles of accounted spans.
const (
	// RoleGraph is text that holds edges or nodes.
	RoleGraph Role = iota + 1
	// RoleKey is a sentence that explains the notation ("(i,j) means that
	// node i and node j are connected"); its symbols are never edges.
	RoleKey
	// RoleDeclaration declares the node set or the graph's kind ("the nodes
	// are numbered from 0 to 7", "a directed graph with 12 nodes"); its
	// numbers are never parameters.
	RoleDeclaration
	// RoleData is node data: embeddings, feature vectors, labels.
	RoleData
	// RoleRule states a rule over the data ("each node's embedding is
	// updated by the sum of its neighbours' embeddings").
	RoleRule
	// RoleOptions is a lettered choice the question offers ("A. [0, 6,
	// 2]"), an answer to check, never graph content (Extraction.Options).
	RoleOptions
)

// String names the role.
func (r Role) String() string {
	switch r {
	case RoleGraph:
		return "graph"
	case RoleKey:
		return "notation key"
	case RoleDeclaration:
		return "declaration"
	case RoleData:
		return "node data"
	case RoleRule:
		return "rule"
	case RoleOptions:
		return "option"
	}
	return "unknown"
}

// Span is a byte range [Start, End) of the question and what it was.
type Span struct {
	Start, End int
	Role       Role
}

// Direction is what the text says about edge direction.
type Direction uint8

// The directions a reading can state.
const (
	// DirUnknown: the text does not say.
	DirUnknown Direction = iota
	// DirUndirected: the text says undirected (or the notation is symmetric,
	// "X and Y are friends").
	DirUndirected
	// DirDirected: the text says directed (or the notation is, "A should be
	// visited before B", "from A to B").
	DirDirected
)

// Meaning is what the number written on an edge stands for.
type Meaning string

// The meanings of edge numbers.
const (
	MeaningNone     Meaning = ""
	MeaningWeight   Meaning = "weight"
	MeaningDistance Meaning = "distance"
	MeaningCost     Meaning = "cost"
	MeaningCapacity Meaning = "capacity"
	// MeaningTime: the number is when the edge exists ("(u, v, t) means u
	// and v are linked at time t"); it is not a weight.
	MeaningTime Meaning = "time"
)

// Edge is one edge as written.
type Edge struct {
	// U and V are the node IDs as the question names them ("3", "Paris",
	// "New York"); for bipartite prose they carry the kind ("applicant 0").
	U, V string
	// Value is the number written on the edge when HasValue; Meaning (on the
	// Reading, or here when it differs per edge) says what it is.
	Value    float64
	HasValue bool
	// Meaning overrides Reading.EdgeValue for this edge when not empty.
	Meaning Meaning
	// Both marks an edge written as going both ways ("<->") in a directed graph.
	Both bool
	// Directed marks an edge written with a direction ("->", "from A to B")
	// in a reading that also has edges without one.
	Directed bool
	// Attrs are other attributes written on the edge (a Python dict's
	// {'color': 'red'}).
	Attrs map[string]any
	// Start and End are the edge's byte span in the question.
	Start, End int
}

// Reading is what one reader understood in a question. The zero Reading
// (no nodes, no edges, no spans) means the notation is absent.
type Reading struct {
	// Reader is the reader's Name.
	Reader string
	// Directed is what the text says about direction.
	Directed Direction
	// DirectionAssumed marks a DirDirected that the text does not state:
	// a table whose rows list each pair once, from one column to another,
	// under a header that does not say whether its edges go both ways.
	DirectionAssumed bool
	// Nodes are the nodes the reading names or declares, in order of first
	// appearance; declared nodes with no edge are isolated nodes of the graph.
	Nodes []string
	// NodeStarts, when set, holds the byte offset where each of Nodes is
	// named (parallel to Nodes; -1 puts a node before everything), so the
	// graph keeps the question's node order; without it the nodes come, in
	// order, where the reading's first span starts.
	NodeStarts []int
	// Count is a node count the text declares without naming the nodes ("a
	// graph with 12 nodes"); the combiner numbers them 0..Count-1 or
	// 1..Count as the edges say, and reports the ambiguity otherwise.
	Count int
	// Edges are the edges read, in order.
	Edges []Edge
	// EdgeValue is what the edges' numbers mean.
	EdgeValue Meaning
	// Kinds maps a node to its kind when the text distinguishes kinds
	// ("applicant", "job"): a bipartite graph keeps the kinds apart even when
	// both use the same numbers.
	Kinds map[string]string
	// Vectors maps a node to its embedding or feature vector.
	Vectors map[string][]float64
	// Labels maps a node to a label the text gives it ("Node 4 likes soccer").
	Labels map[string]string
	// NodeWeights maps a node to the weight the text gives it ("[0, 2]
	// means node 0 has the weight 2"); the graph keeps it as the node's
	// "weight" attribute.
	NodeWeights map[string]float64
	// Facts are other things the text states about the graph or its data,
	// by key: "aggregation" → "sum", "label_attribute" → "likes".
	Facts map[string]string
	// Spans are the parts of the question the reading accounts for.
	Spans []Span
	// Confidence in 0..1 that the reading is right and complete for the text
	// it covers.
	Confidence float64
	// Notes say what was uncertain.
	Notes []string

	// File, Dataset and Session are graphs given by reference: a graph file
	// path, a dataset's canonical name, or the session's current graph ("it",
	// "the graph loaded earlier").
	File    string
	Dataset string
	Session bool

	// parsed is the graph a reader built itself (the Python-literal list),
	// used as is when nothing else adds to it; softErr is a syntax error
	// that stands only when no reader finds an edge.
	parsed  *graph.Graph
	softErr error
	order   int  // the reader's place in Readers()
	queries bool // the reader already left out edges asked about in questions
	// partial marks a prose reading that read only part of a sentence: its
	// doubt is about text no reader read, which another reader agreeing on
	// the edges it did read does not lift.
	partial bool
	// fileCued marks a file reading whose path the text points at as the
	// graph ("the graph in roads.csv"), not one it only mentions.
	fileCued bool
}

// Empty reports whether the reading found nothing.
func (r *Reading) Empty() bool {
	return len(r.Nodes) == 0 && len(r.Edges) == 0 && len(r.Spans) == 0 &&
		len(r.Vectors) == 0 && len(r.Labels) == 0 && len(r.NodeWeights) == 0 && r.Count == 0 &&
		r.File == "" && r.Dataset == "" && !r.Session
}

// Reader reads one notation.
type Reader interface {
	// Name names the notation ("pairs", "precedence", "bipartite prose").
	Name() string
	// Read returns what the notation says in the question; the zero Reading
	// when the notation is absent. Errors are for malformed input that the
	// notation clearly is (wrapping graph.ErrSyntax) and for the context's
	// cancellation; a reader never panics on any input.
	Read(ctx context.Context, d *Doc) (Reading, error)
}

// settleEdgeValues makes the first valued edge's meaning the reading's
// EdgeValue, clears that meaning from the edges that carry it (an edge
// keeps only a meaning that differs), and returns how many edges have a
// value, for the readers' "some edges have a value and some do not" check.
func (r *Reading) settleEdgeValues() int {
	valued := 0
	for _, e := range r.Edges {
		if e.HasValue {
			valued++
			if r.EdgeValue == MeaningNone {
				r.EdgeValue = e.Meaning
			}
		}
	}
	for i := range r.Edges {
		if r.Edges[i].Meaning == r.EdgeValue {
			r.Edges[i].Meaning = MeaningNone
		}
	}
	return valued
}
