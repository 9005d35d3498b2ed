package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/eval"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/urfave/cli/v2"
)

// evalCommand is `graphagent eval`: score a backend on a benchmark suite.
func evalCommand() *cli.Command {
	return &cli.Command{
		Name:      "eval",
		Usage:     "score a backend on a benchmark suite (report in JSON, Markdown and PNG charts)",
		ArgsUsage: "[PATH]",
		Description: `Asks every item of a suite, scores answer, graph, tool and parameter accuracy and the
error classes per task, and writes to --out: results.jsonl (one scored item per line, streamed,
so --resume continues an interrupted run), report.json, report.md, accuracy.png, latency.png.

Suites:
  gtools      generated on the fly (--split, --n per task/direction/mode, --seed, --modes, --tasks)
  gtools-dir  a folder in the GTools layout, e.g. datasets/gtools (PATH or --path)
  jsonl       the generic JSONL format (see README), graph files relative to the file (PATH or --path)
  citeseer-nc, cora-nc, drugmechdb-lp
              node classification and link prediction by analogy (reasoning/analog): memory from
              the seeded training split (--seed), every test item asked (-n: a seeded sample);
              accuracy, per class, confusion matrix, calibration (reliability.png), each item's
              rule and explanation in results.jsonl; the dataset folders must be inside --data
  learned     the learned tools' models (graph_bert, seg_bert, kmeans, transe, bpr): test scores,
              baselines, training time and peak memory; trains the models not saved yet
              (--retrain: all; --tasks keeps some models or families)
  nlgraph     a folder of NLGraph task files, <task>.json or <task>.json.gz, e.g. the training split
              (PATH or --path; --tasks GNN,matching keeps some); answers are checked for validity
              (any shortest path, order or maximum matching) and counted correct, wrong or refused
  graphwiz    GraphWiz's test files, <task>_test.json for cycle, connectivity, hamilton, substructure,
              bipartite, flow, shortest, triplet, topology (Hugging Face GraphWiz/GraphInstruct-Test);
              each gold is audited against the catalogue, scores are given against the audited and
              the published gold side by side, and the audit is written to OUT/audit.md
  graphqa     GraphQA (Talk like a Graph) as its generator writes it: <task>_<method>_test.recordio
              (TFRecord files of tf.train.Example) for the twelve tasks (edge_existence, node_degree,
              node_count, edge_count, connected_nodes, disconnected_nodes, cycle_check, reachability,
              shortest_path, maximum_flow, node_classification, triangle_counting); rows per text
              encoder (--modes adjacency,incident keeps some); golds audited on each record's own graph
  gracore     GraCoRe's pure-graph files, Data/Pure Graph/<type>/graph_<n>.json of github.com/ZIKEYUAN/GraCoRe
              (PATH: the repository, its Data folder or Data/Pure Graph): nine graph types, thirteen tasks
              (node_number, average_degree, is_connected, similarity, shortest_path, max_flow, graph_traversal,
              tree_structure, bipartite_graph, graph_coloring, hamiltonian, tsp, eulerian); golds audited
  graphomni   GraphOmni's load_<task>.json (Hugging Face GoodAIResearch/GraphOmni-anon query/query_json, or
              results/jsonfile of github.com/sduzxj/GraphOmni-submission): connectivity, bfsorder, triangle,
              diameter, cycle, shortest_path; rows per serialization and prompt; golds audited on the
              graph each query shows
  graphinstruct  GraphInstruct's (github.com/CGCL-codes/GraphInstruct) <task>-int_id.csv, as its GTG generator
              writes them (it publishes no test files; PATH: the data root of script/dataset_generation, or one
              folder of the files): 21 tasks; golds audited on each record's graph (PageRank unverified)

Modes (--mode): tools (default) asks graphagent's agent; direct sends the benchmark's own prompt
to --llm alone and scores its answer by the benchmark's own answer rules (graphwiz, graphqa, gracore, graphomni, graphinstruct). Compare the
two reports with 'eval compare'. 'eval audit --suite graphwiz|graphqa|gracore|graphomni|graphinstruct PATH' prints the gold audit only.

Without --llm the builtin backend answers; with --llm URL --model NAME any OpenAI-compatible
endpoint answers, --concurrency requests at a time.

Examples:
  graphagent eval --suite gtools --split test --n 500 --out runs/builtin
  graphagent eval --suite nlgraph datasets/nlgraph_train --out runs/nlgraph
  graphagent eval --suite gtools-dir /data/gtools --llm http://127.0.0.1:8000/v1 --model qwen --concurrency 8
  graphagent eval compare runs/builtin/report.json runs/qwen/report.json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "suite", Value: eval.SuiteGTools, Usage: "gtools, gtools-dir, jsonl, nlgraph, graphwiz, graphqa, gracore, graphomni, graphinstruct, learned, citeseer-nc, cora-nc or drugmechdb-lp"},
			&cli.StringFlag{Name: "path", Usage: "folder (gtools-dir, nlgraph, graphwiz, graphqa, gracore, graphomni, graphinstruct) or file (jsonl) of the suite"},
			&cli.StringFlag{Name: "split", Value: eval.SplitTest, Usage: "gtools: train or test"},
			&cli.IntFlag{Name: "n", Usage: "gtools: items per task, direction and mode (default 10); other suites: at most n per task group"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "gtools: random seed"},
			&cli.StringFlag{Name: "modes", Usage: "comma-separated modes to keep: WL, EL (gtools; default both); text encoders such as adjacency, incident (graphqa; default all)"},
			&cli.StringFlag{Name: "tasks", Usage: "comma-separated tasks to keep, e.g. Flow,Topo (default all)"},
			&cli.StringFlag{Name: "llm", Usage: "base URL of an OpenAI-compatible server (default: --llm of graphagent, else builtin)"},
			&cli.StringFlag{Name: "model", Usage: "model name served at --llm"},
			&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "items asked at once"},
			&cli.StringFlag{Name: "out", Usage: "output folder (default eval-results/SUITE-SPLIT)"},
			&cli.BoolFlag{Name: "resume", Usage: "keep the finished items of OUT/results.jsonl and run the rest"},
			&cli.DurationFlag{Name: "timeout", Value: 2 * time.Minute, Usage: "bound on one item"},
			&cli.BoolFlag{Name: "no-charts", Usage: "skip the PNG charts"},
			&cli.BoolFlag{Name: "train-only", Usage: "citeseer-nc, cora-nc, drugmechdb-lp: memory holds only the training split (default: training and validation)"},
			&cli.BoolFlag{Name: "retrain", Usage: "learned: train every model again instead of reading the saved scores"},
			&cli.StringFlag{Name: "mode", Value: modeTools, Usage: "tools (graphagent's agent) or direct (the benchmark's prompt to --llm alone; graphwiz)"},
		},
		Subcommands: []*cli.Command{evalCompareCommand(), evalAuditCommand()},
		Action:      runEval,
	}
}

func runEval(c *cli.Context) error {
	ctx := c.Context
	suiteName := c.String("suite")
	if suiteName == "learned" {
		return runLearnedEval(c)
	}
	if eval.IsAnalogSuite(suiteName) {
		return runAnalogEval(c)
	}
	path := c.String("path")
	if path == "" && c.NArg() > 0 {
		path = c.Args().First()
	}
	if c.NArg() > 1 {
		return usageErr("eval takes at most one PATH, got %d arguments", c.NArg())
	}
	if c.Int("concurrency") < 1 {
		return usageErr("--concurrency must be at least 1")
	}
	if c.Int("n") < 0 {
		return usageErr("-n must not be negative, got %d", c.Int("n"))
	}
	if d := c.Duration("timeout"); d <= 0 {
		return usageErr("--timeout must be a positive duration such as 30s or 2m, got %v", d)
	}
	mode := c.String("mode")
	if mode != modeTools && mode != modeDirect {
		return usageErr("--mode must be tools or direct, got %q", mode)
	}
	if suiteName == eval.SuiteGTools && path != "" {
		return usageErr("eval: the gtools suite is generated and takes no PATH, got %q (a folder in the GTools layout is --suite gtools-dir; comparing reports is 'eval compare')", path)
	}
	out := c.String("out")
	if out == "" {
		out = filepath.Join("eval-results", suiteName+"-"+c.String("split"))
	}
	cfg := eval.SuiteConfig{Name: suiteName, Path: path, Split: c.String("split"), N: c.Int("n"), Seed: c.Uint64("seed"),
		Modes: splitList(c.String("modes")), Tasks: splitList(c.String("tasks")), WorkDir: filepath.Join(out, "data")}
	suite, err := eval.OpenSuite(ctx, cfg)
	if err != nil {
		return usageErr("eval: %v", err)
	}
	if len(suite.Items) == 0 {
		return usageErr("eval: the suite has no items (check --modes and --tasks)")
	}

	backend := "builtin"
	var planner *reasoning.LLMPlanner
	p, err := newPlanner(c)
	if err != nil {
		return err
	}
	if p != nil {
		defer p.Close()
		planner, backend = p, p.Name()
	}
	var asker eval.Asker
	if mode == modeDirect {
		if planner == nil {
			return usageErr("eval: --mode direct sends the benchmark's prompt to a model alone: give --llm URL --model NAME")
		}
		if suite.Prompt == nil {
			return usageErr("eval: the %s suite has no direct mode (its benchmark's prompt is not built here)", suite.Name)
		}
		asker, backend = eval.DirectAsker{Model: planner, Prompt: suite.Prompt}, backend+" direct"
	} else {
		cfg := agent.Config{}
		if planner != nil {
			cfg.Planner = planner
		}
		a, err := eval.NewAgent(ctx, suite, cfg)
		if err != nil {
			return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
		}
		defer a.Close()
		asker = eval.AgentAsker{Agent: a}
	}
	if hasAudit(suite) {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
		}
		if err := os.WriteFile(filepath.Join(out, auditName), []byte(eval.AuditMarkdown(suite.Name, suite.Items, 5)), 0o644); err != nil {
			return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
		}
	}

	tty := false
	if f, ok := c.App.ErrWriter.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	fmt.Fprintf(c.App.ErrWriter, "eval: %d items of %s with %s, concurrency %d, results in %s\n", len(suite.Items), suite.Name, backend, c.Int("concurrency"), out)
	rep, err := eval.Run(ctx, suite, asker, eval.RunConfig{
		Out: out, Concurrency: c.Int("concurrency"), Resume: c.Bool("resume"), Backend: backend,
		ItemTimeout: c.Duration("timeout"), Progress: c.App.ErrWriter, Terminal: tty, NoCharts: c.Bool("no-charts"),
	})
	if rep != nil {
		fmt.Fprint(c.App.Writer, rep.Markdown())
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("eval: %v (finished items are in %s; rerun with --resume)", err, filepath.Join(out, eval.ResultsName)), exitNoAnswer)
	}
	return nil
}

func evalCompareCommand() *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "print per-task differences between two reports (B minus A)",
		ArgsUsage: "A.json B.json",
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return usageErr("eval compare needs two report files, A.json B.json")
			}
			a, err := eval.ReadReport(c.Args().Get(0))
			if err != nil {
				return usageErr("%v", err)
			}
			b, err := eval.ReadReport(c.Args().Get(1))
			if err != nil {
				return usageErr("%v", err)
			}
			fmt.Fprint(c.App.Writer, eval.Compare(a, b))
			return nil
		},
	}
}

// Eval modes.
const (
	modeTools  = "tools"
	modeDirect = "direct"
)

// auditName is the gold audit's file in the output folder.
const auditName = "audit.md"

// hasAudit reports whether the suite's items carry a gold audit.
func hasAudit(s *eval.Suite) bool {
	for i := range s.Items {
		if s.Items[i].Audit != nil {
			return true
		}
	}
	return false
}

// evalAuditCommand is `graphagent eval audit`: the gold audit of a suite.
func evalAuditCommand() *cli.Command {
	return &cli.Command{
		Name:      "audit",
		Usage:     "re-derive every gold of a benchmark suite from its graph and list the published golds that are provably wrong",
		ArgsUsage: "PATH",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "suite", Value: eval.SuiteGraphWiz, Usage: "graphwiz, graphqa, gracore, graphomni or graphinstruct"},
			&cli.StringFlag{Name: "tasks", Usage: "comma-separated tasks to keep (default all)"},
			&cli.IntFlag{Name: "n", Usage: "at most n items per task"},
			&cli.StringFlag{Name: "modes", Usage: "graphqa: comma-separated text encoders to keep (default all)"},
			&cli.IntFlag{Name: "examples", Value: 5, Usage: "proofs listed per task"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErr("eval audit needs the suite's folder, PATH")
			}
			suite, err := eval.OpenSuite(c.Context, eval.SuiteConfig{Name: c.String("suite"), Path: c.Args().First(), N: c.Int("n"), Tasks: splitList(c.String("tasks")), Modes: splitList(c.String("modes"))})
			if err != nil {
				return usageErr("eval audit: %v", err)
			}
			if !hasAudit(suite) {
				return usageErr("eval audit: the %s suite has no gold audit", suite.Name)
			}
			fmt.Fprint(c.App.Writer, eval.AuditMarkdown(suite.Name, suite.Items, c.Int("examples")))
			return nil
		},
	}
}
