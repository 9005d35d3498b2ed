package statement

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFindsCallsInText(t *testing.T) {
	s := `The radius of the truncated tetrahedron graph is [GR(GL("gpr", {"truncated_tetrahedron_graph"}), "toolx:radius")-->r].`
	st, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Parts) != 3 {
		t.Fatalf("got %d parts, want text, call, text: %#v", len(st.Parts), st.Parts)
	}
	if tx, ok := st.Parts[0].(Text); !ok || tx.Text != "The radius of the truncated tetrahedron graph is " {
		t.Errorf("first part %#v", st.Parts[0])
	}
	c, ok := st.Parts[1].(*Call)
	if !ok {
		t.Fatalf("second part %#v is not a call", st.Parts[1])
	}
	if c.Target != "r" || c.Inv.Func != "GR" || len(c.Inv.Args) != 2 {
		t.Fatalf("call %+v", c)
	}
	gl, ok := c.Inv.Args[0].(*Invocation)
	if !ok || gl.Func != "GL" || len(gl.Args) != 2 {
		t.Fatalf("first argument %#v", c.Inv.Args[0])
	}
	if got := gl.Args[0].(String).Text; got != "gpr" {
		t.Errorf("hub %q", got)
	}
	set, ok := gl.Args[1].(Set)
	if !ok || len(set.Elems) != 1 || set.Elems[0].(String).Text != "truncated_tetrahedron_graph" {
		t.Errorf("graph set %#v", gl.Args[1])
	}
	if got := c.Inv.Args[1].(String).Text; got != "toolx:radius" {
		t.Errorf("tool %q", got)
	}
	if s[c.Pos] != '[' || s[c.End-1] != ']' {
		t.Errorf("call span %d..%d is %q", c.Pos, c.End, s[c.Pos:c.End])
	}
	if tx := st.Parts[2].(Text); tx.Text != "." || tx.Pos != c.End {
		t.Errorf("last part %#v", tx)
	}
	if st.String() != s {
		t.Errorf("printed %q", st.String())
	}
}

