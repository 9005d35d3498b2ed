package agent

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/graphagent/graphagent/internal/textutil"
)

// understandingCase is one line of testdata/understanding/questions.jsonl,
// written by make_understanding.py with answers computed by NetworkX on the
// graph the script built and rendered into the question (the file's doc
// comment describes every field and check).
type understandingCase struct {
	ID       string          `json:"id"`
	Question string          `json:"question"`
	Notation string          `json:"notation"`
	Task     string          `json:"task"`
	Check    string          `json:"check"`
	Answer   json.RawMessage `json:"answer"`
	Key      string          `json:"key"`
	Tools    []string        `json:"tools"`
	NegTools []string        `json:"neg_tools"`
	Refuse   bool            `json:"refuse"`
	Why      string          `json:"why"`
	Directed bool            `json:"directed"`
	Weighted bool            `json:"weighted"`
	Nodes    []string        `json:"nodes"`
	Edges    [][]any         `json:"edges"`
	Source   string          `json:"source"`
	Target   string          `json:"target"`
	Example  int             `json:"example"`
	// IfAnswered is, for a question no tool answers today, NetworkX's one
	// right answer should a tool be added.
	IfAnswered json.RawMessage `json:"if_answered"`
}

func loadUnderstanding(t *testing.T) []understandingCase {
	t.Helper()
	f, err := os.Open("testdata/understanding/questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []understandingCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var c understandingCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("questions.jsonl:%d: %v", n, err)
		}
		cs = append(cs, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cs
}

// outcome is how one answer is judged.
type outcome int

const (
	outCorrect outcome = iota // right, or refused when the item must be refused
	outRefused                // declined an item that has an answer
	outWrong                  // answered, but not right (or answered a must-refuse item)
)

// judgeUnderstanding judges the agent's reply to c; msg says what was
// wrong or why it was refused.
func judgeUnderstanding(c understandingCase, ans *Answer, err error) (outcome, string) {
	if c.Refuse {
		if err != nil {
			return outCorrect, ""
		}
		if len(c.IfAnswered) > 0 && !ans.Fallback {
			var want any
			raw, _ := json.Marshal(ans.Value)
			var got any
			if json.Unmarshal(c.IfAnswered, &want) == nil && json.Unmarshal(raw, &got) == nil && compareScalar(got, want) == "" {
				return outCorrect, "" // a tool added since the item was written, answering right
			}
		}
		what := "answered"
		if ans != nil && ans.Fallback {
			what = "answered by the analogical fallback"
		}
		return outWrong, fmt.Sprintf("%s (tool %q) an item that must be refused (%s): %s", what, toolOf(ans), c.Why, answerText(ans))
	}
	if err != nil {
		return outRefused, err.Error()
	}
	if ans.Fallback {
		return outWrong, "answered by the analogical fallback: " + answerText(ans)
	}
	if msg := checkUnderstanding(c, ans); msg != "" {
		return outWrong, msg
	}
	return outCorrect, ""
}

func toolOf(ans *Answer) string {
	if ans == nil {
		return ""
	}
	return ans.Tool
}

func answerText(ans *Answer) string {
	if ans == nil {
		return ""
	}
	return textutil.Truncate(ans.Answer, 120)
}

// checkUnderstanding returns "" when the answer is right for c.
func checkUnderstanding(c understandingCase, ans *Answer) string {
	tool := ans.Tool
	negated := slices.Contains(c.NegTools, tool)
	if len(c.Tools) > 0 && !slices.Contains(c.Tools, tool) && !negated && !(c.Check == "dag" && tool == "topological_sort") {
		return fmt.Sprintf("tool %q, want one of %v", tool, append(slices.Clone(c.Tools), c.NegTools...))
	}
	raw, err := json.Marshal(ans.Value)
	if err != nil {
		return err.Error()
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return err.Error()
	}
	var want any
	if err := json.Unmarshal(c.Answer, &want); err != nil {
		return "expected answer: " + err.Error()
	}
	g := newCaseGraph(c)
	field := func(name string) any {
		if m, ok := v.(map[string]any); ok && name != "" {
			return m[name]
		}
		return v
	}
	switch c.Check {
	case "value":
		got := field(c.Key)
		if b, ok := want.(bool); ok && negated {
			want = !b
		}
		return compareScalar(got, want)
	case "set":
		got, ok := field(c.Key).([]any)
		if !ok {
			return fmt.Sprintf("value %v is not a list", field(c.Key))
		}
		gs, err := g.resolveAll(got)
		if err != "" {
			return err
		}
		ws := strs(want)
		slices.Sort(gs)
		slices.Sort(ws)
		if !slices.Equal(gs, ws) {
			return fmt.Sprintf("value %v, want %v", gs, ws)
		}
	case "list":
		got, ok := field(c.Key).([]any)
		w, _ := want.([]any)
		if !ok || len(got) != len(w) {
			return fmt.Sprintf("value %v, want %v", field(c.Key), want)
		}
		for i := range w {
			if msg := compareScalar(got[i], w[i]); msg != "" {
				return fmt.Sprintf("value %v, want %v", got, want)
			}
		}
	case "path":
		return g.checkPath(c, v, want)
	case "order":
		got, ok := field(c.Key).([]any)
		if !ok {
			return fmt.Sprintf("value %v is not a list", v)
		}
		return g.checkOrder(got)
	case "matching":
		return g.checkMatching(v, want)
	case "hamilton":
		return g.checkHamilton(v, want)
	case "partition":
		return g.checkPartition(field(c.Key), want)
	case "embedding":
		return g.checkEmbedding(field(c.Key), want)
	case "label":
		got := v
		if m, ok := v.(map[string]any); ok {
			got = cmp.Or(m["label"], m["prediction"])
		}
		s, ok := got.(string)
		if !ok || !strings.EqualFold(strings.TrimSpace(s), fmt.Sprint(want)) {
			return fmt.Sprintf("tool %q: label %v, want %v", tool, got, want)
		}
	case "dag":
		w, _ := want.(bool)
		switch {
		case tool == "topological_sort":
			if !w {
				return "gave a topological order of a graph that has a cycle"
			}
			got, ok := v.([]any)
			if !ok {
				return fmt.Sprintf("value %v is not a list", v)
			}
			return g.checkOrder(got)
		case negated:
			return compareScalar(v, !w)
		default:
			return compareScalar(v, w)
		}
	default:
		return "unknown check " + c.Check
	}
	return ""
}

func compareScalar(got, want any) string {
	switch w := want.(type) {
	case bool:
		if g, ok := got.(bool); !ok || g != w {
			return fmt.Sprintf("value %v, want %v", got, w)
		}
	case float64:
		g, ok := got.(float64)
		if !ok || math.Abs(g-w) > 1e-6*math.Max(1, math.Abs(w)) {
			return fmt.Sprintf("value %v, want %v", got, w)
		}
	default:
		return fmt.Sprintf("unexpected expected answer %v", want)
	}
	return ""
}

func strs(v any) []string {
	l, _ := v.([]any)
	out := make([]string, len(l))
	for i, x := range l {
		out[i] = fmt.Sprint(x)
	}
	return out
}

// caseGraph is the graph the generator built, for validating paths,
// orders and matchings independently of the agent.
type caseGraph struct {
	directed bool
	nodes    []string
	canon    map[string]string // canonical spelling -> node
	adj      map[[2]string]float64
}

func newCaseGraph(c understandingCase) *caseGraph {
	g := &caseGraph{directed: c.Directed, nodes: c.Nodes, canon: map[string]string{}, adj: map[[2]string]float64{}}
	for _, n := range c.Nodes {
		g.canon[canonNode(n)] = n
	}
	for _, e := range c.Edges {
		if len(e) < 2 {
			continue
		}
		u, v := fmt.Sprint(e[0]), fmt.Sprint(e[1])
		w := 1.0
		if len(e) > 2 {
			w, _ = e[2].(float64)
		}
		g.adj[[2]string{u, v}] = w
		if !c.Directed {
			g.adj[[2]string{v, u}] = w
		}
	}
	return g
}

// canonNode spells a node ID for comparison: lower-case letters and digits
// only, without the articles "the", "a" and "an" ("Applicant 0",
// "applicant_0" and "applicant:0" agree, and so do "bake the cake" and
// "Bake cake"), so that readers may name nodes their own way.
func canonNode(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	var b strings.Builder
	for _, w := range words {
		if len(words) == 1 || (w != "the" && w != "a" && w != "an") { // node "A" stays "a"
			b.WriteString(w)
		}
	}
	return b.String()
}

var prefixDigits = regexp.MustCompile(`^([a-z]+)(\d+)$`)

// resolve maps an ID the agent returned to a node of the graph: the same
// canonical spelling, or, for kinds kept apart by a prefix ("applicant 0",
// "job 1"), an abbreviated prefix with the same number ("a0", "j1") when
// exactly one node fits. It returns "" when nothing fits.
func (g *caseGraph) resolve(id any) string {
	s := canonNode(fmt.Sprint(id))
	if n, ok := g.canon[s]; ok {
		return n
	}
	m := prefixDigits.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	found := ""
	for cs, n := range g.canon {
		cm := prefixDigits.FindStringSubmatch(cs)
		if cm != nil && cm[2] == m[2] && (strings.HasPrefix(cm[1], m[1]) || strings.HasPrefix(m[1], cm[1])) {
			if found != "" {
				return ""
			}
			found = n
		}
	}
	return found
}

func (g *caseGraph) resolveAll(ids []any) ([]string, string) {
	out := make([]string, len(ids))
	for i, id := range ids {
		if out[i] = g.resolve(id); out[i] == "" {
			return nil, fmt.Sprintf("node %v is not in the graph", id)
		}
	}
	return out, ""
}

func (g *caseGraph) edge(u, v string) (float64, bool) {
	w, ok := g.adj[[2]string{u, v}]
	return w, ok
}

// checkPath accepts a number (the length) or {length, path}; a path must
// run from source to target along edges and weigh the length.
func (g *caseGraph) checkPath(c understandingCase, v, want any) string {
	m, isMap := v.(map[string]any)
	length := v
	if isMap {
		length = m[c.Key]
	}
	if msg := compareScalar(length, want); msg != "" {
		return "length: " + msg
	}
	if !isMap || m["path"] == nil {
		return ""
	}
	p, ok := m["path"].([]any)
	if !ok || len(p) == 0 {
		return fmt.Sprintf("path %v is not a list of nodes", m["path"])
	}
	nodes, msg := g.resolveAll(p)
	if msg != "" {
		return "path: " + msg
	}
	if nodes[0] != c.Source || nodes[len(nodes)-1] != c.Target {
		return fmt.Sprintf("path %v does not run from %s to %s", nodes, c.Source, c.Target)
	}
	total := 0.0
	for i := 1; i < len(nodes); i++ {
		w, ok := g.edge(nodes[i-1], nodes[i])
		if !ok {
			return fmt.Sprintf("path %v uses %s-%s, which is not an edge", nodes, nodes[i-1], nodes[i])
		}
		total += w
	}
	if math.Abs(total-want.(float64)) > 1e-6 {
		return fmt.Sprintf("path %v weighs %v, want %v", nodes, total, want)
	}
	return ""
}

// checkOrder accepts any topological order of all the nodes.
func (g *caseGraph) checkOrder(got []any) string {
	nodes, msg := g.resolveAll(got)
	if msg != "" {
		return "order: " + msg
	}
	if len(nodes) != len(g.nodes) {
		return fmt.Sprintf("order %v has %d nodes, want all %d", nodes, len(nodes), len(g.nodes))
	}
	pos := map[string]int{}
	for i, n := range nodes {
		if _, dup := pos[n]; dup {
			return fmt.Sprintf("order %v repeats %s", nodes, n)
		}
		pos[n] = i
	}
	for e := range g.adj {
		if pos[e[0]] > pos[e[1]] {
			return fmt.Sprintf("order %v puts %s after %s, against the edge %s->%s", nodes, e[0], e[1], e[0], e[1])
		}
	}
	return ""
}

// checkMatching accepts {size, pairs} with the expected size and pairs that
// are disjoint edges.
func (g *caseGraph) checkMatching(v, want any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Sprintf("value %v is not a matching", v)
	}
	if msg := compareScalar(m["size"], want); msg != "" {
		return "size: " + msg
	}
	pairs, _ := m["pairs"].([]any)
	if float64(len(pairs)) != want.(float64) {
		return fmt.Sprintf("%d pairs for a matching of size %v", len(pairs), want)
	}
	used := map[string]bool{}
	for _, p := range pairs {
		pp, _ := p.([]any)
		if len(pp) != 2 {
			return fmt.Sprintf("pair %v is not two nodes", p)
		}
		ns, msg := g.resolveAll(pp)
		if msg != "" {
			return "pair: " + msg
		}
		if _, ok := g.edge(ns[0], ns[1]); !ok {
			return fmt.Sprintf("pair %v is not an edge", ns)
		}
		if used[ns[0]] || used[ns[1]] {
			return fmt.Sprintf("pair %v reuses a node", ns)
		}
		used[ns[0]], used[ns[1]] = true, true
	}
	return ""
}

