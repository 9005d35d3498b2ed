package agent

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/lang"
)

// guardWords are the question-reading guards' expressions in one
// lexicon's words (lang.Lexicon): the relation verbs and their forms.
type guardWords struct {
	// relation matches a one-way relation verb that is not graph
	// vocabulary ("manages", "depends on"); relationOf maps each of its
	// phrases to what shows the graph's own text states it.
	relation   *regexp.Regexp
	relationOf map[string][]string
	// ordered maps relation's phrases of order verbs ("depends on",
	// "requires") to the verb's forms: where the text states edges with
	// them, the readers write the edges from what comes first, against the
	// verb's subject-to-object reading.
	ordered map[string][]string
	// relationHints are substrings one of which a question holds when
	// relation matches (a cheap filter before the pattern runs).
	relationHints []string
	// directedDegree asks for one direction of a node's edges.
	directedDegree *regexp.Regexp
}

// defaultGuardWords are the guards' expressions in lang.Default's words.
var defaultGuardWords = sync.OnceValue(func() *guardWords { return newGuardWords(lang.Default()) })

func newGuardWords(lx *lang.Lexicon) *guardWords {
	g := &guardWords{relationOf: map[string][]string{}, ordered: map[string][]string{}}
	rels := lx.OneWay()
	var asked []string
	for _, r := range rels {
		if r.Plain {
			// An arrow means "follows" or "points to": the written edges
			// show its direction.
			continue
		}
		stems := append(r.Forms(), r.Nouns...)
		for _, p := range r.Phrases(lang.Base, lang.S, lang.Ed, lang.Ing) {
			asked = append(asked, p)
			g.relationOf[p] = append(g.relationOf[p], stems...)
			if r.Order != "" {
				g.ordered[p] = r.Forms()
			}
		}
		g.relationHints = append(g.relationHints, stemsOf(r.Verb)...)
	}
	g.relation = regexp.MustCompile(`\b(?:` + lang.Alt(asked) + `)\b`)
	base := lang.Alt(lang.Phrases(rels, nil, lang.Base))
	// "how many people does Lee follow" (out), "how many followers does
	// Lee have" (in), "how many flights leave Oslo".
	g.directedDegree = regexp.MustCompile(`(?i)\bhow many\b[^.?]{0,40}\b(does|do|did)\s+\S+(\s+\S+)?\s+(` + base + `)\b|\bhow many\b[^.?]{0,20}\b(` + base + `)\s+\S+|\bhow many (followers|subscribers|fans|citations|incoming|outgoing|successors|predecessors|in-?links|out-?links)\b|\bhow many\b[^.?]{0,30}\b(leave|leaves|depart|departs|arrive|arrives|land|lands|enter|enters|come into|comes into|go into|goes into|lead into|leads into|go out of|goes out of|start at|starts at|end at|ends at)\b`)
	return g
}

// relationStems returns what shows a text states the relation of the
// phrase relation matched ("reports  to" → "report", "reports", …).
func (g *guardWords) relationStems(m string) []string {
	return g.relationOf[strings.Join(strings.Fields(m), " ")]
}

// stemsOf returns substrings one of which every form of v contains: its
// base and -s forms' common prefix, and the past and -ing forms that do not
// start with it ("teach", "taught").
func stemsOf(v lang.Verb) []string {
	stem := v.Stem()
	out := []string{stem}
	for _, f := range []string{v.Ed, v.En, v.Ing} {
		if f != "" && !strings.HasPrefix(f, stem) && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}
