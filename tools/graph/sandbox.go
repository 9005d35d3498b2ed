package graph

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"github.com/graphagent/graphagent/internal/fsutil"
	"github.com/graphagent/graphagent/tools/dataset"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// DefaultMaxBytes is the default largest graph file a Sandbox loads.
const DefaultMaxBytes = 512 << 20

// maxShownPath bounds how much of an asked-for path an error message repeats.
const maxShownPath = 200

// Sandbox confines graph file access to a set of data folders (roots): no
// path may lead outside them, whether by "..", an absolute path or a
// symbolic link, even one swapped while the file is being opened. Every
// file is opened through an os.Root of a data folder, which resolves each
// path component beneath the folder's open descriptor; only regular files
// are read.
type Sandbox struct {
	roots []sandboxRoot
	// escape is the error os.Root gives for a path that leaves it (the
	// standard library does not export it); see NewSandbox.
	escape error
	// MaxBytes is the largest file Load accepts; zero or less means
	// DefaultMaxBytes.
	MaxBytes int64
	// RefuseHardLinks refuses regular files with more than one hard link
	// (an error wrapping ErrOutsideSandbox). A hard link cannot be told
	// from the file it links to: one made inside a data folder to a file
	// outside (by anyone who may write in the folder) is read like any
	// other file. By default such files are read, since datasets are
	// often hard-linked on purpose (package caches, deduplicated
	// copies); set this when others can write in a data folder.
	RefuseHardLinks bool
}

// sandboxRoot is one data folder.
type sandboxRoot struct {
	path string   // absolute, symlink-free, cleaned
	root *os.Root // opened once: renaming or relinking the folder's path later cannot move it
}

// NewSandbox returns a sandbox over the given folders. Each root is made
// absolute and its symbolic links resolved; a root that does not exist or is
// not a folder is an error. The folders stay open until Close (or until the
// Sandbox is garbage collected).
func NewSandbox(roots ...string) (*Sandbox, error) {
	if len(roots) == 0 {
		return nil, errors.New("sandbox: no data folders given")
	}
	s := &Sandbox{MaxBytes: DefaultMaxBytes}
	for _, r := range roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("sandbox: data folder %q: %w", r, err)
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("sandbox: data folder %q: %w", r, err)
		}
		fi, err := os.Stat(real)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("sandbox: data folder %q: %w", r, err)
		}
		if !fi.IsDir() {
			s.Close()
			return nil, fmt.Errorf("sandbox: data folder %q is not a folder", r)
		}
		root, err := os.OpenRoot(real)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("sandbox: data folder %q: %w", r, err)
		}
		s.roots = append(s.roots, sandboxRoot{path: filepath.Clean(real), root: root})
	}
	// ".." always leaves a root: the error it gives is the one os.Root
	// uses for every escape, kept to recognise escapes with errors.Is.
	if _, err := s.roots[0].root.Open(".."); err != nil {
		s.escape = errors.Unwrap(err)
	}
	if s.escape == nil {
		s.Close()
		return nil, errors.New("sandbox: os.Root let \"..\" leave a data folder")
	}
	return s, nil
}

// Close releases the data folders; Load fails afterwards.
func (s *Sandbox) Close() error {
	var errs []error
	for _, r := range s.roots {
		errs = append(errs, r.root.Close())
	}
	return errors.Join(errs...)
}

// Roots returns the resolved data folders, in search order.
func (s *Sandbox) Roots() []string {
	out := make([]string, len(s.roots))
	for i, r := range s.roots {
		out[i] = r.path
	}
	return out
}

// locate returns the root the clean absolute path p lies in (or is), and p
// relative to it.
func (s *Sandbox) locate(p string) (sandboxRoot, string, bool) {
	for _, r := range s.roots {
		rel, err := filepath.Rel(r.path, p)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return r, rel, true
		}
	}
	return sandboxRoot{}, "", false
}

func (s *Sandbox) outside(path, why string) error {
	return fmt.Errorf("%s %s; allowed folders: %s: %w", shown(path), why, strings.Join(s.Roots(), ", "), ErrOutsideSandbox)
}

