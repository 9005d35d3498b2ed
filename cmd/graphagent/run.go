package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/reasoning/statement"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/learned"
	"github.com/graphagent/graphagent/tools/named"
)

func runCommand() *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "run the graph API calls written in a sentence (Graph-ToolFormer statements)",
		ArgsUsage: `"SENTENCE"`,
		Description: `The sentence holds Graph-ToolFormer API calls: GL loads a graph, GR runs a reasoning tool on it,
and "-->r" marks the result the sentence asks for. Each call is replaced by its result:

  graphagent run 'The radius of the bull graph is [GR(GL("gpr", {"bull_graph"}), "toolx:radius")-->r].'
  The radius of the bull graph is 2.

Graphs: GL("gpr", {"NAME"}) is one of NetworkX's small named graphs (cubical_graph, petersen_graph,
balanced_tree, ...); GL("cora"), GL("wordnet"), GL("freebase"), GL("karate"), ... are the shipped datasets,
read from the data folders (--data datasets from the repository's root), once per process. Tools:
toolx:order, size, density, eccentricity, radius, diameter, center, periphery, shortest_path,
avg_path_length, min_path_length, max_path_length (hyphens or underscores). The learned tools run the
models trained by 'graphagent train' (a model not trained yet is trained first, saying so on stderr),
each answer followed by the model and its measured test score:

  graphagent --data datasets run 'Paper #35 of cora is about [GR(GL("cora"), "graph_bert:topic", paper#35)-->r].'

graph_bert:topic (cora, citeseer; paper#ID), seg_bert:molecule_function (mutag, proteins; instance#k
numbers the molecules from 0 as the paper's data does), kmeans:community and
kmeans:common_community_check (karate, football, email_eu_core; user#ID), bpr:recommendation and
bpr:topk_recommendation (movietweetings; user#ID, item#ID, k), transe:tail_entity, head_entity and
relation (wordnet, freebase; entity#beget.v.01, relation#_hypernym).

A sentence without calls (a question, or one with [TBR]) is first translated into calls by the
builtin translator (the shipped training prompts as examples), or with --llm by the language model
(few-shot examples from the prompts imported with 'memory import prompts_train.gz', its statement
parsed and checked, one repair round); when no example fits, run says so and exits 1:

  graphagent run 'The size of the krackhardt kite graph is [TBR].'
  The size of the krackhardt kite graph is 18.

--json prints {"statement", "calls": [{"call", "tool", "args", "result"}], "result", "text"}, with
"loads" (the graph loads and their times) and "translation" (how the calls were written); --explain
prints the parse tree and the loads. Exit codes: 0 ran, 1 could not answer (no translation, a tool
not available or not applicable), 2 bad input (a malformed call, an unknown graph, tool or node).`,
		Flags: []cli.Flag{
			jsonFlag(),
			&cli.BoolFlag{Name: "explain", Usage: "print the parse tree of the statement and the graph loads"},
			timeoutFlag(),
		},
		Action: runAction,
	}
}

// translateSentence writes the calls into a sentence that has none with
// the builtin translator (examples of the shipped prompts, built only
// when needed).
func translateSentence(ctx context.Context, sentence string) (*statement.Translation, error) {
	tr, err := statement.NewBuiltinTranslator()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", statement.ErrNoTranslator, err)
	}
	return tr.Match(ctx, sentence)
}

func runAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErr("run takes one sentence in quotes, got %d arguments", c.NArg())
	}
	timeout, err := questionTimeout(c)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(c.Context, timeout)
	defer cancel()
	sentence := c.Args().First()
	st, err := statement.Parse(sentence)
	if err != nil {
		return usageErr("%s", syntaxMessage(sentence, err))
	}
	var translation *statement.Translation
	if !st.HasCalls() {
		translation, err = translateWith(ctx, c, sentence)
		if err != nil {
			return cli.Exit("the sentence holds no API calls ([GL(...)] or [GR(...)]) and they could not be written: "+err.Error(), exitNoAnswer)
		}
		st = translation.Statement
	}
	sb, err := newSandbox(c)
	if err != nil {
		return usageErr("data folders: %v", err)
	}
	defer sb.Close()
	store, stopBar, err := newLearnedStore(c, "learned model", true)
	if err != nil {
		return err
	}
	defer stopBar()
	learnedTools, err := learned.NewRegistry(store)
	if err != nil {
		return err
	}
	ex := statement.NewExecutor(statement.Config{Hubs: statement.DefaultHubs(), Datasets: statement.NewDatasets(sb), Learned: learnedTools})
	w := c.App.Writer
	asJSON, explain := c.Bool("json"), c.Bool("explain")
	if explain && !asJSON {
		if translation != nil {
			fmt.Fprintf(w, "translated (%s, score %.2f) after the example %q\n", translation.Route, translation.Score, translation.Example.Input)
		}
		fmt.Fprint(w, st.Explain())
	}
	out, err := ex.Execute(ctx, st)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) && c.Context.Err() == nil {
			err = timeoutErr(c, timeout, err)
		}
		return cli.Exit(err.Error(), runExitCode(err))
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false) // keep "-->" readable
		type translated struct {
			Route   statement.Route `json:"route"`
			Score   float64         `json:"score"`
			Example string          `json:"example"`
		}
		var tr *translated
		if translation != nil {
			tr = &translated{Route: translation.Route, Score: translation.Score, Example: translation.Example.Input}
		}
		ex := ""
		if explain {
			ex = st.Explain()
		}
		return enc.Encode(struct {
			*statement.Outcome
			Translation *translated `json:"translation,omitempty"`
			Explain     string      `json:"explain,omitempty"`
		}{out, tr, ex})
	}
	if explain {
		for _, l := range out.Loads {
			how := fmt.Sprintf("loaded in %v", l.Took.Round(time.Microsecond))
			if l.Cached {
				how = "already loaded"
			}
			fmt.Fprintf(w, "graph %s (%s): %d nodes, %d edges, about %d KB, %s\n", l.Hub, l.Source, l.Nodes, l.Edges, (l.Bytes+1023)/1024, how)
		}
	}
	fmt.Fprintln(w, out.Text)
	for _, call := range out.Calls {
		if call.Explanation != "" {
			fmt.Fprintf(w, "  %s: %s\n", call.Tool, call.Explanation)
		}
	}
	return nil
}

// runExitCode maps an execution error to an exit code: 2 for bad input
// (an unknown graph, tool, node or argument), 1 when no answer could be
// given (a tool not available or not applicable, a timeout).
func runExitCode(err error) int {
	for _, bad := range []error{
		statement.ErrUnknownGraph, statement.ErrNotShipped, statement.ErrUnknownTool, statement.ErrBadCall,
		statement.ErrBadSubset, tools.ErrBadArgs, learned.ErrUnknownItem, learned.ErrDataset, tools.ErrNodeNotFound, named.ErrUnknown, named.ErrParams,
		graph.ErrOutsideSandbox, graph.ErrNotRegularFile, graph.ErrSyntax, fs.ErrNotExist,
	} {
		if errors.Is(err, bad) {
			return exitUsage
		}
	}
	return exitNoAnswer
}

// syntaxMessage shows where a statement is malformed: the error, the
// sentence's line and a caret under the column.
func syntaxMessage(sentence string, err error) string {
	var se *statement.SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	lines := strings.Split(sentence, "\n")
	if se.Line < 1 || se.Line > len(lines) {
		return err.Error()
	}
	return fmt.Sprintf("%v\n  %s\n  %s^", err, lines[se.Line-1], strings.Repeat(" ", se.Column-1))
}
