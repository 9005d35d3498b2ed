package main

import (
	"strings"
	"testing"
	"time"
)

// TestLearnedToolFromCLI trains the small node classifier with 'train',
// then runs graph_bert:topic through 'tools run' and 'tools show'.
func TestLearnedToolFromCLI(t *testing.T) {
	home, data := t.TempDir(), dataDir(t)
	out, errOut, code := runCLI(t, "--home", home, "--data", data, "train", "graph_bert-cora", "--small")
	if code != 0 || !strings.Contains(out, "graph_bert-cora: trained") || !strings.Contains(out, "accuracy") {
		t.Fatalf("train: exit %d, %q %q", code, out, errOut)
	}
	out, errOut, code = runCLI(t, "--home", home, "--data", data, "tools", "run", "graph_bert:topic", "--arg", "dataset=cora", "--arg", "node=35")
	if code != 0 || !strings.Contains(out, "Paper 35 of cora is most likely about") || !strings.Contains(out, "probability") {
		t.Fatalf("tools run: exit %d, %q %q", code, out, errOut)
	}
	out, _, code = runCLI(t, "--home", home, "tools", "show", "graph_bert:topic")
	if code != 0 || !strings.Contains(out, "graph_bert-cora, trained") || !strings.Contains(out, "Planetoid-style") {
		t.Fatalf("tools show: exit %d, %q", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--arg", "dataset=cora", "--arg", "node=nope"}, `paper "nope" is not in cora`},
		{[]string{"--arg", "dataset=pubmed", "--arg", "node=1"}, "trained on cora, citeseer"},
		{[]string{"--arg", "node=1"}, `missing parameter "dataset"`},
	} {
		_, errOut, code := runCLI(t, append([]string{"--home", home, "--data", data, "tools", "run", "graph_bert:topic"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if _, errOut, code := runCLI(t, "train", "gcn-cora"); code != exitUsage || !strings.Contains(errOut, "graph_bert-cora") {
		t.Errorf("train of an unknown model: exit %d, %q", code, errOut)
	}
}

func TestFormatTrainBar(t *testing.T) {
	got := formatTrainBar("m", "seed 2", 2, 4, 10*time.Second)
	if !strings.Contains(got, "[==========>         ] 2/4 seed 2") || !strings.Contains(got, "ETA 10s") {
		t.Errorf("bar: %q", got)
	}
	if got := formatTrainBar("m", "done", 4, 4, time.Second); !strings.Contains(got, "done") || strings.Contains(got, "ETA") {
		t.Errorf("finished bar: %q", got)
	}
}
