package textutil

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTruncate(t *testing.T) {
	cases := []struct {
		s    string
		n    int
		want string
	}{
		{"", 3, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc..."},
		{"abcd", 0, "..."},
		{"abcd", -1, "..."},
		// "é" is two bytes: a cut inside it backs up to before it.
		{"aé", 2, "a..."},
		{"aéb", 3, "aé..."},
		// "€" is three bytes.
		{"€€", 4, "€..."},
		{"€€", 5, "€..."},
	}
	for _, c := range cases {
		if got := Truncate(c.s, c.n); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

// TestTruncateValidUTF8 cuts a mixed-width string at every length: the kept
// part is always valid UTF-8, a prefix of s, and at most n bytes.
func TestTruncateValidUTF8(t *testing.T) {
	s := "a€bé😀c"
	for n := 0; n <= len(s)+1; n++ {
		got := Truncate(s, n)
		kept := strings.TrimSuffix(got, "...")
		if !utf8.ValidString(kept) || !strings.HasPrefix(s, kept) || len(kept) > n {
			t.Errorf("Truncate(%q, %d) = %q", s, n, got)
		}
		if (got == s) != (n >= len(s)) {
			t.Errorf("Truncate(%q, %d) = %q: cut iff n < len", s, n, got)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3},
		{"petersen", "peterson", 1}, {"flaw", "lawn", 2}, {"same", "same", 0},
	} {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := EditDistance(c.b, c.a); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestFolderHider(t *testing.T) {
	if NewFolderHider(nil) != nil || NewFolderHider([]string{"/"}) != nil {
		t.Error("a hider with nothing to hide")
	}
	var none *FolderHider
	if none.Replace("/srv/data") != "/srv/data" {
		t.Error("a nil hider changed the text")
	}
	h := NewFolderHider([]string{"/srv/data", "/srv/data/inner", `/srv/q"uote`, "/srv/data"})
	for in, want := range map[string]string{
		"no such file /srv/data/a.tsv":              "no such file <data 1>/a.tsv",
		"read /srv/data/inner/b.tsv":                "read <data 2>/b.tsv", // the inner folder first
		`{"error":"allowed folders: /srv/q\"uote"}`: `{"error":"allowed folders: <data 3>"}`,
		"/srv/q\"uote/c":                            "<data 3>/c",
		"/srv/database is another folder":           "/srv/database is another folder",
		"/srv/data.bak and /srv/data.":              "/srv/data.bak and <data 1>.",
		"/srv/data, /srv/data/inner":                "<data 1>, <data 2>",
	} {
		if got := h.Replace(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	if got := NewFolderHider([]string{"/srv/data"}).Replace("/srv/data/x"); got != "<data>/x" {
		t.Errorf("one folder: %q", got)
	}
}

func TestTruncateWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"a mapping from each node to its PageRank score", 20, "a mapping from each…"},
		{"0, 1, 2, 3, 4, 5", 9, "0, 1, 2…"},
		{"short", 20, "short"},
		{"Supercalifragilistic", 5, "Super…"},
	} {
		if got := TruncateWords(c.in, c.n); got != c.want {
			t.Errorf("TruncateWords(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
