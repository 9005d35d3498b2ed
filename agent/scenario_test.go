package agent

import (
	"context"
	"testing"

	"github.com/graphagent/graphagent/scenarios"
)

func TestScenarioKind(t *testing.T) {
	for q, want := range map[string]string{
		"give me a report on karate/edges.tsv":                         scenarioReport,
		"Write a brief report for the graph":                           scenarioReport,
		"Summarise this network.":                                      scenarioReport,
		"compare karate with football":                                 scenarioCompare,
		"What are the differences between karate and football?":        scenarioCompare,
		"Clean the graph":                                              scenarioClean,
		"check edges.tsv for duplicates and self-loops":                scenarioClean,
		"Who does Peggy report to?":                                    "",
		"Does Ivan report directly to Oscar?":                          "",
		"remove self-loops and isolated nodes, then give the diameter": "",
		"What is the shortest path from 0 to 3?":                       "",
	} {
		if got := scenarioKind(q, q, "karate/edges.tsv"); got != want {
			t.Errorf("scenarioKind(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestScenarioFromAsk(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	ans, err := a.Ask(ctx, "Give me a report on karate/edges.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rep, ok := ans.Value.(*scenarios.Report)
	if ans.Tool != scenarioReport || !ok || rep.Nodes != 34 || rep.Edges != 78 || rep.Diameter.Value != 5 {
		t.Errorf("report: tool %s, value %+v", ans.Tool, ans.Value)
	}
	ans, err = a.Ask(ctx, "Compare karate with football.")
	if err != nil {
		t.Fatal(err)
	}
	cmp, ok := ans.Value.(*scenarios.Comparison)
	if ans.Tool != scenarioCompare || !ok || cmp.A.Nodes != 34 || cmp.B.Nodes != 115 || cmp.A.Source != "karate" || cmp.B.Source != "football" {
		t.Errorf("compare: tool %s, value %+v", ans.Tool, ans.Value)
	}
	ans, err = a.Ask(ctx, "Check karate/edges.tsv for duplicates and self-loops.")
	if err != nil {
		t.Fatal(err)
	}
	if in, ok := ans.Value.(*scenarios.Inspection); ans.Tool != scenarioClean || !ok || len(in.Defects) != 0 || in.Records != 78 {
		t.Errorf("clean: tool %s, value %+v", ans.Tool, ans.Value)
	}
	if ans, err := a.Ask(ctx, "Is there a self-loop in the graph 1-1, 1-2? Check for self-loops."); err == nil && ans.Tool == scenarioClean {
		t.Errorf("a graph written in the question was 'cleaned': %s", ans.Answer)
	}
	if scenarioKind("check for self-loops", "check for self-loops", questionSource) != "" {
		t.Error("cleaning a graph written in the question")
	}
}
