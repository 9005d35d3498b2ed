package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph/sqlgraph"
)

// llmFlags repeat the global --llm and --model on a command so that they
// also work after it ("graphagent ask Q --llm URL"); settingOf reads
// whichever was given.
func llmFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "llm", Usage: "base URL of an OpenAI-compatible server (same as the global --llm)"},
		&cli.StringFlag{Name: "model", Usage: "model name served at --llm (same as the global --model)"},
	}
}

// settingOf returns the value of a flag defined both globally and on the
// command: the command's when given, else the global one (or its env var).
func settingOf(c *cli.Context, name string) string {
	for _, lc := range c.Lineage() {
		if v := lc.String(name); v != "" {
			return v
		}
	}
	return ""
}

func askCommand() *cli.Command {
	return &cli.Command{
		Name:      "ask",
		Usage:     "answer one question about a graph",
		ArgsUsage: `"QUESTION"`,
		Description: `The graph is written in the question, named by a file inside the data folders
("the graph in roads.edgelist"), named as a shipped dataset ("the karate graph"), or given with --graph.

Notations read in the question (mixed in one question when they agree):
  edge lists     0-1, 1-2   a -> b   (0, 1) (1, 2)   [(0, 1, {'weight': 4})]   "0 1 3" lines
                 (0->1,5) (1->2,weight:3)   Collaborations: Ann and Bo, Bo and Cy   YAML "- [A, B]" lines
  prose          an edge between node 1 and node 2 with weight 3; an edge from node 0 to node 4 with capacity 5
  named nodes    Alice and Bob are friends; X knows Y; Paris is connected to Lyon, Nice and Lille
  quantities     a road from Paris to Lyon of 465 km; a pipe from s to a carries 5 units; costs $7
  precedence     node 3 should be visited before node 1; task X must finish before task Y starts
  bipartite      applicant 0 is interested in job 2; person P can do project Q
  node data      node 0: [1, 0]; each layer sums the neighbours' embeddings; Node 4 likes soccer
  structured     adjacency lists (A: B, C; "0 1 2" lines after "adjacency-list format"), adjacency matrices, CSV/TSV/Markdown tables with a header,
                 JSON {"nodes": ..., "edges": ...} or [{"from": "a", "to": "b", "weight": 2}], NetworkX dicts,
                 DOT (digraph { a -> b [label="5 km"] }), GML, GraphML (<graphml>...</graphml>), HTML <table>s,
                 cells with units (40 km, $300, 5 min); numbered and bulleted lines (the numbering is not data)
  diagrams, code Mermaid (graph LR; A[Start] --> B & C; A -- 5 --> B), Cypher ((a)-[:ROAD {km: 40}]->(b)),
                 NetworkX (G.add_edge("a", "b", weight=3); nx.path_graph(5))
  routes         Red line: Alpha, Beta, Gamma (each stop joined to the next)
  declarations   the nodes are numbered from 0 to 7; a graph among nodes A, B, C; with 12 nodes
Sentences that explain a notation ("(i,j) means that node i and node j are connected") are its key, never
edges. When the reading is uncertain (text that looks like graph content but was not understood, two
notations that disagree, a node the graph lacks) the builtin backend says what it read and declines;
--explain and --json show the reading report.

Questions for the learned tools name a shipped dataset and its task: "what is paper 35 of cora about?",
"what is the function of molecule 12 in mutag?", "are users 0 and 33 of karate in the same community?",
and knowledge-graph completion over wn18rr (wordnet) and fb15k237 (freebase): "in wn18rr, what is a
hypernym of dog.n.01?", "(beget.v.01, _hypernym, ?) in wn18rr". Stored facts answer exactly; a missing
link is the model's prediction, with its measured test scores.

Without --llm the builtin backend answers (no model needed). --timeout bounds the whole
question: every LLM call and its retries, loading the graph and running the tool together;
past it ask stops and exits 1. Exit codes: 0 answered, 1 could not answer, 2 bad usage or input.`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "graph", Usage: "graph file (inside the data folders) the question is about, or a PostgreSQL URL (postgres://…) read with --query"},
			queryFlag(),
			&cli.BoolFlag{Name: "directed", Usage: "read --graph as a directed graph"},
			jsonFlag(),
			learnFlag(),
			&cli.BoolFlag{Name: "explain", Usage: "print the steps taken after the answer"},
			&cli.BoolFlag{Name: "confirm", Usage: "show a chain of several tools before it runs; answer yes, no or an edit (\"skip step 2\") on stdin"},
			plotFlag(),
			timeoutFlag(),
		}, llmFlags()...),
		Action: askAction,
	}
}

func askAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErr("ask takes one question in quotes (or - to read it from standard input), got %d arguments", c.NArg())
	}
	question, err := askQuestion(c)
	if err != nil {
		return err
	}
	timeout, err := questionTimeout(c)
	if err != nil {
		return err
	}
	a, err := newAgent(c)
	if err != nil {
		return err
	}
	defer closeAgent(a)
	var opts []agent.AskOption
	if f := c.String("graph"); sqlgraph.IsURL(f) {
		lctx, cancel := context.WithTimeout(c.Context, timeout)
		g, err := loadSQLGraph(lctx, c, f, c.Bool("directed"))
		cancel()
		if err != nil {
			return err
		}
		opts = append(opts, agent.WithGraph(g, sqlgraph.Redact(f)))
	} else if c.String("query") != "" {
		return usageErr("--query reads a database: give --graph postgres://USER@HOST:PORT/DB")
	} else if f != "" {
		opts = append(opts, agent.WithGraphFile(f))
		if c.IsSet("directed") {
			opts = append(opts, agent.WithDirected(c.Bool("directed")))
		}
	}
	if c.Bool("confirm") {
		var lines *lineReader // started when a chain is shown
		defer func() {
			if lines != nil {
				lines.close()
			}
		}()
		w := c.App.Writer
		if c.Bool("json") {
			w = c.App.ErrWriter
		}
		opts = append(opts, agent.WithChainReview(chainReview(w, a.Registry(), func(ctx context.Context) (string, error) {
			if lines == nil {
				lines = newLineReader(c.App.Reader, maxChatLine)
			}
			in := lines.next(ctx)
			return in.text, in.err
		})))
	}
	ctx, cancel := context.WithTimeout(c.Context, timeout)
	defer cancel()
	ans, askErr := a.Ask(ctx, question, opts...)
	if askErr != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) && c.Context.Err() == nil {
		askErr = timeoutErr(c, timeout, askErr)
	}
	if err := printAnswer(c, ans, askErr); err != nil {
		return err
	}
	if askErr == nil && ans != nil {
		if err := writePlot(c, ans.Tool, ans.Value); err != nil {
			return err
		}
		if ex, ok := agent.SolvedExample(question, ans); ok && c.Bool("learn") {
			if err := learnExample(c, ex); err != nil {
				return err
			}
		}
	}
	return askExit(askErr)
}

// maxStdinQuestion bounds the question ask - reads; the agent's own limit
// (agent.Limits.MaxQuestionBytes) then says whether it is too long.
const maxStdinQuestion = 64 << 20

// askQuestion is ask's argument, or standard input when it is "-" (a
// question too long for the argument list, or piped text).
func askQuestion(c *cli.Context) (string, error) {
	q := c.Args().First()
	if q != "-" {
		return q, nil
	}
	if c.Bool("confirm") {
		return "", usageErr("ask - reads the question from standard input, so --confirm cannot read the answer to a plan there; pass the question as an argument")
	}
	data, err := io.ReadAll(io.LimitReader(c.App.Reader, maxStdinQuestion+1))
	if err != nil {
		return "", usageErr("ask -: reading the question from standard input: %v", err)
	}
	if len(data) > maxStdinQuestion {
		return "", usageErr("ask -: the question on standard input is over %d MiB", maxStdinQuestion>>20)
	}
	return string(data), nil
}

// DefaultTimeout is the default --timeout of one question.
const DefaultTimeout = 60 * time.Second

// timeoutFlag is --timeout, the overall deadline of one question.
func timeoutFlag() cli.Flag {
	return &cli.DurationFlag{Name: "timeout", Value: DefaultTimeout,
		Usage: "overall deadline of the question: LLM calls with all their retries, loading the graph and the tool run together"}
}

// questionTimeout returns --timeout, which must be positive.
func questionTimeout(c *cli.Context) (time.Duration, error) {
	d := c.Duration("timeout")
	if d <= 0 {
		return 0, usageErr("--timeout must be a positive duration such as 30s or 2m, got %v", d)
	}
	return d, nil
}

