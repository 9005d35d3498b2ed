package tools

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// communityTools returns the community detection tools, the degree
// distribution and node classification.
func communityTools() []Tool {
	return []Tool{louvainTool(), greedyModularityTool(), degreeDistributionTool(), nodeLabelTool()}
}

// LouvainParams are the parameters of louvain_communities, NetworkX's.
type LouvainParams struct {
	Seed       *int64   `json:"seed,omitempty" desc:"random seed, as NetworkX's seed argument (default 0); the same seed gives NetworkX's communities"`
	Resolution *float64 `json:"resolution,omitempty" desc:"resolution: above 1 favours smaller communities, below 1 larger ones (default 1)"`
	Threshold  *float64 `json:"threshold,omitempty" desc:"stop when a level gains less modularity than this (default 1e-7)"`
	MaxLevel   int      `json:"max_level,omitempty" desc:"stop after this many levels (default: no limit)"`
	Weighted   *bool    `json:"weighted,omitempty" desc:"use edge weights (default true, as NetworkX)"`
	Node       *NodeID  `json:"node,omitempty" desc:"say which community this node is in"`
}

// GreedyModularityParams are the parameters of greedy_modularity_communities.
type GreedyModularityParams struct {
	Resolution *float64 `json:"resolution,omitempty" desc:"resolution: above 1 favours smaller communities, below 1 larger ones (default 1)"`
	Weighted   *bool    `json:"weighted,omitempty" desc:"use edge weights (default false, as NetworkX)"`
	Node       *NodeID  `json:"node,omitempty" desc:"say which community this node is in"`
}

// Communities is the value of the community detection tools.
type Communities struct {
	// Method names the algorithm and its settings.
	Method string `json:"method"`
	// Communities lists the node IDs of each community, in NetworkX's
	// order; members are sorted (numerically when all IDs are integers).
	Communities [][]string `json:"communities"`
	// Count is the number of communities.
	Count int `json:"count"`
	// Modularity is NetworkX's modularity of the partition, with the same
	// weights and resolution.
	Modularity float64 `json:"modularity"`
	// Node and Community (0-based index into Communities) are set when a
	// node was asked about.
	Node      string `json:"node,omitempty"`
	Community *int   `json:"community,omitempty"`
}

func resolutionArg(tool string, r *float64) (float64, error) {
	if r == nil {
		return 1, nil
	}
	if !(*r >= 0) || math.IsInf(*r, 0) {
		return 0, fmt.Errorf("%s: resolution must be a non-negative number, got %v: %w", tool, *r, ErrBadArgs)
	}
	return *r, nil
}

func louvainTool() Tool {
	return New(Spec{
		Name:        "louvain_communities",
		Intents:     Intents{Cued: true},
		Description: "Communities (clusters) of the graph by the Louvain method, seeded, with the same result as NetworkX's louvain_communities for the same seed; reports the communities, their number and the modularity.",
		WhenToUse:   "Questions asking which communities, clusters, groups or modules the graph splits into, how many communities there are, or which community a node belongs to; Louvain modularity optimisation, optionally with a seed, resolution or threshold.",
		Returns:     "the communities as lists of node IDs, their count and the modularity; with node, that node's community",
		AppliesTo:   WeightedPrefers,
		Family:      familyCommon,
		Examples: []string{
			"Which communities are there in this graph?",
			"Detect the communities with the Louvain method, seed 42.",
			"How many clusters does the network split into?",
			"Which community does node 5 belong to?",
			"Find groups of densely connected nodes in the social network.",
			"Partition the graph into modules with Louvain at resolution 0.5.",
		},
	}, func(ctx context.Context, g *graph.Graph, p LouvainParams) (Result, error) {
		o := louvainOptions{weighted: true, threshold: 1e-7}
		var err error
		if o.resolution, err = resolutionArg("louvain_communities", p.Resolution); err != nil {
			return Result{}, err
		}
		if p.Threshold != nil {
			if !(*p.Threshold >= 0) || math.IsInf(*p.Threshold, 0) {
				return Result{}, fmt.Errorf("louvain_communities: threshold must be a non-negative number, got %v: %w", *p.Threshold, ErrBadArgs)
			}
			o.threshold = *p.Threshold
		}
		if p.MaxLevel < 0 {
			return Result{}, fmt.Errorf("louvain_communities: max_level must be positive, got %d: %w", p.MaxLevel, ErrBadArgs)
		}
		o.maxLevel = p.MaxLevel
		if p.Seed != nil {
			o.seed = *p.Seed
		}
		if p.Weighted != nil {
			o.weighted = *p.Weighted
		}
		node, err := optionalNode(g, p.Node, "node")
		if err != nil {
			return Result{}, err
		}
		comm, k, err := louvain(ctx, g, o)
		if err != nil {
			return Result{}, err
		}
		method := fmt.Sprintf("Louvain (seed %d, resolution %s, %s)", o.seed, formatNumber(o.resolution), weightsWord(g, o.weighted))
		return communitiesResult(g, method, comm, k, o.weighted, o.resolution, node), nil
	})
}

