// Package textutil holds small string helpers that several graphagent
// packages need.
package textutil

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
