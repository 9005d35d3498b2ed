package reasoning

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/tools"
)

// The three instructions (GraphTool-Instruction's Graph-, Task- and
// Parameter-Instruction) in graphagent's own words. Each is the system
// message of its step; the varying part (question, candidates, tool) goes in
// the user message so that servers can cache the common prefix.

// GraphInstruction is the system message of the graph-extraction step.
const GraphInstruction = `You read graph questions and copy out the graph they contain. You do not solve the task.

Answer with one JSON object and nothing else:
{"directed": true or false, "weighted": true or false, "source": "", "edges": [[u, v] or [u, v, w], ...], "nodes": [...]}

Rules:
- Copy every edge, in the order the question lists them. Do not sort, merge, drop or invent edges. Write node names exactly as the question writes them.
- "weighted" is true when the edges carry weights; then every edge has its weight as third element.
- "directed" is true only when the question says the graph is directed or writes edges as arrows (u->v).
- When the graph is given by reference (a file path or a dataset name) put that reference in "source" exactly as written and leave "edges" empty. Never guess what a file contains.
- "nodes" lists nodes the question names that no edge touches; usually it is empty.

Example with weights:
Question: Given a weighted undirected graph, the edges are: [(0, 1, {'weight': 4}), (2, 0, {'weight': 7})]. The task is: find the shortest path from node 1 to node 2.
Answer: {"directed": false, "weighted": true, "source": "", "edges": [[0, 1, 4], [2, 0, 7]], "nodes": []}

Example without weights:
Question: In the directed graph with edges 5->6, 6->8, 0->5, is there a cycle?
Answer: {"directed": true, "weighted": false, "source": "", "edges": [[5, 6], [6, 8], [0, 5]], "nodes": []}

Example with a file:
Question: Given a directed graph whose edges are in the file data/flow100.edgelist, compute the maximum flow from node 13 to node 4.
Answer: {"directed": true, "weighted": false, "source": "data/flow100.edgelist", "edges": [], "nodes": []}`

// ToolInstruction is the system message of the tool-selection step.
const ToolInstruction = `You choose which graph tool answers a question. The graph has already been read; you only decide which exact algorithm to run on it.

You get the question, the candidate tools (name, what it computes, when to use it, its parameters, what it returns) and sometimes solved questions similar to this one with the tool that answered them.

Answer with one JSON object and nothing else:
{"thought": "at most two short sentences", "tool": "one candidate name, or none", "then": []}

Rules:
- "tool" is exactly one of the candidate names, spelled as listed, or "none" when no candidate computes what the question asks.
- "then" lists further candidate names to run after "tool", in order, only when the question needs several results; usually it is empty.
- Do not compute the answer yourself and do not fill in parameters yet.`

// ParamInstruction is the system message of the parameter-extraction step.
const ParamInstruction = `You fill in the arguments of a graph tool from a question. The tool has already been chosen and the graph has already been read.

Answer with the JSON object of the tool's arguments and nothing else.

Rules:
- Use exactly the parameter names of the tool. Give every required parameter and no other.
- A node parameter takes a node ID exactly as the question writes it (3 or "A"); it must be a node of the graph.
- Keep the roles the question gives: the first node it names as start or source is the source, the other the target or sink.
- Never put the graph or its edges in the arguments; the tool already has the graph.
- A tool without parameters takes {}.`

// repairPrompt asks for a corrected answer after a validation error.
func repairPrompt(err error) string {
	return "Your answer was rejected: " + err.Error() + "\nAnswer again with only the corrected JSON object."
}

// graphUserPrompt is the user message of the graph-extraction step.
func graphUserPrompt(question string) string {
	return "Question: " + question + "\nAnswer:"
}

// toolUserPrompt is the user message of the tool-selection step.
func toolUserPrompt(req ToolRequest) string {
	var b strings.Builder
	b.WriteString("Candidate tools:\n")
	for _, c := range req.Candidates {
		writeToolCard(&b, c.Tool)
	}
	if len(req.Examples) > 0 {
		b.WriteString("\nSolved questions similar to this one:\n")
		for _, ex := range req.Examples {
			fmt.Fprintf(&b, "- %q -> %s", ex.Question, ex.Tool)
			if len(ex.Args) > 0 && string(ex.Args) != "{}" && string(ex.Args) != "null" {
				fmt.Fprintf(&b, " %s", ex.Args)
			}
			b.WriteByte('\n')
		}
	}
	if req.Graph != nil {
		b.WriteString("\nGraph: ")
		writeGraphSummary(&b, *req.Graph)
		b.WriteByte('\n')
	}
	b.WriteString("\nQuestion: ")
	b.WriteString(req.Question)
	b.WriteString("\nAnswer:")
	return b.String()
}

