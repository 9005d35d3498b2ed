package graph

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// randomEdgeListText writes a random edge list with the shapes real files
// have: comments (whole-line and trailing, '#' and '%'), blank lines, CRLF
// and LF endings, tabs, commas, leading spaces, weights on some lines
// (integers and decimals), repeated and reversed edges, self-loops,
// isolated nodes, integer and word node names, and sometimes a header.
func randomEdgeListText(r *rand.Rand, lines int, header bool) string {
	var sb strings.Builder
	switch k := r.IntN(5); {
	case !header:
	case k == 0:
		sb.WriteString("source\ttarget\tweight\n")
	case k == 1:
		sb.WriteString("citing cited\n")
	case k == 2:
		sb.WriteString("# a comment first\n\n")
	}
	n := 1 + r.IntN(40)
	node := func() string {
		if r.IntN(6) == 0 {
			return "n" + strconv.Itoa(r.IntN(n))
		}
		return strconv.Itoa(r.IntN(n))
	}
	for i := 0; i < lines; i++ {
		eol := "\n"
		if r.IntN(3) == 0 {
			eol = "\r\n"
		}
		sep := []string{" ", "\t", ",", "  "}[r.IntN(4)]
		switch k := r.IntN(20); {
		case k == 0:
			sb.WriteString("# comment " + node() + eol)
		case k == 1:
			sb.WriteString(eol)
		case k == 2:
			sb.WriteString("% other comment" + eol)
		case k == 3:
			sb.WriteString(node() + eol) // isolated node
		case k == 4:
			u := node()
			sb.WriteString(u + sep + u + eol) // self-loop
		case k < 10:
			sb.WriteString(node() + sep + node() + eol)
		case k < 15:
			sb.WriteString(" " + node() + sep + node() + sep + strconv.Itoa(r.IntN(9)) + eol)
		case k < 18:
			sb.WriteString(node() + sep + node() + sep + strconv.FormatFloat(r.Float64()*10, 'f', 3, 64) + " # w" + eol)
		default:
			sb.WriteString(node() + " " + node() + eol)
		}
	}
	return sb.String()
}

// readChunked parses text in k chunks and merges them without the
// sequential fallback; merged is false when the chunks could not decide.
func readChunked(t *testing.T, text string, k int, opt ReadOptions) (g *Graph, merged bool) {
	t.Helper()
	ra := strings.NewReader(text)
	bounds, err := chunkBounds(ra, int64(len(text)), k)
	if err != nil {
		t.Fatal(err)
	}
	results := make([]chunkResult, len(bounds)-1)
	for i := range results {
		results[i] = parseChunk(context.Background(), ra, bounds[i], bounds[i+1], int64(len(text)), opt)
	}
	return mergeChunks(results, opt)
}

// TestParallelReadMatchesSequential reads random edge lists in 2 to 9
// chunks and checks that the merged graph is exactly the sequential one:
// the same nodes in the same order, the same edges in the same order and
// orientation, the same weights. Most inputs must merge without falling
// back to a sequential read, or the comparison would test nothing.
func TestParallelReadMatchesSequential(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 3))
	merges, tries := 0, 0
	for i := 0; i < 400; i++ {
		text := randomEdgeListText(r, 1+r.IntN(200), true)
		for _, directed := range []bool{false, true} {
			opt := ReadOptions{Directed: directed}
			want, err := readEdgeListSeq(strings.NewReader(text), opt)
			if err != nil {
				t.Fatalf("case %d: sequential: %v\n%s", i, err, text)
			}
			k := 2 + r.IntN(8)
			tries++
			got, merged := readChunked(t, text, k, opt)
			if merged {
				merges++
				sameGraph(t, fmt.Sprintf("case %d, %d chunks, directed=%v\n%q", i, k, directed, text), got, want)
			}
			// The public path (with its fallback) always agrees.
			full, err := readEdgeListAt(context.Background(), strings.NewReader(text), int64(len(text)), opt, chunkPlan{chunks: k})
			if err != nil {
				t.Fatalf("case %d: parallel: %v", i, err)
			}
			sameGraph(t, fmt.Sprintf("case %d via readEdgeListAt", i), full, want)
		}
	}
	if merges < tries*3/4 {
		t.Fatalf("only %d of %d chunked reads merged without falling back", merges, tries)
	}
}

