package learnedq

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/reasoning/explore"
	"github.com/graphagent/graphagent/tools/kg"
)

// Tool names of knowledge-graph completion, as tools/learned spells them.
const (
	ToolTailEntity = "transe:tail_entity"
	ToolHeadEntity = "transe:head_entity"
	ToolRelation   = "transe:relation"
)

// Errors of a knowledge-graph completion question that was read but cannot
// be asked as it stands.
var (
	// ErrAmbiguous: an entity's name names several entities (WordNet's
	// "dog" is dog.n.01 and dog.n.03), or a relation word several
	// relations; the error lists them. Nothing is picked.
	ErrAmbiguous = errors.New("ambiguous")
	// ErrUnknown: an entity or relation the question names is not in the
	// knowledge graph.
	ErrUnknown = errors.New("not in the knowledge graph")
	// ErrNotShipped: the question names a knowledge graph that is not
	// shipped; the error names those that are.
	ErrNotShipped = errors.New("knowledge graph not shipped")
	// ErrUnclear: a relation of the knowledge graph was read but not the
	// entities of one triple; the error says what was read.
	ErrUnclear = errors.New("unclear")
)

// Explorers gives the explorer (reasoning/explore) of a shipped knowledge
// graph by its registry name, "wn18rr" or "fb15k237". The reader uses its
// relation words and exact entity names; the router its stored facts.
type Explorers interface {
	Explorer(ctx context.Context, dataset string) (*explore.Explorer, error)
}

// KGReading is a knowledge-graph completion question's reading over the
// stored knowledge graph: Pattern is the one-step query whose stored facts
// answer the question exactly when there are any (Explorer.Facts), before
// the learned model predicts missing links.
type KGReading struct {
	Explorer *explore.Explorer
	Pattern  explore.Query
	// Triple is the triple asked, with names: "(sire (beget.v.01),
	// _hypernym, ?)".
	Triple string
}

// The knowledge graphs shipped for completion, by the names questions use.
// Read-only.
var kgNames = map[string]string{
	"wn18rr": "wn18rr", "wordnet": "wn18rr",
	"fb15k237": "fb15k237", "freebase": "fb15k237",
}

// shippedKGs names the shipped knowledge graphs for messages.
const shippedKGs = "wn18rr (WordNet) and fb15k237 (Freebase)"

var (
	// kgWord names a shipped knowledge graph; otherKG one that is not
	// (the benchmarks people name beside them).
	kgWord  = lazyre.New(`(?i)\b(wn[-_ ]?18[-_ ]?rr|word[-_ ]?net|fb[-_ ]?15k[-_ ]?237|free[-_ ]?base)\b`)
	otherKG = lazyre.New(`(?i)\b(wn[-_ ]?18|fb[-_ ]?15k|yago[-_ ]?3[-_ ]?10|yago|nell[-_ ]?995|codex[-_ ]?[sml]|wikidata[-_ ]?5m|dbpedia)\b`)
	// kgPhrase is a mention of the knowledge graph with its preposition
	// ("in wn18rr,", "according to WordNet", "of the fb15k237 dataset"),
	// removed before the question is read.
	kgPhrase = lazyre.New(`(?i)(?:,\s*)?(?:\b(?:in|from|on|of|within|using|per|for|according\s+to|based\s+on)\s+)?(?:the\s+)?\b(?:wn[-_ ]?18[-_ ]?rr|word[-_ ]?net|fb[-_ ]?15k[-_ ]?237|free[-_ ]?base)\b(?:\s+(?:knowledge[-\s]graph|kg|dataset|data\s*set|graph|benchmark))?\s*[,:]?`)
	// completionCue marks a question about a triple's missing part, for
	// the message about a knowledge graph that is not shipped.
	completionCue = lazyre.New(`(?i)\b(predict\w*|missing|complet\w*|tail|head|relation\w*|related|hypernyms?|hyponyms?|kind\s+of|part\s+of|member\s+of|nationality)\b|\(\s*[^(),]+,\s*[^(),]+,\s*[^(),]+\)`)
	// relationAsked asks for the relation between two entities.
	relationAsked = lazyre.New(`(?i)\b(relations?|relationships?|related|relates|relate)\b`)
	// notCompletion marks questions about the graph's structure or
	// counts, which the exact tools answer.
	notCompletion = lazyre.New(`(?i)\b(how\s+many|number\s+of|count|degree|nodes?|edges?|triples?|shortest|paths?|density|diameter|components?|statistics|size)\b`)
)

