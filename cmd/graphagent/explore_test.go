package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExploreCommand(t *testing.T) {
	data := dataDir(t)
	out, errOut, code := runCLI(t, "--data", data, "explore", "--kg", "wn18rr", "What are the hypernyms of dog.n.01?")
	if code != exitOK || !strings.Contains(out, "canine (canine.n.02)") || !strings.Contains(out, "You could ask next:\n  1. ") {
		t.Fatalf("exit %d, %q, %q", code, out, errOut)
	}
	out, _, code = runCLI(t, "--data", data, "explore", "--kg", "drugmechdb", "--json", "Which proteins does ibuprofen act on?")
	var ans struct {
		EntityIDs   []string `json:"entity_ids"`
		Suggestions []string `json:"suggestions"`
		Query       struct {
			Kind string `json:"kind"`
		} `json:"query"`
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil || code != exitOK {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	if ans.Query.Kind != "pattern" || len(ans.EntityIDs) != 2 || len(ans.Suggestions) == 0 {
		t.Errorf("--json answer %+v", ans)
	}
	// Declined: what was read, exit 1.
	out, _, code = runCLI(t, "--data", data, "explore", "--kg", "drugmechdb", "Which proteins does aspirinol act on?")
	if code != exitNoAnswer || !strings.Contains(out, `"aspirinol"`) {
		t.Errorf("declined: exit %d, %q", code, out)
	}
	// A common drug name is read through the alias table, saying so.
	out, _, code = runCLI(t, "--data", data, "explore", "--kg", "drugmechdb", "Which proteins does aspirin act on?")
	if code != exitOK || !strings.Contains(out, "Prostaglandin G/H synthase 2 (UniProt:P35354)") || !strings.Contains(out, `"aspirin" read as Acetylsalicylic acid`) {
		t.Errorf("alias: exit %d, %q", code, out)
	}
	// λ = 0 reads exact names only.
	if _, _, code = runCLI(t, "--data", data, "explore", "--kg", "drugmechdb", "--lambda", "0", "What connects metformin to diabetes?"); code != exitNoAnswer {
		t.Errorf("λ=0 inexact: exit %d", code)
	}
	for _, args := range [][]string{
		{"explore", "--kg", "wn18rr", "--lambda", "2", "q"},
		{"explore", "--kg", "nosuch.tsv", "q"},
		{"explore", "--kg", "../x.tsv", "q"},
		{"explore", "q"},
		{"explore", "--kg", "wn18rr", "a", "b"},
	} {
		if _, _, code := runCLI(t, append([]string{"--data", data}, args...)...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestExploreInteractive(t *testing.T) {
	data := dataDir(t)
	in := "What are the hypernyms of dog.n.01?\n1\nhistory\nback\ngoto 2\ngoto 7\nlambda 0\nwhat is a wheel part of?\nquit\nnever read\n"
	out, errOut, code := runCLIIn(t, in, "--data", data, "explore", "--kg", "wn18rr")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"canine (canine.n.02)", " 1. [λ=0.8] What are the hypernyms of dog.n.01?", "*2. ", "Back to step 1: What are the hypernyms",
		"Step 2: ", "I could not do that: step 7 of 2", "λ = 0", "wheeled vehicle (wheeled_vehicle.n.01)"} {
		if !strings.Contains(out, want) {
			t.Errorf("interactive output lacks %q:\n%s", want, out)
		}
	}
}

func TestExploreTriplesFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "family.tsv"), []byte("head\trelation\ttail\nAnn\tparent of\tBob\nBob\tparent of\tCy\nCy\tlikes\tAnn\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "--data", dir, "explore", "--kg", "family.tsv", "What is Ann parent of?")
	if code != exitOK || !strings.Contains(out, "Ann —parent of→ Bob") {
		t.Fatalf("exit %d %q %q", code, out, errOut)
	}
	out, _, code = runCLI(t, "--data", dir, "explore", "--kg", "family.tsv", "what connects Ann to Cy?")
	if code != exitOK || !strings.Contains(out, "in 1 triple(s)") {
		t.Errorf("path: exit %d %q", code, out)
	}
}

func TestChatExplore(t *testing.T) {
	data := dataDir(t)
	in := "/explore\n/explore nosuch.tsv\n/explore drugmechdb\nWhich proteins does ibuprofen act on?\n1\nback\n/explore off\n/explore off\n/quit\n"
	out, errOut, code := runCLIIn(t, in, "--data", data, "chat")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"No knowledge graph is explored", "I could not load it", "Exploring drugmechdb: 4081 entities",
		"Prostaglandin G/H synthase 1 (UniProt:P23219)", "You could ask next:", "Back to step 1", "Back to graph questions."} {
		if !strings.Contains(out, want) {
			t.Errorf("chat output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "Back to graph questions.") != 1 {
		t.Errorf("/explore off twice printed twice:\n%s", out)
	}
}
