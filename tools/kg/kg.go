// Package kg is a compact in-memory knowledge graph: a set of (head,
// relation, tail) triples over int32 entity and relation ids, indexed in
// compressed sparse rows by head, by tail and by relation, with name tables
// and an exact alias index. It answers triple patterns — (h, r, ?),
// (?, r, t), (h, ?, t), (?, r, ?) — and bounded path queries between two
// sets of entities. Loaders read the shipped knowledge graphs (WN18RR,
// FB15k-237, DrugMechDB) and plain files of triples.
//
// A KG is immutable once built and safe for concurrent use. The
// natural-language layer on top of it (questions to patterns, entity
// similarity, suggestions, history) is reasoning/explore.
package kg

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Any is the wildcard in a Pattern position.
const Any int32 = -1

// Triple is one statement (H, R, T) of the graph, by ids.
type Triple struct {
	H, R, T int32
}

// Entity describes one entity: its external id (a WordNet offset, a CURIE,
// a Freebase MID, or the name itself in a plain file), a display name, a
// type (an index into KG.Types, or -1) and extra aliases (a WordNet synset
// name such as "dog.n.01") by which questions may name it.
type Entity struct {
	ID      string
	Name    string
	Type    int32
	Aliases []string
}

// Relation describes one relation: its id in the data ("_hypernym",
// "/people/person/nationality", "decreases activity of") and a readable
// text ("hypernym").
type Relation struct {
	ID   string
	Text string
}

// KG is an immutable knowledge graph. Build one with a Builder or a loader.
type KG struct {
	name      string
	entities  []Entity
	relations []Relation
	types     []string

	// Triples sorted by (H, R, T), deduplicated; the CSR by head is
	// outOff over this order.
	triples []Triple
	outOff  []int32 // len entities+1
	// inIdx holds triple indices sorted by (T, R, H); inOff the CSR by
	// tail over it.
	inIdx []int32
	inOff []int32
	// relIdx holds triple indices sorted by (R, H, T); relOff the CSR.
	relIdx []int32
	relOff []int32

	entityByID map[string]int32
	relByID    map[string]int32
	// aliases maps a normalised name (Normalize) to the entities that
	// carry it, in id order.
	aliases map[string][]int32
	// maxAliasWords is the most words any alias has.
	maxAliasWords int
	// labelByAlias makes Label show an entity's first alias, not its id.
	labelByAlias bool
	// synonyms is the hand-written alias table (nil: none), consulted
	// only when no entity has a name (Synonyms).
	synonyms *AliasTable
}

// Name is the knowledge graph's name ("wn18rr", or the file's name).
func (g *KG) Name() string { return g.name }

// NumEntities is the number of entities.
func (g *KG) NumEntities() int { return len(g.entities) }

// NumRelations is the number of relations.
func (g *KG) NumRelations() int { return len(g.relations) }

// NumTriples is the number of distinct triples.
func (g *KG) NumTriples() int { return len(g.triples) }

// Entity returns entity e. It panics when e is out of range, a programming
// error.
func (g *KG) Entity(e int32) Entity { return g.entities[e] }

// Relation returns relation r.
func (g *KG) Relation(r int32) Relation { return g.relations[r] }

// Types returns the entity type names (shared; do not modify).
func (g *KG) Types() []string { return g.types }

// TypeName returns the name of entity e's type, or "".
func (g *KG) TypeName(e int32) string {
	if t := g.entities[e].Type; t >= 0 {
		return g.types[t]
	}
	return ""
}

// EntityByID returns the entity whose external id is id.
func (g *KG) EntityByID(id string) (int32, bool) {
	e, ok := g.entityByID[id]
	return e, ok
}

// RelationByID returns the relation whose id is id.
func (g *KG) RelationByID(id string) (int32, bool) {
	r, ok := g.relByID[id]
	return r, ok
}

// Label is the entity's name for people: the display name with, in
// parentheses, the key that tells it from others of the same name — its
// first alias in graphs whose ids are opaque ("domestic dog (dog.n.01)"),
// else its id when that differs from the name ("Metformin (MESH:D008687)").
func (g *KG) Label(e int32) string {
	en := g.entities[e]
	switch {
	case g.labelByAlias && len(en.Aliases) > 0:
		return en.Name + " (" + en.Aliases[0] + ")"
	case en.ID != en.Name:
		return en.Name + " (" + en.ID + ")"
	}
	return en.Name
}

// Exact returns the entities one of whose names (name, aliases or id)
// normalises to the same text as mention, in id order. The slice is shared;
// do not modify it.
func (g *KG) Exact(mention string) []int32 {
	return g.aliases[Normalize(mention)]
}

// Aliases calls fn for every normalised alias and its entities, in no
// particular order; fn returns false to stop.
func (g *KG) Aliases(fn func(alias string, entities []int32) bool) {
	for a, es := range g.aliases {
		if !fn(a, es) {
			return
		}
	}
}

// MaxAliasWords is the largest number of words in a normalised alias,
// alias-table names included.
func (g *KG) MaxAliasWords() int { return max(g.maxAliasWords, g.synonyms.MaxWords()) }

