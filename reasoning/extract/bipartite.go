package extract

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// BipartiteProse reads relations between two kinds of things written in
// prose, the way matching problems are told: "Applicant 0 is interested in
// job 1.", "person P can do project Q", "student S wants courses C1 and C2",
// "worker 3 is qualified for task 5", "Job 4 can be done by worker 2".
//
// Node IDs carry their kind ("applicant 0", "job 1") so two kinds that use
// the same numbers stay apart; Kinds maps each node to its kind. A
// declaration "There are 15 job applicants numbered from 0 to 14, and 15
// jobs numbered from 0 to 14" declares both sets, isolated members included.
// Edges run from the kind written first to the other kind, whatever the
// sentence's voice. Negated sentences ("applicant 3 is not interested in
// job 2") declare their nodes and give no edge. Sentences about the kinds in
// general ("Each job can only accept one applicant") are accounted as rules.
type BipartiteProse struct{}

// Name names the notation.
func (BipartiteProse) Name() string { return "bipartite prose" }

// bipartiteMaxRange is the largest numbered range a declaration expands.
const bipartiteMaxRange = 100_000

// bipartiteMention is a kind word followed by one or more IDs: "job 1",
// "jobs 1, 2 and 5", "job 1 or job 2".
type bipartiteMention struct {
	kind       string
	ids        []string
	first, end int // token range [first, end) in the sentence
}

// bipartiteClause is one relation read from a sentence.
type bipartiteClause struct {
	a, b    bipartiteMention
	negated bool
}

// bipartiteDecl is a declared numbered set of one kind.
type bipartiteDecl struct {
	kind   string
	lo, hi int // inclusive range, hi < lo when only a count or a list was given
	count  int // the count written, -1 when none
	// ids are the members named in a list ("Students: S1, S2, S3").
	ids  []string
	span Span
}

// Read implements Reader.
func (BipartiteProse) Read(ctx context.Context, d *Doc) (Reading, error) {
	if !bipartiteMayRelate(d) {
		return Reading{}, nil
	}
	return bipartiteRead(ctx, d)
}

