package statement

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
)

var (
	allExamplesOnce       sync.Once
	allExamplesTranslator *ExampleTranslator
)

// fullTranslator is the translator built from every training example, as
// 'graphagent run' builds it.
func fullTranslator(t testing.TB) *ExampleTranslator {
	t.Helper()
	sets := loadPromptSets(t)
	allExamplesOnce.Do(func() {
		var all []Example
		for _, s := range sets {
			all = append(all, s.Examples...)
		}
		allExamplesTranslator = NewExampleTranslator(all)
	})
	return allExamplesTranslator
}

// TestTranslationAccuracy measures the builtin translator as the paper's
// "API generation accuracy": every set split 90/10 with a fixed seed, the
// translator built from the 90% parts, the calls it writes into each
// held-back input compared with the reference calls. The graph data loading
// set is reported, not held to the bar: its reference calls name graphs and
// subsets the sentence does not state (24% of its graph names are even a
// phrase of the sentence; "The criminal network dataset …" loads
// GL("criminal-network-dataset", {"Sinaloa cartel", "Camorra", "Yakuza"}, …)),
// so no translator can write them from the sentence; the paper's model got
// 4.38% there. The translator declines those sentences unless a training
// sentence is very like it (then it loads the graph that one loaded, whose
// subsets the reference may word differently: "wrong" by the measure).
func TestTranslationAccuracy(t *testing.T) {
	var sets []PromptSet
	for _, s := range loadPromptSets(t) {
		sets = append(sets, PromptSet(s))
	}
	per, total, err := MeasureTranslation(context.Background(), sets, 2023)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range per {
		t.Logf("%-32s %4d/%4d %6.2f%% wrong %d %v", a.Name, a.Correct, a.Total, a.Percent(), a.Wrong, a.Routes)
		if a.Name == "graph_data_loading" {
			continue // reported; see above
		}
		if a.Percent() < 95 {
			t.Errorf("%s: %.2f%%, want at least 95%%", a.Name, a.Percent())
		}
		if a.Wrong > 0 {
			t.Errorf("%s: %d sentences translated into wrong calls; the translator must decline instead", a.Name, a.Wrong)
		}
	}
	t.Logf("%-32s %4d/%4d %6.2f%% wrong %d %v", total.Name, total.Correct, total.Total, total.Percent(), total.Wrong, total.Routes)
	if total.Percent() < 90 {
		t.Errorf("overall %.2f%%, want at least 90%%", total.Percent())
	}
	if len(per) != 16 || total.Total != 2511 {
		t.Errorf("%d sets, %d held-back sentences; want 16 and 2,511", len(per), total.Total)
	}
}

