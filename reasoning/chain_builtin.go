package reasoning

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// StepResolver picks the tool and the arguments of one step of a chain
// from its text, as the single-tool path would for a question of its own
// (retrieval, intent cues, tool choice, parameters). Node arguments are
// not checked against a graph: they may name the placeholders of nodes an
// earlier step finds. It returns ErrNotChain (wrapped) when the text does
// not clearly ask for one tool.
type StepResolver func(ctx context.Context, text string) (tool string, args json.RawMessage, err error)

// ChainRequest is the input of chain planning.
type ChainRequest struct {
	// Question is the question with the graph text removed.
	Question string
	// Graph describes the question's graph.
	Graph *GraphSummary
	// Candidates are the tools offered to an LLM planner (the whole
	// catalogue, or the retrieved ones).
	Candidates []Candidate
	// Resolve resolves one step's text (the builtin planner's retrieval).
	Resolve StepResolver
}

// ChainPlanner is implemented by planners that plan chains of tools.
type ChainPlanner interface {
	// PlanChain returns a chain of at least two steps for a question that
	// needs several tools, or an error wrapping ErrNotChain for one that
	// needs one (the single-tool path then answers it). The chain is
	// checked by the caller (CheckChain).
	PlanChain(ctx context.Context, req ChainRequest) (Chain, error)
}

var chainREs = struct {
	quick, sequence, after, first, removal, keepLargest, inLargest, without, selfLoops, isolated, literalNodes,
	refA, refB, refC, refD, question *lazyRegexp
}{
	// quick gates the grammar: a chaining word, a reference to nodes by
	// a measure, or a subgraph named in passing.
	quick: lazyCompile(`(?i)\bthen\b|\b(?:after|once)\s+(?:removing|deleting|dropping|taking\s+out|you\s+remove|we\s+remove)\b|\b(?:highest|lowest|largest|smallest|greatest|biggest|maximum|minimum|max|min|top|bottom|most|least|fewest|best|worst)\b|\bwithout\s+(?:its\s+|the\s+|any\s+)?(?:self-?\s?loops|isolated)`),
	// sequence splits "X, then Y" / "X and then Y" / "X; then Y".
	sequence: lazyCompile(`(?i)\s*(?:[,;.]\s*|\s)(?:and\s+)?then\b[\s,]*`),
	// after reads "after removing X, Y" and "Y after removing X".
	after: lazyCompile(`(?i)\b(?:after|once)\s+(?:removing|deleting|dropping|taking\s+out|you\s+remove|we\s+remove)\s+`),
	first: lazyCompile(`(?i)^\s*(?:first(?:ly)?|please|now|and|also)\b[\s,]*`),
	// removal is a step that removes things from the graph.
	removal:     lazyCompile(`(?i)^\s*(?:(?:in|for|on|with|from)\b[^,]*,\s*)?(?:remove|delete|drop|strip|discard|take\s+out|get\s+rid\s+of|eliminate)\s+(.+?)\s*$`),
	keepLargest: lazyCompile(`(?i)^\s*(?:keep|take|extract|restrict\s+(?:it\s+|the\s+graph\s+|yourself\s+)?to|use|consider)\s+(?:only\s+)?the\s+(?:largest|biggest|giant)\s+(?:weakly\s+)?(?:connected\s+)?component(?:\s+only)?(?:\s+(?:of|in|from)(?:\s+(?:the|this)\s+(?:(?:un)?directed\s+)?(?:graph|network))?)?\s*[.!]?\s*$`),
	inLargest:   lazyCompile(`(?i)\b(?:of|in|on|for|within)\s+(?:the\s+graph'?s\s+|its\s+|the\s+)(?:largest|biggest|giant)\s+(?:weakly\s+)?(?:connected\s+)?component\b`),
	without:     lazyCompile(`(?i)\b(?:without|ignoring|excluding)\s+(?:its\s+|the\s+|any\s+)?(self-?\s?loops|isolated\s+(?:nodes|vertices))\b`),
	selfLoops:   lazyCompile(`(?i)\b(?:all\s+|the\s+|its\s+|any\s+)?self-?\s?loops?\b|\bloops\b`),
	isolated:    lazyCompile(`(?i)\b(?:all\s+|the\s+|its\s+|any\s+)?(?:isolated\s+(?:nodes|vertices)|isolates|nodes\s+(?:with|of)\s+(?:no\s+edges|degree\s+0|degree\s+zero))\b`),
	// literalNodes: "node 5", "nodes 3 and 4", "nodes A, B and C".
	literalNodes: lazyCompile(`(?i)\b(?:nodes?|vertex|vertices)\s+([\w.-]+(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)[\w.-]+)*)`),
	// refA: "the two highest-PageRank nodes", "the lowest degree node".
	refA: lazyCompile(`(?i)\bthe\s+(?:(\d+|two|three|four|five)\s+)?(highest|largest|greatest|biggest|lowest|smallest|top|bottom)[-\s]+(?:ranked\s+|ranking\s+|scoring\s+)?(page\s?-?rank|in-?\s?degree|out-?\s?degree|degree|betweenness(?:[-\s]centrality)?|closeness(?:[-\s]centrality)?|eccentricity)[-\s]+(?:scor(?:e|ing)\s+|centrality\s+)?(nodes?|vertex|vertices)\b`),
	// refB: "the node with the highest PageRank", "the 3 nodes with the
	// largest betweenness".
	refB: lazyCompile(`(?i)\bthe\s+(?:(\d+|two|three|four|five)\s+)?(nodes?|vertex|vertices)\s+(?:with|of|having|that\s+ha(?:s|ve))\s+(?:the\s+)?(highest|largest|greatest|biggest|lowest|smallest|maximum|minimum|max|min|top)\s+(page\s?-?rank|in-?\s?degree|out-?\s?degree|degree|betweenness(?:[-\s]centrality)?|closeness(?:[-\s]centrality)?|eccentricity)(?:\s+(?:score|value|centrality)s?)?`),
	// refC: "the top 3 nodes by PageRank", "the top-2 nodes by degree".
	refC: lazyCompile(`(?i)\bthe\s+(top|bottom)[-\s]?(\d+|two|three|four|five)?\s*(nodes?|vertex|vertices)\s+by\s+(page\s?-?rank|in-?\s?degree|out-?\s?degree|degree|betweenness(?:[-\s]centrality)?|closeness(?:[-\s]centrality)?|eccentricity)`),
	// refD: "the most connected node", "the node with the most
	// neighbours", "the node with the fewest edges".
	refD: lazyCompile(`(?i)\bthe\s+(?:(most|best|least)[-\s]+connected\s+(node|vertex)|(node|vertex)\s+with\s+the\s+(most|fewest|least)\s+(?:neighbou?rs|connections|edges|links))\b`),
	// question marks a segment that asks something.
	question: lazyCompile(`(?i)\b(?:what|which|who|whom|how|is|are|does|do|give|compute|find|count|list|report|tell|show|calculate|get|return|name)\b`),
}