func greedyModularityTool() Tool {
	return New(Spec{
		Name:        "greedy_modularity_communities",
		Intents:     Intents{Cued: true},
		Description: "Communities of the graph by greedy modularity maximisation (Clauset-Newman-Moore), deterministic, with the same result as NetworkX's greedy_modularity_communities; reports the communities, largest first, their number and the modularity.",
		WhenToUse:   "Questions asking for communities or clusters by greedy modularity, Clauset-Newman-Moore or a deterministic (unseeded) community detection, how many communities it finds, or which one a node is in.",
		Returns:     "the communities as lists of node IDs, largest first, their count and the modularity; with node, that node's community",
		AppliesTo:   WeightedPrefers,
		Family:      familyCommon,
		Examples: []string{
			"Find the communities by greedy modularity maximisation.",
			"Run Clauset-Newman-Moore community detection on this network.",
			"Which modularity-based clusters does the graph have, deterministically?",
			"Using greedy modularity, which community is node 3 in?",
		},
	}, func(ctx context.Context, g *graph.Graph, p GreedyModularityParams) (Result, error) {
		res, err := resolutionArg("greedy_modularity_communities", p.Resolution)
		if err != nil {
			return Result{}, err
		}
		weighted := p.Weighted != nil && *p.Weighted
		node, err := optionalNode(g, p.Node, "node")
		if err != nil {
			return Result{}, err
		}
		comm, k, err := greedyModularity(ctx, g, weighted, res)
		if err != nil {
			return Result{}, err
		}
		method := fmt.Sprintf("Greedy modularity (Clauset-Newman-Moore, resolution %s, %s)", formatNumber(res), weightsWord(g, weighted))
		return communitiesResult(g, method, comm, k, weighted, res, node), nil
	})
}

// weightsWord says whether edge weights were used, for the method line.
func weightsWord(g *graph.Graph, weighted bool) string {
	switch {
	case !g.Weighted():
		return "unweighted graph"
	case weighted:
		return "edge weights used"
	}
	return "edge weights ignored"
}

// communitiesResult builds the answer of a community tool from each node's
// community index (0..k-1 in the tool's order).
func communitiesResult(g *graph.Graph, method string, comm []int32, k int, weighted bool, resolution float64, node int32) Result {
	rank := nodeRanks(g)
	groups := make([][]int32, k)
	for u, c := range comm {
		groups[c] = append(groups[c], int32(u))
	}
	v := Communities{Method: method, Count: k, Communities: make([][]string, k)}
	for c, grp := range groups {
		slices.SortFunc(grp, func(a, b int32) int { return int(rank[a]) - int(rank[b]) })
		ids := make([]string, len(grp))
		for i, u := range grp {
			ids[i] = g.ID(u)
		}
		v.Communities[c] = ids
	}
	if g.M() > 0 {
		v.Modularity = nxWGraphOf(g, weighted).modularityOf(comm, k, resolution)
	}
	var text string
	switch {
	case g.N() == 0:
		text = "The graph has no nodes, so it has no communities."
	case node >= 0:
		c := int(comm[node])
		v.Node, v.Community = g.ID(node), &c
		text = fmt.Sprintf("%s puts node %s in community %d of %d, with %d members: %s (modularity %s).",
			method, g.ID(node), c+1, k, len(v.Communities[c]), listIDs(v.Communities[c], 30), formatNumber(v.Modularity))
	default:
		noun := "communities"
		if k == 1 {
			noun = "community"
		}
		text = fmt.Sprintf("%s finds %d %s with modularity %s: %s.", method, k, noun, formatNumber(v.Modularity), listCommunities(v.Communities))
	}
	return Result{Value: v, Text: text}
}

// listIDs renders up to limit IDs in braces, saying how many more there are.
func listIDs(ids []string, limit int) string {
	if len(ids) <= limit {
		return "{" + strings.Join(ids, ", ") + "}"
	}
	return fmt.Sprintf("{%s, … and %d more}", strings.Join(ids[:limit], ", "), len(ids)-limit)
}

// listCommunities renders the communities for a sentence, bounded in length
// for large graphs (the value has them all).
func listCommunities(cs [][]string) string {
	const maxShown, maxMembers = 12, 20
	parts := make([]string, 0, min(len(cs), maxShown)+1)
	for i, c := range cs {
		if i == maxShown {
			parts = append(parts, fmt.Sprintf("and %d more", len(cs)-maxShown))
			break
		}
		parts = append(parts, listIDs(c, maxMembers))
	}
	return strings.Join(parts, "; ")
}

// NormalizedMutualInfo is the normalised mutual information of two
// labellings of the same items (arithmetic-mean normalisation, natural
// logarithms, as scikit-learn's default): 1 for identical partitions, 0 for
// independent ones. Two single-cluster labellings give 1. Labellings of
// different lengths are an error wrapping ErrBadArgs.
func NormalizedMutualInfo[A, B comparable](a []A, b []B) (float64, error) {
	if len(a) != len(b) {
		return 0, fmt.Errorf("normalized mutual information: labellings of %d and %d items: %w", len(a), len(b), ErrBadArgs)
	}
	n := float64(len(a))
	if len(a) == 0 {
		return 1, nil
	}
	type pair struct {
		x A
		y B
	}
	ca, cb, cab := map[A]float64{}, map[B]float64{}, map[pair]float64{}
	for i := range a {
		ca[a[i]]++
		cb[b[i]]++
		cab[pair{a[i], b[i]}]++
	}
	entropy := func(counts []float64) float64 {
		h := 0.0
		for _, c := range counts {
			h -= c / n * math.Log(c/n)
		}
		return h
	}
	ha := entropy(mapValues(ca))
	hb := entropy(mapValues(cb))
	if ha == 0 && hb == 0 {
		return 1, nil
	}
	terms := make([]float64, 0, len(cab))
	for p, c := range cab {
		terms = append(terms, c/n*math.Log(n*c/(ca[p.x]*cb[p.y])))
	}
	slices.Sort(terms) // a fixed summation order
	mi := 0.0
	for _, t := range terms {
		mi += t
	}
	return max(0, min(1, mi/((ha+hb)/2))), nil
}

func mapValues[K comparable](m map[K]float64) []float64 {
	out := make([]float64, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	slices.Sort(out) // a fixed summation order
	return out
}
