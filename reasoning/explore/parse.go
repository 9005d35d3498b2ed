package explore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/kg"
)

// Kind is the shape of a query read from a question.
type Kind string

// The query shapes.
const (
	// KindPattern is (h, r, ?) or (?, r, t): one side is the answer.
	KindPattern Kind = "pattern"
	// KindCheck is (h, r, t): does the KG state it?
	KindCheck Kind = "check"
	// KindBetween is (h, ?, t) in either direction: how two entities are
	// related directly.
	KindBetween Kind = "between"
	// KindPath is the shortest connections between two entities.
	KindPath Kind = "path"
	// KindAbout is every triple of one entity, (e, ?, ?) and (?, ?, e).
	KindAbout Kind = "about"
)

// Query is a question's reading: a triple pattern or a path query over the
// KG, with entities resolved.
type Query struct {
	Kind Kind `json:"kind"`
	// Heads and Tails are the entities bound at each side (several when a
	// name has several senses); in a KindPattern query one side is nil,
	// the answer. KindPath and KindBetween read Heads as the first entity
	// named and Tails as the second; KindAbout uses Heads.
	Heads []int32 `json:"heads,omitempty"`
	Tails []int32 `json:"tails,omitempty"`
	// Rels are the relations allowed; nil means any. InverseRels state the
	// same with head and tail swapped ("causes" for "caused by"): their
	// triples are matched the other way round.
	Rels        []int32 `json:"relations,omitempty"`
	InverseRels []int32 `json:"inverse_relations,omitempty"`
	// AnswerType, when >= 0, keeps answers of that entity type only.
	AnswerType int32 `json:"answer_type"`
	// Count asks for how many answers there are.
	Count bool `json:"count,omitempty"`
	// Via, in a two-step pattern, is the first step: its answers are the
	// bound side (Heads or Tails, empty until run) of this one.
	Via *Query `json:"via,omitempty"`
}

// token is one word of a question.
type token struct {
	word, stem string
	used       bool
	keep       bool // consumed only to stop other matches; part of a mention
}

// mention is a span of the question naming an entity.
type mention struct {
	text       string
	start, end int // token span
	typ        int32
}

// reading is the parser's intermediate result.
type reading struct {
	mentions  []mention
	phrase    *phrase
	phraseAt  int // token index of the phrase's first word
	phraseEnd int
	// inner is a second noun phrase right after phrase ("the hypernym
	// of the hypernym of X"): the step from the entity, before phrase.
	inner             *phrase
	innerAt, innerEnd int
	passive           bool
	answerTyp         int32
	cues              map[int]bool
	tokens            []token
}

// tokenize normalises the question into words.
func tokenize(q string) []token {
	ws := strings.Fields(kg.Normalize(q))
	ts := make([]token, len(ws))
	for i, w := range ws {
		ts[i] = token{word: w, stem: stemWord(w)}
	}
	return ts
}

// isStructural reports whether a token only frames the question or names a
// relation, type or cue: such a token alone is never an entity mention.
func (x *Explorer) isStructural(t token) bool {
	if isFunctionWord(t.stem) || isFunctionWord(t.word) || cueOf(t.stem) != cueNone || isWeakWord(t.word) {
		return true
	}
	return x.lexStems[t.stem]
}

