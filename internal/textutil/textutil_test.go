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
