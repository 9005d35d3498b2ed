package lang

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
)

// Form names one form of a verb.
type Form uint8

// The forms of a verb.
const (
	Base Form = iota // "follow"
	S                // "follows"
	Ed               // "followed"
	En               // "followed" (participle)
	Ing              // "following"
)

// Of returns the verb's form f, "" when it lacks it.
func (v Verb) Of(f Form) string {
	switch f {
	case Base:
		return v.Base
	case S:
		return v.S
	case Ed:
		return v.Ed
	case En:
		return v.En
	case Ing:
		return v.Ing
	}
	return ""
}

// Phrases returns the verb's forms fs, each with every preposition it
// takes ("report to", "reports to"; "point to", "point at").
func (v Verb) Phrases(fs ...Form) []string {
	var out []string
	for _, f := range fs {
		w := v.Of(f)
		if w == "" {
			continue
		}
		if len(v.Preps) == 0 {
			out = append(out, w)
			continue
		}
		for _, p := range v.Preps {
			out = append(out, w+" "+p)
		}
	}
	return out
}

// Stem is the longest common prefix of the verb's base and -s forms
// ("manag" for manage/manages, "rel" for rely/relies): a substring every
// question with either form contains.
func (v Verb) Stem() string {
	a, b := v.Base, v.S
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}

// Phrases returns the forms fs of every relation for which keep is true
// (nil keeps all), deduplicated, in lexicon order.
func Phrases(rels []Relation, keep func(Relation) bool, fs ...Form) []string {
	var out []string
	for _, r := range rels {
		if keep != nil && !keep(r) {
			continue
		}
		for _, p := range r.Phrases(fs...) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// Carried returns, for every relation keep accepts whose verb carries an
// object before its preposition (Relation.Carries), the forms fs with a
// gap for that object: "lends … to" ("lends the extractor to"). Alt
// compiles the gap to one to three words.
func Carried(rels []Relation, keep func(Relation) bool, fs ...Form) []string {
	var out []string
	for _, r := range rels {
		if !r.Carries || len(r.Preps) == 0 || keep != nil && !keep(r) {
			continue
		}
		for _, f := range fs {
			w := r.Of(f)
			if w == "" {
				continue
			}
			for _, p := range r.Preps {
				if ph := w + " " + CarryGap + " " + p; !slices.Contains(out, ph) {
					out = append(out, ph)
				}
			}
		}
	}
	return out
}

// CarryGap stands for a carried object in a phrase of Carried.
const CarryGap = "…"

// carryGapRE is what CarryGap matches: one to three words.
const carryGapRE = `[\pL\pN'’-]+(?:\s+[\pL\pN'’-]+){0,2}?`

// Alt returns a regexp alternation (no group) of the phrases: each quoted,
// the spaces inside a phrase matching any run of white space, longer
// phrases first so that a shorter one never wins a prefix of a longer
// one. A CarryGap field matches one to three words.
func Alt(phrases []string) string {
	ps := AltOrder(phrases)
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = AltOne(p)
	}
	return strings.Join(parts, "|")
}

// AltOrder returns the phrases in the order Alt writes them: longer
// phrases first, each once, empty ones left out.
func AltOrder(phrases []string) []string {
	ps := slices.Clone(phrases)
	slices.SortStableFunc(ps, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	out := ps[:0]
	seen := map[string]bool{}
	for _, p := range ps {
		if p == "" || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

// AltOne is one phrase's alternative in Alt: its fields quoted and joined
// by runs of white space, a CarryGap field one to three words.
func AltOne(p string) string {
	fields := strings.Fields(p)
	for i, f := range fields {
		if f == CarryGap {
			fields[i] = carryGapRE
			continue
		}
		fields[i] = regexp.QuoteMeta(f)
	}
	return strings.Join(fields, `\s+`)
}
