package extract

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBipartiteProse(t *testing.T) {
	cases := []struct {
		name string
		text string
		// nodes lists every node (sorted) or is nil when the reading must
		// be empty.
		nodes []string
		edges []string // sorted "u-v"
		kinds map[string]string
		decls []string // texts of declaration spans
		rules int      // rule spans
		// minConf/maxConf bound the confidence.
		minConf, maxConf float64
		note             string // a substring of some note
	}{
		{
			name:    "issue example",
			text:    "Applicant 0 is interested in job 1. Applicant 1 is interested in job 1. Applicant 1 is interested in job 2. How many applicants can get a job?",
			nodes:   []string{"applicant 0", "applicant 1", "job 1", "job 2"},
			edges:   []string{"applicant 0-job 1", "applicant 1-job 1", "applicant 1-job 2"},
			kinds:   map[string]string{"applicant 0": "applicant", "job 2": "job"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name: "NLGraph shape with declaration, isolated members and rules",
			text: "There are 3 job applicants numbered from 0 to 2, and 4 jobs numbered from 0 to 3. Each applicant is interested in some of the jobs. Each job can only accept one applicant and a job applicant can be appointed for only one job.\n" +
				"Applicant 0 is interested in job 2.\nApplicant 0 is interested in job 0.\nApplicant 2 is interested in job 0.\n" +
				"Q: Find an assignment of jobs to applicants in such that the maximum number of applicants find the job they are interested in.\nA:",
			nodes: []string{"applicant 0", "applicant 1", "applicant 2", "job 0", "job 1", "job 2", "job 3"},
			edges: []string{"applicant 0-job 0", "applicant 0-job 2", "applicant 2-job 0"},
			kinds: map[string]string{"applicant 1": "applicant", "job 3": "job", "job 0": "job"},
			decls: []string{"3 job applicants numbered from 0 to 2", "4 jobs numbered from 0 to 3"},
			rules: 2, minConf: 0.9, maxConf: 1,
		},
		{
			name:    "letters as IDs",
			text:    "Person P can do project Q. Person P can do project R. Person S can do project R.",
			nodes:   []string{"person P", "person S", "project Q", "project R"},
			edges:   []string{"person P-project Q", "person P-project R", "person S-project R"},
			kinds:   map[string]string{"person S": "person", "project Q": "project"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "plural kind with a list of IDs",
			text:    "Student S1 wants courses C1, C2 and C3.\nStudent S2 wants course C2 or course C4.",
			nodes:   []string{"course C1", "course C2", "course C3", "course C4", "student S1", "student S2"},
			edges:   []string{"student S1-course C1", "student S1-course C2", "student S1-course C3", "student S2-course C2", "student S2-course C4"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "passive voice keeps the orientation of the first relation",
			text:    "Worker 3 is qualified for task 5. Task 2 can be done by worker 1. Worker 1 is qualified for task 1.",
			nodes:   []string{"task 1", "task 2", "task 5", "worker 1", "worker 3"},
			edges:   []string{"worker 1-task 1", "worker 1-task 2", "worker 3-task 5"},
			kinds:   map[string]string{"worker 1": "worker", "task 1": "task"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "same numbers, different kinds stay apart",
			text:    "Worker 1 can do task 1. Worker 2 can do task 1. Worker 1 can do task 2.",
			nodes:   []string{"task 1", "task 2", "worker 1", "worker 2"},
			edges:   []string{"worker 1-task 1", "worker 1-task 2", "worker 2-task 1"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "negated relation declares nodes but gives no edge",
			text:    "Applicant 1 is interested in job 1. Applicant 2 is not interested in job 1. Applicant 2 isn't interested in job 3. Applicant 1 is interested in job 2.",
			nodes:   []string{"applicant 1", "applicant 2", "job 1", "job 2", "job 3"},
			edges:   []string{"applicant 1-job 1", "applicant 1-job 2"},
			minConf: 0.9, maxConf: 1, note: "negated",
		},
		{
			name:    "count without numbering, IDs from 1",
			text:    "There are 3 workers and 4 machines. Worker 1 operates machine 2. Worker 3 operates machine 4. Worker 1 operates machine 4.",
			nodes:   []string{"machine 1", "machine 2", "machine 3", "machine 4", "worker 1", "worker 2", "worker 3"},
			edges:   []string{"worker 1-machine 2", "worker 1-machine 4", "worker 3-machine 4"},
			decls:   []string{"3 workers", "4 machines"},
			minConf: 0.9, maxConf: 1, note: "taken as 1 to",
		},
		{
			name:    "dash ranges and a compound sentence",
			text:    "We have workers 1-2 and tasks 1-3. Worker 1 can do task 3, and worker 2 can do task 1.",
			nodes:   []string{"task 1", "task 2", "task 3", "worker 1", "worker 2"},
			edges:   []string{"worker 1-task 3", "worker 2-task 1"},
			decls:   []string{"workers 1-2", "tasks 1-3"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "ratings read as a bipartite relation",
			text:    "User 1 rated movie 5. User 2 rated movie 5 and movie 7. User 3 rated movie 7.",
			nodes:   []string{"movie 5", "movie 7", "user 1", "user 2", "user 3"},
			edges:   []string{"user 1-movie 5", "user 2-movie 5", "user 2-movie 7", "user 3-movie 7"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "one relation alone is uncertain",
			text:    "Author 2 wrote paper 7.",
			nodes:   []string{"author 2", "paper 7"},
			edges:   []string{"author 2-paper 7"},
			minConf: 0, maxConf: 0.6, note: "only one relation",
		},
		{
			name:    "three kinds are not a bipartite graph",
			text:    "Student 1 takes course 2. Student 2 takes course 2. Teacher 1 teaches course 2.",
			nodes:   []string{"course 2", "student 1", "student 2", "teacher 1"},
			edges:   []string{"student 1-course 2", "student 2-course 2", "teacher 1-course 2"},
			minConf: 0, maxConf: 0.6, note: "kinds",
		},
		{
			name:    "declared count disagrees with the numbering",
			text:    "There are 5 applicants numbered from 0 to 3 and 2 jobs numbered 0 to 1. Applicant 0 wants job 1. Applicant 3 wants job 0.",
			nodes:   []string{"applicant 0", "applicant 1", "applicant 2", "applicant 3", "job 0", "job 1"},
			edges:   []string{"applicant 0-job 1", "applicant 3-job 0"},
			minConf: 0, maxConf: 0.6, note: "declared but numbered",
		},
		{
			name:    "a member outside the declared numbering contradicts it",
			text:    "There are 2 applicants numbered from 0 to 1 and 2 jobs numbered from 0 to 1. Applicant 0 wants job 1. Applicant 5 wants job 0.",
			nodes:   []string{"applicant 0", "applicant 1", "applicant 5", "job 0", "job 1"},
			edges:   []string{"applicant 0-job 1", "applicant 5-job 0"},
			minConf: 0, maxConf: 0.4, note: "applicant 5 named, but the applicants are numbered 0 to 1",
		},
		{
			name:    "a mention without a partner lowers the confidence",
			text:    "Applicant 0 is interested in job 1. Applicant 1 is interested in job 2. Applicant 2 is interested in the first one.",
			nodes:   []string{"applicant 0", "applicant 1", "job 1", "job 2"},
			edges:   []string{"applicant 0-job 1", "applicant 1-job 2"},
			minConf: 0, maxConf: 0.7, note: "without a partner",
		},
		{
			name:  "names as IDs after a kind the text also writes in lower case",
			text:  "Each worker does one task. Worker Alice can do task Cooking. Worker Bob can do task Cleaning and task Cooking.",
			nodes: []string{"task Cleaning", "task Cooking", "worker Alice", "worker Bob"},
			edges: []string{"worker Alice-task Cooking", "worker Bob-task Cleaning", "worker Bob-task Cooking"},
			rules: 1, minConf: 0.9, maxConf: 1,
		},
		{
			name:    "listed members, one without a relation",
			text:    "Students: S1, S2, S3, S4. The courses are C1, C2 and C3. Student S1 wants course C1. Student S2 wants course C1. Student S3 wants course C2.",
			nodes:   []string{"course C1", "course C2", "course C3", "student S1", "student S2", "student S3", "student S4"},
			edges:   []string{"student S1-course C1", "student S2-course C1", "student S3-course C2"},
			decls:   []string{"Students: S1, S2, S3, S4", "The courses are C1, C2 and C3"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "a member outside the list contradicts it",
			text:    "Students: S1, S2. Courses: C1, C2. Student S1 wants course C1. Student S9 wants course C2.",
			nodes:   []string{"course C1", "course C2", "student S1", "student S2", "student S9"},
			edges:   []string{"student S1-course C1", "student S9-course C2"},
			minConf: 0, maxConf: 0.4, note: "student S9 named, but the students listed are S1, S2",
		},
		{
			name:    "colons and arrows relate",
			text:    "Applicant 0: job 1, job 2\nApplicant 1: job 2\nWorker 1 -> task 2.",
			nodes:   []string{"applicant 0", "applicant 1", "job 1", "job 2", "task 2", "worker 1"},
			edges:   []string{"applicant 0-job 1", "applicant 0-job 2", "applicant 1-job 2", "worker 1-task 2"},
			minConf: 0, maxConf: 0.6, note: "kinds",
		},
		{
			name:    "an elliptical second clause",
			text:    "Applicant 0 is interested in jobs 1 and 2; applicant 1 in job 3.",
			nodes:   []string{"applicant 0", "applicant 1", "job 1", "job 2", "job 3"},
			edges:   []string{"applicant 0-job 1", "applicant 0-job 2", "applicant 1-job 3"},
			minConf: 0.9, maxConf: 1,
		},
		{name: "questions are not relations", text: "Can applicant 3 get job 2? Is worker 1 qualified for task 1?"},
		{name: "one kind is another reader's", text: "Node 1 is connected to node 2. Node 2 is connected to node 3."},
		{name: "precedence between tasks is one kind", text: "Task 1 must finish before task 2 starts. Task 2 must finish before task 3."},
		{name: "roads between cities", text: "A road from city 1 to city 2 is 40 km. City 2 connects to city 3."},
		{name: "names are not kinds", text: "Alice Smith can do project X. Bob Jones can do project Y."},
		{name: "quantities are not kinds", text: "Task 1 takes 3 hours. Task 2 takes 5 hours."},
		{name: "no text", text: ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, BipartiteProse{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			if nodes := slices.Sorted(slices.Values(got.Nodes)); !slices.Equal(nodes, c.nodes) {
				t.Errorf("nodes\n got %v\nwant %v", nodes, c.nodes)
			}
			if edges := sortedEdgeList(got); !slices.Equal(edges, c.edges) {
				t.Errorf("edges\n got %v\nwant %v", edges, c.edges)
			}
			for n, k := range c.kinds {
				if got.Kinds[n] != k {
					t.Errorf("kind of %q = %q, want %q", n, got.Kinds[n], k)
				}
			}
			if len(got.Kinds) != len(got.Nodes) {
				t.Errorf("%d kinds for %d nodes", len(got.Kinds), len(got.Nodes))
			}
			if c.decls != nil {
				if d := spanTexts(c.text, got, RoleDeclaration); !slices.Equal(d, c.decls) {
					t.Errorf("declarations\n got %q\nwant %q", d, c.decls)
				}
			}
			if r := spanTexts(c.text, got, RoleRule); len(r) != c.rules {
				t.Errorf("rule spans %q, want %d", r, c.rules)
			}
			if got.Directed != DirUndirected {
				t.Errorf("direction %v, want undirected", got.Directed)
			}
			checkConfidence(t, got, c.minConf, c.maxConf)
			checkNote(t, got, c.note)
			// Every edge sentence is a graph span: its edges lie inside one.
			for _, e := range got.Edges {
				inside := false
				for _, s := range got.Spans {
					if s.Role == RoleGraph && s.Start <= e.Start && e.End <= s.End {
						inside = true
					}
				}
				if !inside {
					t.Errorf("edge %s-%s at [%d,%d) is in no graph span", e.U, e.V, e.Start, e.End)
				}
			}
		})
	}
}

// TestBipartiteNLGraph reads every matching question of the NLGraph
// training split and checks it against the question's own numbers: the
// declared sets are complete, and every "Applicant i is interested in job
// j" line is an edge.
func TestBipartiteNLGraph(t *testing.T) {
	items := readNLGraphTask(t, "matching")
	for id, it := range items {
		got := readOne(t, BipartiteProse{}, it.Question)
		var want []string
		for _, line := range strings.Split(it.Question, "\n") {
			var a, j int
			if n, _ := fmt.Sscanf(line, "Applicant %d is interested in job %d.", &a, &j); n == 2 {
				want = append(want, "applicant "+strconv.Itoa(a)+"-job "+strconv.Itoa(j))
			}
		}
		slices.Sort(want)
		if edges := sortedEdgeList(got); !slices.Equal(edges, slices.Compact(want)) {
			t.Fatalf("item %s: %d edges read, want %d", id, len(edges), len(want))
		}
		var na, nj, la, ha, lj, hj int
		if n, _ := fmt.Sscanf(it.Question, "There are %d job applicants numbered from %d to %d, and %d jobs numbered from %d to %d.", &na, &la, &ha, &nj, &lj, &hj); n != 6 {
			t.Fatalf("item %s: declaration not found by the test", id)
		}
		kinds := map[string]int{}
		for _, k := range got.Kinds {
			kinds[k]++
		}
		if kinds["applicant"] != na || kinds["job"] != nj || len(got.Nodes) != na+nj {
			t.Fatalf("item %s: %d applicants and %d jobs read, want %d and %d", id, kinds["applicant"], kinds["job"], na, nj)
		}
		if got.Confidence < 0.9 {
			t.Fatalf("item %s: confidence %v, notes %q", id, got.Confidence, got.Notes)
		}
	}
}

func TestBipartiteCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	text := strings.Repeat("Applicant 0 is interested in job 1.\n", 5000)
	if _, err := (BipartiteProse{}).Read(ctx, NewDoc(text)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled read: err = %v, want context.Canceled", err)
	}
}

func FuzzBipartiteProse(f *testing.F) {
	for _, s := range []string{
		"Applicant 0 is interested in job 1. Applicant 1 is interested in jobs 1, 2 and 3.",
		"There are 15 job applicants numbered from 0 to 14, and 15 jobs numbered from 0 to 14.",
		"There are 3 workers and 4 machines. Worker 1 operates machine 2.",
		"Person P can do project Q, and person R cannot do project Q.",
		"We have workers 1-2 and tasks 1, 2, ..., 9. Task 2 can be done by worker 1.",
		"There are 99999999999999999999 jobs numbered 0 to 99999999999999999999.",
		"Student S wants course C or course D. Each student wants a course.",
		"worker\tp1 can do task 3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return // Doc.Text is valid UTF-8: the combiner checks it once
		}
		got, err := (BipartiteProse{}).Read(context.Background(), NewDoc(text))
		if err != nil {
			t.Fatalf("error on %q: %v", text, err)
		}
		checkReading(t, text, got)
		if d := NewDoc(text); !bipartiteMayRelate(d) {
			if full, err := bipartiteRead(context.Background(), d); err != nil || !full.Empty() {
				t.Fatalf("the cheap test skipped a reading: %v %v", edgeList(full), err)
			}
		}
		for _, e := range got.Edges {
			if got.Kinds[e.U] == got.Kinds[e.V] {
				t.Fatalf("edge %s-%s joins one kind", e.U, e.V)
			}
		}
	})
}
