package agent

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/scenarios"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// Whole-graph scenarios reachable from a question (package scenarios):
// "give me a report on karate/edges.tsv", "compare karate with football",
// "clean karate/edges.tsv" / "check it for duplicates and self-loops".
const (
	scenarioReport  = "graph_report"
	scenarioCompare = "graph_compare"
	scenarioClean   = "graph_clean"
)

var (
	// A report, summary or overview asked for by name: "a report on X",
	// "summarise the graph", "give me an overview". "Who does X report
	// to" is not one (report must be a noun followed by on/of/for/about,
	// or the object of a verb of making).
	reportCue  = lazyre.New(`\b(?:report|summary|overview|profile)\s+(?:on|of|for|about)\b|\bsummari[sz]e\b|\b(?:give|write|make|produce|generate|create|show)\s+(?:me\s+)?(?:an?|the)\s+(?:\w+\s+){0,2}(?:report|summary|overview)\b`)
	compareCue = lazyre.New(`\bcompare\b|\bcomparison\b|\bdifferences?\s+between\b|\bhow\s+do\s+.+\s+differ\b|\bside\s+by\s+side\b`)
	cleanCue   = lazyre.New(`\bclean(?:\s+up)?\b|\bdefects?\b|\b(?:find|check|list|detect|report|look)\b.*\b(?:duplicates?|duplicated|dangling|self-?loops?)\b`)
	// chainWords mark a question of several steps, which is not a
	// scenario even when it names one ("remove self-loops, then ...").
	chainWords = lazyre.New(`\bthen\b|\bafter\s+(?:removing|deleting|dropping)\b`)
)

// scenarioKind returns the scenario a task asks for, or "": a comparison
// only when the question names two graphs ("compare the degrees of 1 and
// 2" is not one), a cleaning only of a graph file.
func scenarioKind(task, question, source string) string {
	t := strings.ToLower(task)
	if !strings.ContainsAny(t, "rsocdl") || chainWords.MatchString(t) {
		return ""
	}
	switch {
	case compareCue.MatchString(t):
		if len(graphRefs(question)) >= 2 {
			return scenarioCompare
		}
	case reportCue.MatchString(t):
		return scenarioReport
	case cleanCue.MatchString(t):
		if source != questionSource {
			return scenarioClean
		}
	}
	return ""
}

// scenario answers a whole-graph scenario question.
func (r *run) scenario(ctx context.Context, kind, question string, g *graph.Graph, source string) (*Answer, error) {
	var err error
	r.step("scenario", func() (string, string, error) {
		switch kind {
		case scenarioReport:
			var rep *scenarios.Report
			if rep, err = scenarios.Summarize(ctx, g, scenarios.Options{}); err == nil {
				r.ans.Value, r.ans.Answer = rep, reportSentence(source, rep)
			}
		case scenarioCompare:
			err = r.compare(ctx, question, g, source)
		case scenarioClean:
			err = r.clean(ctx, g, source)
		}
		if err != nil {
			return "scenarios", kind + " failed", err
		}
		return "scenarios", r.ans.Answer, nil
	})
	if err != nil {
		return r.fail(err)
	}
	r.ans.Tool = kind
	return r.finish(), nil
}

// reportSentence states a report's main measures in one paragraph.
func reportSentence(source string, rep *scenarios.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Report on %s: %d nodes, %d edges, %s", source, rep.Nodes, rep.Edges, dirWord(rep.Directed))
	if rep.Weighted {
		b.WriteString(", weighted")
	}
	fmt.Fprintf(&b, "; density %.4g; degree mean %.3g, max %d", rep.Density, rep.Degree.Mean, rep.Degree.Max)
	if rep.SelfLoops > 0 || rep.Isolated > 0 {
		fmt.Fprintf(&b, "; %d self-loops, %d isolated nodes", rep.SelfLoops, rep.Isolated)
	}
	fmt.Fprintf(&b, "; %d connected component(s), the largest of %d nodes", rep.Components.Count, rep.Components.Largest)
	if rep.Directed {
		fmt.Fprintf(&b, " (%d strongly connected, the largest of %d)", rep.Components.StrongCount, rep.Components.StrongLargest)
	}
	fmt.Fprintf(&b, "; average clustering %.3g", rep.Clustering)
	if rep.Nodes > 0 {
		est := ""
		if !rep.Diameter.Exact {
			est = "at least "
		}
		fmt.Fprintf(&b, "; diameter %s%d (%s)", est, rep.Diameter.Value, rep.Diameter.Of)
	}
	for _, rk := range rep.Central {
		if rk.Tool == "pagerank" && len(rk.Nodes) > 0 {
			ids := make([]string, 0, 3)
			for _, n := range rk.Nodes[:min(3, len(rk.Nodes))] {
				ids = append(ids, n.Node)
			}
			fmt.Fprintf(&b, "; highest PageRank: %s", strings.Join(ids, ", "))
		}
	}
	if rep.Communities.Count > 0 {
		fmt.Fprintf(&b, "; %d Louvain communities (modularity %.3g)", rep.Communities.Count, rep.Communities.Modularity)
	}
	b.WriteString(".")
	return b.String()
}

