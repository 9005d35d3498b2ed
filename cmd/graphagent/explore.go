package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/reasoning/explore"
	"github.com/graphagent/graphagent/tools/kg"
)

func exploreCommand() *cli.Command {
	return &cli.Command{
		Name:      "explore",
		Usage:     "explore a knowledge graph in plain language (GraphLingo)",
		ArgsUsage: `["QUESTION"]`,
		Description: `A question in words becomes a triple pattern or a path query over the knowledge graph:
  graphagent --data datasets explore --kg wn18rr "what are the hypernyms of dog?"
  graphagent --data datasets explore --kg drugmechdb "which proteins does acetylsalicylic acid act on?"
  graphagent --data datasets explore --kg drugmechdb "what connects metformin to diabetes?"
The answer lists the matching triples with names and suggests three follow-up questions, each of
which has an answer. --kg is wn18rr, fb15k237, drugmechdb (read from the data folders, or their
datasets/ folder) or a file of triples (head, relation, tail per line) inside the data folders.

Entity names are matched exactly or by embedding similarity: --lambda 0 reads exact names only,
1 similarity only; in between, an exact name always wins and a similar one is read when no name
matches exactly. When the reading is uncertain (no entity, an ambiguous name, no relation) the
answer says what was read and exit code is 1.

Without a question, explore is interactive: type questions, a suggestion's number, "back",
"history", "goto N", "lambda X" or "quit".`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "kg", Required: true, Usage: "wn18rr, fb15k237, drugmechdb or a file of triples inside the data folders"},
			&cli.Float64Flag{Name: "lambda", Value: explore.DefaultLambda, Usage: "weight of name similarity against exact names, 0..1"},
			jsonFlag(),
		},
		Action: exploreAction,
	}
}

// loadKG loads a knowledge graph by name or file, through the sandbox.
func loadKG(c *cli.Context, name string) (*kg.KG, error) {
	sb, err := newSandbox(c)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	defer sb.Close()
	g, err := kg.Load(c.Context, sb.Open, name)
	if err != nil {
		if kg.IsNamed(name) {
			return nil, usageErr("load the knowledge graph %s: %v (is its folder inside --data?)", name, err)
		}
		return nil, usageErr("load the knowledge graph %s: %v", name, err)
	}
	return g, nil
}

func exploreAction(c *cli.Context) error {
	if c.NArg() > 1 {
		return usageErr("explore takes at most one question (quote it); got %d arguments", c.NArg())
	}
	lambda := c.Float64("lambda")
	if lambda < 0 || lambda > 1 || lambda != lambda {
		return usageErr("--lambda must be between 0 and 1, not %v", lambda)
	}
	g, err := loadKG(c, c.String("kg"))
	if err != nil {
		return err
	}
	x := explore.New(g, explore.Options{})
	sess := x.NewSession(lambda)
	w := c.App.Writer
	if c.NArg() == 1 {
		ans, err := sess.Ask(c.Context, c.Args().First())
		if perr := printExplore(c, w, "", ans); perr != nil {
			return perr
		}
		if errors.Is(err, explore.ErrDeclined) {
			return cli.Exit("", exitNoAnswer)
		}
		return err
	}
	interactive := isTerminal(c.App.Reader)
	if interactive {
		fmt.Fprintf(w, "Exploring %s: %d entities, %d relations, %d triples. λ = %g. Type a question, a suggestion's number, back, history, goto N, lambda X or quit.\n",
			g.Name(), g.NumEntities(), g.NumRelations(), g.NumTriples(), lambda)
	}
	lines := newLineReader(c.App.Reader, maxChatLine) // a signal ends the wait for a line
	defer lines.close()
	return exploreLoop(c.Context, c, sess, lines, w, interactive)
}

// exploreLoop reads commands and questions until quit or the end of input.
func exploreLoop(ctx context.Context, c *cli.Context, sess *explore.Session, lines *lineReader, w io.Writer, prompt bool) error {
	for {
		if prompt {
			fmt.Fprint(w, "explore> ")
		}
		in := lines.next(ctx)
		if ctx.Err() != nil {
			return nil
		}
		line, tooLong, err := in.text, in.tooLong, in.err
		q := strings.TrimSpace(line)
		switch {
		case tooLong:
			fmt.Fprintf(w, "I could not answer: the line is longer than %d bytes.\n", maxChatLine)
		case q == "":
		case q == "quit" || q == "exit" || q == "/quit" || q == "/exit":
			return nil
		default:
			if perr := exploreLine(ctx, c, sess, w, q); perr != nil {
				return perr
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return cli.Exit(fmt.Sprintf("reading input: %v", err), exitUsage)
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}

// exploreLine runs one line of an exploration and prints the result; only
// a failure to write is returned.
func exploreLine(ctx context.Context, c *cli.Context, sess *explore.Session, w io.Writer, line string) error {
	note, ans, err := sess.Command(ctx, line)
	if err != nil && ans == nil {
		if c.Bool("json") {
			return writeJSON(w, map[string]string{"error": err.Error()})
		}
		_, werr := fmt.Fprintln(w, "I could not do that:", err)
		return werr
	}
	return printExplore(c, w, note, ans)
}

// printExplore prints an answer (and a note such as "Back to step 2") as
// text with its suggestions, or as JSON.
func printExplore(c *cli.Context, w io.Writer, note string, ans *explore.Answer) error {
	if c.Bool("json") {
		if ans == nil {
			return writeJSON(w, map[string]string{"note": note})
		}
		return writeJSON(w, ans)
	}
	if note != "" {
		if _, err := fmt.Fprintln(w, note); err != nil {
			return err
		}
	}
	if ans == nil {
		return nil
	}
	var b strings.Builder
	b.WriteString(ans.Text)
	b.WriteByte('\n')
	if len(ans.Suggestions) > 0 {
		b.WriteString("You could ask next:\n")
		for i, s := range ans.Suggestions {
			fmt.Fprintf(&b, "  %d. %s\n", i+1, s)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// chatExplore runs chat's "/explore ARG": ARG is a knowledge graph to
// explore from now on (as the explore command), "off" to return to graph
// questions, or empty to say which is explored. It returns the session
// lines go to, nil for none.
func chatExplore(c *cli.Context, w io.Writer, cur *explore.Session, arg string) *explore.Session {
	switch arg {
	case "":
		if cur == nil {
			fmt.Fprintln(w, "No knowledge graph is explored. /explore wn18rr, fb15k237, drugmechdb or a file of triples starts; /explore off ends.")
		} else {
			fmt.Fprintf(w, "Exploring %s (λ = %g); /explore off returns to graph questions.\n", cur.KG().Name(), cur.Lambda())
		}
		return cur
	case "off":
		if cur != nil {
			fmt.Fprintln(w, "Back to graph questions.")
		}
		return nil
	}
	g, err := loadKG(c, arg)
	if err != nil {
		fmt.Fprintln(w, "I could not load it:", err)
		return cur
	}
	fmt.Fprintf(w, "Exploring %s: %d entities, %d relations, %d triples. Ask questions; back, history, goto N, lambda X; /explore off returns.\n",
		g.Name(), g.NumEntities(), g.NumRelations(), g.NumTriples())
	return explore.New(g, explore.Options{}).NewSession(explore.DefaultLambda)
}
