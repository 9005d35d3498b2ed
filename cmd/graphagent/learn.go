package main

import (
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/urfave/cli/v2"
)

// learnFlag is --learn of ask and chat.
func learnFlag() cli.Flag {
	return &cli.BoolFlag{Name: "learn", Usage: "write verified answers back to long-term memory as solved examples (source agent, with the time): " +
		"an exact tool's answer; in chat also an analogy answer you confirm (yes, correct)"}
}

// learnExample writes ex to long-term memory and says so on stderr.
func learnExample(c *cli.Context, ex memory.Example) error {
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	stored, err := s.AddExample(c.Context, ex)
	if err != nil {
		return memoryErr(err)
	}
	fmt.Fprintf(c.App.ErrWriter, "learned: example %s (source %s, %s)\n", stored.ID, stored.Source, stored.CreatedAt.Format("2006-01-02T15:04:05Z"))
	return nil
}

// isConfirmation reports whether a chat line confirms the previous answer.
func isConfirmation(line string) bool {
	switch strings.Trim(strings.ToLower(strings.TrimSpace(line)), ".!") {
	case "yes", "y", "correct", "right", "that's right", "that is right", "confirmed", "yes, that's right", "yes, correct":
		return true
	}
	return false
}

// analogyAnswer returns the analogy answer inside ans, if any.
func analogyAnswer(ans *agent.Answer) (*analog.Answer, bool) {
	if ans == nil || ans.Tool != agent.ToolAnalogy {
		return nil, false
	}
	a, ok := ans.Value.(*analog.Answer)
	return a, ok && a != nil
}