// timeoutErr says that the question ran out of its --timeout, naming the
// LLM server when there is one (the usual cause); it wraps err.
func timeoutErr(c *cli.Context, timeout time.Duration, err error) error {
	if u := settingOf(c, "llm"); u != "" {
		return fmt.Errorf("no answer within --timeout %v (the LLM server at %s did not answer in time); raise --timeout or check the server: %w", timeout, u, err)
	}
	// The builtin backend has no server: the time went to reading,
	// loading or the tool.
	return fmt.Errorf("no answer within --timeout %v; raise --timeout (a large graph or a costly tool needs longer): %w", timeout, err)
}

// plotFlag is --plot FILE of ask and tools run.
func plotFlag() cli.Flag {
	return &cli.StringFlag{Name: "plot", Usage: "write a PNG chart of the answer to `FILE` (answers that have one, such as degree_distribution)"}
}

// writePlot writes the --plot PNG of a tool's value. A value without a
// chart is a usage error: the answer stands, but the file asked for is not
// written.
func writePlot(c *cli.Context, tool string, value any) error {
	path := c.String("plot")
	if path == "" {
		return nil
	}
	p, ok := value.(tools.Plotter)
	if !ok {
		if tool == "" {
			tool = "this answer"
		}
		return usageErr("--plot: %s has no chart (degree_distribution has one); %s not written", tool, path)
	}
	f, err := os.Create(path)
	if err != nil {
		return cli.Exit(fmt.Sprintf("--plot: %v", err), exitNoAnswer)
	}
	if err := p.WritePNG(f); err != nil {
		f.Close()
		return cli.Exit(fmt.Sprintf("--plot %s: %v", path, err), exitNoAnswer)
	}
	if err := f.Close(); err != nil {
		return cli.Exit(fmt.Sprintf("--plot: %v", err), exitNoAnswer)
	}
	return nil
}

// printAnswer writes the answer as --json or --explain ask.
func printAnswer(c *cli.Context, ans *agent.Answer, askErr error) error {
	w := c.App.Writer
	if ans == nil {
		return nil
	}
	if c.Bool("json") {
		return writeJSON(w, ans)
	}
	if askErr == nil {
		fmt.Fprintln(w, ans.Answer)
	}
	if c.Bool("explain") {
		return ans.WriteTrace(w)
	}
	return nil
}

// askExit maps an Ask error to the exit codes: 1 could not answer, 2 bad
// input.
func askExit(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.DeadlineExceeded):
		return cli.Exit(err.Error(), exitNoAnswer)
	case errors.Is(err, agent.ErrTooLarge), errors.Is(err, agent.ErrBadInput), errors.Is(err, agent.ErrRefused):
		return cli.Exit(err.Error(), exitUsage)
	case errors.Is(err, agent.ErrNoToolFits):
		return cli.Exit(agent.TidyMessage(err.Error())+"; 'graphagent tools list' shows what can be asked, 'graphagent tools search \"QUESTION\"' the nearest tools", exitNoAnswer)
	default:
		return cli.Exit(err.Error(), exitNoAnswer)
	}
}

// newAgent builds the agent the flags describe: the LLM planner with --llm,
// else the builtin one; the sandbox of the data folders; long-term memory
// opened on first use (a question is never failed because of memory).
func newAgent(c *cli.Context) (*agent.Agent, error) {
	cfg := agent.Config{Logger: logger(c)}
	p, err := newPlanner(c)
	if err != nil {
		return nil, err
	}
	if p != nil {
		cfg.Planner = p
	}
	sb, err := newSandbox(c)
	if err != nil {
		return nil, usageErr("data folders: %v", err)
	}
	cfg.Sandbox = sb
	_, llm := textGenerator(cfg.Planner)
	cfg.Labelled = measuredAnalogy{labelledService(c, sb, cfg.Planner), llm}
	if l := learnedTools(c); l != nil {
		cfg.Learned = l
	}
	cfg.OpenMemory = func(ctx context.Context) (*memory.Store, error) {
		s, err := openStore(ctx, c)
		if err != nil {
			return nil, fmt.Errorf("long-term memory unavailable: %w", err)
		}
		return s, nil
	}
	a, err := agent.New(c.Context, cfg)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitNoAnswer)
	}
	return a, nil
}
