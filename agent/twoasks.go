package agent

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
)

// secondAsk is a second question joined to the first in one sentence by
// "and" after a comma or semicolon, with a verb of its own ("what's the
// degree of node 2, and is it also the center?", "list the cut vertices;
// and how many bridges are there?"); an elliptical "..., and how far?"
// asks more about the first question, not a second one.
var secondAsk = regexp.MustCompile(`[,;]\s*and\s+(also\s+)?((is|are|was|were|does|do|did|has|have|can|could|will|would|should)\b|(what|which|how|who|whom|whose|where|when|why)\b(\s+\w+){0,3}?\s+(is|are|was|were|does|do|did|has|have|can|could|will|would|should)\b|what's\b|whats\b)`)

// twoQuestions declines (ErrNoAnswer) a task whose asking sentence asks
// two things joined by "and" that the intent lexicon reads as different
// tasks ("what's the degree of node 2, and is it also the center?": degree,
// then center): one tool answers one of them, and its answer would pass
// for an answer to both. A second part that names no task of its own, or
// one of the first part's ("what is the cheapest way from 3 to 4, and
// what does it cost?": the path's answer states its cost), is answered.
// task is the question without the graph's spans; statements ("A is
// linked to B, and is linked to C.") are not read.
func twoQuestions(task string) error {
	if !strings.Contains(task, "and") {
		return nil
	}
	asking := strings.ToLower(askingText(task))
	loc := secondAsk.FindStringIndex(asking)
	if loc == nil {
		return nil
	}
	first := reasoning.CueTools(asking[:loc[0]])
	second := reasoning.CueTools(asking[loc[0]:])
	if len(first) == 0 || len(second) == 0 || slices.ContainsFunc(second, func(t string) bool { return slices.Contains(first, t) }) {
		return nil
	}
	m := strings.TrimLeft(asking[loc[0]:loc[1]], ",; ")
	return fmt.Errorf("the question asks two things (%s, then %q and %s); ask them one at a time: %w",
		strings.Join(first, "/"), m, strings.Join(second, "/"), ErrNoAnswer)
}

// negation is a word that turns a question around ("who does Ann NOT
// know", "which cities can't I reach").
var negation = regexp.MustCompile(`\b(not|never|no|none|nobody|nothing|neither|nor|without)\b|n't\b`)

// negatedUncued declines (ErrNoAnswer) a negated question answered by a
// tool that none of the question's intent cues names: the tools whose
// task is a negation ("non-neighbours") are named by cues, so a tool found
// only by the question's other words would answer the question with its
// negation dropped. task is the question without the graph's spans.
func negatedUncued(task string, cues reasoning.Cues, tool string) error {
	if slices.Contains(cues.Tools, tool) || cues.Adjustment(tool) > 0 {
		return nil
	}
	if m := negation.FindString(strings.ToLower(askingText(task))); m != "" {
		return fmt.Errorf("the question is negated (%q) and none of its words names the task of %s, the nearest tool; it would answer the question without the negation: %w", m, tool, ErrNoAnswer)
	}
	return nil
}

// negatedLLMChoice declines (ErrNoAnswer) an LLM's tool for a negated
// question that asks for things ("which guests has Ann never talked
// to?", "how many nodes can't 0 reach?") when no cue names the tool and
// the tool's task is not itself a negation (non_neighbors' is): its answer
// would answer the question with the negation dropped, as the builtin's
// nearest tool would (negatedUncued). A negated yes/no question ("is the
// graph not connected?") is left to the model: the tool's sentence states
// the fact, which answers it either way.
func negatedLLMChoice(task string, cues reasoning.Cues, spec tools.Spec) error {
	if askedKind(task) == askYesNo {
		return nil
	}
	what, _, _ := strings.Cut(spec.Description, ";")
	if negation.MatchString(strings.ToLower(what)) {
		return nil
	}
	if slices.Contains(cues.Tools, spec.Name) || cues.Adjustment(spec.Name) > 0 {
		return nil
	}
	if m := negation.FindString(strings.ToLower(askingText(task))); m != "" {
		return fmt.Errorf("the question is negated (%q), and the LLM's tool, %s, answers no negation and none of the question's words names its task; it would answer the question without the negation: %w", m, spec.Name, ErrNoAnswer)
	}
	return nil
}

