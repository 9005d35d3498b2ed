package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/tools/graph"
)

// TestHostileFilesInRequests: a question naming a DOT file of 10^7 nested
// braces ended the server (a fatal stack overflow in gonum's DOT checker,
// which recover cannot catch); each such file, and 10^7-level JSON, GML
// and GraphML files, now gets a 400 naming the file and the line, and the
// next request is answered.
func TestHostileFilesInRequests(t *testing.T) {
	const n = 10_000_000
	nest := func(prefix, open, mid, close, suffix string) []byte {
		var b bytes.Buffer
		b.WriteString(prefix + strings.Repeat(open, n) + mid + strings.Repeat(close, n) + suffix)
		return b.Bytes()
	}
	dir := t.TempDir()
	files := map[string][]byte{
		"deep.dot":     nest("graph G { a -- ", "{", "b", "}", " }"),
		"deep.json":    nest(`{"nodes": `, "[", "1", "]", `, "edges": []}`),
		"deep.gml":     nest("graph [ ", "a [ ", "x 1", " ]", " ]"),
		"deep.graphml": nest("<graphml>\n<graph>\n", "<g>\n", "", "</g>\n", "</graph>\n</graphml>\n"),
		"ok.edgelist":  []byte("0 1\n1 2\n2 0\n"),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sb, err := graph.NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := agent.New(context.Background(), agent.Config{Sandbox: sb})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	_, srv := newTestServer(t, Options{Agent: a})
	for _, name := range []string{"deep.dot", "deep.json", "deep.gml", "deep.graphml"} {
		resp, body := post(t, srv, chatBody("", "How many nodes does "+name+" have?"))
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), name+":") || !strings.Contains(string(body), "nested") && !strings.Contains(string(body), "depth") {
			t.Errorf("%s: %d %.300s; want 400 naming the file's line and the nesting", name, resp.StatusCode, body)
		}
		resp, body = post(t, srv, chatBody("", "Is there a cycle in ok.edgelist?"))
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "cycle") {
			t.Errorf("after %s: %d %.300s", name, resp.StatusCode, body)
		}
	}
}
