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
	"strings"
	"syscall"

	"github.com/graphagent/graphagent/internal/textutil"
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
	deferGC()
	endProfile := startProfile()
	ctx, cancel := context.WithCancelCause(context.Background())
	// SIGTERM ends the command; Ctrl-C (SIGINT) goes through interrupts,
	// which chat uses to cancel one question only.
	intr := &interrupts{command: cancel}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		for s := range sigs {
			if s == syscall.SIGTERM {
				cancel(context.Canceled)
				continue
			}
			intr.fire()
		}
	}()
	code := run(withInterrupts(ctx, intr), os.Args, os.Stdin, os.Stdout, os.Stderr)
	signal.Stop(sigs)
	cancel(nil)
	endProfile()
	os.Exit(code)
}

// run executes the CLI with the given arguments and streams and returns the
// exit code; tests call it directly.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	// urfave/cli reports an unknown command with exit code 3 ("No help
	// topic"), or calls CommandNotFound and succeeds: record it to fail
	// with a usage error instead. It also looks a leaf command's first
	// argument up as a command when asked for the leaf's help ("tools run
	// NAME --help", or with another error such as a missing required
	// flag, which is then the one reported): show the leaf's help.
	var unknown error
	app.CommandNotFound = func(c *cli.Context, name string) {
		if lineage := c.Lineage(); c.Command != nil && !hasSubcommands(c.Command) && len(lineage) > 1 {
			_ = cli.ShowCommandHelp(lineage[1], c.Command.Name)
			return
		}
		unknown = unknownCommand(c, name)
	}
	forgiveUsage(app)
	err := app.RunContext(ctx, interspersed(app, helpAsFlag(app, args)))
	if err == nil && unknown != nil {
		err = unknown
	}
	if err == nil {
		return exitOK
	}
	if interrupted(ctx) {
		fmt.Fprintln(stderr, "graphagent: interrupted")
		return exitInterrupted
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "graphagent:", textutil.Truncate(tidyMessage(msg), maxErrorBytes))
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "graphagent:", textutil.Truncate(tidyMessage(err.Error()), maxErrorBytes))
	return exitUsage
}

// maxErrorBytes bounds an error message printed: errors may quote input,
// and input can be megabytes long.
const maxErrorBytes = 4096

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
  graphagent tools run shortest_path --graph roads.edgelist --arg source=1 --arg target=9

Exit codes:
  0  answered (or the command did what it was asked)
  1  could not answer: no tool fits, the reading of the question is uncertain, the LLM failed
  2  bad usage or input: an unknown command, flag or tool, a malformed graph file, a file outside
     the data folders or that is not a regular file (a FIFO, a device), a node not in the graph`,
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		ExitErrHandler:       func(*cli.Context, error) {}, // run() prints and maps errors
		Flags:                globalFlags(),
		Before:               checkDataFlag,
		Commands: []*cli.Command{
			askCommand(),
			chatCommand(),
			toolsCommand(),
			memoryCommand(),
			genCommand(),
			evalCommand(),
			exploreCommand(),
			runCommand(),
			serveCommand(),
			mcpCommand(),
			graphCommand(),
			trainCommand(),
		},
	}
}

// unknownCommand is the usage error for a command name that c's command
// (or the app) does not have: it lists the commands there and suggests the
// nearest.
func unknownCommand(c *cli.Context, name string) error {
	cmds, where := c.App.Commands, c.App.Name
	if c.Command != nil && hasSubcommands(c.Command) && c.Command.Name != c.App.Name {
		cmds, where = c.Command.Subcommands, c.App.Name+" "+c.Command.Name
	}
	var names []string
	lower := strings.ToLower(name)
	best, bestDist := "", 3 // suggest a name within two edits, else one it begins
	for _, cmd := range cmds {
		if cmd.Hidden || cmd.Name == "help" {
			continue
		}
		names = append(names, cmd.Name)
		for _, n := range cmd.Names() {
			d := textutil.EditDistance(lower, n)
			if d > 2 && len(lower) >= 2 && strings.HasPrefix(n, lower) {
				d = 2
			}
			if d < bestDist {
				best, bestDist = cmd.Name, d
			}
		}
	}
	hint := "."
	if best != "" {
		hint = fmt.Sprintf("; did you mean %q?", best)
	}
	return usageErr("unknown command %q for %s%s The commands are: %s (see '%s --help')",
		name, where, hint, strings.Join(names, ", "), where)
}

// hasSubcommands reports whether cmd has subcommands other than the help
// command urfave/cli adds to every command.
func hasSubcommands(cmd *cli.Command) bool {
	for _, sub := range cmd.Subcommands {
		if !sub.HasName("help") {
			return true
		}
	}
	return false
}

// usageErr reports bad usage or input (exit code 2).
func usageErr(format string, a ...any) error {
	return cli.Exit(fmt.Sprintf(format, a...), exitUsage)
}
