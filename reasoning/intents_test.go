package reasoning

import (
	"regexp"
	"slices"
	"testing"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools"
)

// TestDeclaredIntents compiles every phrase and concept the catalogue's
// tools declare (a bad one would panic at first use).
func TestDeclaredIntents(t *testing.T) {
	d, err := compileIntents(tools.Catalogue().Specs(), lang.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range d.phrases {
		if _, err := regexp.Compile(p.String()); err != nil {
			t.Errorf("tool %s: phrase %s: %v", p.tool, p.String(), err)
		}
	}
	for _, c := range d.concepts {
		if _, err := regexp.Compile(c.re.String()); err != nil {
			t.Errorf("concept %s: %v", c.name, err)
		}
	}
	if len(d.phrases) < 10 || len(d.concepts) < 20 {
		t.Errorf("%d phrases and %d concepts declared; the catalogue declares more", len(d.phrases), len(d.concepts))
	}
}

// TestNewToolByIntents: a tool that exists only as a spec with its intents
// is cued by its phrases and concepts, with the phrase syntax's slots,
// alternatives, gaps and endings, and no cue of its own in this package.
func TestNewToolByIntents(t *testing.T) {
	d, err := compileIntents([]tools.Spec{{
		Name: "widget_rank",
		Intents: tools.Intents{
			Phrases:  []string{"who/which ... outranks/outrank X", "widget* of X"},
			Concepts: []string{"widget rank*", "rank"},
		},
	}}, lang.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		q      string
		cued   bool
		strong bool
	}{
		{"who outranks alice?", true, true},
		{"which of the players outrank node 7?", true, true},
		{"widgets of bob", true, true},
		{"the widgets of each node", false, false}, // "each" names no node
		{"who outranks whose team", false, false},  // nor does "whose"
		{"what is the widget-rank of 3?", true, false},
		{"what is the widget ranking of 3?", true, false},
		{"who ranks first", false, false},
	} {
		var out Cues
		d.declaredCues(c.q, &out, nil)
		if cued := slices.Contains(out.Tools, "widget_rank"); cued != c.cued || (out.Adjustment("widget_rank") > 0) != c.strong {
			t.Errorf("%q: cued %v strong %v, want %v %v", c.q, cued, out.Adjustment("widget_rank") > 0, c.cued, c.strong)
		}
	}
	// The longest concept wins where two overlap.
	if got := d.named("the widget rank of 3"); len(got) != 1 || got[0].Name != "widget rank*" {
		t.Errorf("named %+v, want only widget rank*", got)
	}
}

// TestNamedConceptsLongest: "global clustering coefficient" is the
// transitivity's concept, not the clustering coefficient's, and a
// question naming it is not answered by the average clustering.
func TestNamedConceptsLongest(t *testing.T) {
	named := NamedConcepts("What is the global clustering coefficient (transitivity)?")
	if len(named) != 2 || !slices.Equal(named[0].Tools, []string{"transitivity"}) || !slices.Equal(named[1].Tools, []string{"transitivity"}) {
		t.Fatalf("named %+v", named)
	}
	cc, _ := tools.Catalogue().Get("clustering_coefficient")
	if _, lacks := ConceptLacking("What is the global clustering coefficient?", cc.Spec()); !lacks {
		t.Error("clustering_coefficient accepted for the global clustering coefficient")
	}
	if _, lacks := ConceptLacking("What is the average clustering coefficient?", cc.Spec()); lacks {
		t.Error("clustering_coefficient refused for the average clustering coefficient")
	}
}

// BenchmarkFirstQuestionIntents is what a one-question process pays for
// the declared intents: compiling them and matching one question.
func BenchmarkFirstQuestionIntents(b *testing.B) {
	specs, lex := tools.Catalogue().Specs(), lang.Default()
	q := "given a directed graph with edges 0->1, 1->2, 2->0: identify the degree of a certain vertex in the graph. the node in question is node=6."
	for b.Loop() {
		d, err := compileIntents(specs, lex)
		if err != nil {
			b.Fatal(err)
		}
		var out Cues
		d.declaredCues(q, &out, nil)
		d.named(q)
	}
}
