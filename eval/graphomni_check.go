package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// auditGraphOmniItems audits every item against the graph its query
// shows, on GOMAXPROCS workers.
func auditGraphOmniItems(ctx context.Context, items []Item, problems map[string]*goProblem) error {
	return auditProblems(ctx, items, problems, auditGraphOmni)
}

// goHidden lists the nodes of graph_info's matrix (0..n-1) that the
// serialized graph leaves out (the Adjacency Set lists nodes with edges
// only).
func goHidden(g *graph.Graph, p *goProblem) []string {
	var out []string
	for i := range p.matrixN {
		if _, ok := g.Index(strconv.Itoa(i)); !ok {
			out = append(out, strconv.Itoa(i))
		}
	}
	return out
}

// auditGraphOmni re-derives a GraphOmni item's gold from the graph its
// query shows (the last serialization in the prompt) with the catalogue.
// A question naming a node the serialization never shows is ill-posed.
func auditGraphOmni(ctx context.Context, reg *tools.Registry, it *Item, p *goProblem) GoldAudit {
	if p == nil {
		return GoldAudit{Status: AuditUnverified, Proof: "no graph"}
	}
	shown, err := p.shown()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	for _, v := range p.asked {
		if _, ok := shown.Index(v); !ok {
			hidden := goHidden(shown, p)
			return GoldAudit{Status: AuditIllPosed, Proof: fmt.Sprintf("the question names node %s, which the %s never shows (graph_info's %d-node matrix has %d node(s) it leaves out: %s)",
				v, p.serialization, p.matrixN, len(hidden), strings.Join(hidden, ", "))}
		}
	}
	g, err := p.graph()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	var gold any
	_ = json.Unmarshal(it.Answer, &gold)
	fix := auditCorrected
	gaveUp := auditGaveUp
	confirmed := GoldAudit{Status: AuditConfirmed}
	run := func(tool string, args any) (any, string, error) {
		res, err := runTool(ctx, reg, tool, g, args)
		if err != nil {
			return nil, "", err
		}
		return normalize(res.Value), res.Text, nil
	}
	switch it.Task {
	case GOConnectivity, GOCycle:
		tool, args := "cycle_check", any(struct{}{})
		if it.Task == GOConnectivity {
			tool, args = "path_exists", map[string]string{"source": p.asked[0], "target": p.asked[1]}
		}
		v, text, err := run(tool, args)
		if err != nil {
			return gaveUp(err)
		}
		got, _ := boolOf(v)
		if want, ok := gold.(bool); ok && want == got {
			return confirmed
		}
		return fix(got, "%s", text)
	case GOTriangle, GODiameter:
		tool := "triangle_count"
		if it.Task == GODiameter {
			tool = "diameter"
		}
		v, text, err := run(tool, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		if m, ok := v.(map[string]any); ok && m["triangles"] != nil {
			v = m["triangles"]
		}
		got, ok := numberOf(v)
		if !ok {
			return gaveUp(fmt.Errorf("%s gave %s", tool, brief(v)))
		}
		if want, ok := gold.(float64); ok && within(got, want, 1e-9) {
			return confirmed
		}
		return fix(got, "%s", text)
	case GOBFSOrder:
		order, _ := listOf(gold)
		err := bfsOK(g, order, p.asked[0])
		if err == nil {
			return confirmed
		}
		v, _, rerr := run("bfs_order", map[string]string{"source": p.asked[0]})
		if rerr != nil {
			return gaveUp(rerr)
		}
		if m, ok := v.(map[string]any); ok && m["order"] != nil {
			v = m["order"]
		}
		want, _ := listOf(v)
		return fix(want, "the published order %s is not a breadth-first order from %s: %v; one is %s",
			strings.Join(order, ", "), p.asked[0], err, strings.Join(want, ", "))
	case GOShortestPath:
		path, _ := listOf(gold)
		args := map[string]string{"source": p.asked[0], "target": p.asked[1]}
		v, text, err := run("shortest_path", args)
		if err != nil {
			return gaveUp(err)
		}
		m, _ := v.(map[string]any)
		best, _ := listOf(m["path"])
		if len(best) == 0 {
			return gaveUp(fmt.Errorf("%s", text))
		}
		werr := walkOK(g, path, false)
		switch {
		case werr == nil && len(path) > 0 && path[0] == p.asked[0] && path[len(path)-1] == p.asked[1] && len(path) == len(best):
			return confirmed
		case werr != nil:
			return fix(best, "the published path %s is not a walk of the graph (%v); a shortest path is %s",
				strings.Join(path, "-"), werr, strings.Join(best, "-"))
		}
		return fix(best, "the published path %s has %d edges; %s has %d", strings.Join(path, "-"), len(path)-1, strings.Join(best, "-"), len(best)-1)
	}
	return GoldAudit{Status: AuditUnverified, Proof: "unknown task " + it.Task}
}

// checkGraphOmni judges an outcome against the scored gold and the
// published one: a direct-mode reply by GraphOmniCheck, a tools-mode
// answer by value (any breadth-first order, any shortest path).
func checkGraphOmni(it *Item, out Outcome, load func() *graph.Graph) (scored, published Verdict) {
	return judgeBoth(it, func(gold any) Verdict {
		if out.Direct {
			return directVerdict(GraphOmniCheck(it.Task, gold, out.Text, load(), it.Params), it.Task, gold)
		}
		return judgeGraphOmniValue(it, gold, out, load())
	})
}

func judgeGraphOmniValue(it *Item, gold any, out Outcome, g *graph.Graph) Verdict {
	pred := normalize(out.Value)
	if pred == nil && out.Text != "" {
		pred = out.Text
	}
	if pred == nil {
		return wrong("no answer")
	}
	if out.Tool != "" && !it.ToolMatches(out.Tool) {
		return wrong("answered with %s, which does not answer a %s question (expected %s)", out.Tool, it.Task,
			strings.Join(append([]string{it.Tool}, it.AltTools...), " or "))
	}
	switch it.Task {
	case GOConnectivity, GOCycle:
		if v, ok := field(pred, "exists"); ok {
			pred = v
		}
		want, _ := gold.(bool)
		return judgeYesNo(pred, want)
	case GOTriangle:
		if v, ok := field(pred, "triangles"); ok {
			pred = v
		}
		want, _ := gold.(float64)
		return judgeNumber("number of triangles", pred, want)
	case GODiameter:
		want, _ := gold.(float64)
		return judgeNumber("diameter", pred, want)
	case GOBFSOrder:
		if v, ok := field(pred, "order"); ok {
			pred = v
		}
		order, ok := listOf(pred)
		if !ok || g == nil {
			return wrong("answer %s is not an order", brief(pred))
		}
		if err := bfsOK(g, order, paramString(it.Params["source"])); err != nil {
			return wrong("not a breadth-first order from node %s: %v", paramString(it.Params["source"]), err)
		}
		return right
	case GOShortestPath:
		l, _ := listOf(gold)
		return checkPath(it, float64(len(l)-1), pred, g, DefaultTolerance)
	}
	return wrong("unknown task %s", it.Task)
}
