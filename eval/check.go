package eval

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/tools/graph"
)

// DefaultTolerance is the tolerance of number answers when the item gives
// none: |got - want| <= tol * max(1, |want|).
const DefaultTolerance = 1e-6

// Verdict is the outcome of checking one answer.
type Verdict struct {
	// Correct is true when the answer is right.
	Correct bool
	// Reason says why it is wrong (empty when correct).
	Reason string
}

func wrong(format string, a ...any) Verdict { return Verdict{Reason: fmt.Sprintf(format, a...)} }

var right = Verdict{Correct: true}

// Check compares a predicted answer with the item's gold answer using the
// checker of its answer type. pred is the backend's typed value (any JSON
// shape: a bool, a number, a list, an object such as {"length": 5, "path":
// [...]}), or its answer sentence when it gave no value. g is the item's
// graph; the topological-order, path and matching checkers use it to accept
// any valid answer and fall back to comparing with the gold answer without
// it.
func Check(it *Item, pred any, g *graph.Graph) Verdict {
	pred = normalize(pred)
	var gold any
	if err := json.Unmarshal(it.Answer, &gold); err != nil {
		return wrong("gold answer is not valid JSON: %v", err)
	}
	tol := it.Tolerance
	if tol <= 0 {
		tol = DefaultTolerance
	}
	if pred == nil {
		return wrong("no answer")
	}
	switch t := it.Type(); t {
	case YesNo:
		want, ok := boolOf(gold)
		if !ok {
			return wrong("gold answer %v is not yes/no", gold)
		}
		got, ok := boolOf(pred)
		if !ok {
			return wrong("answer %s is not yes/no", brief(pred))
		}
		if got != want {
			return wrong("answered %v, expected %v", got, want)
		}
		return right
	case Integer, Float, FlowValue:
		want, ok := numberOf(gold)
		if !ok {
			return wrong("gold answer %v is not a number", gold)
		}
		got, ok := numberOf(pred)
		if !ok {
			return wrong("answer %s is not a number", brief(pred))
		}
		if t == Integer {
			tol = 1e-9
		}
		if !within(got, want, tol) {
			return wrong("answered %s, expected %s", fmtNum(got), fmtNum(want))
		}
		return right
	case ExactList:
		return checkList(gold, pred)
	case TopoOrder:
		return checkTopo(gold, pred, g)
	case OptimalPath:
		return checkPath(it, gold, pred, g, tol)
	case MaxMatching:
		return checkMatching(gold, pred, g)
	case NLGraphAnswer:
		return wrong("an NLGraph answer is judged with its tool and arguments: use CheckNLGraph")
	default:
		return wrong("unknown answer type %q", t)
	}
}

// normalize turns any Go value into its JSON shape (bool, float64, string,
// []any, map[string]any, nil).
func normalize(v any) any {
	switch x := v.(type) {
	case nil, bool, float64, string:
		return x
	case json.RawMessage:
		if len(x) == 0 {
			return nil
		}
		var out any
		if json.Unmarshal(x, &out) != nil {
			return string(x)
		}
		return out
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return string(b)
	}
	return out
}

// parseYesNo reads a yes/no word at the start of s ("Yes, ...", "false").
func parseYesNo(s string) (bool, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimLeft(s, "\"'`*([ ")
	for _, w := range []string{"yes", "true"} {
		if strings.HasPrefix(s, w) && !wordCont(s, len(w)) {
			return true, true
		}
	}
	for _, w := range []string{"no", "false"} {
		if strings.HasPrefix(s, w) && !wordCont(s, len(w)) {
			return false, true
		}
	}
	return false, false
}

func wordCont(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// valueKeys are the fields of an object answer that hold its main value.
var valueKeys = []string{"value", "length", "sum", "size", "count", "degree", "result", "answer", "exists", "bipartite"}

func boolOf(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		return parseYesNo(x)
	case map[string]any:
		for _, k := range valueKeys {
			if e, ok := x[k]; ok {
				return boolOf(e)
			}
		}
	}
	return false, false
}

var numberRe = lazyre.New(`-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`)

func numberOf(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case string:
		s := strings.TrimSpace(x)
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f, true
		}
		if m := numberRe.FindString(s); m != "" {
			f, err := strconv.ParseFloat(m, 64)
			return f, err == nil
		}
	case map[string]any:
		for _, k := range valueKeys {
			if e, ok := x[k]; ok {
				return numberOf(e)
			}
		}
	case []any:
		if len(x) == 1 {
			return numberOf(x[0])
		}
	}
	return 0, false
}

func within(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// listKeys are the fields of an object answer that hold a list.
var listKeys = []string{"order", "path", "nodes", "list", "value", "result", "answer"}

// listOf reads a list answer: a JSON list, an object holding one, or text
// such as "[1, 2, 3]" or "1 -> 2 -> 3".
func listOf(v any) ([]string, bool) {
	switch x := v.(type) {
	case []any:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = paramString(e)
		}
		return out, true
	case map[string]any:
		for _, k := range listKeys {
			if e, ok := x[k]; ok {
				if l, ok := listOf(e); ok {
					return l, true
				}
			}
		}
	case string:
		s := strings.TrimSpace(x)
		var arr []any
		if strings.HasPrefix(s, "[") && json.Unmarshal([]byte(s), &arr) == nil {
			return listOf(arr)
		}
		if i, j := strings.IndexByte(s, '['), strings.LastIndexByte(s, ']'); i >= 0 && j > i {
			s = s[i+1 : j]
		}
		f := strings.FieldsFunc(s, func(r rune) bool {
			return r == ',' || r == ' ' || r == '-' || r == '>' || r == '\'' || r == '"' || r == '\n' || r == '\t'
		})
		if len(f) > 0 {
			return f, true
		}
	}
	return nil, false
}

