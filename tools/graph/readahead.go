package graph

import (
	"errors"
	"io"
	"sync"
)

// readAhead reads its source on a goroutine of its own into a few
// buffers, so that producing the bytes (decompressing a gzip file) and
// consuming them (parsing) run at the same time. Close stops the
// goroutine; it must be called.
type readAhead struct {
	full chan []byte // buffers with data, in order
	free chan []byte // emptied buffers, for the goroutine to refill
	done chan struct{}
	wg   sync.WaitGroup
	err  error  // the source's error, set before full is closed
	cur  []byte // the unread rest of the buffer being consumed
	buf  []byte // the buffer cur points into
}

// newReadAhead starts reading r in count buffers of size bytes.
func newReadAhead(r io.Reader, size, count int) *readAhead {
	a := &readAhead{full: make(chan []byte, count), free: make(chan []byte, count), done: make(chan struct{})}
	for range count {
		a.free <- make([]byte, size)
	}
	a.wg.Add(1)
	go a.fill(r)
	return a
}

func (a *readAhead) fill(r io.Reader) {
	defer a.wg.Done()
	defer close(a.full)
	for {
		var b []byte
		select {
		case b = <-a.free:
		case <-a.done:
			return
		}
		n, err := io.ReadFull(r, b[:cap(b)])
		if n > 0 {
			select {
			case a.full <- b[:n]:
			case <-a.done:
				return
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
				a.err = err
			}
			return
		}
	}
}

// Read returns the bytes of the source in order, then its error or io.EOF.
func (a *readAhead) Read(p []byte) (int, error) {
	for len(a.cur) == 0 {
		if a.buf != nil {
			a.free <- a.buf // never blocks: free holds every buffer at most once
			a.buf = nil
		}
		b, ok := <-a.full
		if !ok {
			if a.err != nil {
				return 0, a.err
			}
			return 0, io.EOF
		}
		a.buf, a.cur = b, b
	}
	n := copy(p, a.cur)
	a.cur = a.cur[n:]
	return n, nil
}

// Close stops the reading goroutine and waits for it.
func (a *readAhead) Close() error {
	select {
	case <-a.done:
	default:
		close(a.done)
	}
	a.wg.Wait()
	return nil
}
