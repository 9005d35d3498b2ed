// Package lang is graphagent's language layer: the lexicon of the words
// that decide what a question means (relation verbs with their direction
// and forms, nouns for nodes and edges, units), kept as data in
// lexicon.json and parsed once into an immutable Lexicon. The readers of
// reasoning/extract, the intent cues and slots of reasoning and the
// guards of agent take their words from a Lexicon, so that one entry
// added here is read, cued and guarded everywhere.
package lang

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
)

//go:embed lexicon.json
var defaultData []byte

// DefaultData returns a copy of the embedded lexicon.json, for tests that
// extend it before Parse.
func DefaultData() []byte { return slices.Clone(defaultData) }

// Default returns the lexicon of the embedded lexicon.json, parsed once.
// It panics only if the embedded file is malformed, which the package's
// tests rule out.
var Default = sync.OnceValue(func() *Lexicon {
	l, err := Parse(defaultData)
	if err != nil {
		panic(fmt.Sprintf("lang: the embedded lexicon.json: %v", err))
	}
	return l
})

// Verb is a verb in the forms the code reads: the base ("follow"), the
// third person ("follows"), the past ("followed"), the participle
// ("followed") and the -ing form ("following"). A form the verb lacks
// here is "". Prep is the preposition that completes it ("to" in "report
// to"); a verb may take several ("point to", "point at"), Preps lists them.
type Verb struct {
	Base, S, Ed, En, Ing string
	Preps                []string
}

// Prep is the verb's first preposition, "" when it takes none.
func (v Verb) Prep() string {
	if len(v.Preps) == 0 {
		return ""
	}
	return v.Preps[0]
}

