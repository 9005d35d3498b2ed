package extract

import (
	"context"
	"strings"
	"testing"
)

func TestPrecedence(t *testing.T) {
	checkProse(t, Precedence{}, []proseCase{
		{name: "issue example: visiting order, instruction not read",
			in:    "node 3 should be visited before node 1, node 1 should be visited before node 2. Give a visiting order.",
			edges: []string{"3->1", "1->2"}, dir: DirDirected, nodes: []string{"3", "1", "2"},
			spans: []string{"node 3 should be visited before node 1, node 1 should be visited before node 2."}},
		{name: "NLGraph lines",
			in:    "In a directed graph with 4 nodes numbered from 0 to 3:\nnode 0 should be visited before node 2\nnode 3 should be visited before node 0\nQ: Can all the nodes be visited? Give the solution.\nA:",
			edges: []string{"0->2", "3->0"}, dir: DirDirected,
			spans: []string{"node 0 should be visited before node 2\n", "node 3 should be visited before node 0\n"}},
		{name: "tasks finish before start",
			in:    "Task X must finish before task Y starts. Task Y has to be completed before task Z can begin.",
			edges: []string{"X->Y", "Y->Z"}, dir: DirDirected},
		{name: "depends on and requires reverse",
			in:    "B depends on A. D requires B and C. E needs D.",
			edges: []string{"A->B", "B->D", "C->D", "D->E"}, dir: DirDirected},
		{name: "comes before, precedes, after",
			in:    "A comes before C; C precedes D; E comes after D.",
			edges: []string{"A->C", "C->D", "D->E"}, dir: DirDirected},
		{name: "courses with a subject prefix",
			in:    "You must take course CS101 before course CS201. Students must take Algebra before Calculus.",
			edges: []string{"CS101->CS201", "Algebra->Calculus"}, dir: DirDirected},
		{name: "fronted before and to-purpose",
			in:    "Before C, you must do A and B. To take Calculus, you must first take Algebra.",
			edges: []string{"A->C", "B->C", "Algebra->Calculus"}, dir: DirDirected},
		{name: "after with trailing verbs",
			in:    "B can only start after A is done.",
			edges: []string{"A->B"}, dir: DirDirected},
		{name: "lists on both sides",
			in:    "Nodes 1 and 2 must be visited before nodes 4 and 5.",
			edges: []string{"1->4", "1->5", "2->4", "2->5"}, dir: DirDirected},
		{name: "bare numbers on both sides",
			in:    "3 must come before 1. 1 must come before 2.",
			edges: []string{"3->1", "1->2"}, dir: DirDirected},
		{name: "prerequisites",
			in:    "E has prerequisites C and D. A is a prerequisite for B.",
			edges: []string{"C->E", "D->E", "A->B"}, dir: DirDirected},
		{name: "until with a negation",
			in:    "F cannot start until E finishes.",
			edges: []string{"E->F"}, dir: DirDirected},
		{name: "step follows step",
			in:    "Step 2 follows step 1.",
			edges: []string{"1->2"}, dir: DirDirected},
		{name: "chain in one sentence",
			in:    "A before B, B before C, and C before D.",
			edges: []string{"A->B", "B->C", "C->D"}, dir: DirDirected},
		{name: "capitalised verbs and line breaks",
			in:    "WASH must come BEFORE DRY\nDRY must come before FOLD",
			edges: []string{"WASH->DRY", "DRY->FOLD"}, dir: DirDirected},
		{name: "unknown verb is read with a note",
			in:    "Alice arrived before Bob.",
			edges: []string{"Alice->Bob"}, dir: DirDirected, partial: true},
		{name: "a list continues to the next subject only when it should",
			in:    "A must be done before B, C and D.",
			edges: []string{"A->B", "A->C", "A->D"}, dir: DirDirected},
		{name: "chores as verb phrases",
			in:    "Don't wash the dishes until you buy flour. You have to buy flour before you clean the kitchen. First buy flour, then bake the cake. We must set the table after we cook dinner.",
			edges: []string{"buy flour->wash the dishes", "buy flour->clean the kitchen", "buy flour->bake the cake", "cook dinner->set the table"}, dir: DirDirected,
			nodes: []string{"buy flour", "wash the dishes", "clean the kitchen", "bake the cake", "cook dinner", "set the table"}},
		{name: "numbered and bulleted lists",
			in:    "1) A depends on B\n2) C requires A\n3. D must come after C\n- E precedes D\n* F comes before E",
			edges: []string{"B->A", "A->C", "C->D", "E->D", "F->E"}, dir: DirDirected,
			spans: []string{"1) A depends on B\n", "2) C requires A\n", "3. D must come after C\n", "- E precedes D\n", "* F comes before E"}},
		{name: "the premise of a question",
			in:    "If A depends on B and B depends on C, in what order can I do them?",
			edges: []string{"B->A", "C->B"}, dir: DirDirected, spans: []string{"If A depends on B and B depends on C"}},
		// Not precedence.
		{name: "a conditional rule is not a fact", in: "If A depends on B, then C depends on D."},
		{name: "chore phrases need both sides", in: "Don't wash the dishes. First, relax. You have to be kind before it rains hard on Sunday."},
		{name: "one piece of advice is not a graph", in: "The edges are 0-1, 1-2. You must check the input before you answer. How many nodes are there?"},
		{name: "question", in: "Which task must be done before task 3? Does B depend on A?"},
		{name: "instruction", in: "Give a visiting order. Find the tasks that come after task 2."},
		{name: "notation key", in: "(u, v) means u must be visited before v."},
		{name: "times are not tasks", in: "Meet before 5 pm. Call me after 10 minutes."},
		{name: "name in the verb phrase", in: "Alice met Bob before Carol."},
		{name: "number before a name", in: "3 must come before Alice."},
		{name: "until without a negation", in: "A waits and B runs until C."},
		{name: "social follows is not an order", in: "Alice follows Bob."},
		{name: "title case is not an order", in: "Input Payload Generated Outputs Before Fine-Tuning Generated Outputs After Fine-Tuning"},
		{name: "enables and relies on a verb phrase", in: "Traditional approaches rely on SPARQL. GA enables LLMs to reason."},
		{name: "empty", in: ""},
	})
}