// auxiliaries open a yes/no question ("Is B important?").
var auxiliaries = map[string]bool{"is": true, "are": true, "was": true, "were": true, "does": true, "do": true, "did": true,
	"can": true, "could": true, "has": true, "have": true, "will": true, "would": true, "should": true}

// listVerbs open an order for several things ("give me all the nodes",
// "order the nodes by ...").
var listVerbs = map[string]bool{"list": true, "name": true, "give": true, "show": true, "enumerate": true, "order": true,
	"sort": true, "rank": true}

// Kinds of answer a question asks for (askedKind).
const (
	askYesNo = "a yes or no"
	askCount = "a count"
	askList  = "a list"
	askWh    = "a thing named"
	askQty   = "a quantity"
)

// howQuantity asks for a measure ("how long is the longest chain", "how
// far", "how much").
var howQuantity = regexp.MustCompile(`\bhow (long|far|much|big|large|heavy|wide|deep|high|tall|often)\b`)

// askedKind returns the kind of answer the last asking sentence of task
// asks for: a count ("how many"), a quantity ("how long"), a list ("list ...", "give me all ..."),
// yes or no ("is ...", "can ..."), something named by a question word
// ("what", "which", "who"), or "" when it cannot tell. A polite "can you
// list ..." is read from "list".
func askedKind(task string) string {
	asking := strings.ToLower(askingText(task))
	if strings.Trim(asking, ". ") == "" {
		// An order whose verb isInstruction does not list ("Order the
		// nodes by degree."): the last sentence asks.
		asking = strings.ToLower(sentencesWhere(task, func(string, byte) bool { return true }))
	}
	sents := strings.Split(strings.TrimSpace(asking), ". ")
	last := ""
	for _, s := range sents {
		if strings.TrimSpace(strings.Trim(s, ". ")) != "" {
			last = s
		}
	}
	if strings.Contains(last, "how many") || strings.Contains(last, "how few") || strings.Contains(last, "number of") {
		return askCount
	}
	if m := howQuantity.FindString(last); m != "" {
		return askQty
	}
	f := strings.FieldsFunc(last, func(r rune) bool { return r == ' ' || r == ',' || r == ':' })
	if len(f) > 0 && (f[0] == "q" || f[0] == "please") {
		f = f[1:]
	}
	if len(f) > 2 && auxiliaries[f[0]] && f[1] == "you" {
		f = f[2:] // "can you list ..."
	}
	if len(f) > 1 && f[0] == "please" {
		f = f[1:]
	}
	if len(f) == 0 {
		return ""
	}
	switch w := strings.TrimSuffix(f[0], "'s"); {
	case w == "count":
		return askCount
	case listVerbs[w]:
		return askList
	case auxiliaries[w]:
		return askYesNo
	case w == "what" || w == "which" || w == "who" || w == "whom" || w == "whose" || w == "where" || w == "how" || w == "whats":
		return askWh
	}
	return ""
}

// anyAsked asks whether any of something exists ("are there any
// bridges?", "is there a triangle?"), which a count answers.
var anyAsked = regexp.MustCompile(`\b(are there|is there|any)\b`)

// answerKindMismatch declines (ErrNoAnswer) a tool that none of the
// question's intent cues names when its answer is of another kind than the
// one the question asks for: a yes/no question answered with a score ("Is
// B important?" by pagerank), a "what"/"which" or count question answered
// with yes or no ("What's connected to C?" by is_connected), a list asked
// for and a single number given ("Give me all the nodes" by edge_count).
// The nearest tool by the question's words answers another question.
func answerKindMismatch(task string, cues reasoning.Cues, spec tools.Spec) error {
	returns := strings.ToLower(spec.Returns)
	boolean := strings.HasPrefix(returns, "boolean")
	if (slices.Contains(cues.Tools, spec.Name) || cues.Adjustment(spec.Name) > 0) && !(boolean && askedKind(task) == askCount) {
		// A cued tool answers, unless a count is asked of a yes-or-no
		// tool ("How many loops are there?" is no cycle check).
		return nil
	}
	yesNo := boolean || strings.Contains(returns, "(bool")
	scalar := strings.HasPrefix(returns, "integer") || strings.HasPrefix(returns, "an integer") || strings.HasPrefix(returns, "a number") || strings.HasPrefix(returns, "number")
	kind := askedKind(task)
	mismatch := false
	switch kind {
	case askYesNo:
		// "Are there any triangles?" is answered by their count.
		mismatch = !yesNo && !(anyAsked.MatchString(strings.ToLower(askingText(task))) && (strings.Contains(returns, "integer") || strings.Contains(returns, "count")))
	case askWh, askCount:
		mismatch = boolean
	case askQty:
		mismatch = boolean || strings.HasPrefix(returns, "array")
	case askList:
		mismatch = boolean || scalar
	}
	if !mismatch {
		return nil
	}
	return fmt.Errorf("the question asks for %s, and the nearest tool, %s, which none of its words names, answers with %s: %w", kind, spec.Name, strings.TrimSuffix(textutil.TruncateWords(spec.Returns, 60), "."), ErrNoAnswer)
}

