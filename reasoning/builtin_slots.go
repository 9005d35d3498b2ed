package reasoning

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Slot patterns of the builtin parameter step. idPat is a node ID as a
// question writes it, optionally quoted and after "node"/"vertex".
const (
	idPat   = `["'\x60]?([\p{L}\p{N}_](?:[\p{L}\p{N}_.:'-]*[\p{L}\p{N}_])?)["'\x60]?`
	nodePre = `(?:the\s+)?(?:(?:nodes?|vertex|vertices|vertice)\s+)?`
	// namePat is a name of one to four capitalised words ("Anna
	// Karenina", "Irene Joliot-Curie"); case-sensitive.
	namePat = `(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,3})`
)

// langSlots are the slot patterns in a lexicon's words.
type langSlots struct {
	// relPair is a relation asked of two named people, first to second:
	// "does Judy follow Bob", "did Erin co-author a paper with Grace";
	// nameRel the same of names of several capitalised words.
	relPair, nameRel *lazyRegexp
}

func newLangSlots(lx *lang.Lexicon) langSlots {
	rels := lx.OneWay()
	verbs := lang.Phrases(rels, personRelation, lang.Base, lang.S, lang.Ed, lang.En)
	for i, p := range verbs {
		if v, prep, ok := strings.Cut(p, " "); ok {
			verbs[i] = v + `(?:\s+directly)?\s+` + prep
		}
	}
	// relVerb is a relation asked of two people, first to second.
	relVerb := `(?:(?:directly|ever|really|also)\s+)?(?:` + strings.Join(verbs, "|") + `|co-?author(?:ed)?\s+(?:a\s+|any\s+)?(?:paper|book|article)s?\s+with|(?:write|written|wrote)\s+(?:a\s+|any\s+)?(?:paper|book|article)s?\s+with|work(?:ed)?\s+with)`
	return langSlots{
		relPair: lazyCompile(`(?i)\b(?:does|did|do|has|have|had|that)\s+` + idPat + `\s+` + relVerb + `\s+` + idPat),
		nameRel: lazyCompile(`\b(?i:does|did|do|has|have|had)\s+` + namePat + `\s+(?i:` + relVerb + `)\s+` + namePat),
	}
}

