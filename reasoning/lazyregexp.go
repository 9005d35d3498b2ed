package reasoning

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled on first use. The intent
// lexicon has over a hundred patterns, most of which never run for a given
// question (a cheap word filter skips them); compiling them all when the
// package loads was most of a process's start-up. TestLexiconCompiles
// compiles every one, so a bad pattern still fails the tests, not a user.
type lazyRegexp struct {
	src string
	get func() *regexp.Regexp
}

// lazyCompile returns src to be compiled (with regexp.MustCompile) on
// first use; safe for concurrent use.
func lazyCompile(src string) *lazyRegexp {
	return &lazyRegexp{src: src, get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) })}
}

// MatchString reports whether s contains a match.
func (l *lazyRegexp) MatchString(s string) bool { return l.get().MatchString(s) }

// String is the pattern.
func (l *lazyRegexp) String() string { return l.src }

// FindString is regexp.Regexp.FindString.
func (l *lazyRegexp) FindString(s string) string { return l.get().FindString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (l *lazyRegexp) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex.
func (l *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.get().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (l *lazyRegexp) ReplaceAllString(src, repl string) string {
	return l.get().ReplaceAllString(src, repl)
}

// ReplaceAllStringFunc is regexp.Regexp.ReplaceAllStringFunc.
func (l *lazyRegexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return l.get().ReplaceAllStringFunc(src, repl)
}
