// Package explore answers questions in words over a knowledge graph, as
// GraphLingo does: a question ("what are the hypernyms of dog?", "which
// proteins does acetylsalicylic acid act on?", "what connects metformin to
// diabetes?") becomes a triple pattern or a path query over a tools/kg
// knowledge graph; the answer lists the matching triples with names, and
// three follow-up questions, each checked to have an answer, are suggested
// from the answer's neighbourhood. A Session keeps the history of an
// exploration, which back, history and goto rewind.
//
// Reading is deterministic and needs no model. Relation words come from the
// KG's relation names (WN18RR's "_hypernym" is "hypernym") plus a small
// synonym table per KG; entity names are matched exactly or by embedding
// similarity (the encoders package), weighted by λ as in GraphLingo: 0
// reads exact names only, 1 similarity only. A reading that is not certain
// — no entity, an ambiguous name, two entities and no relation — is
// declined with what was read, never guessed.
package explore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/tools/kg"
)

// DefaultLambda is the default weight of embedding similarity against exact
// names: exact names win whenever one matches, and otherwise a name whose
// similarity reaches minScore/DefaultLambda is read.
const DefaultLambda = 0.8

// MaxQuestionBytes is the longest question read; a longer one is declined.
const MaxQuestionBytes = 4096

// ErrDeclined means the question's reading was not certain enough to
// answer; the Answer says what was read.
var ErrDeclined = errors.New("declined: the reading of the question is uncertain")

// Options configure an Explorer.
type Options struct {
	// Encoder embeds entity names for similarity matching; nil is the
	// builtin encoder fitted on the KG's names.
	Encoder encoders.Encoder
	// MaxHops bounds path queries (default 4); MaxPaths the paths shown
	// (default 5).
	MaxHops, MaxPaths int
	// MaxFacts bounds the triples an answer lists in its text (default
	// 25); Facts always holds them all.
	MaxFacts int
}

// Explorer answers questions over one knowledge graph. It is safe for
// concurrent use.
type Explorer struct {
	g         *kg.KG
	opts      Options
	phrases   []phrase
	typeWords []typeWord
	lexStems  map[string]bool // stems of relation phrases and type words
	m         *matcher
}

// New returns an explorer over g.
func New(g *kg.KG, opts Options) *Explorer {
	if opts.MaxHops <= 0 {
		opts.MaxHops = 4
	}
	if opts.MaxPaths <= 0 {
		opts.MaxPaths = 5
	}
	if opts.MaxFacts <= 0 {
		opts.MaxFacts = 25
	}
	x := &Explorer{g: g, opts: opts, phrases: buildPhrases(g), typeWords: buildTypeWords(g), lexStems: map[string]bool{}}
	for _, p := range x.phrases {
		for _, s := range p.stems {
			if !isWeakWord(s) {
				x.lexStems[s] = true
			}
		}
	}
	for _, t := range x.typeWords {
		for _, s := range t.stems {
			x.lexStems[s] = true
		}
	}
	x.m = &matcher{g: g, enc: opts.Encoder}
	return x
}

// KG returns the explorer's knowledge graph.
func (x *Explorer) KG() *kg.KG { return x.g }

// Fact is one triple with names.
type Fact struct {
	H       int32  `json:"-"`
	R       int32  `json:"-"`
	T       int32  `json:"-"`
	Head    string `json:"head"`
	HeadID  string `json:"head_id"`
	Rel     string `json:"relation"`
	Tail    string `json:"tail"`
	TailID  string `json:"tail_id"`
	Forward bool   `json:"forward,omitempty"` // in a path: walked head to tail
}

