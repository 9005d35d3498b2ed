package extract

import (
	"context"
	"strings"
	"testing"
)

// TestLocalDoubt checks that the doubt text outside the graph raises is
// local to its sentence: numbers, dates and file names in sentences that
// name nothing of the graph are prose, while the same shapes that could
// be graph content keep the reading uncertain.
func TestLocalDoubt(t *testing.T) {
	cases := []struct {
		name, q   string
		uncertain bool
		file      string // the file reference the reading keeps
	}{
		{"heading numbers", "Exercise 6.7 (copied from the PDF in 2019)\nEdges: Ann-Bob, Bob-Cy, Cy-Dee.\nIs there a path from Ann to Dee?", false, ""},
		{"version and item", "### EVAL v0.3 | item 0417 | split test\nARCS: a->b, b->c, c->a\nHow many nodes are there?", false, ""},
		{"post noise", "After 3 weekends and 2 flat tyres, here they are:\nOld Mill - Elm Junction\nElm Junction - Stadium\nWhich stops does Stadium connect to?", false, ""},
		{"dates as dashes", "Notes of 2024-09-14, checked again 2024-10-02.\nFriends: Ann - Bob, Bob - Cy, Cy - Dee.\nWho are Bob's friends?", false, ""},
		{"count past the graph", "The club has 12 members and 30 rules.\nFriends: Ann-Bob, Bob-Cy.\nHow many members are there?", true, ""},
		{"node in the sentence", "Ward 7 had 2 beds and 5 porters.\nTransfers: Ward 7 -> ICU, ICU -> HDU.\nCan a patient get from Ward 7 to HDU?", true, ""},
		{"number run", "Edges: Ann-Bob, Bob-Cy. Also 3 4 5 6 might matter.", true, ""},
		{"unit", "We walked 12 km and then 3 km more.\nEdges: Ann-Bob, Bob-Cy.\nWho is Bob's friend?", true, ""},
		{"date beside numbered nodes", "Updated 2024-09.\nEdges: 0-1, 1-2, 2-3.\nIs 0 connected to 3?", false, ""},
		{"pairs beside named nodes", "Paths:\n* Old Mill <-> Elm Junction\n* Elm Junction <-> Stadium\n\nEdit: yes the Stadium stretch is closed 22:00-06:00.\nWhich stops does Stadium connect to?", false, ""},
		{"unread records", "#night-shift, Wed 03:10 (ticket SEV-2)\nrota:\n  Kim escalates to Lou\n  Lou escalates to Max\n  Max escalates to Kim\n  Ned escalates to Lou\nAlso Ann-Bob.\nIs there a loop in the escalation chain?", true, ""},
		{"file label", "followers.csv:\nfollower,followee\nann,bob\nbob,cy\ncy,ann\n\nHow many accounts does bob follow?", false, ""},
		{"file mention", "Traceback ends at line 17 of `app/models.py`.\nImports: main -> api, api -> models, auth -> models.\nWhat does api import?", false, ""},
		{"file pointed at", "Load the graph in roads.csv. Edges: Ann-Bob, Bob-Cy.\nWho is Bob's friend?", true, "roads.csv"},
		{"case number", "KYC file 2024/118, ownership check.", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(context.Background(), c.q, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c.name == "case number" {
				if ex.FileRef != "" {
					t.Errorf("file %q read from a case number", ex.FileRef)
				}
				return
			}
			if ex.Graph == nil {
				t.Fatalf("no graph read; report %+v", ex.Report)
			}
			if got := ex.Report.Uncertain(); got != c.uncertain {
				t.Errorf("uncertain = %v, want %v; problems %q, prose %q", got, c.uncertain, ex.Report.Problems(), ex.Report.Prose)
			}
			if c.name == "unread records" && !strings.Contains(strings.Join(ex.Report.Problems(), ";"), "escalates") {
				t.Errorf("the unread lines are not named: %q", ex.Report.Problems())
			}
			if ex.FileRef != c.file {
				t.Errorf("file %q, want %q", ex.FileRef, c.file)
			}
			if !c.uncertain && len(ex.Report.Prose) == 0 && !strings.Contains(c.name, "file") && c.name != "version and item" {
				t.Errorf("no prose noted; report %+v", ex.Report)
			}
		})
	}
}

// TestCallIsNoTuple checks that a function call's arguments are not an
// edge tuple, while the edge notations that look like calls still are.
func TestCallIsNoTuple(t *testing.T) {
	ex, err := Read(context.Background(), "with DAG(\"x\", start_date=datetime(2024, 1, 1)) as dag:\n    run(3, 4)\nIs there a cycle?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph != nil && ex.Graph.M() > 0 {
		t.Errorf("call arguments read as edges: %v", ex.Graph)
	}
	ex, err = Read(context.Background(), "Weights: w(1,2) = 7, w(2,3) = 4, edge(3, 4). Find the MST weight.", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph == nil || ex.Graph.M() != 3 {
		t.Errorf("w(1,2) and edge(3, 4) not read as edges: %+v", ex.Report)
	}
}

// TestNestedConfigIsNoAdjacency checks that a nested key-value document
// (YAML) is not read as adjacency lines, while a plain adjacency list is.
func TestNestedConfigIsNoAdjacency(t *testing.T) {
	yaml := "lint:\n  stage: test\n  needs: []\nunit:\n  stage: test\n  needs: [lint]\nbuild:\n  stage: build\n  needs: [unit]\nWhat runs first?"
	ex, err := Read(context.Background(), yaml, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph != nil {
		if _, ok := ex.Graph.Index("stage"); ok {
			t.Errorf("YAML keys read as adjacency: %v", ex.Graph)
		}
	}
	ex, err = Read(context.Background(), "A: B, C\nB: C\nC: D\nHow many edges?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph == nil || ex.Graph.M() != 4 {
		t.Errorf("adjacency list not read: %+v", ex.Report)
	}
}
