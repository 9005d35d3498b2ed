package statement

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// loadRatings reads a ratings table — tab-separated, a header, then
// user, item, rating and further columns — inside the data folders, as the
// bipartite graph of users "u<ID>" and items "i<ID>" with the ratings as
// weights: the names Graph-ToolFormer's statements use (user#u3,
// movie#i349), and users and items cannot share a node when their numbers
// meet. The file is read through the sandbox (confinement, size limit,
// ".gz").
func loadRatings(ctx context.Context, sb *graph.Sandbox, rel string) (*graph.Graph, error) {
	r, err := sb.Open(ctx, rel)
	if err != nil {
		return nil, err
	}
	defer r.Close()
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