// slotREs are compiled once, on first use (lazyRegexp); regexp values are
// safe for concurrent use and never modified.
var slotREs = struct {
	kv, fromTo, between, nodesAnd, tuple, arrow, source, sink, from, single, of    *lazyRegexp
	k, core, coreLeast, rounds, roundsN, roundsAdv, alpha, weighted, hops, perNode *lazyRegexp
	possessive, degreeInit, areAnd, declaration, notSum, orAlt, idList             *lazyRegexp
	togetherPair, neighbourOf, isRel, edgeDash                                     *lazyRegexp
	// nameBetween, nameLinked, nameRel and nameTogether read pairs of names
	// of several capitalised words ("Anna Karenina") when there is no graph
	// to join them (see joinNames).
	nameBetween, nameLinked, nameTogether            *lazyRegexp
	seed, resolution, degreeK, neighboursK, isolated *lazyRegexp
}{
	isolated:    lazyCompile(`(?i)\b(?:isolated\s+(?:nodes|vertices)|(?:have|has|having|with)\s+(?:no|zero)\s+(?:neighbou?rs|connections|links|edges))\b`),
	seed:        lazyCompile(`(?i)\b(?:random\s+)?seed\s*(?:=|:|of|is)?\s*(-?\d+)\b`),
	resolution:  lazyCompile(`(?i)\bresolution\s*(?:=|:|of|is)?\s*(\d*\.?\d+)\b`),
	degreeK:     lazyCompile(`(?i)\b(?:in-?|out-?|total\s+)?degree\s*(?:=|:|of|is)?\s*(?:exactly\s+)?(\d+)\b`),
	neighboursK: lazyCompile(`(?i)\b(?:have|has|having|with)\s+(?:exactly\s+)?(\d+)\s+(?:neighbou?rs|connections|links)\b`),
	kv:          lazyCompile(`(?i)\b([a-z_][a-z0-9_]*)\s*=\s*` + idPat),
	fromTo:      lazyCompile(`(?i)\bfrom\s+` + nodePre + `(?:source\s+)?` + idPat + `\s*(?:,\s*)?(?:to|into|towards|till|until|->)\s+` + nodePre + `(?:target\s+|sink\s+)?` + idPat),
	between:     lazyCompile(`(?i)\bbetween\s+` + nodePre + idPat + `\s*(?:and|&|,)\s*` + nodePre + idPat),
	areAnd:      lazyCompile(`(?i)\b(?:are|is|were)\s+` + nodePre + idPat + `\s+and\s+` + nodePre + idPat),
	// isRel is a symmetric relation asked of two nodes with "is": "is
	// Alice friends with Carol", "is Bo a co-author of Cy", "is 3 linked
	// to 7".
	isRel: lazyCompile(`(?i)\b(?:is|was)\s+` + nodePre + idPat + `\s+(?:(?:directly|really|also|still)\s+)?(?:friends?\s+with|an?\s+(?:friend|colleague|co-?author|collaborator|partner|contact|acquaintance)\s+of|(?:connected|linked|adjacent|joined|married|related|acquainted)\s+(?:to|with))\s+` + nodePre + idPat),
	// edgeDash is one edge named with a dash: "is there an edge 1-3",
	// "the link A–C".
	edgeDash: lazyCompile(`(?i)\b(?:edge|link|arc)\s+["'\x60]?([\p{L}\p{N}_]+)\s*(?:-|–|—|--)\s*([\p{L}\p{N}_]+)["'\x60]?`),
	// neighbourOf reads "is D one of the neighbours of F" as the pair (D, F).
	neighbourOf:  lazyCompile(`(?i)\bis\s+` + nodePre + idPat + `\s+(?:one of\s+)?(?:the\s+|a\s+)?neighbou?rs?\s+of\s+` + nodePre + idPat),
	togetherPair: lazyCompile(`(?i)\b(?:have|has|did|do)\s+` + idPat + `\s+and\s+` + idPat + `\s+(?:[\p{L}-]+\s+){1,4}together\b`),
	nameBetween:  lazyCompile(`\b(?i:between)\s+` + namePat + `\s+(?i:and|&)\s+` + namePat),
	nameLinked:   lazyCompile(`\b(?i:is|are|was|were)\s+` + namePat + `\s+(?i:(?:directly\s+)?(?:connected|linked|adjacent|joined)\s+(?:to|with))\s+` + namePat),
	nameTogether: lazyCompile(`\b(?i:have|has|did|do)\s+` + namePat + `\s+(?i:and)\s+` + namePat + `\s+(?:[\p{L}-]+\s+){1,4}(?i:together)\b`),
	nodesAnd:     lazyCompile(`(?i)\b(?:nodes|vertices)\s+` + idPat + `\s*(?:,|and|&)\s*` + nodePre + idPat),
	tuple:        lazyCompile(`\(\s*` + idPat + `\s*,\s*` + idPat + `\s*\)`),
	arrow:        lazyCompile(idPat + `\s*(?:->|-->|→|=>)\s*` + idPat),
	source:       lazyCompile(`(?i)\b(?:source|start|origin|starting)(?:\s+(?:node|vertex|point))?\s*(?:is|=|:|at|of)?\s+` + nodePre + idPat),
	sink:         lazyCompile(`(?i)\b(?:sink|target|destination|terminal|end)(?:\s+(?:node|vertex|point))?\s*(?:is|=|:|at)?\s+` + nodePre + idPat),
	from:         lazyCompile(`(?i)\b(?:from|at)\s+` + nodePre + idPat),
	single:       lazyCompile(`(?i)\b(?:node|vertex)\s+` + idPat),
	of:           lazyCompile(`(?i)\b(?:of|for|to|does|is|has)\s+` + nodePre + idPat),
	k:            lazyCompile(`(?i)\bk\s*(?:=|:|is|of)?\s*(\d+)\b`),
	core:         lazyCompile(`(?i)\b(\d+)[- ]cores?\b`),
	// "everyone has played at least 3 others in the group": a k-core's k.
	coreLeast: lazyCompile(`(?i)\bat\s+least\s+(\d+)\s+(?:others?|other\s+\w+)\b`),
	rounds:    lazyCompile(`(?i)\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|a single|one single)[\s-]+(?:more\s+)?(?:(?:sum|aggregation|message[- ]passing|gnn|graph|convolution(?:al)?|propagation|simple|neighbou?r)[\s-]+){0,3}(?:rounds?|iterations?|layers?|steps?)\b`),
	roundsAdv: lazyCompile(`(?i)\b(once|twice|thrice)\b`),
	// declaration is a declared node set ("the nodes are numbered from 0
	// to 7", "among nodes 0, 1, ..., 7", "a graph on 11 vertices"): its
	// numbers are never parameters.
	declaration: lazyCompile(`(?i)\b(?:nodes?|vertices)\s+(?:are\s+)?(?:numbered|labell?ed|indexed|named|ranging)\s+(?:from\s+)?[\p{L}\p{N}_]+\s*(?:to|through|thru|-|–|\.\.|…)\s*[\p{L}\p{N}_]+|\b(?:among|amongst|on|over|with)\s+(?:the\s+)?(?:nodes|vertices)\s+(?:[\p{L}\p{N}_]+(?:\s*(?:,|…|\.\.\.))+\s*)+(?:(?:and|\.\.\.|…)\s*)?[\p{L}\p{N}_]+|\b(?:with|on|of|has|have|having|contains?)\s+\d+\s+(?:nodes|vertices)\b(?:\s*,?\s*(?:numbered|labell?ed|indexed)\s+(?:from\s+)?[\p{L}\p{N}_]+\s*(?:to|through|thru|-|–|\.\.|…)\s*[\p{L}\p{N}_]+)?|\b(?:nodes|vertices)\s+(?:labell?ed|numbered)\s+[\p{L}\p{N}_]+\s*,\s*[\p{L}\p{N}_]+\s*,\s*(?:\.\.\.|…)\s*,?\s*[\p{L}\p{N}_]+`),
	// notSum is an aggregation rule other than a plain sum over the
	// neighbours: a mean, a maximum, or the node's own vector included.
	notSum: lazyCompile(`(?i)\b(?:mean|average|avg|max(?:imum)?|min(?:imum)?|product)\s+(?:of\s+)?(?:its\s+|the\s+|all\s+)?(?:neighbou?rs?|neighbou?ring|adjacent)\b|\b(?:averag(?:e|es|ed|ing)|mean[- ]pool\w*|max[- ]pool\w*)\b[^.?]{0,30}\bneighbou?r|\b(?:including|plus|and)\s+(?:itself|its\s+own|the\s+node'?s?\s+own|its\s+current)\b|\bself[- ]loops?\s+(?:are\s+)?(?:added|included)\b`),
	// orAlt offers alternatives: "node 0 or 5", "3 or maybe 1", "either 2
	// or 1".
	orAlt: lazyCompile(`(?i)` + idPat + `\s*,?\s+or\s+(?:maybe\s+|perhaps\s+|possibly\s+|else\s+)?` + nodePre + idPat),
	// idList is a list of three or more IDs, or two after "to"/"from"
	// ("to 4, 0").
	idList:     lazyCompile(`(?i)\b(?:to|from|between|of|nodes|vertices|and|with)\s+` + nodePre + idPat + `((?:\s*,\s*(?:and\s+|or\s+)?` + nodePre + idPat + `)+)(?:\s*,?\s*(?:and|or|&)\s+` + nodePre + idPat + `)?`),
	possessive: lazyCompile(`(?i)\b([\p{L}\p{N}_](?:[\p{L}\p{N}_.:-]*[\p{L}\p{N}_])?)['’]s\b`),
	degreeInit: lazyCompile(`(?i)\b(?:degrees?|degree values)\s+as\s+(?:the\s+)?(?:initial|starting|input)?\s*(?:features?|embeddings?|values?|vectors?)\b|\b(?:start|starting|initiali[sz]ed?|begin(?:ning)?)\s+(?:from|with|at)\s+(?:the\s+)?(?:node\s+)?degrees?\b`),
	roundsN:    lazyCompile(`(?i)\b(?:rounds?|iterations?|layers?)\s*(?:=|:|of|is)?\s*(\d+)\b`),
	alpha:      lazyCompile(`(?i)\b(?:alpha|damping(?:\s+factor)?)\s*(?:=|:|of|is)?\s*(0?\.\d+|1(?:\.0+)?|0)\b`),
	weighted:   lazyCompile(`(?i)\b(?:weighted|weights?|costs?|distances?|total\s+weight|cheapest|lightest)\b`),
	hops:       lazyCompile(`(?i)\b(?:hops?|unweighted|edge\s+count|(?:number\s+of|how\s+many|fewest|least|min(?:imum)?)\s+(?:edges|steps|moves|jumps|links|stops|changes|transfers))\b`),
	perNode:    lazyCompile(`(?i)\b(?:each|every|per|all(?:\s+the)?)\s+(?:nodes?|vertex|vertices)\b`),
}

