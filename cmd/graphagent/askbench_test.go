package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
)

// BenchmarkAskCommand runs the whole ask command in process (a new agent,
// long-term memory opened from a warm home folder) on a 40-node GTools
// question; the process's own start-up (package initialisation) is not
// included, see eval/bench/ask.sh for whole processes.
func BenchmarkAskCommand(b *testing.B) {
	prompt, err := gtoolsdata.Question40(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	home := b.TempDir()
	args := []string{"graphagent", "--home", home, "ask", prompt}
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, nil, &out, &errb); code != exitOK {
		b.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
	}
	b.ResetTimer()
	for b.Loop() {
		out.Reset()
		if code := run(context.Background(), args, nil, &out, &errb); code != exitOK {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
}
