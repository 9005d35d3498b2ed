package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/reasoning/explore"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/kg"
	"github.com/graphagent/graphagent/tools/learned"
)

// learnedForAgent are the learned tools of ask, chat, serve and mcp: the
// tools over a model store, which says which models are trained, and the
// shipped knowledge graphs' explorers for completion questions
// (learnedq.Explorers), each loaded on first use.
type learnedForAgent struct {
	*tools.Registry
	store *learned.Store
	*explore.Cache
}

// newLearnedForAgent returns the learned tools of reg over store, with the
// knowledge graphs read from the data folders dirs.
func newLearnedForAgent(reg *tools.Registry, store *learned.Store, dirs []string) *learnedForAgent {
	return &learnedForAgent{Registry: reg, store: store, Cache: explore.NewCache(func(ctx context.Context, dataset string) (*kg.KG, error) {
		sb, err := graph.NewSandbox(dirs...)
		if err != nil {
			return nil, err
		}
		defer sb.Close()
		g, err := kg.Load(ctx, sb.Open, dataset)
		if err != nil {
			return nil, fmt.Errorf("load the knowledge graph %s (is its folder inside --data?): %w", dataset, err)
		}
		return g, nil
	}, explore.Options{})}
}

// Trained reports whether the model answering tool on dataset is saved and
// up to date.
func (l *learnedForAgent) Trained(tool, dataset string) bool {
	for _, d := range learned.Defs() {
		if d.Dataset == dataset && slices.Contains(d.Tools, tool) {
			_, err := l.store.Check(d)
			return err == nil
		}
	}
	return false
}

// learnedTools returns the learned tools for ask, chat, serve and mcp: a
// model store under the home folder reading the data folders, which trains
// an absent model on demand after saying so on stderr (no progress bar: the
// question's own output is on the terminal). nil when the home folder is
// unknown, which leaves those questions to the other steps.
func learnedTools(c *cli.Context) *learnedForAgent {
	home, err := homeDir(c)
	if err != nil {
		return nil
	}
	store := learned.NewStore(learned.StoreConfig{
		Home: home, DataDirs: dataDirs(c), TrainOnDemand: true,
		Notify: func(msg string) { fmt.Fprintln(c.App.ErrWriter, "graphagent:", msg) },
	})
	reg, err := learned.NewRegistry(store)
	if err != nil {
		return nil
	}
	return newLearnedForAgent(reg, store, dataDirs(c))
}

// analogAccuracy is the builtin analogical reasoner's measured test accuracy
// per dataset: `graphagent eval --suite cora-nc` and `--suite citeseer-nc`
// (seed 1, whole test splits), as eval/results/analog-cora-nc.md and
// analog-citeseer-nc.md report them (a test keeps them equal). Read-only.
var analogAccuracy = map[string]float64{"cora": 0.8859, "citeseer": 0.7602}

// measuredAnalogy is the analogical reasoner with its measured test
// accuracy (agent.TestAccuracy), which an answer combined with a trained
// model's states. The LLM reasoner's accuracy is not measured.
type measuredAnalogy struct {
	*analog.Service
	llm bool
}

// TestAccuracy returns the reasoner's measured test accuracy on dataset.
func (m measuredAnalogy) TestAccuracy(dataset string) (float64, bool) {
	if m.llm {
		return 0, false
	}
	acc, ok := analogAccuracy[dataset]
	return acc, ok
}
