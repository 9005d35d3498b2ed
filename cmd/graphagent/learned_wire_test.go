package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestAskLearned asks the learned tools in words: the karate clustering is
// trained on demand (milliseconds, said on stderr), the small MUTAG model
// ahead with 'train --small'; the answers come from the tools (with their
// measured scores); a molecule not in the dataset is bad input (exit 2).
func TestAskLearned(t *testing.T) {
	home, data := t.TempDir(), dataDir(t)
	out, errOut, code := runCLI(t, "--home", home, "--data", data, "ask", "--json", "are users 0 and 33 of karate in the same community?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ans struct {
		Answer string
		Tool   string
		Args   map[string]any
		Value  struct {
			Same       bool
			Community1 int
			Community2 int
			NMI        float64
		}
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Tool != "kmeans:common_community_check" || ans.Args["node1"] != "0" || ans.Args["node2"] != "33" || ans.Value.NMI <= 0 ||
		ans.Value.Same != (ans.Value.Community1 == ans.Value.Community2) || !strings.Contains(ans.Answer, "Nodes 0 and 33 of karate") {
		t.Errorf("%+v", ans)
	}
	if !strings.Contains(errOut, "training kmeans-karate now") {
		t.Errorf("no word of training on demand: %q", errOut)
	}

	if out, errOut, code := runCLI(t, "--home", home, "--data", data, "train", "seg_bert-mutag", "--small"); code != 0 {
		t.Fatalf("train: exit %d: %s%s", code, out, errOut)
	}
	out, errOut, code = runCLI(t, "--home", home, "--data", data, "ask", "what is the function of molecule 12 in mutag?")
	if code != 0 || !strings.HasPrefix(out, "Molecule 12 of mutag is predicted ") || !strings.Contains(out, "accuracy") || strings.Contains(errOut, "training") {
		t.Errorf("exit %d: %q %q", code, out, errOut)
	}
	_, errOut, code = runCLI(t, "--home", home, "--data", data, "ask", "what is the function of molecule 999 in mutag?")
	if code != exitUsage || !strings.Contains(errOut, "molecule 999 is not in mutag") {
		t.Errorf("unknown molecule: exit %d, %q", code, errOut)
	}
}

// TestAnalogAccuracyMatchesReports keeps the analogical reasoner's
// accuracies that combined answers state equal to the eval reports.
func TestAnalogAccuracyMatchesReports(t *testing.T) {
	for ds, acc := range analogAccuracy {
		b, err := os.ReadFile(filepath.Join("..", "..", "eval", "results", "analog-"+ds+"-nc.md"))
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`\*\*accuracy ([0-9.]+)%\*\*`).FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s: no accuracy in the report", ds)
		}
		reported, _ := strconv.ParseFloat(string(m[1]), 64)
		if math.Abs(reported/100-acc) > 1e-9 {
			t.Errorf("%s: table %.4f, report %.2f%%", ds, acc, reported)
		}
	}
}
