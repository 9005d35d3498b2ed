package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// auditGraphWiz re-derives a GraphWiz item's gold from its graph with the
// catalogue. A published gold is corrected only with a proof the audit
// checks itself: the Hamiltonian path, the path joining the nodes, the
// cycle, the two sides of a bipartition, a shorter path, a valid order.
func auditGraphWiz(ctx context.Context, reg *tools.Registry, it *Item) GoldAudit {
	p, err := parseGraphWiz(it.Task, it.Question)
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	g, err := p.graph()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	var gold any
	_ = json.Unmarshal(it.Answer, &gold)
	yes, _ := gold.(bool)
	num, _ := gold.(float64)
	src, dst := strconv.Itoa(p.source), strconv.Itoa(p.target)
	fix := auditCorrected
	gaveUp := auditGaveUp
	confirmed := GoldAudit{Status: AuditConfirmed}
	switch it.Task {
	case GWHamilton:
		res, err := runTool(ctx, reg, "hamiltonian_path", g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		h := res.Value.(tools.HamiltonianResult)
		switch {
		case h.Exists == yes:
			return confirmed
		case h.Exists:
			if err := walkOK(g, h.Path, true); err != nil {
				return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's path does not check: " + err.Error()}
			}
			return fix(true, "Hamiltonian path %s (every node once, each step an edge)", strings.Join(h.Path, "-"))
		default:
			return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's exact search finds no Hamiltonian path"}
		}
	case GWConnectivity:
		res, err := runTool(ctx, reg, "shortest_path", g, map[string]string{"source": src, "target": dst})
		if err != nil {
			if !errors.Is(err, tools.ErrNotApplicable) && !strings.Contains(err.Error(), "no path") {
				return gaveUp(err)
			}
			if !yes {
				return confirmed
			}
			return fix(false, "no path: %s", err.Error())
		}
		path := res.Value.(tools.ShortestPath).Path
		if yes {
			return confirmed
		}
		if err := walkOK(g, path, false); err != nil {
			return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's path does not check: " + err.Error()}
		}
		return fix(true, "path %s joins node %s and node %s", strings.Join(path, "-"), src, dst)
	case GWCycle:
		res, err := runTool(ctx, reg, "cycle_check", g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		has := res.Value.(bool)
		if has == yes {
			return confirmed
		}
		comps := components(g)
		if !has {
			return fix(false, "the graph is a forest: %d nodes, %d edges, %d components (edges = nodes - components)", g.N(), g.M(), comps)
		}
		if g.M() > g.N()-comps {
			return fix(true, "%d edges on %d nodes in %d components: more than a forest's %d (%s)", g.M(), g.N(), comps, g.N()-comps, res.Text)
		}
		return GoldAudit{Status: AuditDisputed, Proof: res.Text}
	case GWBipartite:
		res, err := runTool(ctx, reg, "is_bipartite", g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		bp := res.Value.(tools.BipartiteResult)
		if bp.Bipartite == yes {
			return confirmed
		}
		if bp.Bipartite {
			if err := sidesOK(g, bp.Left); err != nil {
				return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's sides do not check: " + err.Error()}
			}
			return fix(true, "two sides with every edge between them: %v and %v", sortedIDs(bp.Left), sortedIDs(bp.Right))
		}
		return GoldAudit{Status: AuditDisputed, Proof: res.Text}
	case GWShortest:
		res, err := runTool(ctx, reg, "shortest_path", g, map[string]string{"source": src, "target": dst})
		if err != nil {
			return gaveUp(err)
		}
		sp := res.Value.(tools.ShortestPath)
		if within(sp.Length, num, 1e-9) {
			return confirmed
		}
		if sp.Length < num {
			if w, err := pathWeight(g, sp.Path); err != nil || !within(w, sp.Length, 1e-9) {
				return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the catalogue's path does not check (%v)", err)}
			}
			return fix(sp.Length, "path %s weighs %s", strings.Join(sp.Path, "-"), fmtNum(sp.Length))
		}
		return fix(sp.Length, "no path is lighter than %s (Dijkstra); the published %s is below the optimum", fmtNum(sp.Length), fmtNum(num))
	case GWFlow:
		res, err := runTool(ctx, reg, "maximum_flow", g, map[string]string{"source": src, "sink": dst})
		if err != nil {
			return gaveUp(err)
		}
		v := res.Value.(tools.MaxFlow).Value
		if within(v, num, 1e-9) {
			return confirmed
		}
		return fix(v, "the maximum flow is %s (%s)", fmtNum(v), res.Text)
	case GWSubstructure:
		res, err := runTool(ctx, reg, "subgraph_is_monomorphic", g, map[string]any{"pattern": p.pattern()})
		if err != nil {
			return gaveUp(err)
		}
		m := res.Value.(tools.SubgraphMatchResult)
		switch {
		case m.Exists == yes:
			return confirmed
		case m.Exists:
			if err := occurrenceOK(g, p, m.Mapping); err != nil {
				return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's occurrence does not check: " + err.Error()}
			}
			return fix(true, "subgraph G' occurs: %s (each edge of G' an edge of G)", mappingText(p, m.Mapping))
		default:
			return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's exact search finds no occurrence of G'"}
		}
	case GWTriplet:
		res, err := runTool(ctx, reg, "maximum_triangle_node_sum", g, struct{}{})
		if errors.Is(err, tools.ErrNotApplicable) && strings.Contains(err.Error(), "no triangle") {
			// The generator's maximum_triplet_sum answers 0 then (and
			// drops the graph).
			if within(num, 0, 1e-9) {
				return confirmed
			}
			return fix(0.0, "the graph has no triangle (%d nodes, %d edges); the generator's maximum_triplet_sum gives 0", g.N(), g.M())
		}
		if err != nil {
			return gaveUp(err)
		}
		ts := res.Value.(tools.TriangleSum)
		if within(ts.Sum, num, 1e-9) {
			return confirmed
		}
		if err := triangleOK(g, ts.Triangle, ts.Sum); err != nil {
			return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's triangle does not check: " + err.Error()}
		}
		if ts.Sum > num {
			return fix(ts.Sum, "nodes %s form a triangle weighing %s", strings.Join(ts.Triangle, ", "), fmtNum(ts.Sum))
		}
		return fix(ts.Sum, "no triangle weighs more than %s (every triangle listed); the published %s is above the maximum", fmtNum(ts.Sum), fmtNum(num))
	case GWTopology:
		var order []string
		_ = json.Unmarshal(it.Answer, &order)
		if v := checkTopo(nil, normalize(order), g); v.Correct {
			return confirmed
		} else {
			res, err := runTool(ctx, reg, "topological_sort", g, struct{}{})
			if err != nil {
				return GoldAudit{Status: AuditDisputed, Proof: v.Reason + "; " + err.Error()}
			}
			return fix(res.Value, "the published order is not topological: %s", v.Reason)
		}
	}
	return GoldAudit{Status: AuditUnverified, Proof: "no catalogue tool answers " + it.Task + " yet"}
}

// occurrenceOK checks an occurrence of a substructure question's subgraph
// G' in G: different nodes of G for the nodes of G', each edge of G' an
// edge of G between their images, in the same direction.
func occurrenceOK(g *graph.Graph, p *gwProblem, mapping map[string]string) error {
	img := make([]int32, p.subN)
	used := map[int32]bool{}
	for v := 0; v < p.subN; v++ {
		id, ok := mapping[string(rune('a'+v))]
		if !ok {
			return fmt.Errorf("node %c is not mapped", 'a'+v)
		}
		x, ok := g.Index(id)
		if !ok || used[x] {
			return fmt.Errorf("node %c maps to %q, not a node of G or the image of another", 'a'+v, id)
		}
		used[x], img[v] = true, x
	}
	for _, e := range p.subEdges {
		if !g.HasEdge(img[e[0]], img[e[1]]) {
			return fmt.Errorf("edge %c->%c maps to %s->%s, not an edge of G", 'a'+e[0], 'a'+e[1], g.ID(img[e[0]]), g.ID(img[e[1]]))
		}
	}
	return nil
}

// triangleOK checks a triangle of g: three different nodes, each two
// joined by an edge, whose node weights sum to sum.
func triangleOK(g *graph.Graph, tri []string, sum float64) error {
	if len(tri) != 3 {
		return fmt.Errorf("%d nodes, not 3", len(tri))
	}
	var idx [3]int32
	total := 0.0
	for i, id := range tri {
		v, ok := g.Index(id)
		if !ok {
			return fmt.Errorf("node %q is not in the graph", id)
		}
		idx[i] = v
		w, ok := g.NodeAttrs(v)[tools.NodeWeightAttr].(float64)
		if !ok {
			return fmt.Errorf("node %s has no weight", id)
		}
		total += w
	}
	for i := 0; i < 3; i++ {
		u, v := idx[i], idx[(i+1)%3]
		if u == v {
			return fmt.Errorf("node %s is given twice", g.ID(u))
		}
		if !g.HasEdge(u, v) && !g.HasEdge(v, u) {
			return fmt.Errorf("%s and %s are not joined by an edge", g.ID(u), g.ID(v))
		}
	}
	if !within(total, sum, 1e-9) {
		return fmt.Errorf("the node weights sum to %s, not %s", fmtNum(total), fmtNum(sum))
	}
	return nil
}

// mappingText writes an occurrence as "a→3, b→0, ...".
func mappingText(p *gwProblem, mapping map[string]string) string {
	parts := make([]string, p.subN)
	for v := range parts {
		parts[v] = fmt.Sprintf("%c→%s", 'a'+v, mapping[string(rune('a'+v))])
	}
	return strings.Join(parts, ", ")
}

// components counts g's (weakly) connected components.
func components(g *graph.Graph) int {
	parent := make([]int32, g.N())
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	n := g.N()
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		if a, b := find(u), find(v); a != b {
			parent[a] = b
			n--
		}
	}
	return n
}

// sidesOK checks that every edge of g has one end in left.
func sidesOK(g *graph.Graph, left []string) error {
	in := map[int32]bool{}
	for _, id := range left {
		v, ok := g.Index(id)
		if !ok {
			return fmt.Errorf("node %q is not in the graph", id)
		}
		in[v] = true
	}
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		if in[u] == in[v] {
			return fmt.Errorf("edge %s-%s stays on one side", g.ID(u), g.ID(v))
		}
	}
	return nil
}

// pathWeight sums the weights along a path of g.
func pathWeight(g *graph.Graph, path []string) (float64, error) {
	if err := walkOK(g, path, false); err != nil {
		return 0, err
	}
	total := 0.0
	for i := 0; i+1 < len(path); i++ {
		u, _ := g.Index(path[i])
		v, _ := g.Index(path[i+1])
		e, _ := g.FindEdge(u, v)
		total += g.Weight(e)
	}
	return total, nil
}

// checkGraphWiz judges an outcome on a GraphWiz item against the gold the
// suite scores by (the audited one where the audit corrected it) and
// against the published gold. A direct-mode outcome (the model's text
// alone) is judged by the benchmark's rule (GraphWizCheck); a tools-mode
// one by validity: a yes/no must be the gold one (and a Hamiltonian path or
// a connecting path given with it must be real), a number the gold number,
// a shortest path a real path of the gold weight, an order any valid
// topological order.
func checkGraphWiz(it *Item, out Outcome, load func() *graph.Graph) (scored, published Verdict) {
	judge := func(goldJSON json.RawMessage) Verdict {
		var gold any
		if err := json.Unmarshal(goldJSON, &gold); err != nil {
			return wrong("gold answer is not valid JSON: %v", err)
		}
		if out.Direct {
			g, err := goldOf(it.Task, gold)
			if err != nil {
				return wrong("%v", err)
			}
			if GraphWizCheck(it.Task, g.text(it.Task), out.Text) {
				return right
			}
			return wrong("by the benchmark's rule the answer is not %s", g.text(it.Task))
		}
		return judgeGraphWizValue(it, gold, out, load)
	}
	scored = judge(it.Gold())
	if !it.corrected() {
		return scored, scored
	}
	return scored, judge(it.Answer)
}

// goldOf turns a gold JSON value back into a gwGold.
func goldOf(task string, v any) (gwGold, error) {
	var g gwGold
	switch x := v.(type) {
	case bool:
		g.yes = x
	case float64:
		g.number = x
	case []any:
		l, _ := listOf(x)
		g.order = l
	default:
		return g, fmt.Errorf("gold answer %s is not a %s answer", brief(v), task)
	}
	return g, nil
}

func judgeGraphWizValue(it *Item, gold any, out Outcome, load func() *graph.Graph) Verdict {
	pred := normalize(out.Value)
	if pred == nil && out.Text != "" {
		pred = out.Text
	}
	if pred == nil {
		return wrong("no answer")
	}
	if it.Tool != "" && out.Tool != "" && !it.ToolMatches(out.Tool) {
		return wrong("answered with %s, which does not answer a %s question (expected %s)", out.Tool, it.Task,
			strings.Join(append([]string{it.Tool}, it.AltTools...), " or "))
	}
	switch gwTasks[it.Task].answer {
	case 'b':
		want, _ := gold.(bool)
		if raw, ok := field(pred, "path"); ok && (it.Task == GWHamilton || it.Task == GWConnectivity) {
			if path, ok := listOf(raw); ok && len(path) > 0 {
				if g := load(); g != nil {
					if err := walkOK(g, path, it.Task == GWHamilton); err != nil {
						return wrong("the path given does not check: %v", err)
					}
					if it.Task == GWConnectivity && (path[0] != paramString(it.Params["source"]) || path[len(path)-1] != paramString(it.Params["target"])) {
						return wrong("the path runs from %s to %s, not between the question's nodes", path[0], path[len(path)-1])
					}
				}
				if it.Task == GWConnectivity {
					return judgeYesNo(true, want)
				}
			}
		}
		return judgeYesNo(pred, want)
	case 'n':
		want, _ := gold.(float64)
		if it.Task == GWShortest {
			return checkPath(it, want, pred, load(), DefaultTolerance)
		}
		if raw, ok := field(pred, "triangle"); ok && it.Task == GWTriplet {
			tri, _ := listOf(raw)
			sum, _ := numberOf(pred)
			if g := load(); g != nil {
				if err := triangleOK(g, tri, sum); err != nil {
					return wrong("the triangle given does not check: %v", err)
				}
			}
		}
		return judgeNumber(it.Task, pred, want)
	default:
		g := load()
		if g == nil {
			return checkList(gold, pred)
		}
		return checkTopo(gold, pred, g)
	}
}

// graphWizGraph reads a GraphWiz item's graph from its question.
func graphWizGraph(it *Item) (*graph.Graph, error) {
	p, err := parseGraphWiz(it.Task, it.Question)
	if err != nil {
		return nil, fmt.Errorf("item %q: %w", it.ID, err)
	}
	return p.graph()
}
