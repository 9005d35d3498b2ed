// Package textutil holds small string helpers that several graphagent
// packages need.
package textutil

import "strings"

// Truncate returns s when it is at most n bytes long; otherwise it cuts s to
// at most n bytes, backing up to a rune boundary so no UTF-8 sequence is
// split, and appends "..." to mark the cut. n below 0 counts as 0.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := max(n, 0)
	for cut > 0 && s[cut]&0xC0 == 0x80 { // continuation byte
		cut--
	}
	return s[:cut] + "..."
}

// TruncateWords returns s cut to at most n bytes at the end of a word (a
// space or a comma-space before the cut), followed by "…", so that a
// sentence quoting it is not cut mid-word; a single word longer than n is
// cut as Truncate does.
func TruncateWords(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := Truncate(s, n)
	cut = cut[:len(cut)-len("...")]
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}

// EditDistance is the Levenshtein distance between a and b, counted in bytes.
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