// LooksLikeChain reports cheaply whether a task may need several tools:
// it has chaining words and, read by the grammar, several steps or a step
// that adds steps of its own (a removal, a subgraph, nodes named by a
// measure). Only such tasks are planned as chains, by any backend.
func LooksLikeChain(task string) bool {
	if !chainREs.quick.MatchString(task) {
		return false
	}
	segs := splitSteps(task)
	return len(segs) > 1 || len(segs) == 1 && hasStructure(segs[0])
}

// nodeRef is a reference to nodes by a measure found in a step's text.
type nodeRef struct {
	start, end int
	metric     string // a tool or OpDegrees
	direction  string // for degrees: in, out
	k          int
	lowest     bool
}

var chainCountWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5}

func parseCount(s string, plural bool) (int, error) {
	switch {
	case s == "" && !plural:
		return 1, nil
	case s == "":
		return 0, fmt.Errorf("how many nodes is not said: %w", ErrNotChain)
	}
	if n, ok := chainCountWords[strings.ToLower(s)]; ok {
		return n, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 100 {
		return 0, fmt.Errorf("node count %q: %w", s, ErrNotChain)
	}
	return n, nil
}

// metricOf maps a measure's words to the step computing every node's
// score.
func metricOf(word string) (tool, direction string) {
	w := strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(word))
	switch {
	case strings.HasPrefix(w, "pagerank"):
		return "pagerank", ""
	case strings.HasPrefix(w, "indegree"):
		return OpDegrees, "in"
	case strings.HasPrefix(w, "outdegree"):
		return OpDegrees, "out"
	case strings.HasPrefix(w, "degree"):
		return OpDegrees, ""
	case strings.HasPrefix(w, "betweenness"):
		return "betweenness_centrality", ""
	case strings.HasPrefix(w, "closeness"):
		return "closeness_centrality", ""
	case strings.HasPrefix(w, "eccentricity"):
		return "eccentricity", ""
	}
	return "", ""
}

