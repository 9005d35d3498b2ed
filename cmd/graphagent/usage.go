package main

import (
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/urfave/cli/v2"
)

// forgiveUsage makes every command of app answer a usage error (an unknown
// flag, a flag without its value) in one line that names the fix, instead
// of urfave/cli's whole help followed by the error.
func forgiveUsage(app *cli.App) {
	app.OnUsageError = usageHandler(app.Name, app.Flags, nil)
	var walk func(path string, cmds []*cli.Command, inherited []cli.Flag)
	walk = func(path string, cmds []*cli.Command, inherited []cli.Flag) {
		for _, cmd := range cmds {
			name := path + " " + cmd.Name
			cmd.OnUsageError = usageHandler(name, cmd.Flags, inherited)
			walk(name, cmd.Subcommands, inherited)
		}
	}
	walk(app.Name, app.Commands, app.Flags)
}

// usageHandler reports a usage error of the command named path, whose own
// flags are flags (global ones, given before the command, are global).
func usageHandler(path string, flags, global []cli.Flag) cli.OnUsageErrorFunc {
	return func(_ *cli.Context, err error, _ bool) error {
		// run prefixes "graphagent: "; the subject is the command below it.
		subject := "there is no global flag"
		if cmd, ok := strings.CutPrefix(path, "graphagent "); ok {
			subject = cmd + " has no flag"
		}
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			name = strings.TrimLeft(name, "-")
			return usageErr("%s %s%s (see '%s --help')", subject, dashed(name), flagHint(name, flags, global), path)
		}
		if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
			return usageErr("%s needs a value (see '%s --help')", dashed(strings.TrimLeft(name, "-")), path)
		}
		return usageErr("%s (see '%s --help')", msg, path)
	}
}

// flagHint suggests the flag nearest to the unknown name (within two edits,
// or one it begins), or says that a global flag goes before the command.
func flagHint(name string, flags, global []cli.Flag) string {
	lower := strings.ToLower(name)
	best, bestDist := "", 3
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == "help" || n == "h" {
				continue
			}
			d := textutil.EditDistance(lower, n)
			if d > 2 && len(lower) >= 2 && strings.HasPrefix(n, lower) {
				d = 2
			}
			if d < bestDist {
				best, bestDist = n, d
			}
		}
	}
	if best != "" {
		return fmt.Sprintf("; did you mean %s?", dashed(best))
	}
	for _, f := range global {
		for _, n := range f.Names() {
			if n == lower {
				return fmt.Sprintf("; %s is a global flag: put it before the command (graphagent %s ...)", dashed(n), dashed(n))
			}
		}
	}
	return ""
}

// dashed writes a flag name as it is typed: -n, --explain.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// helpAsFlag turns "help CMD [SUB...]" (after the global flags) into
// "CMD [SUB...] --help", so that both print the same page: urfave/cli's help
// command shows a command that has subcommands without its options, and
// "help tools run" the help of tools.
func helpAsFlag(app *cli.App, args []string) []string {
	i := 1
	for i < len(args) && looksLikeFlag(args[i]) {
		i += 1 + flagArity(app.Flags, args[i], args[i+1:])
	}
	if i >= len(args)-1 || (args[i] != "help" && args[i] != "h") {
		return args
	}
	words := args[i+1:]
	cmds := app.Commands
	for _, w := range words {
		var next *cli.Command
		for _, c := range cmds {
			if c.HasName(w) {
				next = c
				break
			}
		}
		if next == nil {
			return args // an unknown name: reported as such
		}
		cmds = next.Subcommands
	}
	out := append([]string{}, args[:i]...)
	out = append(out, words...)
	return append(out, "--help")
}
