// Command graphagent answers questions about graphs with exact algorithms,
// chosen and parameterised by a locally served LLM or by the builtin backend.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"
)

// Exit codes of the command line (DESIGN.md): 0 answered, 1 could not answer,
// 2 bad usage or input.
const (
	exitOK       = 0
	exitNoAnswer = 1
	exitUsage    = 2
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the CLI with the given arguments and streams and returns the
// exit code; tests call it directly.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, interspersed(app, args))
	if err == nil {
		return exitOK
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "graphagent:", msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "graphagent:", err)
	return exitUsage
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:  "graphagent",
		Usage: "answer questions about graphs with exact algorithms, an LLM optional",
		Description: `graphagent extracts the graph from a question (or loads it from a file), picks the tool
that answers it, extracts the tool's parameters, runs an exact algorithm and explains what it did.
Without --llm it uses the builtin backend (no model needed); with --llm URL it asks any
OpenAI-compatible server (vLLM, llama.cpp server, SGLang, Ollama) for the language steps.

Examples:
  graphagent ask "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?"
  graphagent tools list
  graphagent tools run shortest_path --graph roads.edgelist --arg source=1 --arg target=9`,
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		ExitErrHandler:       func(*cli.Context, error) {}, // run() prints and maps errors
		Flags:                globalFlags(),
		Commands: []*cli.Command{
			askCommand(),
			chatCommand(),
			toolsCommand(),
			memoryCommand(),
			genCommand(),
			evalCommand(),
		},
	}
}

// usageErr reports bad usage or input (exit code 2).
func usageErr(format string, a ...any) error {
	return cli.Exit(fmt.Sprintf(format, a...), exitUsage)
}