// slotStop are words the ID pattern matches that are not node IDs unless
// the graph has a node so named.
var slotStop = map[string]bool{
	"the": true, "a": true, "an": true, "and": true, "or": true, "to": true, "from": true, "node": true, "nodes": true,
	"vertex": true, "vertices": true, "of": true, "in": true, "is": true, "are": true, "graph": true, "between": true,
	"with": true, "source": true, "sink": true, "target": true, "edge": true, "edges": true, "path": true, "at": true,
	"on": true, "for": true, "it": true, "its": true, "this": true, "that": true, "there": true, "any": true, "some": true,
	"each": true, "every": true, "all": true, "one": true, "another": true, "other": true, "given": true, "two": true,
	"question": true, "what": true, "which": true, "how": true, "many": true, "be": true, "can": true, "does": true,
	"do": true, "exist": true, "exists": true, "connected": true, "reach": true, "reachable": true, "me": true, "i": true,
	"degree": true, "neighbors": true, "neighbours": true, "has": true, "have": true, "if": true, "whether": true,
	"not": true, "never": true,
}

// slots are the parameter mentions found in a question.
type slots struct {
	g       *graph.Graph
	kv      map[string]string
	kvOrder []string
	pairs   [][2]string // explicit pairs, best first
	firsts  []string    // "source 1", "from 1", "start at 1"
	seconds []string    // "sink 9", "target 9"
	singles []string    // "node 5", "neighbours of 5"
	ids     []string    // every ID-like token, in order
	ints    map[string]int64
	alpha   string
	// resolution and direction fill the community and degree distribution
	// tools' parameters ("resolution 0.5", "in-degree").
	resolution, direction string
	weighted              bool
	hops                  bool
	perNode               bool
	// degreeInit: the question starts aggregation from node degrees.
	degreeInit bool
	// listed are nodes named in alternatives and lists ("0 or 5", "to 4,
	// 0"), for the check that a question does not name more nodes than
	// the tool takes.
	listed []string
	// alias maps a multi-word node ID as the patterns see it
	// ("Salt_Lake_City") to the ID ("Salt Lake City").
	alias map[string]string
}

// pairTool reports whether spec takes a source and a target node.
func pairTool(spec tools.Spec) bool {
	var a, b bool
	for _, p := range spec.Params {
		if p.Node {
			switch paramRole(p.Name) {
			case 1:
				a = true
			case 2:
				b = true
			}
		}
	}
	return a && b
}

// findSlots reads the mentions of q in l's words; g (may be nil) tells node IDs apart
// from words. With fitOnly it stops after the node mentions that
// slots.fit needs.
// joinedSentence is a sentence end written without its space: "start
// node 0.You can choose", "the starting node.Please determine".
var joinedSentence = lazyCompile(`[\p{Ll}\p{N}]\.\p{Lu}\p{Ll}`)