// Forms returns the verb's distinct non-empty forms: base, -s, past,
// participle, -ing.
func (v Verb) Forms() []string {
	var out []string
	for _, f := range []string{v.Base, v.S, v.Ed, v.En, v.Ing} {
		if f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// Relation is a verb by which one node relates to another.
type Relation struct {
	Verb
	// Symmetric relations join both ways ("Alice met Bob"); the others
	// point from the subject to the object ("Ann follows Bo": Ann → Bo).
	Symmetric bool
	// Plain marks a one-way verb that is graph vocabulary as much as a
	// relation ("follows", "points to", "links to"): an arrow means it.
	Plain bool
	// Carries marks a verb that may carry an object before its
	// preposition ("sends messages to", "gives money to").
	Carries bool
	// NoReader marks a verb the relationship readers do not read as an
	// edge ("depends on", "requires": the precedence reader reads the order
	// they state).
	NoReader bool
	// NoDegree marks a verb whose subject's count is not asked as a
	// degree ("how many people does Ann know" is not one direction).
	NoDegree bool
	// Nouns are nouns of the relation that show a text states it
	// ("dependency" for "depends on").
	Nouns []string
	// Note is what the readers say when they read the verb.
	Note string
	// Order is how a verb orders tasks, for the precedence reader: "on"
	// when what follows its preposition comes first ("A depends on B": B,
	// then A), "object" when its object does ("A requires B"), "" when it
	// states no order.
	Order string
	// TwoObjects marks a verb that takes the thing given after the person
	// ("Ann owes Bo money").
	TwoObjects bool
	// Common marks a verb whose forms are everyday words beyond the
	// relation ("gives", "uses", "answers"): the source scan
	// (TestNoWordListsOutsideLexicon) does not count them.
	Common bool
	// PastNames marks a verb whose past form also names ("an LLM called
	// GraphForge"): the readers read that form only as a passive ("is
	// called by").
	PastNames bool
	// Object marks a symmetric verb with a direct object ("Alice met
	// Bob"); Mutual one that stands after two names ("Alice and Bob
	// met"); With one whose partner follows "with" ("played tennis with
	// Bob"); To one whose partner follows "to" ("talks to Bob"); For one
	// that points one way with "for" ("works for Bob").
	Object, Mutual, With, To, For bool
}

// Meaning is what a unit says of the number before it.
type Meaning string

// The meanings of units.
const (
	Distance Meaning = "distance"
	Cost     Meaning = "cost"
	Capacity Meaning = "capacity"
	Time     Meaning = "time"
	Count    Meaning = "count"
)

// NounDir is the direction a relation noun names from X to Y in "X is the
// <noun> of Y".
type NounDir uint8

// The relation nouns' directions.
const (
	NounSymmetric NounDir = iota + 1 // "friend"
	NounForward                      // "boss": X → Y
	NounReverse                      // "student": Y → X
)

// Lexicon is the parsed lexicon. It is immutable: every method returns
// values the caller may keep, and it is safe for concurrent use.
type Lexicon struct {
	oneWay, symmetric []Relation
	words             map[string]Word
	third             map[string]string
	preps             map[string][]string
	nounDir           map[string]NounDir
	units             map[string]Meaning
	glued             map[string]bool
	nodeNouns         []string
	edgeNouns         []string
	dirEdgeNouns      []string
	routeNouns        []string
	patternNouns      []string
	nodeWeightNouns   []string
	edgeDomain        map[string]EdgeDomain
	columns           map[string]ColumnRole
	vagueRanks        []string
	oneWayPhrases     []string
	twoWayPhrases     []string
	reachingPhrases   []string
}

// EdgeDomain is the kind of thing an edge noun names, which decides what
// the numbers written with it are.
type EdgeDomain string

// The edge nouns' domains.
const (
	RoadEdge    EdgeDomain = "road"    // roads, bridges, routes: a distance, both ways
	PipeEdge    EdgeDomain = "pipe"    // pipes, cables: a capacity
	FlightEdge  EdgeDomain = "flight"  // flights, trains, shipments: a cost or time, one way
	GenericEdge EdgeDomain = "generic" // edges, links, connections
	ArcEdge     EdgeDomain = "arc"     // arcs: always one way
)

// EdgeDomainOf returns the domain of the edge noun w ("roads" → RoadEdge),
// "" when w is none.
func (l *Lexicon) EdgeDomainOf(w string) EdgeDomain { return l.edgeDomain[w] }

// OneWay returns the one-way relations in lexicon order.
func (l *Lexicon) OneWay() []Relation { return slices.Clone(l.oneWay) }

// Symmetric returns the symmetric relations in lexicon order.
func (l *Lexicon) Symmetric() []Relation { return slices.Clone(l.symmetric) }

// Word returns what the lower-case word w is in the lexicon (0 when
// nothing); one map look-up answers every class, so the readers ask it
// per word.
func (l *Lexicon) Word(w string) Word { return l.words[w] }

// Third returns the third-person form of a one-way or symmetric verb's
// base form ("know" → "knows"), and w itself when w is no base form.
func (l *Lexicon) Third(w string) string {
	if s, ok := l.third[w]; ok {
		return s
	}
	return w
}

// Preps returns the prepositions a one-way verb's -s or past form takes
// before its object ("points": "to", "at"); nil for none.
func (l *Lexicon) Preps(w string) []string { return slices.Clone(l.preps[w]) }

// Takes reports whether the one-way verb form w (base, -s, past or -ing) takes the preposition p
// ("points", "at"); it does not allocate (the readers ask it per word).
func (l *Lexicon) Takes(w, p string) bool { return slices.Contains(l.preps[w], p) }

// NounDir returns the direction of the relation noun w ("friends",
// "boss", "students"), 0 when w is none.
func (l *Lexicon) NounDir(w string) NounDir { return l.nounDir[w] }

// Unit returns the meaning of the unit word w ("km" → Distance), "" when
// w is no unit.
func (l *Lexicon) Unit(w string) Meaning { return l.units[w] }

// GluedUnit reports whether w is a unit written glued to a number
// ("5ms", "10km").
func (l *Lexicon) GluedUnit(w string) bool { return l.glued[w] }

// Units returns every unit word with its meaning.
func (l *Lexicon) Units() map[string]Meaning {
	out := make(map[string]Meaning, len(l.units))
	for w, m := range l.units {
		out[w] = m
	}
	return out
}

// NodeNouns returns the everyday nouns for nodes, singular and plural
// ("node", "nodes", "servers", "cities").
func (l *Lexicon) NodeNouns() []string { return slices.Clone(l.nodeNouns) }

// EdgeNouns returns the everyday nouns for edges ("roads", "cables").
func (l *Lexicon) EdgeNouns() []string { return slices.Clone(l.edgeNouns) }

// DirectionPhrases returns the phrases that say a graph's edges go one
// way ("one-way") and both ways ("both ways", "either direction"), as the
// question writes them about its graph.
func (l *Lexicon) DirectionPhrases() (oneWay, twoWay []string) {
	return slices.Clone(l.oneWayPhrases), slices.Clone(l.twoWayPhrases)
}

// ReachingPhrases returns the words of a sentence about nodes reaching
// one another ("each other", "reach"), in which a two-way phrase says how
// they must reach one another, not how the edges go.
func (l *Lexicon) ReachingPhrases() []string { return slices.Clone(l.reachingPhrases) }

// VagueRanks returns the qualities people rank nodes by that no one graph
// measure defines ("important", "influence"): degree, betweenness,
// closeness and PageRank each measure a kind of them.
func (l *Lexicon) VagueRanks() []string { return slices.Clone(l.vagueRanks) }

// DirectedEdgeNouns returns the nouns for edges that leave and arrive
// ("flights", "payments").
func (l *Lexicon) DirectedEdgeNouns() []string { return slices.Clone(l.dirEdgeNouns) }

// EdgeWords returns every noun the lexicon has for edges: the edge nouns,
// the directed ones and those of the edge domains ("corridors", "pipes",
// "arrows"), singular and plural, sorted.
func (l *Lexicon) EdgeWords() []string {
	var out []string
	for w, c := range l.words {
		if c.Has(EdgeNoun) {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// RouteNouns returns the words that name a transit line or route ("line",
// "buses", "tram"), singular and plural.
func (l *Lexicon) RouteNouns() []string { return slices.Clone(l.routeNouns) }

// PatternNouns returns the words that name a second graph to find inside
// the main one ("subgraph", "pattern", "motif"), singular and plural.
func (l *Lexicon) PatternNouns() []string { return slices.Clone(l.patternNouns) }

// NodeWeightNouns returns the words that name a number given to each node
// ("weight": "[i, k] means that node i has the weight k", "the weights of
// nodes are: [0, 2] [1, 9]"), singular and plural.
func (l *Lexicon) NodeWeightNouns() []string { return slices.Clone(l.nodeWeightNouns) }

// Word is what a word is in the lexicon, as bits.
type Word uint32

// The classes of a word. A word may be several ("writes" is a one-way
// verb before "to" and a symmetric one before "with").
const (
	// ActVerb: the -s or past form of a one-way verb without a
	// preposition that the readers read ("follows", "visited").
	ActVerb Word = 1 << iota
	// ToVerb: the -s or past form of a one-way verb before its
	// preposition ("reports" to, "points" at; Lexicon.Preps).
	ToVerb
	// CarryVerb: a ToVerb that may carry an object ("sends messages to").
	CarryVerb
	// PassiveVerb: the participle of a one-way verb read backwards after
	// "by" ("followed").
	PassiveVerb
	// TwoObjectVerb: the -s or past form of a one-way verb that takes the
	// thing given after the person ("owes Bo money", "teaches Bo French").
	TwoObjectVerb
	// OrderOnVerb: the base, -s or -ing form of a verb whose
	// prepositional object comes first ("depends" on); OrderObjectVerb one
	// whose direct object does ("requires").
	OrderOnVerb
	OrderObjectVerb
	// BaseVerb: the base form of a verb the readers read ("follow").
	BaseVerb
	// MeetVerb: the -s or past form of a symmetric verb with an object
	// ("met", "marries").
	MeetVerb
	// WithVerb: the -s or past form of a verb whose partner follows
	// "with" ("played").
	WithVerb
	// MutualVerb: the base, -s or past form of a symmetric verb after
	// two names ("Alice and Bob met").
	MutualVerb
	// TalkToVerb: the -s or past form of a symmetric verb whose partner
	// follows "to" ("talks to").
	TalkToVerb
	// ForVerb: the -s or past form of a verb that points one way before
	// "for" ("works for").
	ForVerb
	// RelationVerb: the -s form of any relation verb, or the past form
	// of a one-way verb or a symmetric verb with an object or after two
	// names ("depends", "visited", "met"): a word that follows a name.
	RelationVerb
	// RelationNoun: a noun that names a relation ("friends", "boss").
	RelationNoun
	// NodeNoun and EdgeNoun: everyday words for nodes and edges.
	NodeNoun
	EdgeNoun
	// UnitWord: a unit ("km", "dollars").
	UnitWord
	// RouteNoun: a word that names a transit line or route, whose stops
	// a list after it joins one to the next ("Red line: A, B, C").
	RouteNoun
)

// Has reports whether w has one of the classes c.
func (w Word) Has(c Word) bool { return w&c != 0 }

// file is lexicon.json's layout.
type file struct {
	Doc           string      `json:"_doc"`
	OneWay        []verbEntry `json:"oneway"`
	Symmetric     []verbEntry `json:"symmetric"`
	RelationNouns struct {
		Symmetric           []string `json:"symmetric"`
		SymmetricAdjectives []string `json:"symmetricAdjectives"`
		Forward             []string `json:"forward"`
		Reverse             []string `json:"reverse"`
	} `json:"relationNouns"`
	NodeNouns         []string                `json:"nodeNouns"`
	EdgeNouns         []string                `json:"edgeNouns"`
	DirectedEdgeNouns []string                `json:"directedEdgeNouns"`
	EdgeNounDomains   map[EdgeDomain][]string `json:"edgeNounDomains"`
	Units             map[Meaning][]string    `json:"units"`
	GluedUnits        []string                `json:"gluedUnits"`
	TableColumns      map[ColumnRole][]string `json:"tableColumns"`
	VagueRanks        []string                `json:"vagueRanks"`
	DirectionPhrases  struct {
		OneWay   []string `json:"oneWay"`
		TwoWay   []string `json:"twoWay"`
		Reaching []string `json:"reaching"`
	} `json:"directionPhrases"`
	RouteNouns      []string `json:"routeNouns"`
	PatternNouns    []string `json:"patternNouns"`
	NodeWeightNouns []string `json:"nodeWeightNouns"`
}

type verbEntry struct {
	Verb     string   `json:"verb"`
	S        string   `json:"s"`
	Ed       string   `json:"ed"`
	En       string   `json:"en"`
	Ing      string   `json:"ing"`
	Prep     string   `json:"prep"`
	Plain    bool     `json:"plain"`
	Carries  bool     `json:"carries"`
	NoReader bool     `json:"noReader"`
	NoDegree bool     `json:"noDegree"`
	Nouns    []string `json:"nouns"`
	Note     string   `json:"note"`
	PastN    bool     `json:"pastNames"`
	Common   bool     `json:"common"`
	TwoObj   bool     `json:"twoObjects"`
	Order    string   `json:"order"`
	Object   bool     `json:"object"`
	Mutual   bool     `json:"mutual"`
	With     bool     `json:"with"`
	To       bool     `json:"to"`
	For      bool     `json:"for"`
}

// Parse reads a lexicon in lexicon.json's layout. Unknown fields are
// errors, so a misspelt flag is not silently ignored.
func Parse(data []byte) (*Lexicon, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f file
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("lang: lexicon: %w", err)
	}
	l := &Lexicon{words: map[string]Word{}, third: map[string]string{}, preps: map[string][]string{}, nounDir: map[string]NounDir{},
		units: map[string]Meaning{}, glued: map[string]bool{}, edgeDomain: map[string]EdgeDomain{}}
	for i, e := range f.OneWay {
		r, err := e.relation(false)
		if err != nil {
			return nil, fmt.Errorf("lang: lexicon: oneway[%d]: %w", i, err)
		}
		l.oneWay = append(l.oneWay, r)
	}
	for i, e := range f.Symmetric {
		r, err := e.relation(true)
		if err != nil {
			return nil, fmt.Errorf("lang: lexicon: symmetric[%d]: %w", i, err)
		}
		l.symmetric = append(l.symmetric, r)
	}
	l.indexVerbs()
	rn := f.RelationNouns
	for _, g := range []struct {
		words     []string
		dir       NounDir
		adjective bool
	}{{rn.Symmetric, NounSymmetric, false}, {rn.SymmetricAdjectives, NounSymmetric, true},
		{rn.Forward, NounForward, false}, {rn.Reverse, NounReverse, false}} {
		for _, n := range g.words {
			forms, err := nounForms(n, g.adjective)
			if err != nil {
				return nil, fmt.Errorf("lang: lexicon: relationNouns: %w", err)
			}
			for _, w := range forms {
				l.nounDir[w] = g.dir
				l.words[w] |= RelationNoun
			}
		}
	}
	for _, g := range []struct {
		words []string
		dst   *[]string
		class Word
	}{{f.NodeNouns, &l.nodeNouns, NodeNoun}, {f.EdgeNouns, &l.edgeNouns, EdgeNoun}, {f.DirectedEdgeNouns, &l.dirEdgeNouns, EdgeNoun},
		{f.RouteNouns, &l.routeNouns, RouteNoun}} {
		for _, n := range g.words {
			forms, err := nounForms(n, false)
			if err != nil {
				return nil, fmt.Errorf("lang: lexicon: nouns: %w", err)
			}
			for _, w := range forms {
				*g.dst = append(*g.dst, w)
				l.words[w] |= g.class
			}
		}
	}
	for d, ns := range f.EdgeNounDomains {
		switch d {
		case RoadEdge, PipeEdge, FlightEdge, GenericEdge, ArcEdge:
		default:
			return nil, fmt.Errorf("lang: lexicon: edgeNounDomains: unknown domain %q", d)
		}
		for _, n := range ns {
			forms, err := nounForms(n, false)
			if err != nil {
				return nil, fmt.Errorf("lang: lexicon: edgeNounDomains: %w", err)
			}
			for _, w := range forms {
				l.edgeDomain[w] = d
				l.words[w] |= EdgeNoun
			}
		}
	}
	for m, ws := range f.Units {
		switch m {
		case Distance, Cost, Capacity, Time, Count:
		default:
			return nil, fmt.Errorf("lang: lexicon: units: unknown meaning %q", m)
		}
		for _, w := range ws {
			if w == "" || w != strings.ToLower(w) {
				return nil, fmt.Errorf("lang: lexicon: units: %q is not a lower-case word", w)
			}
			if prev, ok := l.units[w]; ok && prev != m {
				return nil, fmt.Errorf("lang: lexicon: units: %q is both %s and %s", w, prev, m)
			}
			l.units[w] = m
			l.words[w] |= UnitWord
		}
	}
	for _, w := range f.GluedUnits {
		l.glued[w] = true
	}
	for _, n := range f.PatternNouns {
		forms, err := nounForms(n, false)
		if err != nil {
			return nil, fmt.Errorf("lang: lexicon: patternNouns: %w", err)
		}
		l.patternNouns = append(l.patternNouns, forms...)
	}
	for _, n := range f.NodeWeightNouns {
		forms, err := nounForms(n, false)
		if err != nil {
			return nil, fmt.Errorf("lang: lexicon: nodeWeightNouns: %w", err)
		}
		l.nodeWeightNouns = append(l.nodeWeightNouns, forms...)
	}
	if err := l.indexColumns(f.TableColumns); err != nil {
		return nil, err
	}
	for _, w := range f.VagueRanks {
		if w == "" || w != strings.ToLower(w) || strings.ContainsAny(w, " \t") {
			return nil, fmt.Errorf("lang: lexicon: vagueRanks: %q is not one lower-case word", w)
		}
		l.vagueRanks = append(l.vagueRanks, w)
	}
	for _, ps := range []struct {
		name string
		in   []string
		out  *[]string
	}{{"oneWay", f.DirectionPhrases.OneWay, &l.oneWayPhrases}, {"twoWay", f.DirectionPhrases.TwoWay, &l.twoWayPhrases},
		{"reaching", f.DirectionPhrases.Reaching, &l.reachingPhrases}} {
		for _, p := range ps.in {
			if p == "" || p != strings.ToLower(p) || strings.TrimSpace(p) != p {
				return nil, fmt.Errorf("lang: lexicon: directionPhrases: %s: %q is not a lower-case phrase", ps.name, p)
			}
			*ps.out = append(*ps.out, p)
		}
	}
	return l, nil
}

// relation checks e and fills the forms it does not give.
func (e verbEntry) relation(sym bool) (Relation, error) {
	if e.Verb == "" || e.Verb != strings.ToLower(e.Verb) || strings.ContainsAny(e.Verb, " \t") {
		return Relation{}, fmt.Errorf("verb %q: want one lower-case word", e.Verb)
	}
	if e.Order != "" && e.Order != "on" && e.Order != "object" {
		return Relation{}, fmt.Errorf("verb %q: order %q: want \"on\" or \"object\"", e.Verb, e.Order)
	}
	if sym && (e.PastN || e.TwoObj || e.Order != "") {
		return Relation{}, fmt.Errorf("verb %q: pastNames, twoObjects and order are flags of one-way verbs", e.Verb)
	}
	if !sym && (e.Object || e.Mutual || e.With || e.To || e.For) {
		return Relation{}, fmt.Errorf("verb %q: object, mutual, with, to and for are flags of symmetric verbs", e.Verb)
	}
	if sym && (e.Plain || e.Carries || e.NoReader || e.Prep != "") {
		return Relation{}, fmt.Errorf("verb %q: plain, carries, noReader and prep are flags of one-way verbs", e.Verb)
	}
	v := Verb{Base: e.Verb, S: form(e.S, thirdPerson(e.Verb)), Ed: form(e.Ed, past(e.Verb))}
	v.En = form(e.En, v.Ed)
	v.Ing = form(e.Ing, gerund(e.Verb))
	if e.Prep != "" {
		v.Preps = strings.Split(e.Prep, "/")
	}
	return Relation{Verb: v, Symmetric: sym, Plain: e.Plain, Carries: e.Carries, NoReader: e.NoReader,
		NoDegree: e.NoDegree, Nouns: e.Nouns, Note: e.Note, PastNames: e.PastN, Common: e.Common, TwoObjects: e.TwoObj, Order: e.Order, Object: e.Object, Mutual: e.Mutual, With: e.With,
		To: e.To, For: e.For}, nil
}

// form is the given form, the regular one when none is given, "" for "-".
func form(given, regular string) string {
	switch given {
	case "":
		return regular
	case "-":
		return ""
	}
	return given
}

// indexVerbs fills words and third from the relations.
func (l *Lexicon) indexVerbs() {
	add := func(w string, c Word) {
		if w != "" {
			l.words[w] |= c
		}
	}
	for _, r := range l.oneWay {
		if r.S != "" {
			l.third[r.Base] = r.S
		}
		add(r.S, RelationVerb)
		if !r.PastNames {
			add(r.Ed, RelationVerb)
		}
		for _, f := range []string{r.Base, r.S, r.Ed, r.Ing} {
			for _, p := range r.Preps {
				if f != "" && !slices.Contains(l.preps[f], p) {
					l.preps[f] = append(l.preps[f], p)
				}
			}
		}
		switch r.Order {
		case "on":
			add(r.Base, OrderOnVerb)
			add(r.S, OrderOnVerb)
			add(r.Ing, OrderOnVerb)
		case "object":
			add(r.Base, OrderObjectVerb)
			add(r.S, OrderObjectVerb)
			add(r.Ing, OrderObjectVerb)
		}
		if r.NoReader {
			continue
		}
		c := ActVerb
		if r.Prep() != "" {
			c = ToVerb
			if r.Carries {
				c |= CarryVerb
			}
		}
		if r.TwoObjects {
			c |= TwoObjectVerb
		}
		add(r.S, c)
		if !r.PastNames {
			add(r.Ed, c)
		}
		add(r.Base, BaseVerb)
		if r.Prep() == "" {
			add(r.En, PassiveVerb)
		}
	}
	for _, r := range l.symmetric {
		if _, ok := l.third[r.Base]; !ok && r.S != "" {
			l.third[r.Base] = r.S
		}
		add(r.S, RelationVerb)
		if r.Object || r.Mutual {
			add(r.Ed, RelationVerb)
		}
		for _, f := range []string{r.S, r.Ed} {
			if r.Object {
				add(f, MeetVerb)
			}
			if r.With {
				add(f, WithVerb)
			}
			if r.To {
				add(f, TalkToVerb)
			}
			if r.For {
				add(f, ForVerb)
			}
		}
		if r.Mutual {
			add(r.Base, MutualVerb)
			add(r.S, MutualVerb)
			add(r.Ed, MutualVerb)
		}
	}
}

// nounForms reads a noun entry: "friend" (and its regular plural),
// "ally:allies" (an irregular plural), "people:-" (no plural), "-:buses"
// (the plural only). Adjectives take no plural.
func nounForms(n string, adjective bool) ([]string, error) {
	sing, plural, irregular := strings.Cut(n, ":")
	if sing == "" || (irregular && plural == "") || n != strings.ToLower(n) {
		return nil, fmt.Errorf("noun %q: want \"word\", \"word:plural\", \"word:-\" or \"-:plural\"", n)
	}
	if !irregular && !adjective {
		plural = thirdPerson(sing)
	}
	var out []string
	for _, w := range []string{sing, plural} {
		if w != "" && w != "-" {
			out = append(out, w)
		}
	}
	return out, nil
}

// thirdPerson is the regular -s form: "follows", "teaches", "relies".
func thirdPerson(v string) string {
	switch {
	case strings.HasSuffix(v, "s"), strings.HasSuffix(v, "x"), strings.HasSuffix(v, "z"),
		strings.HasSuffix(v, "ch"), strings.HasSuffix(v, "sh"):
		return v + "es"
	case consonantY(v):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

// past is the regular past: "followed", "managed", "relied".
func past(v string) string {
	switch {
	case strings.HasSuffix(v, "e"):
		return v + "d"
	case consonantY(v):
		return v[:len(v)-1] + "ied"
	}
	return v + "ed"
}

// gerund is the regular -ing form: "following", "managing".
func gerund(v string) string {
	switch {
	case strings.HasSuffix(v, "ie"):
		return v[:len(v)-2] + "ying"
	case strings.HasSuffix(v, "e") && !strings.HasSuffix(v, "ee") && len(v) > 2:
		return v[:len(v)-1] + "ing"
	}
	return v + "ing"
}

func consonantY(v string) bool {
	n := len(v)
	return n >= 2 && v[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(v[n-2]))
}
