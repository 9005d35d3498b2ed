package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// interspersed moves a command's flags in front of its positional arguments so
// that `graphagent tools run NAME --graph FILE` works: urfave/cli v2 stops
// reading flags at the first positional argument. Flags are recognised from
// the command's own definitions (to know which take a value); everything after
// "--" is left alone.
func interspersed(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	rest := args[1:]
	cmds := app.Commands
	flags := app.Flags
	for {
		// Copy this level's leading flags, then find the subcommand.
		i := 0
		for i < len(rest) && looksLikeFlag(rest[i]) {
			i += 1 + flagArity(flags, rest[i], rest[i+1:])
		}
		if i > len(rest) {
			i = len(rest)
		}
		out = append(out, rest[:i]...)
		rest = rest[i:]
		if len(rest) == 0 {
			return out
		}
		var next *cli.Command
		for _, c := range cmds {
			if c.HasName(rest[0]) {
				next = c
				break
			}
		}
		if next == nil {
			break
		}
		out = append(out, rest[0])
		rest = rest[1:]
		if len(next.Subcommands) == 0 {
			flags = next.Flags
			break
		}
		cmds, flags = next.Subcommands, next.Flags
	}
	// Leaf command: flags first, then positional arguments.
	var fl, pos []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			pos = append(pos, rest[i:]...)
			break
		}
		if looksLikeFlag(a) {
			n := flagArity(flags, a, rest[i+1:])
			end := min(i+1+n, len(rest))
			fl = append(fl, rest[i:end]...)
			i = end - 1
			continue
		}
		pos = append(pos, a)
	}
	if len(pos) > 0 && pos[0] != "--" {
		pos = append([]string{"--"}, pos...)
	}
	return append(append(out, fl...), pos...)
}

// looksLikeFlag reports whether a token is written as a flag: -x, --name or
// --name=value. "-" alone (standard input), "--" and text that merely starts
// with a dash ("- 0-1, 1-2: how many edges?", "-3") are arguments.
func looksLikeFlag(tok string) bool {
	name, ok := strings.CutPrefix(tok, "-")
	if !ok {
		return false
	}
	name = strings.TrimPrefix(name, "-")
	name, _, _ = strings.Cut(name, "=")
	if name == "" {
		return false
	}
	for i, r := range name {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '-' || r == '_')) {
			return false
		}
	}
	return true
}

// flagArity is 1 when flag tok takes the next token as its value, else 0.
func flagArity(flags []cli.Flag, tok string, next []string) int {
	name := strings.TrimLeft(tok, "-")
	if strings.Contains(name, "=") || len(next) == 0 {
		return 0
	}
	for _, f := range flags {
		for _, n := range f.Names() {
			if n != name {
				continue
			}
			if _, isBool := f.(*cli.BoolFlag); isBool {
				return 0
			}
			return 1
		}
	}
	if name == "help" || name == "h" {
		return 0
	}
	return 0
}
