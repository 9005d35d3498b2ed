package httpapi

import (
	"strings"
	"testing"

	"github.com/graphagent/graphagent/memory"
)

// TestSessionMemoryBudget: the server's sessions share one memory budget.
// Loading karate (34 nodes, 78 edges) in three sessions with room for two
// drops the least recently used session's graph, and its follow-up is told
// the graph was dropped instead of getting "no graph" or another graph's
// answer. Before, each session kept its graphs whatever the others held.
func TestSessionMemoryBudget(t *testing.T) {
	kb := int64(34*64 + 78*48 + 60)
	h, srv := newTestServer(t, Options{Working: memory.WorkingLimits{Budget: memory.NewBudget(2*kb + kb/2)}})
	for _, id := range []string{"a", "b"} {
		if c := ask(t, srv, chatBody("", "load karate/edges.tsv"), SessionHeader, id); !strings.Contains(c.content(), "34") {
			t.Fatalf("session %s: %q", id, c.content())
		}
	}
	if c := ask(t, srv, chatBody("", "How many edges does it have?"), SessionHeader, "a"); !strings.Contains(c.content(), "78") {
		t.Fatalf("session a, follow-up: %q", c.content())
	}
	ask(t, srv, chatBody("", "load karate/edges.tsv"), SessionHeader, "c") // b is the least recently used
	c := ask(t, srv, chatBody("", "How many edges does it have?"), SessionHeader, "b")
	if !strings.Contains(c.content(), "dropped from memory") || strings.Contains(c.content(), "78") {
		t.Errorf("session b after its graph was dropped: %q", c.content())
	}
	if c := ask(t, srv, chatBody("", "How many edges does it have?"), SessionHeader, "a"); !strings.Contains(c.content(), "78") {
		t.Errorf("session a lost its graph: %q", c.content())
	}
	if got, max := h.held.Budget.Bytes(), h.held.Budget.Max(); got > max {
		t.Errorf("sessions hold %d bytes, budget %d", got, max)
	}
}