// paramUserPrompt is the user message of the parameter-extraction step.
func paramUserPrompt(req ParamRequest) string {
	var b strings.Builder
	b.WriteString("Tool:\n")
	writeToolCard(&b, req.Tool)
	if req.Graph != nil {
		b.WriteString("\nGraph: ")
		writeGraphSummary(&b, SummarizeGraph(req.Graph, 8))
		b.WriteByte('\n')
	}
	b.WriteString("\nQuestion: ")
	b.WriteString(req.Question)
	b.WriteString("\nArguments:")
	return b.String()
}

// writeToolCard writes a tool's name, description, use, parameters and
// return type (the paper's four tool attributes) as one list item.
func writeToolCard(b *strings.Builder, s tools.Spec) {
	fmt.Fprintf(b, "- %s: %s", s.Name, s.Description)
	if s.WhenToUse != "" {
		fmt.Fprintf(b, " Use it when %s", strings.TrimSuffix(lowerFirst(s.WhenToUse), "."))
		b.WriteByte('.')
	}
	b.WriteString("\n  parameters: ")
	if len(s.Params) == 0 {
		b.WriteString("none")
	}
	for i, p := range s.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		kind := p.Type
		if p.Node {
			kind = "node"
		}
		req := "optional"
		if p.Required {
			req = "required"
		}
		fmt.Fprintf(b, "%s (%s, %s", p.Name, kind, req)
		if p.Description != "" {
			fmt.Fprintf(b, ": %s", p.Description)
		}
		b.WriteByte(')')
	}
	if s.Returns != "" {
		fmt.Fprintf(b, "\n  returns: %s", s.Returns)
	}
	b.WriteByte('\n')
}

func writeGraphSummary(b *strings.Builder, s GraphSummary) {
	dir := "undirected"
	if s.Directed {
		dir = "directed"
	}
	w := "unweighted"
	if s.Weighted {
		w = "weighted"
	}
	fmt.Fprintf(b, "%s, %s, %d nodes, %d edges", dir, w, s.Nodes, s.Edges)
	if len(s.Sample) > 0 {
		fmt.Fprintf(b, "; nodes include %s", strings.Join(s.Sample, ", "))
	}
	if s.Source != "" {
		fmt.Fprintf(b, "; loaded from %s", s.Source)
	}
	if len(s.NodeAttrs) > 0 {
		fmt.Fprintf(b, "; every node has: %s", strings.Join(s.NodeAttrs, ", "))
	}
}

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}

// graphSchemaText constrains the graph-extraction answer.
const graphSchemaText = `{"type":"object","properties":{` +
	`"directed":{"type":"boolean"},"weighted":{"type":"boolean"},"source":{"type":"string"},` +
	`"edges":{"type":"array","items":{"type":"array","items":{"type":["string","number"]},"minItems":2,"maxItems":3}},` +
	`"nodes":{"type":"array","items":{"type":["string","number"]}}},` +
	`"required":["directed","weighted","source","edges","nodes"],"additionalProperties":false}`

// GraphSchema returns the JSON schema of the graph-extraction answer.
func GraphSchema() json.RawMessage { return json.RawMessage(graphSchemaText) }

// ToolSchema returns the JSON schema of the tool-selection answer: the tool
// name is an enum of the candidates plus NoTool.
func ToolSchema(cs []Candidate) json.RawMessage {
	names := candidateNames(cs)
	all := append(append([]string(nil), names...), NoTool)
	s := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"thought": map[string]any{"type": "string"},
			"tool":    map[string]any{"type": "string", "enum": all},
			"then": map[string]any{
				"type":     "array",
				"items":    map[string]any{"type": "string", "enum": names},
				"maxItems": 3,
			},
		},
		"required":             []string{"thought", "tool", "then"},
		"additionalProperties": false,
	}
	b, _ := json.Marshal(s) // maps of strings always marshal
	return b
}

// ParamSchema returns the JSON schema of the parameter answer: the tool's own
// argument schema, or one made from spec.Params when the spec has none.
func ParamSchema(spec tools.Spec) json.RawMessage {
	if len(spec.Schema) > 0 && json.Valid(spec.Schema) {
		return spec.Schema
	}
	return tools.ParamsSchema(spec.Params)
}