// Answer is the explorer's answer to one question.
type Answer struct {
	Question string  `json:"question"`
	KG       string  `json:"kg"`
	Lambda   float64 `json:"lambda"`
	// Query is the reading; nil when the question was declined before a
	// query was formed.
	Query    *Query       `json:"query,omitempty"`
	Pattern  string       `json:"pattern,omitempty"` // the query written out
	Mentions []Resolution `json:"mentions,omitempty"`
	// Facts are the matching triples (pattern, check, between, about).
	Facts []Fact `json:"facts,omitempty"`
	// Entities are the answer entities' labels (the variable's values);
	// EntityIDs their external ids, in the same order.
	Entities  []string `json:"entities,omitempty"`
	EntityIDs []string `json:"entity_ids,omitempty"`
	// Paths are the shortest connections of a path query, each a list of
	// steps; PathLength their length in triples (-1: none within MaxHops).
	Paths      [][]Fact `json:"paths,omitempty"`
	PathLength int      `json:"path_length,omitempty"`
	// Count is the number of answer entities (or paths, or facts).
	Count int `json:"count"`
	// Text is the answer for people.
	Text        string   `json:"text"`
	Suggestions []string `json:"suggestions,omitempty"`
	Declined    bool     `json:"declined,omitempty"`
	answerIDs   []int32
}

// Ask answers question with weight lambda between exact names (0) and
// embedding similarity (1). A declined question returns the Answer, whose
// Text says what was read, and an error wrapping ErrDeclined.
func (x *Explorer) Ask(ctx context.Context, question string, lambda float64) (*Answer, error) {
	ans, err := x.answer(ctx, question, lambda)
	if err != nil || ans.Declined {
		return ans, err
	}
	ans.Suggestions = x.suggest(ctx, ans, lambda)
	return ans, nil
}

// answer is Ask without suggestions.
func (x *Explorer) answer(ctx context.Context, question string, lambda float64) (*Answer, error) {
	if lambda < 0 || lambda > 1 || lambda != lambda {
		return nil, fmt.Errorf("λ must be between 0 and 1, not %v", lambda)
	}
	ans := &Answer{Question: question, KG: x.g.Name(), Lambda: lambda}
	if len(question) > MaxQuestionBytes {
		ans.Question = question[:0]
		ans.Declined = true
		ans.Text = fmt.Sprintf("I could not answer: the question has %d bytes, more than %d.", len(question), MaxQuestionBytes)
		return ans, fmt.Errorf("question of %d bytes: %w", len(question), ErrDeclined)
	}
	ts := tokenize(question)
	if len(ts) == 0 {
		ans.Declined, ans.Text = true, "I could not answer: the question is empty."
		return ans, fmt.Errorf("empty question: %w", ErrDeclined)
	}
	rd := x.read(ts)
	q, res, err := x.interpret(ctx, rd, lambda)
	ans.Mentions = res
	var d *errDecline
	if errors.As(err, &d) {
		ans.Declined = true
		ans.Text = "I could not answer: " + d.msg + "." + x.readSummary(rd, res)
		return ans, fmt.Errorf("%s: %w", d.msg, ErrDeclined)
	}
	if err != nil {
		return nil, err
	}
	ans.Query = &q
	ans.Pattern = x.patternText(q)
	if err := x.run(ctx, q, ans); err != nil {
		return nil, err
	}
	return ans, nil
}

