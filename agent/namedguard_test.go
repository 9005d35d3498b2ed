package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// TestNamedNodeWholeGraph: a question whose asking words name a node of
// the graph written in it is declined when the chosen tool answers about
// the whole graph (or about other nodes), naming the node; whole-graph
// questions whose node names only declare or describe the graph are
// still answered.
func TestNamedNodeWholeGraph(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	const friends = "Alice and Bob are friends. Bob and Carol are friends. "
	const knows = "Sam knows Kim and Lee. Kim knows Lee. Directed graph. "
	// Declined by this rule, or, once the planner takes the node, by
	// another that names it ("know" has no clear direction).
	for q, node := range map[string]string{
		knows + "How many people does Lee know?":                         "Lee",
		knows + "How many people does Kim know?":                         "Kim",
		friends + "How many nodes are there besides Alice?":              "Alice",
		friends + "Is the graph still connected without Bob?":            "Bob",
		friends + "Is there a path from Alice to Carol that avoids Bob?": "Bob",
		// A name of several words is one name.
		"Alice Smith and Bob Jones are friends. Bob Jones and Carol White are friends. How many people are there besides Alice Smith?": "Alice Smith",
	} {
		ans, err := a.Ask(ctx, q)
		if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), node) {
			t.Errorf("%q: %s %v (%v), want a refusal naming %s", q, toolOf(ans), answerText(ans), err, node)
		}
	}
	for q, want := range map[string]string{
		// A statement naming a node is not what is asked.
		friends + "Carol is new here. How many people are there?": "3",
		// A node list declares the graph.
		"Given a graph with nodes Alice, Bob, Carol and edges Alice-Bob, Bob-Carol, how many nodes are there?":                "3",
		"Given a graph whose nodes are Alice, Bob and Carol, with edges Alice-Bob, Bob-Carol: how many edges are there?":      "2",
		"Alice Smith and Bob Jones are friends. Bob Jones and Carol White are friends. How many friends does Bob Jones have?": "2",
		friends + "Is the graph connected?":                                  "true",
		"Graph: Alice-Bob, Bob-Carol. Bob is the hub. What is the diameter?": "2",
		// "A" is an article, not node A (one letter never counts).
		"Edges: A-B, B-C, C-D. A graph question: how many nodes are there?": "4",
		// The tool's parameters hold every node named.
		friends + "How many friends does Bob have in the network?":                         "2",
		friends + "Is there a path from Alice to Carol?":                                   "true",
		"Sam and Kim are friends. Kim and Lee are friends. How many people does Lee know?": "1",
		// "Undirected graph." states the graph's kind; it does not make
		// the question about the graph rather than Lee.
		"Sam and Kim are friends. Kim and Lee are friends. Undirected graph. How many people does Lee know?": "1",
	} {
		ans, err := a.Ask(ctx, q)
		if err != nil || fmt.Sprint(ansValue(ans)) != want {
			t.Errorf("%q: %s %v (%v), want %s", q, toolOf(ans), ansValue(ans), err, want)
		}
	}
}

// TestWholeGraphNamedNodeRule checks the rule itself: only graphs written
// in the question, only asking sentences, whole words, case-sensitive,
// names of two or more characters with a letter.
func TestWholeGraphNamedNodeRule(t *testing.T) {
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"Lee", "Kim"}, {"Kim", "A"}, {"A", "7"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	whole := tools.Spec{Name: "node_count"}
	degree := tools.Spec{Name: "degree", Params: []tools.Param{{Name: "node", Node: true, Required: true}}}
	lee := json.RawMessage(`{"node":"Lee"}`)
	for _, c := range []struct {
		spec    tools.Spec
		args    json.RawMessage
		source  string
		task    string
		decline bool
	}{
		{whole, nil, questionSource, "How many people does Lee know?", true},
		{whole, nil, "file.edgelist", "How many people does Lee know?", false},
		{whole, nil, questionSource, "Lee is new. How many nodes are there?", false},
		{whole, nil, questionSource, "How many nodes does lee's graph have?", false},
		{whole, nil, questionSource, "How many nodes are Leeward?", false},
		{whole, nil, questionSource, "A question: how many nodes are there?", false},
		{whole, nil, questionSource, "How many nodes have degree 7?", false},
		{whole, nil, questionSource, "What is the degree of Kim?", true},
		{whole, nil, questionSource, "List the nodes Lee, Kim and A.", false},
		{degree, lee, questionSource, "What is the degree of Lee?", false},
		{degree, lee, questionSource, "Is Lee's degree larger than Kim's?", true},
	} {
		err := wholeGraphNamedNode(c.spec, c.args, g, c.source, c.task)
		if got := errors.Is(err, ErrNoAnswer); got != c.decline {
			t.Errorf("%s %s %q: %v, want decline %v", c.spec.Name, c.args, c.task, err, c.decline)
		}
	}
}

// FuzzWholeGraphNamedNode: any task text is scanned without panicking,
// and a refusal is ErrNoAnswer naming a node whose name is in the text.
func FuzzWholeGraphNamedNode(f *testing.F) {
	for _, s := range []string{"How many people does Lee know?", "nodes Alice Smith, Lee and Kim. How many?", "Alice Smith?", "Alice", "é Lee?\n", ""} {
		f.Add(s)
	}
	b := graph.NewBuilder(true)
	for _, e := range [][2]string{{"Lee", "Kim"}, {"Alice Smith", "Alice"}, {"Kim", "Alice Smith Jr"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			f.Fatal(err)
		}
	}
	g := b.Build()
	whole := tools.Spec{Name: "node_count"}
	f.Fuzz(func(t *testing.T, task string) {
		err := wholeGraphNamedNode(whole, nil, g, questionSource, task)
		if err == nil {
			return
		}
		if !errors.Is(err, ErrNoAnswer) {
			t.Fatalf("%q: %v, want ErrNoAnswer", task, err)
		}
		named := false
		for _, id := range g.IDs() {
			named = named || (strings.Contains(err.Error(), `"`+id+`"`) && strings.Contains(task, id))
		}
		if !named {
			t.Fatalf("%q: %v names no node of the text", task, err)
		}
	})
}
