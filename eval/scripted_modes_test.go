package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
)

// scriptedModes runs suite s both ways against one scripted
// OpenAI-compatible server: --mode direct (the benchmark's prompt alone, to
// which the model replies directReply) and --mode tools with the scripted
// model as the agent's LLM planner, a model that knows each item's gold
// tool and parameters (it names the item's tool when the candidates offer
// it, "none" otherwise, and gives the item's parameters). It returns both
// reports and the compare report. Items are asked one at a time, so the
// server knows which item a tools-mode request is about.
func scriptedModes(t *testing.T, s *Suite, directReply string) (direct, tools *Report, toolsRecs []Record, cmp string) {
	t.Helper()
	ctx := context.Background()
	prompts := map[string]bool{}
	for i := range s.Items {
		prompts[s.Prompt(&s.Items[i])] = true
	}
	var mu sync.Mutex
	var cur *Item
	var directCalls, toolCalls, paramCalls, other int
	srv := llmtest.New(t)
	srv.Handle(func(r llmtest.Request) llmtest.Response {
		mu.Lock()
		defer mu.Unlock()
		switch r.System() {
		case "":
			if !prompts[r.LastUser()] || len(r.Messages) != 1 {
				other++
				return llmtest.Reply("unexpected prompt")
			}
			directCalls++
			return llmtest.Reply(directReply)
		case reasoning.ToolInstruction:
			toolCalls++
			pick := reasoning.NoTool
			if cur != nil {
				enum := toolEnum(r)
				for _, name := range append([]string{cur.Tool}, cur.AltTools...) {
					if name != "" && slices.Contains(enum, name) {
						pick = name
						break
					}
				}
			}
			return llmtest.Reply(fmt.Sprintf(`{"thought": "the benchmark's task", "tool": %q, "then": []}`, pick))
		case reasoning.ParamInstruction:
			paramCalls++
			args := map[string]any{}
			if cur != nil {
				for k, v := range cur.Params {
					args[k] = v
				}
			}
			b, _ := json.Marshal(args)
			return llmtest.Reply(string(b))
		}
		other++ // the analogical fallback of an item no tool answers
		return llmtest.Reply(`{}`)
	})
	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: srv.BaseURL(), Model: "scripted", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()

	direct, err = Run(ctx, s, DirectAsker{Model: p, Prompt: s.Prompt}, RunConfig{Out: t.TempDir(), Concurrency: 2, Backend: "scripted direct", NoCharts: true})
	if err != nil {
		t.Fatal(err)
	}
	if directCalls != len(s.Items) || other != 0 {
		t.Errorf("direct mode: %d calls with the benchmark's prompt alone for %d items, %d other requests", directCalls, len(s.Items), other)
	}
	other = 0
	if direct.Overall.LLMCalls != int64(len(s.Items)) {
		t.Errorf("direct mode: the report counts %d LLM calls for %d items", direct.Overall.LLMCalls, len(s.Items))
	}

	a, err := NewAgent(ctx, s, agent.Config{Planner: p})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	asker := AgentAsker{Agent: a}
	toolsOut := t.TempDir()
	tools, err = Run(ctx, s, AskerFunc(func(ctx context.Context, it *Item) (Outcome, error) {
		mu.Lock()
		cur = it
		mu.Unlock()
		return asker.Ask(ctx, it)
	}), RunConfig{Out: toolsOut, Concurrency: 1, Backend: "scripted tools", NoCharts: true})
	if err != nil {
		t.Fatal(err)
	}
	if toolsRecs, err = ReadResults(filepath.Join(toolsOut, ResultsName)); err != nil {
		t.Fatal(err)
	}
	if toolCalls == 0 || tools.Overall.LLMCalls < int64(toolCalls) {
		t.Errorf("tools mode: %d tool-step calls, the report counts %d LLM calls", toolCalls, tools.Overall.LLMCalls)
	}
	t.Logf("%s: direct %d calls; tools %d tool-step and %d parameter calls, %d other", s.Name, directCalls, toolCalls, paramCalls, other)
	cmp = Compare(direct, tools)
	for _, row := range tools.Rows {
		if !strings.Contains(cmp, "| "+row.Key()+" |") {
			t.Errorf("compare lacks the row %s:\n%s", row.Key(), cmp)
		}
	}
	if !strings.Contains(cmp, "| overall |") || !strings.Contains(cmp, "scripted direct") || !strings.Contains(cmp, "scripted tools") {
		t.Errorf("compare report:\n%s", cmp)
	}
	return direct, tools, toolsRecs, cmp
}

