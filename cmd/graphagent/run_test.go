package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRunStatement(t *testing.T) {
	out, errOut, code := runCLI(t, "run", `The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhardt_kite_graph"}), "toolx:size")-->r].`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != "The size of the krackhardt kite graph is 18.\n" {
		t.Errorf("got %q", out)
	}
}

// TestRunTranslates writes the calls of sentences that have none with the
// builtin translator, then runs them.
func TestRunTranslates(t *testing.T) {
	out, errOut, code := runCLI(t, "run", "The size of the krackhardt kite graph is [TBR].")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != "The size of the krackhardt kite graph is 18.\n" {
		t.Errorf("got %q", out)
	}
	out, errOut, code = runCLI(t, "run", "--json", "What is the radius of the bull graph?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Statement   string `json:"statement"`
		Text        string `json:"text"`
		Result      any    `json:"result"`
		Translation struct {
			Route   string `json:"route"`
			Example string `json:"example"`
		} `json:"translation"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Statement != `The radius of the bull graph is [GR(GL("gpr", {"bull_graph"}), "toolx:radius")-->r].` ||
		got.Text != "The radius of the bull graph is 2." || got.Result != 2.0 || got.Translation.Route == "" || got.Translation.Example == "" {
		t.Errorf("%+v", got)
	}
}

func TestRunJSON(t *testing.T) {
	out, errOut, code := runCLI(t, "run", "--json", `In the octahedral graph, node #5 is [GR(GL("gpr", {"octahedral_graph"}), "toolx:shortest-path", "node#5", "node#0")-->r] hops from node #0; its radius is [GR(GL("gpr", {"octahedral_graph"}), "toolx:radius")].`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Statement string `json:"statement"`
		Calls     []struct {
			Call   string          `json:"call"`
			Tool   string          `json:"tool"`
			Args   json.RawMessage `json:"args"`
			Result any             `json:"result"`
		} `json:"calls"`
		Result any    `json:"result"`
		Text   string `json:"text"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !strings.Contains(got.Statement, `"toolx:shortest-path", "node#5", "node#0")-->r]`) {
		t.Errorf("statement %q", got.Statement)
	}
	if len(got.Calls) != 2 || got.Calls[0].Tool != "shortest_path_length" || got.Calls[1].Tool != "radius" {
		t.Fatalf("calls %+v", got.Calls)
	}
	var args map[string]string
	if err := json.Unmarshal(got.Calls[0].Args, &args); err != nil || args["source"] != "5" || args["target"] != "0" || len(args) != 2 {
		t.Errorf("args %s (%v)", got.Calls[0].Args, err)
	}
	if got.Result != 2.0 {
		t.Errorf("result %v", got.Result)
	}
	if got.Text != "In the octahedral graph, node #5 is 2 hops from node #0; its radius is 2." {
		t.Errorf("text %q", got.Text)
	}
}

func TestRunExplainAndDatasets(t *testing.T) {
	out, errOut, code := runCLI(t, "--data", dataDir(t), "run", "--explain", `Zachary's club has [GR(GL("karate"), "toolx:order")-->r] members.`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"statement\n", "call (column 20) --> r", "GL (graph loading)", `string "karate"`,
		"graph karate (karate/edges.tsv): 34 nodes, 78 edges", "Zachary's club has 34 members.\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRunRefusals(t *testing.T) {
	home, data := t.TempDir(), dataDir(t)
	cases := []struct {
		sentence string
		code     int
		says     []string
	}{
		// No calls, and no example to write them from: could not answer.
		{"What is the colour of the sky?", exitNoAnswer, []string{"no API calls", "could not be written", "no example"}},
		// A malformed call: the column and a caret.
		{`It is [GR(GL("gpr", {"bull_graph"}) "toolx:radius")].`, exitUsage, []string{"column 37", "expected ',' or ')'", "\n" + strings.Repeat(" ", 38) + "^"}},
		// A learned tool graphagent does not have yet is not available,
		// never made up.
		{`The relation is [GR(GL("wordnet"), "transe:summary", entity#state.v.01)-->r].`, exitNoAnswer, []string{"column 17", "transe:summary", "not available"}},
		// Datasets not shipped list the ones that are.
		{`[GR(GL("pubmed"), "toolx:order")-->r]`, exitUsage, []string{"not shipped", "cora", "wordnet"}},
		{`[GR(GL("gpr", {"no_such_graph"}), "toolx:order")-->r]`, exitUsage, []string{"no_such_graph"}},
		{`[GR(GL("gpr", {"bull_graph"}), "toolx:eccentricity", "node#7")-->r]`, exitUsage, []string{"7", "not in the graph"}},
	}
	for _, c := range cases {
		out, errOut, code := runCLI(t, "--home", home, "--data", data, "run", c.sentence)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d (%s)", c.sentence, code, c.code, errOut)
		}
		if out != "" {
			t.Errorf("%s: printed %q on a refusal", c.sentence, out)
		}
		for _, s := range c.says {
			if !strings.Contains(errOut, s) {
				t.Errorf("%s: stderr lacks %q:\n%s", c.sentence, s, errOut)
			}
		}
	}
}

// TestRunLearnedStatement runs a learned tool's statement in an empty home:
// the karate clustering (milliseconds) is trained on demand, saying so on
// stderr, and the answer is followed by the model and its measured score;
// a dataset that is not shipped and a node not in the dataset are bad
// input (exit 2).
func TestRunLearnedStatement(t *testing.T) {
	home, data := t.TempDir(), dataDir(t)
	stmt := `Members 0 and 33 of the karate club are in [GR(GL("karate"), "kmeans:common_community_check", user#0, user#33)-->r] communities.`
	out, errOut, code := runCLI(t, "--home", home, "--data", data, "run", stmt)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "training kmeans-karate now") {
		t.Errorf("no word of training on demand on stderr: %q", errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "  kmeans:common_community_check: Nodes 0 and 33 of karate") || !strings.Contains(lines[1], "NMI") {
		t.Fatalf("got %q", out)
	}
	// The sentence agrees with the tool's own verdict.
	same := !strings.Contains(lines[1], "are not in the same community")
	want := map[bool]string{true: "the same", false: "different"}[same]
	if lines[0] != "Members 0 and 33 of the karate club are in "+want+" communities." {
		t.Errorf("sentence %q does not say %q as the tool does: %q", lines[0], want, lines[1])
	}
	// Saved: the second run does not train.
	if _, errOut, code = runCLI(t, "--home", home, "--data", data, "run", stmt); code != 0 || strings.Contains(errOut, "training") {
		t.Errorf("second run: exit %d, %q", code, errOut)
	}
	for _, c := range []struct{ stmt, want string }{
		{`[GR(GL("twitter"), "kmeans:common_community_check", user#a, user#b)-->r]`, "not shipped"},
		{`[GR(GL("karate"), "kmeans:community", user#99)-->r]`, `node "99" is not in karate`},
	} {
		if _, errOut, code := runCLI(t, "--home", home, "--data", data, "run", c.stmt); code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, %q, want 2 and %q", c.stmt, code, errOut, c.want)
		}
	}
}