// readSummary says what was read, for a declined question.
func (x *Explorer) readSummary(rd reading, res []Resolution) string {
	var parts []string
	if rd.phrase != nil {
		parts = append(parts, fmt.Sprintf("the relation %q (%s)", rd.phrase.text, x.relNames(rd.phrase.rels)))
	}
	for _, r := range res {
		if len(r.Entities) > 0 {
			parts = append(parts, fmt.Sprintf("%q as %s", r.Mention, x.labels(r.Entities, 3)))
		} else if len(r.Best) > 0 {
			parts = append(parts, fmt.Sprintf("%q, nearest %s (%.2f)", r.Mention, r.Best[0].Name, r.Best[0].Score))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " I read " + strings.Join(parts, "; ") + "."
}

func (x *Explorer) relNames(rels []int32) string {
	if len(rels) == 0 {
		return "any relation"
	}
	names := make([]string, len(rels))
	for i, r := range rels {
		names[i] = x.g.Relation(r).ID
	}
	return strings.Join(names, " | ")
}

func (x *Explorer) labels(es []int32, limit int) string {
	var names []string
	for i, e := range es {
		if i == limit {
			names = append(names, fmt.Sprintf("%d more", len(es)-limit))
			break
		}
		names = append(names, x.g.Label(e))
	}
	return strings.Join(names, " | ")
}

// patternText writes a query out: "(dog (dog.n.01) | dog (dog.n.03), _hypernym, ?)".
func (x *Explorer) patternText(q Query) string {
	side := func(es []int32) string {
		if es == nil {
			s := "?"
			if q.AnswerType >= 0 {
				s += ":" + x.g.Types()[q.AnswerType]
			}
			return s
		}
		return x.labels(es, 3)
	}
	switch q.Kind {
	case KindPath:
		return fmt.Sprintf("path(%s, %s, at most %d hops)", side(q.Heads), side(q.Tails), x.opts.MaxHops)
	case KindBetween:
		return fmt.Sprintf("(%s, ?, %s) or (%s, ?, %s)", side(q.Heads), side(q.Tails), side(q.Tails), side(q.Heads))
	case KindAbout:
		return fmt.Sprintf("(%s, ?, ?) or (?, ?, %s)", side(q.Heads), side(q.Heads))
	}
	if q.Via != nil {
		inner := x.patternText(*q.Via)
		if q.Heads != nil && len(q.Heads) == 0 {
			return fmt.Sprintf("(?x, %s, ?) where ?x answers %s", x.relNames(q.Rels), inner)
		}
		if q.Tails != nil && len(q.Tails) == 0 {
			return fmt.Sprintf("(?, %s, ?x) where ?x answers %s", x.relNames(q.Rels), inner)
		}
	}
	if len(q.InverseRels) > 0 {
		return fmt.Sprintf("(%s, %s, %s) or (%s, %s, %s)", side(q.Heads), x.relNames(q.Rels), side(q.Tails),
			side(q.Tails), x.relNames(q.InverseRels), side(q.Heads))
	}
	return fmt.Sprintf("(%s, %s, %s)", side(q.Heads), x.relNames(q.Rels), side(q.Tails))
}

func (x *Explorer) fact(t kg.Triple) Fact {
	return Fact{H: t.H, R: t.R, T: t.T, Head: x.g.Label(t.H), HeadID: x.g.Entity(t.H).ID,
		Rel: x.g.Relation(t.R).ID, Tail: x.g.Label(t.T), TailID: x.g.Entity(t.T).ID}
}

// run executes the query and fills the answer.
func (x *Explorer) run(ctx context.Context, q Query, ans *Answer) error {
	var ts []kg.Triple
	if q.Via != nil {
		// The first step's answers bind this step; its triples are listed
		// first.
		var via Answer
		if err := x.run(ctx, *q.Via, &via); err != nil {
			return err
		}
		ans.Facts = append(ans.Facts, via.Facts...)
		if q.Heads != nil {
			q.Heads = via.answerIDs
		} else {
			q.Tails = via.answerIDs
		}
		if ans.Query != nil {
			ans.Query.Heads, ans.Query.Tails = q.Heads, q.Tails
		}
	}
	typeOK := func(e int32) bool { return q.AnswerType < 0 || x.g.Entity(e).Type == q.AnswerType }
	seen := map[int32]bool{}
	addAnswer := func(e int32) {
		if !seen[e] {
			seen[e] = true
			ans.answerIDs = append(ans.answerIDs, e)
		}
	}
	switch q.Kind {
	case KindPattern:
		// The answer is the free side of each triple: its head, or its
		// tail for an inverse relation (and the other way round).
		free := func(tr kg.Triple, head bool) {
			e := tr.T
			if head {
				e = tr.H
			}
			if typeOK(e) {
				ts = append(ts, tr)
				addAnswer(e)
			}
		}
		if q.Heads == nil {
			for _, t := range q.Tails {
				for _, tr := range x.g.Match(nil, kg.Pattern{H: kg.Any, T: t, Rels: q.Rels}, 0) {
					free(tr, true)
				}
				if len(q.InverseRels) > 0 {
					for _, tr := range x.g.Match(nil, kg.Pattern{H: t, T: kg.Any, Rels: q.InverseRels}, 0) {
						free(tr, false)
					}
				}
			}
		} else {
			for _, h := range q.Heads {
				for _, tr := range x.g.Match(nil, kg.Pattern{H: h, T: kg.Any, Rels: q.Rels}, 0) {
					free(tr, false)
				}
				if len(q.InverseRels) > 0 {
					for _, tr := range x.g.Match(nil, kg.Pattern{H: kg.Any, T: h, Rels: q.InverseRels}, 0) {
						free(tr, true)
					}
				}
			}
		}
	case KindCheck:
		for _, h := range q.Heads {
			for _, t := range q.Tails {
				ts = x.g.Match(ts, kg.Pattern{H: h, T: t, Rels: q.Rels}, 0)
				if len(q.InverseRels) > 0 {
					ts = x.g.Match(ts, kg.Pattern{H: t, T: h, Rels: q.InverseRels}, 0)
				}
			}
		}
	case KindBetween:
		for _, h := range q.Heads {
			for _, t := range q.Tails {
				ts = x.g.Match(ts, kg.Pattern{H: h, T: t}, 0)
				if h != t {
					ts = x.g.Match(ts, kg.Pattern{H: t, T: h}, 0)
				}
			}
		}
	case KindAbout:
		for _, e := range q.Heads {
			ts = x.g.Match(ts, kg.Pattern{H: e, T: kg.Any}, 0)
			x.g.In(e, func(t kg.Triple) bool {
				if t.H != e { // a self-loop is already listed
					ts = append(ts, t)
				}
				return true
			})
		}
		for _, t := range ts {
			if slices.Contains(q.Heads, t.H) {
				addAnswer(t.T)
			} else {
				addAnswer(t.H)
			}
		}
	case KindPath:
		paths, length, err := x.g.Paths(ctx, q.Heads, q.Tails, x.opts.MaxHops, x.opts.MaxPaths)
		if err != nil {
			return err
		}
		ans.PathLength = length
		for _, p := range paths {
			var fs []Fact
			for _, s := range p {
				f := x.fact(s.Triple)
				f.Forward = s.Forward
				fs = append(fs, f)
				if s.To() != p[len(p)-1].To() {
					addAnswer(s.To())
				}
			}
			ans.Paths = append(ans.Paths, fs)
		}
	}
	for _, t := range ts {
		ans.Facts = append(ans.Facts, x.fact(t))
	}
	if q.Via != nil && len(ts) == 0 {
		ans.Facts = nil // no answer: the first step's triples alone are not one
	}
	for _, e := range ans.answerIDs {
		ans.Entities = append(ans.Entities, x.g.Label(e))
		ans.EntityIDs = append(ans.EntityIDs, x.g.Entity(e).ID)
	}
	switch q.Kind {
	case KindPattern, KindAbout:
		ans.Count = len(ans.answerIDs)
	case KindPath:
		ans.Count = len(ans.Paths)
	default:
		ans.Count = len(ans.Facts)
	}
	ans.Text = x.describe(q, ans)
	for _, m := range ans.Mentions {
		if m.Note != "" {
			ans.Text += "\nNote: " + m.Note + "."
		}
	}
	return nil
}

// describe writes the answer for people.
func (x *Explorer) describe(q Query, ans *Answer) string {
	var b strings.Builder
	switch q.Kind {
	case KindPath:
		from, to := x.labels(q.Heads, 3), x.labels(q.Tails, 3)
		switch {
		case ans.PathLength == 0:
			fmt.Fprintf(&b, "%s and %s are the same entity.", from, to)
		case len(ans.Paths) == 0:
			fmt.Fprintf(&b, "The KG does not connect %s to %s within %d triples.", from, to, x.opts.MaxHops)
		default:
			fmt.Fprintf(&b, "%s connects to %s in %d triple(s); %d shortest connection(s) shown:", from, to, ans.PathLength, len(ans.Paths))
			for i, p := range ans.Paths {
				fmt.Fprintf(&b, "\n%d. %s", i+1, pathText(p))
			}
		}
		return b.String()
	case KindCheck:
		if len(ans.Facts) == 0 {
			fmt.Fprintf(&b, "No: the KG has no triple %s (it may be incomplete).", ans.Pattern)
			return b.String()
		}
		b.WriteString("Yes:")
	default:
		if len(ans.Facts) == 0 {
			fmt.Fprintf(&b, "The KG has no triple matching %s.", ans.Pattern)
			return b.String()
		}
		if q.Count {
			fmt.Fprintf(&b, "%d answer(s) for %s:", ans.Count, ans.Pattern)
		} else {
			fmt.Fprintf(&b, "%d triple(s) match %s:", len(ans.Facts), ans.Pattern)
		}
	}
	for i, f := range ans.Facts {
		if i == x.opts.MaxFacts {
			fmt.Fprintf(&b, "\n… and %d more (--json lists them all)", len(ans.Facts)-i)
			break
		}
		fmt.Fprintf(&b, "\n- %s —%s→ %s", f.Head, f.Rel, f.Tail)
	}
	return b.String()
}

// pathText writes one path: "A —r→ B ←s— C".
func pathText(p []Fact) string {
	var b strings.Builder
	for i, f := range p {
		from, to := f.Head, f.Tail
		if !f.Forward {
			from, to = f.Tail, f.Head
		}
		if i == 0 {
			b.WriteString(from)
		}
		if f.Forward {
			fmt.Fprintf(&b, " —%s→ %s", f.Rel, to)
		} else {
			fmt.Fprintf(&b, " ←%s— %s", f.Rel, to)
		}
	}
	return b.String()
}

// Reading is a question's reading without running it: the query (nil when
// the question was declined), how each entity mention was resolved, the
// relation phrase read ("" when none) and the mentions' texts.
type Reading struct {
	Query    *Query
	Mentions []Resolution
	Relation string
	// Spans are the texts of every entity mention read, in the question's
	// order, normalised (kg.Normalize); a declined reading may have
	// resolved only some of them.
	Spans []string
}

// Read reads question as Ask does, with weight lambda, without running the
// query, for callers that answer the reading otherwise (ask's knowledge-
// graph completion). A declined reading returns what was read and an error
// wrapping ErrDeclined.
func (x *Explorer) Read(ctx context.Context, question string, lambda float64) (Reading, error) {
	if lambda < 0 || lambda > 1 || lambda != lambda {
		return Reading{}, fmt.Errorf("λ must be between 0 and 1, not %v", lambda)
	}
	if len(question) > MaxQuestionBytes {
		return Reading{}, fmt.Errorf("question of %d bytes: %w", len(question), ErrDeclined)
	}
	ts := tokenize(question)
	if len(ts) == 0 {
		return Reading{}, fmt.Errorf("empty question: %w", ErrDeclined)
	}
	rd := x.read(ts)
	q, res, err := x.interpret(ctx, rd, lambda)
	out := Reading{Mentions: res}
	for _, m := range rd.mentions {
		out.Spans = append(out.Spans, m.text)
	}
	if rd.phrase != nil {
		out.Relation = rd.phrase.text
	}
	var d *errDecline
	if errors.As(err, &d) {
		return out, fmt.Errorf("%s: %w", d.msg, ErrDeclined)
	}
	if err != nil {
		return out, err
	}
	out.Query = &q
	return out, nil
}

// Facts returns the stored triples matching a query read by Read (a
// pattern's relations and inverse relations, or every relation between two
// entities), as Ask lists them.
func (x *Explorer) Facts(ctx context.Context, q Query) ([]Fact, error) {
	var ans Answer
	if err := x.run(ctx, q, &ans); err != nil {
		return nil, err
	}
	return ans.Facts, nil
}