// graphRefs lists the graph files and shipped dataset names a question
// names, in order: words with a slash or a graph-file extension, and
// dataset names as whole words.
func graphRefs(question string) []string {
	var refs []string
	seen := map[string]bool{}
	for _, w := range strings.Fields(question) {
		w = strings.Trim(w, `"'`+"`,;:?!()[]{}")
		w = strings.TrimRight(w, ".")
		low := strings.ToLower(w)
		isFile := strings.Contains(w, "/") && !strings.Contains(w, "://")
		switch strings.ToLower(filepath.Ext(low)) {
		case ".tsv", ".csv", ".edgelist", ".edges", ".txt", ".json", ".dot", ".gv", ".gml", ".el":
			isFile = true
		}
		name := ""
		if isFile {
			name = w
		} else if d, ok := dataset.Lookup(low); ok && d.Graph != "" {
			name = d.Name
		}
		if name != "" && !seen[name] {
			seen[name] = true
			refs = append(refs, name)
		}
	}
	return refs
}

// compare reports on two graphs side by side: the question's graph and
// the other graph it names.
func (r *run) compare(ctx context.Context, question string, g *graph.Graph, source string) error {
	var other string
	for _, ref := range graphRefs(question) {
		if ref != source && datasetGraphFile(ref) != source && ref != g.Name() {
			other = ref
			break
		}
	}
	if other == "" {
		return fmt.Errorf("a comparison needs two graphs; the question names only %s: %w", source, ErrBadInput)
	}
	path, directed := other, g.Directed()
	if d, ok := dataset.Lookup(other); ok && d.Graph != "" {
		path, directed = datasetGraphFile(other), d.Directed
	}
	h, err := r.load(ctx, path, directed)
	if err != nil {
		return err
	}
	cmp, err := scenarios.Compare(ctx, g, h, scenarios.Options{})
	if err != nil {
		return err
	}
	cmp.A.Source, cmp.B.Source = source, other
	o := cmp.Overlap
	r.ans.Value = cmp
	r.ans.Answer = fmt.Sprintf("%s has %d nodes and %d edges (density %.4g, average clustering %.3g, diameter %d, %d communities); "+
		"%s has %d nodes and %d edges (density %.4g, average clustering %.3g, diameter %d, %d communities). "+
		"They share %d node IDs (Jaccard %.3g) and %d edges (Jaccard %.3g).",
		source, cmp.A.Nodes, cmp.A.Edges, cmp.A.Density, cmp.A.Clustering, cmp.A.Diameter.Value, cmp.A.Communities.Count,
		other, cmp.B.Nodes, cmp.B.Edges, cmp.B.Density, cmp.B.Clustering, cmp.B.Diameter.Value, cmp.B.Communities.Count,
		o.CommonNodes, o.NodeJaccard, o.CommonEdges, o.EdgeJaccard)
	return nil
}

// clean inspects the question's graph file for defects (it writes
// nothing: `graphagent graph clean --out` does).
func (r *run) clean(ctx context.Context, g *graph.Graph, source string) error {
	if source == questionSource || r.a.sandbox == nil {
		return fmt.Errorf("cleaning reads a graph file; this graph was written in the question: %w", ErrBadInput)
	}
	path := source
	if d, ok := dataset.Lookup(source); ok && d.Graph != "" {
		path = datasetGraphFile(source)
	}
	if r.a.rewrite != nil {
		path = r.a.rewrite(path)
	}
	data, reached, err := r.a.sandbox.ReadAll(ctx, path)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadInput, err)
	}
	var in *scenarios.Inspection
	unit := "edge line" // what locates a defect
	switch f := graph.DetectFormat(reached, data[:min(len(data), 512)]); f {
	case graph.FormatEdgeList:
		in, err = scenarios.Inspect(data, source, g.Directed(), nil, "")
	case graph.FormatNodeLink, graph.FormatDOT, graph.FormatGML:
		unit = "edge"
		in, _, err = scenarios.InspectGraph(data, source, f, g.Directed())
	default:
		return fmt.Errorf("cleaning reads edge lists, node-link JSON, DOT and GML; %s is %s: %w", source, f, ErrBadInput)
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadInput, err)
	}
	r.ans.Value = in
	var parts []string
	for _, k := range scenarios.Kinds {
		if n := in.Counts[k]; n > 0 {
			var lines []string
			where := "line"
			for _, d := range in.Defects {
				if d.Kind == k && len(lines) < 5 {
					switch {
					case d.Edge > 0:
						where = "edge"
						lines = append(lines, fmt.Sprint(d.Edge))
					case d.Line > 0:
						lines = append(lines, fmt.Sprint(d.Line))
					default:
						where = "node"
						lines = append(lines, d.Node)
					}
				}
			}
			more := ""
			if n > len(lines) {
				more = ", …"
			}
			parts = append(parts, fmt.Sprintf("%d %s (%s %s%s)", n, k, where, strings.Join(lines, ", "), more))
		}
	}
	if len(parts) == 0 {
		r.ans.Answer = fmt.Sprintf("%s has no duplicate edges, self-loops or isolated nodes (%d %ss; dangling references need a node table: graphagent graph clean --nodes).", source, in.Records, unit)
		return nil
	}
	r.ans.Answer = fmt.Sprintf("%s (%d %ss) has %s. Nothing was changed; graphagent graph clean %s --out NEW writes a cleaned copy.",
		source, in.Records, unit, strings.Join(parts, ", "), source)
	return nil
}