// ReadKG reads a knowledge-graph completion question — the missing tail
// ("in wn18rr, what is a hypernym of dog.n.01?"), head ("what is tree.n.01
// part of, according to wordnet?") or relation ("which relation links
// cat.n.01 and feline.n.01 in wn18rr?") of a triple, in words or as the
// notation "(beget.v.01, _hypernym, ?)" — into the transe tool and its
// arguments, with entities and relations resolved to the data's IDs.
//
// A question is read when it names exactly one shipped knowledge graph and
// is one such question: the relation words and exact entity names are the
// knowledge graph's own, read by reasoning/explore with λ = 0 (no
// similarity guess). Questions about structure or counts ("how many nodes
// does wn18rr have?"), paths and multi-step patterns are not read. A
// question read with an ambiguous name is an error wrapping ErrAmbiguous
// that lists the candidates; an entity or relation not in the graph one
// wrapping ErrUnknown; a relation read without the entities of one triple
// one wrapping ErrUnclear; a knowledge graph that is not shipped one
// wrapping ErrNotShipped. ok is false when the question is not read.
func ReadKG(ctx context.Context, question string, src Explorers) (q Query, ok bool, err error) {
	if len(question) > explore.MaxQuestionBytes {
		return Query{}, false, nil
	}
	ds := ""
	for _, m := range kgWord.FindAllString(question, -1) {
		key := strings.ToLower(strings.NewReplacer("-", "", "_", "", " ", "").Replace(m))
		name := kgNames[key]
		if ds != "" && name != ds {
			return Query{}, false, nil // two knowledge graphs: not one question
		}
		ds = name
	}
	if ds == "" {
		if m := otherKG.FindString(question); m != "" && completionCue.MatchString(question) && !notCompletion.MatchString(question) {
			return Query{}, true, fmt.Errorf("%s is not shipped; the knowledge graphs shipped for completion are %s: %w", m, shippedKGs, ErrNotShipped)
		}
		return Query{}, false, nil
	}
	body := strings.TrimSpace(kgPhrase.Compiled().ReplaceAllString(question, " "))
	x, err := src.Explorer(ctx, ds)
	if err != nil {
		return Query{}, true, fmt.Errorf("load the knowledge graph %s: %w", ds, err)
	}
	r := kgReader{ds: ds, x: x, g: x.KG()}
	if parts, start, end, ok := tripleNotation(body); ok {
		// Words about structure outside the triple ("how many ...")
		// are not this question.
		if notCompletion.MatchString(body[:start] + " " + body[end:]) {
			return Query{}, false, nil
		}
		return r.notation(parts)
	}
	return r.words(ctx, body)
}

// tripleNotation finds the first parenthesised triple with one part "?"
// in s — "(beget.v.01, _hypernym, ?)" — and returns its comma-separated
// pieces (names may hold commas and brackets: "(BAFTA Award for Best
// Screenplay, Adapted, /award/award_category/nominees./award/award_nomination/nominated_for, ?)")
// and its span in s.
func tripleNotation(s string) (parts []string, start, end int, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] != '(' {
			continue
		}
		depth := 0
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth > 0 {
				continue
			}
			var pieces []string
			unknown := 0
			for _, p := range strings.Split(s[i+1:j], ",") {
				p = strings.TrimSpace(p)
				pieces = append(pieces, p)
				if isUnknownPart(p) {
					unknown++
				}
			}
			if len(pieces) >= 3 && unknown >= 1 {
				return pieces, i, j + 1, true
			}
			break
		}
	}
	return nil, 0, 0, false
}

// kgReader reads one question over one knowledge graph.
type kgReader struct {
	ds string
	x  *explore.Explorer
	g  *kg.KG
}

// isUnknownPart reports whether a part of the triple notation is the one
// asked ("?", "?x", "_").
func isUnknownPart(s string) bool { return strings.HasPrefix(s, "?") || s == "_" }

// notation reads "(head, relation, tail)" with exactly one part unknown,
// from the comma-separated pieces of the notation: when a name holds
// commas, the one way of joining the pieces into three parts whose known
// parts resolve is read.
func (r kgReader) notation(pieces []string) (Query, bool, error) {
	type split struct{ h, rel, t string }
	var splits []split
	for i := 1; i+1 < len(pieces); i++ {
		splits = append(splits, split{strings.Join(pieces[:i], ", "), pieces[i], strings.Join(pieces[i+1:], ", ")})
	}
	var firstErr error
	var found []Query
	for _, sp := range splits {
		unknown := 0
		for _, p := range []string{sp.h, sp.rel, sp.t} {
			if isUnknownPart(p) {
				unknown++
			}
		}
		if unknown != 1 {
			continue
		}
		q, err := r.notationParts(sp.h, sp.rel, sp.t)
		if err != nil {
			if firstErr == nil || len(splits) == 1 {
				firstErr = err
			}
			continue
		}
		found = append(found, q)
	}
	switch {
	case len(found) == 1:
		return found[0], true, nil
	case len(found) > 1:
		return Query{}, true, fmt.Errorf("the triple's %d commas can be read %d ways; name the entities by ID: %w", len(pieces)-1, len(found), ErrAmbiguous)
	case firstErr != nil:
		return Query{}, true, firstErr
	}
	return Query{}, false, nil
}

