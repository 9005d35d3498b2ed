package analog

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/kg"
)

// ErrData means a dataset file is missing a column or holds a malformed row.
var ErrData = errors.New("malformed dataset file")

// NodeData is a labelled graph for node classification: node IDs, texts,
// labels and the undirected adjacency (self-loops and repeats dropped).
type NodeData struct {
	// Name is the dataset's name ("citeseer", "cora").
	Name string
	// IDs are the node IDs in file order; Index maps an ID to its position.
	IDs   []string
	Index map[string]int32
	// Texts are the nodes' texts (title and abstract; for Cora, whose words
	// were never published, one token per vocabulary index).
	Texts []string
	// RawText is true when Texts are the papers' own words.
	RawText bool
	// Labels are the nodes' classes; Classes the distinct ones, sorted.
	Labels  []string
	Classes []string
	// Adj lists each node's neighbours (citing or cited), sorted.
	Adj [][]int32
}

// nodeSources says where each node-classification dataset lives.
var nodeSources = map[string]struct {
	folder  string
	rawText bool
}{
	"citeseer": {"citeseer_text", true},
	"cora":     {"cora", false},
}

// NodeDatasets lists the datasets LoadNodes reads.
func NodeDatasets() []string { return []string{"citeseer", "cora"} }

// LoadNodes reads a node-classification dataset ("citeseer" or "cora") with
// open (a sandbox's Open, or tools/dataset for tests): nodes.tsv
// (paper_id, label, and text or word_ids) and edges.tsv (citing, cited).
func LoadNodes(ctx context.Context, open kg.OpenFunc, name string) (*NodeData, error) {
	src, ok := nodeSources[name]
	if !ok {
		return nil, fmt.Errorf("analog: no node-classification dataset %q (known: %s)", name, strings.Join(NodeDatasets(), ", "))
	}
	d := &NodeData{Name: name, Index: map[string]int32{}, RawText: src.rawText}
	textCol := "text"
	if !src.rawText {
		textCol = "word_ids"
	}
	classes := map[string]bool{}
	err := readTSV(ctx, open, path.Join(src.folder, "nodes.tsv"), []string{"paper_id", "label", textCol}, func(line int, f []string) error {
		if _, dup := d.Index[f[0]]; dup {
			return fmt.Errorf("line %d: paper %q listed twice: %w", line, f[0], ErrData)
		}
		text := f[2]
		if !src.rawText {
			t, err := wordTokens(text)
			if err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
			text = t
		}
		d.Index[f[0]] = int32(len(d.IDs))
		d.IDs = append(d.IDs, f[0])
		d.Labels = append(d.Labels, f[1])
		d.Texts = append(d.Texts, text)
		classes[f[1]] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	for c := range classes {
		d.Classes = append(d.Classes, c)
	}
	slices.Sort(d.Classes)
	d.Adj = make([][]int32, len(d.IDs))
	err = readTSV(ctx, open, path.Join(src.folder, "edges.tsv"), []string{"citing", "cited"}, func(line int, f []string) error {
		a, ok1 := d.Index[f[0]]
		b, ok2 := d.Index[f[1]]
		if !ok1 || !ok2 {
			return fmt.Errorf("line %d: edge %s -> %s names a paper not in nodes.tsv: %w", line, f[0], f[1], ErrData)
		}
		if a != b {
			d.Adj[a] = append(d.Adj[a], b)
			d.Adj[b] = append(d.Adj[b], a)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i, nb := range d.Adj {
		slices.Sort(nb)
		d.Adj[i] = slices.Compact(nb)
	}
	return d, nil
}

// wordTokens turns Cora's vocabulary indices ("19 99 140") into letter
// tokens the text encoder reads as words (digits are not words to it):
// each index in base 10 with the digits spelled as consonants after "q".
func wordTokens(ids string) (string, error) {
	var b strings.Builder
	for _, f := range strings.Fields(ids) {
		if _, err := strconv.ParseUint(f, 10, 32); err != nil {
			return "", fmt.Errorf("word index %q is not a number: %w", f, ErrData)
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('q')
		for _, c := range []byte(f) {
			b.WriteByte("bcdfghjklm"[c-'0'])
		}
	}
	return b.String(), nil
}

// readTSV reads a tab-separated file with a header naming at least the
// columns want, calling row with those columns in that order.
func readTSV(ctx context.Context, open kg.OpenFunc, name string, want []string, row func(line int, f []string) error) error {
	r, err := open(ctx, name)
	if err != nil {
		return fmt.Errorf("analog: %w", err)
	}
	defer r.Close()
	if err := scanTSV(ctx, r, want, row); err != nil {
		return fmt.Errorf("analog: %s: %w", name, err)
	}
	return nil
}

func scanTSV(ctx context.Context, r io.Reader, want []string, row func(line int, f []string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return err
		}
		return fmt.Errorf("empty file: %w", ErrData)
	}
	header := strings.Split(strings.TrimRight(sc.Text(), "\r"), "\t")
	cols := make([]int, len(want))
	for i, w := range want {
		cols[i] = slices.Index(header, w)
		if cols[i] < 0 {
			return fmt.Errorf("header has no column %q (has %s): %w", w, strings.Join(header, ", "), ErrData)
		}
	}
	f := make([]string, len(want))
	for line := 2; sc.Scan(); line++ {
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" {
			continue
		}
		all := strings.Split(text, "\t")
		for i, c := range cols {
			if c >= len(all) {
				return fmt.Errorf("line %d has %d fields, column %q is field %d: %w", line, len(all), want[i], c+1, ErrData)
			}
			f[i] = all[c]
		}
		if err := row(line, f); err != nil {
			return err
		}
	}
	return sc.Err()
}
