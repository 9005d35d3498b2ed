package reasoning

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools"
)

// declared is the intent lexicon the catalogue's tools declare in their
// specs (tools.Intents), compiled once: the phrases as strong cues, the
// concepts as cues and as the notions a question may name.
type declared struct {
	phrases  []phrase
	concepts []concept
}

// phrase is one declared phrase of a tool: its words in order, each a
// list of alternatives. It is matched by a regular expression of only the
// alternatives whose words the question holds (see reduced): the whole
// expression of a phrase with a lexicon token has hundreds of
// alternatives and dozens of Unicode classes, and compiling the dozen
// whose filter word a question held took most of a one-question process's
// CPU. Dropping an alternative whose literal the text lacks cannot change
// what the expression matches, nor which match leftmost-first semantics
// prefers.
type phrase struct {
	tool string
	toks []phraseTok
	// end closes the expression (`\b`, or "" after a slot or a * word).
	end string
}

// phraseTok is one word of a phrase: a literal word with its
// alternatives, a lexicon token's phrases, or a node slot.
type phraseTok struct {
	// sep is what comes before the word: `\b` first, then `\s+`, or the
	// gap of a "...".
	sep string
	// slot marks a node slot (nodeSlot; alts is empty).
	slot bool
	alts []phraseAlt
}

// phraseAlt is one alternative of a phrase word: its expression and the
// letters it starts with (lit: a run of the question's ASCII letters
// starts with them wherever the alternative matches; "" when it starts
// with no letter).
type phraseAlt struct {
	src, lit string
}

// String is the phrase's whole expression.
func (p *phrase) String() string {
	src, _ := p.reduced(nil)
	return src
}

// reduced is the phrase's expression with only the alternatives whose
// letters start one of the runs (nil: every alternative); false when a
// word has none left, so that the phrase cannot match.
func (p *phrase) reduced(runs *letterRuns) (string, bool) {
	var b strings.Builder
	for _, t := range p.toks {
		b.WriteString(t.sep)
		if t.slot {
			b.WriteString(nodeSlot)
			continue
		}
		b.WriteString(`(?:`)
		n := 0
		for _, a := range t.alts {
			if runs != nil && !runs.starts(a.lit) {
				continue
			}
			if n > 0 {
				b.WriteByte('|')
			}
			b.WriteString(a.src)
			n++
		}
		if n == 0 {
			return "", false
		}
		b.WriteByte(')')
	}
	b.WriteString(p.end)
	return b.String(), true
}

// letterRuns are the distinct maximal runs of ASCII letters of a text,
// sorted.
type letterRuns []string