func checkList(gold, pred any) Verdict {
	want, ok := listOf(gold)
	if !ok {
		return wrong("gold answer is not a list")
	}
	got, ok := listOf(pred)
	if !ok {
		return wrong("answer %s is not a list", brief(pred))
	}
	if len(got) != len(want) {
		return wrong("answered %d elements, expected %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			return wrong("element %d is %q, expected %q", i+1, got[i], want[i])
		}
	}
	return right
}

// checkTopo accepts any order of all the graph's nodes in which every edge
// points forward.
func checkTopo(gold, pred any, g *graph.Graph) Verdict {
	if g == nil {
		return checkList(gold, pred)
	}
	got, ok := listOf(pred)
	if !ok {
		return wrong("answer %s is not a list of nodes", brief(pred))
	}
	if len(got) != g.N() {
		return wrong("the order has %d nodes, the graph %d", len(got), g.N())
	}
	pos := make([]int, g.N())
	for i := range pos {
		pos[i] = -1
	}
	for i, id := range got {
		x, ok := g.Index(id)
		if !ok {
			return wrong("node %q of the order is not in the graph", id)
		}
		if pos[x] >= 0 {
			return wrong("node %q appears twice", id)
		}
		pos[x] = i
	}
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		if u != v && pos[u] > pos[v] {
			return wrong("edge %s -> %s points backward", g.ID(u), g.ID(v))
		}
	}
	return right
}

// checkPath compares the length with the gold length and, when the answer
// has a path and the graph is known, checks that the path joins the item's
// source and target along edges of that total length.
func checkPath(it *Item, gold, pred any, g *graph.Graph, tol float64) Verdict {
	want, ok := numberOf(gold)
	if !ok {
		return wrong("gold answer %v is not a path length", gold)
	}
	got, ok := numberOf(pred)
	if !ok {
		return wrong("answer %s has no path length", brief(pred))
	}
	if !within(got, want, tol) {
		return wrong("path length %s, expected %s", fmtNum(got), fmtNum(want))
	}
	m, isMap := pred.(map[string]any)
	if !isMap || g == nil {
		return right
	}
	raw, has := m["path"]
	if !has {
		return right
	}
	path, ok := listOf(raw)
	if !ok || len(path) == 0 {
		return wrong("the path is empty")
	}
	if s := paramString(it.Params["source"]); s != "" && path[0] != s {
		return wrong("the path starts at %q, not at the source %q", path[0], s)
	}
	if t := paramString(it.Params["target"]); t != "" && path[len(path)-1] != t {
		return wrong("the path ends at %q, not at the target %q", path[len(path)-1], t)
	}
	total := 0.0
	for i := 0; i+1 < len(path); i++ {
		u, ok1 := g.Index(path[i])
		v, ok2 := g.Index(path[i+1])
		if !ok1 || !ok2 {
			return wrong("the path names a node that is not in the graph")
		}
		e, ok := g.FindEdge(u, v)
		if !ok {
			return wrong("the path uses %s -> %s, which is not an edge", path[i], path[i+1])
		}
		total += g.Weight(e)
	}
	if !within(total, want, tol) {
		return wrong("the path's edges sum to %s, not %s", fmtNum(total), fmtNum(want))
	}
	return right
}

// pairsOf reads a matching: a list of [u, v] pairs, or an object holding
// one under "pairs" or "matching".
func pairsOf(v any) ([][2]string, bool) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range []string{"pairs", "matching", "edges", "value"} {
			if e, ok := x[k]; ok {
				return pairsOf(e)
			}
		}
	case []any:
		out := make([][2]string, 0, len(x))
		for _, e := range x {
			p, ok := e.([]any)
			if !ok || len(p) != 2 {
				return nil, false
			}
			out = append(out, [2]string{paramString(p[0]), paramString(p[1])})
		}
		return out, true
	}
	return nil, false
}

// checkMatching accepts any valid matching of the gold size.
func checkMatching(gold, pred any, g *graph.Graph) Verdict {
	var want int
	if pairs, ok := pairsOf(gold); ok {
		want = len(pairs)
	} else if f, ok := numberOf(gold); ok {
		want = int(f)
	} else {
		return wrong("gold answer is neither a matching nor its size")
	}
	pairs, ok := pairsOf(pred)
	if !ok {
		f, ok := numberOf(pred)
		if !ok {
			return wrong("answer %s is not a matching", brief(pred))
		}
		if int(f) != want || f != math.Trunc(f) {
			return wrong("matching size %s, expected %d", fmtNum(f), want)
		}
		return right
	}
	if len(pairs) != want {
		return wrong("matching has %d pairs, a maximum one has %d", len(pairs), want)
	}
	if g == nil {
		return right
	}
	used := make(map[string]bool, 2*len(pairs))
	for _, p := range pairs {
		u, ok1 := g.Index(p[0])
		v, ok2 := g.Index(p[1])
		if !ok1 || !ok2 {
			return wrong("pair (%s, %s) names a node that is not in the graph", p[0], p[1])
		}
		if !g.HasEdge(u, v) && !g.HasEdge(v, u) {
			return wrong("pair (%s, %s) is not an edge", p[0], p[1])
		}
		if used[p[0]] || used[p[1]] || p[0] == p[1] {
			return wrong("node of pair (%s, %s) is matched twice", p[0], p[1])
		}
		used[p[0]], used[p[1]] = true, true
	}
	return right
}

// brief renders a value for an error message, cut to 60 bytes.
func brief(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 60 {
		return string(b[:60]) + "..."
	}
	return string(b)
}