// shown quotes a path for an error message, shortening a very long one.
func shown(path string) string {
	if len(path) > maxShownPath {
		cut := maxShownPath
		for cut > 0 && !utf8.RuneStart(path[cut]) {
			cut--
		}
		return strconv.Quote(path[:cut]) + fmt.Sprintf("… (%d bytes)", len(path))
	}
	return strconv.Quote(path)
}

// open opens path for reading inside the sandbox and returns the file and
// the base name of the file reached (after symbolic links; it decides the
// format and whether the content is compressed). A relative path is looked
// up in each root in order and the first that has it wins; an absolute path
// must lie inside a root. When path names no file but path+".gz" exists,
// the compressed file is opened: the shipped datasets keep large files
// gzip-compressed. Paths that climb out with "..", and symbolic links that
// lead outside every root, give an error wrapping ErrOutsideSandbox; a path
// found in no root one wrapping fs.ErrNotExist; a folder, FIFO, device or
// socket one wrapping ErrNotRegularFile, found without blocking. Errors name
// the file as asked, never the real path of a file a link leads to.
func (s *Sandbox) open(path string) (*os.File, string, error) {
	f, name, err := s.openExact(path)
	if errors.Is(err, fs.ErrNotExist) && !strings.HasSuffix(path, dataset.GzipExt) {
		// A compressed twin that leads outside, or that cannot be read, is
		// reported, not hidden.
		if gf, gname, gerr := s.openExact(path + dataset.GzipExt); !errors.Is(gerr, fs.ErrNotExist) {
			return gf, gname, gerr
		}
	}
	return f, name, err
}

// openExact is open without the fallback to a compressed file.
func (s *Sandbox) openExact(path string) (*os.File, string, error) {
	if path == "" {
		return nil, "", fmt.Errorf("empty graph file name: %w", fs.ErrInvalid)
	}
	if strings.IndexByte(path, 0) >= 0 {
		return nil, "", fmt.Errorf("graph file name %s contains a NUL byte: %w", shown(path), fs.ErrInvalid)
	}
	clean := filepath.Clean(path)
	if filepath.IsAbs(clean) {
		if r, rel, ok := s.locate(clean); ok {
			return s.openIn(r, rel, path)
		}
		// A path through a link to a data folder (e.g. the folder's
		// name before its links were resolved) is inside; the open
		// itself goes through the root again.
		if real, err := filepath.EvalSymlinks(clean); err == nil {
			if r, rel, ok := s.locate(real); ok {
				return s.openIn(r, rel, path)
			}
		}
		return nil, "", s.outside(path, "is outside the data folders")
	}
	if clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return nil, "", s.outside(path, `climbs out with ".."`)
	}
	for _, r := range s.roots {
		f, name, err := s.openIn(r, clean, path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		return f, name, err
	}
	return nil, "", fmt.Errorf("graph file %s not found in the data folders (%s): %w", shown(path), strings.Join(s.Roots(), ", "), fs.ErrNotExist)
}

// openIn opens rel, a clean relative path, in root r; asked is the path as
// the caller gave it, for messages.
func (s *Sandbox) openIn(r sandboxRoot, rel, asked string) (*os.File, string, error) {
	f, err := openRegular(r.root, rel, s.RefuseHardLinks)
	if err == nil {
		return f, reachedName(f, rel), nil
	}
	if !errors.Is(err, s.escape) && !errors.Is(err, syscall.ELOOP) {
		return nil, "", fileError(asked, err)
	}
	// A symbolic link leaves this root: it may be absolute, lead into
	// another data folder, or lead outside them all (os.Root refuses the
	// first two as well). Its textual resolution only chooses the root;
	// the open is confined to that root again, so a link swapped in the
	// meantime still cannot lead outside.
	real, rerr := filepath.EvalSymlinks(filepath.Join(r.path, rel))
	if rerr == nil {
		if r2, rel2, ok := s.locate(real); ok {
			f, err2 := openRegular(r2.root, rel2, s.RefuseHardLinks)
			if err2 == nil {
				return f, filepath.Base(real), nil
			}
			if !errors.Is(err2, s.escape) && !errors.Is(err2, syscall.ELOOP) {
				return nil, "", fileError(asked, err2)
			}
		}
	} else if !errors.Is(err, s.escape) {
		return nil, "", fileError(asked, err) // a loop of links
	}
	return nil, "", s.outside(asked, "is a symbolic link leading outside the data folders")
}

