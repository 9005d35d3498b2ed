package reasoning

import (
	"strings"

	"github.com/graphagent/graphagent/lang"
)

// degreeDirRes read which direction of a node's edges a question counts;
// the relation verbs and edge nouns in them come from the lexicon.
type degreeDirRes struct {
	in, out, inVerb, outVerb *lazyRegexp
	// words are cheap substrings one of which a directional degree
	// question contains; without them no expression is run.
	words []string
}

// degreeRelation reports whether a one-way relation's count is a degree
// ("how many people does Eli manage").
func degreeRelation(r lang.Relation) bool { return !r.NoDegree }

func newDegreeDirRes(lx *lang.Lexicon) degreeDirRes {
	rels := lx.OneWay()
	edgeWords := lang.Alt(lx.DirectedEdgeNouns())
	// "how many people is Lee followed by": the plain verbs' participles.
	passive := lang.Alt(lang.Phrases(rels, func(r lang.Relation) bool { return r.Plain && r.Prep() == "" }, lang.En))
	// "how many times is Lee2015 cited": any degree relation's participle.
	cited := lang.Alt(lang.Phrases(rels, degreeRelation, lang.En))
	base := lang.Alt(lang.Phrases(rels, degreeRelation, lang.Base))
	baseS := lang.Alt(lang.Phrases(rels, degreeRelation, lang.Base, lang.S))
	words := []string{"degree", "coming", "going", "link", "edge", "inbound", "outbound", "arc", "receiv", "got", "get",
		"leav", "arriv", "enter", "start", "end", "originat", "into", "out of"}
	for _, r := range rels {
		if degreeRelation(r) {
			words = append(words, r.Stem())
		}
	}
	return degreeDirRes{
		// Named directions: "in-degree", "incoming edges", "followers",
		// "edges arriving at 3", "arrows point into 3", "how many people
		// is Lee followed by".
		in: lazyCompile(`(?i)\b(?:in-?degrees?|incoming|in-?links|in-?edges|inbound|followers|(?:coming|pointing|leading|heading)\s+in(?:wards?)?|(?:` + passive + `)\s+by)\b|\b(?:edges?|links?|arcs?|` + edgeWords + `)\s+(?:arriv(?:e|es|ing)\s+(?:at|in)|com(?:e|es|ing)\s+(?:in)?to|enter(?:s|ing)?|end(?:s|ing)?\s+(?:at|in)|(?:point(?:s|ing)?\s+)?into)\b|\bhow\s+many\s+times\s+(?:is|was|has\s+been)\s+(?:node\s+|vertex\s+)?\S+\s+(?:` + cited + `)\b|\bhow\s+many\b[^.?!;,]{0,40}?\b(?:has|have|did|does|do)\s+(?:node\s+|vertex\s+)?\S+(?:\s+\S+)?\s+(?:receiv(?:e|ed)|got|get|gotten)\b`),
		// "out-degree", "outgoing edges", "edges leaving 3", "edges going out
		// of 3".
		out: lazyCompile(`(?i)\b(?:out-?degrees?|outgoing|out-?links|out-?edges|outbound|(?:going|pointing|leading|heading)\s+out(?:wards?)?)\b|\b(?:edges?|links?|arcs?|` + edgeWords + `)\s+(?:leav(?:e|es|ing)|go(?:es|ing)?\s+out\s+of|com(?:e|es|ing)\s+out\s+of|start(?:s|ing)?\s+(?:at|in)|originat(?:e|es|ing)\s+(?:at|from|in))\b`),
		// "how many people does Lee follow", "how many pages does page 3
		// link to": the named node acts, so its out-edges are counted.
		outVerb: lazyCompile(`(?i)\bhow\s+many\b[^.?!;,]{0,40}?\b(?:does|do|did)\s+(?:node\s+|vertex\s+)?\S+(?:\s+\S+)?\s+(?:` + base + `)\b`),
		// "how many people follow Lee", "how many nodes point to 3": others
		// act on the named node, so its in-edges are counted.
		inVerb: lazyCompile(`(?i)\bhow\s+many\b([^.?!;,]{0,40}?)\b(?:` + baseS + `)\s+(?:node\s+|vertex\s+)?([^\s?.!,;]+)`),
		words:  words,
	}
}

// notANode are words after a relation verb that name no node: "how many
// calls were made" counts events, not the calls to a node "were".
var notANode = map[string]bool{"were": true, "was": true, "are": true, "is": true, "been": true, "have": true, "has": true,
	"had": true, "in": true, "to": true, "the": true, "a": true, "an": true, "each": true, "one": true, "other": true,
	"others": true, "someone": true, "anyone": true, "somebody": true, "anybody": true, "altogether": true, "total": true}

// degreeDirectionOf returns "in" or "out" when the question counts one
// direction of a node's edges and says so unambiguously, and "" otherwise
// (no direction, both, or unclear), in the default language.
func degreeDirectionOf(q string) string { return defaultLanguage().degreeDirectionOf(q) }

// degreeDirectionOf is the package function in l's words.
func (l *Language) degreeDirectionOf(q string) string {
	r := &l.dir
	lq := strings.ToLower(q)
	if !containsAny(lq, r.words) {
		return ""
	}
	out := r.out.MatchString(q) || r.outVerb.MatchString(q)
	in := r.in.MatchString(q)
	if !in {
		for _, m := range r.inVerb.FindAllStringSubmatch(q, -1) {
			// "how many people does Lee follow in total" is the named
			// node acting, read above.
			if !containsAny(" "+strings.ToLower(m[1])+" ", []string{" does ", " do ", " did "}) && !notANode[strings.ToLower(m[2])] {
				in = true
			}
		}
	}
	switch {
	case in && !out:
		return "in"
	case out && !in:
		return "out"
	}
	return ""
}