func isLow(word string) bool {
	switch strings.ToLower(word) {
	case "lowest", "smallest", "minimum", "min", "bottom", "fewest", "least":
		return true
	}
	return false
}

// findRefs returns the references to nodes by a measure in text, in
// order.
func findRefs(text string) ([]nodeRef, error) {
	var refs []nodeRef
	taken := func(s, e int) bool {
		for _, r := range refs {
			if s < r.end && e > r.start {
				return true
			}
		}
		return false
	}
	for _, m := range chainREs.refA.FindAllStringSubmatchIndex(text, -1) {
		g := func(i int) string { return submatch(text, m, i) }
		k, err := parseCount(g(1), strings.HasSuffix(strings.ToLower(g(4)), "s") || strings.EqualFold(g(4), "vertices"))
		if err != nil {
			return nil, err
		}
		tool, dir := metricOf(g(3))
		refs = append(refs, nodeRef{start: m[0], end: m[1], metric: tool, direction: dir, k: k, lowest: isLow(g(2))})
	}
	for _, m := range chainREs.refB.FindAllStringSubmatchIndex(text, -1) {
		if taken(m[0], m[1]) {
			continue
		}
		g := func(i int) string { return submatch(text, m, i) }
		k, err := parseCount(g(1), strings.HasSuffix(strings.ToLower(g(2)), "s") || strings.EqualFold(g(2), "vertices"))
		if err != nil {
			return nil, err
		}
		tool, dir := metricOf(g(4))
		refs = append(refs, nodeRef{start: m[0], end: m[1], metric: tool, direction: dir, k: k, lowest: isLow(g(3))})
	}
	for _, m := range chainREs.refC.FindAllStringSubmatchIndex(text, -1) {
		if taken(m[0], m[1]) {
			continue
		}
		g := func(i int) string { return submatch(text, m, i) }
		k, err := parseCount(g(2), strings.HasSuffix(strings.ToLower(g(3)), "s") || strings.EqualFold(g(3), "vertices"))
		if err != nil {
			return nil, err
		}
		tool, dir := metricOf(g(4))
		refs = append(refs, nodeRef{start: m[0], end: m[1], metric: tool, direction: dir, k: k, lowest: isLow(g(1))})
	}
	for _, m := range chainREs.refD.FindAllStringSubmatchIndex(text, -1) {
		if taken(m[0], m[1]) {
			continue
		}
		word := submatch(text, m, 1) + submatch(text, m, 4)
		refs = append(refs, nodeRef{start: m[0], end: m[1], metric: OpDegrees, k: 1, lowest: isLow(word)})
	}
	// In text order.
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && refs[j].start < refs[j-1].start; j-- {
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
	return refs, nil
}

func submatch(s string, m []int, i int) string {
	if 2*i+1 >= len(m) || m[2*i] < 0 {
		return ""
	}
	return s[m[2*i]:m[2*i+1]]
}

// chainBuilder accumulates the steps of a chain.
type chainBuilder struct {
	steps []ChainStep
	// metrics maps a measure (tool and direction) to the step computing it
	// on the current graph; a graph operation clears it.
	metrics map[string]int
}

func (b *chainBuilder) add(s ChainStep) int {
	b.steps = append(b.steps, s)
	if ChainStepOutput(s) == TypeGraph {
		b.metrics = nil
	}
	return len(b.steps)
}

// selectStep adds the steps that find ref's nodes and returns the
// top_nodes step.
func (b *chainBuilder) selectStep(ref nodeRef, text string) int {
	key := ref.metric + "/" + ref.direction
	src, ok := b.metrics[key]
	if !ok {
		s := ChainStep{Tool: ref.metric, Text: text}
		if ref.direction != "" {
			s.Args = map[string]json.RawMessage{chainOpArgDirection: json.RawMessage(strconv.Quote(ref.direction))}
		}
		src = b.add(s)
		if b.metrics == nil {
			b.metrics = map[string]int{}
		}
		b.metrics[key] = src
	}
	order := "highest"
	if ref.lowest {
		order = "lowest"
	}
	return b.add(ChainStep{Tool: OpTopNodes, Text: text,
		Args: map[string]json.RawMessage{
			chainOpArgK:     json.RawMessage(strconv.Itoa(ref.k)),
			chainOpArgOrder: json.RawMessage(strconv.Quote(order)),
		},
		Inputs: map[string]ChainInput{chainOpArgScores: {Step: src}}})
}

// placeholderBase numbers the stand-ins for nodes found by earlier steps
// in a step's text; no graph the builtin reads has node IDs this large.
const placeholderBase = 987650000

// PlanChain reads a chain from the question with a small grammar: steps
// in sequence ("X, then Y", "after removing X, Y", "Y after removing X"),
// removals ("remove self-loops and isolated nodes", "remove node 5",
// "remove the highest-degree node"), a subgraph named in passing ("the
// diameter of the largest connected component", "without self-loops"),
// and nodes named by a measure ("the two highest-PageRank nodes", "the
// node with the lowest closeness", "the most connected node"), which
// become a measure step and a top_nodes step feeding the node arguments.
// Each remaining step's text is resolved by req.Resolve. A question that
// yields fewer than two steps is ErrNotChain.
func (p *BuiltinPlanner) PlanChain(ctx context.Context, req ChainRequest) (Chain, error) {
	if !LooksLikeChain(req.Question) {
		return Chain{}, ErrNotChain
	}
	if req.Resolve == nil {
		return Chain{}, fmt.Errorf("no step resolver: %w", ErrNotChain)
	}
	segs := splitSteps(req.Question)
	b := &chainBuilder{}
	for _, seg := range segs {
		if err := b.segment(ctx, seg, req.Resolve); err != nil {
			return Chain{}, err
		}
	}
	if len(b.steps) < 2 {
		return Chain{}, ErrNotChain
	}
	return Chain{Steps: b.steps}, nil
}

// splitSteps splits a question into the texts of its steps, in the order
// they run.
func splitSteps(q string) []string {
	var out []string
	for _, part := range chainREs.sequence.Compiled().Split(q, -1) {
		// "after removing X, Y" and "Y after removing X".
		if loc := chainREs.after.Compiled().FindStringIndex(part); loc != nil {
			before := strings.TrimSpace(part[:loc[0]])
			rest := part[loc[1]:]
			if strings.Trim(before, " ,;.?!") == "" || !chainREs.question.MatchString(before) {
				// "After removing X, Y", or "In the graph G, after
				// removing X, Y": the lead asks nothing.
				// X ends at the first comma.
				x, y, found := strings.Cut(rest, ",")
				out = append(out, "remove "+x)
				if found {
					out = append(out, y)
				}
				continue
			}
			out = append(out, "remove "+rest, before)
			continue
		}
		out = append(out, part)
	}
	var clean []string
	for _, s := range out {
		s = chainREs.first.Compiled().ReplaceAllString(s, "")
		if s = strings.TrimSpace(strings.Trim(s, " ,;")); s != "" && strings.Trim(s, " .?!") != "" {
			clean = append(clean, s)
		}
	}
	return clean
}

// hasStructure reports whether one step's text adds steps of its own: a
// removal, a subgraph, or nodes named by a measure.
func hasStructure(text string) bool {
	if chainREs.keepLargest.MatchString(text) || chainREs.removal.MatchString(text) ||
		chainREs.inLargest.MatchString(text) || chainREs.without.MatchString(text) {
		return true
	}
	refs, err := findRefs(text)
	return err != nil || len(refs) > 0
}

// segment adds the steps of one step's text.
func (b *chainBuilder) segment(ctx context.Context, text string, resolve StepResolver) error {
	if chainREs.keepLargest.MatchString(text) {
		b.add(ChainStep{Tool: OpLargestComponent, Text: text})
		return nil
	}
	if m := chainREs.removal.FindStringSubmatch(text); m != nil {
		return b.removals(text, m[1])
	}
	// Subgraphs named in passing run first.
	rest := text
	if loc := chainREs.inLargest.Compiled().FindStringIndex(rest); loc != nil {
		b.add(ChainStep{Tool: OpLargestComponent, Text: rest[loc[0]:loc[1]]})
		rest = rest[:loc[0]] + "of the graph" + rest[loc[1]:]
	}
	for _, m := range chainREs.without.FindAllStringSubmatchIndex(rest, -1) {
		what := strings.ToLower(rest[m[2]:m[3]])
		op := OpRemoveSelfLoops
		if strings.HasPrefix(what, "isolated") {
			op = OpRemoveIsolated
		}
		b.add(ChainStep{Tool: op, Text: rest[m[0]:m[1]]})
	}
	rest = chainREs.without.Compiled().ReplaceAllString(rest, "")
	return b.query(ctx, rest, resolve)
}

// removals adds the steps of "remove X, Y and Z".
func (b *chainBuilder) removals(text, what string) error {
	found := false
	if chainREs.selfLoops.MatchString(what) {
		b.add(ChainStep{Tool: OpRemoveSelfLoops, Text: text})
		what = chainREs.selfLoops.Compiled().ReplaceAllString(what, "")
		found = true
	}
	if chainREs.isolated.MatchString(what) {
		b.add(ChainStep{Tool: OpRemoveIsolated, Text: text})
		what = chainREs.isolated.Compiled().ReplaceAllString(what, "")
		found = true
	}
	refs, err := findRefs(what)
	if err != nil {
		return err
	}
	for i := len(refs) - 1; i >= 0; i-- {
		what = what[:refs[i].start] + what[refs[i].end:]
	}
	for _, ref := range refs {
		top := b.selectStep(ref, text)
		b.add(ChainStep{Tool: OpRemoveNodes, Text: text, Inputs: map[string]ChainInput{chainOpArgNodes: {Step: top}}})
		found = true
	}
	if m := chainREs.literalNodes.FindStringSubmatch(what); m != nil {
		var ids []string
		for _, f := range regexp.MustCompile(`\s*(?:,\s*(?:and\s+)?|\s+and\s+)\s*`).Split(m[1], -1) {
			if f = strings.Trim(f, " ."); f != "" {
				ids = append(ids, f)
			}
		}
		raw, _ := json.Marshal(ids)
		b.add(ChainStep{Tool: OpRemoveNodes, Text: text, Args: map[string]json.RawMessage{chainOpArgNodes: raw}})
		found = true
		what = strings.Replace(what, m[0], "", 1)
	}
	if !found || strings.Trim(strings.ToLower(what), " ,.;and") != "" && hasWordRune(what) {
		return fmt.Errorf("could not read what to remove in %q: %w", text, ErrNotChain)
	}
	return nil
}

func hasWordRune(s string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		switch w {
		case "and", "the", "all", "its", "any", "from", "graph", "of", "also", "both", "first", "in",
			"directed", "undirected", "network", "it", "this":
		default:
			return true
		}
	}
	return false
}

