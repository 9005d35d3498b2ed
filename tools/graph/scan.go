package graph

import (
	"bufio"
	"fmt"
	"io"
)

// EdgeRecord is one data line of an edge list as written, before
// duplicates merge: what ReadEdgeList reads from that line.
type EdgeRecord struct {
	// Line is the 1-based line number.
	Line int
	// U is the first node; V the second, empty for a line naming only a
	// node.
	U, V string
	// Weight is the weight field as written, empty when the line has none.
	Weight string
}

// ScanEdgeList reads an edge list exactly as ReadEdgeList does (the same
// header rules, separators, comments and errors) and also returns every
// data line as an EdgeRecord, in file order, so that what the graph merges
// (repeated edges) or keeps silently (self-loops) can be reported by line.
// It reads sequentially.
func ScanEdgeList(r io.Reader, opt ReadOptions) (*Graph, []EdgeRecord, error) {
	b := opt.builder(opt.Directed)
	var recs []EdgeRecord
	p := &edgeListParser{
		src:     opt.source("edge list"),
		sink:    &edgeSink{b: b, bulk: true, raw: true, limit: opt.Limits.MaxEdges},
		headers: true,
		onLine: func(line int, toks [][]byte) {
			rec := EdgeRecord{Line: line, U: string(toks[0])}
			if len(toks) > 1 {
				rec.V = string(toks[1])
			}
			if len(toks) > 2 {
				rec.Weight = string(toks[2])
			}
			recs = append(recs, rec)
		},
	}
	br := bufio.NewReaderSize(r, maxEdgeListLine)
	if err := p.parse(br, maxEdgeListLine); err != nil {
		return nil, nil, err
	}
	if err := p.end(); err != nil {
		return nil, nil, err
	}
	if err := p.sink.finish(); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", p.src, err)
	}
	g := b.Build()
	g.SetName(opt.Name)
	return g, recs, nil
}
