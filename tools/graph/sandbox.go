package graph

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/graphagent/graphagent/tools/dataset"
)

// DefaultMaxBytes is the default largest graph file a Sandbox loads.
const DefaultMaxBytes = 512 << 20

// Sandbox confines graph file access to a set of data folders (roots): no
// path may lead outside them, whether by "..", an absolute path or a
// symbolic link.
type Sandbox struct {
	roots []string // absolute, symlink-free, cleaned
	// MaxBytes is the largest file Load accepts; zero or less means
	// DefaultMaxBytes.
	MaxBytes int64
}

// NewSandbox returns a sandbox over the given folders. Each root is made
// absolute and its symbolic links resolved; a root that does not exist or is
// not a folder is an error.
func NewSandbox(roots ...string) (*Sandbox, error) {
	if len(roots) == 0 {
		return nil, errors.New("sandbox: no data folders given")
	}
	s := &Sandbox{MaxBytes: DefaultMaxBytes}
	for _, r := range roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return nil, fmt.Errorf("sandbox: data folder %q: %w", r, err)
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("sandbox: data folder %q: %w", r, err)
		}
		fi, err := os.Stat(real)
		if err != nil {
			return nil, fmt.Errorf("sandbox: data folder %q: %w", r, err)
		}
		if !fi.IsDir() {
			return nil, fmt.Errorf("sandbox: data folder %q is not a folder", r)
		}
		s.roots = append(s.roots, filepath.Clean(real))
	}
	return s, nil
}

// Roots returns the resolved data folders, in search order.
func (s *Sandbox) Roots() []string { return append([]string(nil), s.roots...) }

// inside reports whether the clean absolute path p is one of the roots or
// below one.
func (s *Sandbox) inside(p string) bool {
	for _, r := range s.roots {
		if p == r {
			return true
		}
		prefix := r
		if !strings.HasSuffix(prefix, string(filepath.Separator)) {
			prefix += string(filepath.Separator)
		}
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

func (s *Sandbox) outside(path, why string) error {
	return fmt.Errorf("%q %s; allowed folders: %s: %w", path, why, strings.Join(s.roots, ", "), ErrOutsideSandbox)
}

// Resolve maps path to a real file path inside the sandbox. A relative path
// is looked up in each root in order and the first that exists wins; an
// absolute path must lie inside a root. When path names no file but
// path+".gz" exists (in any root), the compressed file is the result: the
// shipped datasets keep large files gzip-compressed. Paths that climb out
// with "..", and symbolic links that lead outside every root, give an error
// wrapping ErrOutsideSandbox; a path found in no root gives one wrapping
// fs.ErrNotExist.
func (s *Sandbox) Resolve(path string) (string, error) {
	real, err := s.resolve(path)
	if errors.Is(err, fs.ErrNotExist) && !strings.HasSuffix(path, dataset.GzipExt) {
		// A compressed twin that leads outside is refused, not hidden.
		if gz, gzErr := s.resolve(path + dataset.GzipExt); gzErr == nil || errors.Is(gzErr, ErrOutsideSandbox) {
			return gz, gzErr
		}
	}
	return real, err
}

// resolve is Resolve without the fallback to a compressed file.
func (s *Sandbox) resolve(path string) (string, error) {
	if path == "" {
		return "", fmt.Errorf("empty path: %w", fs.ErrInvalid)
	}
	if strings.IndexByte(path, 0) >= 0 {
		return "", fmt.Errorf("path %q contains a NUL byte: %w", path, fs.ErrInvalid)
	}
	if filepath.IsAbs(path) {
		clean := filepath.Clean(path)
		real, err := filepath.EvalSymlinks(clean)
		if err != nil {
			if !s.inside(clean) {
				return "", s.outside(path, "is outside the data folders")
			}
			return "", fmt.Errorf("graph file %q: %w", path, err)
		}
		if !s.inside(real) {
			if s.inside(clean) {
				return "", s.outside(path, "is a symbolic link leading outside the data folders")
			}
			return "", s.outside(path, "is outside the data folders")
		}
		return real, nil
	}
	clean := filepath.Clean(path)
	if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return "", s.outside(path, "climbs out with \"..\"")
	}
	for _, r := range s.roots {
		cand := filepath.Join(r, clean)
		real, err := filepath.EvalSymlinks(cand)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return "", fmt.Errorf("graph file %q: %w", path, err)
		}
		if !s.inside(real) {
			return "", s.outside(path, "is a symbolic link leading outside the data folders")
		}
		return real, nil
	}
	return "", fmt.Errorf("graph file %q not found in %s: %w", path, strings.Join(s.roots, ", "), fs.ErrNotExist)
}

