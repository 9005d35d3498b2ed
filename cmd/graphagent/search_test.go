package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

func TestToolsSearchTable(t *testing.T) {
	out, errOut, code := runCLI(t, "tools", "search", "Is there a cycle in this graph: 0-1, 1-2, 2-0?", "--k", "3")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "#") {
		t.Fatalf("want a header and 3 rows, got:\n%s", out)
	}
	found := false
	prev := 2.0
	for i, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) < 4 || f[0] != strconv.Itoa(i+1) {
			t.Fatalf("row %q", l)
		}
		score, err := strconv.ParseFloat(f[1], 64)
		if err != nil || score > prev {
			t.Fatalf("row %q: the SCORE column must order the rows", l)
		}
		prev = score
		found = found || f[3] == "cycle_check"
	}
	if !found {
		t.Errorf("cycle_check not in the top 3:\n%s", out)
	}
}

func TestToolsSearchJSON(t *testing.T) {
	out, errOut, code := runCLI(t, "tools", "search", "--json", "--k", "2", "What is the cheapest route from 4 to 9?")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var res searchResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	if len(res.Hits) != 2 || res.Hits[0].Name != "shortest_path" || res.Hits[0].Score < res.Hits[1].Score || !strings.HasPrefix(res.Encoder, "builtin") {
		t.Errorf("result %+v", res)
	}
}

func TestToolsSearchErrors(t *testing.T) {
	if _, _, code := runCLI(t, "tools", "search"); code != exitUsage {
		t.Errorf("no question: exit %d, want %d", code, exitUsage)
	}
	if _, _, code := runCLI(t, "tools", "search", "x", "--k", "0"); code != exitUsage {
		t.Errorf("--k 0: exit %d, want %d", code, exitUsage)
	}
	if _, _, code := runCLI(t, "--embed-url", "http://127.0.0.1:1/v1", "tools", "search", "x"); code != exitUsage {
		t.Errorf("--embed-url without a model: exit %d, want %d", code, exitUsage)
	}
	out, _, code := runCLI(t, "tools", "search", "17 42")
	if code != exitNoAnswer || !strings.Contains(out, "no tool matches") {
		t.Errorf("numbers only: exit %d, out %q", code, out)
	}
}
