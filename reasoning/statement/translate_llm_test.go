package statement

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
)

// llmTranslator is an LLMTranslator whose model is the LLM planner talking
// to the scripted server, and whose few-shot examples come from the builtin
// translator's retrieval.
func llmTranslator(t *testing.T, s *llmtest.Server) *LLMTranslator {
	t.Helper()
	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: s.BaseURL(), Model: "test-model",
		Timeout: 2 * time.Second, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return &LLMTranslator{Model: p, Examples: fullTranslator(t), FewShot: 4}
}

const kiteSentence = "The size of the krackhardt kite graph is [TBR]."

const kiteStatement = `The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhardt_kite_graph"}), "toolx:size")-->r].`

func TestLLMTranslatorAnswers(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply("Output: " + kiteStatement))
	st, err := llmTranslator(t, s).Translate(context.Background(), kiteSentence)
	if err != nil {
		t.Fatal(err)
	}
	if st.String() != kiteStatement {
		t.Errorf("got %s", st)
	}
	reqs := s.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	user := reqs[0].LastUser()
	if !strings.HasSuffix(user, "Input: "+kiteSentence+" Output:") {
		t.Errorf("the prompt does not end with the sentence:\n%s", user)
	}
	// The few-shot examples are the most similar training sentences: a
	// "The size of the … is [TBR]." one among them.
	if strings.Count(user, "Input: ") != 5 || !strings.Contains(user, `"toolx:size")-->r]`) {
		t.Errorf("want 4 examples including a size statement:\n%s", user)
	}
	if !strings.Contains(reqs[0].System(), "Graph-ToolFormer") {
		t.Errorf("system prompt: %s", reqs[0].System())
	}
}

func TestLLMTranslatorRepairsOnce(t *testing.T) {
	s := llmtest.New(t)
	// A parenthesis missing after the tool: the parser's error, with its
	// column, goes back to the model, which corrects it.
	s.Enqueue(
		llmtest.Reply(`The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhardt_kite_graph"}), "toolx:size"-->r].`),
		llmtest.Reply(kiteStatement),
	)
	st, err := llmTranslator(t, s).Translate(context.Background(), kiteSentence)
	if err != nil {
		t.Fatal(err)
	}
	if st.String() != kiteStatement {
		t.Errorf("got %s", st)
	}
	reqs := s.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2 (one repair)", len(reqs))
	}
	repair := reqs[1].LastUser()
	if !strings.Contains(repair, "It was rejected:") || !strings.Contains(repair, "column") {
		t.Errorf("the repair prompt does not carry the parser's error and column:\n%s", repair)
	}
}

func TestLLMTranslatorChecksCalls(t *testing.T) {
	s := llmtest.New(t)
	// A tool and a named graph that do not exist: both are caught before
	// anything runs, and the model is told which names exist.
	s.Enqueue(
		llmtest.Reply(`The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhardt_kite_graph"}), "toolx:edges")-->r].`),
		llmtest.Reply(`The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhart_kite"}), "toolx:size")-->r].`),
	)
	_, err := llmTranslator(t, s).Translate(context.Background(), kiteSentence)
	if !errors.Is(err, ErrLLMStatement) || !strings.Contains(err.Error(), "krackhardt_kite_graph") {
		t.Fatalf("want ErrLLMStatement naming the close graph name, got %v", err)
	}
	if repair := s.Requests()[1].LastUser(); !strings.Contains(repair, "toolx:size") || !strings.Contains(repair, "unknown tool") {
		t.Errorf("the repair prompt does not list the tools:\n%s", repair)
	}
}

func TestLLMTranslatorRefused(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(
		llmtest.Reply("I'm sorry, I can't help with graphs."),
		llmtest.Reply("As I said, I cannot answer that."),
	)
	st, err := llmTranslator(t, s).Translate(context.Background(), kiteSentence)
	if !errors.Is(err, ErrLLMStatement) || st != nil {
		t.Fatalf("want ErrLLMStatement, got %v, %v", st, err)
	}
	if s.Calls() != 2 {
		t.Errorf("%d calls, want 2: one answer and one repair, no more", s.Calls())
	}
}

func TestLLMTranslatorServerError(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Status(500))
	_, err := llmTranslator(t, s).Translate(context.Background(), kiteSentence)
	if err == nil || errors.Is(err, ErrLLMStatement) {
		t.Fatalf("a server error must be reported as such, got %v", err)
	}
}

func TestCheckAnswer(t *testing.T) {
	for _, c := range []struct {
		answer, wantErr string
	}{
		{kiteStatement, ""},
		{"```" + kiteStatement + "```", ""},
		{"Output: " + kiteStatement + "\nThis uses the size tool.", ""},
		{`The diameter is [GR(GL("cora"), "graph_bert:topic", paper#1)-->r].`, ""},
		{"", "empty"},
		{"The size is 18.", "no API call"},
		{`The size is [GR(GL("gpr", {"krackhardt_kite_graph"}), "toolx:size")].`, "-->r"},
		{`The size is [GR("krackhardt", "toolx:size")-->r].`, "GL call"},
		{`The size is [GR(GL("gpr", {"krackhardt_kite_graph"}), 5)-->r].`, "tool name"},
		{`The size is [GR(GL("gpr", "a", "b"), "toolx:size")-->r].`, "one named graph"},
		{`[TBR] is [GR(GL("gpr", {"star_graph"}), "toolx:size")-->r]`, "[TBR]"},
	} {
		_, err := checkAnswer(kiteSentence, c.answer)
		if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
			t.Errorf("checkAnswer(%q) = %v, want %q", c.answer, err, c.wantErr)
		}
	}
}

// FuzzCheckAnswer feeds arbitrary model answers to the checks: an error or
// a statement with calls, never a panic.
func FuzzCheckAnswer(f *testing.F) {
	for _, s := range []string{
		kiteStatement, "Output: " + kiteStatement, "```x```", "[GR(GL(\"gpr\", {}), x)-->r]",
		`[GR(GR(GL("gpr", {"a"}), "toolx:size"), "toolx:size")-->r]`, `[GL("gpr", {"balanced_tree(99, 99)"})]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, answer string) {
		st, err := checkAnswer(kiteSentence, answer)
		if err == nil && (st == nil || !st.HasCalls()) {
			t.Fatalf("%q: accepted without calls", answer)
		}
	})
}
