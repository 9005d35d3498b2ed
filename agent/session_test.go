package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
)

// sessionTurn is one question of a scripted conversation and what its
// answer must be: the tool, the value (fmt.Sprint of it) and words the
// sentence must contain; err, when set, is the error it must wrap.
type sessionTurn struct {
	q, tool, value string
	contains       []string
	err            error
}

func runSession(t *testing.T, s *Session, turns []sessionTurn) {
	t.Helper()
	for i, c := range turns {
		ans, err := s.Ask(context.Background(), c.q)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("turn %d %q: err %v, want %v", i+1, c.q, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("turn %d %q: %v", i+1, c.q, err)
			continue
		}
		if ans.Tool != c.tool || (c.value != "" && fmt.Sprint(ans.Value) != c.value) {
			t.Errorf("turn %d %q: tool %q value %v (%q), want %s %s", i+1, c.q, ans.Tool, ans.Value, ans.Answer, c.tool, c.value)
		}
		for _, w := range c.contains {
			if !strings.Contains(ans.Answer, w) {
				t.Errorf("turn %d %q: answer %q lacks %q", i+1, c.q, ans.Answer, w)
			}
		}
	}
}

// TestSessionFollowUpNode: "and node 33?" runs the previous tool with the
// new node (karate: NetworkX's karate_club_graph has degree 16 at node 0,
// 17 at node 33, 10 at node 2, 9 at node 1); a node the graph lacks is reported, and
// the turn after it still follows the last answered one.
func TestSessionFollowUpNode(t *testing.T) {
	s := newDataAgent(t).NewSession(memory.WorkingLimits{})
	runSession(t, s, []sessionTurn{
		{q: "load karate/edges.tsv"},
		{q: "What is the degree of node 0?", tool: "degree", value: "16"},
		{q: "and node 33?", tool: "degree", value: "17", contains: []string{"Node 33"}},
		{q: "What about node 2?", tool: "degree", value: "10"},
		{q: "and node 99?", err: tools.ErrNodeNotFound},
		{q: "And vertex 1?", tool: "degree", value: "9"},
		// A new question after "and" is not a follow-up.
		{q: "and what is its diameter?", tool: "diameter", value: "5"},
	})
}

// TestSessionBackReference: a new question about "its" node uses the
// previous turn's node (karate: NetworkX's closeness_centrality of node 33
// is 0.55, its 17 neighbours; nodes 0 and 33 are not adjacent).
func TestSessionBackReference(t *testing.T) {
	s := newDataAgent(t).NewSession(memory.WorkingLimits{})
	runSession(t, s, []sessionTurn{
		{q: "load karate/edges.tsv"},
		{q: "What is the degree of node 33?", tool: "degree", value: "17"},
		{q: "and its closeness centrality?", tool: "closeness_centrality", contains: []string{"node 33", "0.55"}},
		{q: "What are its neighbours?", tool: "neighbors", contains: []string{"Node 33 has 17 neighbours"}},
		// "its" of a whole-graph question is the graph.
		{q: "What is its diameter?", tool: "diameter", value: "5"},
		{q: "What is the shortest path from 0 to 33?", tool: "shortest_path"},
		{q: "Is there an edge between the same nodes?", tool: "edge_exists", value: "false"},
	})
}

// TestSessionFollowUpWithoutQuestion: a follow-up with no answered
// question before it is refused, not answered by a tool guessed from its
// few words.
func TestSessionFollowUpWithoutQuestion(t *testing.T) {
	s := newDataAgent(t).NewSession(memory.WorkingLimits{})
	runSession(t, s, []sessionTurn{
		{q: "Remember this graph: 0-1, 1-2, 2-3."},
		{q: "and node 3?", err: ErrNoAnswer},
		{q: "What is the degree of node 1?", tool: "degree", value: "2"},
		{q: "and node 3?", tool: "degree", value: "1"},
	})
}

// TestSessionFollowUpPair: a follow-up of a two-node question replaces
// what it names: "to X" or a lone node the target, "from X" the source,
// a pair both.
func TestSessionFollowUpPair(t *testing.T) {
	s := newDataAgent(t).NewSession(memory.WorkingLimits{})
	runSession(t, s, []sessionTurn{
		{q: "Remember this directed graph: 0->1, 1->2, 2->3, 3->0, 0->2."},
		{q: "What is the shortest path from 0 to 3?", tool: "shortest_path", contains: []string{"0, 2, 3"}},
		{q: "and to 1?", tool: "shortest_path", contains: []string{"from 0 to 1", "length 1"}},
		{q: "what about node 2?", tool: "shortest_path", contains: []string{"from 0 to 2", "length 1"}},
		{q: "and from 3 to 2?", tool: "shortest_path", contains: []string{"3, 0, 2"}},
		{q: "and from 1?", tool: "shortest_path", contains: []string{"from 1 to 2", "length 1"}},
	})
}

