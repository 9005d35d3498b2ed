package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"
)

// TestGuardsFromBatch3: readings and questions that held-out batch 3 showed
// answered wrong are declined — a statement that the graph changed, edges
// of which only some carry a number, a question comparing two nodes, a
// question about time on timed edges, two tools that fit equally — while
// their answerable neighbours are still answered.
func TestGuardsFromBatch3(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	for _, q := range []string{
		"Edges: A-B, B-C, C-D. Hmm, actually I think B-C was removed last week. Is there a path from A to D?",
		"Roads: A-B 5km, B-C 3km, A-C. What is the shortest distance from A to C?",
		"Edges 0-1 1-2 2-3 1-3. Which has more edges, node 1 or node 2?",
		"Edges 0-1 1-2 2-3 1-3. Does node 1 have more neighbours than node 2?",
		"In an undirected dynamic graph, (u, v, t) means that node u and node v are linked with an edge at time t. " +
			"Given the edges (0, 1, 0), (1, 2, 1), (0, 2, 2), when are node 0 and node 2 first linked?",
		// An unread statement naming a node of the graph and someone else.
		"Ann follows Bo. Bo follows Cy. Cy is fond of Dee. How many people are there?",
		"Ann and Bo are friends. Bo and Cy are friends. Dee sits next to Cy. How many people are there?",
	} {
		if ans, err := a.Ask(ctx, q); !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v %v, want a refusal", q, answerText(ans), err)
		}
	}
	for q, want := range map[string]string{
		"Roads: A-B 5km, B-C 3km, A-C 9km. What is the shortest distance from A to C?": "8",
		"In an undirected dynamic graph, (u, v, t) means that node u and node v are linked with an edge at time t. " +
			"Given the edges (0, 1, 0), (1, 2, 1), (0, 2, 2), how many nodes does the graph have?": "3",
		"Edges 0-1 1-2 2-3 1-3. What is the degree of node 1?": "3",
		// A statement about one node alone is no unread edge.
		"Ann and Bo are friends. Bo and Cy are friends. Ann is happy. How many people are there?": "3",
	} {
		ans, err := a.Ask(ctx, q)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		var got any
		raw, _ := json.Marshal(ans.Value)
		_ = json.Unmarshal(raw, &got)
		if m, ok := got.(map[string]any); ok {
			got = m["length"]
		}
		if s := fmtNum(got); s != want {
			t.Errorf("%q: %v, want %s", q, got, want)
		}
	}
}

// fmtNum prints a number without a fraction when it has none.
func fmtNum(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		return strconv.Itoa(x)
	}
	return fmt.Sprint(v)
}
