package extract

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// GraphML reads a graph written in GraphML in a question, as GPT4Graph
// and NetworkX's write_graphml give it:
//
//	<graphml ...><key id="d0" for="edge" attr.name="weight" attr.type="double"/>
//	<graph edgedefault="undirected"><node id="n0"/><node id="n1"/>
//	<edge source="n0" target="n1"><data key="d0">2.5</data></edge></graph></graphml>
//
// Nodes are named by their ids; edgedefault (or an edge's own directed
// attribute) gives the direction; an edge's data under a key named weight,
// capacity, length, distance or cost is its number. A "<graphml" that is
// not closed or does not parse is an error wrapping graph.ErrSyntax naming
// the question's line and column. The reader returns at once when the text
// holds no "<graphml".
type GraphML struct{}

// Name names the notation.
func (GraphML) Name() string { return "GraphML" }

// Read implements Reader.
func (GraphML) Read(ctx context.Context, d *Doc) (Reading, error) {
	s := strings.Index(d.Lower, "<graphml")
	if s < 0 {
		return Reading{}, nil
	}
	if err := ctx.Err(); err != nil {
		return Reading{}, err
	}
	k := strings.Index(d.Lower[s:], "</graphml>")
	if k < 0 {
		return Reading{}, syntaxErrorAt(d.Text, s, "GraphML: <graphml> is not closed")
	}
	e := s + k + len("</graphml>")
	r, err := readGraphML(d.Text[s:e], d.opt.MaxEdges)
	if err != nil {
		var se *graphMLError
		off := s
		if errors.As(err, &se) {
			off += se.off
		}
		return Reading{}, syntaxErrorAt(d.Text, off, "GraphML: "+err.Error())
	}
	r.Spans = []Span{{Start: s, End: e, Role: RoleGraph}}
	for i := range r.Edges {
		r.Edges[i].Start, r.Edges[i].End = s, e
	}
	return r, nil
}

// graphMLError is a GraphML error at a byte offset of the GraphML text.
type graphMLError struct {
	off int
	msg string
}

func (e *graphMLError) Error() string { return e.msg }

// graphMLValueKeys are the edge attribute names whose number is the edge's,
// with what it means.
var graphMLValueKeys = map[string]Meaning{
	"weight": MeaningWeight, "capacity": MeaningCapacity, "length": MeaningDistance, "distance": MeaningDistance,
	"cost": MeaningCost,
}

// readGraphML reads one <graphml>...</graphml> document.
func readGraphML(text string, maxEdges int) (Reading, error) {
	r := Reading{Reader: GraphML{}.Name(), Confidence: 0.95}
	dec := xml.NewDecoder(strings.NewReader(text))
	dec.Strict = true
	valueKey := map[string]Meaning{} // key id -> meaning of edge data
	seen := map[string]bool{}
	node := func(id string) {
		if !seen[id] {
			seen[id] = true
			r.Nodes = append(r.Nodes, id)
		}
	}
	fail := func(msg string, args ...any) error {
		return &graphMLError{off: int(dec.InputOffset()), msg: fmt.Sprintf(msg, args...)}
	}
	defaultDir := DirUnknown
	var edge *Edge     // the edge being read
	var dataKey string // the key of the <data> being read, inside an edge
	var data strings.Builder
	mixed := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Reading{}, fail("%v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			attr := func(name string) (string, bool) {
				for _, a := range t.Attr {
					if a.Name.Local == name {
						return a.Value, true
					}
				}
				return "", false
			}
			switch t.Name.Local {
			case "key":
				id, _ := attr("id")
				name, _ := attr("attr.name")
				if m, ok := graphMLValueKeys[strings.ToLower(name)]; ok && id != "" {
					if f, _ := attr("for"); f == "edge" || f == "all" || f == "" {
						valueKey[id] = m
					}
				}
			case "graph":
				switch v, _ := attr("edgedefault"); v {
				case "directed":
					defaultDir = DirDirected
				case "undirected":
					defaultDir = DirUndirected
				}
			case "node":
				id, ok := attr("id")
				if !ok || id == "" {
					return Reading{}, fail("a node has no id")
				}
				node(id)
			case "edge":
				u, ok1 := attr("source")
				v, ok2 := attr("target")
				if !ok1 || !ok2 || u == "" || v == "" {
					return Reading{}, fail("an edge lacks its source or target")
				}
				if len(r.Edges) == maxEdges {
					return Reading{}, fmt.Errorf("GraphML: more than %d edges: %w", maxEdges, graph.ErrTooLarge)
				}
				node(u)
				node(v)
				r.Edges = append(r.Edges, Edge{U: u, V: v})
				edge = &r.Edges[len(r.Edges)-1]
				if dv, ok := attr("directed"); ok {
					if (dv == "true") != (defaultDir == DirDirected) {
						mixed = true
					}
				}
			case "data":
				if edge != nil {
					dataKey, _ = attr("key")
					data.Reset()
				}
			}
		case xml.CharData:
			if dataKey != "" {
				data.Write(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "data":
				if m, ok := valueKey[dataKey]; ok && edge != nil {
					f, err := strconv.ParseFloat(strings.TrimSpace(data.String()), 64)
					if err != nil {
						return Reading{}, fail("edge (%s, %s): %q is not a number", edge.U, edge.V, strings.TrimSpace(data.String()))
					}
					edge.Value, edge.HasValue = f, true
					if r.EdgeValue == MeaningNone {
						r.EdgeValue = m
					}
				}
				dataKey = ""
			case "edge":
				edge = nil
			}
		}
	}
	if len(r.Nodes) == 0 {
		return Reading{}, &graphMLError{msg: "no node or edge"}
	}
	r.Directed = defaultDir
	if r.Directed == DirUnknown {
		// GraphML's edgedefault is required; NetworkX writes it.
		r.Directed = DirUndirected
		r.Notes = append(r.Notes, "the GraphML graph has no edgedefault; read as undirected")
		r.Confidence = 0.7
	}
	if mixed {
		r.Notes = append(r.Notes, "some GraphML edges go against the graph's edgedefault")
		r.Confidence = 0.6
	}
	return r, nil
}