// Out returns the triples whose head is e, sorted by (R, T). The slice is
// shared; do not modify it.
func (g *KG) Out(e int32) []Triple {
	return g.triples[g.outOff[e]:g.outOff[e+1]]
}

// OutDegree is the number of triples whose head is e.
func (g *KG) OutDegree(e int32) int { return int(g.outOff[e+1] - g.outOff[e]) }

// InDegree is the number of triples whose tail is e.
func (g *KG) InDegree(e int32) int { return int(g.inOff[e+1] - g.inOff[e]) }

// In calls fn for each triple whose tail is e, in (R, H) order, until fn
// returns false.
func (g *KG) In(e int32, fn func(Triple) bool) {
	for _, i := range g.inIdx[g.inOff[e]:g.inOff[e+1]] {
		if !fn(g.triples[i]) {
			return
		}
	}
}

// RelationCount is the number of triples of relation r.
func (g *KG) RelationCount(r int32) int { return int(g.relOff[r+1] - g.relOff[r]) }

// Pattern is a triple pattern: each of H, T is an entity or Any; Rels is
// the set of relations allowed (empty means any relation).
type Pattern struct {
	H, T int32
	Rels []int32
}

// Match appends to dst the triples matching p, in (H, R, T) order for
// patterns with a head, else in the order of the index used, and returns
// it. At most limit triples are appended when limit > 0. Entity or relation
// ids out of range match nothing.
func (g *KG) Match(dst []Triple, p Pattern, limit int) []Triple {
	n := int32(len(g.entities))
	if (p.H != Any && (p.H < 0 || p.H >= n)) || (p.T != Any && (p.T < 0 || p.T >= n)) {
		return dst
	}
	full := func() bool { return limit > 0 && len(dst) >= limit }
	rels := p.Rels
	for _, r := range rels {
		if r < 0 || int(r) >= len(g.relations) {
			return dst
		}
	}
	if len(rels) > 1 {
		rels = slices.Clone(rels)
		slices.Sort(rels)
		rels = slices.Compact(rels)
	}
	switch {
	case p.H != Any && (p.T == Any || g.OutDegree(p.H) <= g.InDegree(p.T)):
		seg := g.Out(p.H)
		if len(rels) == 0 {
			for _, t := range seg {
				if p.T == Any || t.T == p.T {
					if dst = append(dst, t); full() {
						return dst
					}
				}
			}
			return dst
		}
		for _, r := range rels {
			i, _ := slices.BinarySearchFunc(seg, r, func(t Triple, r int32) int { return cmp.Compare(t.R, r) })
			for ; i < len(seg) && seg[i].R == r; i++ {
				if p.T == Any || seg[i].T == p.T {
					if dst = append(dst, seg[i]); full() {
						return dst
					}
				}
			}
		}
		return dst
	case p.T != Any:
		idx := g.inIdx[g.inOff[p.T]:g.inOff[p.T+1]]
		if len(rels) == 0 {
			for _, i := range idx {
				if t := g.triples[i]; p.H == Any || t.H == p.H {
					if dst = append(dst, t); full() {
						return dst
					}
				}
			}
			return dst
		}
		for _, r := range rels {
			i, _ := slices.BinarySearchFunc(idx, r, func(ti int32, r int32) int { return cmp.Compare(g.triples[ti].R, r) })
			for ; i < len(idx) && g.triples[idx[i]].R == r; i++ {
				if t := g.triples[idx[i]]; p.H == Any || t.H == p.H {
					if dst = append(dst, t); full() {
						return dst
					}
				}
			}
		}
		return dst
	default:
		if len(rels) == 0 {
			for _, t := range g.triples {
				if dst = append(dst, t); full() {
					return dst
				}
			}
			return dst
		}
		for _, r := range rels {
			for _, i := range g.relIdx[g.relOff[r]:g.relOff[r+1]] {
				if dst = append(dst, g.triples[i]); full() {
					return dst
				}
			}
		}
		return dst
	}
}

// Normalize is the form names are compared in: lower case, every run of
// characters that are neither letters nor digits one space, trimmed.
// "Dog.n.01" and "dog n 01" normalise alike, as do "5-HT" and "5 ht".
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		space = true
	}
	return b.String()
}

// Builder collects entities, relations and triples and builds a KG.
type Builder struct {
	name       string
	entities   []Entity
	relations  []Relation
	types      []string
	typeByName map[string]int32
	entityByID map[string]int32
	relByID    map[string]int32
	triples    []Triple
	// LabelByAlias makes KG.Label show an entity's first alias (a synset
	// name, a MID) rather than its id.
	LabelByAlias bool
	// Synonyms is a hand-written alias table (ReadAliases) whose nodes
	// must all be entities of the graph; nil for none.
	Synonyms *AliasTable
}

// NewBuilder returns a builder for a KG called name.
func NewBuilder(name string) *Builder {
	return &Builder{
		name:       name,
		typeByName: map[string]int32{},
		entityByID: map[string]int32{},
		relByID:    map[string]int32{},
	}
}

