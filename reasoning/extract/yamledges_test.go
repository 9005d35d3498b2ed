package extract

import "testing"

func TestYAMLEdgeList(t *testing.T) {
	cases := []readerCase{
		{
			name:  "under an edges key",
			text:  "edges:\n  - [A, B]\n  - [A, D]\n  - [B, C]\nHow many triangles?",
			nodes: []string{"A", "B", "D", "C"}, edges: []string{"A-B", "A-D", "B-C"}, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "weights and quotes, directed",
			text:  "A directed graph:\n- ['s', 'a', 3]\n- [\"a\", \"t\", 2.5]\n",
			nodes: []string{"s", "a", "t"}, edges: []string{"s-a:3", "a-t:2.5"}, dir: DirDirected, meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "some weights missing is uncertain",
			text:  "- [1, 2, 4]\n- [2, 3]",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2:4", "2-3"}, meaning: MeaningWeight, maxConf: 0.6,
		},
		{name: "one line is not a list", text: "- [A, B]\nHow many edges?"},
		{name: "a task list", text: "- [x] buy milk\n- [ ] call Bo"},
		{name: "nested lists", text: "- [[1, 2], 3]\n- [[2, 3], 4]"},
		{name: "a weight that is no number", text: "- [a, b, heavy]\n- [b, c, light]"},
	}
	checkReaderCases(t, YAMLEdgeList{}, cases)
}

func FuzzReadYAMLEdges(f *testing.F) {
	fuzzReader(f, YAMLEdgeList{}, "edges:\n  - [A, B]\n  - [B, C, 2]\n", "- [1,2]\n\n- [2,3]", "-[a,b]\n-[b,]")
}