// hypothetical asks about the graph after a change that the question only
// supposes ("if node 3 fails, is it still connected?", "what if the road
// A-B were closed?").
var hypothetical = regexp.MustCompile(`\b(if|suppose|supposing|assuming|imagine|what if|once|after)\b[^.?]{0,40}\b(fails?|failed|goes down|went down|go down|crash(es|ed)?|dies|died|breaks( down)?|broke( down)?|disappears?|leaves|left the|quits?|(is|are|was|were|gets?|got|had been|has been) (removed|deleted|added|cut|closed|blocked|taken out|knocked out|dropped|destroyed|shut down|disconnected)|(i|we|you|they|someone) (add|remove|delete|build|close|cut|block)s?)\b`)

// changeWords are substrings one of which every supposed or ordered change
// holds; most questions hold none, and the patterns do not run.
var changeWords = []string{"fail", "down", "crash", "die", "break", "broke", "disappear", "leave", "left", "quit", "remov",
	"delet", "add", "cut", "clos", "block", "taken out", "knocked", "dropp", "drop", "destroy", "shut", "disconnect", "insert",
	"contract", "without"}

// changeTools answer about the nodes or edges whose loss splits a graph,
// which a supposed failure asks about.
var changeTools = map[string]bool{"articulation_points": true, "bridges": true}

// supposedChange declines (ErrNoAnswer) a question about the graph after a
// change it only supposes ("If node 3 fails, is the network still
// connected?"): the tool would answer about the graph as given. Questions
// that name the change as steps ("after removing node 3, ...") are chains
// and answered before this; the tools that find the nodes or edges whose
// loss splits a graph answer "which node, if it fails, splits it".
func supposedChange(task, tool string) error {
	lower := strings.ToLower(task)
	if changeTools[tool] || !containsAnyWord(lower, changeWords) {
		return nil
	}
	if m := hypothetical.FindString(strings.ToLower(askingText(task))); m != "" {
		return fmt.Errorf("the question supposes a change to the graph (%q), and %s would answer about the graph as given: %w", m, tool, ErrNoAnswer)
	}
	return nil
}

// relationTools answer by one side of a node's edges, so the direction an
// everyday relation reads in decides their answer.
var relationTools = map[string]bool{"degree": true, "neighbors": true, "predecessors": true, "successors": true, "sources_sinks": true}

// precedenceAsked asks by the order of tasks ("what must finish before
// deploy?", "which tasks have no prerequisites?"); precedenceStated are
// the words that show the text states its edges in that order, which
// "deploy depends on test" states the other way round.
var (
	precedenceAsked  = regexp.MustCompile(`\b(before|after|prerequisites?)\b`)
	precedenceStated = []string{"before", "after", "prerequisite", "precede", "until"}
)

