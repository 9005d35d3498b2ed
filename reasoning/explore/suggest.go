package explore

import (
	"context"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/kg"
)

// maxSuggestionTries bounds the candidate questions checked per answer.
const maxSuggestionTries = 40

// suggest returns up to three follow-up questions from the neighbourhood of
// the answer — about its answer entities, then the entities it named —
// each asking a relation the entity has, ranked by
// (1-λ)·in-context + λ·novelty as GraphLingo trades relevance for
// exploration: in-context is 1 for the relation just asked, else the
// relation's share of the KG (normalised by the commonest), novelty is one
// minus that share. A relation and an entity are used once where possible.
// Every question offered was asked and has an answer.
func (x *Explorer) suggest(ctx context.Context, ans *Answer, lambda float64) []string {
	var seeds []int32
	seeds = append(seeds, ans.answerIDs...)
	for _, m := range ans.Mentions {
		seeds = append(seeds, m.Entities...)
	}
	if len(seeds) > 12 {
		seeds = seeds[:12]
	}
	type cand struct {
		e, r      int32
		headKnown bool // the seed is the head: the question asks the tail
	}
	var asked []int32
	if ans.Query != nil {
		asked = ans.Query.Rels
	}
	var cands []cand
	seenRel := map[[2]int32]bool{}
	for _, e := range seeds {
		for _, t := range x.g.Out(e) {
			if !seenRel[[2]int32{e, t.R*2 + 1}] {
				seenRel[[2]int32{e, t.R*2 + 1}] = true
				cands = append(cands, cand{e, t.R, true})
			}
		}
		x.g.In(e, func(t kg.Triple) bool {
			if !seenRel[[2]int32{e, t.R * 2}] {
				seenRel[[2]int32{e, t.R * 2}] = true
				cands = append(cands, cand{e, t.R, false})
			}
			return true
		})
	}
	// GraphLingo's preference: λ near 0 stays in context (the relation
	// just asked, then the KG's common relations), λ near 1 explores (its
	// rarer relations first). Stable, so seeds keep their order.
	maxCount := 1
	for r := range int32(x.g.NumRelations()) {
		maxCount = max(maxCount, x.g.RelationCount(r))
	}
	score := func(c cand) float64 {
		pop := float64(x.g.RelationCount(c.r)) / float64(maxCount)
		inContext := pop
		if slices.Contains(asked, c.r) {
			inContext = 1
		}
		return (1-lambda)*inContext + lambda*(1-pop)
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		sa, sb := score(a), score(b)
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
	var out []string
	usedRel := map[int32]bool{}
	usedEnt := map[int32]bool{}
	tries := 0
	for pass := 0; pass < 2 && len(out) < 3; pass++ {
		for _, c := range cands {
			if len(out) == 3 || tries >= maxSuggestionTries || ctx.Err() != nil {
				break
			}
			// First pass: a new relation and a new entity each time.
			if pass == 0 && (usedRel[c.r] || usedEnt[c.e]) {
				continue
			}
			q, ok := x.verbalize(c.e, c.r, c.headKnown)
			if !ok || slices.Contains(out, q) || q == ans.Question {
				continue
			}
			tries++
			if x.answers(ctx, q, lambda, c.e, c.r, c.headKnown) {
				out = append(out, q)
				usedRel[c.r], usedEnt[c.e] = true, true
			}
		}
	}
	return out
}

// answers reports whether question q reads as the intended pattern about
// e and relation r and has at least one answer.
func (x *Explorer) answers(ctx context.Context, q string, lambda float64, e, r int32, headKnown bool) bool {
	a, err := x.answer(ctx, q, lambda)
	if err != nil || a.Declined || a.Query == nil || a.Query.Kind != KindPattern || len(a.Facts) == 0 {
		return false
	}
	bound := a.Query.Tails
	if headKnown {
		bound = a.Query.Heads
	}
	return slices.Equal(bound, []int32{e}) && slices.Contains(a.Query.Rels, r)
}

// verbalize writes a question asking relation r of entity e: its tail when
// headKnown, else its head. Of the phrases naming r alone it prefers, for
// each form, one from the synonym table (written in the base form: "what
// does X inhibit?") or else the relation's own name ("what decreases
// activity of X?").
func (x *Explorer) verbalize(e, r int32, headKnown bool) (string, bool) {
	name, ok := uniqueName(x.g, e)
	if !ok {
		return "", false
	}
	var forms []string
	for i := range x.phrases {
		p := &x.phrases[i]
		if p.ofless || len(p.rels) != 1 || p.rels[0] != r {
			continue
		}
		// The entity after the phrase is its object, before it its
		// subject; an inverse phrase swaps head and tail.
		entityIsObject := headKnown == p.inverse
		var q string
		switch {
		case entityIsObject && p.noun:
			q = "What are the " + pluralOf(p.text) + " " + name + "?"
		case entityIsObject && p.derived:
			q = "What " + p.text + " " + name + "?"
		case entityIsObject:
			continue // a base-form verb reads badly after "what"
		case p.noun:
			q = "What is " + name + " a " + p.text + "?"
		case !p.derived:
			q = "What does " + name + " " + p.text + "?"
		default:
			q = name + " " + p.text + " what?"
		}
		if !p.derived {
			return q, true // the synonym table reads more naturally
		}
		forms = append(forms, q)
	}
	if len(forms) == 0 {
		return "", false
	}
	return forms[0], true
}

// pluralOf makes the noun before a trailing "of" plural: "part of" is
// "parts of".
func pluralOf(text string) string {
	head, ok := strings.CutSuffix(text, " of")
	switch n := len(head); {
	case !ok || strings.HasSuffix(head, "s"):
		return text
	case n > 1 && head[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(head[n-2])):
		return head[:n-1] + "ies of"
	}
	return head + "s of"
}
