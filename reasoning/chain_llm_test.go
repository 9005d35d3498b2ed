package reasoning

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools"
)

func chainCandidates() []Candidate {
	var cs []Candidate
	for _, s := range tools.Catalogue().Specs() {
		cs = append(cs, Candidate{Tool: s})
	}
	return cs
}

const validChainAnswer = `{"thought": "rank, pick two, path", "steps": [
 {"tool": "pagerank"},
 {"tool": "top_nodes", "args": {"k": 2, "order": "highest"}, "inputs": {"scores": {"step": 1}}},
 {"tool": "shortest_path", "inputs": {"source": {"step": 2, "index": 0}, "target": {"step": 2, "index": 1}}}]}`

func TestLLMPlanChainValid(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply(validChainAnswer))
	p := newLLMTestPlanner(t, s, nil)
	c, err := p.PlanChain(context.Background(), ChainRequest{Question: "the shortest path between the two highest-PageRank nodes", Candidates: chainCandidates()})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.Tools(), " "); got != "pagerank top_nodes shortest_path" {
		t.Errorf("plan %s", got)
	}
	if in := c.Steps[2].Inputs["target"]; in.Step != 2 || in.Index == nil || *in.Index != 1 {
		t.Errorf("target fed by %+v", in)
	}
	req := s.Requests()[0]
	if !strings.Contains(string(req.Schema()), `"top_nodes"`) {
		t.Errorf("schema lacks the operations: %s", req.Schema())
	}
	if !strings.Contains(req.System(), "EARLIER step") || !strings.Contains(req.LastUser(), "remove_self_loops") {
		t.Errorf("request lacks the instruction or operations:\n%s\n%s", req.System(), req.LastUser())
	}
	checkUsage(t, s, p.Usage())
}

// TestLLMPlanChainRepairedOnce: a plan that feeds a step from a later one
// is sent back with the reason, once; the corrected plan is used.
func TestLLMPlanChainRepairedOnce(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(
		llmtest.Reply(`{"thought": "", "steps": [{"tool": "top_nodes", "inputs": {"scores": {"step": 2}}}, {"tool": "pagerank"}]}`),
		llmtest.Reply(validChainAnswer),
	)
	p := newLLMTestPlanner(t, s, nil)
	c, err := p.PlanChain(context.Background(), ChainRequest{Question: "q", Candidates: chainCandidates()})
	if err != nil || len(c.Steps) != 3 {
		t.Fatalf("%s, %v", c, err)
	}
	reqs := s.Requests()
	if len(reqs) != 2 || !strings.Contains(reqs[1].LastUser(), "only earlier steps") {
		t.Fatalf("%d calls; repair prompt %q", len(reqs), reqs[len(reqs)-1].LastUser())
	}
	if u := p.Usage(); u.Repairs != 1 {
		t.Errorf("usage %+v", u)
	}
	// Wrong twice: the error says what was wrong, after one repair.
	s.Enqueue(
		llmtest.Reply(`{"thought": "", "steps": [{"tool": "pagerank"}, {"tool": "degree", "inputs": {"node": {"step": 1}}}]}`),
		llmtest.Reply(`{"thought": "", "steps": [{"tool": "teleport"}, {"tool": "pagerank"}]}`),
	)
	if _, err := p.PlanChain(context.Background(), ChainRequest{Question: "q", Candidates: chainCandidates()}); !errors.Is(err, ErrBadChain) || !strings.Contains(err.Error(), "after one repair") {
		t.Errorf("twice invalid: %v", err)
	}
	s.Enqueue(llmtest.Reply(`{"thought": "", "steps": [{"tool": "pagerank", "extra": 1}, {"tool": "diameter"}]}`), llmtest.Reply(`not json`))
	if _, err := p.PlanChain(context.Background(), ChainRequest{Question: "q", Candidates: chainCandidates()}); !errors.Is(err, ErrSyntax) {
		t.Errorf("unknown field, then prose: %v", err)
	}
}

// TestLLMPlanChainRefused: a model that plans no chain is not repaired;
// the single-tool path answers.
func TestLLMPlanChainRefused(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply(`{"thought": "one tool answers this", "steps": []}`))
	p := newLLMTestPlanner(t, s, nil)
	if _, err := p.PlanChain(context.Background(), ChainRequest{Question: "what is the diameter", Candidates: chainCandidates()}); !errors.Is(err, ErrNotChain) {
		t.Fatalf("refusal: %v, want ErrNotChain", err)
	}
	if s.Calls() != 1 {
		t.Errorf("%d calls, want 1 (no repair of a refusal)", s.Calls())
	}
	s.Enqueue(llmtest.Status(500), llmtest.Status(500), llmtest.Status(500), llmtest.Status(500))
	if _, err := p.PlanChain(context.Background(), ChainRequest{Question: "q", Candidates: chainCandidates()}); !errors.Is(err, ErrServer) {
		t.Errorf("server down: %v", err)
	}
}
