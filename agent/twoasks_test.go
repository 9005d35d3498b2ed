package agent

import (
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
)

// TestTwoQuestions: a sentence that asks two different tasks joined by
// "and" is declined; a second part that asks more about the first, or
// names no task, and statements joined by "and" are not.
func TestTwoQuestions(t *testing.T) {
	for task, want := range map[string]bool{
		"What's the degree of node 4, and is it also in the periphery?":        true,
		"How many triangles are there, and does the graph have a cycle?":       true,
		"Which node has the highest pagerank; and how many bridges are there?": true,
		"Is the graph bipartite, and what is its diameter?":                    true,
		"What is the cheapest way to get from 3 to 4, and what does it cost?":  false, // the path's answer states its cost
		"Which pair is farthest apart, and how far?":                           false, // elliptical: more about the first
		"Is there a path from 1 to 5, and how long is the shortest one?":       true,  // path_exists, then shortest_path
		"A is linked to B, and is linked to C. What is the degree of A?":       false, // a statement
		"What is the degree of node 4?":                                        false,
		"Find the neighbours of 2 and 3.":                                      false,
	} {
		err := twoQuestions(task)
		if got := err != nil; got != want {
			t.Errorf("%q: declined %v (%v), want %v", task, got, err, want)
		}
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", task, err)
		}
	}
}

