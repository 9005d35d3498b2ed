package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning/llmtest"
)

func TestAskLabelledDatasets(t *testing.T) {
	data := dataDir(t)
	out, errOut, code := runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "--json", "What is the topic of paper datta98case in citeseer?")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ans struct {
		Answer string
		Tool   string
		Value  struct {
			Label, Rule, Method string
			Evidence            []struct{ Kind string }
		}
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Tool != "analogy" || ans.Value.Label != "DB" || ans.Value.Rule == "" || len(ans.Value.Evidence) == 0 ||
		!strings.HasPrefix(ans.Answer, "The topic of paper datta98case in citeseer is DB") {
		t.Fatalf("answer %+v", ans)
	}

	out, errOut, code = runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "--explain", "Is acetylsalicylic acid linked to Prostaglandin G/H synthase 2 in drugmechdb?")
	if code != exitOK || !strings.Contains(out, "link yes") || !strings.Contains(out, "analogy") || !strings.Contains(out, "rule induced from the examples") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	// A common drug name and a gene symbol are read through the alias
	// table (datasets/drugmechdb/aliases.tsv), and the answer says so.
	out, errOut, code = runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "Is aspirin linked to PTGS2 in drugmechdb?")
	if code != exitOK || !strings.Contains(out, "link yes") || !strings.Contains(out, `"aspirin" read as Acetylsalicylic acid`) ||
		!strings.Contains(out, `"PTGS2" read as Prostaglandin G/H synthase 2`) {
		t.Fatalf("alias names: exit %d: %s%s", code, out, errOut)
	}
	// Names neither the dataset nor its alias table has are declined,
	// saying so (exit 2).
	_, errOut, code = runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "Is aspirinol linked to PTGS2 in drugmechdb?")
	if code != exitUsage || !strings.Contains(errOut, `no drug named "aspirinol"`) {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, errOut, code = runCLI(t, "--data", data, "--home", t.TempDir(), "ask", "What is the topic of paper nosuchpaper in cora?")
	if code != exitUsage || !strings.Contains(errOut, "no paper") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// A data folder without the dataset says which folder to give (exit 2).
	_, errOut, code = runCLI(t, "--data", t.TempDir(), "--home", t.TempDir(), "ask", "What is the topic of paper datta98case in citeseer?")
	if code != exitUsage || !strings.Contains(errOut, "holds citeseer_text/") {
		t.Fatalf("missing dataset: exit %d: %s", code, errOut)
	}
	// Chat answers them too, and graph questions still go to the tools.
	in := "What class does paper datta98case of citeseer belong to?\nHow many nodes are in the graph 0-1, 1-2, 5-6?\n"
	out, errOut, code = runCLIIn(t, in, "--data", data, "--home", t.TempDir(), "chat")
	if code != exitOK || !strings.Contains(out, "citeseer is DB") || !strings.Contains(out, "5 nodes") {
		t.Fatalf("chat exit %d:\n%s%s", code, out, errOut)
	}
}

