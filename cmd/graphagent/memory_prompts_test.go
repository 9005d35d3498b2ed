package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/memory/seed"
	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/reasoning/statement"
	"github.com/graphagent/graphagent/tools"
)

const promptLines = `Input: The size of the diamond graph is [TBR]. Output: The size of the diamond graph is [GR(GL("gpr", {"diamond_graph"}), "toolx:size")-->r]. Reasoning Result: 5.
Input: What is the radius of the star graph? Output: The radius of the star graph is [GR(GL("gpr", {"star_graph"}), "toolx:radius")-->r]. Reasoning Result: 1.

Input: The brain connectome graph models regions. Output: The [GL("brain-connectome-graph", "all regions", "all fibers")] brain connectome graph models regions. generated_data_loading_prompt_data_41_03-26-2023-15:16:27
`

// TestMemoryImportPrompts imports Graph-ToolFormer prompt lines, plain and
// gzip-compressed, and finds them as examples of their own source.
func TestMemoryImportPrompts(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "prompts_train")
	if err := os.WriteFile(plain, []byte(promptLines), 0o644); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(strings.ReplaceAll(promptLines, "diamond", "bull")))
	zw.Close()
	packed := filepath.Join(dir, "prompts_train.gz")
	if err := os.WriteFile(packed, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	for _, f := range []string{plain, packed} {
		out, errOut, code := runCLI(t, "--home", home, "memory", "import", f)
		if code != 0 || !strings.Contains(out, "imported 3 examples") {
			t.Fatalf("import %s: exit %d: %s %s", f, code, out, errOut)
		}
	}
	out, errOut, code := runCLI(t, "--home", home, "memory", "search", "radius of the star graph", "--source", promptSource, "--k", "1", "--json")
	if code != 0 {
		t.Fatalf("search: exit %d: %s", code, errOut)
	}
	var hits []memory.ExampleHit
	if err := json.Unmarshal([]byte(out), &hits); err != nil || len(hits) != 1 {
		t.Fatalf("search output %q: %v", out, err)
	}
	h := hits[0]
	if h.Question != "What is the radius of the star graph?" || !strings.Contains(h.Answer, `"toolx:radius")-->r]`) || string(h.Value) != `"1"` {
		t.Errorf("imported example: %+v", h)
	}
	// The second file differs in its first line only: the lines both files
	// hold (the radius one, the data loading one without a result) are kept
	// once, so 4 examples.
	if st := memStats(t, home); st.BySource[promptSource] != 4 {
		t.Errorf("%d prompt examples in memory, want 4 (the repeated lines once)", st.BySource[promptSource])
	}
}

func TestMemoryImportPromptsBadLine(t *testing.T) {
	f := filepath.Join(t.TempDir(), "prompts")
	os.WriteFile(f, []byte(promptLines+"Input: no output marker here\n"), 0o644)
	_, errOut, code := runCLI(t, "--home", t.TempDir(), "memory", "import", f)
	if code != exitUsage || !strings.Contains(errOut, "line 5") || !strings.Contains(errOut, "Output") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

// TestMemoryExamplesSource reads few-shot examples from memory, and from
// the fallback when memory holds no prompts.
func TestMemoryExamplesSource(t *testing.T) {
	ctx := context.Background()
	store, err := seed.Open(ctx, t.TempDir(), tools.Catalogue(), nil, seed.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	fallback := fixedExamples{{Input: "fallback", Output: "[GL(\"cora\")]"}}
	src := memoryExamples{store: store, fallback: fallback}
	got, err := src.SimilarExamples(ctx, "radius of the star graph", 2)
	if err != nil || len(got) != 1 || got[0].Input != "fallback" {
		t.Fatalf("empty memory: %v %v", got, err)
	}
	r, _, err := importReader(strings.NewReader(promptLines), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Import(ctx, r, memory.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err = src.SimilarExamples(ctx, "radius of the star graph", 2)
	if err != nil || len(got) != 2 || got[0].Input != "What is the radius of the star graph?" {
		t.Fatalf("memory: %+v %v", got, err)
	}
}

// fixedExamples is an ExampleSource that always returns itself.
type fixedExamples []statement.Example

func (f fixedExamples) SimilarExamples(context.Context, string, int) ([]statement.Example, error) {
	return f, nil
}

// TestRunLLMTranslates runs a [TBR] sentence with --llm: the few-shot
// examples are the prompts imported into memory, the model's first
// statement is malformed and repaired once, and the repaired statement runs.
func TestRunLLMTranslates(t *testing.T) {
	home := t.TempDir()
	f := filepath.Join(t.TempDir(), "prompts_train")
	os.WriteFile(f, []byte(promptLines), 0o644)
	if _, errOut, code := runCLI(t, "--home", home, "memory", "import", f); code != 0 {
		t.Fatalf("import: %s", errOut)
	}
	s := llmtest.New(t)
	s.Enqueue(
		llmtest.Reply(`The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhardt_kite_graph"}) "toolx:size")-->r].`),
		llmtest.Reply(`The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhardt_kite_graph"}), "toolx:size")-->r].`),
	)
	out, errOut, code := runCLI(t, "--home", home, "--llm", s.BaseURL(), "--model", "m", "run", "The size of the krackhardt kite graph is [TBR].")
	if code != 0 || out != "The size of the krackhardt kite graph is 18.\n" {
		t.Fatalf("exit %d: %q %s", code, out, errOut)
	}
	reqs := s.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2 (one repair)", len(reqs))
	}
	if first := reqs[0].LastUser(); !strings.Contains(first, "Input: The size of the diamond graph is [TBR]. Output:") {
		t.Errorf("the few-shot examples are not the imported prompts:\n%s", first)
	}
	if !strings.Contains(reqs[1].LastUser(), "It was rejected:") {
		t.Errorf("no repair prompt:\n%s", reqs[1].LastUser())
	}

	// A model that refuses twice: exit 1, saying why.
	s.Enqueue(llmtest.Reply("I cannot do that."), llmtest.Reply("No."))
	_, errOut, code = runCLI(t, "--home", home, "--llm", s.BaseURL(), "--model", "m", "run", "The size of the krackhardt kite graph is [TBR].")
	if code != exitNoAnswer || !strings.Contains(errOut, "after one repair") {
		t.Fatalf("refusal: exit %d: %s", code, errOut)
	}
}
