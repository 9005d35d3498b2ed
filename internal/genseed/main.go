// Command genseed writes the seed set of the catalogue with the default
// options and the builtin encoder fitted on it (seed.Snapshot), which the
// memory/seed package embeds so that no process runs every tool and fits
// the encoder when it opens long-term memory. Run it through go generate
// ./memory/seed.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/graphagent/graphagent/memory/seed"
	"github.com/graphagent/graphagent/tools"
)

func main() {
	out := flag.String("o", "seedset.bin", "file to write")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "genseed:", err)
		os.Exit(1)
	}
}

func write(path string) error {
	data, err := seed.Snapshot(context.Background(), tools.Catalogue(), seed.Options{})
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