func TestLearn(t *testing.T) {
	data, home := dataDir(t), t.TempDir()
	q := "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?"
	if _, errOut, code := runCLI(t, "--home", home, "ask", q); code != exitOK || strings.Contains(errOut, "learned") {
		t.Fatalf("without --learn: exit %d: %s", code, errOut)
	}
	listAgent := func() []struct {
		ID, Question, Tool, Source string
		Verified                   bool
		CreatedAt                  string `json:"created_at"`
	} {
		out, errOut, code := runCLI(t, "--home", home, "memory", "list", "--source", "agent", "--json")
		if code != exitOK {
			t.Fatalf("memory list: exit %d: %s", code, errOut)
		}
		var exs []struct {
			ID, Question, Tool, Source string
			Verified                   bool
			CreatedAt                  string `json:"created_at"`
		}
		if err := json.Unmarshal([]byte(out), &exs); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return exs
	}
	if exs := listAgent(); len(exs) != 0 {
		t.Fatalf("learned without --learn: %+v", exs)
	}
	if _, errOut, code := runCLI(t, "--home", home, "ask", "--learn", q); code != exitOK || !strings.Contains(errOut, "learned: example") {
		t.Fatalf("--learn: exit %d: %s", code, errOut)
	}
	// A question no tool answers is not learned.
	runCLI(t, "--home", home, "ask", "--learn", "What is the capital of France?")
	exs := listAgent()
	if len(exs) != 1 || exs[0].Tool != "cycle_check" || exs[0].Question != q || !exs[0].Verified || exs[0].CreatedAt == "" {
		t.Fatalf("learned %+v", exs)
	}
	// Chat: an analogy answer is learned when confirmed, and is then known.
	in := "What is the topic of paper datta98case in citeseer?\nyes\nWhat is the topic of paper datta98case in citeseer?\n"
	out, errOut, code := runCLIIn(t, in, "--data", data, "--home", home, "chat", "--learn")
	if code != exitOK || !strings.Contains(out, "Learned: The topic of paper datta98case") || !strings.Contains(out, "(a solved example in memory)") {
		t.Fatalf("chat exit %d:\n%s%s", code, out, errOut)
	}
	out, _, _ = runCLI(t, "--data", data, "--home", home, "ask", "What is the topic of paper datta98case in citeseer?")
	if !strings.Contains(out, "solved example in memory") {
		t.Fatalf("the confirmed answer is not known to a later process: %s", out)
	}
	if exs := listAgent(); len(exs) != 2 || exs[1].Tool != "analogy" {
		t.Fatalf("learned %+v", exs)
	}
	// An unconfirmed analogy answer is not learned.
	runCLIIn(t, "What is the topic of paper 1018 in citeseer?\nno\n", "--data", data, "--home", home, "chat", "--learn")
	if exs := listAgent(); len(exs) != 2 {
		t.Fatalf("learned without confirmation: %+v", exs)
	}
	out, _, code = runCLI(t, "--home", home, "memory", "list", "--source", "agent", "--export")
	if code != exitOK || strings.Count(out, "\n") != 2 || !strings.Contains(out, `"source":"agent"`) {
		t.Fatalf("export: %s", out)
	}
	if _, errOut, code := runCLI(t, "--home", home, "memory", "list", "--source", "agent", "--delete"); code != exitOK || !strings.Contains(errOut, "deleted 2") {
		t.Fatalf("delete: %s", errOut)
	}
	if exs := listAgent(); len(exs) != 0 {
		t.Fatalf("after delete %+v", exs)
	}
}

// TestAskLabelledLLM: with --llm the LLM reasoner answers, in two calls
// (rule, then answer), and its label is checked against the classes.
func TestAskLabelledLLM(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(req llmtest.Request) llmtest.Response {
		if strings.Contains(req.System(), "identify the reasons") {
			return llmtest.Reply("1. Papers about query processing are DB.")
		}
		return llmtest.Reply(`{"answer": "DB", "explanation": "query processing", "confidence": 0.9}`)
	})
	m, code := askJSON(t, "--data", dataDir(t), "--home", t.TempDir(), "ask", "What is the topic of paper datta98case in citeseer?", "--llm", srv.BaseURL(), "--model", "m")
	var v struct{ Method, Label string }
	_ = json.Unmarshal(m["value"], &v)
	if code != exitOK || string(m["tool"]) != `"analogy"` || string(m["llm_calls"]) != "2" || v.Method != "llm" || v.Label != "DB" {
		t.Fatalf("exit %d: tool %s, calls %s, value %s", code, m["tool"], m["llm_calls"], m["value"])
	}
	// A label outside the classes is repaired once, then refused (exit 1).
	bad := llmtest.New(t)
	bad.Handle(func(req llmtest.Request) llmtest.Response {
		if strings.Contains(req.System(), "identify the reasons") {
			return llmtest.Reply("rules")
		}
		return llmtest.Reply(`{"answer": "Biology", "explanation": "?"}`)
	})
	_, code = askJSON(t, "--data", dataDir(t), "--home", t.TempDir(), "ask", "What is the topic of paper datta98case in citeseer?", "--llm", bad.BaseURL(), "--model", "m")
	if code != exitNoAnswer || bad.Calls() != 3 {
		t.Fatalf("invalid label: exit %d after %d calls", code, bad.Calls())
	}
}
