package main

import (
	"fmt"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/learned"
)

// learnedForAgent are the learned tools of ask, chat, serve and mcp: the
// tools over a model store, which says which models are trained.
type learnedForAgent struct {
	*tools.Registry
	store *learned.Store
}

// Trained reports whether the model answering tool on dataset is saved and
// up to date.
func (l learnedForAgent) Trained(tool, dataset string) bool {
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
	return &learnedForAgent{Registry: reg, store: store}
}
