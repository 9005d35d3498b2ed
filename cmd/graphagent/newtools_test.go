package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAskReachesCommunityDegreeAndLabelTools asks the builtin backend the
// questions of issue 9 item 3 that the community, degree distribution and
// node classification tools answer, and checks tool, arguments and answer.
func TestAskReachesCommunityDegreeAndLabelTools(t *testing.T) {
	data, home := dataDir(t), t.TempDir()
	labelled := t.TempDir()
	// Node-link JSON with a "likes" attribute on nodes 1, 2, 4 and 8.
	nodeLink := `{"directed": false, "multigraph": false, "graph": {}, "nodes": [
		{"id": 1, "likes": "soccer"}, {"id": 3}, {"id": 2, "likes": "soccer"}, {"id": 4, "likes": "tennis"},
		{"id": 5}, {"id": 6}, {"id": 7}, {"id": 8, "likes": "chess"}],
		"links": [{"source": 1, "target": 3}, {"source": 2, "target": 3}, {"source": 4, "target": 3}, {"source": 3, "target": 5},
		{"source": 5, "target": 6}, {"source": 4, "target": 7}, {"source": 1, "target": 7}, {"source": 6, "target": 8}]}`
	if err := os.WriteFile(filepath.Join(labelled, "likes.json"), []byte(nodeLink), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir, file, q, tool string
		args               map[string]any
		answer             string
	}{
		{data, "karate/edges.tsv", "Which communities are there?", "louvain_communities", map[string]any{}, "finds 4 communities"},
		{data, "karate/edges.tsv", "Which community does node 5 belong to?", "louvain_communities", map[string]any{"node": "5"}, "{4, 5, 6, 10, 16}"},
		{data, "karate/edges.tsv", "Detect the communities with Louvain, seed 42 and resolution 0.5.", "louvain_communities", map[string]any{"seed": 42.0, "resolution": 0.5}, "seed 42, resolution 0.5"},
		{data, "karate/edges.tsv", "Find the communities by greedy modularity maximisation.", "greedy_modularity_communities", map[string]any{}, "finds 3 communities"},
		{data, "karate/edges.tsv", "What is the degree distribution?", "degree_distribution", map[string]any{}, "degree 2: 11 nodes"},
		{data, "karate/edges.tsv", "How many nodes have degree 2?", "degree_distribution", map[string]any{"degree": 2.0}, "11 nodes have degree 2"},
		{data, "karate/edges.tsv", "Which nodes have exactly 3 neighbours?", "degree_distribution", map[string]any{"degree": 3.0}, "6 nodes have degree 3"},
		{data, "karate/edges.tsv", "What is the degree of node 3?", "degree", map[string]any{"node": "3"}, "Node 3 has degree 6"},
		{data, "karate/edges.tsv", "How many isolated nodes are there?", "degree_distribution", map[string]any{"degree": 0.0}, "No node has degree 0"},
		{data, "karate/edges.tsv", "How many nodes are there?", "node_count", map[string]any{}, "34 nodes"},
		{labelled, "likes.json", "What does node 3 like?", "predict_node_label", map[string]any{"node": "3"}, "Node 3 probably likes soccer"},
		{labelled, "likes.json", "What does node 7 like?", "predict_node_label", map[string]any{"node": "7"}, "tied between soccer and tennis"},
		{labelled, "likes.json", "Predict the labels of the unlabelled nodes.", "predict_node_label", map[string]any{}, "3: soccer"},
		// Labels written in the question ("Node 4 likes soccer").
		{data, "", "Node 1 likes soccer. Node 2 likes soccer. Node 4 likes tennis. Edges: 1-3, 2-3, 4-3, 3-5, 5-6. What does node 3 like?", "predict_node_label", map[string]any{"node": "3"}, "probably soccer"},
		{data, "", "Node 1 likes soccer. Node 4 likes tennis. Edges: 1-7, 4-7, 3-5. What does node 7 like?", "predict_node_label", map[string]any{"node": "7"}, "tied between soccer and tennis"},
		{data, "", "Node 1 likes soccer. Edges: 1-2, 2-3, 3-4. What does node 4 like?", "predict_node_label", map[string]any{"node": "4"}, "label propagation from the labelled nodes gives it soccer at round 3"},
		{data, "", "Alice likes tennis. Bob likes chess. Carol likes tennis. Alice and Dave are friends. Carol and Dave are friends. Bob and Dave are friends. What does Dave like?", "predict_node_label", map[string]any{"node": "Dave"}, "probably tennis"},
	} {
		cmd := []string{"--data", c.dir, "--home", home, "ask", c.q}
		if c.file != "" {
			cmd = append(cmd, "--graph", c.file)
		}
		m, code := askJSON(t, cmd...)
		var tool, answer string
		var args map[string]any
		json.Unmarshal(m["tool"], &tool)
		json.Unmarshal(m["answer"], &answer)
		json.Unmarshal(m["args"], &args)
		if code != exitOK || tool != c.tool || !strings.Contains(answer, c.answer) {
			t.Errorf("%q: exit %d, tool %q, answer %q; want %s answering %q", c.q, code, tool, answer, c.tool, c.answer)
			continue
		}
		if len(args) != len(c.args) {
			t.Errorf("%q: args %v, want %v", c.q, args, c.args)
		}
		for k, v := range c.args {
			if args[k] != v {
				t.Errorf("%q: args %v, want %v", c.q, args, c.args)
			}
		}
	}
}