func FuzzPrecedence(f *testing.F) {
	for _, s := range []string{
		"node 3 should be visited before node 1, node 1 should be visited before node 2. Give a visiting order.",
		"Task X must finish before task Y starts.", "B depends on A.", "Before C, you must do A and B.",
		"To take Calculus, you must first take Algebra.", "A before B, B before C", "3 must come before 1",
		"E has prerequisites C and D.", "F cannot start until E finishes.", "Before ,", "To take",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := (Precedence{}).Read(context.Background(), NewDoc(s))
		if err != nil {
			t.Fatalf("error without cancellation: %v", err)
		}
		checkReadingShape(t, s, r)
		if len(r.Edges) > 0 && r.Directed != DirDirected {
			t.Fatalf("precedence edges not directed")
		}
	})
}

// precMaybeSlow is the definition precMaybe implements in one pass.
func precMaybeSlow(lower string) bool {
	for _, c := range precCues {
		if strings.Contains(lower, c) {
			return true
		}
	}
	return false
}

// TestPrecMaybe checks the one-pass cue test against its definition on
// every cue, at the start, middle and end of a text, and on texts without one.
func TestPrecMaybe(t *testing.T) {
	texts := []string{"", "an edge between node 1 and node 2 with weight 3,", "pre", "prereq", "tilL", "waiting room"}
	for _, c := range precCues {
		texts = append(texts, c, "x "+c+" y", "node "+c, c[:len(c)-1], "unprecedented "+c[1:])
	}
	for _, s := range texts {
		if got, want := precMaybe(s), precMaybeSlow(s); got != want {
			t.Errorf("precMaybe(%q) = %v, want %v", s, got, want)
		}
	}
}

// FuzzPrecMaybe checks the one-pass cue test against its definition.
func FuzzPrecMaybe(f *testing.F) {
	for _, s := range []string{"a before b", "node 3 needs node 2", "prerequisites", "nothing here", "unt", "reli"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := precMaybe(s), precMaybeSlow(s); got != want {
			t.Fatalf("precMaybe(%q) = %v, want %v", s, got, want)
		}
	})
}
