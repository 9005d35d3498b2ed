package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/graphagent/graphagent/tools"
)

// auditGraphQAItems audits every item against its problem's graph, on
// GOMAXPROCS workers.
func auditGraphQAItems(ctx context.Context, items []Item, problems map[string]*gqProblem) error {
	return auditProblems(ctx, items, problems, auditGraphQA)
}

// auditGraphQA re-derives a GraphQA item's gold with the catalogue from the
// record's structural graph (the generator's own graph, which its text
// encodes). First it checks that the question asks about the nodes the
// gold was computed for: the graph feature's readout nodes must carry the
// names the task description uses (the "random" encoder draws the
// question's names and the graph's names from two different random
// dictionaries, so its questions name nodes the graph does not have).
func auditGraphQA(ctx context.Context, reg *tools.Registry, it *Item, p *gqProblem) GoldAudit {
	if p == nil {
		return GoldAudit{Status: AuditUnverified, Proof: "no graph"}
	}
	g, err := p.graph()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	for i, name := range p.asked {
		if _, ok := g.Index(name); !ok {
			return GoldAudit{Status: AuditIllPosed, Proof: fmt.Sprintf("the question asks about node %s, which the graph's text does not list (its nodes are %s); "+
				"the published gold is about the graph's node %s", name, strings.Join(p.names, ", "), readoutName(p, i))}
		}
		if i < len(p.readout) && p.names[p.readout[i]] != name {
			return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the question asks about node %s; the gold was computed for node %s", name, p.names[p.readout[i]])}
		}
	}
	var gold any
	_ = json.Unmarshal(it.Answer, &gold)
	fix := auditCorrected
	gaveUp := auditGaveUp
	confirmed := GoldAudit{Status: AuditConfirmed}
	number := func(tool string, args any, pick func(tools.Result) float64, what string) GoldAudit {
		res, err := runTool(ctx, reg, tool, g, args)
		if err != nil {
			return gaveUp(err)
		}
		v := pick(res)
		if want, ok := gold.(float64); ok && within(v, want, 1e-9) {
			return confirmed
		}
		return fix(v, "%s is %s (%s)", what, fmtNum(v), res.Text)
	}
	asInt := func(r tools.Result) float64 { f, _ := numberOf(normalize(r.Value)); return f }
	yesNo := func(v bool, proof string) GoldAudit {
		if want, ok := gold.(bool); ok && want == v {
			return confirmed
		}
		return fix(v, "%s", proof)
	}
	pair := func() map[string]string { return map[string]string{"source": p.asked[0], "target": p.asked[1]} }
	switch it.Task {
	case GQNodeCount:
		return number("node_count", struct{}{}, asInt, "the number of nodes")
	case GQEdgeCount:
		return number("edge_count", struct{}{}, asInt, "the number of edges")
	case GQNodeDegree:
		return number("degree", map[string]string{"node": p.asked[0]}, asInt, "node "+p.asked[0]+"'s degree")
	case GQTriangleCounting:
		return number("triangle_count", struct{}{}, func(r tools.Result) float64 {
			return float64(r.Value.(tools.TriangleCount).Triangles)
		}, "the number of triangles")
	case GQMaximumFlow:
		if !p.capacities {
			return GoldAudit{Status: AuditUnverified, Proof: "the graph feature gives no capacities"}
		}
		args := map[string]string{"source": p.asked[0], "sink": p.asked[1]}
		flow := func(r tools.Result) float64 { return r.Value.(tools.MaxFlow).Value }
		a := number("maximum_flow", args, flow, "the maximum flow")
		if a.Status != AuditConfirmed {
			return a
		}
		// The encoders print no weights: the question does not give the
		// capacities its gold uses.
		unit := *p
		unit.weights = make([]int64, len(p.weights))
		for i := range unit.weights {
			unit.weights[i] = 1
		}
		ug, err := unit.graph()
		if err != nil {
			return gaveUp(err)
		}
		res, err := runTool(ctx, reg, "maximum_flow", ug, args)
		if err != nil {
			return gaveUp(err)
		}
		return GoldAudit{Status: AuditIllPosed, Proof: fmt.Sprintf("the gold %s is the flow under the graph feature's capacities, which the question's text does not give "+
			"(its encoder prints no weights); with every edge of capacity 1 the flow is %s", fmtNum(gold.(float64)), fmtNum(flow(res)))}
	case GQEdgeExistence:
		// graph_tasks.py asks (source, target) in edges or (target, source).
		res, err := runTool(ctx, reg, "edge_exists", g, pair())
		if err != nil {
			return gaveUp(err)
		}
		has := res.Value.(bool)
		if !has && p.directed {
			back, err := runTool(ctx, reg, "edge_exists", g, map[string]string{"source": p.asked[1], "target": p.asked[0]})
			if err != nil {
				return gaveUp(err)
			}
			has = back.Value.(bool)
		}
		return yesNo(has, res.Text)
	case GQCycleCheck:
		res, err := runTool(ctx, reg, "cycle_check", g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		return yesNo(res.Value.(bool), res.Text)
	case GQReachability:
		res, err := runTool(ctx, reg, "path_exists", g, pair())
		if err != nil {
			return gaveUp(err)
		}
		return yesNo(res.Value.(bool), res.Text)
	case GQShortestPath:
		res, err := runTool(ctx, reg, "shortest_path", g, pair())
		if err != nil {
			if !errors.Is(err, tools.ErrNotApplicable) && !strings.Contains(err.Error(), "no path") {
				return gaveUp(err)
			}
			if gold == gqNoPath {
				return confirmed
			}
			return fix(gqNoPath, "no path: %s", err.Error())
		}
		sp := res.Value.(tools.ShortestPath)
		if want, ok := gold.(float64); ok && within(sp.Length, want, 1e-9) {
			return confirmed
		}
		if err := walkOK(g, sp.Path, false); err != nil {
			return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's path does not check: " + err.Error()}
		}
		return fix(sp.Length, "path %s has %s edges", strings.Join(sp.Path, "-"), fmtNum(sp.Length))
	case GQConnectedNodes, GQDisconnectedNodes:
		tool := "neighbors"
		if p.directed {
			tool = "successors" // graph.edges(source) follows out-edges
		}
		res, err := runTool(ctx, reg, tool, g, map[string]string{"node": p.asked[0]})
		if err != nil {
			return gaveUp(err)
		}
		nb, _ := listOf(normalize(res.Value))
		want := nb
		if it.Task == GQDisconnectedNodes {
			in := map[string]bool{p.asked[0]: true}
			for _, x := range nb {
				in[x] = true
			}
			want = []string{}
			for _, x := range p.names {
				if !in[x] {
					want = append(want, x)
				}
			}
		}
		pub, _ := listOf(gold)
		if sameSet(pub, want) {
			return confirmed
		}
		return fix(sortedIDs(want), "node %s's %s are %v", p.asked[0], map[bool]string{true: "successors", false: "neighbours"}[p.directed], sortedIDs(nb))
	case GQNodeClassification:
		return auditNodeClass(p, gold)
	}
	return GoldAudit{Status: AuditUnverified, Proof: "no catalogue tool answers " + it.Task + " yet"}
}

// readoutName is the name of the i-th readout node, or "?" when unknown.
func readoutName(p *gqProblem, i int) string {
	if i < len(p.readout) {
		return p.names[p.readout[i]]
	}
	return "?"
}

// auditNodeClass checks a node classification gold against the SBM blocks
// of the graph feature: graph_tasks.py gives a node of block b the class
// classes[b], and the question names the classes in that order ("Does node
// X like classes[0] or classes[1]?"). The classes the question states for
// other nodes must agree.
func auditNodeClass(p *gqProblem, gold any) GoldAudit {
	if p.blocks == nil {
		return GoldAudit{Status: AuditUnverified, Proof: "the graph feature gives no blocks"}
	}
	classOf := func(v int) (string, bool) {
		b := p.blocks[v]
		if b < 0 || b >= int64(len(p.classes)) {
			return "", false
		}
		return p.classes[b], true
	}
	for v, c := range p.likes {
		if want, ok := classOf(v); !ok || want != c {
			return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the question says node %s (block %d) likes %s; its classes are %s, %s in block order",
				p.names[v], p.blocks[v], c, p.classes[0], p.classes[1])}
		}
	}
	v, _ := indexOf(p.names, p.asked[0])
	c, ok := classOf(v)
	if !ok {
		return GoldAudit{Status: AuditUnverified, Proof: fmt.Sprintf("node %s is in block %d, beyond the two classes", p.asked[0], p.blocks[v])}
	}
	if gold == c {
		return GoldAudit{Status: AuditConfirmed}
	}
	b, _ := json.Marshal(c)
	return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf("node %s is in block %d, whose class is %s", p.asked[0], p.blocks[v], c)}
}