// read parses the question's words: entity mentions by exact names, a
// relation phrase, type words, cues; the words left form mentions to be
// matched by similarity.
func (x *Explorer) read(ts []token) reading {
	rd := reading{answerTyp: -1, cues: map[int]bool{}, phraseAt: -1, tokens: ts}
	// 1. Exact names, longest first, left to right.
	maxW := min(x.g.MaxAliasWords(), 12)
	for i := 0; i < len(ts); {
		found := 0
		for n := min(maxW, len(ts)-i); n >= 1; n-- {
			span := ts[i : i+n]
			allStructural := true
			for _, t := range span {
				if !x.isStructural(t) {
					allStructural = false
					break
				}
			}
			if allStructural {
				continue
			}
			if w := joinWords(span); len(x.g.Exact(w)) > 0 || len(x.g.Synonyms(w)) > 0 {
				found = n
				break
			}
		}
		if found == 0 {
			i++
			continue
		}
		rd.mentions = append(rd.mentions, mention{text: joinWords(ts[i : i+found]), start: i, end: i + found, typ: -1})
		for k := i; k < i+found; k++ {
			ts[k].used = true
		}
		i += found
	}
	// 2. The relation phrase: the one covering most words; then, after a
	// genitive ("dog's hypernyms"), a noun phrase without its "of";
	// then one from the synonym table over one derived from a name.
	genitive := false
	for _, m := range rd.mentions {
		if m.end < len(ts) && ts[m.end].word == "s" {
			genitive = true
		}
	}
	bestScore := -1
	var bestPos []int
	// "What topic does X belong to?", "which region does X come from?":
	// a relation noun right after "what"/"which" names the relation, and
	// the verb that follows only carries it.
	if i := classWordAt(ts); i >= 0 {
		for pi := range x.phrases {
			p := &x.phrases[pi]
			if p.ofless && p.noun && !p.derived && len(p.stems) == 1 && p.stems[0] == ts[i].stem {
				rd.phrase, bestPos, bestScore = p, []int{i}, 1<<20
				ts[i].used = true
				break
			}
		}
		if rd.phrase != nil {
			for pi := range x.phrases {
				if pos, ok := matchPhrase(ts, x.phrases[pi].stems); ok && !x.phrases[pi].derived {
					for _, k := range pos {
						ts[k].used = true
					}
				}
			}
		}
	}
	for pi := range x.phrases {
		p := &x.phrases[pi]
		pos, ok := matchPhrase(ts, p.stems)
		if !ok {
			continue
		}
		score := len(pos) * 4
		if bestScore >= 1<<20 {
			break
		}
		if p.ofless == genitive {
			score += 2
		}
		if !p.derived {
			score++
		}
		if score > bestScore || (score == bestScore && pos[0] < bestPos[0]) {
			bestScore, bestPos, rd.phrase = score, pos, p
		}
	}
	if rd.phrase != nil {
		rd.phraseAt, rd.phraseEnd = bestPos[0], bestPos[len(bestPos)-1]+1
		for _, k := range bestPos {
			ts[k].used = true
		}
		// "what is X treated by?": a passive verb followed by "by"
		// swaps subject and object, unless the phrase holds "by".
		if e := rd.phraseEnd; e < len(ts) && ts[e].word == "by" && !ts[e].used &&
			strings.HasSuffix(ts[rd.phraseEnd-1].word, "ed") {
			rd.passive = true
			ts[e].used = true
		}
		// "the hypernym of the hypernym of dog": a second noun phrase
		// right after the first one names the step before it.
		if rd.phrase.noun && !rd.phrase.ofless {
			for pi := range x.phrases {
				p := &x.phrases[pi]
				if !p.noun || p.ofless {
					continue
				}
				pos, ok := matchPhrase(ts, p.stems)
				if !ok || pos[0] < rd.phraseEnd || !onlyFillers(ts[rd.phraseEnd:pos[0]]) {
					continue
				}
				if rd.inner == nil || len(pos) > rd.innerEnd-rd.innerAt || (len(pos) == rd.innerEnd-rd.innerAt && !p.derived && rd.inner.derived) {
					rd.inner, rd.innerAt, rd.innerEnd = p, pos[0], pos[len(pos)-1]+1
				}
			}
			if rd.inner != nil {
				for k := rd.innerAt; k < rd.innerEnd; k++ {
					ts[k].used = true
				}
			}
		}
	}
	// 3. Type words.
	for _, tw := range x.typeWords {
		for {
			pos, ok := matchPhrase(ts, tw.stems)
			if !ok {
				break
			}
			// "hypertensive disorders": a type word after a word the
			// question does not otherwise explain is part of a name.
			if p := pos[0] - 1; p >= 0 && !ts[p].used && !x.isStructural(ts[p]) {
				for _, k := range pos {
					ts[k].used = true
					ts[k].keep = true
				}
				continue
			}
			for _, k := range pos {
				ts[k].used = true
			}
			end := pos[len(pos)-1] + 1
			// A type word right before a mention constrains it ("the
			// disease Diabetes mellitus"); otherwise it is the answer's.
			attached := false
			for mi := range rd.mentions {
				if rd.mentions[mi].start == end {
					rd.mentions[mi].typ = tw.typ
					attached = true
				}
			}
			if !attached {
				rd.answerTyp = tw.typ
			}
		}
	}
	// 4. Cues and function words; what is left forms inexact mentions.
	var run []token
	runStart := -1
	flush := func(end int) {
		if len(run) > 0 {
			rd.mentions = append(rd.mentions, mention{text: joinWords(run), start: runStart, end: end, typ: -1})
		}
		run, runStart = nil, -1
	}
	for i := range ts {
		t := &ts[i]
		if t.keep && runStart >= 0 {
			run = append(run, *t)
			continue
		}
		if t.used {
			flush(i)
			continue
		}
		if c := max(cueOf(t.stem), cueOf(t.word)); c != cueNone {
			rd.cues[c] = true
			t.used = true
			flush(i)
			continue
		}
		if isFunctionWord(t.stem) || isFunctionWord(t.word) || isWeakWord(t.word) {
			t.used = true
			flush(i)
			continue
		}
		if runStart < 0 {
			runStart = i
		}
		run = append(run, *t)
	}
	flush(len(ts))
	sortMentions(rd.mentions)
	return rd
}