// openRegular opens name in root for reading if it is a regular file (with
// one hard link when oneLink is set). The type is checked before opening
// (a device is never opened) and again on the open file (it may have been
// swapped), the link count on the open file; the open does not block, so
// a FIFO without a writer is refused instead of waited on.
func openRegular(root *os.Root, name string, oneLink bool) (*os.File, error) {
	fi, err := root.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(fi.Mode())
	}
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	fi, err = f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(fi.Mode())
	}
	if n, ok := fsutil.Links(fi); err == nil && oneLink && ok && n > 1 {
		err = fmt.Errorf("has %d hard links and hard links are refused (one may lead to a file outside the data folders): %w", n, ErrOutsideSandbox)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// notRegular says what kind of file a non-regular one is.
func notRegular(m fs.FileMode) error {
	return fmt.Errorf("is a %s, %w", fsutil.Kind(m), ErrNotRegularFile)
}

// fileError names the file as asked in an error from opening it. The
// errors of os.Root name paths relative to a data folder; only the
// underlying cause is kept.
func fileError(asked string, err error) error {
	if errors.Is(err, ErrNotRegularFile) {
		return fmt.Errorf("graph file %s %w", shown(asked), err)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("graph file %s not found: %w", shown(asked), fs.ErrNotExist)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("graph file %s: %w", shown(asked), err)
}

// reachedName returns the base name of the file f, opened as rel: the name
// of the file a symbolic link leads to where the system says it
// (/proc/self/fd on Linux), else rel's.
func reachedName(f *os.File, rel string) string {
	name := filepath.Base(rel)
	rc, err := f.SyscallConn()
	if err != nil {
		return name
	}
	rc.Control(func(fd uintptr) {
		if target, err := os.Readlink("/proc/self/fd/" + strconv.FormatUint(uint64(fd), 10)); err == nil && filepath.IsAbs(target) {
			name = filepath.Base(target)
		}
	})
	return name
}

// Load opens path inside the sandbox, checks its size against MaxBytes
// (ErrTooLarge), detects its format from the extension or the first bytes,
// and reads it. Escapes wrap ErrOutsideSandbox, a missing file
// fs.ErrNotExist, a folder, FIFO, device or socket ErrNotRegularFile (found
// without blocking); errors name the file as asked. A file whose name ends
// in ".gz" (asked for as such, or found in place of a missing path) is
// decompressed as it is
// read: its format comes from the name without ".gz" and the decompressed
// content, MaxBytes bounds the decompressed bytes too, and corrupt gzip
// data gives an error wrapping ErrSyntax and dataset.ErrCorrupt that names
// the file. The graph is named after the file unless opt.Name is set.
// Cancelling ctx stops the read.
func (s *Sandbox) Load(ctx context.Context, path string, opt ReadOptions) (*Graph, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, reached, err := s.open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fileError(path, err)
	}
	limit := s.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("graph file %s has %d bytes, more than the limit of %d: %w", shown(path), fi.Size(), limit, ErrTooLarge)
	}
	if opt.Name == "" {
		opt.Name = filepath.Base(path)
	}
	opt.Progress.SetTotal(fi.Size())
	file := &fileReader{ctx: ctx, f: f, progress: opt.Progress}
	var content io.Reader = file
	left, exact, formatName := fi.Size(), true, reached
	compressed := strings.HasSuffix(reached, dataset.GzipExt)
	if compressed {
		gzName := path // named as asked, never by its real path
		if !strings.HasSuffix(gzName, dataset.GzipExt) {
			gzName += dataset.GzipExt
		}
		// The decompressed size is known only at the end: estimate it
		// from the gzip trailer to presize the arrays.
		left, exact = gzipSizeEstimate(f, fi.Size(), limit), false
		z, err := dataset.Gunzip(file, gzName)
		if err != nil {
			return nil, fmt.Errorf("graph file %s: %w: %w", shown(path), ErrSyntax, err)
		}
		defer z.Close()
		// Decompress on another goroutine while this one parses.
		ahead := newReadAhead(z, 256<<10, 4)
		defer ahead.Close()
		content, formatName = ahead, strings.TrimSuffix(reached, dataset.GzipExt)
	}
	cr := &ctxReader{ctx: ctx, r: io.LimitReader(content, limit+1), left: left, exact: exact}
	br := bufio.NewReaderSize(cr, 4096)
	head, _ := br.Peek(512)
	utf16 := bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF})
	if utf16 {
		// UTF-16 text with a byte-order mark (Windows tools write it) is
		// decoded to UTF-8; without a mark its NUL bytes are refused.
		dec := unicode.BOMOverride(unicode.UTF8.NewDecoder())
		br = bufio.NewReaderSize(transform.NewReader(br, dec), 4096)
		head, _ = br.Peek(512)
	}
	format := DetectFormat(formatName, head)
	var g *Graph
	if format == FormatEdgeList && !compressed && !utf16 && fi.Size() >= parallelReadMin && runtime.GOMAXPROCS(0) >= parallelReadCPUs {
		// Large plain edge lists are parsed in parallel chunks, each read
		// with ReadAt: the file's offset does not matter. As in
		// ReadEdgeList, not on fewer than parallelReadCPUs CPUs, where the
		// chunks cost more memory than they save time.
		g, err = readEdgeListAt(ctx, file, fi.Size(), opt, chunkPlan{})
	} else {
		g, err = Read(&hintedReader{br, cr}, format, opt)
	}
	if err != nil {
		if errors.Is(err, dataset.ErrCorrupt) && !errors.Is(err, ErrSyntax) {
			err = fmt.Errorf("%w: %w", ErrSyntax, err)
		}
		return nil, err
	}
	if cr.n > limit {
		if compressed {
			return nil, fmt.Errorf("graph file %s decompresses to more than the limit of %d bytes: %w", shown(path), limit, ErrTooLarge)
		}
		return nil, fmt.Errorf("graph file %s grew past the limit of %d bytes: %w", shown(path), limit, ErrTooLarge)
	}
	return g, nil
}

