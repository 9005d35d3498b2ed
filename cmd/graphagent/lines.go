package main

import (
	"bufio"
	"context"
	"io"
)

// lineReader reads input lines on a goroutine of its own, so that a
// command waiting for a line still ends when its context does (SIGTERM or
// SIGINT through main's signal.NotifyContext): a read from a terminal or
// a pipe cannot be interrupted, and a line without end (/dev/zero) never
// returns.
type lineReader struct {
	lines chan inputLine
	done  chan struct{}
}

// inputLine is one line read, without its line break; tooLong is set when
// the line was longer than the limit (its text is then dropped).
type inputLine struct {
	text    string
	tooLong bool
	err     error
}

// newLineReader starts reading r, lines of at most limit bytes. close
// stops it.
func newLineReader(r io.Reader, limit int) *lineReader {
	lr := &lineReader{lines: make(chan inputLine), done: make(chan struct{})}
	go func() {
		defer close(lr.lines)
		br := bufio.NewReader(r)
		for {
			text, tooLong, err := readChatLine(br, limit)
			select {
			case lr.lines <- inputLine{text: text, tooLong: tooLong, err: err}:
			case <-lr.done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return lr
}

// next returns the next line; its err is io.EOF after the input ended and
// the context's error when ctx ends first.
func (lr *lineReader) next(ctx context.Context) inputLine {
	select {
	case in, ok := <-lr.lines:
		if !ok {
			return inputLine{err: io.EOF}
		}
		return in
	case <-ctx.Done():
		return inputLine{err: ctx.Err()}
	}
}

// close lets the reading goroutine end once its current read returns
// (at once when it is waiting to hand a line over).
func (lr *lineReader) close() { close(lr.done) }
