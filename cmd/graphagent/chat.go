package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/reasoning/explore"
)

// maxChatLine is the longest chat line read; longer lines are refused and
// skipped.
const maxChatLine = 8 << 20

func chatCommand() *cli.Command {
	return &cli.Command{
		Name:  "chat",
		Usage: "conversation; graphs and results stay in working memory",
		Description: `Reads one question per line. A graph loaded or written in one question stays for the next
("load karate/edges.tsv", then "what is its diameter?"). Follow-ups reuse the previous question:
"and node 33?" asks the same of another node, "what about the directed version?" (or "and if it
were undirected?") reads the graph again with the other direction and asks again, "what is its
closeness?" asks about the previous question's node. A question that needs several tools ("the
shortest path between the two highest-PageRank nodes") is shown as a plan first: answer yes, no or
an edit such as "skip step 2" or "change step 3 to radius". With --learn, exact tool answers are written to long-term memory as solved
examples, and an analogy answer ("what is the topic of paper X in citeseer?") is when the next line
confirms it (yes, correct). Commands:
/graphs lists the graphs in working memory, /explore KG explores a knowledge graph (as the explore
command; /explore off returns), /quit ends. With piped input no prompt is printed.
--timeout bounds each question as in ask.`,
		Flags: append([]cli.Flag{
			jsonFlag(),
			&cli.BoolFlag{Name: "explain", Usage: "print the steps taken after each answer"},
			timeoutFlag(),
			learnFlag(),
		}, llmFlags()...),
		Action: chatAction,
	}
}

func chatAction(c *cli.Context) error {
	a, timeout, err := startAgent(c, "chat takes no arguments; type questions after it starts")
	if err != nil {
		return err
	}
	defer closeAgent(a)
	sess := a.NewSession(memory.WorkingLimits{})
	w := c.App.Writer
	interactive := isTerminal(c.App.Reader)
	if interactive {
		fmt.Fprintf(w, "graphagent chat (%s backend). /graphs lists loaded graphs; Ctrl-C cancels a question; /quit or Ctrl-D ends.\n", a.Planner().Name())
	}
	// Lines are read on their own goroutine: a signal ends chat even
	// while it waits for one.
	lines := newLineReader(c.App.Reader, maxChatLine)
	defer lines.close()
	var kgx *explore.Session // after "/explore KG", lines explore that knowledge graph
	// pending is the last analogy answer, which "yes" confirms (--learn).
	var pending *analog.Answer
	var pendingQ string
	for {
		if interactive {
			fmt.Fprint(w, "> ")
		}
		in := lines.next(c.Context)
		if c.Context.Err() != nil {
			return nil
		}
		line, tooLong, err := in.text, in.tooLong, in.err
		if tooLong {
			fmt.Fprintf(w, "I could not answer: the line is longer than %d bytes.\n", maxChatLine)
		}
		q := strings.TrimSpace(line)
		confirmed := pending
		pending = nil
		switch {
		case tooLong || q == "":
		case confirmed != nil && isConfirmation(q):
			ex, lerr := analog.LearnedExample(pendingQ, confirmed)
			if lerr == nil {
				lerr = learnExample(c, ex)
			}
			if lerr != nil {
				return lerr
			}
			if svc, ok := a.Labelled().(interface{ Learn(*analog.Answer) }); ok {
				svc.Learn(confirmed)
			}
			fmt.Fprintf(w, "Learned: %s\n", confirmed.Sentence())
		case q == "/quit" || q == "/exit":
			return nil
		case q == "/graphs":
			names := sess.Graphs()
			if len(names) == 0 {
				fmt.Fprintln(w, "No graphs in working memory.")
			}
			for _, n := range names {
				g, _ := sess.Working().Get(n)
				fmt.Fprintf(w, "%s: %d nodes, %d edges\n", n, g.N(), g.M())
			}
		case q == "/help":
			fmt.Fprintln(w, "Ask a question about a graph; /graphs lists loaded graphs; /quit ends.")
		case q == "/explore" || strings.HasPrefix(q, "/explore "):
			kgx = chatExplore(c, w, kgx, strings.TrimSpace(strings.TrimPrefix(q, "/explore")))
		case kgx != nil && !isChatCommand(q):
			if perr := exploreLine(c.Context, c, kgx, w, q); perr != nil {
				return perr
			}
		case isChatCommand(q):
			fmt.Fprintf(w, "Unknown command %s. The commands are %s.\n", strings.Fields(q)[0], chatCommands)
		default:
			// Ctrl-C cancels this question only (qcancel), and chat returns
			// to its prompt.
			qctx, qcancel := context.WithCancelCause(c.Context)
			restore := func() {}
			if intr := interruptsOf(c.Context); intr != nil {
				restore = intr.during(qcancel)
			}
			ctx, cancel := context.WithTimeout(qctx, timeout)
			// A chain of several tools is shown first; the next line
			// confirms, cancels or edits it.
			planOut := w
			if c.Bool("json") {
				planOut = c.App.ErrWriter // stdout holds one JSON answer per question
			}
			review := chainReview(planOut, a.Registry(), func(ctx context.Context) (string, error) {
				in := lines.next(ctx)
				return in.text, in.err
			})
			ans, askErr := sess.Ask(ctx, q, agent.WithChainReview(review))
			if askErr != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) && c.Context.Err() == nil {
				askErr = timeoutErr(c, timeout, askErr)
				if ans != nil {
					ans.Answer = "I could not answer: " + askErr.Error()
				}
			}
			cancel()
			restore()
			stopped := interrupted(qctx) && c.Context.Err() == nil
			qcancel(nil)
			if stopped {
				fmt.Fprintln(w, "Interrupted. Ask another question, or press Ctrl-D (or Ctrl-C again) to leave.")
				break
			}
			if ans != nil && askErr != nil && !c.Bool("json") {
				fmt.Fprintln(w, tidyMessage(ans.Answer))
			}
			if perr := printAnswer(c, ans, askErr); perr != nil {
				return perr
			}
			if c.Bool("learn") && askErr == nil {
				if aa, ok := analogyAnswer(ans); ok && !aa.Known {
					pending, pendingQ = aa, q
				} else if ex, ok := agent.SolvedExample(q, ans); ok {
					if lerr := learnExample(c, ex); lerr != nil {
						return lerr
					}
				}
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return cli.Exit(fmt.Sprintf("reading input: %v", err), exitUsage)
		}
		if c.Context.Err() != nil {
			return nil
		}
	}
}

