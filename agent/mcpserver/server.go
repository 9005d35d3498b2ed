// Package mcpserver exposes an agent over the Model Context Protocol (the
// official Go SDK): every tool of the agent's registry, with its JSON
// schema plus the graph to run on, and an "ask" tool that answers a
// question end to end. graphagent mcp serves it over stdio.
//
// A catalogue tool takes its graph as graph_file, a path resolved inside the
// data folders by the sandbox (so "..", absolute paths and links that leave
// them are refused), or as graph, the graph's text in one of the file
// formats (an edge list "u v [weight]" per line, node-link JSON, DOT, a
// Python list of edges). "ask" reads the graph from the question as
// graphagent ask does, and keeps a session across calls, so "load
// karate/edges.tsv" followed by "what is its diameter?" works.
package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Options configure the server. Zero fields take the defaults.
type Options struct {
	// Agent answers "ask" and lends its registry (required).
	Agent *agent.Agent
	// Sandbox resolves graph_file arguments (optional: without it, files
	// are refused). Give it the same data folders as the agent's.
	Sandbox *graph.Sandbox
	// Version is reported to clients (default "dev").
	Version string
	// Timeout bounds one call (default 60 s).
	Timeout time.Duration
	// MaxGraphBytes bounds a graph given as text (default 8 MiB);
	// MaxNodes and MaxEdges bound it once read (default 1,000,000 each).
	MaxGraphBytes      int
	MaxNodes, MaxEdges int
	// HideFolders are folders (the data folders, say) whose absolute
	// paths are never shown to clients: results and errors name them
	// "<data>" ("<data 2>"... for several) instead, as graphagent serve
	// does.
	HideFolders []string
}

// Reserved argument names: the graph of a catalogue tool. No tool has a
// parameter of these names (New checks).
const (
	argGraphFile = "graph_file"
	argGraph     = "graph"
	argDirected  = "directed"
)