// splitJoinedSentences writes a space for the dot of each joined sentence
// end in q (same length, so offsets hold), unless the word around it is a
// node of g ("app.Models").
func splitJoinedSentences(q string, g *graph.Graph) string {
	locs := joinedSentence.For(q).FindAllStringIndex(q, -1)
	if len(locs) == 0 {
		return q
	}
	b := []byte(q)
	isIDByte := func(c byte) bool {
		return c == '_' || c == '.' || c == '-' || c == ':' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	for _, loc := range locs {
		dot := loc[0] + 1
		if g != nil {
			s, e := dot, dot
			for s > 0 && isIDByte(q[s-1]) {
				s--
			}
			for e < len(q) && isIDByte(q[e]) {
				e++
			}
			if _, ok := g.Index(strings.Trim(q[s:e], ".:-")); ok {
				continue
			}
		}
		b[dot] = ' '
	}
	return string(b)
}

func findSlots(l *Language, q string, g *graph.Graph, fitOnly bool) *slots {
	s := &slots{g: g, kv: map[string]string{}, ints: map[string]int64{}}
	r := &slotREs
	// Cheap substring guards skip the patterns that cannot match.
	lq := strings.ToLower(q)
	has := func(subs ...string) bool { return containsAny(lq, subs) }
	if has("number", "label", "among", "index", "named", "rang", "nodes", "vertices") {
		// Declared node sets are blanked (same length, so offsets hold).
		q = r.declaration.ReplaceAllStringFunc(q, func(m string) string { return strings.Repeat(" ", len(m)) })
		lq = strings.ToLower(q)
	}
	if strings.Contains(q, ".") {
		q = splitJoinedSentences(q, g)
		lq = strings.ToLower(q)
	}
	if g != nil {
		q = s.joinNames(q)
		lq = strings.ToLower(q)
	}
	var poss []string
	if has("'s", "’s") {
		// "Bob's friends", "node 3's neighbours": the owner is a node
		// mention; the suffix is dropped so the other patterns see "3".
		for _, m := range r.possessive.FindAllStringSubmatchIndex(q, -1) {
			if w := q[m[2]:m[3]]; s.isID(w, true) {
				poss = append(poss, w)
			}
		}
		q = r.possessive.ReplaceAllString(q, "$1")
		lq = strings.ToLower(q)
	}
	if has("=") {
		for _, m := range r.kv.FindAllStringSubmatch(q, -1) {
			k := strings.ToLower(m[1])
			if _, dup := s.kv[k]; !dup {
				s.kvOrder = append(s.kvOrder, k)
			}
			s.kv[k] = m[2]
		}
	}
	for _, p := range []struct {
		re    *lazyRegexp
		words []string
	}{
		{r.fromTo, []string{"from"}}, {r.between, []string{"between"}}, {r.tuple, []string{"("}},
		{r.nodesAnd, []string{"nodes", "vertices"}}, {r.arrow, []string{"->", "→", "=>"}}, {r.areAnd, []string{"are ", "is ", "were "}},
		{l.slots.relPair, []string{"does ", "did ", "do ", "has ", "have ", "had ", "that "}}, {r.togetherPair, []string{"together"}}, {r.neighbourOf, []string{"neighbo"}}, {r.isRel, []string{"is ", "was "}}, {r.edgeDash, []string{"edge", "link", "arc"}},
	} {
		if !has(p.words...) {
			continue
		}
		for _, m := range p.re.FindAllStringSubmatch(q, -1) {
			if s.isID(m[1], true) && s.isID(m[2], true) {
				s.pairs = append(s.pairs, [2]string{m[1], m[2]})
			}
		}
	}
	if g == nil {
		for _, re := range []*lazyRegexp{r.nameBetween, r.nameLinked, l.slots.nameRel, r.nameTogether} {
			for _, m := range re.FindAllStringSubmatch(q, -1) {
				if m[1] != m[2] && s.isID(m[1], true) && s.isID(m[2], true) {
					s.pairs = append(s.pairs, [2]string{m[1], m[2]})
				}
			}
		}
	}
	if has("source", "start", "origin") {
		s.firsts = s.collect(r.source, q, true)
	}
	if has("from", "at ") {
		s.firsts = append(s.firsts, s.collect(r.from, q, true)...)
	}
	if has("sink", "target", "destination", "terminal", "end") {
		s.seconds = s.collect(r.sink, q, true)
	}
	if has("node", "vertex") {
		s.singles = s.collect(r.single, q, true)
	}
	s.singles = append(s.singles, poss...)
	if fitOnly && g == nil {
		// Choosing a tool without the graph: a capitalised name after
		// "of", "to", "does" ("the degree of Linda") is a mention too.
		s.singles = append(s.singles, s.collectLoose(r.of, q)...)
	} else {
		s.singles = append(s.singles, s.collect(r.of, q, false)...)
	}
	if fitOnly {
		s.unalias()
		return s
	}
	s.ids = s.bareIDs(q)
	if has("k", "core", "at least") {
		if m := r.k.FindStringSubmatch(q); m != nil {
			s.setInt("k", m[1])
		} else if m := r.core.FindStringSubmatch(q); m != nil {
			s.setInt("k", m[1])
		} else if m := r.coreLeast.FindStringSubmatch(q); m != nil {
			s.setInt("k", m[1])
		}
	}
	if has("round", "iteration", "layer", "step") {
		if m := r.rounds.FindStringSubmatch(q); m != nil {
			s.setInt("rounds", m[1])
		} else if m := r.roundsN.FindStringSubmatch(q); m != nil {
			s.setInt("rounds", m[1])
		}
	}
	if _, ok := s.ints["rounds"]; !ok && has("once", "twice", "thrice") {
		if m := r.roundsAdv.FindStringSubmatch(q); m != nil {
			s.setInt("rounds", m[1])
		}
	}
	s.degreeInit = has("degree") && r.degreeInit.MatchString(q)
	if has("alpha", "damping") {
		if m := r.alpha.FindStringSubmatch(q); m != nil {
			s.alpha = m[1]
		}
	}
	if has("seed") {
		if m := r.seed.FindStringSubmatch(q); m != nil {
			s.setInt("seed", m[1])
		}
	}
	if has("resolution") {
		if m := r.resolution.FindStringSubmatch(q); m != nil {
			s.resolution = m[1]
		}
	}
	if has("degree") {
		if m := r.degreeK.FindStringSubmatch(q); m != nil {
			s.setInt("degree", m[1])
		}
	}
	s.direction = l.degreeDirectionOf(q)
	if has("neighbo", "connections", "links") {
		if m := r.neighboursK.FindStringSubmatch(q); m != nil {
			s.setInt("degree", m[1])
		}
	}
	if has("isolated", "no ", "zero") && r.isolated.MatchString(q) {
		s.ints["degree"] = 0
	}
	s.hops = r.hops.MatchString(q)
	s.weighted = r.weighted.MatchString(q) && !s.hops
	s.perNode = r.perNode.MatchString(q)
	s.findListed(q, lq)
	s.unalias()
	return s
}

// nodeMentions returns the distinct nodes the question names explicitly
// (after "node", "from", "to", "of", in pairs, lists and alternatives "X
// or Y"), in order; bare numbers elsewhere and declared node sets do not
// count.
func (s *slots) nodeMentions() []string {
	var out []string
	out = append(out, s.firsts...)
	out = append(out, s.seconds...)
	for _, p := range s.pairs {
		out = append(out, p[0], p[1])
	}
	out = append(out, s.singles...)
	out = append(out, s.listed...)
	return dedup(out)
}

// findListed reads the alternatives ("node 0 or 5") and lists ("to 4,
// 0", "between 1, 3 and 0") of q into s.listed.
func (s *slots) findListed(q, lq string) {
	add := func(w string) {
		if s.isID(w, true) {
			s.listed = append(s.listed, w)
		}
	}
	if strings.Contains(lq, "or ") {
		for _, m := range slotREs.orAlt.FindAllStringSubmatch(q, -1) {
			add(m[1])
			add(m[2])
		}
	}
	if strings.Contains(q, ",") {
		for _, m := range slotREs.idList.FindAllStringSubmatch(q, -1) {
			add(m[1])
			for _, w := range strings.FieldsFunc(m[2], func(r rune) bool { return r == ',' || r == ' ' }) {
				switch strings.ToLower(w) {
				case "and", "or", "node", "nodes", "vertex", "vertices", "the":
					continue
				}
				add(strings.Trim(w, `"'`+"`"))
			}
			add(m[4]) // m[3] is the last item of m[2]
		}
	}
}

// maxNameScan bounds how many multi-word node IDs joinNames looks for.
const maxNameScan = 10000

// joinNames rewrites the multi-word node IDs of s.g that q mentions
// ("Salt Lake City") with underscores, so that the patterns see one word,
// and records the alias; unalias maps the mentions back. Longer names go
// first, so "New York City" wins over "New York".
func (s *slots) joinNames(q string) string {
	var names []string
	for i, seen := int32(0), 0; i < int32(s.g.N()) && seen < maxNameScan; i++ {
		id := s.g.ID(i)
		if !strings.Contains(id, " ") {
			continue
		}
		seen++
		if strings.Contains(q, id) {
			names = append(names, id)
		}
	}
	if len(names) == 0 {
		return q
	}
	sort.Slice(names, func(a, b int) bool { return len(names[a]) > len(names[b]) })
	s.alias = make(map[string]string, len(names))
	for _, id := range names {
		joined := strings.ReplaceAll(id, " ", "_")
		if _, taken := s.g.Index(joined); taken {
			continue
		}
		s.alias[joined] = id
		q = strings.ReplaceAll(q, id, joined)
	}
	return q
}

// unalias maps joined multi-word mentions back to their node IDs.
func (s *slots) unalias() {
	if len(s.alias) == 0 {
		return
	}
	back := func(xs []string) {
		for i, x := range xs {
			if id, ok := s.alias[x]; ok {
				xs[i] = id
			}
		}
	}
	back(s.firsts)
	back(s.seconds)
	back(s.singles)
	back(s.ids)
	back(s.listed)
	for i := range s.pairs {
		back(s.pairs[i][:])
	}
	for k, v := range s.kv {
		if id, ok := s.alias[v]; ok {
			s.kv[k] = id
		}
	}
}

// countWords are the numbers written as words that count rounds.
var countWords = map[string]int64{
	"once": 1, "a single": 1, "one single": 1, "twice": 2, "thrice": 3,
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}

// setInt records an integer slot written in digits or as a word ("two",
// "twice").
func (s *slots) setInt(name, v string) {
	if n, ok := countWords[strings.ToLower(v)]; ok {
		s.ints[name] = n
		return
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		s.ints[name] = n
	}
}

// collect returns the IDs captured by re's first group.
func (s *slots) collect(re *lazyRegexp, q string, explicit bool) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(q, -1) {
		if s.isID(m[1], explicit) {
			out = append(out, m[1])
		}
	}
	return out
}