// chatCommands are the commands chat knows, as an unknown one lists them.
const chatCommands = "/graphs, /explore KG, /help, /quit, /exit"

// isChatCommand reports whether a chat line is a command: its first word is
// a slash and a name ("/foo", "/foo bar"), not a path ("/data/g.tsv").
func isChatCommand(q string) bool {
	word, _, _ := strings.Cut(q, " ")
	if len(word) < 2 || word[0] != '/' {
		return false
	}
	for _, r := range word[1:] {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return false
		}
	}
	return unicode.IsLetter(rune(word[1]))
}

// readChatLine reads one line of at most limit bytes; the rest of a longer
// line is discarded and tooLong set.
func readChatLine(br *bufio.Reader, limit int) (line string, tooLong bool, err error) {
	var b strings.Builder
	for {
		chunk, isPrefix, rerr := br.ReadLine()
		if !tooLong {
			if b.Len()+len(chunk) > limit {
				tooLong = true
				b.Reset()
			} else {
				b.Write(chunk)
			}
		}
		if rerr != nil {
			return b.String(), tooLong, rerr
		}
		if !isPrefix {
			return b.String(), tooLong, nil
		}
	}
}

// isTerminal reports whether stream (a reader or writer) is an interactive
// terminal.
func isTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// startAgent does what the long-running commands (chat, serve, mcp) do
// first: refuse arguments with noArgs as the usage error, read --timeout
// and make the agent, which the caller closes with closeAgent.
func startAgent(c *cli.Context, noArgs string) (*agent.Agent, time.Duration, error) {
	if c.NArg() != 0 {
		return nil, 0, usageErr("%s", noArgs)
	}
	timeout, err := questionTimeout(c)
	if err != nil {
		return nil, 0, err
	}
	a, err := newAgent(c)
	if err != nil {
		return nil, 0, err
	}
	return a, timeout, nil
}

// closeAgent releases the agent's memory and its planner's connections.
func closeAgent(a *agent.Agent) {
	a.Close()
	if cl, ok := a.Planner().(io.Closer); ok {
		cl.Close()
	}
}
