package graph

import "sync/atomic"

// Progress tells how far a load has come: the bytes of the file read so
// far and the file's size (for a gzip file, its compressed bytes).
// Sandbox.Load updates it while it reads, possibly from several goroutines;
// a display polls Bytes from another. The zero value is ready to use.
type Progress struct {
	read, total atomic.Int64
}

// Bytes returns the bytes read so far and the size of the file (0 before
// the file is opened).
func (p *Progress) Bytes() (read, total int64) {
	return p.read.Load(), p.total.Load()
}

// Add counts n more bytes read; a nil Progress ignores it.
func (p *Progress) Add(n int) {
	if p != nil && n > 0 {
		p.read.Add(int64(n))
	}
}

// SetTotal records the size of the file being read; a nil Progress
// ignores it.
func (p *Progress) SetTotal(n int64) {
	if p != nil {
		p.total.Store(n)
	}
}