// notationParts reads the three parts of the notation.
func (r kgReader) notationParts(h, rel, t string) (Query, error) {
	if isUnknownPart(rel) {
		he, err := r.entity(h)
		if err != nil {
			return Query{}, err
		}
		te, err := r.entity(t)
		if err != nil {
			return Query{}, err
		}
		return r.relationQuery(he, te), nil
	}
	rid, err := r.relation(rel)
	if err != nil {
		return Query{}, err
	}
	if isUnknownPart(t) {
		e, err := r.entity(h)
		if err != nil {
			return Query{}, err
		}
		return r.entityQuery(e, rid, true), nil
	}
	e, err := r.entity(t)
	if err != nil {
		return Query{}, err
	}
	return r.entityQuery(e, rid, false), nil
}

// entity resolves a name as written in the notation: an ID, a synset name
// or MID, or an exact name that names one entity.
func (r kgReader) entity(s string) (int32, error) {
	s = strings.Trim(s, `"'“”‘’`)
	if e, ok := r.g.EntityByID(s); ok {
		return e, nil
	}
	return r.one(s, r.g.Exact(s))
}

// one is the entity of mention among es: an error when there is none
// (ErrUnknown) or several (ErrAmbiguous, listing them).
func (r kgReader) one(mention string, es []int32) (int32, error) {
	switch len(es) {
	case 1:
		return es[0], nil
	case 0:
		return -1, fmt.Errorf("entity %q is not in %s (no entity has it as ID, synset name, MID or exact name): %w", mention, r.ds, ErrUnknown)
	}
	return -1, fmt.Errorf("%q names %d entities of %s: %s; ask again with one of them (its synset name, MID or ID): %w",
		mention, len(es), r.ds, r.labels(es, 8), ErrAmbiguous)
}

// labels lists entities as "domestic dog (dog.n.01, ID 02084071)".
func (r kgReader) labels(es []int32, limit int) string {
	var parts []string
	for i, e := range es {
		if i == limit {
			parts = append(parts, fmt.Sprintf("and %d more", len(es)-limit))
			break
		}
		parts = append(parts, fmt.Sprintf("%s, ID %s", r.g.Label(e), r.g.Entity(e).ID))
	}
	return strings.Join(parts, "; ")
}

// relation resolves a relation as written in the notation: its ID
// ("_hypernym", "/people/person/nationality"), its text ("hypernym"), the
// ID without its leading "_" or, when it names one relation, the last
// segment of a relation path ("nationality").
func (r kgReader) relation(s string) (int32, error) {
	s = strings.Trim(s, `"'“”‘’`)
	if id, ok := r.g.RelationByID(s); ok {
		return id, nil
	}
	norm := func(t string) string {
		return strings.Join(strings.Fields(strings.ToLower(strings.NewReplacer("_", " ", "/", " ").Replace(t))), " ")
	}
	want := norm(s)
	var byText, bySegment []int32
	for i := range r.g.NumRelations() {
		rel := r.g.Relation(int32(i))
		if norm(rel.Text) == want || norm(rel.ID) == want {
			byText = append(byText, int32(i))
		}
		if j := strings.LastIndexAny(rel.ID, "/."); j >= 0 && norm(rel.ID[j+1:]) == want {
			bySegment = append(bySegment, int32(i))
		}
	}
	for _, rs := range [][]int32{byText, bySegment} {
		switch len(rs) {
		case 0:
			continue
		case 1:
			return rs[0], nil
		}
		return -1, fmt.Errorf("relation %q names %d relations of %s: %s: %w", s, len(rs), r.ds, r.relNames(rs), ErrAmbiguous)
	}
	var ex []string
	for i := range min(r.g.NumRelations(), 4) {
		ex = append(ex, r.g.Relation(int32(i)).ID)
	}
	return -1, fmt.Errorf("relation %q is not in %s (%d relations, such as %s): %w", s, r.ds, r.g.NumRelations(), strings.Join(ex, ", "), ErrUnknown)
}