// New returns the MCP server; run it with (*mcp.Server).Run on a transport
// (Transport over standard input and output for graphagent mcp: it answers
// malformed frames instead of ending the session).
func New(opt Options) (*mcp.Server, error) {
	if opt.Agent == nil {
		return nil, errors.New("mcpserver: Options.Agent is required")
	}
	if opt.Version == "" {
		opt.Version = "dev"
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 60 * time.Second
	}
	if opt.MaxGraphBytes <= 0 {
		opt.MaxGraphBytes = 8 << 20
	}
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = 1_000_000
	}
	if opt.MaxEdges <= 0 {
		opt.MaxEdges = 1_000_000
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "graphagent", Version: opt.Version}, &mcp.ServerOptions{
		Instructions: "Exact graph algorithms. Call a tool with graph_file (a path inside the server's data folders) or graph (an edge list, node-link JSON or DOT) and its parameters, or call ask with a question in words (the graph written in it or named by file).",
	})
	srv := &server{opt: opt, sess: opt.Agent.NewSession(memory.WorkingLimits{}), hide: textutil.NewFolderHider(opt.HideFolders)}
	for _, spec := range opt.Agent.Registry().Specs() {
		schema, err := toolSchema(spec)
		if err != nil {
			return nil, err
		}
		s.AddTool(&mcp.Tool{Name: spec.Name, Description: describe(spec), InputSchema: schema}, srv.hidden(srv.runTool(spec.Name)))
	}
	s.AddTool(&mcp.Tool{
		Name:        "ask",
		Description: "Answer a question about a graph end to end: read the graph written in the question (or named by a file in the data folders, or loaded by an earlier ask), choose the tool, extract its parameters, run it, and explain the steps. Graphs stay for later questions ('what is its diameter?').",
		InputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"question":{"type":"string","description":"the question, with the graph written in it or a file named"},` +
			`"graph_file":{"type":"string","description":"a graph file inside the data folders the question is about (optional)"},` +
			`"directed":{"type":"boolean","description":"read graph_file as directed (optional)"}},` +
			`"required":["question"],"additionalProperties":false}`),
	}, srv.hidden(srv.ask))
	return s, nil
}

type server struct {
	opt  Options
	sess *agent.Session
	hide *textutil.FolderHider // nil when no folder is hidden
}

// hidden wraps a tool handler so that the hidden folders' paths never
// appear in its result: its text and its structured content.
func (s *server) hidden(h mcp.ToolHandler) mcp.ToolHandler {
	if s.hide == nil {
		return h
	}
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			return nil, errors.New(s.hide.Replace(err.Error()))
		}
		if res == nil {
			return nil, nil
		}
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				tc.Text = s.hide.Replace(tc.Text)
			}
		}
		if res.StructuredContent != nil {
			b, err := json.Marshal(res.StructuredContent)
			if err != nil {
				return nil, err
			}
			if hidden := s.hide.Replace(string(b)); hidden != string(b) {
				res.StructuredContent = json.RawMessage(hidden)
			}
		}
		return res, nil
	}
}

// describe is a tool's description for a model choosing among tools.
func describe(s tools.Spec) string {
	d := s.Description
	if s.WhenToUse != "" {
		d += " Use for: " + s.WhenToUse
	}
	if s.Returns != "" {
		d += " Returns: " + s.Returns
	}
	return d
}

// toolSchema is the tool's parameter schema (tools.ParamsSchema) with the
// graph arguments added.
func toolSchema(spec tools.Spec) (json.RawMessage, error) {
	var sch map[string]any
	if err := json.Unmarshal(spec.Schema, &sch); err != nil {
		return nil, fmt.Errorf("mcpserver: schema of %s: %w", spec.Name, err)
	}
	props, _ := sch["properties"].(map[string]any)
	if props == nil {
		props = map[string]any{}
	}
	for _, name := range []string{argGraphFile, argGraph, argDirected} {
		if _, clash := props[name]; clash {
			return nil, fmt.Errorf("mcpserver: tool %s has a parameter %q, the name of a graph argument", spec.Name, name)
		}
	}
	props = maps.Clone(props)
	props[argGraphFile] = map[string]any{"type": "string", "description": "the graph: a file path inside the server's data folders (give this or graph)"}
	props[argGraph] = map[string]any{"type": "string", "description": "the graph as text: an edge list ('u v [weight]' per line), node-link JSON, DOT or a Python list of edges (give this or graph_file)"}
	props[argDirected] = map[string]any{"type": "boolean", "description": "read the graph as directed (formats that state a direction keep theirs)"}
	sch["properties"] = props
	return json.Marshal(sch)
}

// failure is a tool result that reports an error to the model.
func failure(format string, a ...any) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, a...)}}}
}

// runTool runs the named catalogue tool on the graph its arguments give.
func (s *server) runTool(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ctx, cancel := context.WithTimeout(ctx, s.opt.Timeout)
		defer cancel()
		t, err := s.opt.Agent.Registry().Get(name)
		if err != nil {
			return failure("%v", err), nil
		}
		raw := map[string]json.RawMessage{}
		if a := req.Params.Arguments; len(a) > 0 && string(a) != "null" {
			if err := json.Unmarshal(a, &raw); err != nil {
				return failure("%s: arguments must be a JSON object: %v", name, err), nil
			}
		}
		g, err := s.graphOf(ctx, raw)
		if err != nil {
			return failure("%s: %v", name, err), nil
		}
		delete(raw, argGraphFile)
		delete(raw, argGraph)
		delete(raw, argDirected)
		args, err := json.Marshal(raw)
		if err != nil {
			return nil, err
		}
		res, err := t.Run(ctx, g, args)
		if err != nil {
			return failure("%s: %v", name, err), nil
		}
		return &mcp.CallToolResult{
			Content: withChart([]mcp.Content{&mcp.TextContent{Text: res.Text}}, res.Value),
			StructuredContent: map[string]any{
				"tool": name, "args": json.RawMessage(args), "value": res.Value, "text": res.Text,
				"graph": map[string]any{"nodes": g.N(), "edges": g.M(), "directed": g.Directed(), "weighted": g.Weighted()},
			},
		}, nil
	}
}

// graphOf loads the graph of a catalogue tool's call: graph_file through
// the sandbox, or graph read from its text.
func (s *server) graphOf(ctx context.Context, raw map[string]json.RawMessage) (*graph.Graph, error) {
	var file, text string
	var directed bool
	for name, dst := range map[string]any{argGraphFile: &file, argGraph: &text, argDirected: &directed} {
		if v, ok := raw[name]; ok && string(v) != "null" {
			if err := json.Unmarshal(v, dst); err != nil {
				return nil, fmt.Errorf("argument %q: %v", name, err)
			}
		}
	}
	limits := graph.Limits{MaxNodes: s.opt.MaxNodes, MaxEdges: s.opt.MaxEdges}
	switch {
	case file != "" && text != "":
		return nil, errors.New("give the graph once: graph_file or graph, not both")
	case file != "":
		if s.opt.Sandbox == nil {
			return nil, fmt.Errorf("graph_file %q: this server reads no files (no data folders)", file)
		}
		return s.opt.Sandbox.Load(ctx, file, graph.ReadOptions{Directed: directed, Limits: limits})
	case text != "":
		if len(text) > s.opt.MaxGraphBytes {
			return nil, fmt.Errorf("graph: %d bytes, more than the limit of %d", len(text), s.opt.MaxGraphBytes)
		}
		head := text[:min(len(text), 512)]
		return graph.Read(strings.NewReader(text), graph.DetectFormat("", []byte(head)), graph.ReadOptions{Directed: directed, Limits: limits, Name: "graph argument"})
	}
	return nil, errors.New("no graph: give graph_file (a path inside the data folders) or graph (its text)")
}

// ask answers a question end to end in the server's session.
func (s *server) ask(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ctx, cancel := context.WithTimeout(ctx, s.opt.Timeout)
	defer cancel()
	var in struct {
		Question  string `json:"question"`
		GraphFile string `json:"graph_file"`
		Directed  *bool  `json:"directed"`
	}
	dec := json.NewDecoder(strings.NewReader(string(req.Params.Arguments)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return failure("ask: arguments: %v", err), nil
	}
	if strings.TrimSpace(in.Question) == "" {
		return failure("ask: question is required"), nil
	}
	var opts []agent.AskOption
	if in.GraphFile != "" {
		opts = append(opts, agent.WithGraphFile(in.GraphFile))
		if in.Directed != nil {
			opts = append(opts, agent.WithDirected(*in.Directed))
		}
	}
	ans, err := s.sess.Ask(ctx, in.Question, opts...)
	if err != nil {
		msg := err.Error()
		if ans != nil && ans.Answer != "" {
			msg = ans.Answer
		}
		return failure("%s", msg), nil
	}
	return &mcp.CallToolResult{Content: withChart([]mcp.Content{&mcp.TextContent{Text: ans.Answer}}, ans.Value), StructuredContent: ans}, nil
}

// withChart adds the value's chart as a PNG image when the tool makes one
// (the degree distribution).
func withChart(content []mcp.Content, value any) []mcp.Content {
	p, ok := value.(tools.Plotter)
	if !ok {
		return content
	}
	var b bytes.Buffer
	if err := p.WritePNG(&b); err != nil {
		return content
	}
	return append(content, &mcp.ImageContent{Data: b.Bytes(), MIMEType: "image/png"})
}
