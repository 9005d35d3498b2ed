package eval

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools/dataset"
)

// TestAnalogSuites runs a seeded sample of each analogy suite and checks the
// report's arithmetic: confusion matrix, per-class counts and calibration
// bins agree with the items, and no test item is in memory.
func TestAnalogSuites(t *testing.T) {
	for _, suite := range []string{SuiteCiteseerNC, SuiteDrugMechDBLP} {
		t.Run(suite, func(t *testing.T) {
			rep, items, err := RunAnalog(context.Background(), AnalogConfig{Suite: suite, Open: dataset.OpenShipped, Seed: 1, N: 40})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Items != 40 || len(items) != 40 || rep.TestInMemory != 0 || rep.Memory == 0 {
				t.Fatalf("report %+v", rep)
			}
			diag, total, binned := 0, 0, 0
			for g, row := range rep.Confusion {
				for a, n := range row {
					total += n
					if a == g {
						diag += n
					}
				}
			}
			for _, b := range rep.Calibration {
				binned += b.Items
			}
			right := 0
			for _, it := range items {
				if it.Correct {
					right++
				}
				if it.Error == "" && (it.Rule == "" || it.Explanation == "") {
					t.Fatalf("item without explanation: %+v", it)
				}
			}
			if diag != rep.Correct || right != rep.Correct || total != 40 || binned != 40-rep.Errors {
				t.Fatalf("diag %d, right %d, correct %d, total %d, binned %d", diag, right, rep.Correct, total, binned)
			}
			if rep.Accuracy < 0.6 {
				t.Fatalf("accuracy %.2f on the sample", rep.Accuracy)
			}
			md := rep.Markdown()
			if !strings.Contains(md, "Confusion matrix") || !strings.Contains(md, "Calibration") {
				t.Fatal(md)
			}
			png := filepath.Join(t.TempDir(), "r.png")
			if err := rep.ReliabilityChart(png); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(png)
			if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
				t.Fatalf("reliability chart: %v", err)
			}
		})
	}
	if _, _, err := RunAnalog(context.Background(), AnalogConfig{Suite: "pubmed-nc", Open: dataset.OpenShipped}); err == nil {
		t.Fatal("unknown suite accepted")
	}
}

// TestAnalogSuiteLLM: the LLM reasoner makes two calls per item.
func TestAnalogSuiteLLM(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(req llmtest.Request) llmtest.Response {
		if strings.Contains(req.System(), "identify the reasons") {
			return llmtest.Reply("1. Drugs act on proteins on their mechanism paths.")
		}
		return llmtest.Reply(`{"answer": "yes", "explanation": "e", "confidence": 0.7}`)
	})
	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: srv.BaseURL(), Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	rep, items, err := RunAnalog(context.Background(), AnalogConfig{Suite: SuiteDrugMechDBLP, Open: dataset.OpenShipped, Seed: 1, N: 4, LLM: analog.NewLLM(p)})
	if err != nil {
		t.Fatal(err)
	}
	yes := 0
	for _, it := range items {
		if it.Gold == "yes" {
			yes++
		}
	}
	if rep.Backend != "llm" || rep.Items != 4 || srv.Calls() != 8 || rep.Correct != yes {
		t.Fatalf("report %+v after %d calls", rep, srv.Calls())
	}
}