func TestTranslateSentences(t *testing.T) {
	tr := fullTranslator(t)
	for _, c := range []struct {
		in, want string
		route    Route
	}{
		{"The size of the krackhardt kite graph is [TBR].",
			`The size of the krackhardt kite graph is [GR(GL("gpr", {"krackhardt_kite_graph"}), "toolx:size")-->r].`, RouteExact},
		{"What is the diameter of the Petersen graph?",
			`The diameter of the Petersen graph is [GR(GL("gpr", {"petersen_graph"}), "toolx:diameter")-->r].`, RouteExact},
		{"In the context of the citeseer bibliographic network, paper #42 is dedicated to the study of [TBR].",
			`In the context of the citeseer bibliographic network, paper #42 is dedicated to the study of [GR(GL("citeseer"), "graph_bert:topic", paper#42)-->r].`, RouteExact},
		{"In foursquare, what is the id of user someone_new's community?",
			`[GR(GL("foursquare"), "kmeans:community", user#someone_new)-->r]`, RoutePattern},
		{"What is the topic of paper #35 in cora?",
			`[GR(GL("cora"), "graph_bert:topic", paper#35)-->r]`, RouteSimilar},
		{"what's the shortest path length between node #1 and node #7 in the cubical graph?",
			`[GR(GL("gpr", {"cubical_graph"}), "toolx:shortest_path", "node#1", "node#7")-->r]`, RouteSimilar},
		{"How many edges are in the cubical graph?", `[GR(GL("gpr", {"cubical_graph"}), "toolx:size")-->r]`, RouteSimilar},
		{"Which nodes form the center of the frucht graph?", `[GR(GL("gpr", {"frucht_graph"}), "toolx:center")-->r]`, RouteSimilar},
		{"Compute the diameter of the chvatal graph.", `[GR(GL("gpr", {"chvatal_graph"}), "toolx:diameter")-->r]`, RouteSimilar},
		{"In wordnet, what is the relation between entity #dog.n.01 and entity #cat.n.01?",
			`[GR(GL("wordnet"), "transe:relation", entity#dog.n.01, entity#cat.n.01)-->r]`, RouteSimilar},
		{"What is the function of molecule #5 in mutag?", `[GR(GL("mutag"), "seg_bert:molecule_function", instance#5)-->r]`, RouteSimilar},
		// Close examples ask for the radius ("has a radius of [TBR]") or the
		// size ("has a size of [TBR]"): their cue words are missing here.
		{"The petersen graph has [TBR] nodes.", `The petersen graph has [GR(GL("gpr", {"petersen_graph"}), "toolx:order")-->r] nodes.`, RouteSimilar},
		{"How many edges does the petersen graph have?", `[GR(GL("gpr", {"petersen_graph"}), "toolx:size")-->r]`, RouteSimilar},
		{"In twitter, are user #a and user #b in the same community?", `[GR(GL("twitter"), "kmeans:common_community_check", user#a, user#b)-->r]`, RouteSimilar},
	} {
		got, err := tr.Match(context.Background(), c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if !strings.Contains(got.Statement.String(), c.want) || got.Route != c.route {
			t.Errorf("%q:\n got %s (%s)\nwant %s (%s)", c.in, got.Statement, got.Route, c.want, c.route)
		}
		again, err := Parse(got.Statement.String())
		if err != nil || !Equal(again, got.Statement) {
			t.Errorf("%q: the statement does not parse back: %v", c.in, err)
		}
	}
}

// TestTranslateShippedDatasets: a sentence shaped like a named-graph
// sentence of the prompts but naming a shipped dataset as a graph loads
// the dataset; the prompts' own dataset phrases keep their calls.
func TestTranslateShippedDatasets(t *testing.T) {
	tr := fullTranslator(t)
	for _, c := range []struct{ in, want string }{
		{"What is the diameter of the karate club graph?", `[GR(GL("karate"), "toolx:diameter")-->r]`},
		{"The size of the Karate Club network is [TBR].", `The size of the Karate Club network is [GR(GL("karate"), "toolx:size")-->r].`},
		{"How many nodes are in Zachary's karate club graph?", `GL("karate"), "toolx:order")`},
		{"What is the radius of the college football network?", `[GR(GL("football"), "toolx:radius")-->r]`},
		{"The density of the email-eu-core network is [TBR].", `[GR(GL("email_eu_core"), "toolx:density")-->r]`},
		{"What is the shortest path length between node #0 and node #33 in the karate club graph?", `[GR(GL("karate"), "toolx:shortest_path", "node#0", "node#33")-->r]`},
		{"What is the order of the cora citation network?", `[GR(GL("cora"), "toolx:order")-->r]`},
		// The prompts' phrases are theirs, not named-graph holes.
		{"The cora bibliographic network's paper #45 is concerned with the area of [TBR].", `[GR(GL("cora"), "graph_bert:topic", paper#45)-->r]`},
	} {
		got, err := tr.Match(context.Background(), c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if !strings.Contains(got.Statement.String(), c.want) || strings.Contains(got.Statement.String(), datasetSlot) {
			t.Errorf("%q:\n got %s (%s)\nwant %s", c.in, got.Statement, got.Route, c.want)
		}
	}
	// Run against the shipped data, the karate club's diameter is
	// NetworkX's: 5.
	e := NewExecutor(Config{Hubs: DefaultHubs(), Datasets: datasetsForTest(t)})
	got, err := tr.Match(context.Background(), "What is the diameter of the karate club graph?")
	if err != nil {
		t.Fatal(err)
	}
	out, err := e.Execute(context.Background(), got.Statement)
	if err != nil || out.Result != 5 {
		t.Errorf("%v: %+v", err, out)
	}
}

// TestTranslateInsertsIntoSentence checks that calls taken from a similar
// sentence that only inserted them (graph loading) go into the sentence's
// own words, not the example's.
func TestTranslateInsertsIntoSentence(t *testing.T) {
	load := func(in, name, out string) Example {
		return Example{Input: in, Output: strings.Replace(in, name, `[GL("`+out+`", "all nodes", "all edges")] `+name, 1)}
	}
	tr := NewExampleTranslator([]Example{
		load("The Facebook social network connects people with their friends and family.", "Facebook", "facebook-social-network"),
		load("The road network of Paris links streets.", "road", "paris-road-network"),
		load("The power grid of Texas links plants.", "power", "texas-power-grid"),
		load("The citation graph of arXiv links papers.", "citation", "arxiv-citation-graph"),
	})
	got, err := tr.Match(context.Background(), "The Facebook social network connects users with their friends and family worldwide.")
	if err != nil {
		t.Fatal(err)
	}
	want := `The [GL("facebook-social-network", "all nodes", "all edges")] Facebook social network connects users with their friends and family worldwide.`
	if got.Route != RouteSimilar || got.Statement.String() != want {
		t.Errorf("got %s (%s)\nwant %s", got.Statement, got.Route, want)
	}
}

func TestTranslateDeclines(t *testing.T) {
	tr := fullTranslator(t)
	for _, in := range []string{
		"",
		"How is the weather today?",
		"Tell me a joke about graphs.",
		"What is the topic of paper #35 in the arxiv citation network?",
		"Is the petersen graph connected?",
		"What is the average clustering of the petersen graph?",
	} {
		got, err := tr.Match(context.Background(), in)
		if !errors.Is(err, ErrNoTranslation) {
			t.Errorf("%q: want ErrNoTranslation, got %v", in, got)
		}
	}
	if _, err := tr.Match(context.Background(), "The size of the peterson graph is [TBR]."); err == nil ||
		!strings.Contains(err.Error(), "did you mean the petersen graph?") {
		t.Errorf("a misspelt graph name: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tr.Translate(ctx, "The size of the star graph is [TBR]."); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

func TestFindSlots(t *testing.T) {
	phrases := graphPhrases()
	for in, want := range map[string]string{
		"The size of the house x graph is [TBR].":                        "g:house_x_graph",
		"between node #5 and node #0 in the star graph?":                 "#:5 #:0 g:star_graph",
		"the star topology of a Petersen network":                        "g:petersen_graph",
		"entity #encyclopedia.n.01? and entity#/m/02hrh1q, then #[TBR].": "#:encyclopedia.n.01 #:/m/02hrh1q",
		"the top 10 items of user #A1R9QOPV6HVEKF's list":                "n:10 #:A1R9QOPV6HVEKF",
		"user user/40715211 and u163 (7)":                                "n:7",
		"The Möbius–Kantor graph":                                        "",
	} {
		var got []string
		for _, s := range findSlots(in, phrases) {
			got = append(got, string(s.Kind)+":"+s.Value)
			if in[s.Start:s.End] != s.Value && s.Kind != slotGraph {
				t.Errorf("%q: span %q holds value %q", in, in[s.Start:s.End], s.Value)
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("findSlots(%q) = %v, want %s", in, got, want)
		}
	}
}

func TestSameCalls(t *testing.T) {
	a, _ := Parse(`[GR(GL("gpr", {"star_graph"}), "toolx:shortest_path", "node#1", node #2)-->r]`)
	b, _ := Parse(`[GR(GL("gpr",{"star_graph"}),"toolx:shortest_path",node#1,"node#2")-->r]`)
	c, _ := Parse(`[GR(GL("gpr", {"star_graph"}), "toolx:shortest_path", "node#2", "node#1")-->r]`)
	if !SameCalls(a.Calls(), b.Calls()) {
		t.Error("quote style and spacing must not matter")
	}
	if SameCalls(a.Calls(), c.Calls()) || SameCalls(a.Calls(), nil) {
		t.Error("argument order and call count must matter")
	}
}

func FuzzTranslate(f *testing.F) {
	for _, s := range []string{
		"The size of the krackhardt kite graph is [TBR].",
		"In foursquare, what is the id of user x's community?",
		"#", "# #[TBR] 1.", "[TBR][TBR]", "the house x graph graph 12 #a,#b",
	} {
		f.Add(s)
	}
	tr := fullTranslator(f)
	f.Fuzz(func(t *testing.T, s string) {
		got, err := tr.Translate(context.Background(), s)
		if err != nil {
			if !errors.Is(err, ErrNoTranslation) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if !got.HasCalls() {
			t.Fatalf("%q: translated without calls", s)
		}
	})
}

// The builtin translator is a Translator.
var _ Translator = (*ExampleTranslator)(nil)

func BenchmarkNewExampleTranslator(b *testing.B) {
	var all []Example
	for _, s := range loadPromptSets(b) {
		all = append(all, s.Examples...)
	}
	for b.Loop() {
		NewExampleTranslator(all)
	}
}

func BenchmarkTranslate(b *testing.B) {
	tr := fullTranslator(b)
	for b.Loop() {
		if _, err := tr.Translate(context.Background(), "What is the topic of paper #35 in cora?"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTranslateConcurrent matches sentences from several goroutines: the
// lazily built shapes and regexps are made once (run with -race).
func TestTranslateConcurrent(t *testing.T) {
	var all []Example
	for _, s := range loadPromptSets(t) {
		all = append(all, s.Examples[:min(200, len(s.Examples))]...)
	}
	tr := NewExampleTranslator(all)
	sentences := []string{
		"What is the topic of paper #35 in cora?",
		"In foursquare, what is the id of user someone_new's community?",
		"The size of the krackhardt kite graph is [TBR].",
		"What is the diameter of the Petersen graph?",
	}
	want := make([]string, len(sentences))
	for i, s := range sentences {
		st, err := NewExampleTranslator(all).Translate(context.Background(), s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		want[i] = st.String()
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, s := range sentences {
				got := ""
				if st, err := tr.Translate(context.Background(), s); err == nil {
					got = st.String()
				}
				if got != want[i] {
					t.Errorf("%q: got %q, alone %q", s, got, want[i])
				}
			}
		}()
	}
	wg.Wait()
}
