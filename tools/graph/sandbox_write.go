package graph

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/graphagent/graphagent/tools/dataset"
)

// ReadAll returns the content of the regular file path inside the sandbox
// (decompressed when it is a .gz file or a missing X has a compressed twin
// X.gz) and the name of the file reached, with the same confinement,
// size limit and errors as Load.
func (s *Sandbox) ReadAll(ctx context.Context, path string) ([]byte, string, error) {
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	f, reached, err := s.open(path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	limit := s.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	var r io.Reader = &fileReader{ctx: ctx, f: f}
	if strings.HasSuffix(reached, dataset.GzipExt) {
		z, err := dataset.Gunzip(r, path)
		if err != nil {
			return nil, "", fmt.Errorf("graph file %s: %w: %w", shown(path), ErrSyntax, err)
		}
		defer z.Close()
		r, reached = z, strings.TrimSuffix(reached, dataset.GzipExt)
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, "", fileError(path, err)
	}
	if int64(len(data)) > limit {
		return nil, "", fmt.Errorf("graph file %s has more than the limit of %d bytes: %w", shown(path), limit, ErrTooLarge)
	}
	return data, reached, nil
}

// Create makes a new regular file at path inside a data folder and returns
// it open for writing. It never replaces a file: an existing path is an
// error wrapping fs.ErrExist. The path's folder must already exist in a
// data folder; a relative path goes to the first data folder that holds
// that folder. Paths that lead outside (by "..", an absolute path or a
// symbolic link) wrap ErrOutsideSandbox.
func (s *Sandbox) Create(path string) (*os.File, error) {
	if path == "" || strings.IndexByte(path, 0) >= 0 {
		return nil, fmt.Errorf("output file name %s is empty or holds a NUL byte: %w", shown(path), fs.ErrInvalid)
	}
	clean := filepath.Clean(path)
	var candidates []sandboxRoot
	var rel string
	switch {
	case filepath.IsAbs(clean):
		r, rl, ok := s.locate(clean)
		if !ok {
			return nil, s.outside(path, "is outside the data folders")
		}
		candidates, rel = []sandboxRoot{r}, rl
	case clean == ".." || strings.HasPrefix(clean, ".."+string(filepath.Separator)):
		return nil, s.outside(path, `climbs out with ".."`)
	default:
		candidates, rel = s.roots, clean
	}
	dir := filepath.Dir(rel)
	for _, r := range candidates {
		if dir != "." {
			fi, err := r.root.Stat(dir)
			if err != nil {
				if errors.Is(err, s.escape) || errors.Is(err, syscall.ELOOP) {
					return nil, s.outside(path, "leads outside the data folders")
				}
				continue
			}
			if !fi.IsDir() {
				continue
			}
		}
		f, err := r.root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOCTTY, 0o644)
		switch {
		case err == nil:
			return f, nil
		case errors.Is(err, fs.ErrExist):
			return nil, fmt.Errorf("output file %s already exists (it is never replaced): %w", shown(path), fs.ErrExist)
		case errors.Is(err, s.escape) || errors.Is(err, syscall.ELOOP):
			return nil, s.outside(path, "leads outside the data folders")
		default:
			return nil, fileError(path, err)
		}
	}
	return nil, fmt.Errorf("output folder of %s not found in the data folders (%s): %w", shown(path), strings.Join(s.Roots(), ", "), fs.ErrNotExist)
}