// collectLoose is collect for mentions after "of", "for", "to", "does",
// "is", "has" that also takes a capitalised name, not only a number.
func (s *slots) collectLoose(re *lazyRegexp, q string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(q, -1) {
		w := m[1]
		// One capital letter names a node ("does D have") unless it is the
		// article or the pronoun.
		capital := w[0] >= 'A' && w[0] <= 'Z' && (len(w) > 1 || (w != "A" && w != "I"))
		if s.isID(w, false) || (capital && s.isID(w, true)) {
			out = append(out, w)
		}
	}
	return out
}

// isID reports whether w can name a node: a node of the graph when there is
// one; without a graph, an explicit mention that is not a stop word, or any
// number.
func (s *slots) isID(w string, explicit bool) bool {
	if s.g != nil {
		if _, ok := s.alias[w]; ok {
			return true
		}
		_, ok := s.g.Index(w)
		return ok
	}
	if _, err := strconv.ParseFloat(w, 64); err == nil {
		return true
	}
	if !explicit || slotStop[w] || (len(w) > 1 && slotStop[strings.ToLower(w)]) {
		return false
	}
	// Without a graph to check against, a word is taken as a node ID when
	// it has a digit, is capitalised, or is at most three letters ("A",
	// "n1", "Alice"), not when it is an ordinary lower-case word.
	if len(w) <= 3 || strings.ContainsAny(w, "0123456789") {
		return true
	}
	r := w[0]
	return r >= 'A' && r <= 'Z'
}