// TestSessionDirection: "what about the directed version?" reads the
// session's graph again with the other direction and answers the
// previous question on it; a question the first reading could not answer
// is asked again.
func TestSessionDirection(t *testing.T) {
	s := newDataAgent(t).NewSession(memory.WorkingLimits{})
	runSession(t, s, []sessionTurn{
		{q: "Remember this directed graph: 0->1, 2->1, 1->3."},
		{q: "What are the neighbours of node 1?", tool: "neighbors", value: "[3]"},
		{q: "what about the undirected version?", tool: "neighbors", value: "[0 2 3]", contains: []string{"undirected"}},
		{q: "and node 2?", tool: "neighbors", value: "[1]"},
		{q: "And if it were directed?", tool: "neighbors", value: "[1]", contains: []string{"directed"}},
		{q: "and node 1?", tool: "neighbors", value: "[3]"},
	})
	if g, ok := s.Working().Get(memory.It); !ok || !g.Directed() {
		t.Errorf("the current graph is not the directed reading")
	}
	// A topological order is not asked of an undirected graph; read as
	// directed it is answered.
	s = newDataAgent(t).NewSession(memory.WorkingLimits{})
	runSession(t, s, []sessionTurn{
		{q: "Remember this graph: a-b, b-c, a-c, c-d."},
		{q: "Give a topological order.", err: ErrNoAnswer},
		{q: "what about the directed version?", tool: "topological_sort", value: "[a b c d]"},
		// Something new asked with the change of direction is answered.
		{q: "What if it were undirected, is there a cycle?", tool: "cycle_check", value: "true"},
	})
}

// TestSessionDAG: "Is the graph a DAG?" on a cyclic directed graph says
// no by naming a cycle (it is not a request for a topological order).
func TestSessionDAG(t *testing.T) {
	s := newDataAgent(t).NewSession(memory.WorkingLimits{})
	runSession(t, s, []sessionTurn{
		{q: "Remember this directed graph: 0->1, 1->2, 2->0, 2->3."},
		{q: "Is the graph a DAG?", tool: "cycle_check", value: "true", contains: []string{"0 -> 1 -> 2 -> 0"}},
		{q: "Is it a directed acyclic graph?", tool: "cycle_check", value: "true"},
		{q: "Remember this directed graph: 0->1, 1->2, 0->2."},
		{q: "Is the graph a DAG?", tool: "cycle_check", value: "false", contains: []string{"acyclic"}},
	})
}

// TestArgFollowUpText: what reads as a follow-up and what does not.
func TestArgFollowUpText(t *testing.T) {
	for q, want := range map[string]string{
		"and node 33?":            "node 33",
		"What about node 5?":      "node 5",
		"how about Bob?":          "Bob",
		"and from 2 to 7?":        "from 2 to 7",
		"same for vertex 4":       "vertex 4",
		"and after three rounds?": "after three rounds",
		"and what is its degree?": "",
		"what about the density?": "",
		"and it?":                 "",
		"what about the weather?": "",
		"Is node 3 in the graph?": "",
		"and the shortest path from 1 to 4 in the weighted version of the graph?": "",
	} {
		if got := argFollowUpText(q); got != want {
			t.Errorf("argFollowUpText(%q) = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"what about the directed version?":   "directed",
		"And if it were undirected?":         "undirected",
		"treat it as directed":               "directed",
		"in the undirected case?":            "undirected",
		"Is the directed graph acyclic?":     "",
		"How many nodes does the graph have": "",
	} {
		m := directionFollowUp.FindStringSubmatch(q)
		got := ""
		if m != nil {
			got = strings.ToLower(m[1]) + "directed"
		}
		if got != want {
			t.Errorf("direction of %q = %q, want %q", q, got, want)
		}
	}
}

// FuzzFollowUpText: reading a turn as a follow-up never panics, and what
// it takes as the follow-up's mention is part of the turn.
func FuzzFollowUpText(f *testing.F) {
	for _, s := range []string{"and node 33?", "What about the directed version?", "and if it were undirected, is there a cycle?", "how about Bob?", "and from 2 to 7?", "and", "what about ???"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if rest := argFollowUpText(q); rest != "" && !strings.Contains(q, rest) {
			t.Fatalf("follow-up %q is not part of %q", rest, q)
		}
		if m := directionFollowUp.FindStringSubmatch(q); m != nil && m[1] != "" && !strings.EqualFold(m[1], "un") {
			t.Fatalf("direction group %q", m[1])
		}
	})
}