// bipartiteRead reads the notation without the cheap test first.
func bipartiteRead(ctx context.Context, d *Doc) (Reading, error) {
	sents, err := proseSentences(ctx, d)
	if err != nil {
		return Reading{}, err
	}
	type edgeSent struct {
		clauses []bipartiteClause
		span    Span
	}
	var found []edgeSent
	var decls []bipartiteDecl
	var half []Span // sentences with one mention and a relation but no partner
	// Words the text writes in lower case are common nouns: "Person Alice"
	// is a kind and a name when the text also says "person" or "people".
	common := map[string]bool{}
	for _, s := range sents {
		for _, t := range s.Toks {
			if t.Kind == proseWord && t.Text[0] >= 'a' && t.Text[0] <= 'z' {
				common[singular(t.Lower)] = true
			}
		}
	}
	for _, s := range sents {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		if s.Question {
			continue
		}
		dd := bipartiteDecls(s)
		decls = append(decls, dd...)
		ms := bipartiteMentions(s.Toks, common)
		if len(dd) > 0 {
			ms = bipartiteOutside(s.Toks, ms, dd)
		}
		if len(ms) == 0 {
			continue
		}
		cl, leftover := bipartiteClauses(s.Toks, ms)
		if len(cl) > 0 {
			found = append(found, edgeSent{clauses: cl, span: Span{Start: s.Start, End: s.End, Role: RoleGraph}})
		} else if leftover {
			half = append(half, Span{Start: s.Start, End: s.End, Role: RoleGraph})
		}
	}
	if len(found) == 0 {
		return Reading{}, nil
	}

	// The first kind written as a subject orients every edge.
	kindA, kindB := found[0].clauses[0].a.kind, found[0].clauses[0].b.kind
	kindUses := map[string]int{}
	pairUses := 0
	for _, f := range found {
		for _, c := range f.clauses {
			kindUses[c.a.kind]++
			kindUses[c.b.kind]++
			if (c.a.kind == kindA && c.b.kind == kindB) || (c.a.kind == kindB && c.b.kind == kindA) {
				pairUses++
			}
		}
	}
	r := Reading{
		Reader:     BipartiteProse{}.Name(),
		Directed:   DirUndirected,
		Kinds:      map[string]string{},
		Confidence: 0.95,
	}
	seen := map[string]bool{}
	addNode := func(kind, id string) string {
		n := kind + " " + id
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
			r.Kinds[n] = kind
		}
		return n
	}
	edgeSeen := map[[2]string]bool{}
	declared := map[string]bool{}
	// Declarations first: they name the node sets in order.
	for _, dc := range decls {
		if kindUses[dc.kind] == 0 {
			continue // a set of something else ("nodes numbered from 0 to 7")
		}
		declared[dc.kind] = true
		r.Spans = append(r.Spans, dc.span)
		if dc.ids != nil {
			for _, id := range dc.ids {
				addNode(dc.kind, id)
			}
			continue
		}
		if dc.hi < dc.lo {
			continue // a count alone; checked against the IDs used below
		}
		if dc.count >= 0 && dc.count != dc.hi-dc.lo+1 {
			r.Notes = append(r.Notes, fmt.Sprintf("%d %ss are declared but numbered %d to %d", dc.count, dc.kind, dc.lo, dc.hi))
			r.Confidence = min(r.Confidence, 0.6)
		}
		if dc.hi-dc.lo+1 > bipartiteMaxRange {
			r.Notes = append(r.Notes, fmt.Sprintf("the %ss numbered %d to %d are too many to list; only those in relations are nodes", dc.kind, dc.lo, dc.hi))
			r.Confidence = min(r.Confidence, 0.5)
			continue
		}
		for i := dc.lo; i <= dc.hi; i++ {
			addNode(dc.kind, strconv.Itoa(i))
		}
	}
	negated := 0
	for _, f := range found {
		r.Spans = append(r.Spans, f.span)
		for _, c := range f.clauses {
			a, b := c.a, c.b
			if a.kind == kindB && b.kind == kindA {
				a, b = b, a
			}
			for _, u := range a.ids {
				nu := addNode(a.kind, u)
				for _, v := range b.ids {
					nv := addNode(b.kind, v)
					if c.negated {
						continue
					}
					key := [2]string{nu, nv}
					if edgeSeen[key] {
						continue
					}
					edgeSeen[key] = true
					r.Edges = append(r.Edges, Edge{U: nu, V: nv, Start: f.span.Start, End: f.span.End})
				}
			}
			if c.negated {
				negated++
			}
		}
	}
	if negated > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%d negated relation(s) (\"not\") give no edge", negated))
	}
	// Members named outside their declared numbering contradict it.
	for _, dc := range decls {
		if (dc.hi < dc.lo && dc.ids == nil) || kindUses[dc.kind] == 0 {
			continue
		}
		var outside []string
		for _, n := range r.Nodes {
			if r.Kinds[n] != dc.kind {
				continue
			}
			if dc.ids != nil {
				if !slices.Contains(dc.ids, n[len(dc.kind)+1:]) {
					outside = append(outside, n)
				}
				continue
			}
			id, err := strconv.Atoi(n[len(dc.kind)+1:])
			if err != nil || id < dc.lo || id > dc.hi {
				outside = append(outside, n)
			}
		}
		switch {
		case len(outside) > 0 && dc.ids != nil:
			r.Notes = append(r.Notes, fmt.Sprintf("%s named, but the %ss listed are %s", strings.Join(outside, ", "), dc.kind, strings.Join(dc.ids, ", ")))
			r.Confidence = min(r.Confidence, 0.4)
		case len(outside) > 0:
			r.Notes = append(r.Notes, fmt.Sprintf("%s named, but the %ss are numbered %d to %d", strings.Join(outside, ", "), dc.kind, dc.lo, dc.hi))
			r.Confidence = min(r.Confidence, 0.4)
		}
	}
	// Declared counts without numbering: check the IDs used fit.
	for _, dc := range decls {
		if dc.hi >= dc.lo || dc.ids != nil || kindUses[dc.kind] == 0 {
			continue
		}
		r.Notes = append(r.Notes, bipartiteCountNote(&r, dc, addNode)...)
	}
	if len(kindUses) > 2 {
		r.Notes = append(r.Notes, fmt.Sprintf("relations name %d kinds of things, not two", len(kindUses)))
		r.Confidence = min(r.Confidence, 0.6)
	}
	if pairUses < 2 && !(declared[kindA] && declared[kindB]) {
		r.Notes = append(r.Notes, fmt.Sprintf("only one relation between %ss and %ss and no declaration of both", kindA, kindB))
		r.Confidence = min(r.Confidence, 0.6)
	}
	if len(half) > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%d sentence(s) name a %s or %s without a partner", len(half), kindA, kindB))
		r.Spans = append(r.Spans, half...)
		r.Confidence = min(r.Confidence, 0.7)
	}
	// Sentences about the kinds in general are the problem's rules.
	for _, s := range sents {
		if !s.Question && bipartiteIsRule(s.Toks, kindA, kindB) {
			r.Spans = append(r.Spans, Span{Start: s.Start, End: s.End, Role: RoleRule})
		}
	}
	return r, nil
}