// checkHamilton accepts {exists, path}; an existing path must visit every
// node once along edges.
func (g *caseGraph) checkHamilton(v, want any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Sprintf("value %v is not a Hamiltonian result", v)
	}
	if msg := compareScalar(m["exists"], want); msg != "" {
		return msg
	}
	if want != true {
		return ""
	}
	p, _ := m["path"].([]any)
	nodes, msg := g.resolveAll(p)
	if msg != "" {
		return "path: " + msg
	}
	if len(nodes) != len(g.nodes) {
		return fmt.Sprintf("path %v has %d nodes, want %d", nodes, len(nodes), len(g.nodes))
	}
	seen := map[string]bool{}
	for i, n := range nodes {
		if seen[n] {
			return fmt.Sprintf("path %v repeats %s", nodes, n)
		}
		seen[n] = true
		if i > 0 {
			if _, ok := g.edge(nodes[i-1], n); !ok {
				return fmt.Sprintf("path %v uses %s-%s, which is not an edge", nodes, nodes[i-1], n)
			}
		}
	}
	return ""
}

// checkPartition compares components as a set of node sets.
func (g *caseGraph) checkPartition(v, want any) string {
	got, ok := v.([]any)
	if !ok {
		return fmt.Sprintf("value %v is not a list of components", v)
	}
	key := func(ns []string) string {
		slices.Sort(ns)
		return strings.Join(ns, ",")
	}
	var gs, ws []string
	for _, c := range got {
		l, _ := c.([]any)
		ns, msg := g.resolveAll(l)
		if msg != "" {
			return msg
		}
		gs = append(gs, key(ns))
	}
	for _, c := range want.([]any) {
		ws = append(ws, key(strs(c)))
	}
	slices.Sort(gs)
	slices.Sort(ws)
	if !slices.Equal(gs, ws) {
		return fmt.Sprintf("components %v, want %v", gs, ws)
	}
	return ""
}