func TestParseValues(t *testing.T) {
	cases := []struct {
		in   string
		want Value
	}{
		{`"cora"`, String{Text: "cora"}},
		{`“cora”`, String{Text: "cora"}},
		{`'cora'`, String{Text: "cora"}},
		{`"a \"b\" \\ c"`, String{Text: `a "b" \ c`}},
		{`5`, Number{Text: "5"}},
		{`-0.85`, Number{Text: "-0.85"}},
		{`1e-3`, Number{Text: "1e-3"}},
		{`paper#83826`, Ref{Kind: "paper", ID: "83826"}},
		{`"node#6"`, Ref{Kind: "node", ID: "6", Quoted: true}},
		{`node #4`, Ref{Kind: "node", ID: "4", Spaced: true}},
		{`entity#/m/0gs9p`, Ref{Kind: "entity", ID: "/m/0gs9p"}},
		{`entity#state.v.01`, Ref{Kind: "entity", ID: "state.v.01"}},
		{`entity#steller's_sea_cow.n.01`, Ref{Kind: "entity", ID: "steller's_sea_cow.n.01"}},
		{`user#user/36476767`, Ref{Kind: "user", ID: "user/36476767"}},
		{`relation#_hypernym`, Ref{Kind: "relation", ID: "_hypernym"}},
		{`r`, Word{Text: "r"}},
		{`toolx:order`, Word{Text: "toolx:order"}},
		{`entity:/m/027rn`, Word{Text: "entity:/m/027rn"}},
		{`New York City`, Word{Text: "New York City"}},
		{`"C#"`, String{Text: "C#"}},
		{`"all atoms"`, String{Text: "all atoms"}},
		{`file-path:"./graphs/lollipop"`, Keyed{Key: "file-path", Value: String{Text: "./graphs/lollipop"}}},
		{`is-directed: False`, Keyed{Key: "is-directed", Value: Word{Text: "False"}}},
		{`{}`, Set{}},
		{`{"a", "b",}`, Set{Elems: []Value{String{Text: "a"}, String{Text: "b"}}}},
		{`{("IBM", "Charles Ranlett Flint")}`, Set{Elems: []Value{Tuple{Elems: []Value{String{Text: "IBM"}, String{Text: "Charles Ranlett Flint"}}}}}},
		{`{(Phase 1, Phase 2)}`, Set{Elems: []Value{Tuple{Elems: []Value{Word{Text: "Phase 1"}, Word{Text: "Phase 2"}}}}}},
		{`GL("cora")`, &Invocation{Func: "GL", Args: []Value{String{Text: "cora"}}}},
		{`GR (G, "toolx:order")`, &Invocation{Func: "GR", Args: []Value{Word{Text: "G"}, String{Text: "toolx:order"}}}},
		{`GR(GR(GL("x"), "toolx:center"), "toolx:order")`, &Invocation{Func: "GR", Args: []Value{
			&Invocation{Func: "GR", Args: []Value{&Invocation{Func: "GL", Args: []Value{String{Text: "x"}}}, String{Text: "toolx:center"}}},
			String{Text: "toolx:order"}}}},
	}
	for _, c := range cases {
		got, err := ParseValue(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if !EqualValues(got, c.want) {
			t.Errorf("%s: got %#v, want %#v", c.in, got, c.want)
		}
		again, err := ParseValue(Format(got))
		if err != nil || !EqualValues(again, got) {
			t.Errorf("%s: printed as %s, which parses as %#v (%v)", c.in, Format(got), again, err)
		}
	}
}

func TestParsePaperSpellings(t *testing.T) {
	// The paper's Table 1 and Section 3 forms: a bound graph name, spaced
	// references, an arrow with a written result, hyphenated tool names,
	// curly quotes and named arguments.
	cases := []struct {
		in     string
		calls  int
		target string
	}{
		{`[GL(file-path:"./graphs/lollipop") -> G] Lollipop graph looks like a spoon.`, 1, "G"},
		{`There exist [GR(G, “toolx:order”) –> 10] nodes in the lollipop graph.`, 1, "10"},
		{`The eccentricity of node #4 in the lollipop graph is [GR(G, "toolx:eccentricity", node #4) → 5].`, 1, "5"},
		{`[GR(Gl, toolx:shortest-path, node #1, node #5)-->r]`, 1, "r"},
		{`The center is [GR(G, "toolx:center") --> {5, 6}].`, 1, "{5, 6}"},
		{`There exist a [GL(file-path:"./graphs/acetaldehyde", node-subset:"all related nodes", link-subset:{(C=O)})] double bond.`, 1, ""},
		{`Both [GL("gpr", {"bull_graph"})-->G] and [GR(G, "toolx:size")-->r].`, 2, "r"},
	}
	for _, c := range cases {
		st, err := Parse(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		calls := st.Calls()
		if len(calls) != c.calls {
			t.Errorf("%s: %d calls, want %d", c.in, len(calls), c.calls)
			continue
		}
		if got := calls[len(calls)-1].Target; got != c.target {
			t.Errorf("%s: target %q, want %q", c.in, got, c.target)
		}
		again, err := Parse(st.String())
		if err != nil || !Equal(st, again) {
			t.Errorf("%s: round trip via %q failed (%v)", c.in, st.String(), err)
		}
	}
}

func TestParsePlaceholdersAndPlainBrackets(t *testing.T) {
	st, err := Parse("See [1] and [ TBR] or [TBR]; [GLOBAL] is text, so is [GR without a parenthesis].")
	if err != nil {
		t.Fatal(err)
	}
	if st.HasCalls() {
		t.Errorf("found a call in %q", st.String())
	}
	n := 0
	for _, p := range st.Parts {
		if _, ok := p.(Placeholder); ok {
			n++
		}
	}
	if n != 2 || !st.HasPlaceholder() {
		t.Errorf("%d placeholders, want 2", n)
	}
	if st.String() != "See [1] and [TBR] or [TBR]; [GLOBAL] is text, so is [GR without a parenthesis]." {
		t.Errorf("printed %q", st.String())
	}
	empty, err := Parse("")
	if err != nil || len(empty.Parts) != 0 {
		t.Errorf("empty sentence: %v, %d parts", err, len(empty.Parts))
	}
}

func TestParseErrorsCarryPositions(t *testing.T) {
	cases := []struct {
		in       string
		column   int
		expected string
	}{
		{`It is [GR(GL("x"), "toolx:radius"`, 34, "',' or ')'"},
		{`It is [GR(GL("x"), "toolx:radius")`, 35, "']' closing the call"},
		{`It is [GR(GL("x") "toolx:radius")]`, 19, "',' or ')' after an argument"},
		{`It is [GR(GL("x`, 14, `a closing "`},
		{`It is [GR(GL("x"), , "toolx:radius")]`, 20, "a value"},
		{`It is [GR(GL("x"), "toolx:radius")-->]`, 38, "a result name"},
		{`It is [GR(GL("x"), "toolx:radius")-->r`, 39, "']' closing the call"},
		{`It is [GR(GL("x"), "toolx:radius") r]`, 36, "an arrow"},
		{`It is [GR(GL("x"), {"a", "b")]`, 29, "',' or '}'"},
		{`Größe [GR(GL("x"), "toolx:size"`, 32, "',' or ')'"},
		{"two\nlines [GR(GL(\"x\") \"t\")]", 19, "',' or ')'"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v, want a *SyntaxError", c.in, err)
			continue
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v does not wrap ErrSyntax", c.in, err)
		}
		if se.Column != c.column || !strings.Contains(se.Expected, c.expected) {
			t.Errorf("%q: got column %d, expected %q; want column %d, expected %q", c.in, se.Column, se.Expected, c.column, c.expected)
		}
		if !strings.Contains(err.Error(), "column") {
			t.Errorf("%q: message %q has no column", c.in, err)
		}
	}
	_, err := Parse("a\nb [GR(GL(\"x\") \"t\")]")
	var se *SyntaxError
	if errors.As(err, &se) && se.Line != 2 {
		t.Errorf("line %d, want 2", se.Line)
	}
}

func TestParseDepthLimit(t *testing.T) {
	deep := "[GR(" + strings.Repeat("{", 10000) + strings.Repeat("}", 10000) + ")]"
	_, err := Parse(deep)
	if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "nesting") {
		t.Errorf("got %v, want a nesting error", err)
	}
}

func TestExplain(t *testing.T) {
	st, err := Parse(`In the octahedral graph, the length is [GR(GL("gpr", {"octahedral_graph"}), "toolx:shortest_path", "node#5", "node#0")-->r].`)
	if err != nil {
		t.Fatal(err)
	}
	got := st.Explain()
	for _, want := range []string{
		`text "In the octahedral graph, the length is "`,
		"call (column 40) --> r",
		"GR (graph reasoning)",
		"GL (graph loading)",
		`string "gpr"`,
		"set of 1",
		"ref kind=node id=5",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("explain lacks %q:\n%s", want, got)
		}
	}
}

func TestParseExample(t *testing.T) {
	ex, err := ParseExample(`Input: What is the radius? Output: It is [GR(GL("gpr", {"bull_graph"}), "toolx:radius")-->r]. Reasoning Result: 2.`)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Input != "What is the radius?" || ex.Result != "2" || !strings.HasSuffix(ex.Output, "-->r].") {
		t.Errorf("%+v", ex)
	}
	ex, err = ParseExample(`Input: A graph. Output: The [GL("a-graph", "all nodes", "all links")] graph. generated_data_loading_prompt_data_52_03-26-2023-13:36:13`)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Tag != "generated_data_loading_prompt_data_52_03-26-2023-13:36:13" || ex.Output != `The [GL("a-graph", "all nodes", "all links")] graph.` {
		t.Errorf("%+v", ex)
	}
	if got := (Example{Result: "{0: 4} <||> 4 <||> [15, 16]"}).Results(); len(got) != 3 || got[2] != "[15, 16]" {
		t.Errorf("results %q", got)
	}
	if _, err := ParseExample("no input here"); !errors.Is(err, ErrPromptLine) {
		t.Errorf("got %v", err)
	}
}