// bipartiteMayRelate is a cheap test on the whole question: a relation
// needs two different kind words each followed by an ID ("applicant 0",
// "job J2"). It errs on the side of yes.
func bipartiteMayRelate(d *Doc) bool {
	v := d.words()
	first := ""
	for k, w := range v.list {
		if !v.idAfter[k] {
			continue
		}
		kind := singular(w)
		if first == "" {
			first = kind
		} else if kind != first {
			return true
		}
	}
	return false
}

// bipartiteMayKind reports whether a lower-case word can name a kind of
// node ("applicants", "job"): two letters or more, and neither it nor its
// singular a stop word.
func bipartiteMayKind(w string) bool {
	return len(w) >= 2 && !bipartiteStopKinds[singular(w)] && !bipartiteStopKinds[w]
}

// bipartiteCountNote handles a declared count without numbering ("There are
// 3 workers"): when the IDs used are numbers that fit 0..n-1 or 1..n the
// missing members are added as isolated nodes; otherwise a note says the
// count could not be matched.
func bipartiteCountNote(r *Reading, dc bipartiteDecl, addNode func(kind, id string) string) []string {
	used := map[int]bool{}
	maxID, zero := -1, false
	for _, n := range r.Nodes {
		if r.Kinds[n] != dc.kind {
			continue
		}
		id, err := strconv.Atoi(n[len(dc.kind)+1:])
		if err != nil || id < 0 {
			if len(used) == 0 && dc.count >= 0 {
				return bipartiteCountMismatch(r, dc)
			}
			continue
		}
		used[id] = true
		maxID = max(maxID, id)
		zero = zero || id == 0
	}
	switch {
	case dc.count < 0 || dc.count > bipartiteMaxRange:
		return nil
	case len(used) == dc.count:
		return nil
	case zero && maxID < dc.count:
		for i := 0; i < dc.count; i++ {
			addNode(dc.kind, strconv.Itoa(i))
		}
		return []string{fmt.Sprintf("%d %ss are declared without numbers; taken as %d to %d because %s 0 is named", dc.count, dc.kind, 0, dc.count-1, dc.kind)}
	case !zero && maxID == dc.count:
		for i := 1; i <= dc.count; i++ {
			addNode(dc.kind, strconv.Itoa(i))
		}
		return []string{fmt.Sprintf("%d %ss are declared without numbers; taken as 1 to %d because %s %d is named", dc.count, dc.kind, dc.count, dc.kind, dc.count)}
	}
	return bipartiteCountMismatch(r, dc)
}

func bipartiteCountMismatch(r *Reading, dc bipartiteDecl) []string {
	r.Confidence = min(r.Confidence, 0.5)
	return []string{fmt.Sprintf("%d %ss are declared but the ones named do not show how they are numbered", dc.count, dc.kind)}
}