// query adds the steps of a question about the current graph: the
// selections of the nodes it names by a measure, then the tool that
// answers it.
func (b *chainBuilder) query(ctx context.Context, text string, resolve StepResolver) error {
	refs, err := findRefs(text)
	if err != nil {
		return err
	}
	// Each reference becomes placeholders standing for its nodes.
	type slot struct {
		step, index int
	}
	holders := map[string]slot{}
	rewritten := text
	next := placeholderBase
	repls := make([]string, len(refs))
	for i, ref := range refs {
		top := b.selectStep(ref, text[ref.start:ref.end])
		ids := make([]string, ref.k)
		for j := range ids {
			next++
			ids[j] = strconv.Itoa(next)
			holders[ids[j]] = slot{top, j}
		}
		repls[i] = "node " + ids[0]
		if ref.k > 1 {
			repls[i] = "nodes " + strings.Join(ids[:ref.k-1], ", ") + " and " + ids[ref.k-1]
		}
	}
	for i := len(refs) - 1; i >= 0; i-- {
		rewritten = rewritten[:refs[i].start] + repls[i] + rewritten[refs[i].end:]
	}
	if !chainREs.question.MatchString(rewritten) {
		// A step must ask something ("give the diameter", "how many
		// ..."): a clause of another sentence is not one.
		return fmt.Errorf("step %q asks nothing: %w", text, ErrNotChain)
	}
	tool, args, err := resolve(ctx, rewritten)
	if err != nil {
		return err
	}
	step := ChainStep{Tool: tool, Text: text}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(args, &obj); err != nil {
		return fmt.Errorf("step %q: arguments %s: %w", text, args, ErrNotChain)
	}
	used := 0
	for k, v := range obj {
		var id string
		if json.Unmarshal(v, &id) != nil {
			id = strings.TrimSpace(string(v))
		}
		if h, ok := holders[id]; ok {
			if step.Inputs == nil {
				step.Inputs = map[string]ChainInput{}
			}
			idx := h.index
			step.Inputs[k] = ChainInput{Step: h.step, Index: &idx}
			used++
			continue
		}
		if step.Args == nil {
			step.Args = map[string]json.RawMessage{}
		}
		step.Args[k] = v
	}
	if used < len(holders) {
		// "How many nodes are there, the highest-degree node aside" and
		// the like: a selection no argument takes is not understood.
		return fmt.Errorf("step %q: %d of the %d nodes named by a measure feed no argument of %s: %w", text, len(holders)-used, len(holders), tool, ErrNotChain)
	}
	b.add(step)
	return nil
}
