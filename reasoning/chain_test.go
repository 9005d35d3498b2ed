package reasoning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

func idx(i int) *int { return &i }

func TestCheckChain(t *testing.T) {
	reg := RegistrySpecs(tools.Catalogue())
	raw := func(s string) json.RawMessage { return json.RawMessage(s) }
	good := Chain{Steps: []ChainStep{
		{Tool: "pagerank"},
		{Tool: OpTopNodes, Args: map[string]json.RawMessage{"k": raw("2")}, Inputs: map[string]ChainInput{"scores": {Step: 1}}},
		{Tool: "shortest_path", Inputs: map[string]ChainInput{"source": {Step: 2, Index: idx(0)}, "target": {Step: 2, Index: idx(1)}}},
	}}
	if err := CheckChain(good, reg); err != nil {
		t.Fatalf("valid chain: %v", err)
	}
	long := Chain{}
	for i := 0; i <= MaxChainSteps; i++ {
		long.Steps = append(long.Steps, ChainStep{Tool: "node_count"})
	}
	for name, c := range map[string]Chain{
		"empty":        {},
		"too long":     long,
		"unknown tool": {Steps: []ChainStep{{Tool: "teleport"}}},
		"forward reference (a cycle)": {Steps: []ChainStep{
			{Tool: OpTopNodes, Inputs: map[string]ChainInput{"scores": {Step: 2}}},
			{Tool: "pagerank"},
		}},
		"self reference": {Steps: []ChainStep{{Tool: "pagerank"}, {Tool: OpTopNodes, Inputs: map[string]ChainInput{"scores": {Step: 2}}}}},
		"list into a node without an index": {Steps: []ChainStep{
			good.Steps[0], good.Steps[1],
			{Tool: "degree", Inputs: map[string]ChainInput{"node": {Step: 2}}},
		}},
		"index past the list": {Steps: []ChainStep{
			good.Steps[0], good.Steps[1],
			{Tool: "degree", Inputs: map[string]ChainInput{"node": {Step: 2, Index: idx(2)}}},
		}},
		"number into a node": {Steps: []ChainStep{
			{Tool: "node_count"},
			{Tool: "degree", Inputs: map[string]ChainInput{"node": {Step: 1}}},
		}},
		"scores into a node list": {Steps: []ChainStep{
			{Tool: "pagerank"},
			{Tool: OpRemoveNodes, Inputs: map[string]ChainInput{"nodes": {Step: 1}}},
		}},
		"missing argument": {Steps: []ChainStep{{Tool: "pagerank"}, {Tool: "shortest_path", Inputs: map[string]ChainInput{"source": {Step: 1}}}}},
		"unknown argument": {Steps: []ChainStep{{Tool: "diameter", Args: map[string]json.RawMessage{"node": raw(`"1"`)}}}},
		"both literal and fed": {Steps: []ChainStep{
			good.Steps[0], good.Steps[1],
			{Tool: "degree", Args: map[string]json.RawMessage{"node": raw(`"1"`)}, Inputs: map[string]ChainInput{"node": {Step: 2, Index: idx(0)}}},
		}},
		"a setting fed": {Steps: []ChainStep{{Tool: "node_count"}, {Tool: OpTopNodes, Inputs: map[string]ChainInput{"k": {Step: 1}}}}},
		"bad k":         {Steps: []ChainStep{{Tool: "pagerank"}, {Tool: OpTopNodes, Args: map[string]json.RawMessage{"k": raw("0")}, Inputs: map[string]ChainInput{"scores": {Step: 1}}}}},
	} {
		if err := CheckChain(c, reg); !errors.Is(err, ErrBadChain) {
			t.Errorf("%s: %v, want ErrBadChain", name, err)
		}
	}
}

