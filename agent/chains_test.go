package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools/graph"
)

// chainItem is one multi-step question of testdata/chains/questions.jsonl,
// answered by NetworkX (make_chains.py).
type chainItem struct {
	ID       string          `json:"id"`
	Graph    string          `json:"graph"`
	Question string          `json:"question"`
	Tools    []string        `json:"tools"`
	Check    string          `json:"check"`
	Answer   json.RawMessage `json:"answer"`
}

func loadChainItems(t *testing.T) []chainItem {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "chains", "questions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var items []chainItem
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var it chainItem
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatal(err)
		}
		items = append(items, it)
	}
	return items
}

// checkChainAnswer compares the agent's value with NetworkX's answer.
func checkChainAnswer(it chainItem, value any) error {
	b, err := json.Marshal(value)
	if err != nil {
		return err
	}
	switch it.Check {
	case "number":
		var got, want float64
		if err := json.Unmarshal(b, &got); err != nil {
			return fmt.Errorf("value %s is not a number", b)
		}
		json.Unmarshal(it.Answer, &want)
		if math.Abs(got-want) > 1e-6*max(1, math.Abs(want)) {
			return fmt.Errorf("got %v, NetworkX %v", got, want)
		}
	case "bool":
		if string(b) != string(it.Answer) {
			return fmt.Errorf("got %s, NetworkX %s", b, it.Answer)
		}
	case "set":
		var got, want []string
		if err := json.Unmarshal(b, &got); err != nil {
			return fmt.Errorf("value %s is not a node list", b)
		}
		json.Unmarshal(it.Answer, &want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return fmt.Errorf("got %v, NetworkX %v", got, want)
		}
	case "components", "triangles":
		var got struct {
			Count     *int `json:"count"`
			Triangles *int `json:"triangles"`
		}
		var want int
		json.Unmarshal(b, &got)
		json.Unmarshal(it.Answer, &want)
		n := got.Count
		if it.Check == "triangles" {
			n = got.Triangles
		}
		if n == nil || *n != want {
			return fmt.Errorf("got %s, NetworkX %d", b, want)
		}
	default:
		return fmt.Errorf("unknown check %q", it.Check)
	}
	return nil
}

// chainFloor is the ratchet of TestChainQuestions: how many of the
// questions the builtin backend answered correctly with the expected plan
// when it was last raised (the target is at least 90%).
const chainFloor = 61

// TestChainQuestions asks the multi-step questions with the builtin
// backend: a question counts as correct when it is planned as the chain
// written beside it and answered as NetworkX answers. The count may not
// fall below chainFloor (nor below 90%).
func TestChainQuestions(t *testing.T) {
	items := loadChainItems(t)
	if len(items) < 40 {
		t.Fatalf("%d questions, want at least 40", len(items))
	}
	a := newDataAgent(t, filepath.Join("testdata", "chains"))
	correct := 0
	answered, tied := 0, 0
	for _, it := range items {
		ans, err := a.Ask(context.Background(), it.Question)
		if it.Check == "tied" {
			// Several nodes share the score the question selects by:
			// the agent must plan the chain, then decline, naming them.
			tied++
			switch {
			case err == nil:
				t.Logf("%s %q: answered %v; NetworkX finds the selection tied", it.ID, it.Question, ans.Value)
			case ans == nil || ans.Chain == nil || !slices.Equal(ans.Chain.Tools(), it.Tools):
				t.Logf("%s %q: plan %v, want %v (%v)", it.ID, it.Question, ans.Chain, it.Tools, err)
			case !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "not determined"):
				t.Logf("%s %q: declined for another reason: %v", it.ID, it.Question, err)
			default:
				correct++
			}
			continue
		}
		answered++
		switch {
		case err != nil:
			t.Logf("%s %q: %v", it.ID, it.Question, err)
		case ans.Chain == nil:
			t.Logf("%s %q: answered without a chain (tool %s): %s", it.ID, it.Question, ans.Tool, ans.Answer)
		case !slices.Equal(ans.Chain.Tools(), it.Tools):
			t.Logf("%s %q: plan %v, want %v", it.ID, it.Question, ans.Chain.Tools(), it.Tools)
		default:
			if cerr := checkChainAnswer(it, ans.Value); cerr != nil {
				t.Logf("%s %q: %v\n%s", it.ID, it.Question, cerr, ans.Chain)
				continue
			}
			correct++
		}
	}
	t.Logf("chain questions: %d of %d correct (%.1f%%): %d with an answer, %d whose selection is tied (to be declined)",
		correct, len(items), 100*float64(correct)/float64(len(items)), answered, tied)
	if answered < 40 {
		t.Errorf("only %d questions have an answer, want at least 40", answered)
	}
	if correct < chainFloor || float64(correct) < 0.9*float64(len(items)) {
		t.Errorf("%d of %d correct, below the floor of %d (or 90%%); the misses are logged above", correct, len(items), chainFloor)
	}
}

