package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGraphReportDataset(t *testing.T) {
	out := t.TempDir()
	stdout, errOut, code := runCLI(t, "--data", dataDir(t), "graph", "report", "email_eu_core", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"A directed graph with 1005 nodes and 25571 edges", "| self-loops | 642 |", "strongly connected components", "degree_distribution.png"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"report.md", "degree_distribution.png", "community_sizes.png"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	js, _, code := runCLI(t, "--data", dataDir(t), "graph", "report", "karate/edges.tsv", "--json")
	var rep struct {
		Nodes, Edges int
		Directed     bool
	}
	if err := json.Unmarshal([]byte(js), &rep); code != 0 || err != nil || rep.Nodes != 34 || rep.Edges != 78 || rep.Directed {
		t.Errorf("karate JSON: exit %d, %v, %+v", code, err, rep)
	}
	if _, _, code := runCLI(t, "--data", dataDir(t), "graph", "report", "../go.mod"); code != exitUsage {
		t.Errorf("a file outside the data folders: exit %d, want %d", code, exitUsage)
	}
}

func TestGraphCompareKarateFootball(t *testing.T) {
	stdout, errOut, code := runCLI(t, "--data", dataDir(t), "graph", "compare", "karate", "football", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var cmp struct {
		A, B    struct{ Nodes, Edges int }
		Overlap struct {
			CommonNodes int `json:"common_nodes"`
			OnlyBNodes  int `json:"only_b_nodes"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &cmp); err != nil {
		t.Fatal(err)
	}
	// Both number their nodes from 0: karate's 34 IDs are all football IDs.
	if cmp.A.Nodes != 34 || cmp.B.Nodes != 115 || cmp.B.Edges != 613 || cmp.Overlap.CommonNodes != 34 || cmp.Overlap.OnlyBNodes != 81 {
		t.Errorf("comparison %+v", cmp)
	}
}

// TestGraphCleanStructured: node-link JSON, DOT and GML files are
// inspected by their own readers (defects by edge number), and --out
// writes the cleaned graph (node-link JSON for .json, else an edge list)
// that a second inspection finds clean.
func TestGraphCleanStructured(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"g.json": `{"directed": false, "nodes": [{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}], "links": [{"source": 1, "target": 2}, {"source": 2, "target": 1}, {"source": 3, "target": 3}, {"source": 2, "target": 3}]}`,
		"g.dot":  "graph { 4; 1 -- 2; 2 -- 1; 3 -- 3; 2 -- 3 }",
		"g.gml":  "graph [ node [ id 1 ] node [ id 2 ] node [ id 3 ] node [ id 4 ] edge [ source 1 target 2 ] edge [ source 3 target 3 ] edge [ source 2 target 3 ] ]",
	}
	for name, text := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	for name := range files {
		out := "clean-" + strings.TrimPrefix(filepath.Ext(name), ".") + ".json"
		if name == "g.dot" {
			out = "clean-dot.tsv"
		}
		stdout, errOut, code := runCLI(t, "--data", dir, "graph", "clean", name, "--out", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		wants := []string{name + ": edge 3: self-loop 3 3", name + ": isolated node 4", "Wrote " + out + ": 3 nodes, 2 edges"}
		if name == "g.gml" {
			wants[0] = name + ": edge 2: self-loop 3 3"
		} else {
			wants = append(wants, name+": edge 2: duplicate edge 2 1 (first as edge 1)")
		}
		for _, want := range wants {
			if !strings.Contains(stdout, want) {
				t.Errorf("%s: output lacks %q:\n%s", name, want, stdout)
			}
		}
		stdout, _, code = runCLI(t, "--data", dir, "graph", "clean", out)
		if code != 0 || !strings.Contains(stdout, "No duplicates, self-loops") {
			t.Errorf("%s cleaned into %s: exit %d\n%s", name, out, code, stdout)
		}
	}
	// ask reaches the same inspection; a GML file loads as GML.
	if stdout, errOut, code := runCLI(t, "--data", dir, "ask", "Check g.json for duplicates"); code != 0 ||
		!strings.Contains(stdout, "1 duplicate (edge 2), 1 self-loop (edge 3), 1 isolated (node 4)") {
		t.Errorf("ask: exit %d %s%s", code, stdout, errOut)
	}
	if stdout, errOut, code := runCLI(t, "--data", dir, "ask", "How many edges are in g.gml?"); code != 0 || !strings.Contains(stdout, "3") {
		t.Errorf("ask about a GML file: exit %d %s%s", code, stdout, errOut)
	}
	if _, errOut, code := runCLI(t, "--data", dir, "graph", "clean", "g.json", "--nodes", "g.dot"); code != exitUsage || !strings.Contains(errOut, "lists its own nodes") {
		t.Errorf("--nodes with a JSON file: exit %d %s", code, errOut)
	}
}

func TestGraphClean(t *testing.T) {
	dir := t.TempDir()
	orig := "source\ttarget\n1\t2\n2\t1\n3\t3\n1\t9\n"
	os.WriteFile(filepath.Join(dir, "e.tsv"), []byte(orig), 0o644)
	os.WriteFile(filepath.Join(dir, "n.tsv"), []byte("id\n1\n2\n3\n4\n"), 0o644)
	stdout, errOut, code := runCLI(t, "--data", dir, "graph", "clean", "e.tsv", "--nodes", "n.tsv", "--out", "c.tsv", "--nodes-out", "cn.tsv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"e.tsv:3: duplicate edge 2 1 (first on line 2)", "e.tsv:4: self-loop 3 3", "e.tsv:5: edge 1 9 names node 9", "n.tsv:5: isolated node 4", "Wrote c.tsv"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "e.tsv")); string(b) != orig {
		t.Error("the original changed")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "c.tsv")); string(b) != "source\ttarget\n1\t2\n" {
		t.Errorf("cleaned edges %q", b)
	}
	// 3 had only a self-loop: it goes with the isolated 4.
	if b, _ := os.ReadFile(filepath.Join(dir, "cn.tsv")); string(b) != "id\n1\n2\n" {
		t.Errorf("cleaned nodes %q", b)
	}
	if _, _, code := runCLI(t, "--data", dir, "graph", "clean", "e.tsv", "--out", "c.tsv"); code != exitUsage {
		t.Errorf("replacing an existing file: exit %d", code)
	}
	if _, _, code := runCLI(t, "--data", dir, "graph", "clean", "e.tsv", "--out", "../escape.tsv"); code != exitUsage {
		t.Errorf("writing outside: exit %d", code)
	}
}
