// Command genstmtkeys writes the skeleton keys of the shipped
// Graph-ToolFormer training prompts (statement.BuiltinKeySnapshot), which
// reasoning/statement embeds so that `graphagent run` does not compute them
// at start-up. Run it through go generate ./reasoning/statement.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/graphagent/graphagent/reasoning/statement"
)

func main() {
	out := flag.String("o", "translate_keys.bin", "file to write")
	flag.Parse()
	data, err := statement.BuiltinKeySnapshot()
	if err == nil {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genstmtkeys:", err)
		os.Exit(1)
	}
}