// checkEmbedding compares the vectors of the nodes the item lists.
func (g *caseGraph) checkEmbedding(v, want any) string {
	got, ok := v.(map[string]any)
	if !ok {
		return fmt.Sprintf("value %v is not a map of vectors", v)
	}
	byNode := map[string]any{}
	for k, x := range got {
		byNode[g.resolve(k)] = x
	}
	for n, wv := range want.(map[string]any) {
		gv, _ := byNode[n].([]any)
		ww, _ := wv.([]any)
		if len(gv) != len(ww) {
			return fmt.Sprintf("node %s: %v, want %v", n, byNode[n], wv)
		}
		for i := range ww {
			if msg := compareScalar(gv[i], ww[i]); msg != "" {
				return fmt.Sprintf("node %s: %v, want %v", n, gv, ww)
			}
		}
	}
	return ""
}

// tally counts outcomes.
type tally struct{ n, correct, refused, wrong int }

func (t *tally) add(o outcome) {
	t.n++
	switch o {
	case outCorrect:
		t.correct++
	case outRefused:
		t.refused++
	case outWrong:
		t.wrong++
	}
}

func (t tally) String() string {
	return fmt.Sprintf("%3d %4d %4d %4d  %5.1f%%", t.n, t.correct, t.refused, t.wrong, pct(t.correct, t.n))
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// Ratchet of TestUnderstanding. Issue 9's targets on this set are ≥95%
// correct overall and wrong (answered, not right) ≤1%; today's readers are
// far from them, so the test only keeps what main achieves from getting
// worse. Raise the minimums and lower the maximums as readers land.
const (
	understandingMinCorrect  = 736 // of 767; the target is ≥95% (729)
	understandingMaxWrong    = 0   // the target is ≤1% (7)
	understandingMinExamples = 6   // of the six examples of the table; the target is 6
)

// understandingRatchet holds, per notation, the minimum correct and the
// maximum wrong main achieved when the set landed.
var understandingRatchet = map[string]struct{ minCorrect, maxWrong int }{
	"adjacency_prose": {2, 0},
	"adjlist":         {39, 0},
	"arrows":          {31, 0},
	"bipartite_prose": {20, 0},
	"csv":             {21, 0},
	"cypher":          {4, 0},
	"dashes":          {53, 0},
	"declared":        {45, 0},
	"dot":             {22, 0},
	"edgelines":       {43, 0},
	"gml":             {4, 0},
	"incident":        {15, 0},
	"json":            {25, 0},
	"markdown_table":  {11, 0},
	"math":            {2, 0},
	"matrix_header":   {14, 0},
	"matrix_plain":    {16, 0},
	"mermaid":         {8, 0},
	"mixed":           {18, 0},
	"nlgraph":         {30, 0},
	"nlprose":         {31, 0},
	"node_data":       {28, 0},
	"pairs":           {48, 0},
	"precedence":      {31, 0},
	"pylist":          {40, 0},
	"quantities":      {39, 0},
	"relations":       {66, 0},
	"talklike":        {16, 0},
	"tsv":             {14, 0},
}

// TestUnderstanding answers the hand-written understanding set (issue 9)
// with the builtin backend and reports, per notation and per task, how
// many answers are correct, refused and wrong. With
// GRAPHAGENT_UNDERSTANDING_REPORT=FILE it also writes the tables and the
// most common failure messages to FILE as Markdown.
func TestUnderstanding(t *testing.T) {
	cs := loadUnderstanding(t)
	notations := map[string]bool{}
	examples := map[int]bool{}
	for _, c := range cs {
		notations[c.Notation] = true
		if c.Example > 0 {
			examples[c.Example] = true
		}
	}
	if len(cs) < 300 || len(notations) < 12 || len(examples) != 6 {
		t.Fatalf("the set has %d items in %d notations with %d of the issue's examples; want ≥300, ≥12 and 6", len(cs), len(notations), len(examples))
	}
	a := newDataAgent(t)
	var total tally
	byNotation, byTask := map[string]*tally{}, map[string]*tally{}
	failures := map[string]int{}
	exampleOK := 0
	var exampleLines, wrongLines []string
	for _, c := range cs {
		ans, err := a.Ask(context.Background(), c.Question)
		o, msg := judgeUnderstanding(c, ans, err)
		total.add(o)
		for _, m := range []struct {
			by  map[string]*tally
			key string
		}{{byNotation, c.Notation}, {byTask, c.Task}} {
			if m.by[m.key] == nil {
				m.by[m.key] = &tally{}
			}
			m.by[m.key].add(o)
		}
		if o != outCorrect {
			kind := "wrong"
			if o == outRefused {
				kind = "refused"
			}
			shape := failureShape(msg)
			if c.Refuse {
				// The answer text makes every such message unique; count them by kind.
				shape = "answered an item that must be refused (" + c.Task + ")"
			}
			failures[kind+": "+shape]++
			if o == outWrong {
				wrongLines = append(wrongLines, fmt.Sprintf("%s %s/%s: %s", c.ID, c.Notation, c.Task, textutil.Truncate(msg, 200)))
			}
			t.Logf("%s %s/%s %s: %s\n\t%.160q", c.ID, c.Notation, c.Task, kind, msg, c.Question)
		}
		if c.Example > 0 {
			status := "correct"
			if o == outCorrect {
				exampleOK++
			} else {
				status = fmt.Sprintf("%v: %s", map[outcome]string{outRefused: "refused", outWrong: "wrong"}[o], msg)
			}
			exampleLines = append(exampleLines, fmt.Sprintf("example %d (%s): %s", c.Example, c.ID, status))
		}
	}
	slices.Sort(exampleLines)
	report := understandingReport(total, byNotation, byTask, failures, exampleLines, wrongLines)
	t.Log("\n" + report)
	if path := os.Getenv("GRAPHAGENT_UNDERSTANDING_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report), 0o644); err != nil {
			t.Error(err)
		}
	}

	if total.correct < understandingMinCorrect {
		t.Errorf("%d correct, below the ratchet's %d", total.correct, understandingMinCorrect)
	}
	if total.wrong > understandingMaxWrong {
		t.Errorf("%d wrong, above the ratchet's %d", total.wrong, understandingMaxWrong)
	}
	if exampleOK < understandingMinExamples {
		t.Errorf("%d of the issue's six examples correct, below the ratchet's %d", exampleOK, understandingMinExamples)
	}
	for n, r := range understandingRatchet {
		got := byNotation[n]
		if got == nil {
			t.Errorf("notation %s: no items", n)
			continue
		}
		if got.correct < r.minCorrect {
			t.Errorf("notation %s: %d correct, below the ratchet's %d", n, got.correct, r.minCorrect)
		}
		if got.wrong > r.maxWrong {
			t.Errorf("notation %s: %d wrong, above the ratchet's %d", n, got.wrong, r.maxWrong)
		}
	}
}