// TestNegatedUncued: a negated question whose chosen tool no cue names is
// declined; one whose tool a cue names, or one without a negation, is not.
func TestNegatedUncued(t *testing.T) {
	for _, c := range []struct {
		task, tool string
		want       bool
	}{
		{"Which guests has Ann never talked to?", "bfs_order", true},
		{"Who hasn't Bo met yet?", "bfs_order", true},
		{"List the stops with no direct train from Kyoto.", "closeness_centrality", true},
		{"Which nodes are not adjacent to 2?", "non_neighbors", false},              // cued
		{"Who is not friends with Alice?", "non_neighbors", false},                  // cued
		{"Which guests has Ann talked to?", "bfs_order", false},                     // no negation
		{"Ann is not shy. What is the degree of Ann?", "degree", false},             // cued; the negation is a statement
		{"The graph is not directed. Give a BFS order from 0.", "bfs_order", false}, // cued
	} {
		err := negatedUncued(c.task, reasoning.MatchCues(c.task), c.tool)
		if got := err != nil; got != c.want {
			t.Errorf("%q with %s: declined %v (%v), want %v", c.task, c.tool, got, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", c.task, err)
		}
	}
}

func TestAskedKind(t *testing.T) {
	for task, want := range map[string]string{
		"How many bridges are there?":                askCount,
		"How few segments do I walk from A to B?":    askCount,
		"Q: what is the number of nodes?":            askCount,
		"Is the graph a tree?":                       askYesNo,
		"Can you list every cut vertex?":             askList,
		"Could you tell me whether it is connected?": "", // "tell" is not read
		"Give me all the nodes.":                     askList,
		"Please name the hubs.":                      askList,
		"Sort the people by popularity.":             askList,
		"Which node has the highest betweenness?":    askWh,
		"What's connected to C?":                     askWh,
		"Ann is nice. Who is Ann connected to?":      askWh,
		"The roads are short. Does a route exist?":   askYesNo,
		"Tell me about the graph":                    "",
	} {
		if got := askedKind(task); got != want {
			t.Errorf("askedKind(%q) = %q, want %q", task, got, want)
		}
	}
}

// TestAnswerKindMismatch: a tool no cue names is declined when its answer
// is of another kind than asked; a cued tool, or a tool whose answer is of
// the asked kind, is not.
func TestAnswerKindMismatch(t *testing.T) {
	spec := func(name string) tools.Spec {
		tl, err := tools.Catalogue().Get(name)
		if err != nil {
			t.Fatal(err)
		}
		return tl.Spec()
	}
	for _, c := range []struct {
		task, tool string
		want       bool
	}{
		{"Is B important?", "pagerank", true},                             // yes/no, a score
		{"What's linked with C?", "is_connected", true},                   // a thing, yes/no
		{"Show me every vertex.", "edge_count", true},                     // a list, a number
		{"Rank the towns by how central they are.", "order", true},        // a list, a number
		{"How many hubs are there?", "node_exists", true},                 // a count, yes/no
		{"Is B important?", "hamiltonian_path", false},                    // exists (bool)
		{"Can every node reach every other node?", "is_connected", false}, // cued
		{"What is the pagerank of B?", "pagerank", false},                 // cued
		{"Which node matters most?", "pagerank", false},                   // a thing named, a map
		{"Tell me about the graph", "density", false},                     // kind unknown
		{"Are there any triangles?", "triangle_count", false},             // the count answers it
		{"Is there a triangle?", "triangle_count", false},
		{"Is there a triangle?", "pagerank", true},
		{"How many loops are there?", "cycle_check", true}, // a count, yes/no, though cued
		{"Is there a loop anywhere?", "cycle_check", false},
	} {
		err := answerKindMismatch(c.task, reasoning.MatchCues(c.task), spec(c.tool))
		if got := err != nil; got != c.want {
			t.Errorf("%q with %s: declined %v (%v), want %v", c.task, c.tool, got, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", c.task, err)
		}
	}
}

func TestSupposedChange(t *testing.T) {
	for _, c := range []struct {
		task, tool string
		want       bool
	}{
		{"If node 3 fails, is the network still connected?", "is_connected", true},
		{"Suppose the road A-B were closed: how far is it from A to C?", "shortest_path", true},
		{"What if server 2 goes down, can 1 still reach 4?", "path_exists", true},
		{"Which server, if it goes down, splits the network?", "articulation_points", false},
		{"Which road, if it is closed, cuts a town off?", "bridges", false},
		{"Is the network connected?", "is_connected", false},
		{"If there is a path from 1 to 4, how long is it?", "shortest_path", false},
		{"The printer failed yesterday. Is the graph connected?", "is_connected", false}, // a statement, not the question
	} {
		err := supposedChange(c.task, c.tool)
		if got := err != nil; got != c.want {
			t.Errorf("%q with %s: declined %v (%v), want %v", c.task, c.tool, got, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", c.task, err)
		}
	}
}

// TestUnstatedRelation: a directed graph's edges asked about by an everyday
// relation are answered only when the graph's text states its edges with
// that relation.
func TestUnstatedRelation(t *testing.T) {
	for _, c := range []struct {
		question, tool string
		directed, want bool
	}{
		{"Steps: cut -> sew, sew -> iron. What does sew depend on directly?", "neighbors", true, true},
		{"Team: Kim -> Lou, Kim -> Max. How many people report to Kim?", "degree", true, true},
		{"Team: Kim -> Lou, Kim -> Max. How many people does Kim supervise?", "degree", true, true},
		{"deps: ui -> core, core -> log. What does core depend on directly?", "neighbors", true, false},
		{"ui depends on core; core depends on log. What does core depend on directly?", "predecessors", true, false},
		// Stated with the verb, the edges are read from what comes first
		// (log -> core): neighbours would answer what depends on core.
		{"ui depends on core; core depends on log. What does core depend on directly?", "neighbors", true, true},
		{"Kim supervises Lou and Max. How many people does Kim supervise?", "degree", true, false},
		{"Team: Kim - Lou, Kim - Max. How many people does Kim supervise?", "degree", false, false}, // undirected
		{"Steps: cut -> sew, sew -> iron. What comes after sew?", "neighbors", true, false},         // no relation verb
	} {
		task := c.question[strings.Index(c.question, ". ")+2:]
		err := defaultGuardWords().unstatedRelation(c.question, task, c.tool, c.directed)
		if got := err != nil; got != c.want {
			t.Errorf("%q: declined %v (%v), want %v", c.question, got, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", c.question, err)
		}
	}
}

func TestUnstatedRelationNouns(t *testing.T) {
	// "manager" is a noun here, read by the role cues, not a verb whose
	// direction the planner reads.
	q := "Trent -> Carol, Bob -> Alice. Who is Trent's direct manager?"
	if err := defaultGuardWords().unstatedRelation(q, "Who is Trent's direct manager?", "neighbors", true); err != nil {
		t.Errorf("%q: %v", q, err)
	}
}

func TestOrderedChangeAndMembership(t *testing.T) {
	for task, want := range map[string]bool{
		"remove node 2 then count components":         true,
		"Delete the edge 1-3 and find the diameter.":  true,
		"After removing 4, is the graph connected?":   true,
		"Without node 7, how far is 1 from 9?":        true,
		"How many components are there?":              false,
		"Which node, if removed, splits the graph?":   false, // asks for the cut vertices
		"How many edges does node 2 touch?":           false,
		"Add up the weights on the path from 1 to 4.": false, // "add up", not a change
	} {
		err := orderedChange(task)
		if got := err != nil; got != want {
			t.Errorf("orderedChange(%q) = %v, want declined %v", task, err, want)
		}
	}
	for task, want := range map[string]bool{
		"Is 4 a leaf?":                  true,
		"Is Bo a good friend?":          true,
		"Does the graph have a node 6?": false,
		"Is there a vertex called 20?":  false,
		"Is node 12 part of the graph?": false,
	} {
		err := uncuedMembership(reasoning.MatchCues(task), "node_exists")
		if got := err != nil; got != want {
			t.Errorf("uncuedMembership(%q) = %v, want declined %v", task, err, want)
		}
	}
	if err := uncuedMembership(reasoning.MatchCues("Is 4 a leaf?"), "degree"); err != nil {
		t.Errorf("another tool: %v", err)
	}
}

// BenchmarkAskingGuards is what the asking-sentence guards and the typo
// reading add to one question's tool choice (all of them run, as for an
// uncued tool).
func BenchmarkAskingGuards(b *testing.B) {
	b.Run("one question", func(b *testing.B) {
		benchGuards(b, "Q: If you look at the graph, what is the shortest path from node 3 to node 17?")
	})
	b.Run("two joined", func(b *testing.B) {
		benchGuards(b, "Q: If you look at the graph, what is the shortest path from node 3 to node 17, and how long is it?")
	})
}

func benchGuards(b *testing.B, task string) {
	spec, err := tools.Catalogue().Get("shortest_path")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		intent, _ := reasoning.CorrectTypos(task)
		cues := reasoning.MatchCues(intent)
		_ = twoQuestions(intent)
		_ = negatedUncued(intent, cues, "shortest_path")
		_ = answerKindMismatch(intent, cues, spec.Spec())
		_ = supposedChange(intent, "shortest_path")
		_ = uncuedMembership(cues, "shortest_path")
		_ = orderedChange(intent)
		_ = defaultGuardWords().unstatedRelation(task, intent, "neighbors", true)
	}
}

// BenchmarkMatchCues is the intent lexicon alone, for comparison.
func BenchmarkMatchCues(b *testing.B) {
	task := "Q: If you look at the graph, what is the shortest path from node 3 to node 17, and how long is it?"
	for b.Loop() {
		reasoning.MatchCues(task)
	}
}

func TestUndirectedDAG(t *testing.T) {
	for _, c := range []struct {
		task     string
		directed bool
		want     bool
	}{
		{"Is the graph a DAG?", false, true},
		{"Is it a directed acyclic graph?", false, true},
		{"Is the graph a DAG?", true, false},
		{"Is the graph acyclic?", false, false},
		{"Does the graph have a cycle?", false, false},
		{"How many nodes does the dagger graph have?", false, false},
	} {
		err := undirectedDAG(c.task, c.directed)
		if got := err != nil; got != c.want {
			t.Errorf("%q (directed %v): declined %v (%v), want %v", c.task, c.directed, got, err, c.want)
		}
	}
}
