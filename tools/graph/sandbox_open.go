package graph

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/graphagent/graphagent/tools/dataset"
)

// Open opens the file path inside the sandbox for reading as it is, not as
// a graph: the same confinement, regular-file check and ".gz" fallback as
// Load. A compressed file is decompressed; MaxBytes bounds the bytes read,
// after decompression too (reading past it gives an error wrapping
// ErrTooLarge). Cancelling ctx stops the reads. Knowledge-graph loaders
// (tools/kg) read their tables through it.
func (s *Sandbox) Open(ctx context.Context, path string) (io.ReadCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, reached, err := s.open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fileError(path, err)
	}
	limit := s.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	if fi.Size() > limit {
		f.Close()
		return nil, fmt.Errorf("file %s has %d bytes, more than the limit of %d: %w", shown(path), fi.Size(), limit, ErrTooLarge)
	}
	rc := &limitedFile{ctx: ctx, r: f, closers: []io.Closer{f}, limit: limit, path: path}
	if strings.HasSuffix(reached, dataset.GzipExt) {
		gzName := path
		if !strings.HasSuffix(gzName, dataset.GzipExt) {
			gzName += dataset.GzipExt
		}
		z, err := dataset.Gunzip(f, gzName)
		if err != nil {
			f.Close()
			return nil, err
		}
		rc.r, rc.closers = z, []io.Closer{z, f}
	}
	return rc, nil
}

// limitedFile reads at most limit bytes, then fails with ErrTooLarge, and
// stops when its context is done.
type limitedFile struct {
	ctx     context.Context
	r       io.Reader
	closers []io.Closer
	limit   int64
	n       int64
	path    string
}

func (l *limitedFile) Read(p []byte) (int, error) {
	if err := l.ctx.Err(); err != nil {
		return 0, err
	}
	if l.n >= l.limit {
		// One byte more tells a file of exactly limit bytes from a longer one.
		var one [1]byte
		if k, _ := l.r.Read(one[:]); k == 0 {
			return 0, io.EOF
		}
		return 0, fmt.Errorf("file %s is larger than the limit of %d bytes: %w", shown(l.path), l.limit, ErrTooLarge)
	}
	if int64(len(p)) > l.limit-l.n {
		p = p[:l.limit-l.n]
	}
	k, err := l.r.Read(p)
	l.n += int64(k)
	return k, err
}

func (l *limitedFile) Close() error {
	var errs []error
	for _, c := range l.closers {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}
