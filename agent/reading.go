package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// uncertainReading returns an error wrapping ErrNoAnswer when the graph read
// from the question's text is uncertain (text that looks like graph content
// left unread, readers that disagree, low confidence) and nothing better
// replaced it: the builtin backend does not guess. The error says what was
// read and what was uncertain.
func uncertainReading(ex reasoning.Extraction) error {
	rep := &ex.Report
	if ex.Graph == nil || !rep.Uncertain() {
		return nil
	}
	problems := rep.Problems()
	if len(problems) == 0 {
		problems = []string{fmt.Sprintf("the readers' confidence is %.2f", rep.Confidence)}
	}
	return fmt.Errorf("the graph in the question is uncertain (%s); uncertain: %s: %w",
		rep.Summary(), strings.Join(problems, "; "), ErrNoAnswer)
}

// keyOnlyNodes returns the nodes of g whose name occurs in the question
// only inside notation-key spans ("(i,j) means that node i and node j are
// connected"): symbols of the notation, never nodes.
func keyOnlyNodes(g *graph.Graph, question string, rep *extract.Report) []string {
	var keys [][2]int
	for _, s := range rep.Spans {
		if s.Role == extract.RoleKey.String() {
			keys = append(keys, [2]int{s.Start, s.End})
		}
	}
	if len(keys) == 0 || g == nil {
		return nil
	}
	var out []string
	for _, id := range g.IDs() {
		if id == "" {
			continue
		}
		inKey, outside := false, false
		for off := 0; !outside; {
			k := strings.Index(question[off:], id)
			if k < 0 {
				break
			}
			s, e := off+k, off+k+len(id)
			off = e
			if (s > 0 && isWordByte(question[s-1])) || (e < len(question) && isWordByte(question[e])) {
				continue
			}
			in := slices.ContainsFunc(keys, func(sp [2]int) bool { return s >= sp[0] && e <= sp[1] })
			inKey = inKey || in
			outside = outside || !in
		}
		if inKey && !outside {
			out = append(out, id)
		}
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80
}

// missingNodes returns the node parameters of args that name no node of g.
func missingNodes(spec tools.Spec, g *graph.Graph, args json.RawMessage) []string {
	var raw map[string]json.RawMessage
	if json.Unmarshal(args, &raw) != nil {
		return nil
	}
	var out []string
	for _, p := range spec.Params {
		if !p.Node {
			continue
		}
		var id string
		if json.Unmarshal(raw[p.Name], &id) != nil {
			continue
		}
		if _, ok := g.Index(id); !ok && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// impliedNodes reports whether the numbering of g's nodes implies the
// missing nodes: every ID of g is an integer, the IDs fill at least half
// of the numbering (integers drawn as labels, "458666, 290358, 439742",
// number nothing), and each missing one is an integer between the first
// number (0, or 1 when no node is 0) and the largest. It returns the
// numbering's bounds.
func impliedNodes(g *graph.Graph, missing []string) (lo, hi int, ok bool) {
	lo, hi = int(^uint(0)>>1), -1
	ids := g.IDs()
	for _, id := range ids {
		x, err := strconv.Atoi(id)
		if err != nil || strconv.Itoa(x) != id || x < 0 {
			return 0, 0, false
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	if hi < 0 {
		return 0, 0, false
	}
	if lo > 1 {
		lo = 1
	}
	if 2*len(ids) < hi-lo+1 {
		return 0, 0, false
	}
	for _, id := range missing {
		x, err := strconv.Atoi(id)
		if err != nil || strconv.Itoa(x) != id || x < lo || x > hi {
			return 0, 0, false
		}
	}
	return lo, hi, true
}

// errNodeAbsent is the error for a node the question names that the graph
// does not have and its numbering does not imply: bad input (exit 2),
// wrapping the parameter error cause too.
func errNodeAbsent(missing []string, g *graph.Graph, cause error) error {
	what := "node " + strconv.Quote(missing[0]) + " is"
	if len(missing) > 1 {
		q := make([]string, len(missing))
		for i, m := range missing {
			q[i] = strconv.Quote(m)
		}
		what = "nodes " + strings.Join(q, ", ") + " are"
	}
	return fmt.Errorf("%s not in the graph (%d nodes: %s): %w: %w", what, g.N(), nodeSample(g), ErrBadInput, cause)
}

// nodeSample lists the first few node IDs of g.
func nodeSample(g *graph.Graph) string {
	ids := g.IDs()
	if len(ids) > 8 {
		return strings.Join(ids[:8], ", ") + ", ..."
	}
	return strings.Join(ids, ", ")
}

// errAmbiguousNode is the error for a parameter naming a node whose
// existence or identity the question leaves open.
func errAmbiguousNode(id string, rep *extract.Report) error {
	why := "the question leaves it open"
	if len(rep.Ambiguous) > 0 {
		why = rep.Ambiguous[0]
	}
	return fmt.Errorf("the question asks about node %q, but %s: %w", id, why, ErrNoAnswer)
}

// isNodeNotFound reports whether err is about a node the graph lacks.
func isNodeNotFound(err error) bool { return errors.Is(err, tools.ErrNodeNotFound) }

// nodeParams returns the values of the node parameters of args.
func nodeParams(spec tools.Spec, args json.RawMessage) []string {
	var raw map[string]json.RawMessage
	if json.Unmarshal(args, &raw) != nil {
		return nil
	}
	var out []string
	for _, p := range spec.Params {
		var id string
		if p.Node && json.Unmarshal(raw[p.Name], &id) == nil && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// missingNode handles parameters that name nodes g lacks. When g is written
// in the question, declares no node set, and the numbering of its nodes
// implies them (0..N, or 1..N), it returns g with
// them added as isolated nodes and a sentence saying so; a node whose
// numbering the question leaves open is refused (ErrNoAnswer); any other
// missing node is bad input naming it. It returns a nil graph when the
// parameters name no missing node after all.
func (r *run) missingNode(ctx context.Context, task string, spec tools.Spec, g *graph.Graph, inQuestion bool, cause error) (*graph.Graph, string, error) {
	var args json.RawMessage
	var err error
	r.step("params", func() (string, string, error) {
		args, err = r.planner().ExtractParams(ctx, reasoning.ParamRequest{Question: task, Tool: spec, Check: pairCheck(spec)})
		if err != nil {
			return r.planner().Name(), "no parameters even without the graph's nodes", err
		}
		return r.planner().Name(), fmt.Sprintf("%s %s names a node the graph lacks", spec.Name, args), nil
	})
	if err != nil {
		return nil, "", nil
	}
	missing := missingNodes(spec, g, args)
	if len(missing) == 0 {
		return nil, "", nil
	}
	if rep := r.ans.Reading; rep != nil {
		for _, id := range missing {
			if slices.Contains(rep.AmbiguousNodes, id) {
				return nil, "", errAmbiguousNode(id, rep)
			}
		}
	}
	lo, hi, ok := impliedNodes(g, missing)
	// A text that declares its nodes ("among nodes 4, 9 and 17", "nodes 0
	// to 7") has put every declared node in g: a node it does not declare
	// is not in the graph, whatever the numbering.
	declared := r.ans.Reading != nil && r.ans.Reading.Declared != ""
	if !ok || !inQuestion || declared {
		return nil, "", errNodeAbsent(missing, g, cause)
	}
	ng, err := graph.Rebuild(g, g.Directed(), missing...)
	if err != nil {
		return nil, "", fmt.Errorf("adding isolated nodes %v: %w", missing, err)
	}
	note := fmt.Sprintf("Node %s has no edges (the nodes are numbered %d to %d).", missing[0], lo, hi)
	if len(missing) > 1 {
		note = fmt.Sprintf("Nodes %s have no edges (the nodes are numbered %d to %d).", strings.Join(missing, " and "), lo, hi)
	}
	return ng, note, nil
}
