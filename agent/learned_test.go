package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/learned"
)

// topicDouble stands in for graph_bert:topic: it answers topic for every
// paper but "404", which is not in the dataset. The combination rule is
// under test here, not the model (tools/learned tests that).
func topicDouble(topic string, prob float64) tools.Tool {
	return tools.New(tools.Spec{Name: "graph_bert:topic", Description: "test double", Family: "learned"},
		func(_ context.Context, _ *graph.Graph, p learned.TopicParams) (tools.Result, error) {
			if p.Node == "404" {
				return tools.Result{}, fmt.Errorf("paper %q is not in %s: %w", p.Node, p.Dataset, learned.ErrUnknownItem)
			}
			t := learned.Topic{Dataset: p.Dataset, Node: string(p.Node), Topic: topic, Probability: prob, Model: "graph_bert-" + p.Dataset, ModelAccuracy: 0.811}
			return tools.Result{Value: t, Text: fmt.Sprintf("Paper %s of %s is most likely about %s.", p.Node, p.Dataset, topic)}, nil
		})
}

// analogyDouble stands in for the analogical reasoner: it reads topic
// questions about cora and gives ans (or err).
type analogyDouble struct {
	ans      analog.Answer
	err      error
	accuracy float64
	asked    int
}

func (d *analogyDouble) Reads(q string) bool { return strings.Contains(q, "cora") }

func (d *analogyDouble) Answer(context.Context, string) (*analog.Answer, bool, error) {
	d.asked++
	if d.err != nil {
		return nil, true, d.err
	}
	a := d.ans
	return &a, true, nil
}

// TestAccuracy is the measured accuracy the combined answer states.
func (d *analogyDouble) TestAccuracy(string) (float64, bool) { return d.accuracy, d.accuracy > 0 }

// learnedDouble is a registry of learned tools whose models are all
// trained, or none.
type learnedDouble struct {
	*tools.Registry
	trained bool
}

func (l learnedDouble) Trained(string, string) bool { return l.trained }

func learnedAgent(t *testing.T, topic tools.Tool, labelled LabelledReasoner) *Agent {
	t.Helper()
	return learnedAgentTrained(t, topic, labelled, true)
}

