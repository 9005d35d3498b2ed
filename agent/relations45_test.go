package agent

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestCitationQuestions: bracketed citation lines read as a directed graph
// and the questions asked of them (each refused before: no graph read, and
// "how many times is X cited", "follow citations from X back to Y", "which
// papers don't cite any other paper" named no tool).
func TestCitationQuestions(t *testing.T) {
	a := newDataAgent(t)
	g := "[Smith2019] cites [Lee2015]\n[Smith2019] cites [Kumar2017]\n[Kumar2017] cites [Lee2015]\n[Wang2020] cites [Smith2019]\n" +
		"[Wang2020] cites [Lee2015]\n[Garcia2021] cites [Wang2020]\n"
	for _, c := range []struct{ q, tool, want string }{
		{"How many times is Lee2015 cited within this set?", "degree", "3"},
		{"Can you follow citations from Garcia2021 back to Kumar2017?", "path_exists", "true"},
		{"Which papers here don't cite any other paper in the set?", "sources_sinks", `"sinks":["Lee2015"]`},
		{"Does Garcia2021 cite Smith2019 directly?", "edge_exists", "false"},
	} {
		ans, err := a.Ask(context.Background(), g+c.q)
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		raw, _ := json.Marshal(ans.Value)
		if ans.Tool != c.tool || !strings.Contains(string(raw), c.want) {
			t.Errorf("%q: %s %s, want %s with %s", c.q, ans.Tool, raw, c.tool, c.want)
		}
	}
}

// TestAncestorQuestion: "is X an ancestor of Y" asks for a path from X to
// Y along parent-to-child edges; a question about something no tool
// computes is still declined.
func TestAncestorQuestion(t *testing.T) {
	a := newDataAgent(t)
	g := "Rosa Alves is a parent of João Alves\nJoão Alves is a parent of Tiago Alves\nPedro Costa is a parent of Beatriz Costa\n"
	for q, want := range map[string]bool{
		"Is Rosa Alves an ancestor of Tiago Alves?":  true,
		"Is Pedro Costa an ancestor of Tiago Alves?": false,
	} {
		ans, err := a.Ask(context.Background(), g+q)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if ans.Tool != "path_exists" || ans.Value != want {
			t.Errorf("%q: %s %v, want path_exists %v", q, ans.Tool, ans.Value, want)
		}
	}
	if ans, err := a.Ask(context.Background(), g+"How old is Tiago Alves?"); err == nil {
		t.Errorf("answered %q by %s, want it declined", ans.Answer, ans.Tool)
	}
}