// matchPhrase finds stems in ts as a sequence of unused tokens, allowing
// articles and "the" between its words; it returns the positions of the
// matched words.
func matchPhrase(ts []token, stems []string) ([]int, bool) {
	if len(stems) == 0 {
		return nil, false
	}
	for i := range ts {
		if ts[i].used || ts[i].stem != stems[0] {
			continue
		}
		pos := []int{i}
		j := i + 1
		for _, s := range stems[1:] {
			for j < len(ts) && !ts[j].used && ts[j].stem != s && isFiller(ts[j].word) {
				j++
			}
			if j >= len(ts) || ts[j].used || ts[j].stem != s {
				break
			}
			pos = append(pos, j)
			j++
		}
		if len(pos) == len(stems) {
			allWeak := true
			for _, s := range stems {
				if !isWeakWord(s) {
					allWeak = false
				}
			}
			if !allWeak {
				return pos, true
			}
		}
	}
	return nil, false
}

// isFiller is a word a phrase may skip: "decrease the activity of".
func isFiller(w string) bool {
	switch w {
	case "the", "a", "an", "s", "its", "their", "directly":
		return true
	}
	return false
}

func joinWords(ts []token) string {
	ws := make([]string, len(ts))
	for i, t := range ts {
		ws[i] = t.word
	}
	return strings.Join(ws, " ")
}

func sortMentions(ms []mention) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].start < ms[j-1].start; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// errDecline carries what was read when the explorer declines.
type errDecline struct{ msg string }

func (e *errDecline) Error() string { return e.msg }

func decline(format string, args ...any) error {
	return &errDecline{fmt.Sprintf(format, args...)}
}

