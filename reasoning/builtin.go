package reasoning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools"
)

// ErrNoLLM means a step needs a language model and none is configured: the
// builtin planner's ExtractGraph returns it, since the deterministic parsers
// are all it has.
var ErrNoLLM = errors.New("no language model configured")

// BuiltinName is the Name of the builtin planner, used to label its
// decisions in traces.
const BuiltinName = "builtin"

// Defaults of BuiltinConfig.
const (
	// CloseCall is the lead under which the builtin planner does not choose
	// between two candidates when no intent cue names either.
	CloseCall = 0.05
	// DefaultVoteWeight is how much the nearest-neighbour vote of solved
	// examples counts against the retrieval score.
	DefaultVoteWeight = 0.5
	// DefaultMinToolScore is the combined score under which the builtin
	// planner answers NoTool.
	DefaultMinToolScore = 0.45
)

// BuiltinConfig tunes the builtin planner. Zero fields take the defaults.
type BuiltinConfig struct {
	// VoteWeight scales the examples' vote share (0..1) before it is added to
	// a candidate's retrieval score (cosine, 0..1). Zero means
	// DefaultVoteWeight; negative means no vote.
	VoteWeight float64
	// MinToolScore is the combined score a candidate needs; below it the
	// planner answers NoTool. Zero means DefaultMinToolScore.
	MinToolScore float64
	// Language holds the words of the intent cues and slots (NewLanguage
	// of a lang.Lexicon); nil means DefaultLanguage.
	Language *Language
}

// BuiltinPlanner is the Planner without a language model: it chooses a tool
// from the retrieval scores plus a similarity-weighted nearest-neighbour vote
// over solved examples, and extracts parameters with slot patterns guided
// by the tool's schema ("from node 4 to node 2", "between 3 and 7",
// "source 1, sink 9", "node=3", "(a, b)", "k = 3", "the neighbours of node
// 5"), validated with ValidateArgs. It is stateless and safe for concurrent
// use.
type BuiltinPlanner struct {
	cfg BuiltinConfig
}

var _ Planner = (*BuiltinPlanner)(nil)

// NewBuiltinPlanner returns the builtin planner.
func NewBuiltinPlanner(cfg BuiltinConfig) *BuiltinPlanner {
	switch {
	case cfg.VoteWeight == 0:
		cfg.VoteWeight = DefaultVoteWeight
	case cfg.VoteWeight < 0:
		cfg.VoteWeight = 0
	}
	if cfg.MinToolScore == 0 {
		cfg.MinToolScore = DefaultMinToolScore
	}
	if cfg.Language == nil {
		cfg.Language = defaultLanguage()
	}
	return &BuiltinPlanner{cfg: cfg}
}

// Name is BuiltinName.
func (p *BuiltinPlanner) Name() string { return BuiltinName }

// Abilities: the builtin planner plans chains by its grammar and can tell
// when solved examples cannot change its choice; it generates no text.
func (p *BuiltinPlanner) Abilities() Abilities {
	return Abilities{Chains: p, ExampleFree: p}
}

// ExtractGraph always fails with an error wrapping ErrNoLLM: without a
// language model the deterministic parsers (ExtractGraph, the package
// function) are all the builtin backend has.
func (p *BuiltinPlanner) ExtractGraph(ctx context.Context, req GraphRequest) (GraphText, error) {
	return GraphText{}, fmt.Errorf("builtin planner: the graph parsers are not confident and no LLM is configured to read the graph: %w", ErrNoLLM)
}

// ChooseTool scores each candidate by its retrieval score plus VoteWeight
// times its share of the examples' similarity-weighted votes plus how well
// the question's explicit node mentions fit the tool's parameters (a pair of
// nodes for a source/target tool, one node for a node tool, none for a
// whole-graph tool) plus CueBonus when the question matches one of the
// tool's intent cues (see CueTools), once more for a strong cue, and
// minus CueBonus when a cue speaks against it ("is it a DAG?" is not
// asking for a topological order), drops
// candidates that do not apply to the question's graph (a directed-only tool
// on an undirected graph and the reverse), and picks the best; NoTool when
// nothing reaches MinToolScore. The Thought explains the scores.
func (p *BuiltinPlanner) ChooseTool(ctx context.Context, req ToolRequest) (ToolChoice, error) {
	choice, _, err := p.chooseTool(ctx, req)
	return choice, err
}