// bipartiteStopKinds are words that are not kinds of things in a bipartite
// relation: graph words (their prose is another reader's), units and
// counters, and function words.
var bipartiteStopKinds = map[string]bool{
	"node": true, "vertex": true, "vertice": true, "edge": true, "graph": true, "arc": true, "link": true,
	"step": true, "layer": true, "round": true, "iteration": true, "hop": true, "level": true, "weight": true,
	"capacity": true, "cost": true, "distance": true, "length": true, "unit": true, "km": true, "mile": true,
	"meter": true, "hour": true, "minute": true, "second": true, "day": true, "week": true, "month": true,
	"year": true, "time": true, "number": true, "line": true, "row": true, "column": true, "page": true,
	"figure": true, "table": true, "example": true, "question": true, "answer": true, "case": true, "from": true,
	"to": true, "and": true, "or": true, "of": true, "in": true, "is": true, "are": true, "the": true, "a": true,
	"an": true, "with": true, "by": true, "for": true, "at": true, "on": true, "than": true, "total": true,
	"only": true, "all": true, "each": true, "every": true, "about": true, "over": true, "under": true,
	"degree": true, "rank": true, "score": true, "size": true, "order": true, "point": true, "percent": true,
	"has": true, "have": true, "be": true, "been": true, "was": true, "were": true, "get": true, "gets": true,
	"between": true, "into": true, "as": true, "after": true, "before": true, "then": true, "if": true,
	"q": true, "note": true, "there": true, "numbered": true, "labelled": true, "labeled": true, "least": true,
	"most": true, "exactly": true, "up": true, "top": true, "first": true, "last": true, "next": true,
}

// bipartiteNotIDs are capitalised words that start sentences and clauses,
// never IDs.
var bipartiteNotIDs = map[string]bool{
	"the": true, "an": true, "and": true, "or": true, "of": true, "in": true, "on": true, "at": true, "to": true,
	"from": true, "by": true, "for": true, "with": true, "each": true, "every": true, "all": true, "is": true,
	"are": true, "can": true, "has": true, "have": true, "but": true, "also": true, "then": true, "there": true,
	"this": true, "that": true, "these": true, "those": true, "it": true, "he": true, "she": true, "they": true,
	"we": true, "you": true, "no": true, "not": true, "only": true, "if": true, "so": true, "as": true,
}

// bipartiteIsID reports whether a token can be the ID after a kind word: an
// integer, or a word that starts with an upper-case letter or mixes letters
// and digits ("P", "C2", "Alice").
func bipartiteIsID(t proseToken) bool {
	switch t.Kind {
	case proseNumber:
		_, ok := proseInt(t)
		return ok
	case proseWord:
		if len(t.Text) > 1 && bipartiteNotIDs[t.Lower] {
			return false
		}
		c := t.Text[0]
		if 'A' <= c && c <= 'Z' {
			return true
		}
		for i := 0; i < len(t.Text); i++ {
			if '0' <= t.Text[i] && t.Text[i] <= '9' {
				return true
			}
		}
	}
	return false
}

// bipartiteNameLike reports whether a word ID looks like part of a name:
// longer than one letter and without digits.
func bipartiteNameLike(t proseToken) bool {
	if t.Kind != proseWord || len(t.Text) < 2 {
		return false
	}
	for i := 0; i < len(t.Text); i++ {
		if '0' <= t.Text[i] && t.Text[i] <= '9' {
			return false
		}
	}
	return true
}

// bipartiteKindWord reports whether a token can name a kind and returns the
// kind (singular, lower case).
func bipartiteKindWord(t proseToken) (string, bool) {
	if t.Kind != proseWord {
		return "", false
	}
	for i := 0; i < len(t.Lower); i++ {
		if c := t.Lower[i]; c < 'a' || c > 'z' {
			return "", false
		}
	}
	if len(t.Lower) < 2 {
		return "", false
	}
	k := singular(t.Lower)
	if bipartiteStopKinds[k] || bipartiteStopKinds[t.Lower] {
		return "", false
	}
	return k, true
}

