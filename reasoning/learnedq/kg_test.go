package learnedq

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning/explore"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/kg"
)

// shippedKGsForTests gives the explorers of the shipped knowledge graphs,
// each loaded once per test binary.
var shippedKGsForTests = explore.NewCache(func(ctx context.Context, name string) (*kg.KG, error) {
	return kg.Load(ctx, dataset.OpenShipped, name)
}, explore.Options{})

// TestReadKG reads knowledge-graph completion questions in many phrasings
// over both shipped knowledge graphs: the tool, its arguments (entities by
// the data's IDs, relations by their text), the refusals (ambiguous names
// list their entities, unknown ones are named, a knowledge graph not
// shipped names those that are) and questions left to other tools.
func TestReadKG(t *testing.T) {
	if testing.Short() {
		t.Skip("loads WN18RR and FB15k-237 (a few seconds)")
	}
	// IDs: dog.n.01 02084071, canine.n.02 02083346, cat.n.01 02121620,
	// feline.n.01 02120997, beget.v.01 00054628, tree.n.01 13104059;
	// FB15k-237: Barack Obama 4645 (/m/02mjmr), United States of America
	// 10416 (/m/09c7w0).
	cases := []struct {
		q    string
		tool string
		args string // JSON; "" when not read or an error
		err  error  // the error wrapped, when read and refused
		want string // a part of the error's text
	}{
		// Tails, in words.
		{q: "in wn18rr, what is a hypernym of dog.n.01?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"02084071","relation":"hypernym"}`},
		{q: "What is dog.n.01 a kind of, according to wordnet?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"02084071","relation":"hypernym"}`},
		{q: "What are the hypernyms of 02084071 in WN18RR?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"02084071","relation":"hypernym"}`},
		{q: "What does dog.n.01 have as a hypernym in wn18rr?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"02084071","relation":"hypernym"}`},
		{q: "In wn18rr, what has dog.n.01 as its hypernym?", tool: ToolHeadEntity, args: `{"dataset":"wn18rr","entity":"02084071","relation":"hypernym"}`},
		{q: "wordnet: what type of thing is a domestic dog?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"02084071","relation":"hypernym"}`},
		{q: "What is a part of tree.n.01 in the wn18rr knowledge graph?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"13104059","relation":"has part"}`},
		{q: "What is the derivationally related form of run.v.01 in wn18rr?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"01926311","relation":"derivationally related form"}`},
		{q: "In fb15k237, what is the nationality of Barack Obama?", tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"4645","relation":"people person nationality"}`},
		{q: "What is Barack Obama's nationality in Freebase?", tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"4645","relation":"people person nationality"}`},
		{q: "Where was Barack Obama born, according to FB15k-237?", tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"4645","relation":"people person place of birth"}`},
		{q: "What is the profession of /m/02mjmr in fb15k237?", tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"4645","relation":"people person profession"}`},
		// Heads, in words.
		{q: "What is tree.n.01 part of, according to wordnet?", tool: ToolHeadEntity, args: `{"dataset":"wn18rr","entity":"13104059","relation":"has part"}`},
		{q: "In wn18rr, what is a kind of canine.n.02?", tool: ToolHeadEntity, args: `{"dataset":"wn18rr","entity":"02083346","relation":"hypernym"}`},
		{q: "What are the hyponyms of feline.n.01 in wordnet?", tool: ToolHeadEntity, args: `{"dataset":"wn18rr","entity":"02120997","relation":"hypernym"}`},
		{q: "What is United States of America a nationality of in fb15k237?", tool: ToolHeadEntity, args: `{"dataset":"fb15k237","entity":"10416","relation":"people person nationality"}`},
		// Relations, in words.
		{q: "Which relation links cat.n.01 and feline.n.01 in wn18rr?", tool: ToolRelation, args: `{"dataset":"wn18rr","head":"02121620","tail":"02120997"}`},
		{q: "How is dog.n.01 related to canine.n.02 in WordNet?", tool: ToolRelation, args: `{"dataset":"wn18rr","head":"02084071","tail":"02083346"}`},
		{q: "what relation holds between dog.n.01 and canine.n.02 in wordnet?", tool: ToolRelation, args: `{"dataset":"wn18rr","head":"02084071","tail":"02083346"}`},
		{q: "What is the relation between Barack Obama and United States of America in freebase?", tool: ToolRelation, args: `{"dataset":"fb15k237","head":"4645","tail":"10416"}`},
		// The triple notation.
		{q: "predict the tail of (beget.v.01, _hypernym, ?) in wn18rr", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"00054628","relation":"hypernym"}`},
		{q: "wn18rr: (?, hypernym, canine.n.02)", tool: ToolHeadEntity, args: `{"dataset":"wn18rr","entity":"02083346","relation":"hypernym"}`},
		{q: "complete (02121620, ?, 02120997) in wordnet", tool: ToolRelation, args: `{"dataset":"wn18rr","head":"02121620","tail":"02120997"}`},
		{q: "In fb15k237 predict (Barack Obama, /people/person/nationality, ?)", tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"4645","relation":"people person nationality"}`},
		{q: "fb15k237: (/m/02mjmr, nationality, ?x)", tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"4645","relation":"people person nationality"}`},
		{q: "fb15k237 (4645, ?, /m/09c7w0)", tool: ToolRelation, args: `{"dataset":"fb15k237","head":"4645","tail":"10416"}`},
		{q: `wordnet ("true cat", _hypernym, ?)`, tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"02121620","relation":"hypernym"}`},
		// Names with commas and brackets, and words that only look like
		// structure ("Degree", "Count") inside names.
		{q: "predict the tail of (BAFTA Award for Best Screenplay, Adapted, /award/award_category/nominees./award/award_nomination/nominated_for, ?) in fb15k237",
			tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"4677","relation":"award award category nominees. award award nomination nominated for"}`},
		{q: "predict the tail of (Academy Award for Best Short Film (Animated), /award/award_category/winners./award/award_honor/ceremony, ?) in fb15k237",
			tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"12561","relation":"award award category winners. award award honor ceremony"}`},
		{q: "In fb15k237, what is the major field of study of Master's Degree?", tool: ToolTailEntity,
			args: `{"dataset":"fb15k237","entity":"699","relation":"education educational degree people with this degree. education education major field of study"}`},
		// One relation word, several relations: the one with facts of the
		// entity at that side is read (Contact is a film); none or several
		// is refused.
		{q: "In freebase, what is the language of Contact?", tool: ToolTailEntity, args: `{"dataset":"fb15k237","entity":"3651","relation":"film film language"}`},
		{q: "In fb15k237, what is the language of France?", err: ErrAmbiguous, want: "/people/person/languages"},

		// Ambiguous names: the candidates are listed, nothing is picked.
		{q: "in wn18rr, what is a hypernym of dog?", err: ErrAmbiguous, want: "dog.n.01"},
		{q: "What is cat a kind of in wordnet?", err: ErrAmbiguous, want: "cat.n.01"},
		{q: "predict (bank, _hypernym, ?) in wn18rr", err: ErrAmbiguous, want: "bank.n.01"},
		{q: "which relation links dog and canine.n.02 in wn18rr?", err: ErrAmbiguous, want: "dog.n.03"},
		{q: "fb15k237: (Barack Obama, genre, ?)", err: ErrAmbiguous, want: "/film/film/genre"},
		// Unknown entities and relations.
		{q: "in wn18rr, what is a hypernym of dogzilla.n.01?", err: ErrUnknown, want: `"dogzilla.n.01"`},
		{q: "What is the nationality of Zorblax Quux in fb15k237?", err: ErrUnknown, want: `"Zorblax Quux"`},
		{q: "predict the tail of (beget.v.01, _is_cousin_of, ?) in wn18rr", err: ErrUnknown, want: `relation "_is_cousin_of"`},
		{q: "wn18rr (nosuchthing.n.09, _hypernym, ?)", err: ErrUnknown, want: "nosuchthing.n.09"},
		// A relation read without the entities of one triple: what was read
		// is said.
		{q: "in wn18rr, what is the hypernym?", err: ErrUnclear, want: "no entity"},
		{q: "In freebase, which films were directed by Christopher Nolan?", err: ErrUnclear, want: `"films"`},
		{q: "In fb15k237, what language is spoken in France?", err: ErrUnclear, want: `"spoken"`},
		{q: "In fb15k237, how is American Idol related to Music?", err: ErrUnclear, want: `the relation "music`},
		{q: "In wn18rr, what is the derivationally related form of relate.v.04?", tool: ToolTailEntity, args: `{"dataset":"wn18rr","entity":"02724417","relation":"derivationally related form"}`},
		// A knowledge graph that is not shipped.
		{q: "in wn18, what is a hypernym of dog.n.01?", err: ErrNotShipped, want: "wn18rr (WordNet) and fb15k237 (Freebase)"},
		{q: "predict (Barack Obama, nationality, ?) in YAGO3-10", err: ErrNotShipped, want: "YAGO3-10"},

		// Not completion questions: left to the exact tools or explore.
		{q: "how many nodes does wn18rr have?"},
		{q: "How many triples are in fb15k237?"},
		{q: "What is the degree of dog.n.01 in wn18rr?"},
		{q: "What is the shortest path from dog.n.01 to cat.n.01 in wn18rr?"},
		{q: "What connects dog.n.01 to cat.n.01 in wordnet?"},
		{q: "What is the hypernym of the hypernym of dog.n.01 in wn18rr?"},
		{q: "How many hypernyms does dog.n.01 have in wn18rr?"},
		{q: "Tell me about dog.n.01 in wn18rr."},
		{q: "What is the topic of paper 35 in cora?"},
		{q: "What is a hypernym of dog.n.01?"},
		{q: "Compare wn18rr and fb15k237."},
		{q: "(a, b, c) in wn18rr"},
		{q: "Is feline.n.01 a hypernym of cat.n.01 in wn18rr?"},
	}
	if len(cases) < 40 {
		t.Fatalf("%d cases, want at least 40", len(cases))
	}
	ctx := context.Background()
	for _, c := range cases {
		q, ok, err := ReadKG(ctx, c.q, shippedKGsForTests)
		switch {
		case c.err != nil:
			if !ok || !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q: ok %v, err %v; want %v containing %q", c.q, ok, err, c.err, c.want)
			}
		case c.args == "":
			if ok || err != nil {
				t.Errorf("%q: read as %s %v (%v), want not read", c.q, q.Tool, q.Args, err)
			}
		default:
			if !ok || err != nil {
				t.Errorf("%q: ok %v, err %v; want %s %s", c.q, ok, err, c.tool, c.args)
				continue
			}
			b, _ := json.Marshal(q.Args)
			if q.Tool != c.tool || string(b) != c.args || q.Read == "" || q.Dataset != q.Args["dataset"] || q.KG == nil {
				t.Errorf("%q: %s %s (%q), want %s %s", c.q, q.Tool, b, q.Read, c.tool, c.args)
			}
		}
	}
}

// FuzzReadKG: untrusted text never panics; a question read names a transe
// tool, a shipped knowledge graph and entities that are in it; a refusal
// is one of the three kinds.
func FuzzReadKG(f *testing.F) {
	for _, s := range []string{"in wn18rr, what is a hypernym of dog.n.01?", "predict the tail of (beget.v.01, _hypernym, ?) in wn18rr",
		"which relation links cat.n.01 and feline.n.01 in wn18rr?", "in fb15k237, what is the nationality of Barack Obama?",
		"in wn18rr, what is a hypernym of dog?", "in wn18, what is a hypernym of dog.n.01?", "wordnet (?, ?, ?)", "how many nodes does wn18rr have?",
		"fb15k237 (4645, ?, /m/09c7w0)", "what is (a, (b, c), ?) in wordnet", ""} {
		f.Add(s)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		q, ok, err := ReadKG(ctx, s, shippedKGsForTests)
		if !ok {
			if err != nil {
				t.Fatalf("%q: not read, yet an error %v", s, err)
			}
			return
		}
		if err != nil {
			if !errors.Is(err, ErrAmbiguous) && !errors.Is(err, ErrUnknown) && !errors.Is(err, ErrNotShipped) && !errors.Is(err, ErrUnclear) {
				t.Fatalf("%q: error of no kind: %v", s, err)
			}
			return
		}
		if q.KG == nil || q.Dataset != q.Args["dataset"] || (q.Dataset != "wn18rr" && q.Dataset != "fb15k237") || q.Read == "" {
			t.Fatalf("%q read as %+v", s, q)
		}
		g := q.KG.Explorer.KG()
		var ents []string
		switch q.Tool {
		case ToolTailEntity, ToolHeadEntity:
			ents = []string{q.Args["entity"].(string)}
			if q.Args["relation"].(string) == "" {
				t.Fatalf("%q: no relation: %+v", s, q)
			}
		case ToolRelation:
			ents = []string{q.Args["head"].(string), q.Args["tail"].(string)}
		default:
			t.Fatalf("%q: tool %q", s, q.Tool)
		}
		for _, e := range ents {
			if _, ok := g.EntityByID(e); !ok {
				t.Fatalf("%q: entity %q not in %s", s, e, q.Dataset)
			}
		}
	})
}