// ChooseToolWithoutExamples is ChooseTool without req.Examples; decisive
// reports that no set of examples could change the choice: the examples'
// vote adds at most VoteWeight to one candidate (vote shares sum to at most
// 1), so a tool that leads the next candidate by more than VoteWeight stays
// chosen whatever the examples are. A NoTool answer is never decisive.
func (p *BuiltinPlanner) ChooseToolWithoutExamples(ctx context.Context, req ToolRequest) (choice ToolChoice, decisive bool, err error) {
	req.Examples = nil
	choice, margin, err := p.chooseTool(ctx, req)
	if err != nil || choice.Tool == NoTool {
		return choice, false, err
	}
	return choice, margin > p.cfg.VoteWeight, nil
}

// chooseTool is ChooseTool, also returning by how much the chosen tool
// leads the next candidate (+Inf when it is the only one; 0 for NoTool).
func (p *BuiltinPlanner) chooseTool(ctx context.Context, req ToolRequest) (ToolChoice, float64, error) {
	if err := ctx.Err(); err != nil {
		return ToolChoice{}, 0, err
	}
	if len(req.Candidates) == 0 {
		return ToolChoice{Tool: NoTool, Thought: "builtin: no candidate tools"}, 0, nil
	}
	votes := make(map[string]float64, len(req.Examples))
	total := 0.0
	for _, ex := range req.Examples {
		if ex.Score <= 0 || ex.Tool == "" {
			continue
		}
		votes[ex.Tool] += ex.Score
		total += ex.Score
	}
	sl := findSlots(p.cfg.Language, req.Question, nil, true)
	if req.Graph != nil && len(sl.nodeMentions()) == 0 {
		// "person 2", "page A": a multi-word node of the graph that no
		// pattern above took as a mention still names a node.
		sl.singles = append(sl.singles, multiWordMentions(req.Question, req.Graph.Sample)...)
		// "the degree of c": a lower-case name after "of", "for", "does"
		// is a mention when the graph has that node.
		sl.singles = append(sl.singles, sampleMentions(req.Question, req.Graph.Sample)...)
	}
	cues := p.cfg.Language.cuesOf(ctx, req.Question)
	type scored struct {
		name                          string
		retrieval, vote, fit, cue, al float64
		cued                          bool
	}
	var ss []scored
	var dropped []string
	for _, c := range req.Candidates {
		if req.Graph != nil && (!AppliesTo(c.Tool.AppliesTo, req.Graph.Directed) || !req.Graph.HasNodeAttrs(c.Tool.NodeAttrs)) {
			dropped = append(dropped, c.Tool.Name)
			continue
		}
		v := 0.0
		if total > 0 {
			v = votes[c.Tool.Name] / total
		}
		fit, cue := sl.fit(c.Tool), 0.0
		// The question gives the node data this tool reads and no edge
		// weights: "the heaviest triangle" of a node-weighted graph weighs
		// its nodes, more so when the question's cue names the tool too.
		nodeData := req.Graph != nil && len(c.Tool.NodeAttrs) > 0 && !req.Graph.Weighted
		if nodeData {
			fit += fitBonus
		}
		if slices.Contains(cues.Tools, c.Tool.Name) {
			cue = CueBonus
			if nodeData {
				fit += fitBonus
			}
		}
		cue += cues.Adjustment(c.Tool.Name)
		ss = append(ss, scored{name: c.Tool.Name, retrieval: c.Score, vote: v, fit: fit, cue: cue, al: c.Score + p.cfg.VoteWeight*v + fit + cue, cued: c.Tool.Intents.Cued})
	}
	if len(ss) == 0 {
		return ToolChoice{Tool: NoTool, Thought: fmt.Sprintf("builtin: no candidate applies to this graph (%s)", strings.Join(dropped, ", "))}, 0, nil
	}
	sort.SliceStable(ss, func(a, b int) bool { return ss[a].al > ss[b].al })
	// A near tie between a tool whose parameters the question does not
	// give (its fit is negative) and one that fits and is named more
	// strongly goes to the latter: "Directed graph, successors of each
	// node: ... Is the graph a DAG?" is cycle_check's, not successors'
	// (no node named), whatever the examples' votes add.
	if len(ss) > 1 && ss[0].fit < 0 && ss[1].fit >= 0 && ss[1].cue > ss[0].cue && ss[0].al-ss[1].al < nearTieMargin {
		ss[0], ss[1] = ss[1], ss[0]
	}
	best := ss[0]
	var why strings.Builder
	fmt.Fprintf(&why, "builtin: %s scores %.3f (retrieval %.3f, vote share %.2f, parameter fit %+.2f, intent cue %+.2f)", best.name, best.al, best.retrieval, best.vote, best.fit, best.cue)
	if len(ss) > 1 {
		fmt.Fprintf(&why, "; next %s %.3f", ss[1].name, ss[1].al)
	}
	if len(dropped) > 0 {
		fmt.Fprintf(&why, "; not applicable to this graph: %s", strings.Join(dropped, ", "))
	}
	if best.cued && best.cue <= 0 {
		return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; %s answers only a question that asks for it, and no intent cue names it", best.name)}, 0, nil
	}
	if best.al < p.cfg.MinToolScore {
		return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; below the threshold %.2f", p.cfg.MinToolScore)}, 0, nil
	}
	// A notion no tool computes ("how many automorphisms") is not answered
	// by a tool that scores on the question's other words.
	// A weak cue (one phrase, CueBonus) does not outweigh the notion: "How
	// many spanning trees" is not edge_count because "edges" is near "how
	// many".
	// A notion the chosen tool declares is no unknown one inside it
	// ("subgraph isomorphic" is subgraph_is_isomorphic's; "isomorphic"
	// alone, of two whole graphs, no tool's).
	lowerQ := strings.ToLower(req.Question)
	for _, c := range NamedConcepts(req.Question) {
		if slices.Contains(c.Tools, best.name) {
			lowerQ = strings.ReplaceAll(lowerQ, c.Text, " ")
		}
	}
	if m := unknownConcepts.FindString(lowerQ); m != "" && best.cue <= CueBonus {
		return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; the question asks about %q, which no tool computes", m)}, 0, nil
	}
	// "Which community is the happiest?" ranks by something no tool
	// measures, however strongly "community" cues a tool.
	if w := unmeasuredSuperlative(strings.ToLower(req.Question)); w != "" {
		return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; the question asks which is %q, which no tool measures", "the "+w)}, 0, nil
	}
	// "Which node is the most important?" ranks by a quality that degree,
	// betweenness, closeness and PageRank each measure a kind of: unless
	// the question names the measure, any of them answers another question.
	if m := p.cfg.Language.vagueRank(strings.ToLower(req.Question)); m != "" && best.cue <= CueBonus && len(NamedConcepts(req.Question)) == 0 {
		return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; the question ranks by %q, which it does not define: degree, betweenness, closeness and PageRank each measure a kind of it (name one)", m)}, 0, nil
	}
	// "Which has more edges, node 1 or node 2?" compares two measures;
	// every tool gives one.
	if m := comparisonAsked(strings.ToLower(req.Question)); m != "" {
		return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; the question compares two things (%q), which no tool does", m)}, 0, nil
	}
	// A question that names its task beyond doubt ("give a topological
	// order") on a graph the task does not apply to is not answered by
	// whatever tool scores next.
	for _, name := range dropped {
		if cues.Adjustment(name) > 0 && best.cue <= 0 {
			return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; the question asks for %s, which does not apply to a%s graph", name, map[bool]string{true: " directed", false: "n undirected"}[req.Graph.Directed])}, 0, nil
		}
	}
	margin := math.Inf(1)
	if len(ss) > 1 {
		margin = best.al - ss[1].al
	}
	// Two tools that fit almost equally, neither named by the question's
	// words, are a guess between two tasks: decline rather than answer one.
	// Both leads count, with and without the examples' vote, so that a
	// choice decisive without examples stays so with any.
	if best.cue <= 0 && len(ss) > 1 && ss[1].cue <= 0 && margin < CloseCall &&
		math.Abs((best.al-p.cfg.VoteWeight*best.vote)-(ss[1].al-p.cfg.VoteWeight*ss[1].vote)) < CloseCall {
		return ToolChoice{Tool: NoTool, Thought: why.String() + fmt.Sprintf("; %s and %s fit almost equally (%.3f apart) and the question's words name neither task", best.name, ss[1].name, margin)}, 0, nil
	}
	return ToolChoice{Tool: best.name, Thought: why.String()}, margin, nil
}