// paramRole classifies a node parameter: 1 for the first of a pair (source,
// u), 2 for the second (target, sink, v), 0 for a single node.
func paramRole(name string) int {
	n := strings.ToLower(name)
	switch {
	case n == "u" || n == "start" || strings.Contains(n, "source"):
		return 1
	case n == "v" || n == "end" || strings.Contains(n, "target") || strings.Contains(n, "sink"):
		return 2
	}
	return 0
}

// kvRole returns the node given for a role by a key=value mention
// ("path_source=17", "sink_node=2", "node=3").
func (s *slots) kvRole(role int) (string, bool) {
	for _, k := range s.kvOrder {
		if k == "k" || k == "alpha" || k == "rounds" {
			continue
		}
		r := paramRole(k)
		if role == 0 && k != "node" && k != "vertex" && k != "n" {
			continue
		}
		if r == role {
			return s.kv[k], true
		}
	}
	return "", false
}

// nonNode fills the parameters that are not nodes.
func (s *slots) nonNode(spec tools.Spec) map[string]any {
	m := map[string]any{}
	for _, p := range spec.Params {
		if p.Node {
			continue
		}
		if v, ok := s.kv[strings.ToLower(p.Name)]; ok {
			if x, ok := slotValue(p.Type, v); ok {
				m[p.Name] = x
				continue
			}
		}
		if p.Name == "features" && p.Type == "object" {
			if f := nodeVectors(s.g); f != nil {
				m[p.Name] = f
			}
			continue
		}
		if p.Name == "init" && s.degreeInit {
			if _, ok := m["features"]; !ok {
				m[p.Name] = "degree"
			}
			continue
		}
		switch p.Type {
		case "integer":
			if n, ok := s.ints[p.Name]; ok {
				m[p.Name] = n
			}
		case "number":
			v := map[string]string{"alpha": s.alpha, "resolution": s.resolution}[p.Name]
			if f, err := strconv.ParseFloat(v, 64); err == nil && v != "" {
				m[p.Name] = f
			}
		case "string":
			if p.Name == "direction" && s.direction != "" {
				m[p.Name] = s.direction
			}
		case "boolean":
			switch {
			case p.Name == "weighted" && (s.g == nil || s.g.Weighted()) && (s.weighted || (pairTool(spec) && !s.hops)):
				// A distance between two nodes of a weighted graph is its
				// total weight unless the question counts hops.
				m[p.Name] = true
			case p.Name == "per_node" && s.perNode:
				m[p.Name] = true
			}
		}
	}
	return m
}

// vectorAttrs are the node attributes that hold a node's embedding or
// feature vector, in order of preference: graph readers store node data
// under one of them.
var vectorAttrs = [...]string{"embedding", "features", "feature", "vector", "x"}

// nodeVectors returns the vector of every node of g that has one (see
// vectorAttrs), or nil when none has. Nodes without one are left out, so
// that a tool given the map refuses the partial data rather than falling
// back to a default it was not asked for.
func nodeVectors(g *graph.Graph) map[string][]float64 {
	if g == nil {
		return nil
	}
	var out map[string][]float64
	for v := int32(0); v < int32(g.N()); v++ {
		attrs := g.NodeAttrs(v)
		if len(attrs) == 0 {
			continue
		}
		for _, k := range vectorAttrs {
			if vec, ok := floatVector(attrs[k]); ok {
				if out == nil {
					out = make(map[string][]float64)
				}
				out[g.ID(v)] = vec
				break
			}
		}
	}
	return out
}