func TestEditChain(t *testing.T) {
	reg := RegistrySpecs(tools.Catalogue())
	c := Chain{Steps: []ChainStep{
		{Tool: OpRemoveSelfLoops},
		{Tool: OpRemoveIsolated},
		{Tool: "pagerank"},
		{Tool: OpTopNodes, Inputs: map[string]ChainInput{"scores": {Step: 3}}},
		{Tool: "degree", Inputs: map[string]ChainInput{"node": {Step: 4, Index: idx(0)}}},
	}}
	out, ok, err := EditChain(c, "skip step 2", reg)
	if !ok || err != nil {
		t.Fatalf("skip step 2: %v %v", ok, err)
	}
	if want := []string{OpRemoveSelfLoops, "pagerank", OpTopNodes, "degree"}; !slices.Equal(out.Tools(), want) ||
		out.Steps[2].Inputs["scores"].Step != 2 || out.Steps[3].Inputs["node"].Step != 3 {
		t.Errorf("after skipping step 2: %s", out)
	}
	out, ok, err = EditChain(c, "Drop steps 1 and 2.", reg)
	if !ok || err != nil || len(out.Steps) != 3 {
		t.Errorf("drop steps 1 and 2: %v %v %s", ok, err, out)
	}
	if _, ok, err := EditChain(c, "skip step 3", reg); !ok || !errors.Is(err, ErrBadChain) || !strings.Contains(err.Error(), "step 4") {
		t.Errorf("skipping a step a later one needs: %v %v", ok, err)
	}
	if _, ok, err := EditChain(c, "skip step 9", reg); !ok || !errors.Is(err, ErrBadChain) {
		t.Errorf("no such step: %v %v", ok, err)
	}
	if _, ok, _ := EditChain(c, "yes", reg); ok {
		t.Error("'yes' read as an edit")
	}

	// Changing a step's tool keeps the inputs the new tool takes; the
	// types must still flow.
	out, ok, err = EditChain(c, "change step 5 to closeness_centrality", reg)
	if !ok || err != nil || out.Steps[4].Tool != "closeness_centrality" || out.Steps[4].Inputs["node"].Step != 4 || c.Steps[4].Tool != "degree" {
		t.Errorf("change step 5: %v %v %s (original %s)", ok, err, out, c)
	}
	out, ok, err = EditChain(c, "Replace step 3 with betweenness_centrality.", reg)
	if !ok || err != nil || out.Steps[2].Tool != "betweenness_centrality" {
		t.Errorf("replace step 3: %v %v %s", ok, err, out)
	}
	out, ok, err = EditChain(c, `change step 4 to top_nodes {"k": 2, "order": "lowest"}`, reg)
	if !ok || err != nil || string(out.Steps[3].Args["order"]) != `"lowest"` || out.Steps[3].Inputs["scores"].Step != 3 {
		t.Errorf("change step 4 with arguments: %v %v %s", ok, err, out)
	}
	for edit, want := range map[string]string{
		"change step 3 to diameter":      "step 4", // a number cannot feed top_nodes' scores
		"change step 9 to diameter":      "no step 9",
		"change step 2 to no_such_tool":  "no tool or chain operation",
		"change the tool to diameter":    "say which one",
		"change step 5 to degree {1}":    "JSON object",
		"change step 5 to shortest_path": "missing argument", // target
	} {
		if _, ok, err := EditChain(c, edit, reg); !ok || !errors.Is(err, ErrBadChain) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v %v, want an error naming %q", edit, ok, err, want)
		}
		if !IsChainEdit(edit) {
			t.Errorf("%q is not read as an edit", edit)
		}
	}
	one := Chain{Steps: []ChainStep{{Tool: "diameter"}}}
	if out, ok, err := EditChain(one, "change the tool to radius", reg); !ok || err != nil || out.Steps[0].Tool != "radius" {
		t.Errorf("change the tool of a one-step chain: %v %v %s", ok, err, out)
	}
	if IsChainEdit("change target to 5") || IsChainEdit("yes") {
		t.Error("a parameter edit or a confirmation read as a chain edit")
	}
}

// fakeResolve resolves a step's text by keywords, returning node
// arguments from the numbers it names (as the builtin slots do).
func fakeResolve(ctx context.Context, text string) (string, json.RawMessage, error) {
	nums := regexp.MustCompile(`\b\d+\b`).FindAllString(text, -1)
	q := strings.ToLower(text)
	// Like the builtin slots, every required argument or an error.
	arg := func(names ...string) json.RawMessage {
		if len(nums) < len(names) {
			return nil
		}
		m := map[string]string{}
		for i, n := range names {
			m[n] = nums[i]
		}
		b, _ := json.Marshal(m)
		return b
	}
	result := func(tool string, args json.RawMessage) (string, json.RawMessage, error) {
		if args == nil {
			return "", nil, fmt.Errorf("%s: missing arguments: %w", tool, ErrNotChain)
		}
		return tool, args, nil
	}
	switch {
	case strings.Contains(q, "shortest path"):
		return result("shortest_path", arg("source", "target"))
	case strings.Contains(q, "neighbours"):
		return result("neighbors", arg("node"))
	case strings.Contains(q, "diameter"):
		return "diameter", json.RawMessage(`{}`), nil
	case strings.Contains(q, "edges"):
		return "edge_count", json.RawMessage(`{}`), nil
	case strings.Contains(q, "degree of"):
		return result("degree", arg("node"))
	}
	return "", nil, fmt.Errorf("no tool: %w", ErrNotChain)
}