// AppliesTo reports whether a tool of kind k takes a graph of that
// direction.
func AppliesTo(k tools.GraphKind, directed bool) bool {
	switch k {
	case tools.DirectedOnly:
		return directed
	case tools.UndirectedOnly:
		return !directed
	}
	return true
}

// ExtractParams fills the tool's parameters from the question's slots (see
// BuiltinPlanner) and tries the candidate assignments in order of
// preference until one passes ValidateArgs (against req.Graph) and
// req.Check; when none does, the first failure is returned. Errors wrap
// ErrBadParams.
// nearTieMargin is how close two scores are for the parameter fit to
// decide between them.
const nearTieMargin = 0.05

func (p *BuiltinPlanner) ExtractParams(ctx context.Context, req ParamRequest) (json.RawMessage, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if req.Tool.Name == "" {
		return nil, fmt.Errorf("params step: no tool given: %w", ErrBadParams)
	}
	if req.Tool.Name == "gnn_sum_aggregation" {
		// The tool sums the neighbours' vectors; a question whose rule is
		// another one is not answered with a sum.
		if m := slotREs.notSum.FindString(req.Question); m != "" {
			return nil, fmt.Errorf("%s: the question's aggregation rule (%q) is not a sum over the neighbours, which is all the tool computes: %w", req.Tool.Name, m, ErrBadParams)
		}
	}
	sl := findSlots(p.cfg.Language, req.Question, req.Graph, false)
	if err := overNamed(req, sl); err != nil {
		return nil, err
	}
	var first error
	for _, cand := range sl.assignments(req.Tool) {
		b, err := json.Marshal(cand)
		if err != nil {
			return nil, fmt.Errorf("%s: %v: %w", req.Tool.Name, err, ErrBadParams)
		}
		args, err := ValidateArgs(req.Tool, req.Graph, b)
		if err == nil && req.Check != nil {
			if cerr := req.Check(args); cerr != nil {
				err = cerr
				if !errors.Is(err, ErrBadParams) {
					err = fmt.Errorf("%s: %w: %w", req.Tool.Name, ErrBadParams, cerr)
				}
			}
		}
		if err == nil {
			if err := askedPairMissing(req, sl, cand); err != nil {
				return nil, err
			}
			return args, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = missingNodeErr(req)
	}
	if first == nil {
		first = fmt.Errorf("%s: no parameters found in the question: %w", req.Tool.Name, ErrBadParams)
	}
	return nil, first
}

// overNamed refuses a question that names more nodes than the tool
// takes ("the degree of nodes 5 and 1", "the shortest path from 3 to 0 or
// 5", "an edge between 1, 3 and 0"): which of them are meant is unclear,
// and answering for some of them would be a guess. Arguments given as
// key=value are explicit and never refused.
func overNamed(req ParamRequest, sl *slots) error {
	for role := 0; role <= 2; role++ {
		if _, ok := sl.kvRole(role); ok {
			return nil
		}
	}
	params := 0
	for _, p := range req.Tool.Params {
		if p.Node {
			params++
		}
	}
	if params == 0 {
		return nil
	}
	ms := sl.nodeMentions()
	if req.Graph == nil {
		// Without the graph (membership questions) only numbers are
		// surely node mentions; words may be anything ("Q:", "Please").
		ms = slices.DeleteFunc(ms, func(m string) bool {
			_, err := strconv.ParseFloat(m, 64)
			return err != nil
		})
	}
	if len(ms) <= params {
		return nil
	}
	return fmt.Errorf("%s: the question names %d nodes (%s) for %d node %s; which are meant is unclear: %w",
		req.Tool.Name, len(ms), strings.Join(ms, ", "), params, map[bool]string{true: "parameter", false: "parameters"}[params == 1], ErrBadParams)
}

// askedPairMissing refuses a pair of nodes that the question does not
// name as its pair ("lowest latency from S1 to S3?" answered for S1 and
// S2, found elsewhere in the text) when the pair it names ("from S1 to
// S3", read without the graph) has a node the graph lacks: it returns that
// pair's validation error, which wraps tools.ErrNodeNotFound, so the
// caller treats the node as missing rather than answer about other nodes.
func askedPairMissing(req ParamRequest, sl *slots, cand map[string]any) error {
	if req.Graph == nil {
		return nil
	}
	var a, b string
	for _, p := range req.Tool.Params {
		if !p.Node {
			continue
		}
		v, _ := cand[p.Name].(string)
		switch paramRole(p.Name) {
		case 1:
			a = v
		case 2:
			b = v
		}
	}
	if a == "" || b == "" || slices.Contains(sl.pairs, [2]string{a, b}) {
		return nil
	}
	var missing error
	for _, pr := range findSlots(defaultLanguage(), req.Question, nil, false).pairs {
		m := map[string]any{}
		for _, p := range req.Tool.Params {
			switch paramRole(p.Name) {
			case 1:
				m[p.Name] = pr[0]
			case 2:
				m[p.Name] = pr[1]
			}
		}
		raw, err := json.Marshal(m)
		if err != nil {
			continue
		}
		_, err = ValidateArgs(req.Tool, req.Graph, raw)
		switch {
		case err == nil:
			return nil // the question's own pair is in the graph
		case missing == nil && errors.Is(err, tools.ErrNodeNotFound):
			missing = err
		}
	}
	return missing
}

// missingNodeErr explains why no assignment was found when the question
// does name nodes but the graph lacks them ("degree of node 99"): the slots
// are read again without the graph and the first candidate is validated
// against it, giving an error that wraps ErrBadParams and
// tools.ErrNodeNotFound and names the node. It returns nil when there is
// no graph or the question names no node either way.
func missingNodeErr(req ParamRequest) error {
	if req.Graph == nil {
		return nil
	}
	for _, cand := range findSlots(defaultLanguage(), req.Question, nil, false).assignments(req.Tool) {
		b, err := json.Marshal(cand)
		if err != nil {
			continue
		}
		if _, err := ValidateArgs(req.Tool, req.Graph, b); errors.Is(err, tools.ErrNodeNotFound) {
			return err
		}
	}
	return nil
}

// sampleMentions returns the IDs among ids that the question names after
// "of", "for", "to", "does", "is" or "has" (the loose single-node
// pattern), written exactly as in the graph.
func sampleMentions(q string, ids []string) []string {
	var out []string
	for _, m := range slotREs.of.FindAllStringSubmatch(q, -1) {
		if slices.Contains(ids, m[1]) && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// multiWordMentions returns the IDs among ids that contain a space and
// occur in q as whole words (case-insensitively).
func multiWordMentions(q string, ids []string) []string {
	lq := strings.ToLower(q)
	var out []string
	for _, id := range ids {
		if !strings.Contains(id, " ") {
			continue
		}
		lid := strings.ToLower(id)
		for off := 0; ; {
			k := strings.Index(lq[off:], lid)
			if k < 0 {
				break
			}
			st, en := off+k, off+k+len(lid)
			off = en
			if (st == 0 || !isWordRune(lq[st-1])) && (en == len(lq) || !isWordRune(lq[en])) {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// isWordRune reports whether the byte c belongs to a word (ASCII letters,
// digits, '_' and every byte of a multi-byte character).
func isWordRune(c byte) bool {
	return c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}
