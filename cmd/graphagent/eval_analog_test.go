package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

func TestEvalAnalogSuite(t *testing.T) {
	data, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(t.TempDir(), "run")
	out, errOut, code := runCLI(t, "--data", data, "eval", "--suite", "drugmechdb-lp", "-n", "20", "--out", run)
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Confusion matrix") || !strings.Contains(out, "test items in memory: 0") {
		t.Fatalf("eval printed:\n%s", out)
	}
	for _, f := range []string{"report.json", "report.md", "results.jsonl", "reliability.png"} {
		if _, err := os.Stat(filepath.Join(run, f)); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(run, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var it struct{ Rule, Explanation string }
	if len(lines) != 20 || json.Unmarshal([]byte(lines[0]), &it) != nil || it.Rule == "" {
		t.Fatalf("%d result lines; first %s", len(lines), lines[0])
	}
	// The data folder must hold the dataset.
	_, errOut, code = runCLI(t, "--data", t.TempDir(), "eval", "--suite", "citeseer-nc", "--out", run)
	if code != exitUsage || !strings.Contains(errOut, "inside --data") {
		t.Fatalf("missing data: exit %d: %s", code, errOut)
	}
}