// Load resolves path inside the sandbox, checks its size against MaxBytes
// (ErrTooLarge), detects its format from the extension or the first bytes,
// and reads it. A file whose name ends in ".gz" (asked for as such, or
// found in place of a missing path, see Resolve) is decompressed as it is
// read: its format comes from the name without ".gz" and the decompressed
// content, MaxBytes bounds the decompressed bytes too, and corrupt gzip
// data gives an error wrapping ErrSyntax and dataset.ErrCorrupt that names
// the file. The graph is named after the file unless opt.Name is set.
// Cancelling ctx stops the read.
func (s *Sandbox) Load(ctx context.Context, path string, opt ReadOptions) (*Graph, error) {
	real, err := s.Resolve(path)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(real)
	if err != nil {
		return nil, fmt.Errorf("open graph file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("graph file %q: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("graph file %q is not a regular file: %w", path, fs.ErrInvalid)
	}
	limit := s.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("graph file %q has %d bytes, more than the limit of %d: %w", path, fi.Size(), limit, ErrTooLarge)
	}
	if opt.Name == "" {
		opt.Name = filepath.Base(path)
	}
	var content io.Reader = f
	left, formatName := fi.Size(), real
	compressed := strings.HasSuffix(real, dataset.GzipExt)
	if compressed {
		gzName := path // named as asked, never by its real path
		if !strings.HasSuffix(gzName, dataset.GzipExt) {
			gzName += dataset.GzipExt
		}
		z, err := dataset.Gunzip(f, gzName)
		if err != nil {
			return nil, fmt.Errorf("graph file %q: %w: %w", path, ErrSyntax, err)
		}
		defer z.Close()
		// The decompressed size is unknown until the end.
		content, left, formatName = z, 0, strings.TrimSuffix(real, dataset.GzipExt)
	}
	cr := &ctxReader{ctx: ctx, r: io.LimitReader(content, limit+1), left: left}
	br := bufio.NewReaderSize(cr, 4096)
	head, _ := br.Peek(512)
	format := DetectFormat(formatName, head)
	g, err := Read(&hintedReader{br, cr}, format, opt)
	if err != nil {
		if errors.Is(err, dataset.ErrCorrupt) && !errors.Is(err, ErrSyntax) {
			err = fmt.Errorf("%w: %w", ErrSyntax, err)
		}
		return nil, err
	}
	if cr.n > limit {
		if compressed {
			return nil, fmt.Errorf("graph file %q decompresses to more than the limit of %d bytes: %w", path, limit, ErrTooLarge)
		}
		return nil, fmt.Errorf("graph file %q grew past the limit of %d bytes: %w", path, limit, ErrTooLarge)
	}
	return g, nil
}

// ctxReader stops reading when its context is done and counts bytes.
type ctxReader struct {
	ctx  context.Context
	r    io.Reader
	n    int64 // bytes read so far
	left int64 // expected remaining bytes (from the file size)
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// hintedReader is a buffered reader that still reports the file's size.
type hintedReader struct {
	*bufio.Reader
	cr *ctxReader
}

func (h *hintedReader) sizeHint() int64 { return h.cr.left }
