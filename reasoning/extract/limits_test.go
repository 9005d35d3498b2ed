package extract

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestStructuredReadersStopAtLimits: a 16 KB question holding the DOT
// product {a0 … a1499} -- {b0 … b1499} (2.25M edges) was read whole by
// graph.ReadDOT without limits, turned into a Reading and only then
// refused: 507 MB per request. The DOT, GML and node-link readers now read
// with the question's limits and stop at them.
func TestStructuredReadersStopAtLimits(t *testing.T) {
	var a, b []string
	for i := range 1500 {
		a, b = append(a, fmt.Sprint("a", i)), append(b, fmt.Sprint("b", i))
	}
	var gml, js strings.Builder
	gml.WriteString("graph [\n")
	js.WriteString(`{"directed": false, "nodes": [`)
	for i := range 3000 {
		fmt.Fprintf(&gml, "node [ id %d ]\n", i)
		if i > 0 {
			js.WriteString(", ")
		}
		fmt.Fprintf(&js, `{"id": %d}`, i)
	}
	gml.WriteString("]\n")
	js.WriteString(`], "edges": [{"source": 0, "target": 1}]}`)
	tests := []struct {
		name, q string
		opt     Options
	}{
		{"DOT product", "graph G { {" + strings.Join(a, " ") + "} -- {" + strings.Join(b, " ") + "} }\nHow many edges does this graph have?", Options{}},
		{"GML", gml.String() + "How many nodes?", Options{MaxNodes: 1000}},
		{"node-link JSON", js.String() + "\nHow many nodes?", Options{MaxNodes: 1000}},
	}
	for _, tc := range tests {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Read(context.Background(), tc.q, tc.opt)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, graph.ErrTooLarge) {
			t.Errorf("%s: %v, want ErrTooLarge", tc.name, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
			t.Errorf("%s: %d MB allocated for a %d KB question, want under 32 MB", tc.name, alloc>>20, len(tc.q)>>10)
		}
	}
}
