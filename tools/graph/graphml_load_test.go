package graph

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLoadGraphMLFile: a GraphML file in the data folders was read as an
// edge list of its XML tags (NetworkX's write_graphml of the path a-b-c
// gave nodes such as '<node' and 'id="a"'); Sandbox.Load reads it as
// GraphML, by its extension or by its content.
func TestLoadGraphMLFile(t *testing.T) {
	const text = `<?xml version='1.0' encoding='utf-8'?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <graph edgedefault="undirected">
    <node id="a" />
    <node id="b" />
    <node id="c" />
    <edge source="a" target="b" />
    <edge source="b" target="c" />
  </graph>
</graphml>
`
	dir := t.TempDir()
	for _, name := range []string{"path.graphml", "path.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"path.graphml", "path.txt"} {
		g, err := s.Load(context.Background(), name, ReadOptions{})
		if err != nil || !slices.Equal(g.IDs(), []string{"a", "b", "c"}) || g.M() != 2 {
			t.Errorf("%s: %v, %v; want the path a-b-c", name, g, err)
		}
	}
}
