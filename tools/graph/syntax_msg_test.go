package graph

import (
	"errors"
	"strings"
	"testing"
)

// TestSyntaxErrorDoesNotEchoLongTokens: a malformed graph whose bad token is
// 4 MiB long (gonum's DOT parser quoted the token whole) gives an error of
// a few hundred bytes that still says where and what, not 4 MiB: the token
// is cut, or not quoted at all.
func TestSyntaxErrorDoesNotEchoLongTokens(t *testing.T) {
	for name, text := range map[string]string{
		"dot":      "graph { \"" + strings.Repeat("a", 4<<20),
		"dot html": "graph { a -- <" + strings.Repeat("c", 4<<20),
	} {
		_, err := Read(strings.NewReader(text), FormatDOT, ReadOptions{Name: "in.dot"})
		if !errors.Is(err, ErrSyntax) {
			t.Fatalf("%s: %v, want a syntax error", name, err)
		}
		if msg := err.Error(); len(msg) > 1000 || !strings.HasPrefix(msg, "in.dot:1:") ||
			(!strings.Contains(msg, "cut") && (strings.Contains(msg, strings.Repeat("a", 50)) || strings.Contains(msg, strings.Repeat("c", 50)))) {
			t.Errorf("%s: a message of %d bytes: %.300q", name, len(msg), msg)
		}
	}
}