// TestChainQuestionsCurrent re-runs make_chains.py: the questions,
// generated graphs and NetworkX's answers in testdata must be what the
// script writes.
func TestChainQuestionsCurrent(t *testing.T) {
	dir := filepath.Join("testdata", "chains")
	files := []string{"questions.jsonl", "gen_undirected.edgelist", "gen_directed.edgelist"}
	before := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		before[f] = string(b)
	}
	tmp := t.TempDir()
	script, _ := os.ReadFile(filepath.Join(dir, "make_chains.py"))
	// The script writes beside itself and reads datasets/ relative to it.
	abs, _ := filepath.Abs(filepath.Join("..", "datasets"))
	src := strings.Replace(string(script), `DATASETS = os.path.join(HERE, "..", "..", "..", "datasets")`, fmt.Sprintf("DATASETS = %q", abs), 1)
	os.WriteFile(filepath.Join(tmp, "make_chains.py"), []byte(src), 0o644)
	out, err := exec.Command("python3", filepath.Join(tmp, "make_chains.py")).CombinedOutput()
	if err != nil {
		t.Fatalf("make_chains.py: %v\n%s", err, out)
	}
	for _, f := range files {
		b, _ := os.ReadFile(filepath.Join(tmp, f))
		if string(b) != before[f] {
			t.Errorf("testdata/chains/%s is not what make_chains.py writes now; run it again", f)
		}
	}
}

// TestLLMChain: with an LLM planner, a multi-step question is planned by
// the model as a JSON chain (one call), checked and run by the agent; a
// model that plans no chain leaves the question to the single-tool path.
func TestLLMChain(t *testing.T) {
	srv := llmtest.New(t)
	sb, err := graph.NewSandbox(dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	a := newLLMAgent(t, srv, sb, nil)
	srv.Enqueue(llmtest.Reply(`{"thought": "rank, pick two, path", "steps": [
 {"tool": "pagerank"},
 {"tool": "top_nodes", "args": {"k": 2}, "inputs": {"scores": {"step": 1}}},
 {"tool": "shortest_path_length", "inputs": {"source": {"step": 2, "index": 0}, "target": {"step": 2, "index": 1}}}]}`))
	ans, err := a.Ask(context.Background(), "What is the shortest path length between the two highest-PageRank nodes in karate/edges.tsv?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Chain == nil || strings.Join(ans.Chain.Tools(), " ") != "pagerank top_nodes shortest_path_length" || fmt.Sprint(ans.Value) != "2" || srv.Calls() != 1 {
		t.Fatalf("chain %v, value %v, %d calls: %s", ans.Chain, ans.Value, srv.Calls(), ans.Answer)
	}
	steps := 0
	for _, ev := range ans.Trace {
		if strings.HasPrefix(ev.Step, "step ") {
			steps++
		}
	}
	if steps != 3 {
		t.Errorf("%d step events in the trace, want 3", steps)
	}
	// Refused: the single-tool path asks the model for the tool and its
	// arguments.
	srv.Enqueue(
		llmtest.Reply(`{"thought": "one tool", "steps": []}`),
		llmtest.Reply(`{"thought": "", "tool": "degree", "then": []}`),
		llmtest.Reply(`{"node": "33"}`),
	)
	// (The node is named: a node the question does not name is not taken
	// from the model, see TestLLMPlausibleMistakes.)
	ans, err = a.Ask(context.Background(), "What is the degree of node 33, the highest-PageRank node in karate/edges.tsv?")
	if err != nil || ans.Chain != nil || ans.Tool != "degree" || srv.Calls() != 4 {
		t.Fatalf("after a refusal: %v, chain %v, tool %s, %d calls", err, ans.Chain, ans.Tool, srv.Calls())
	}
}
