// Command gentoolindex writes the serialised tool index of the catalogue
// over the builtin encoder (retrieval.ToolIndex.MarshalBinary), which the
// agent package embeds so that no process encodes the catalogue at
// start-up. Run it through go generate ./agent.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/retrieval"
	"github.com/graphagent/graphagent/tools"
)

func main() {
	out := flag.String("o", "toolindex.bin", "file to write")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gentoolindex:", err)
		os.Exit(1)
	}
}

func write(path string) error {
	idx, err := retrieval.NewToolIndex(context.Background(), tools.Catalogue().Specs(), encoders.NewBuiltin(nil))
	if err != nil {
		return err
	}
	data, err := idx.MarshalBinary()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