func indexOf(list []string, s string) (int, bool) {
	for i, x := range list {
		if x == s {
			return i, true
		}
	}
	return -1, false
}

// checkGraphQA judges an outcome against the scored gold and the
// published one: a direct-mode reply by GraphQACheck, a tools-mode answer
// by value (a yes/no, a number, a set of nodes, a class).
func checkGraphQA(it *Item, out Outcome) (scored, published Verdict) {
	return judgeBoth(it, func(gold any) Verdict {
		if out.Direct {
			return directVerdict(GraphQACheck(it.Task, gold, out.Text), it.Task, gold)
		}
		return judgeGraphQAValue(it, gold, out)
	})
}

func judgeGraphQAValue(it *Item, gold any, out Outcome) Verdict {
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
	switch gqTasks[it.Task].answer {
	case 'b':
		want, _ := gold.(bool)
		return judgeYesNo(pred, want)
	case 'n':
		want, _ := gold.(float64)
		if v, ok := field(pred, "triangles"); ok {
			pred = v
		}
		return judgeNumber(it.Task, pred, want)
	case 'p':
		// An answer with no value that says "no path" is the agent's
		// answer that the target cannot be reached.
		said, _ := pred.(string)
		noPath := out.Value == nil && strings.Contains(strings.ToLower(said), "no path")
		if gold == gqNoPath {
			if noPath {
				return right
			}
			return wrong("answered %s; the nodes are not connected", brief(pred))
		}
		if noPath {
			return wrong("answered that there is no path; the gold is %s", brief(gold))
		}
		want, _ := gold.(float64)
		return judgeNumber("path length", pred, want)
	case 'l':
		want, _ := listOf(gold)
		got, ok := listOf(pred)
		if !ok {
			if s, isStr := pred.(string); !isStr || !strings.Contains(strings.ToLower(s), "no ") {
				return wrong("answer %s is not a list of nodes", brief(pred))
			}
			got = nil
		}
		if !sameSet(got, want) {
			g, w := append([]string(nil), got...), append([]string(nil), want...)
			sort.Strings(g)
			sort.Strings(w)
			return wrong("answered %v, expected %v", g, w)
		}
		return right
	case 'c':
		want, _ := gold.(string)
		got := ""
		if v, ok := field(pred, "label"); ok {
			got = paramString(v)
		} else if s, ok := pred.(string); ok {
			got = strings.TrimSpace(s)
		}
		if got != want {
			return wrong("answered %q, expected %q", got, want)
		}
		return right
	}
	return wrong("unknown task %s", it.Task)
}