// gzipSizeEstimate guesses the decompressed size of the gzip file f of
// size bytes from its trailer, which holds the size modulo 2^32 of the
// last member. The guess only presizes arrays; it is bounded by 16 times
// the compressed size (edge lists compress 3-6 times) and by limit, so a
// forged trailer cannot make a small file allocate much.
func gzipSizeEstimate(f io.ReaderAt, size, limit int64) int64 {
	var tail [4]byte
	if size < 18 { // header and trailer
		return 0
	}
	if _, err := f.ReadAt(tail[:], size-4); err != nil {
		return 0
	}
	isize := int64(binary.LittleEndian.Uint32(tail[:]))
	return min(isize, 16*size, limit)
}

// fileReader reads a graph file, stopping when its context is done and
// counting the bytes read in a Progress; ReadAt serves parallel reads.
type fileReader struct {
	ctx      context.Context
	f        *os.File
	progress *Progress
}

func (r *fileReader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := r.f.Read(p)
	r.progress.Add(n)
	return n, err
}

func (r *fileReader) ReadAt(p []byte, off int64) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := r.f.ReadAt(p, off)
	r.progress.Add(n)
	return n, err
}

// ctxReader stops reading when its context is done and counts bytes.
type ctxReader struct {
	ctx   context.Context
	r     io.Reader
	n     int64 // bytes read so far
	left  int64 // expected remaining bytes (from the file size)
	exact bool  // left is the size, not an estimate
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *ctxReader) sizeHint() (int64, bool) { return c.left, c.exact }

// hintedReader is a buffered reader that still reports the file's size.
type hintedReader struct {
	*bufio.Reader
	cr *ctxReader
}

func (h *hintedReader) sizeHint() (int64, bool) { return h.cr.sizeHint() }

// ctxErr is the load's context's error: readers that read the whole text
// first (DOT) ask it while they parse.
func (h *hintedReader) ctxErr() error { return h.cr.ctx.Err() }

// ctxErr returns the error of r's context when r has one (a reader of
// Sandbox.Load), else a function that always returns nil.
func ctxErr(r io.Reader) func() error {
	if c, ok := r.(interface{ ctxErr() error }); ok {
		return c.ctxErr
	}
	return func() error { return nil }
}
