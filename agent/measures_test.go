package agent

import (
	"context"
	"errors"
	"testing"
)

// TestAskedMeasureMissing: a question asking by a capacity or a cost of
// a graph whose edge numbers are another measure is declined; the same
// question of a graph with that measure, or asking by what the numbers
// are, is answered. Before (with the router tables read), "What's the
// available bandwidth between R2 and R5?" of latencies was answered by
// common_neighbors.
func TestAskedMeasureMissing(t *testing.T) {
	a := newDataAgent(t)
	routers := "R1# show neighbors\nNeighbor   Latency(ms)  State\nR2         4            FULL\nR3         12           FULL\n\n" +
		"R2# show neighbors\nNeighbor   Latency(ms)  State\nR1         4            FULL\nR3         3            FULL\n\n" +
		"R3# show neighbors\nNeighbor   Latency(ms)  State\nR1         12           FULL\nR2         3            FULL\n\n"
	for _, c := range []struct {
		q       string
		decline bool
	}{
		{routers + "What's the available bandwidth between R2 and R3?", true},
		{"| from | to | km |\n|---|---|---|\n| A | B | 4 |\n| B | C | 5 |\n\nWhat is the cheapest fare from A to C?", true},
		{routers + "What is the lowest-latency path from R1 to R3?", false},
		{"Lanes (one way as listed, a directed graph):\nfrom,to,trucks/day\nA,B,4\nB,C,5\n\nWhat is the cheapest way to ship from A to C?", true},
		{"| from | to | Capacity (Gbps) |\n|---|---|---|\n| A | B | 4 |\n| B | C | 5 |\n\nThe links are directed. What is the maximum flow of bandwidth from A to C?", false},
	} {
		ans, err := a.Ask(context.Background(), c.q)
		declined := errors.Is(err, ErrNoAnswer)
		if declined != c.decline {
			t.Errorf("%.60q: declined %v (err %v, answer %v), want %v", c.q[len(c.q)-60:], declined, err, answerText(ans), c.decline)
		}
	}
}
