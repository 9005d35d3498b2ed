package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

// runCLI runs the command line in-process and returns stdout, stderr and the
// exit code.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"graphagent"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// dataDir is the repository's datasets folder (tools/dataset).
func dataDir(t *testing.T) string {
	t.Helper()
	d, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestToolsListJSONCoversCatalogue(t *testing.T) {
	out, _, code := runCLI(t, "tools", "list", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var specs []struct {
		Name   string          `json:"name"`
		Schema json.RawMessage `json:"schema"`
	}
	if err := json.Unmarshal([]byte(out), &specs); err != nil {
		t.Fatal(err)
	}
	if len(specs) < 40 {
		t.Fatalf("only %d tools listed", len(specs))
	}
	for _, s := range specs {
		if !json.Valid(s.Schema) {
			t.Errorf("%s: invalid schema", s.Name)
		}
	}
}

func TestToolsRunOnRealFile(t *testing.T) {
	data := dataDir(t)
	// Flags after the tool name must work (urfave/cli stops at positionals).
	out, errOut, code := runCLI(t, "--data", data, "tools", "run", "node_count", "--graph", "karate/edges.tsv", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Value int `json:"value"`
		Graph struct {
			Edges int `json:"edges"`
		} `json:"graph"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err, out)
	}
	// Zachary's karate club: 34 members, 78 ties.
	if res.Value != 34 || res.Graph.Edges != 78 {
		t.Fatalf("karate: got %d nodes, %d edges", res.Value, res.Graph.Edges)
	}
	out, errOut, code = runCLI(t, "--data", data, "tools", "run", "degree", "-g", "karate/edges.tsv", "--arg", "node=33")
	if code != 0 || !strings.Contains(out, "17") {
		t.Fatalf("degree of 33: exit %d, %q %q", code, out, errOut)
	}
}

func TestToolsRunErrors(t *testing.T) {
	data := dataDir(t)
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown tool", []string{"tools", "run", "shortest_pth", "--graph", "karate/edges.tsv"}, 2, "did you mean shortest_path"},
		{"escape", []string{"tools", "run", "node_count", "--graph", "../../etc/passwd"}, 2, "outside the data folders"},
		{"missing file", []string{"tools", "run", "node_count", "--graph", "nope.edgelist"}, 2, "nope.edgelist"},
		{"missing arg", []string{"tools", "run", "degree", "--graph", "karate/edges.tsv"}, 2, "missing parameter \"node\""},
		{"absent node", []string{"tools", "run", "degree", "--graph", "karate/edges.tsv", "--arg", "node=999"}, 2, "999"},
		{"bad arg syntax", []string{"tools", "run", "degree", "--graph", "karate/edges.tsv", "--arg", "node"}, 2, "key=value"},
		{"extra arg", []string{"tools", "run", "node_count", "--graph", "karate/edges.tsv", "--arg", "x=1"}, 2, "unknown parameter x"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errOut, code := runCLI(t, append([]string{"--data", data}, c.args...)...)
			if code != c.code || !strings.Contains(errOut, c.want) {
				t.Fatalf("exit %d (want %d), stderr %q (want it to contain %q)", code, c.code, errOut, c.want)
			}
		})
	}
}

func TestToolsShow(t *testing.T) {
	out, _, code := runCLI(t, "tools", "show", "maximum_flow")
	if code != 0 || !strings.Contains(out, "sink") || !strings.Contains(out, "graphagent tools run maximum_flow") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestInterspersedKeepsDashDashAndValues(t *testing.T) {
	app := newApp(nil, nil, nil)
	got := interspersed(app, []string{"graphagent", "--data", "d", "tools", "run", "degree", "-g", "f", "--json", "--arg", "node=1"})
	want := []string{"graphagent", "--data", "d", "tools", "run", "-g", "f", "--json", "--arg", "node=1", "--", "degree"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}