// bipartiteMentions finds the kind-and-ID mentions of a sentence, in order:
// "applicant 0", "jobs 1, 2 and 5", "job 1 or job 2".
func bipartiteMentions(toks []proseToken, common map[string]bool) []bipartiteMention {
	var ms []bipartiteMention
	for i := 0; i+1 < len(toks); i++ {
		kind, ok := bipartiteKindWord(toks[i])
		if !ok || !bipartiteIsID(toks[i+1]) {
			continue
		}
		if c := toks[i].Text[0]; 'A' <= c && c <= 'Z' && bipartiteNameLike(toks[i+1]) && !common[kind] {
			// "Alice Smith": two capitalised words are a name, unless the
			// first is a common noun of the text ("Worker Alice" where the
			// text also says "worker").
			continue
		}
		m := bipartiteMention{kind: kind, ids: []string{toks[i+1].Text}, first: i}
		j := i + 2
		for {
			k := j
			// separators: ",", "and", ", and", "or", "&", "/"
			sep := false
			for k < len(toks) && (toks[k].punct(',') || toks[k].punct('&') || toks[k].punct('/') || toks[k].is("and", "or")) {
				k++
				sep = true
			}
			if !sep {
				break
			}
			if k < len(toks) {
				if kk, ok := bipartiteKindWord(toks[k]); ok && kk == kind && k+1 < len(toks) && bipartiteIsID(toks[k+1]) {
					k++ // "job 1 and job 2"
				}
			}
			if k >= len(toks) || !bipartiteIsID(toks[k]) || toks[k].Kind != toks[i+1].Kind {
				break
			}
			// "job 1 and applicant 2 ..." is caught above (another kind);
			// an ID followed by a kind word's ID would be a new mention.
			if k+1 < len(toks) && bipartiteIsID(toks[k+1]) {
				break
			}
			m.ids = append(m.ids, toks[k].Text)
			j = k + 1
		}
		m.end = j
		ms = append(ms, m)
		i = j - 1
	}
	return ms
}

// bipartiteBreakers are words between two mentions that make the sentence
// about a path or a connection between things of one graph, not a relation
// between two kinds.
var bipartiteBreakers = map[string]bool{
	"connects": true, "connect": true, "connected": true, "connecting": true, "links": true, "linked": true,
	"joins": true, "joined": true, "between": true, "from": true, "adjacent": true, "neighbor": true,
	"neighbour": true, "neighbors": true, "neighbours": true, "edge": true, "edges": true, "path": true,
	"road": true, "route": true, "than": true, "before": true, "after": true, "weight": true, "capacity": true,
	"km": true, "miles": true,
}

// bipartiteNegations make a relation false.
var bipartiteNegations = map[string]bool{
	"not": true, "never": true, "no": true, "cannot": true, "neither": true, "nor": true, "t": true, // "isn't" → "isn", "'", "t"
}

// bipartiteMaxGap is the longest relation phrase (in tokens) between two
// mentions.
const bipartiteMaxGap = 10

// bipartiteClauses pairs the mentions of a sentence into relations: a
// mention, a relation phrase of words, and a mention of another kind.
// leftover is set when a mention was left without a partner after a
// relation phrase (the sentence half-matches).
func bipartiteClauses(toks []proseToken, ms []bipartiteMention) (out []bipartiteClause, leftover bool) {
	for i := 0; i < len(ms); {
		if i+1 >= len(ms) {
			leftover = leftover || len(out) == 0 && ms[i].end < len(toks)-1
			break
		}
		a, b := ms[i], ms[i+1]
		gap := toks[a.end:b.first]
		rel, negated := bipartiteRelation(gap)
		if a.kind == b.kind || !rel {
			i++
			continue
		}
		out = append(out, bipartiteClause{a: a, b: b, negated: negated})
		i += 2
	}
	return out, leftover
}

