package main

import (
	"strings"
	"testing"
)

func TestAskConfirmEditsAndRunsChain(t *testing.T) {
	q := "Remove self-loops and isolated nodes from karate/edges.tsv, then give the diameter."
	out, errOut, code := runCLIIn(t, "skip step 7\nskip step 1\nyes\n", "--data", dataDir(t), "ask", "--confirm", "--explain", q)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"Plan (3 steps):", "1. remove_self_loops", "Not changed: there is no step 7", "Plan (2 steps):\n  1. remove_isolated_nodes", "The diameter of the graph is 5.", "step 2    [diameter]"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Changing a step's tool (karate's radius is 3).
	out, errOut, code = runCLIIn(t, "change step 3 to nosuch\nchange step 3 to radius\nyes\n", "--data", dataDir(t), "ask", "--confirm", q)
	if code != 0 || !strings.Contains(out, `Not changed: no tool or chain operation named "nosuch"`) || !strings.Contains(out, "3. radius") || !strings.Contains(out, "The radius of the graph is 3.") {
		t.Errorf("change step 3: exit %d: %s\n%s", code, errOut, out)
	}
	out, errOut, code = runCLIIn(t, "no\n", "--data", dataDir(t), "ask", "--confirm", q)
	if code != exitNoAnswer || !strings.Contains(out+errOut, "the plan was not run") {
		t.Errorf("declined: exit %d\n%s", code, out)
	}
	// A single tool is not shown for confirmation.
	out, _, code = runCLIIn(t, "", "--data", dataDir(t), "ask", "--confirm", "What is the diameter of karate/edges.tsv?")
	if code != 0 || strings.Contains(out, "Plan") {
		t.Errorf("single tool: exit %d\n%s", code, out)
	}
}

func TestChatShowsChainBeforeRunning(t *testing.T) {
	in := "What is the degree of the highest-betweenness node in karate/edges.tsv?\nyes\nWho are the neighbours of the most connected node in karate/edges.tsv?\nno\n"
	out, errOut, code := runCLIIn(t, in, "--data", dataDir(t), "chat")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"1. betweenness_centrality", "Node 0 has degree 16.", "1. degrees", "the plan was not run"} {
		if !strings.Contains(out, want) {
			t.Errorf("chat output lacks %q:\n%s", want, out)
		}
	}
}