// newLetterRuns returns the runs of ASCII letters of s.
func newLetterRuns(s string) *letterRuns {
	var rs letterRuns
	seen := map[string]bool{}
	for i := 0; i < len(s); {
		if !asciiLetter(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && asciiLetter(s[j]) {
			j++
		}
		if w := s[i:j]; !seen[w] {
			seen[w] = true
			rs = append(rs, w)
		}
		i = j
	}
	slices.Sort(rs)
	return &rs
}

func asciiLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// starts reports whether a run begins with prefix ("" always does).
func (rs *letterRuns) starts(prefix string) bool {
	if prefix == "" {
		return true
	}
	i, _ := slices.BinarySearch(*rs, prefix)
	return i < len(*rs) && strings.HasPrefix((*rs)[i], prefix)
}

// leadingLetters is the run of ASCII letters s starts with.
func leadingLetters(s string) string {
	i := 0
	for i < len(s) && asciiLetter(s[i]) {
		i++
	}
	return s[:i]
}

// slotWords are words a node slot never takes: "the successors of each
// node" names no node.
var slotWords = map[string]bool{
	"each": true, "every": true, "all": true, "any": true, "the": true, "a": true, "an": true, "its": true,
	"their": true, "his": true, "her": true, "them": true, "it": true, "this": true, "that": true, "these": true,
	"those": true, "which": true, "what": true, "who": true, "whom": true, "node": true, "nodes": true,
	"vertex": true, "vertices": true, "some": true, "other": true, "others": true, "itself": true, "me": true,
	"you": true, "us": true, "him": true, "one": true, "no": true, "not": true, "and": true, "or": true,
	"whose": true, "anyone": true, "everyone": true, "someone": true, "nobody": true,
}

// matches reports whether the lower-cased text q, whose letter runs are
// runs, has the phrase with a node's name (not a determiner or pronoun) in
// each slot.
func (p *phrase) matches(q string, runs *letterRuns) bool {
	src, ok := p.reduced(runs)
	if !ok {
		return false
	}
	for _, m := range lazyre.CompileFor(src, q).FindAllStringSubmatch(q, -1) {
		ok := true
		for _, w := range m[1:] {
			if slotWords[w] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// concept is one declared concept with the tools that declare it.
type concept struct {
	name  string
	re    *lazyRegexp // compiled on first use, as phrase.re
	words []string    // literal substrings one of which must occur (a filter)
	tools []string
}

// NamedConcept is a concept a question names, with the tools that declare
// it.
type NamedConcept struct {
	// Name is the concept as its tools declare it ("jaccard").
	Name string
	// Text is the question's words that name it.
	Text string
	// Tools are the tools that declare it, in catalogue order.
	Tools []string
}

// selectingWord ends a text whose next words select a node by a measure
// ("the highest-PageRank node", "the node with the lowest closeness").
var selectingWord = regexp.MustCompile(`\b(highest|lowest|largest|smallest|greatest|top|most|least)[\s-]+$`)

// catalogueIntents compiles the catalogue's declared intents on first use;
// the result is never modified.
var catalogueIntents = sync.OnceValue(func() declared {
	d, err := compileIntents(tools.Catalogue().Specs(), lang.Default())
	if err != nil {
		// The catalogue is fixed at compile time; TestDeclaredIntents
		// compiles it, so a bad phrase fails the tests, not a user.
		panic(err)
	}
	return d
})

// compileIntents compiles the intents of specs in the words of lex (the
// relation verbs and node nouns of the phrases' <relates>, <related> and
// <nodes>).
func compileIntents(specs []tools.Spec, lex *lang.Lexicon) (declared, error) {
	words := lexWords(lex)
	// Each lexicon token's alternatives, made once for all phrases.
	alts := map[string][]phraseAlt{}
	for t, ps := range words {
		for _, a := range lang.AltOrder(ps) {
			alts[t] = append(alts[t], phraseAlt{src: lang.AltOne(a), lit: leadingLetters(a)})
		}
	}
	var d declared
	byName := map[string]int{}
	for _, s := range specs {
		for _, ph := range s.Intents.Phrases {
			p, _, err := phraseParts(ph, alts)
			if err != nil {
				return declared{}, fmt.Errorf("tool %s: phrase %q: %w", s.Name, ph, err)
			}
			p.tool = s.Name
			d.phrases = append(d.phrases, p)
		}
		for _, c := range s.Intents.Concepts {
			name := strings.ToLower(strings.TrimSpace(c))
			if i, ok := byName[name]; ok {
				if !slices.Contains(d.concepts[i].tools, s.Name) {
					d.concepts[i].tools = append(d.concepts[i].tools, s.Name)
				}
				continue
			}
			src, words, err := conceptRegexp(name)
			if err != nil {
				return declared{}, fmt.Errorf("tool %s: concept %q: %w", s.Name, c, err)
			}
			byName[name] = len(d.concepts)
			d.concepts = append(d.concepts, concept{name: name, re: lazyCompile(src), words: words, tools: []string{s.Name}})
		}
	}
	return d, nil
}

// nodeSlot is a node's name in a phrase: one word, after an optional
// "node" or "vertex".
const nodeSlot = `(?:the\s+)?(?:node\s+|vertex\s+)?([\pL\pN_][\pL\pN_'’-]*)`

// wordSep is what separates the words of a concept or of a hyphenated
// phrase word: hyphens, dashes or white space.
const wordSep = `[\s\-‐‑–—]*`

// lexWords are the phrases' lexicon tokens: each token's phrases
// (<edges> the lexicon's every noun for edges). The
// relations the readers do not read as edges ("depends on": the order of
// the tasks) are left out, since their edges point the other way.
func lexWords(lex *lang.Lexicon) map[string][]string {
	keep := func(r lang.Relation) bool { return !r.NoReader }
	return map[string][]string{
		"<relates>": append(lang.Phrases(lex.OneWay(), keep, lang.Base, lang.S), lang.Carried(lex.OneWay(), keep, lang.Base, lang.S)...),
		// The participle, and the past where it differs ("chose", "rang"):
		// "who chose X" asks as "who followed X" does.
		"<related>": append(lang.Phrases(lex.OneWay(), keep, lang.Ed, lang.En), lang.Carried(lex.OneWay(), keep, lang.En)...),
		"<nodes>":   lex.NodeNouns(),
		"<edges>":   lex.EdgeWords(),
	}
}

// phraseRegexp compiles a tools.Intents phrase with the lexicon tokens
// lex; words are the literal alternatives of its most selective word, for
// the cue's filter.
func phraseRegexp(ph string, lex map[string][]string) (string, []string, error) {
	alts := map[string][]phraseAlt{}
	for t, ps := range lex {
		for _, a := range lang.AltOrder(ps) {
			alts[t] = append(alts[t], phraseAlt{src: lang.AltOne(a), lit: leadingLetters(a)})
		}
	}
	p, words, err := phraseParts(ph, alts)
	if err != nil {
		return "", nil, err
	}
	return p.String(), words, nil
}

// phraseParts reads a tools.Intents phrase into its words, with lex the
// alternatives of each lexicon token; words are the literal alternatives
// of its most selective literal word.
func phraseParts(ph string, lex map[string][]phraseAlt) (phrase, []string, error) {
	toks := strings.Fields(strings.ToLower(ph))
	if len(toks) == 0 {
		return phrase{}, nil, fmt.Errorf("empty phrase")
	}
	var p phrase
	sep := `\b`
	var words []string
	best := 0
	gap := false
	for i, t := range toks {
		if t == "..." {
			if i == 0 || i == len(toks)-1 || gap {
				return phrase{}, nil, fmt.Errorf("a gap must stand between two words")
			}
			gap = true
			continue
		}
		if i > 0 {
			if gap {
				sep = `\b[^.?!]{0,40}?\b`
			} else {
				sep = `\s+`
			}
		}
		gap = false
		if t == "x" || t == "y" {
			p.toks = append(p.toks, phraseTok{sep: sep, slot: true})
			sep = ""
			continue
		}
		if strings.HasPrefix(t, "<") {
			as, ok := lex[t]
			if !ok || len(as) == 0 {
				return phrase{}, nil, fmt.Errorf("unknown lexicon token %s", t)
			}
			p.toks = append(p.toks, phraseTok{sep: sep, alts: as})
			sep = ""
			continue
		}
		alts := strings.Split(t, "/")
		var lits []string
		tok := phraseTok{sep: sep}
		shortest := -1
		for _, a := range alts {
			a = strings.ReplaceAll(a, "_", " ")
			if a == "" || a == "*" {
				return phrase{}, nil, fmt.Errorf("empty alternative in %q", t)
			}
			src, lit := wordRegexp(a)
			tok.alts = append(tok.alts, phraseAlt{src: src, lit: leadingLetters(lit)})
			lits = append(lits, lit)
			if shortest < 0 || len(lit) < shortest {
				shortest = len(lit)
			}
		}
		p.toks = append(p.toks, tok)
		sep = ""
		if shortest > best {
			best, words = shortest, lits
		}
	}
	if words == nil {
		return phrase{}, nil, fmt.Errorf("no literal word")
	}
	if !strings.HasSuffix(toks[len(toks)-1], "*") && toks[len(toks)-1] != "x" && toks[len(toks)-1] != "y" {
		p.end = `\b`
	}
	return p, words, nil
}

// wordRegexp compiles one word of a phrase or concept (spaces, hyphens and
// dashes interchangeable, a trailing * for any ending); lit is its literal
// start, for the filter.
func wordRegexp(w string) (src, lit string) {
	star := strings.HasSuffix(w, "*")
	w = strings.TrimSuffix(w, "*")
	parts := strings.FieldsFunc(w, func(r rune) bool { return r == ' ' || r == '-' || r == '–' || r == '—' })
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	src = strings.Join(parts, wordSep)
	if star {
		src += `\w*`
	}
	lit = w
	if len(parts) > 0 {
		lit = strings.FieldsFunc(w, func(r rune) bool { return r == ' ' || r == '-' || r == '–' || r == '—' })[0]
	}
	return src, lit
}

// conceptRegexp compiles a concept. A concept with alternatives or a gap
// ("shortest/cheapest ... tour/round_trip") is written as a phrase is
// (phraseRegexp, without lexicon tokens or node slots): one notion named in
// several words of one sentence.
func conceptRegexp(name string) (string, []string, error) {
	if strings.Trim(name, "* -") == "" {
		return "", nil, fmt.Errorf("empty concept")
	}
	if strings.Contains(name, "/") || strings.Contains(name, "...") {
		for _, t := range strings.Fields(name) {
			if t == "x" || t == "y" || strings.HasPrefix(t, "<") {
				return "", nil, fmt.Errorf("a concept names no node and no lexicon token (%q)", t)
			}
		}
		return phraseRegexp(name, nil)
	}
	src, lit := wordRegexp(name)
	end := `\b`
	if strings.HasSuffix(name, "*") {
		end = ""
	}
	return `\b` + src + end, []string{lit}, nil
}

// NamedConcepts returns the concepts the catalogue's tools declare that
// question names, longest first where two overlap ("global clustering
// coefficient" is named, not "clustering coefficient" inside it), in the
// order the question names them.
func NamedConcepts(question string) []NamedConcept {
	return catalogueIntents().named(lowerCorrected(question))
}

// named finds the concepts in the lower-cased text q.
func (d declared) named(q string) []NamedConcept {
	type span struct {
		start, end, c int
	}
	var spans []span
	for i := range d.concepts {
		c := &d.concepts[i]
		if !containsAny(q, c.words) {
			continue
		}
		for _, loc := range c.re.For(q).FindAllStringIndex(q, -1) {
			spans = append(spans, span{loc[0], loc[1], i})
		}
	}
	if len(spans) == 0 {
		return nil
	}
	// Longer spans first; a span inside a kept one is dropped.
	slices.SortStableFunc(spans, func(a, b span) int { return (b.end - b.start) - (a.end - a.start) })
	var kept []span
	for _, s := range spans {
		if !slices.ContainsFunc(kept, func(k span) bool { return s.start < k.end && k.start < s.end }) {
			kept = append(kept, s)
		}
	}
	slices.SortStableFunc(kept, func(a, b span) int { return a.start - b.start })
	out := make([]NamedConcept, 0, len(kept))
	for _, s := range kept {
		c := d.concepts[s.c]
		out = append(out, NamedConcept{Name: c.name, Text: q[s.start:s.end], Tools: c.tools})
	}
	return out
}

// ConceptLacking returns the first concept the question names that the
// chosen tool does not declare, and false when there is none: the tool would
// answer a different question ("the Jaccard coefficient of 3 and 13"
// answered by edge_exists). It applies to any planner's choice.
func ConceptLacking(question string, spec tools.Spec) (NamedConcept, bool) {
	lower := lowerCorrected(question)
	for _, c := range NamedConcepts(question) {
		// "the degree of the highest-PageRank node": the concept picks
		// the node; it is not what is asked.
		if i := strings.Index(lower, c.Text); i >= 0 && selectingWord.MatchString(lower[:i]) {
			continue
		}
		if !slices.Contains(c.Tools, spec.Name) {
			return c, true
		}
	}
	return NamedConcept{}, false
}

// declaredCues adds the declared intents' cues of the lower-cased text q
// to out: each named concept cues its tools (CueBonus), each matching
// phrase its tool, strongly.
func (d declared) declaredCues(q string, out *Cues, seen map[string]bool) {
	addTool := func(t string) {
		if !seen[t] {
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[t] = true
			out.Tools = append(out.Tools, t)
		}
	}
	for _, c := range d.named(q) {
		for _, t := range c.Tools {
			addTool(t)
		}
	}
	runs := newLetterRuns(q)
	for i := range d.phrases {
		p := &d.phrases[i]
		if !p.matches(q, runs) {
			continue
		}
		addTool(p.tool)
		if out.adjust == nil {
			out.adjust = map[string]float64{}
		}
		out.adjust[p.tool] = max(out.adjust[p.tool], 0) + CueBonus
	}
}