// TestParallelReadErrorsAndLimits checks that what the chunks cannot
// decide alone is decided as a sequential read decides it: a malformed
// line in a later chunk is reported with its line and column in the whole
// file, attribute dicts are read, headers only count on the first line,
// and the size limits fail or pass exactly as sequentially.
func TestParallelReadErrorsAndLimits(t *testing.T) {
	var base strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&base, "%d %d %d\n", i%37, (i*7)%41, i%5)
	}
	body := base.String()
	for _, c := range []struct {
		name, text string
		opt        ReadOptions
	}{
		{"bad weight late", body + "1 2 x\n" + body, ReadOptions{}},
		{"four fields late", body + body + "1 2 3 4\n", ReadOptions{}},
		{"attribute dict late", body + "1 2 {'weight': 7, 'c': 'x'}\n" + body, ReadOptions{}},
		{"header-like line late", body + "source target\n" + body, ReadOptions{}},
		{"words late", body + "citing cited\n" + body, ReadOptions{}},
		{"named columns", "head relation tail\n" + strings.ReplaceAll(body, " ", "\tr\t"), ReadOptions{}},
		{"comments only first", strings.Repeat("# c\n", 500) + "citing cited\n1 2\n" + body, ReadOptions{}},
		{"node limit", body, ReadOptions{Limits: Limits{MaxNodes: 40}}},
		{"node limit met", body, ReadOptions{Limits: Limits{MaxNodes: 41}}},
		{"edge limit", body, ReadOptions{Limits: Limits{MaxEdges: 100}}},
		{"long line late", body + strings.Repeat("9", maxEdgeListLine+10) + "\n", ReadOptions{}},
	} {
		for _, k := range []int{2, 3, 7} {
			want, werr := readEdgeListSeq(strings.NewReader(c.text), c.opt)
			got, gerr := readEdgeListAt(context.Background(), strings.NewReader(c.text), int64(len(c.text)), c.opt, chunkPlan{chunks: k})
			if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("%s, %d chunks: error %v, sequential %v", c.name, k, gerr, werr)
			}
			if werr == nil {
				sameGraph(t, c.name, got, want)
			}
		}
	}
}

// TestReadEdgeListFileParallel reads a file past parallelReadMin through
// ReadEdgeList (an *os.File) and through the sandbox, and compares with a
// sequential read; the file offset ends at the end as after a sequential
// read. It writes a 64 MB file, so it runs only with GRAPHAGENT_BIG=1.
func TestReadEdgeListFileParallel(t *testing.T) {
	if os.Getenv("GRAPHAGENT_BIG") != "1" {
		t.Skip("set GRAPHAGENT_BIG=1 to read a 64 MB edge list")
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 1))
	var buf bytes.Buffer
	for buf.Len() < parallelReadMin+1<<20 {
		buf.WriteString(randomEdgeListText(r, 1000, buf.Len() == 0))
	}
	p := filepath.Join(dir, "big.edgelist")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := readEdgeListSeq(bytes.NewReader(buf.Bytes()), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := ReadEdgeList(f, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "file", got, want)
	if off, _ := f.Seek(0, 1); off != int64(buf.Len()) {
		t.Fatalf("file offset %d after the read, want %d", off, buf.Len())
	}
	sb, err := NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	var prog Progress
	got, err = sb.Load(context.Background(), "big.edgelist", ReadOptions{Progress: &prog})
	if err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "sandbox", got, want)
	if read, total := prog.Bytes(); total != int64(buf.Len()) || read < total {
		t.Fatalf("progress %d / %d, want all of %d", read, total, buf.Len())
	}
}