// interpret turns a reading into a query, resolving mentions with lambda.
func (x *Explorer) interpret(ctx context.Context, rd reading, lambda float64) (Query, []Resolution, error) {
	q := Query{AnswerType: rd.answerTyp}
	var res []Resolution
	for _, m := range rd.mentions {
		r, err := x.m.resolve(ctx, m.text, lambda, m.typ)
		if err != nil {
			return q, res, err
		}
		res = append(res, r)
		if r.Problem != "" && len(r.Close) == 0 {
			return q, res, decline("I read the entity %q, but %s", m.text, r.Problem)
		}
	}
	// An ambiguous name is told apart by the question's relation when
	// exactly one of its readings has triples of it at that side.
	for i := range res {
		if res[i].Problem == "" {
			continue
		}
		if !x.disambiguate(rd, res, i) {
			return q, res, decline("I read the entity %q, but %s", res[i].Mention, res[i].Problem)
		}
	}
	// "Which countries are part of Africa?": with a relation, a first
	// entity right after "which"/"what" names the answer's class, not an
	// entity of the pattern. The KG has no class to check it against.
	if len(res) == 2 && rd.phrase != nil && rd.mentions[0].start == classWordAt(rd.tokens) {
		res, rd.mentions = res[1:], rd.mentions[1:]
	}
	// "What type of animal is a horse?": likewise the entity right after
	// a phrase that follows "what", when a verb separates it from another.
	if len(res) == 2 && rd.phrase != nil && !rd.phrase.noun && rd.phraseAt == classWordAt(rd.tokens) &&
		rd.mentions[0].start >= rd.phraseEnd && onlyFillers(rd.tokens[rd.phraseEnd:rd.mentions[0].start]) && !onlyFillers(rd.tokens[rd.mentions[0].end:rd.mentions[1].start]) {
		res, rd.mentions = res[1:], rd.mentions[1:]
	}
	q.Count = rd.cues[cueCount]
	switch n := len(res); {
	case n == 0:
		return q, res, decline("I found no entity of %s in the question", x.g.Name())
	case n > 2:
		names := make([]string, n)
		for i, r := range res {
			names[i] = fmt.Sprintf("%q", r.Mention)
		}
		return q, res, decline("I read %d entities (%s); I answer questions about one entity or two", n, strings.Join(names, ", "))
	}
	if rd.phrase == nil {
		switch {
		case len(res) == 2 && rd.cues[cuePath]:
			q.Kind, q.Heads, q.Tails = KindPath, res[0].Entities, res[1].Entities
		case len(res) == 2 && rd.cues[cueRelated]:
			q.Kind, q.Heads, q.Tails = KindBetween, res[0].Entities, res[1].Entities
		case len(res) == 2:
			return q, res, decline("I read two entities, %q and %q, but no relation between them and no word such as 'connects' or 'related'", res[0].Mention, res[1].Mention)
		default:
			q.Kind, q.Heads = KindAbout, res[0].Entities
		}
		return q, res, nil
	}
	q.Rels, q.InverseRels = rd.phrase.rels, rd.phrase.invRels
	// Subject before the phrase, object after it ("S phrase O"); a
	// passive phrase swaps them.
	// "What sort of thing is a violin?": a phrase right after "what" that
	// a verb separates from the entity asks about the entity, as "what
	// is a violin a sort of?" does; "what kinds of dog are there?", with
	// the entity right after the phrase, asks for its kinds.
	aboutEntity := rd.phraseAt == classWordAt(rd.tokens) && !rd.phrase.noun
	before := func(m mention) bool {
		genitive := m.end < rd.phraseAt && rd.tokens[m.end].word == "s"
		// "What does dog have as a hypernym?": the one that does have is
		// the possessor, as in a genitive ("dog's hypernym"); in "what
		// has dog as its hypernym?" dog is the object.
		if rd.phrase.noun && m.start > 0 && m.end < rd.phraseAt && doHaveAs(rd.tokens, m) {
			genitive = true
		}
		if aboutEntity && m.start > rd.phraseEnd && !onlyFillers(rd.tokens[rd.phraseEnd:m.start]) {
			return true
		}
		return m.start < rd.phraseAt && !genitive
	}
	inverse := rd.phrase.inverse != rd.passive
	place := func(subj, obj []int32) {
		if inverse {
			subj, obj = obj, subj
		}
		q.Heads, q.Tails = subj, obj
	}
	if len(res) == 2 {
		if !before(rd.mentions[0]) || before(rd.mentions[1]) {
			if rd.cues[cuePath] {
				q.Kind, q.Heads, q.Tails, q.Rels, q.InverseRels = KindPath, res[0].Entities, res[1].Entities, nil, nil
				return q, res, nil
			}
			return q, res, decline("I read %q and %q with the relation %q, but not which is the subject", res[0].Mention, res[1].Mention, rd.phrase.text)
		}
		q.Kind = KindCheck
		place(res[0].Entities, res[1].Entities)
		return q, res, nil
	}
	q.Kind = KindPattern
	if rd.inner != nil {
		// Two steps: the inner phrase from the entity after it, then the
		// outer phrase from the inner step's answers.
		m := rd.mentions[0]
		if m.start < rd.innerEnd || !onlyFillers(rd.tokens[rd.innerEnd:m.start]) {
			return q, res, decline("I read the relations %q and %q and the entity %q, but not how they chain", rd.phrase.text, rd.inner.text, res[0].Mention)
		}
		via := Query{Kind: KindPattern, Rels: rd.inner.rels, InverseRels: rd.inner.invRels, AnswerType: -1}
		if rd.inner.inverse {
			via.Heads = res[0].Entities // S inner-of E is (E, r, S)
		} else {
			via.Tails = res[0].Entities
		}
		q.Via = &via
		bound := []int32{} // filled with the inner step's answers
		if inverse {
			q.Heads = bound
		} else {
			q.Tails = bound
		}
		return q, res, nil
	}
	if before(rd.mentions[0]) {
		place(res[0].Entities, nil)
	} else {
		place(nil, res[0].Entities)
	}
	return q, res, nil
}