// bipartiteRelation reports whether the tokens between two mentions read as
// a relation phrase ("is interested in", "can do", "wants", "can be done
// by", or a colon or arrow alone) and whether it is negated.
func bipartiteRelation(gap []proseToken) (ok, negated bool) {
	if len(gap) == 0 || len(gap) > bipartiteMaxGap {
		return false, false
	}
	// "Applicant 0: job 1, job 2", "Worker 1 -> task 2": a colon or an
	// arrow relates too.
	marks := 0
	for _, t := range gap {
		if t.punct(':') || t.punct('-') || t.punct('>') || t.punct('→') || t.punct('=') {
			marks++
		}
	}
	if marks == len(gap) && len(gap) <= 2 {
		return true, false
	}
	words := 0
	for _, t := range gap {
		switch t.Kind {
		case proseNumber:
			return false, false
		case prosePunct:
			if !t.punct('\'') && !t.punct('’') && !t.punct('-') {
				return false, false
			}
		case proseWord:
			if bipartiteBreakers[t.Lower] {
				return false, false
			}
			if bipartiteNegations[t.Lower] {
				negated = true
			}
			words++
		}
	}
	return words > 0, negated
}

// bipartiteDecls reads declarations of numbered sets in a sentence: "15
// job applicants numbered from 0 to 14", "jobs 1-6", "3 workers (numbered 1
// to 3)", "There are 3 workers and 4 tasks".
func bipartiteDecls(s proseSentence) []bipartiteDecl {
	toks := s.Toks
	if d, ok := bipartiteListDecl(toks); ok {
		return []bipartiteDecl{d}
	}
	var out []bipartiteDecl
	for i := 0; i < len(toks); i++ {
		kind, ok := bipartiteKindWord(toks[i])
		if !ok {
			continue
		}
		count := -1
		startTok := i
		if i > 0 {
			if n, ok := proseCount(toks[i-1]); ok {
				count, startTok = n, i-1
			} else if _, noun := bipartiteKindWord(toks[i-1]); noun && i > 1 {
				// "15 job applicants": a noun before the kind word
				if n, ok := proseCount(toks[i-2]); ok && toks[i-2].Kind == proseNumber {
					count, startTok = n, i-2
				}
			}
		}
		j := i + 1
		if j < len(toks) && toks[j].punct('(') {
			j++
		}
		if j < len(toks) && toks[j].is("are") {
			j++
		}
		numbered := false
		if j < len(toks) && toks[j].is("numbered", "labelled", "labeled", "indexed", "identified", "with", "ids", "id") {
			numbered = true
			j++
			for j < len(toks) && toks[j].is("ids", "id", "numbers", "as", "from", "by") {
				j++
			}
		}
		lo, hi, next, ok := bipartiteRange(toks, j)
		stated := numbered || count >= 0 || (i+1 < len(toks) && toks[i+1].is("are")) || bipartiteThereAre(toks, startTok)
		if ok && stated && (numbered || toks[i].Lower != kind) {
			// "jobs 0 to 6" needs the plural and a statement ("there are",
			// a count): "worker 1 can do tasks 1-3" relates, it does not
			// declare.
			end := next
			if end < len(toks) && toks[end].punct(')') {
				end++
			}
			out = append(out, bipartiteDecl{kind: kind, lo: lo, hi: hi, count: count, span: Span{Start: toks[startTok].Start, End: toks[end-1].End, Role: RoleDeclaration}})
			i = end - 1
			continue
		}
		if count >= 0 && toks[i].Lower != kind && bipartiteThereAre(toks, startTok) {
			out = append(out, bipartiteDecl{kind: kind, lo: 0, hi: -1, count: count, span: Span{Start: toks[startTok].Start, End: toks[i].End, Role: RoleDeclaration}})
		}
	}
	return out
}

// bipartiteListDecl reads a sentence that lists the members of a kind:
// "Students: S1, S2, S3.", "The courses are C1, C2 and C3."
func bipartiteListDecl(toks []proseToken) (bipartiteDecl, bool) {
	i := 0
	if i < len(toks) && toks[i].is("the") {
		i++
	}
	if i+2 >= len(toks) {
		return bipartiteDecl{}, false
	}
	kind, ok := bipartiteKindWord(toks[i])
	if !ok || toks[i].Lower == kind {
		return bipartiteDecl{}, false // the plural names a set
	}
	j := i + 1
	switch {
	case toks[j].punct(':'):
		j++
	case toks[j].is("are"):
		j++
		if j < len(toks) && toks[j].punct(':') {
			j++
		}
	default:
		return bipartiteDecl{}, false
	}
	var ids []string
	for j < len(toks) && bipartiteIsID(toks[j]) {
		ids = append(ids, toks[j].Text)
		j++
		for j < len(toks) && (toks[j].punct(',') || toks[j].is("and")) {
			j++
		}
	}
	if len(ids) < 2 || (j < len(toks) && !(j == len(toks)-1 && (toks[j].punct('.') || toks[j].punct(';')))) {
		return bipartiteDecl{}, false
	}
	end := len(toks) - 1
	if !toks[end].punct('.') && !toks[end].punct(';') {
		end = len(toks)
	}
	return bipartiteDecl{kind: kind, lo: 0, hi: -1, count: -1, ids: ids,
		span: Span{Start: toks[0].Start, End: toks[end-1].End, Role: RoleDeclaration}}, true
}

