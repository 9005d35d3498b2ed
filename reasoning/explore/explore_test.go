package explore

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/kg"
)

// TestLambda checks that λ changes the reading of names as it says: 0
// reads exact names only, 1 similarity only, and in between an exact name
// always wins while a similar one is read only when close enough.
func TestLambda(t *testing.T) {
	x := explorerFor(t, "drugmechdb")
	ctx := context.Background()
	ask := func(q string, l float64) (*Answer, error) {
		t.Helper()
		return x.Ask(ctx, q, l)
	}
	// "diabetes" names no entity exactly: declined at λ = 0, read as
	// Diabetes mellitus by similarity at the default.
	if a, err := ask("What connects metformin to diabetes?", 0); !errors.Is(err, ErrDeclined) || !strings.Contains(a.Text, "λ = 0") {
		t.Errorf("λ=0, inexact name: %v, %q; want declined", err, a.Text)
	}
	a, err := ask("What connects metformin to diabetes?", DefaultLambda)
	if err != nil || a.Query.Kind != KindPath || len(a.Query.Tails) != 1 || x.g.Entity(a.Query.Tails[0]).ID != "MESH:D003920" {
		t.Fatalf("default λ: %v, %+v", err, a)
	}
	// The exact name reads the same entity at every λ below 1.
	for _, l := range []float64{0, 0.3, 0.5, DefaultLambda, 0.95} {
		a, err := ask("What connects metformin to diabetes mellitus?", l)
		if err != nil || x.g.Entity(a.Query.Tails[0]).ID != "MESH:D003920" || len(a.Query.Tails) != 1 {
			t.Errorf("λ=%g, exact name: %v %+v", l, err, a)
		}
	}
	// A misspelling: too far for the default, read at λ = 1.
	if _, err := ask("What does metformine inhibit?", DefaultLambda); !errors.Is(err, ErrDeclined) {
		t.Errorf("default λ read a misspelling: %v", err)
	}
	a, err = ask("What does metformine inhibit?", 1)
	if err != nil || len(a.Query.Heads) != 1 || x.g.Entity(a.Query.Heads[0]).Name != "Metformin" {
		t.Errorf("λ=1, misspelling: %v %+v", err, a)
	}
	// Scores: λ = 0 counts exact names only, λ = 1 similarity only, and
	// the set of mentions read grows with λ.
	mentions := []string{"metformin", "metformine", "diabetes", "diabetes mellitus type 2", "hypertensive disorders", "ibuprofen", "asthma attack", "malarai"}
	prev := map[string]bool{}
	for _, l := range []float64{0, 0.25, 0.5, 0.75, DefaultLambda, 0.9, 1} {
		for _, m := range mentions {
			r, err := x.m.resolve(ctx, m, l, -1)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range r.Best {
				want := (1-l)*b2f(c.Exact) + l*c.Similarity
				if l == 0 && c.Score != b2f(c.Exact) || abs(c.Score-want) > 1e-9 {
					t.Errorf("λ=%g %q: candidate %s scores %v, want %v", l, m, c.Name, c.Score, want)
				}
			}
			read := len(r.Entities) > 0
			if prev[m] && !read && r.Problem != "" && !strings.Contains(r.Problem, "could be") {
				t.Errorf("λ=%g: %q was read at a lower λ but not now: %s", l, m, r.Problem)
			}
			prev[m] = prev[m] || read
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// TestSuggestionsAnswerable asks every suggestion offered for the question
// set and checks that each has an answer.
func TestSuggestionsAnswerable(t *testing.T) {
	items, _, answers := loadQuestions(t)
	ctx := context.Background()
	offered, withThree, answered := 0, 0, 0
	for _, it := range items {
		x := explorerFor(t, it.KG)
		ans, err := answers[it.ID].ans, answers[it.ID].err
		if err != nil {
			continue
		}
		if len(ans.Suggestions) == 3 {
			withThree++
		}
		answered++
		for _, s := range ans.Suggestions {
			offered++
			a, err := x.answer(ctx, s, DefaultLambda)
			if err != nil || a.Declined || len(a.Facts) == 0 {
				t.Errorf("%s: suggestion %q has no answer: %v %s", it.ID, s, err, firstLine(a))
			}
		}
	}
	t.Logf("%d suggestions for %d answered questions, %d with three", offered, answered, withThree)
	if withThree < answered*8/10 {
		t.Errorf("only %d of %d answers have three suggestions", withThree, answered)
	}
}

// TestHistoryRewind checks that back and goto restore an earlier step
// exactly: its question, λ, answer and suggestions.
func TestHistoryRewind(t *testing.T) {
	x := explorerFor(t, "wn18rr")
	ctx := context.Background()
	s := x.NewSession(DefaultLambda)
	if _, err := s.Back(); !errors.Is(err, ErrNoStep) {
		t.Errorf("back before any question: %v", err)
	}
	snap := func() string {
		e, n, ok := s.Current()
		if !ok {
			t.Fatal("no current step")
		}
		b, err := json.Marshal(struct {
			N      int
			E      Entry
			Lambda float64
		}{n, e, s.Lambda()})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	var snaps []string
	var entries []Entry
	steps := []struct {
		line   string
		lambda float64
	}{
		{"What are the hypernyms of dog?", DefaultLambda},
		{"1", DefaultLambda}, // the first suggestion
		{"what kinds of hunting dog are there", 0},
		{"What connects dog to cat?", 1},
	}
	for _, st := range steps {
		if err := s.SetLambda(st.lambda); err != nil {
			t.Fatal(err)
		}
		if _, ans, err := s.Command(ctx, st.line); err != nil || ans == nil {
			t.Fatalf("%q: %v", st.line, err)
		}
		snaps = append(snaps, snap())
		e, _, _ := s.Current()
		entries = append(entries, e)
	}
	if e := entries[1]; e.Question != entries[0].Answer.Suggestions[0] {
		t.Errorf("step 2 asked %q, want the first suggestion %q", e.Question, entries[0].Answer.Suggestions[0])
	}
	s.SetLambda(0.1) // changed after the last step; goto restores the step's λ
	for _, n := range []int{2, 1, 4, 3} {
		if _, _, err := s.Command(ctx, "goto "+string(rune('0'+n))); err != nil {
			t.Fatal(err)
		}
		if got := snap(); got != snaps[n-1] {
			t.Errorf("goto %d restored\n%s\nwant\n%s", n, got, snaps[n-1])
		}
		if e, _, _ := s.Current(); !reflect.DeepEqual(e, entries[n-1]) {
			t.Errorf("goto %d: entry differs", n)
		}
	}
	// back from step 3 is step 2, then 1, then an error.
	for _, want := range []int{2, 1} {
		if _, _, err := s.Command(ctx, "back"); err != nil {
			t.Fatal(err)
		}
		if got := snap(); got != snaps[want-1] {
			t.Errorf("back: got step %s, want %d", got[:20], want)
		}
	}
	if _, _, err := s.Command(ctx, "back"); !errors.Is(err, ErrNoStep) {
		t.Errorf("back from step 1: %v", err)
	}
	// A question asked after rewinding is appended; nothing is lost.
	if _, _, err := s.Command(ctx, "What is the wolf a member of?"); err != nil {
		t.Fatal(err)
	}
	if h := s.History(); len(h) != 5 || h[4].Question != "What is the wolf a member of?" || h[4].Lambda != entries[0].Lambda {
		t.Errorf("history after rewinding and asking: %d steps", len(h))
	}
	text, _, err := s.Command(ctx, "history")
	if err != nil || strings.Count(text, "\n") != 4 || !strings.Contains(text, "*5.") {
		t.Errorf("history text %q, %v", text, err)
	}
	for _, bad := range []string{"goto 0", "goto 9", "goto x", "7"} {
		if _, _, err := s.Command(ctx, bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	// A declined question leaves the history and the current step alone.
	before := snap()
	if _, _, err := s.Command(ctx, "What is the capital of France?"); !errors.Is(err, ErrDeclined) {
		t.Errorf("declined question: %v", err)
	}
	if snap() != before || len(s.History()) != 5 {
		t.Error("a declined question changed the session")
	}
}

// TestDeclines checks questions that must be declined, with what was read.
func TestDeclines(t *testing.T) {
	x := explorerFor(t, "drugmechdb")
	ctx := context.Background()
	for _, tc := range []struct{ q, says string }{
		{"", "empty"},
		{"???", "empty"},
		{"what is it?", "no entity"},
		{"metformin and insulin", "no relation"},
		{"What connects metformin, insulin and malaria?", "3 entities"},
		{"Which proteins does aspirinol act on?", `"aspirinol"`},
		// An alias the table lists for two nodes asks which one is meant.
		{"What does niacin act on?", "which one do you mean"},
		{strings.Repeat("what does metformin inhibit ", 200), "more than 4096"},
	} {
		a, err := x.Ask(ctx, tc.q, DefaultLambda)
		if !errors.Is(err, ErrDeclined) || a == nil || !a.Declined || !strings.Contains(a.Text, tc.says) {
			t.Errorf("%q: %v, %+v; want declined saying %q", tc.q, err, a, tc.says)
		}
	}
	if _, err := x.Ask(ctx, "what does metformin inhibit", 1.5); err == nil || errors.Is(err, ErrDeclined) {
		t.Errorf("λ = 1.5: %v", err)
	}
}

// TestFB15k237 reads questions over FB15k-237, whose relations are Freebase
// paths: the answers are the triples of the relation the words name.
func TestFB15k237(t *testing.T) {
	x := explorerFor(t, "fb15k237")
	ctx := context.Background()
	for _, tc := range []struct {
		q, entity, rel string
		headKnown      bool
	}{
		{"Where was Albert Einstein born?", "Albert Einstein", "/people/person/place_of_birth", true},
		{"What is the nationality of Barack Obama?", "Barack Obama", "/people/person/nationality", true},
		{"Which films did Steven Spielberg direct?", "Steven Spielberg", "/film/director/film", true},
		{"who directed Jaws?", "Jaws", "/film/director/film", false},
		{"what is the capital of France?", "France", "/location/country/capital", true},
	} {
		a, err := x.Ask(ctx, tc.q, DefaultLambda)
		if err != nil {
			t.Errorf("%q: %v", tc.q, err)
			continue
		}
		e := x.g.Exact(tc.entity)
		r, _ := x.g.RelationByID(tc.rel)
		p := kg.Pattern{H: kg.Any, T: kg.Any, Rels: []int32{r}}
		bound := a.Query.Tails
		if tc.headKnown {
			bound = a.Query.Heads
		}
		var want []string
		for _, ent := range e {
			if tc.headKnown {
				p.H = ent
			} else {
				p.T = ent
			}
			for _, tr := range x.g.Match(nil, p, 0) {
				if tc.headKnown {
					want = append(want, x.g.Entity(tr.T).ID)
				} else {
					want = append(want, x.g.Entity(tr.H).ID)
				}
			}
		}
		got := slices.Clone(a.EntityIDs)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(bound, e) || !slices.Equal(a.Query.Rels, []int32{r}) || len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%q: read %s, answers %v; want %v", tc.q, a.Pattern, got, want)
		}
	}
}

// TestSuggestionsFollowLambda checks that λ moves the suggestions as
// GraphLingo's preference does: at 0 they stay with the relation asked and
// the KG's common relations, at 1 they explore its rarer ones.
func TestSuggestionsFollowLambda(t *testing.T) {
	ctx := context.Background()
	meanShare := func(x *Explorer, sugs []string, l float64) float64 {
		var sum float64
		for _, s := range sugs {
			a, err := x.answer(ctx, s, l)
			if err != nil || len(a.Query.Rels) != 1 {
				t.Fatalf("suggestion %q: %v", s, err)
			}
			sum += float64(x.g.RelationCount(a.Query.Rels[0])) / float64(x.g.NumTriples())
		}
		return sum / float64(len(sugs))
	}
	lower := 0
	qs := []struct{ kg, q string }{
		{"wn18rr", "What are the hypernyms of dog.n.01?"}, {"wn18rr", "list the parts of a car"},
		{"wn18rr", "What is the wolf a member of?"}, {"drugmechdb", "Which proteins does ibuprofen act on?"},
		{"drugmechdb", "What causes malaria?"}, {"drugmechdb", "Tell me about methotrexate"},
	}
	for _, c := range qs {
		x := explorerFor(t, c.kg)
		a0, err0 := x.Ask(ctx, c.q, 0)
		a1, err1 := x.Ask(ctx, c.q, 1)
		if err0 != nil || err1 != nil || len(a0.Suggestions) == 0 || len(a1.Suggestions) == 0 {
			t.Fatalf("%q: %v %v", c.q, err0, err1)
		}
		s0, s1 := meanShare(x, a0.Suggestions, 0), meanShare(x, a1.Suggestions, 1)
		if s1 > s0 {
			t.Errorf("%q: suggestions at λ=1 use commoner relations (%.3f) than at λ=0 (%.3f): %q vs %q", c.q, s1, s0, a1.Suggestions, a0.Suggestions)
		}
		if s1 < s0 {
			lower++
		}
	}
	if lower < len(qs)/2 {
		t.Errorf("λ changed the relations suggested for only %d of %d questions", lower, len(qs))
	}
	// In context: at λ = 0 the relation just asked comes first.
	x := explorerFor(t, "wn18rr")
	a, _ := x.Ask(ctx, "What are the hypernyms of dog.n.01?", 0)
	if b, err := x.answer(ctx, a.Suggestions[0], 0); err != nil || b.Query.Rels[0] != a.Query.Rels[0] {
		t.Errorf("λ=0: first suggestion %q does not continue with %s", a.Suggestions[0], x.relNames(a.Query.Rels))
	}
}

// TestAliasTable reads common drug names and gene symbols through
// DrugMechDB's alias table, saying which name was read as which; a name of
// the data itself wins over an alias, and an alias of several nodes asks
// which one is meant.
func TestAliasTable(t *testing.T) {
	x := explorerFor(t, "drugmechdb")
	ctx := context.Background()
	for _, lambda := range []float64{0, DefaultLambda, 1} {
		a, err := x.Ask(ctx, "Which proteins does aspirin act on?", lambda)
		if err != nil {
			t.Fatalf("λ=%v: %v", lambda, err)
		}
		if !slices.Contains(a.EntityIDs, "UniProt:P35354") || !slices.Contains(a.EntityIDs, "UniProt:P23219") ||
			!strings.Contains(a.Text, `Note: "aspirin" read as Acetylsalicylic acid (MESH:D001241) (its common name in the alias table)`) {
			t.Errorf("λ=%v: %v\n%s", lambda, a.EntityIDs, a.Text)
		}
	}
	a, err := x.Ask(ctx, "Which drugs inhibit PTGS2?", DefaultLambda)
	if err != nil || !slices.Contains(a.EntityIDs, "MESH:D001241") || !strings.Contains(a.Text, "its gene symbol") {
		t.Errorf("PTGS2: %v, %+v", err, a)
	}
	// The data's own name: no note.
	a, err = x.Ask(ctx, "Which proteins does acetylsalicylic acid act on?", DefaultLambda)
	if err != nil || strings.Contains(a.Text, "alias table") || len(a.EntityIDs) != 2 {
		t.Errorf("exact name: %v, %+v", err, a)
	}

	// Exact names win over aliases: "alpha" is a's name and b's alias.
	b := kg.NewBuilder("t")
	b.Describe("a", "alpha", "Drug")
	b.Describe("b", "beta", "Drug")
	b.Describe("c", "gamma", "Protein")
	b.Describe("d", "delta", "Protein")
	b.Add("a", "inhibits", "c")
	b.Add("b", "inhibits", "d")
	tab, err := kg.ReadAliases(ctx, func(context.Context, string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader("node_id\talias\tkind\tambiguous\nb\talpha\tcommon_name\t\nb\tbb\tcommon_name\t\nc\tgg\tgene_symbol\tyes\nd\tgg\tgene_symbol\tyes\n")), nil
	}, "t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	b.Synonyms = tab
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	small := New(g, Options{})
	if a, err := small.Ask(ctx, "what does alpha inhibit?", DefaultLambda); err != nil || !slices.Equal(a.EntityIDs, []string{"c"}) || strings.Contains(a.Text, "alias") {
		t.Errorf("exact name over alias: %v, %+v", err, a)
	}
	if a, err := small.Ask(ctx, "what does bb inhibit?", DefaultLambda); err != nil || !slices.Equal(a.EntityIDs, []string{"d"}) || !strings.Contains(a.Text, `"bb" read as beta`) {
		t.Errorf("alias: %v, %+v", err, a)
	}
	a, err = small.Ask(ctx, "what inhibits gg?", DefaultLambda)
	if !errors.Is(err, ErrDeclined) || !strings.Contains(a.Text, "gamma (c) or delta (d)") || !strings.Contains(a.Text, "which one do you mean") {
		t.Errorf("ambiguous alias: %v, %+v", err, a)
	}
}