// doHaveAs reports whether mention m is the subject of "do/does/did M have
// as": an auxiliary right before it, then "have" and "as" (with fillers).
func doHaveAs(ts []token, m mention) bool {
	switch ts[m.start-1].word {
	case "do", "does", "did":
	default:
		return false
	}
	rest := ts[m.end:]
	return len(rest) >= 2 && (rest[0].word == "have" || rest[0].word == "has") && rest[1].word == "as"
}

// classWordAt returns the index of the word right after a leading "what"
// or "which" ("which countries ..."), or -1.
func classWordAt(ts []token) int {
	for i := 0; i+1 < len(ts) && i < 3; i++ {
		if ts[i].word == "what" || ts[i].word == "which" {
			return i + 1
		}
	}
	return -1
}

// onlyFillers reports whether ts holds only words a phrase may skip
// ("the", "a") or words naming the answer ("thing").
func onlyFillers(ts []token) bool {
	for _, t := range ts {
		if !isFiller(t.word) && t.stem != "thing" {
			return false
		}
	}
	return true
}

// disambiguate picks, for the ambiguous mention i of a one-entity pattern
// question, the one name among those within the margin whose entities
// have triples of the question's relations (and answer type) at the
// mention's side. It reports whether it could.
func (x *Explorer) disambiguate(rd reading, res []Resolution, i int) bool {
	if rd.phrase == nil || len(rd.mentions) != 1 || len(res[i].Close) < 2 {
		return false
	}
	m := rd.mentions[i]
	subject := m.start < rd.phraseAt && !(m.end < rd.phraseAt && rd.tokens[m.end].word == "s")
	headSide := subject != (rd.phrase.inverse != rd.passive)
	var chosen []int32
	for _, group := range res[i].Close {
		found := false
		for _, e := range group {
			p := kg.Pattern{H: kg.Any, T: kg.Any, Rels: rd.phrase.rels}
			if headSide {
				p.H = e
			} else {
				p.T = e
			}
			for _, t := range x.g.Match(nil, p, 0) {
				other := t.H
				if headSide {
					other = t.T
				}
				if rd.answerTyp < 0 || x.g.Entity(other).Type == rd.answerTyp {
					found = true
					break
				}
			}
		}
		if found {
			if chosen != nil {
				return false // two readings answer: still ambiguous
			}
			chosen = group
		}
	}
	if chosen == nil {
		return false
	}
	res[i].Note = fmt.Sprintf("%s; read as %s, the only one with %q triples there", res[i].Problem, x.labels(chosen, 3), rd.phrase.text)
	res[i].Entities, res[i].Problem = slices.Sorted(slices.Values(chosen)), ""
	return true
}
