package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestAskLabelledDatasets(t *testing.T) {
	data := dataDir(t)
	out, errOut, code := runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "--json", "What is the topic of paper 100157 in citeseer?")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ans struct {
		Answer string
		Tool   string
		Value  struct {
			Label, Rule, Method string
			Evidence            []struct{ Kind string }
		}
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Tool != "analogy" || ans.Value.Label != "Agents" || ans.Value.Rule == "" || len(ans.Value.Evidence) == 0 ||
		!strings.HasPrefix(ans.Answer, "The topic of paper 100157 in citeseer is Agents") {
		t.Fatalf("answer %+v", ans)
	}

	out, errOut, code = runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "--explain", "Is acetylsalicylic acid linked to Prostaglandin G/H synthase 2 in drugmechdb?")
	if code != exitOK || !strings.Contains(out, "link yes") || !strings.Contains(out, "analogy") || !strings.Contains(out, "rule induced from the examples") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	// Names the dataset lacks are declined, saying so (exit 2).
	_, errOut, code = runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "Is aspirin linked to PTGS2 in drugmechdb?")
	if code != exitUsage || !strings.Contains(errOut, `no drug named "aspirin"`) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, errOut, code = runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "What is the topic of paper nosuchpaper in cora?")
	if code != exitUsage || !strings.Contains(errOut, "no paper") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// Chat answers them too, and graph questions still go to the tools.
	in := "What class does paper 100157 of citeseer belong to?\nHow many nodes are in the graph 0-1, 1-2, 5-6?\n"
	out, errOut, code = runCLIIn(t, in, "--data", data, "--home", t.TempDir(), "chat")
	if code != exitOK || !strings.Contains(out, "citeseer is Agents") || !strings.Contains(out, "5 nodes") {
		t.Fatalf("chat exit %d:\n%s%s", code, out, errOut)
	}
}