// floatVector reads a node attribute as a vector of numbers.
func floatVector(x any) ([]float64, bool) {
	switch v := x.(type) {
	case []float64:
		return v, len(v) > 0
	case []int:
		out := make([]float64, len(v))
		for i, n := range v {
			out[i] = float64(n)
		}
		return out, len(v) > 0
	case []any:
		out := make([]float64, len(v))
		for i, e := range v {
			switch n := e.(type) {
			case float64:
				out[i] = n
			case int:
				out[i] = float64(n)
			case json.Number:
				f, err := n.Float64()
				if err != nil {
					return nil, false
				}
				out[i] = f
			default:
				return nil, false
			}
		}
		return out, len(v) > 0
	}
	return nil, false
}

// slotValue converts a key=value mention to the parameter's JSON type.
func slotValue(typ, v string) (any, bool) {
	switch typ {
	case "integer":
		n, err := strconv.ParseInt(v, 10, 64)
		return n, err == nil
	case "number":
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil
	case "boolean":
		b, err := strconv.ParseBool(v)
		return b, err == nil
	case "string":
		return v, true
	case "array", "object":
		var x any
		return x, json.Unmarshal([]byte(v), &x) == nil
	}
	return nil, false
}

// assignments returns the candidate argument objects for spec, best first.
func (s *slots) assignments(spec tools.Spec) []map[string]any {
	base := s.nonNode(spec)
	var byRole [3]*tools.Param
	for i := range spec.Params {
		p := &spec.Params[i]
		if !p.Node {
			continue
		}
		r := paramRole(p.Name)
		if byRole[r] == nil {
			byRole[r] = p
		}
	}
	var out []map[string]any
	seen := map[string]bool{}
	with := func(extra map[string]any) {
		m := make(map[string]any, len(base)+len(extra))
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		key, _ := json.Marshal(m)
		if !seen[string(key)] {
			seen[string(key)] = true
			out = append(out, m)
		}
	}
	switch {
	case byRole[1] != nil && byRole[2] != nil:
		a, b := byRole[1].Name, byRole[2].Name
		for _, pr := range s.pairCandidates() {
			with(map[string]any{a: pr[0], b: pr[1]})
		}
		if !byRole[1].Required && !byRole[2].Required {
			with(nil)
		}
	case byRole[1] != nil || byRole[0] != nil || byRole[2] != nil:
		role := 0
		p := byRole[0]
		if p == nil {
			if byRole[1] != nil {
				p, role = byRole[1], 1
			} else {
				p, role = byRole[2], 2
			}
		}
		for _, id := range s.singleCandidates(role, p.Required) {
			with(map[string]any{p.Name: id})
		}
		if !p.Required {
			with(nil)
		}
	default:
		with(nil)
	}
	return out
}

// pairCandidates lists the (first, second) node pairs, best first.
func (s *slots) pairCandidates() [][2]string {
	var out [][2]string
	if a, ok := s.kvRole(1); ok {
		if b, ok := s.kvRole(2); ok {
			out = append(out, [2]string{a, b})
		}
	}
	out = append(out, s.pairs...)
	for _, a := range s.firsts {
		for _, b := range s.seconds {
			if a != b {
				out = append(out, [2]string{a, b})
			}
		}
	}
	ids := dedup(s.ids)
	// "Is 4 reachable from 0?": the node after "from" starts the pair, the
	// other mention ends it; "... to 4": the node after "to" ends it.
	for _, a := range s.firsts {
		for _, b := range ids {
			if a != b {
				out = append(out, [2]string{a, b})
			}
		}
	}
	for _, b := range s.seconds {
		for _, a := range ids {
			if a != b {
				out = append(out, [2]string{a, b})
			}
		}
	}
	if len(ids) > 6 {
		ids = ids[:6]
	}
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			out = append(out, [2]string{ids[i], ids[j]})
		}
	}
	return out
}

// singleCandidates lists the nodes for a single node parameter of the
// given role, best first. An optional parameter takes explicit mentions
// only.
func (s *slots) singleCandidates(role int, required bool) []string {
	var out []string
	if v, ok := s.kvRole(role); ok {
		out = append(out, v)
	}
	if role == 0 {
		if v, ok := s.kvRole(1); ok {
			out = append(out, v)
		}
	}
	switch role {
	case 1:
		out = append(out, s.firsts...)
		for _, p := range s.pairs {
			out = append(out, p[0])
		}
	case 2:
		out = append(out, s.seconds...)
		for _, p := range s.pairs {
			out = append(out, p[1])
		}
	}
	out = append(out, s.singles...)
	if required {
		out = append(out, s.ids...)
	}
	return dedup(out)
}

