package reasoning

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParamSchemaFromParamsWhenSpecHasNone(t *testing.T) {
	shortest, cycle, _ := llmTestSpecs()
	if string(ParamSchema(shortest)) != string(shortest.Schema) {
		t.Fatal("a spec's own schema is not used as is")
	}
	bare := shortest
	bare.Schema = nil
	var got, want map[string]any
	if err := json.Unmarshal(ParamSchema(bare), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(shortest.Schema, &want); err != nil {
		t.Fatal(err)
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		t.Fatalf("schema from params %s, tools made %s", gj, wj)
	}
	var empty struct {
		Properties map[string]any `json:"properties"`
	}
	cycle.Schema = nil
	if err := json.Unmarshal(ParamSchema(cycle), &empty); err != nil || len(empty.Properties) != 0 {
		t.Fatalf("no-parameter schema: %s", ParamSchema(cycle))
	}
}

func TestToolSchemaAndCards(t *testing.T) {
	cs := llmTestCandidates()
	var s struct {
		Required   []string `json:"required"`
		Properties struct {
			Tool struct{ Enum []string } `json:"tool"`
			Then struct {
				Items struct{ Enum []string } `json:"items"`
			} `json:"then"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(ToolSchema(cs), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Properties.Tool.Enum) != len(cs)+1 || s.Properties.Tool.Enum[len(cs)] != NoTool ||
		len(s.Properties.Then.Items.Enum) != len(cs) || strings.Join(s.Required, ",") != "thought,tool,then" {
		t.Fatalf("schema %s", ToolSchema(cs))
	}
	prompt := toolUserPrompt(ToolRequest{Question: "Q?", Candidates: cs})
	// Every candidate's four attributes (name, description, parameters,
	// return type) reach the model.
	for _, c := range cs {
		for _, want := range []string{"- " + c.Tool.Name + ": " + c.Tool.Description} {
			if !strings.Contains(prompt, want) {
				t.Errorf("prompt lacks %q", want)
			}
		}
		for _, p := range c.Tool.Params {
			if !strings.Contains(prompt, p.Name+" (") {
				t.Errorf("prompt lacks parameter %s of %s", p.Name, c.Tool.Name)
			}
		}
		if c.Tool.Returns != "" && !strings.Contains(prompt, "returns: "+c.Tool.Returns) {
			t.Errorf("prompt lacks the return type of %s", c.Tool.Name)
		}
	}
	if !strings.HasSuffix(prompt, "Question: Q?\nAnswer:") {
		t.Fatalf("prompt ends %q", prompt[len(prompt)-30:])
	}
	if !strings.Contains(prompt, "k (integer, required: how many)") || !strings.Contains(prompt, "weighted (boolean, optional") ||
		!strings.Contains(prompt, "parameters: none") {
		t.Fatalf("parameter lines wrong:\n%s", prompt)
	}
	if !json.Valid(GraphSchema()) {
		t.Fatal("graph schema is not JSON")
	}
}