func (r kgReader) relNames(rs []int32) string {
	names := make([]string, len(rs))
	for i, id := range rs {
		names[i] = r.g.Relation(id).ID
	}
	return strings.Join(names, ", ")
}

// relationArg is how the learned tools take a relation: its text, which
// they match whatever the data's relation IDs are (FB15k-237's model keys
// its relations by number).
func (r kgReader) relationArg(id int32) string {
	if rel := r.g.Relation(id); rel.Text != "" {
		return rel.Text
	}
	return r.g.Relation(id).ID
}

// entityQuery asks for the tail of (e, rel, ?) when tail, else the head
// of (?, rel, e).
func (r kgReader) entityQuery(e, rel int32, tail bool) Query {
	t := fmt.Sprintf("(?, %s, %s)", r.g.Relation(rel).ID, r.g.Label(e))
	q := Query{Tool: ToolHeadEntity, Dataset: r.ds,
		Args: map[string]any{"dataset": r.ds, "entity": r.g.Entity(e).ID, "relation": r.relationArg(rel)},
		Read: fmt.Sprintf("the head of %s in %s", t, r.ds),
		KG:   &KGReading{Explorer: r.x, Pattern: explore.Query{Kind: explore.KindPattern, Tails: []int32{e}, Rels: []int32{rel}, AnswerType: -1}, Triple: t}}
	if tail {
		t = fmt.Sprintf("(%s, %s, ?)", r.g.Label(e), r.g.Relation(rel).ID)
		q.Tool = ToolTailEntity
		q.Read = fmt.Sprintf("the tail of %s in %s", t, r.ds)
		q.KG.Pattern = explore.Query{Kind: explore.KindPattern, Heads: []int32{e}, Rels: []int32{rel}, AnswerType: -1}
		q.KG.Triple = t
	}
	return q
}

// relationQuery asks for the relation of (h, ?, t).
func (r kgReader) relationQuery(h, t int32) Query {
	tr := fmt.Sprintf("(%s, ?, %s)", r.g.Label(h), r.g.Label(t))
	return Query{Tool: ToolRelation, Dataset: r.ds,
		Args: map[string]any{"dataset": r.ds, "head": r.g.Entity(h).ID, "tail": r.g.Entity(t).ID},
		Read: fmt.Sprintf("the relation of %s in %s", tr, r.ds),
		KG:   &KGReading{Explorer: r.x, Pattern: explore.Query{Kind: explore.KindBetween, Heads: []int32{h}, Tails: []int32{t}, AnswerType: -1}, Triple: tr}}
}

// words reads a question in words through the explorer's reading.
func (r kgReader) words(ctx context.Context, body string) (Query, bool, error) {
	rd, err := r.x.Read(ctx, body, 0)
	if err != nil && !errors.Is(err, explore.ErrDeclined) {
		return Query{}, false, err
	}
	// Words about structure or counts outside the entities' names ("how
	// many", "degree", but not "Master's Degree") are not this question.
	rest := body
	for _, sp := range rd.Spans {
		rest = strings.Replace(rest, asWritten(rest, sp), " ", 1)
	}
	if notCompletion.MatchString(rest) {
		return Query{}, false, nil
	}
	if err != nil {
		return r.declined(body, rd, err)
	}
	p := rd.Query
	switch {
	case p.Count || p.Via != nil:
		return Query{}, false, nil
	case (p.Kind == explore.KindBetween || p.Kind == explore.KindPath) && asksRelation(body, rd.Relation, rd.Spans) && len(rd.Mentions) == 2:
		h, err := r.one(rd.Mentions[0].Mention, p.Heads)
		if err != nil {
			return Query{}, true, err
		}
		t, err := r.one(rd.Mentions[1].Mention, p.Tails)
		if err != nil {
			return Query{}, true, err
		}
		return r.relationQuery(h, t), true, nil
	case p.Kind == explore.KindPattern && len(rd.Mentions) == 1 && asksRelation(body, rd.Relation, rd.Spans):
		// "How is X related to Music?": the relation phrase read is a
		// name's word, and the question asks for a relation, not an entity.
		return Query{}, true, fmt.Errorf("in %s, the question asks how two entities are related, but I read the relation %q and one entity, %q; name both entities by ID, synset name or MID: %w",
			r.ds, rd.Relation, asWritten(body, rd.Mentions[0].Mention), ErrUnclear)
	case p.Kind == explore.KindPattern && len(rd.Mentions) == 1:
		bound, tail := p.Heads, true
		if bound == nil {
			bound, tail = p.Tails, false
		}
		rels := p.Rels
		if len(rels) == 0 {
			// Only the inverse direction names the relation: the other
			// side is asked of it.
			rels, tail = p.InverseRels, !tail
		}
		e, err := r.one(rd.Mentions[0].Mention, bound)
		if err != nil {
			return Query{}, true, err
		}
		rel, err := r.oneRelation(rd.Relation, rels, e, tail)
		if err != nil {
			return Query{}, true, err
		}
		return r.entityQuery(e, rel, tail), true, nil
	}
	return Query{}, false, nil
}

