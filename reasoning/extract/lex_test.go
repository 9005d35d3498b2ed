package extract

import (
	"context"
	"testing"
)

// TestLexCurlyQuotes checks that curly-quoted names are string tokens
// spanning both quotes, and that an opening quote with no closing one on
// its line is punctuation standing for the straight quote.
func TestLexCurlyQuotes(t *testing.T) {
	q := "“a b” ‘c’ “open\nx”"
	toks, err := exLex(context.Background(), q, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	second := len("“a b” ")
	third := second + len("‘c’ ")
	want := []struct {
		exTok
		text string
	}{
		{exTok{kind: exStr, s: 0, e: int32(len("“a b”"))}, "a b"},
		{exTok{kind: exStr, s: int32(second), e: int32(third - 1)}, "c"},
		{exTok{kind: exPunct, ch: '"', s: int32(third), e: int32(third + len("“"))}, ""},
	}
	if len(toks) < len(want)+1 {
		t.Fatalf("%d tokens %+v, want at least %d", len(toks), toks, len(want)+1)
	}
	for i, w := range want {
		g := toks[i]
		if g.kind != w.kind || g.text(q) != w.text || g.ch != w.ch || g.s != w.s || g.e != w.e {
			t.Errorf("token %d = %+v, want %+v", i, g, w)
		}
	}
	if g := toks[len(want)]; g.kind != exWord || g.text(q) != "open" {
		t.Errorf("after the unclosed quote: %+v, want the word open", g)
	}
}
