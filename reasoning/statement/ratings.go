package statement

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// loadRatings reads a ratings table — tab-separated, a header, then
// user, item, rating and further columns — from the first data folder that
// holds rel (or rel.gz), as the bipartite graph of users "u<ID>" and items
// "i<ID>" with the ratings as weights: the names Graph-ToolFormer's
// statements use (user#u3, movie#i349), and users and items cannot share
// a node when their numbers meet. The file is opened through os.Root, so
// it cannot lead outside the folder, and must be a regular file.
func loadRatings(ctx context.Context, roots []string, rel string) (*graph.Graph, error) {
	f, name, err := openInRoots(roots, rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, dataset.GzipExt) {
		z, err := dataset.Gunzip(f, name)
		if err != nil {
			return nil, err
		}
		defer z.Close()
		r = z
	}
	b := graph.NewBuilder(false)
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		if line == 1 {
			continue // the header
		}
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 3 {
			return nil, fmt.Errorf("%s:%d: want user, item and rating separated by tabs: %w", rel, line, graph.ErrSyntax)
		}
		w, err := strconv.ParseFloat(strings.TrimSpace(fields[2]), 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: rating %q is not a number: %w", rel, line, fields[2], graph.ErrSyntax)
		}
		if _, err := b.AddWeightedEdge("u"+strings.TrimSpace(fields[0]), "i"+strings.TrimSpace(fields[1]), w); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", rel, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", rel, err)
	}
	return b.Build(), nil
}

// openInRoots opens rel, or rel.gz, in the first root that has it.
func openInRoots(roots []string, rel string) (*os.File, string, error) {
	for _, dir := range roots {
		root, err := os.OpenRoot(dir)
		if err != nil {
			continue
		}
		for _, name := range []string{rel, rel + dataset.GzipExt} {
			fi, err := root.Lstat(name)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				root.Close()
				return nil, "", err
			}
			if !fi.Mode().IsRegular() {
				root.Close()
				return nil, "", fmt.Errorf("%s is not a regular file: %w", name, graph.ErrNotRegularFile)
			}
			f, err := root.Open(name)
			root.Close()
			if err != nil {
				return nil, "", err
			}
			return f, name, nil
		}
		root.Close()
	}
	return nil, "", fmt.Errorf("%s not found in the data folders (%s): %w", rel, strings.Join(roots, ", "), fs.ErrNotExist)
}
