package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/tools/graph"
)

// loadBarDelay is how long a load runs before its progress bar appears:
// quick loads print nothing.
const loadBarDelay = time.Second

// progressFlag turns the load progress bar on or off; unset, it is on when
// stderr is a terminal.
func progressFlag() cli.Flag {
	return &cli.BoolFlag{Name: "progress", EnvVars: []string{"GRAPHAGENT_PROGRESS"},
		Usage: "show a progress bar on stderr for graph loads over a second (default: when stderr is a terminal)"}
}

// loadBar draws the progress of one graph load: bytes read of the file's
// size, a bar, and the rate. On a terminal it redraws one line; elsewhere
// (--progress with stderr redirected) it prints a line per second.
type loadBar struct {
	w        io.Writer
	name     string
	p        *graph.Progress
	tty      bool
	delay    time.Duration
	interval time.Duration
	start    time.Time

	mu    sync.Mutex
	drawn bool
	done  chan struct{}
	wg    sync.WaitGroup
}

// startLoadBar starts a progress bar for loading name into p when the
// --progress flag (or a terminal on stderr) asks for one; stop ends it.
func startLoadBar(c *cli.Context, name string, p *graph.Progress) (stop func()) {
	tty := isTerminal(c.App.ErrWriter)
	on := tty
	if c.IsSet("progress") {
		on = c.Bool("progress")
	}
	if !on {
		return func() {}
	}
	b := &loadBar{w: c.App.ErrWriter, name: name, p: p, tty: tty, delay: loadBarDelay, interval: 100 * time.Millisecond}
	if !tty {
		b.interval = time.Second
	}
	b.run()
	return b.stop
}

func (b *loadBar) run() {
	b.start = time.Now()
	b.done = make(chan struct{})
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		t := time.NewTimer(b.delay)
		defer t.Stop()
		select {
		case <-b.done:
			return
		case <-t.C:
		}
		tick := time.NewTicker(b.interval)
		defer tick.Stop()
		for {
			b.draw(false)
			select {
			case <-b.done:
				return
			case <-tick.C:
			}
		}
	}()
}

// stop ends the bar; a load that outlasted the delay gets its final state.
func (b *loadBar) stop() {
	close(b.done)
	b.wg.Wait()
	if time.Since(b.start) >= b.delay {
		b.draw(true)
	}
}

func (b *loadBar) draw(final bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	read, total := b.p.Bytes()
	if total > 0 {
		read = min(read, total)
	}
	secs := time.Since(b.start).Seconds()
	line := formatLoadBar(b.name, read, total, secs)
	switch {
	case b.tty && final:
		fmt.Fprintf(b.w, "\r%s\n", line)
	case b.tty:
		fmt.Fprintf(b.w, "\r%s", line)
	default:
		fmt.Fprintln(b.w, line)
	}
	b.drawn = true
}

// formatLoadBar renders "loading NAME [=====>    ] 45.2 / 120.0 MB  52.1 MB/s".
func formatLoadBar(name string, read, total int64, secs float64) string {
	const width = 24
	var bar string
	if total > 0 {
		full := int(float64(width) * float64(read) / float64(total))
		full = min(max(full, 0), width)
		bar = strings.Repeat("=", full)
		if full < width {
			bar += ">" + strings.Repeat(" ", width-full-1)
		}
		bar = "[" + bar + "] "
	}
	rate := 0.0
	if secs > 0 {
		rate = float64(read) / secs / 1e6
	}
	sizes := fmt.Sprintf("%.1f MB", float64(read)/1e6)
	if total > 0 {
		sizes = fmt.Sprintf("%.1f / %.1f MB", float64(read)/1e6, float64(total)/1e6)
	}
	return fmt.Sprintf("loading %s %s%s  %.1f MB/s", name, bar, sizes, rate)
}