// toolEnum returns the tool names a tool-step request allows.
func toolEnum(r llmtest.Request) []string {
	var s struct {
		Properties struct {
			Tool struct {
				Enum []string `json:"enum"`
			} `json:"tool"`
		} `json:"properties"`
	}
	_ = json.Unmarshal(r.Schema(), &s)
	return s.Properties.Tool.Enum
}

// TestSuitesScriptedModes runs each published benchmark's suite in direct
// mode and in tools mode on the scripted model and compares the two. A
// model that names the gold tool and parameters must score, through the
// agent, what the builtin backend scores: no well-posed item answered
// wrong against the audited gold (an ill-posed one, such as GraCoRe's node
// count with a node no edge shows, is the benchmark's fault); the direct mode's
// fixed reply is scored by the benchmark's own rules (each suite's
// Test*DirectMode checks those verdicts item by item).
func TestSuitesScriptedModes(t *testing.T) {
	for _, c := range []struct {
		name  string
		open  func(t *testing.T) *Suite
		reply string
	}{
		{SuiteGraphWiz, func(t *testing.T) *Suite {
			dir, _ := graphWizFixture(t, 13, 3)
			return openSuite(t, SuiteConfig{Name: SuiteGraphWiz, Path: dir})
		}, "Let's think step by step. ### Yes"},
		{SuiteGraCoRe, func(t *testing.T) *Suite {
			dir, _ := graCoReFixture(t, 13, 2)
			return openSuite(t, SuiteConfig{Name: SuiteGraCoRe, Path: dir})
		}, "Yes"},
		{SuiteGraphQA, func(t *testing.T) *Suite {
			dir, _ := graphQAFixture(t, 13, 2)
			return openSuite(t, SuiteConfig{Name: SuiteGraphQA, Path: dir, Modes: gqFixtureEncoders[:2]})
		}, "The answer is 3."},
		{SuiteGraphOmni, func(t *testing.T) *Suite {
			dir, _ := graphOmniFixture(t, 13, 3)
			return openSuite(t, SuiteConfig{Name: SuiteGraphOmni, Path: dir})
		}, "<answer>3</answer>"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.open(t)
			direct, tools, recs, cmp := scriptedModes(t, s, c.reply)
			t.Logf("%s, %d items: direct %.1f%%, tools %.1f%% (wrong %d, refused %d)\n%s", c.name, len(s.Items),
				100*direct.Overall.Accuracy, 100*tools.Overall.Accuracy, tools.Overall.Wrong, tools.Overall.Refused, cmp)
			byID := map[string]*Item{}
			for i := range s.Items {
				byID[s.Items[i].ID] = &s.Items[i]
			}
			for _, r := range recs {
				if it := byID[r.ID]; !r.Correct && !r.Refused && (it.Audit == nil || it.Audit.Status != AuditIllPosed) {
					t.Errorf("%s: wrong in tools mode (%s)", r.ID, r.Reason)
				}
			}
			if tools.Overall.Accuracy <= direct.Overall.Accuracy {
				t.Errorf("tools mode %.3f is not above direct mode %.3f", tools.Overall.Accuracy, direct.Overall.Accuracy)
			}
		})
	}
}

// openSuite opens a suite or fails the test.
func openSuite(t *testing.T, cfg SuiteConfig) *Suite {
	t.Helper()
	s, err := OpenSuite(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