func learnedAgentTrained(t *testing.T, topic tools.Tool, labelled LabelledReasoner, trained bool) *Agent {
	t.Helper()
	tr, err := tools.NewRegistry(topic)
	if err != nil {
		t.Fatal(err)
	}
	reg := learnedDouble{tr, trained}
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(context.Background(), Config{Memory: store, Learned: reg, Labelled: labelled})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestLearnedAndAnalogyCombined checks the rule for a question both the
// trained model and the analogical reasoner answer: agreement is one
// answer naming both with their measured accuracies; disagreement states
// both and is not sure (ErrNoAnswer, exit 1) — never one confident answer
// hiding the other; a solved example's label is the answer, with the
// model's prediction beside it.
func TestLearnedAndAnalogyCombined(t *testing.T) {
	const q = "What is paper 35 of cora about?"
	cases := []struct {
		name      string
		model     string
		analogy   analog.Answer
		wantErr   error
		wantTopic string
		says      []string
	}{
		{"agree", "Neural_Networks", analog.Answer{Label: "Neural_Networks", Confidence: 0.7, Method: "builtin"}, nil, "Neural_Networks",
			[]string{"The topic of paper 35 in cora is Neural_Networks", "graph_bert-cora", "test accuracy 81.1%", "confidence 0.70", "test accuracy 88.1%", "agrees"}},
		{"disagree", "Neural_Networks", analog.Answer{Label: "Theory", Confidence: 0.9, Method: "builtin"}, ErrNoAnswer, "",
			[]string{"not sure", "says Neural_Networks", "test accuracy 81.1%", "says Theory", "confidence 0.90", "test accuracy 88.1%"}},
		{"disagree with an unsure analogy", "Neural_Networks", analog.Answer{Label: "Theory", Confidence: 0.3, Unsure: true, Method: "builtin"}, ErrNoAnswer, "",
			[]string{"not sure", "says Theory"}},
		{"agree with an unsure analogy", "Theory", analog.Answer{Label: "theory", Confidence: 0.3, Unsure: true, Method: "builtin"}, nil, "Theory",
			[]string{"is Theory", "leans the same way, below its threshold"}},
		{"analogy undecided", "Theory", analog.Answer{Confidence: 0.2, Unsure: true, Method: "builtin"}, nil, "Theory",
			[]string{"is Theory", "does not decide"}},
		{"known label, model disagrees", "Theory", analog.Answer{Label: "Case_Based", Known: true, Confidence: 1, Method: "builtin"}, nil, "Case_Based",
			[]string{"is Case_Based (a solved example in memory", "says Theory", "instead"}},
		{"known label, model agrees", "Case_Based", analog.Answer{Label: "Case_Based", Known: true, Confidence: 1, Method: "builtin"}, nil, "Case_Based",
			[]string{"is Case_Based (a solved example in memory", "predicts it too"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &analogyDouble{ans: c.analogy, accuracy: 0.881}
			a := learnedAgent(t, topicDouble(c.model, 0.8), d)
			ans, err := a.Ask(context.Background(), q)
			if !errors.Is(err, c.wantErr) || (c.wantErr == nil && err != nil) {
				t.Fatalf("error %v, want %v (answer %q)", err, c.wantErr, ans.Answer)
			}
			ct, ok := ans.Value.(CombinedTopic)
			if !ok || d.asked != 1 || ans.Tool != "graph_bert:topic" {
				t.Fatalf("value %T %+v, analogy asked %d times, tool %q", ans.Value, ans.Value, d.asked, ans.Tool)
			}
			if ct.Topic != c.wantTopic || ct.Unsure != (c.wantErr != nil) || ct.Analogy == nil || ct.Model.Topic != c.model || ct.AnalogyAccuracy != 0.881 {
				t.Errorf("combined %+v, want topic %q", ct, c.wantTopic)
			}
			if ct.Unsure && ct.Confidence > min(0.8, c.analogy.Confidence) {
				t.Errorf("disagreement with confidence %.2f, above both answers'", ct.Confidence)
			}
			for _, s := range c.says {
				if !strings.Contains(ans.Answer, s) {
					t.Errorf("answer %q lacks %q", ans.Answer, s)
				}
			}
		})
	}
}

// TestLearnedQuestions: a question for a learned tool is answered by it;
// an analogy failure leaves the model's answer alone (the trace says so);
// an unknown paper is bad input; questions the learned tools do not read
// (and, without learned tools, all of them) go on to the other steps.
func TestLearnedQuestions(t *testing.T) {
	d := &analogyDouble{err: errors.New("memory unavailable")}
	a := learnedAgent(t, topicDouble("Theory", 0.8), d)
	ans, err := a.Ask(context.Background(), "What is the topic of paper 35 in cora?")
	if err != nil || ans.Answer != "Paper 35 of cora is most likely about Theory." || ans.Tool != "graph_bert:topic" || string(ans.Args) != `{"dataset":"cora","node":"35"}` {
		t.Fatalf("%v: %+v", err, ans)
	}
	if !strings.Contains(fmt.Sprint(ans.Trace), "could not reason; the trained model's answer stands alone") {
		t.Errorf("trace does not say the analogy failed: %+v", ans.Trace)
	}
	if _, err := a.Ask(context.Background(), "What is the topic of paper 404 in cora?"); !errors.Is(err, ErrBadInput) || !strings.Contains(err.Error(), `paper "404" is not in cora`) {
		t.Errorf("unknown paper: %v", err)
	}
	// The molecule tool is not in this registry: the question is not taken.
	if ans, err := a.Ask(context.Background(), "What is the function of molecule 12 in mutag?"); err == nil && ans.Tool == "seg_bert:molecule_function" {
		t.Errorf("answered by a tool the agent does not have: %+v", ans)
	}
	// A question with its graph goes to the exact tools.
	if ans, err := a.Ask(context.Background(), "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?"); err != nil || ans.Tool == "graph_bert:topic" {
		t.Errorf("graph question: %v %+v", err, ans)
	}
}

// TestUntrainedModelLeavesAnalogy: when the model is not trained and the
// analogical reasoner reads the question, the reasoner answers alone (no
// minutes of training inside a question) and the trace says how to add the
// model; a question only the model answers still trains it (the tool does,
// on demand).
func TestUntrainedModelLeavesAnalogy(t *testing.T) {
	d := &analogyDouble{ans: analog.Answer{Dataset: "cora", Item: "35", Label: "Theory", Confidence: 0.9, Method: "builtin"}}
	a := learnedAgentTrained(t, topicDouble("Neural_Networks", 0.8), d, false)
	ans, err := a.Ask(context.Background(), "What is paper 35 of cora about?")
	if err != nil || ans.Tool != ToolAnalogy || d.asked != 1 {
		t.Fatalf("%v: tool %q, analogy asked %d times: %+v", err, ans.Tool, d.asked, ans)
	}
	if !strings.Contains(fmt.Sprint(ans.Trace), "graphagent train graph_bert:topic") {
		t.Errorf("the trace does not say how to add the model: %+v", ans.Trace)
	}
	// Without the reasoner, the tool answers (and would train its model).
	a = learnedAgentTrained(t, topicDouble("Neural_Networks", 0.8), nil, false)
	if ans, err := a.Ask(context.Background(), "What is paper 35 of cora about?"); err != nil || ans.Tool != "graph_bert:topic" {
		t.Errorf("%v: %+v", err, ans)
	}
}

// TestAskLeavesOutPromptExamples: imported Graph-ToolFormer prompts (a
// sentence and its API calls) are not solved questions, so ask's example
// search leaves them out even when one is the question itself.
func TestAskLeavesOutPromptExamples(t *testing.T) {
	ctx := context.Background()
	const q = "What is the density of the graph with edges 0-1, 1-2, 2-0, 2-3?"
	s, err := memory.NewInMemory(memory.DefaultEmbedder([]string{q}))
	if err != nil {
		t.Fatal(err)
	}
	prompt := memory.Example{Question: q, Answer: `[GR(GL("gpr", {"bull_graph"}), "toolx:density")-->r]`, Source: memory.SourceGraphToolFormer}
	solved := memory.Example{Question: "What is the density of the graph with edges 0-1, 1-2?", Tool: "density", Args: json.RawMessage(`{}`), Answer: "1.0", Source: memory.SourceUser}
	if err := s.AddExamples(ctx, []memory.Example{prompt, solved}); err != nil {
		t.Fatal(err)
	}
	hits, err := s.SearchExamples(ctx, q, solvedExamples(5))
	if err != nil || len(hits) != 1 || hits[0].Source != memory.SourceUser {
		t.Fatalf("%v: %+v", err, hits)
	}
	if all, _ := s.SearchExamples(ctx, q, memory.ExampleQuery{K: 5}); len(all) != 2 {
		t.Fatalf("without the filter both examples are found: %+v", all)
	}
	a, err := New(ctx, Config{Memory: s})
	if err != nil {
		t.Fatal(err)
	}
	ans, err := a.Ask(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range ans.Trace {
		if ev.Step == "examples" && strings.Contains(ev.Detail, "similar solved example") && !strings.Contains(ev.Detail, "1 similar solved example(s)") {
			t.Errorf("examples step %q: the prompt example was searched", ev.Detail)
		}
	}
}

// TestUntrainedModelOutOfTime: a model trained on demand inside a question
// that runs out of time says to train it first, naming the command; a
// trained model that runs out of time says nothing of training.
func TestUntrainedModelOutOfTime(t *testing.T) {
	slow := tools.New(tools.Spec{Name: "graph_bert:topic", Description: "test double: trains until the deadline", Family: "learned"},
		func(ctx context.Context, _ *graph.Graph, _ learned.TopicParams) (tools.Result, error) {
			<-ctx.Done()
			return tools.Result{}, fmt.Errorf("training graph_bert-cora: %w", ctx.Err())
		})
	for _, trained := range []bool{false, true} {
		a := learnedAgentTrained(t, slow, nil, trained)
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err := a.Ask(ctx, "What is paper 35 of cora about?")
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("trained %v: %v, want the deadline", trained, err)
		}
		if says := strings.Contains(fmt.Sprint(err), "run 'graphagent train graph_bert-cora' first"); says == trained {
			t.Errorf("trained %v: %v", trained, err)
		}
	}
}