// Entity returns the id of the entity with external id id, adding it (with
// its id as its name) when new.
func (b *Builder) Entity(id string) int32 {
	if e, ok := b.entityByID[id]; ok {
		return e
	}
	e := int32(len(b.entities))
	b.entities = append(b.entities, Entity{ID: id, Name: id, Type: -1})
	b.entityByID[id] = e
	return e
}

// Describe sets the name, type (empty for none) and aliases of the entity
// with external id id, adding it when new.
func (b *Builder) Describe(id, name, typ string, aliases ...string) int32 {
	e := b.Entity(id)
	en := &b.entities[e]
	if name != "" {
		en.Name = name
	}
	if typ != "" {
		t, ok := b.typeByName[typ]
		if !ok {
			t = int32(len(b.types))
			b.types = append(b.types, typ)
			b.typeByName[typ] = t
		}
		en.Type = t
	}
	for _, a := range aliases {
		if a != "" && !slices.Contains(en.Aliases, a) && Normalize(a) != Normalize(en.Name) {
			en.Aliases = append(en.Aliases, a)
		}
	}
	return e
}

// Relation returns the id of relation id, adding it (text: id) when new.
func (b *Builder) Relation(id string) int32 {
	if r, ok := b.relByID[id]; ok {
		return r
	}
	r := int32(len(b.relations))
	b.relations = append(b.relations, Relation{ID: id, Text: id})
	b.relByID[id] = r
	return r
}

// DescribeRelation sets the readable text of relation id.
func (b *Builder) DescribeRelation(id, text string) int32 {
	r := b.Relation(id)
	if text != "" {
		b.relations[r].Text = text
	}
	return r
}

// Add adds the triple (head, relation, tail) by external ids.
func (b *Builder) Add(head, relation, tail string) {
	b.triples = append(b.triples, Triple{b.Entity(head), b.Relation(relation), b.Entity(tail)})
}

// NumTriples is the number of triples added so far, duplicates included.
func (b *Builder) NumTriples() int { return len(b.triples) }

// Build returns the KG. The builder must not be used afterwards.
func (b *Builder) Build() (*KG, error) {
	if len(b.entities) > 1<<31-2 || len(b.triples) > 1<<31-2 {
		return nil, fmt.Errorf("knowledge graph %s: too many entities or triples", b.name)
	}
	g := &KG{
		name: b.name, entities: b.entities, relations: b.relations, types: b.types,
		entityByID: b.entityByID, relByID: b.relByID, labelByAlias: b.LabelByAlias,
		synonyms: b.Synonyms,
	}
	if err := CheckAliases(b.Synonyms, "alias table of "+b.name, func(id string) bool { _, ok := b.entityByID[id]; return ok }); err != nil {
		return nil, err
	}
	ts := b.triples
	slices.SortFunc(ts, func(a, c Triple) int {
		return cmp.Or(cmp.Compare(a.H, c.H), cmp.Compare(a.R, c.R), cmp.Compare(a.T, c.T))
	})
	g.triples = slices.Compact(ts)
	n := len(g.entities)
	g.outOff = make([]int32, n+1)
	g.inOff = make([]int32, n+1)
	g.relOff = make([]int32, len(g.relations)+1)
	for _, t := range g.triples {
		g.outOff[t.H+1]++
		g.inOff[t.T+1]++
		g.relOff[t.R+1]++
	}
	for i := range n {
		g.outOff[i+1] += g.outOff[i]
		g.inOff[i+1] += g.inOff[i]
	}
	for i := range g.relations {
		g.relOff[i+1] += g.relOff[i]
	}
	// Counting sorts: triples are in (H, R, T) order, so placing them by
	// tail keeps (R, H) order within a tail only after a sort by R first;
	// a stable pass by R, then by T, gives (T, R, H).
	byRel := make([]int32, len(g.triples))
	next := slices.Clone(g.relOff[:len(g.relations)])
	for i, t := range g.triples {
		byRel[next[t.R]] = int32(i)
		next[t.R]++
	}
	g.relIdx = byRel // (R, H, T): stable by R over (H, R, T) order
	g.inIdx = make([]int32, len(g.triples))
	nextT := slices.Clone(g.inOff[:n])
	for _, i := range byRel {
		t := g.triples[i].T
		g.inIdx[nextT[t]] = i
		nextT[t]++
	}
	g.aliases = make(map[string][]int32, n*2)
	for e := range g.entities {
		en := &g.entities[e]
		names := append([]string{en.Name, en.ID}, en.Aliases...)
		for _, a := range names {
			k := Normalize(a)
			if k == "" {
				continue
			}
			list := g.aliases[k]
			if len(list) > 0 && list[len(list)-1] == int32(e) {
				continue
			}
			g.aliases[k] = append(list, int32(e))
			if w := strings.Count(k, " ") + 1; w > g.maxAliasWords {
				g.maxAliasWords = w
			}
		}
	}
	return g, nil
}
