package graph

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFilterKeepsOrderAndWeights(t *testing.T) {
	g, err := ReadEdgeList(strings.NewReader("a b 2\nb c 3\nc c 1\nd a 4\ne\n"), ReadOptions{Directed: true})
	if err != nil {
		t.Fatal(err)
	}
	keep := []bool{true, true, true, false, true} // a b c d e: drop d
	sub := Filter(g, keep, func(e int32) bool { u, v := g.Edge(e); return u != v })
	if !slices.Equal(sub.IDs(), []string{"a", "b", "c", "e"}) || sub.M() != 2 || !sub.Directed() || sub.SelfLoops() != 0 {
		t.Fatalf("got %v, %d edges", sub.IDs(), sub.M())
	}
	a, _ := sub.Index("a")
	b, _ := sub.Index("b")
	e, ok := sub.FindEdge(a, b)
	if !ok || sub.Weight(e) != 2 {
		t.Errorf("edge a->b weight %v (%v)", sub.Weight(e), ok)
	}
	if all := Filter(g, nil, nil); all.N() != g.N() || all.M() != g.M() {
		t.Errorf("Filter(nil, nil) = %v, want %v", all, g)
	}
}

func TestRebuildDirectionAndExtraNodes(t *testing.T) {
	g, err := ReadEdgeList(strings.NewReader("a b 2\nb a 5\nb c 3\nc c 1\n"), ReadOptions{Directed: true})
	if err != nil {
		t.Fatal(err)
	}
	g.SetName("g")
	u, err := Rebuild(g, false, "z", "a")
	if err != nil {
		t.Fatal(err)
	}
	// a–b merges (the later weight, 5, as NetworkX's to_undirected keeps
	// it); z is new and isolated; a is not added twice.
	if u.Directed() || u.M() != 3 || !slices.Equal(u.IDs(), []string{"a", "b", "c", "z"}) || u.Name() != "g" {
		t.Fatalf("undirected copy: %v, %d edges, name %q", u.IDs(), u.M(), u.Name())
	}
	a, _ := u.Index("a")
	b, _ := u.Index("b")
	if e, ok := u.FindEdge(b, a); !ok || u.Weight(e) != 5 {
		t.Errorf("a–b weight %v (%v), want 5", u.Weight(e), ok)
	}
	z, _ := u.Index("z")
	if u.Degree(z) != 0 {
		t.Errorf("z has degree %d", u.Degree(z))
	}
	d, err := Rebuild(g, true)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Directed() || d.M() != g.M() || d.N() != g.N() || d.SelfLoops() != 1 {
		t.Errorf("directed copy: %d nodes, %d edges, %d self-loops", d.N(), d.M(), d.SelfLoops())
	}
}

func TestScanEdgeListRecordsLines(t *testing.T) {
	text := "source\ttarget\tweight\n# c\n1\t2\t5\n2\t1\t6\n3\t3\t1\n4\n"
	g, recs, err := ScanEdgeList(strings.NewReader(text), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []EdgeRecord{{3, "1", "2", "5"}, {4, "2", "1", "6"}, {5, "3", "3", "1"}, {6, "4", "", ""}}
	if !slices.Equal(recs, want) {
		t.Errorf("records %v, want %v", recs, want)
	}
	ref, _ := ReadEdgeList(strings.NewReader(text), ReadOptions{})
	if g.N() != ref.N() || g.M() != ref.M() {
		t.Errorf("graph %v, ReadEdgeList %v", g, ref)
	}
	if _, _, err := ScanEdgeList(strings.NewReader("1 2 x\n"), ReadOptions{}); !errors.Is(err, ErrSyntax) {
		t.Errorf("bad weight: %v", err)
	}
}

func TestSandboxCreateAndReadAll(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "g.tsv"), []byte("1 2\n"), 0o644)
	sb, err := NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	data, name, err := sb.ReadAll(context.Background(), "sub/g.tsv")
	if err != nil || string(data) != "1 2\n" || name != "g.tsv" {
		t.Fatalf("ReadAll = %q, %q, %v", data, name, err)
	}
	f, err := sb.Create("sub/clean.tsv")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("x")
	f.Close()
	if b, _ := os.ReadFile(filepath.Join(dir, "sub", "clean.tsv")); !bytes.Equal(b, []byte("x")) {
		t.Errorf("written %q", b)
	}
	if _, err := sb.Create("sub/g.tsv"); !errors.Is(err, fs.ErrExist) {
		t.Errorf("replacing a file: %v", err)
	}
	outside := filepath.Join(t.TempDir(), "x.tsv")
	for _, p := range []string{"../x.tsv", outside, "sub/../../x.tsv"} {
		if _, err := sb.Create(p); !errors.Is(err, ErrOutsideSandbox) {
			t.Errorf("Create(%q) = %v, want ErrOutsideSandbox", p, err)
		}
	}
	os.Symlink(t.TempDir(), filepath.Join(dir, "link"))
	if _, err := sb.Create("link/x.tsv"); !errors.Is(err, ErrOutsideSandbox) {
		t.Errorf("through a link outside: %v", err)
	}
	if _, err := sb.Create("nofolder/x.tsv"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing folder: %v", err)
	}
}