func TestBuiltinPlanChain(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	reg := RegistrySpecs(tools.Catalogue())
	for q, want := range map[string]string{
		"What is the shortest path between the two highest-PageRank nodes?":                       "pagerank top_nodes shortest_path",
		"Remove self-loops and isolated nodes, then give the diameter.":                           "remove_self_loops remove_isolated_nodes diameter",
		"After removing node 5, how many edges are there?":                                        "remove_nodes edge_count",
		"How many edges are there after deleting nodes 1, 2 and 3?":                               "remove_nodes edge_count",
		"What is the diameter of the largest connected component?":                                "largest_component diameter",
		"Keep the largest component, then what is the diameter?":                                  "largest_component diameter",
		"Who are the neighbours of the node with the lowest closeness?":                           "closeness_centrality top_nodes neighbors",
		"What is the degree of the top node by betweenness?":                                      "betweenness_centrality top_nodes degree",
		"Who are the neighbours of the most connected node?":                                      "degrees top_nodes neighbors",
		"First remove the highest-degree node, then give the diameter":                            "degrees top_nodes remove_nodes diameter",
		"What is the shortest path from the highest-degree node to the lowest-degree node?":       "degrees top_nodes top_nodes shortest_path",
		"What is the diameter without self-loops?":                                                "remove_self_loops diameter",
		"Delete the self loops and then compute the diameter":                                     "remove_self_loops diameter",
		"Drop all isolated vertices; then how many edges are there?":                              "remove_isolated_nodes edge_count",
		"Once we remove node 7, what is the diameter?":                                            "remove_nodes diameter",
		"What is the diameter after taking out nodes a, b and c?":                                 "remove_nodes diameter",
		"Who are the neighbours of the top-2 nodes by degree?":                                    "",
		"What is the shortest path between the 2 vertices with the largest closeness centrality?": "closeness_centrality top_nodes shortest_path",
		"What is the shortest path between the bottom 2 nodes by eccentricity?":                   "eccentricity top_nodes shortest_path",
		"Who are the neighbours of the node with the fewest neighbours?":                          "degrees top_nodes neighbors",
		"What is the degree of the node with the highest in-degree?":                              "degrees top_nodes degree",
	} {
		c, err := p.PlanChain(context.Background(), ChainRequest{Question: q, Resolve: fakeResolve})
		if want == "" {
			// Not a chain the grammar reads (two nodes for a one-node
			// argument).
			if err == nil {
				t.Errorf("%q: planned %s, want no chain", q, c.Tools())
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if got := strings.Join(c.Tools(), " "); got != want {
			t.Errorf("%q: plan %s, want %s\n%s", q, got, want, c)
		}
		if err := CheckChain(c, reg); err != nil {
			t.Errorf("%q: %v\n%s", q, err, c)
		}
	}
	for _, q := range []string{
		"What is the diameter?",
		"Which node has the highest PageRank?",
		"What is the shortest path between the highest-PageRank nodes?", // how many?
		"Remove the wobbly bits, then give the diameter.",
		"If you go from 0 and then reach 3, what is the diameter?",
	} {
		if c, err := p.PlanChain(context.Background(), ChainRequest{Question: q, Resolve: fakeResolve}); !errors.Is(err, ErrNotChain) {
			t.Errorf("%q: %v, %s; want ErrNotChain", q, err, c)
		}
	}
	c, _ := p.PlanChain(context.Background(), ChainRequest{Question: "What is the shortest path between the two highest-PageRank nodes?", Resolve: fakeResolve})
	sp := c.Steps[2]
	if in := sp.Inputs["source"]; in.Step != 2 || in.Index == nil || *in.Index != 0 {
		t.Errorf("source fed by %+v", in)
	}
	if in := sp.Inputs["target"]; in.Step != 2 || in.Index == nil || *in.Index != 1 {
		t.Errorf("target fed by %+v", in)
	}
}