// declined reads what explore's reader declined. A question asking for a
// relation ("what relation holds between X and Y?") with exactly two
// entity names and no relation phrase read is the relation of (X, ?, Y),
// whatever other words were left unread. With a relation read and one entity mention alone, no
// entity has its name: an error wrapping ErrUnknown. With a relation read
// and other mentions the reading is unclear: an error wrapping ErrUnclear
// that says what was read. Without a relation the question is not read.
func (r kgReader) declined(body string, rd explore.Reading, why error) (Query, bool, error) {
	// A relation phrase read may be words of a name ("Film Director"):
	// then the two names read are not trusted.
	if relationAsked.MatchString(body) && rd.Relation == "" {
		var named [][]int32
		var names []string
		for _, s := range rd.Spans {
			if es := r.g.Exact(s); len(es) > 0 {
				named, names = append(named, es), append(names, s)
			}
		}
		if len(named) == 2 {
			h, err := r.one(asWritten(body, names[0]), named[0])
			if err != nil {
				return Query{}, true, err
			}
			t, err := r.one(asWritten(body, names[1]), named[1])
			if err != nil {
				return Query{}, true, err
			}
			return r.relationQuery(h, t), true, nil
		}
	}
	if rd.Relation == "" {
		return Query{}, false, nil
	}
	if len(rd.Spans) == 1 && len(rd.Mentions) == 1 && len(rd.Mentions[0].Entities) == 0 {
		return Query{}, true, fmt.Errorf("entity %q is not in %s (no entity has it as ID, synset name, MID or exact name; read with the relation %q): %w",
			asWritten(body, rd.Spans[0]), r.ds, rd.Relation, ErrUnknown)
	}
	return Query{}, true, fmt.Errorf("in %s, %w (names are matched exactly here; graphagent explore --kg %s also matches similar names): %w", r.ds, why, r.ds, ErrUnclear)
}

// asWritten finds the words of a normalised mention ("dogzilla n 01") in
// the question as written ("dogzilla.n.01"): the first span whose words,
// separated by anything else than letters and digits, are the mention's in
// any case. The mention itself when there is none.
func asWritten(question, mention string) string {
	words := strings.Fields(mention)
	if len(words) == 0 {
		return mention
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = regexp.QuoteMeta(w)
	}
	re, err := regexp.Compile(`(?i)(?:^|[^\pL\pN])(` + strings.Join(quoted, `[^\pL\pN]+`) + `)(?:$|[^\pL\pN])`)
	if err != nil {
		return mention
	}
	if m := re.FindStringSubmatch(question); m != nil {
		return m[1]
	}
	return mention
}

// asksRelation reports whether the question asks for a relation ("how is
// X related to Y?", "which relation ..."), in words other than the
// relation phrase and entity names read ("derivationally related form
// of", "relate.v.04").
func asksRelation(body, phrase string, spans []string) bool {
	for _, s := range append([]string{phrase}, spans...) {
		if s != "" {
			body = strings.Replace(body, asWritten(body, s), " ", 1)
		}
	}
	return relationAsked.MatchString(body)
}

// oneRelation is the relation of a phrase that may mean several: the one
// of them with stored triples at the entity's side when exactly one has,
// else an error wrapping ErrAmbiguous listing them.
func (r kgReader) oneRelation(phrase string, rels []int32, e int32, tail bool) (int32, error) {
	switch len(rels) {
	case 0:
		return -1, fmt.Errorf("no relation read: %w", ErrUnknown)
	case 1:
		return rels[0], nil
	}
	var with []int32
	for _, rel := range rels {
		p := kg.Pattern{H: kg.Any, T: e, Rels: []int32{rel}}
		if tail {
			p = kg.Pattern{H: e, T: kg.Any, Rels: []int32{rel}}
		}
		if len(r.g.Match(nil, p, 1)) > 0 {
			with = append(with, rel)
		}
	}
	if len(with) == 1 {
		return with[0], nil
	}
	slices.Sort(rels)
	return -1, fmt.Errorf("%q names %d relations of %s: %s; ask with one of them, e.g. as (head, relation, ?): %w",
		phrase, len(rels), r.ds, r.relNames(rels), ErrAmbiguous)
}