func dedup(xs []string) []string {
	seen := make(map[string]bool, len(xs))
	out := xs[:0:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// Parameter-fit adjustments of the builtin tool choice.
const (
	fitBonus   = 0.15
	fitPenalty = 0.2
)

// fit scores how well the explicit node mentions of the question match the
// node parameters spec requires: a bonus when they match, a penalty when the
// tool needs nodes the question does not name or the question names nodes
// a whole-graph tool would ignore.
func (s *slots) fit(spec tools.Spec) float64 {
	var needFirst, needSecond, needSingle bool
	for _, p := range spec.Params {
		if !p.Node || !p.Required {
			continue
		}
		switch paramRole(p.Name) {
		case 1:
			needFirst = true
		case 2:
			needSecond = true
		default:
			needSingle = true
		}
	}
	_, kvA := s.kvRole(1)
	_, kvB := s.kvRole(2)
	_, kvN := s.kvRole(0)
	mentions := len(dedup(append(append(append([]string(nil), s.singles...), s.firsts...), s.seconds...)))
	pair := (kvA && kvB) || len(s.pairs) > 0 || (len(s.firsts) > 0 && len(s.seconds) > 0) || mentions >= 2
	single := kvN || len(s.singles) > 0
	switch {
	case needFirst && needSecond:
		if pair {
			return fitBonus
		}
		return -fitPenalty
	case needSingle || needFirst || needSecond:
		switch {
		case pair && !kvN:
			return -fitPenalty / 2
		case single || len(s.firsts) > 0:
			return fitBonus
		}
		return -fitPenalty
	}
	if pair || kvN {
		return -fitPenalty
	}
	return 0
}

// bareIDs returns every word of q that can name a node (see isID), in
// order: words are runs of letters, digits, '_', '.', ':', '\” and '-'
// with the punctuation trimmed from their ends.
func (s *slots) bareIDs(q string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.Trim(q[start:end], ".:'-")
		start = -1
		if w != "" && s.isID(w, false) {
			out = append(out, w)
		}
	}
	for i, r := range q {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.' || r == ':' || r == '\'' || r == '-' {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(q))
	return out
}

// FollowUpArgs answers a chat follow-up such as "and node 33?", "what
// about from 2 to 7?" or "and after three rounds?": it starts from the
// previous turn's arguments prev for the same tool and replaces what the
// follow-up text names. For a tool of two nodes, a pair replaces both,
// "from X" the first, and "to X" or a lone node the second ("the path
// from 0 to 3" then "and node 5?" asks for the path from 0 to 5). The
// result is validated against g; errors wrap ErrBadParams (and
// tools.ErrNodeNotFound for a node g lacks, named in the error).
func FollowUpArgs(spec tools.Spec, prev json.RawMessage, text string, g *graph.Graph) (json.RawMessage, error) {
	args := map[string]any{}
	if len(prev) > 0 {
		if err := json.Unmarshal(prev, &args); err != nil {
			return nil, fmt.Errorf("%s: the previous arguments %s: %v: %w", spec.Name, prev, err, ErrBadParams)
		}
	}
	changed := false
	for k, v := range findSlots(defaultLanguage(), text, g, false).nonNode(spec) {
		args[k], changed = v, true
	}
	var roles [3]string
	for _, p := range spec.Params {
		if p.Node && roles[paramRole(p.Name)] == "" {
			roles[paramRole(p.Name)] = p.Name
		}
	}
	// Nodes of g first; then, so that a node g lacks is reported as
	// such, explicit mentions read without the graph.
	s := findSlots(defaultLanguage(), text, g, false)
	if len(s.pairs)+len(s.firsts)+len(s.seconds)+len(s.singles)+len(s.ids) == 0 {
		s = findSlots(defaultLanguage(), text, nil, false)
	}
	lone := dedup(append(append([]string(nil), s.singles...), s.ids...))
	switch {
	case roles[1] != "" && roles[2] != "":
		switch {
		case len(s.pairs) > 0:
			args[roles[1]], args[roles[2]] = s.pairs[0][0], s.pairs[0][1]
		case len(s.firsts) > 0 || len(s.seconds) > 0:
			if len(s.firsts) > 0 {
				args[roles[1]] = s.firsts[0]
			}
			if len(s.seconds) > 0 {
				args[roles[2]] = s.seconds[0]
			}
		case len(lone) == 1:
			args[roles[2]] = lone[0]
		case len(lone) == 2:
			args[roles[1]], args[roles[2]] = lone[0], lone[1]
		case len(lone) > 2:
			return nil, fmt.Errorf("%s: the follow-up names %d nodes (%s); which two are meant is unclear: %w", spec.Name, len(lone), strings.Join(lone, ", "), ErrBadParams)
		default:
			if !changed {
				return nil, fmt.Errorf("%s: the follow-up names no node or value: %w", spec.Name, ErrBadParams)
			}
		}
	default:
		name := roles[0]
		if name == "" {
			name = roles[1] + roles[2]
		}
		ids := dedup(append(append(lone, s.firsts...), s.seconds...))
		switch {
		case name != "" && len(ids) == 1:
			args[name] = ids[0]
		case name != "" && len(ids) > 1:
			return nil, fmt.Errorf("%s: the follow-up names %d nodes (%s) for one node parameter: %w", spec.Name, len(ids), strings.Join(ids, ", "), ErrBadParams)
		case !changed:
			return nil, fmt.Errorf("%s: the follow-up names no node or value: %w", spec.Name, ErrBadParams)
		}
	}
	b, err := json.Marshal(args)
	if err != nil {
		return nil, fmt.Errorf("%s: %v: %w", spec.Name, err, ErrBadParams)
	}
	return ValidateArgs(spec, g, b)
}