// unstatedRelation declines (ErrNoAnswer) a question that counts or lists
// one node's edges by an everyday relation ("how many people report to
// Eli", "what does test depend on directly") when the graph's text never
// states its edges with that relation: the direction the planner reads from
// the verb (subject to object) need not be the direction of the written
// edges ("design -> build" is the order of the tasks, so build depends on
// design). Undirected graphs have no direction to get wrong.
func (gw *guardWords) unstatedRelation(question, task, tool string, directed bool) error {
	if !directed || !relationTools[tool] {
		return nil
	}
	asking := strings.ToLower(askingText(task))
	if tool != "degree" && tool != "neighbors" {
		if m := precedenceAsked.FindString(asking); m != "" {
			stated := strings.ToLower(sentencesWhere(question, func(sent string, end byte) bool { return end != '?' && !isInstruction(sent) }))
			if !slices.ContainsFunc(precedenceStated, func(s string) bool { return strings.Contains(stated, s) }) {
				return fmt.Errorf("the question asks by the order of tasks (%q), but the graph's edges are not stated in that order, so which way they point for it is unknown: %w", m, ErrNoAnswer)
			}
		}
	}
	if !containsAnyWord(asking, gw.relationHints) {
		return nil
	}
	stated := ""
	for _, m := range gw.relation.FindAllString(asking, -1) {
		if stated == "" {
			stated = strings.ToLower(sentencesWhere(question, func(sent string, end byte) bool { return end != '?' && !isInstruction(sent) }))
		}
		if !slices.ContainsFunc(gw.relationStems(m), func(s string) bool { return strings.Contains(stated, s) }) {
			return fmt.Errorf("the question asks by the relation %q, but the graph's edges are not stated with it, so which way they point for it is unknown: %w", m, ErrNoAnswer)
		}
		if forms := gw.ordered[strings.Join(strings.Fields(m), " ")]; tool != "predecessors" && tool != "sources_sinks" && containsAnyWord(stated, forms) {
			// "What does Dragon's Lair require?" over "requires: [...]":
			// the edges go from what is required, so the neighbours on the
			// edges' side answer who requires it. ("deps: web -> api" states
			// its edges by arrows, subject to object.)
			return fmt.Errorf("the question asks by %q, whose edges are read from what comes first, and %s would answer the other side: %w", m, tool, ErrNoAnswer)
		}
	}
	return nil
}

// uncuedMembership declines (ErrNoAnswer) node_exists when no cue names it:
// "Is 4 a leaf?" is not asking whether node 4 is in the graph, and the
// questions that do ask it ("does the graph have a node 6", "is node 4
// part of the graph") are cued.
func uncuedMembership(cues reasoning.Cues, tool string) error {
	if tool != "node_exists" || slices.Contains(cues.Tools, tool) || cues.Adjustment(tool) > 0 {
		return nil
	}
	return fmt.Errorf("the nearest tool, node_exists, says only whether a node is in the graph, and no word of the question asks that: %w", ErrNoAnswer)
}

// imperativeChange orders a change to the graph before the question ("remove
// node 2 then count components", "after deleting the edge 1-3, ...",
// "add an edge 0-4 and ..."); the changes the tools make themselves are
// chains, read before the tools are chosen.
var imperativeChange = regexp.MustCompile(`\b(remove|delete|drop|add|insert|contract|cut|close|block)\s+(the\s+|a\s+|an\s+)?(node|vertex|edge|link|road|arc)s?\b|\b(after|once|when) (removing|deleting|dropping|adding|inserting|cutting|closing|blocking)\b|\bwithout (the )?(node|vertex|edge|link|road) \S+`)

// orderedChange declines (ErrNoAnswer) a question that orders a change to
// the graph that no chain step made: the tool would answer about the graph
// as given.
func orderedChange(task string) error {
	lower := strings.ToLower(task)
	if !containsAnyWord(lower, changeWords) {
		return nil
	}
	if m := imperativeChange.FindString(lower); m != "" {
		return fmt.Errorf("the question changes the graph first (%q), which no tool does here; the answer would be about the graph as given: %w", m, ErrNoAnswer)
	}
	return nil
}

// dagWords ask whether a graph is a DAG.
var dagWords = regexp.MustCompile(`\b(dag|directed acyclic( graph)?)\b`)

// undirectedDAG declines (ErrNoAnswer) "is the graph a DAG?" about an
// undirected graph: a DAG is directed, so "no cycle" would pass for "yes"
// (NetworkX's is_directed_acyclic_graph says no for every undirected graph).
func undirectedDAG(task string, directed bool) error {
	lower := strings.ToLower(task)
	if directed || (!strings.Contains(lower, "dag") && !strings.Contains(lower, "directed acyclic")) {
		return nil
	}
	if m := dagWords.FindString(lower); m != "" {
		return fmt.Errorf("the question asks whether the graph is a DAG (%q), but the graph is undirected (no direction was read), and a DAG is directed: %w", m, ErrNoAnswer)
	}
	return nil
}
