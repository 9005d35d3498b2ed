package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/graphagent/graphagent/tools/graph"
)

// lockedBuffer is a bytes.Buffer safe for the bar's goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestLoadBar checks that a load shorter than the delay prints nothing and
// that a longer one ends with its final state: bytes read of the total and
// a rate, on one line per draw (not a terminal) or redrawn with '\r'.
func TestLoadBar(t *testing.T) {
	for _, tty := range []bool{false, true} {
		var out lockedBuffer
		var p graph.Progress
		quick := &loadBar{w: &out, name: "g.edgelist", p: &p, tty: tty, delay: time.Hour, interval: time.Millisecond}
		quick.run()
		quick.stop()
		if out.String() != "" {
			t.Fatalf("tty=%v: a quick load printed %q", tty, out.String())
		}

		slow := &loadBar{w: &out, name: "g.edgelist", p: &p, tty: tty, delay: 0, interval: time.Millisecond}
		p.SetTotal(10_000_000)
		slow.run()
		p.Add(10_000_000)
		slow.stop()
		got := out.String()
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		last := lines[len(lines)-1]
		if tty {
			last = last[strings.LastIndexByte(last, '\r')+1:]
		}
		if !strings.HasPrefix(last, "loading g.edgelist [========================] 10.0 / 10.0 MB  ") || !strings.HasSuffix(last, " MB/s") {
			t.Fatalf("tty=%v: final line %q in %q", tty, last, got)
		}
		if tty != strings.Contains(got, "\r") || !strings.HasSuffix(got, "\n") {
			t.Fatalf("tty=%v: output %q", tty, got)
		}
	}
	if s := formatLoadBar("x", 5e6, 20e6, 2); s != "loading x [======>                 ] 5.0 / 20.0 MB  2.5 MB/s" {
		t.Fatalf("formatLoadBar: %q", s)
	}
}