// bipartiteOutside drops the mentions inside declarations.
func bipartiteOutside(toks []proseToken, ms []bipartiteMention, dd []bipartiteDecl) []bipartiteMention {
	out := ms[:0]
	for _, m := range ms {
		s, e := toks[m.first].Start, toks[m.end-1].End
		inside := false
		for _, d := range dd {
			if s < d.span.End && d.span.Start < e {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, m)
		}
	}
	return out
}

// bipartiteThereAre reports whether the count at toks[k] is stated as the
// size of a set: "There are 3 workers and 4 tasks", "We have 3 workers".
func bipartiteThereAre(toks []proseToken, k int) bool {
	for i := max(0, k-8); i < k; i++ {
		if toks[i].is("there", "have", "has", "given") {
			return true
		}
	}
	return false
}

// bipartiteRange reads "from 0 to 14", "0-14", "0 through 14", "0 … 14",
// "0, 1, ..., 14" at toks[j].
func bipartiteRange(toks []proseToken, j int) (lo, hi, next int, ok bool) {
	if j < len(toks) && toks[j].is("from") {
		j++
	}
	if j >= len(toks) {
		return 0, 0, j, false
	}
	lo, ok = proseInt(toks[j])
	if !ok {
		return 0, 0, j, false
	}
	k := j + 1
	switch {
	case k < len(toks) && (toks[k].is("to", "through", "thru", "until") || toks[k].punct('-') || toks[k].punct('–') || toks[k].punct('…')):
		k++
	case k+1 < len(toks) && toks[k].punct('.') && toks[k+1].punct('.'):
		for k < len(toks) && toks[k].punct('.') {
			k++
		}
	case k < len(toks) && toks[k].punct(','):
		// "0, 1, ..., 14"
		for k < len(toks) && (toks[k].punct(',') || toks[k].punct('.') || toks[k].punct('…') || toks[k].Kind == proseNumber) {
			if toks[k].Kind == proseNumber && k+1 < len(toks) && !(toks[k+1].punct(',') || toks[k+1].punct('.')) {
				break
			}
			k++
		}
		if k < len(toks) && toks[k].Kind == proseNumber && k > j+2 && (toks[k-1].punct(',') && (toks[k-2].punct('.') || toks[k-2].punct('…'))) {
			hi, _ = proseInt(toks[k])
			return lo, hi, k + 1, hi >= lo
		}
		return 0, 0, j, false
	default:
		return 0, 0, j, false
	}
	if k >= len(toks) {
		return 0, 0, j, false
	}
	hi, ok = proseInt(toks[k])
	if !ok || hi < lo {
		return 0, 0, j, false
	}
	return lo, hi, k + 1, true
}

// bipartiteIsRule reports whether a sentence without IDs states a rule about
// the two kinds: "Each applicant is interested in some of the jobs", "Each
// job can only accept one applicant".
func bipartiteIsRule(toks []proseToken, kindA, kindB string) bool {
	if len(toks) == 0 || !toks[0].is("each", "every", "a", "an", "no", "any", "all") {
		return false
	}
	hasKind := false
	for _, t := range toks {
		if t.Kind == proseNumber {
			return false
		}
		if k, ok := bipartiteKindWord(t); ok && (k == kindA || k == kindB) {
			hasKind = true
		}
	}
	return hasKind
}