var (
	quotedText = regexp.MustCompile(`"[^"]*"|'[^']*'|«[^»]*»`)
	numberText = regexp.MustCompile(`\d+(\.\d+)?`)
)

// failureShape blanks the quoted text and numbers of a failure message so
// that messages of one kind count together.
func failureShape(msg string) string {
	if i := strings.Index(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	msg = quotedText.ReplaceAllString(msg, `"…"`)
	msg = numberText.ReplaceAllString(msg, "N")
	return textutil.Truncate(msg, 160)
}

// understandingReport renders the tables and the commonest failures as
// Markdown.
func understandingReport(total tally, byNotation, byTask map[string]*tally, failures map[string]int, examples, wrong []string) string {
	var b strings.Builder
	b.WriteString("# Understanding set of issue 9: builtin backend\n\nWritten by `GRAPHAGENT_UNDERSTANDING_REPORT=FILE go test ./agent/ -run TestUnderstanding -count=1` " +
		"(set: agent/testdata/understanding/questions.jsonl, made by make_understanding.py). Wrong = answered but not right, " +
		"or answered an item that must be refused; refused = declined an item that has an answer.\n\n")
	fmt.Fprintf(&b, "Understanding set: %d items; correct %d (%.1f%%), refused %d (%.1f%%), wrong %d (%.1f%%). Targets: ≥95%% correct, wrong ≤1%%.\n\n",
		total.n, total.correct, pct(total.correct, total.n), total.refused, pct(total.refused, total.n), total.wrong, pct(total.wrong, total.n))
	table := func(title string, by map[string]*tally) {
		fmt.Fprintf(&b, "| %s | items | correct | refused | wrong | correct %% |\n|---|---:|---:|---:|---:|---:|\n", title)
		keys := make([]string, 0, len(by))
		for k := range by {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			x := by[k]
			fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %.1f |\n", k, x.n, x.correct, x.refused, x.wrong, pct(x.correct, x.n))
		}
		b.WriteString("\n")
	}
	table("notation", byNotation)
	table("task", byTask)
	b.WriteString("Issue 9's six examples:\n")
	for _, e := range examples {
		fmt.Fprintf(&b, "- %s\n", e)
	}
	type kv struct {
		msg string
		n   int
	}
	var fs []kv
	for m, n := range failures {
		fs = append(fs, kv{m, n})
	}
	slices.SortFunc(fs, func(x, y kv) int { return cmp.Or(y.n-x.n, strings.Compare(x.msg, y.msg)) })
	b.WriteString("\nMost common failures (numbers and quoted text blanked):\n")
	for i, f := range fs {
		if i == 25 {
			break
		}
		fmt.Fprintf(&b, "- %d × %s\n", f.n, f.msg)
	}
	b.WriteString("\nEvery wrong answer (the target is at most 1%):\n")
	for _, w := range wrong {
		fmt.Fprintf(&b, "- %s\n", w)
	}
	return b.String()
}

// TestJudgeUnderstanding checks the judge itself on made-up answers: any
// valid order, path or matching is right, an invalid one is wrong, and a
// must-refuse item is right only when refused.
func TestJudgeUnderstanding(t *testing.T) {
	dag := understandingCase{Check: "order", Tools: []string{"topological_sort"}, Directed: true, Answer: json.RawMessage("null"),
		Nodes: []string{"a", "b", "c", "d"}, Edges: [][]any{{"a", "b"}, {"a", "c"}, {"b", "d"}, {"c", "d"}}}
	path := understandingCase{Check: "path", Key: "length", Tools: []string{"shortest_path"}, Answer: json.RawMessage("4"),
		Source: "0", Target: "2", Nodes: []string{"0", "1", "2", "3"}, Edges: [][]any{{"0", "1", 1.0}, {"1", "2", 3.0}, {"0", "3", 2.0}, {"3", "2", 2.0}}}
	match := understandingCase{Check: "matching", Tools: []string{"maximum_bipartite_matching"}, Answer: json.RawMessage("2"),
		Nodes: []string{"applicant 0", "applicant 1", "job 0", "job 1"}, Edges: [][]any{{"applicant 0", "job 0"}, {"applicant 0", "job 1"}, {"applicant 1", "job 0"}}}
	must := understandingCase{Check: "refuse", Refuse: true, Why: "ambiguous"}
	for _, tc := range []struct {
		name string
		c    understandingCase
		ans  *Answer
		err  error
		want outcome
	}{
		{"one valid order", dag, &Answer{Tool: "topological_sort", Value: []string{"a", "b", "c", "d"}}, nil, outCorrect},
		{"another valid order", dag, &Answer{Tool: "topological_sort", Value: []string{"a", "c", "b", "d"}}, nil, outCorrect},
		{"order against an edge", dag, &Answer{Tool: "topological_sort", Value: []string{"b", "a", "c", "d"}}, nil, outWrong},
		{"order missing a node", dag, &Answer{Tool: "topological_sort", Value: []string{"a", "b", "d"}}, nil, outWrong},
		{"wrong tool", dag, &Answer{Tool: "bfs_order", Value: []string{"a", "b", "c", "d"}}, nil, outWrong},
		{"refused", dag, nil, ErrNoAnswer, outRefused},
		{"either shortest path", path, &Answer{Tool: "shortest_path", Value: map[string]any{"length": 4, "path": []string{"0", "3", "2"}}}, nil, outCorrect},
		{"length only", path, &Answer{Tool: "shortest_path", Value: map[string]any{"length": 4}}, nil, outCorrect},
		{"path through a non-edge", path, &Answer{Tool: "shortest_path", Value: map[string]any{"length": 4, "path": []string{"0", "2"}}}, nil, outWrong},
		{"wrong length", path, &Answer{Tool: "shortest_path", Value: map[string]any{"length": 2, "path": []string{"0", "3", "2"}}}, nil, outWrong},
		{"matching with abbreviated IDs", match, &Answer{Tool: "maximum_bipartite_matching", Value: map[string]any{"size": 2, "pairs": [][2]string{{"a0", "j1"}, {"Applicant_1", "job 0"}}}}, nil, outCorrect},
		{"matching reusing a node", match, &Answer{Tool: "maximum_bipartite_matching", Value: map[string]any{"size": 2, "pairs": [][2]string{{"applicant 0", "job 0"}, {"applicant 1", "job 0"}}}}, nil, outWrong},
		{"matching pair not an edge", match, &Answer{Tool: "maximum_bipartite_matching", Value: map[string]any{"size": 2, "pairs": [][2]string{{"applicant 1", "job 1"}, {"applicant 0", "job 0"}}}}, nil, outWrong},
		{"node A is not an article", understandingCase{Check: "set", Tools: []string{"neighbors"}, Answer: json.RawMessage(`["A", "C"]`),
			Nodes: []string{"A", "B", "C"}, Edges: [][]any{{"A", "B"}, {"B", "C"}}}, &Answer{Tool: "neighbors", Value: []string{"a", "C"}}, nil, outCorrect},
		{"names spelled another way", understandingCase{Check: "set", Tools: []string{"neighbors"}, Answer: json.RawMessage(`["bake the cake", "New York"]`),
			Nodes: []string{"bake the cake", "New York"}}, &Answer{Tool: "neighbors", Value: []string{"Bake cake", "new_york"}}, nil, outCorrect},
		{"a different set", understandingCase{Check: "set", Tools: []string{"neighbors"}, Answer: json.RawMessage(`["A", "C"]`),
			Nodes: []string{"A", "B", "C"}}, &Answer{Tool: "neighbors", Value: []string{"A", "B"}}, nil, outWrong},
		{"must refuse, refused", must, nil, ErrBadInput, outCorrect},
		{"must refuse, answered", must, &Answer{Tool: "edge_count", Value: 3}, nil, outWrong},
		{"must refuse, fallback", must, &Answer{Fallback: true, Value: "3"}, nil, outWrong},
		{"no tool yet, answered right", understandingCase{Check: "refuse", Refuse: true, IfAnswered: json.RawMessage("true")}, &Answer{Tool: "is_planar", Value: true}, nil, outCorrect},
		{"no tool yet, answered wrong", understandingCase{Check: "refuse", Refuse: true, IfAnswered: json.RawMessage("true")}, &Answer{Tool: "is_planar", Value: false}, nil, outWrong},
	} {
		if got, msg := judgeUnderstanding(tc.c, tc.ans, tc.err); got != tc.want {
			t.Errorf("%s: outcome %d (%s), want %d", tc.name, got, msg, tc.want)
		}
	}
}

// TestUnderstandingSetIsCurrent regenerates the set with NetworkX and
// checks that the committed file is what the generator writes, so that
// questions and answers are never edited by hand.
func TestUnderstandingSetIsCurrent(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 with networkx is required to regenerate the understanding set: %v", err)
	}
	want, err := os.ReadFile("testdata/understanding/questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	// Two hash seeds: the output must not depend on the order of Python's
	// sets and dicts of strings.
	for _, seed := range []string{"0", "1"} {
		out := filepath.Join(t.TempDir(), "questions.jsonl")
		cmd := exec.Command("python3", "testdata/understanding/make_understanding.py", out)
		cmd.Env = append(os.Environ(), "PYTHONHASHSEED="+seed)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make_understanding.py: %v\n%s", err, msg)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("with PYTHONHASHSEED=%s, make_understanding.py does not write testdata/understanding/questions.jsonl; "+
				"run python3 agent/testdata/understanding/make_understanding.py and commit both (and keep the generator deterministic)", seed)
		}
	}
}
