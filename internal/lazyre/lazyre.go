// Package lazyre holds regular expressions compiled on first use and run
// behind a literal prefilter: a pattern is skipped when the text lacks the
// literals every match contains (see prefilter.go). The builtin backend's
// lexicon has a few hundred patterns, most of which cannot match a given
// question; compiling them all at start-up, or running each backtracking
// matcher over every question, was most of the time of a question.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use. Its methods
// behave as regexp.Regexp's of the same name. Safe for concurrent use.
type Regexp struct {
	src    string
	re     forms
	filter func() *filter
}

// New returns src to be compiled (with regexp.MustCompile, so a bad
// pattern panics on first use: test every pattern by calling Compiled).
func New(src string) *Regexp {
	return &Regexp{
		src:    src,
		re:     newForms(src),
		filter: sync.OnceValue(func() *filter { return newFilter(src) }),
	}
}

// Compiled is the compiled expression.
func (l *Regexp) Compiled() *regexp.Regexp { return l.re.uni() }

// For is the compiled expression to run on s: the ASCII form of its
// Unicode classes when s is all ASCII (see ASCIIForm), which matches s
// exactly as the expression does.
func (l *Regexp) For(s string) *regexp.Regexp { return l.re.of(s) }

// String is the pattern.
func (l *Regexp) String() string { return l.src }

// MayMatch reports whether s contains the literals every match needs
// (false means no match; true means the matcher must decide).
func (l *Regexp) MayMatch(s string) bool { return l.filter().need.satisfiedBy(s) }

// MatchString reports whether s contains a match: whether one of the
// pattern's top-level alternatives whose literals s contains matches.
func (l *Regexp) MatchString(s string) bool {
	f := l.filter()
	if len(f.alts) == 0 {
		return f.need.satisfiedBy(s) && l.re.of(s).MatchString(s)
	}
	for _, a := range f.alts {
		if a.need.satisfiedBy(s) && a.re.of(s).MatchString(s) {
			return true
		}
	}
	return false
}

// FindString is regexp.Regexp.FindString.
func (l *Regexp) FindString(s string) string {
	if !l.MayMatch(s) {
		return ""
	}
	return l.re.of(s).FindString(s)
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (l *Regexp) FindStringSubmatch(s string) []string {
	if !l.MayMatch(s) {
		return nil
	}
	return l.re.of(s).FindStringSubmatch(s)
}

// FindAllString is regexp.Regexp.FindAllString.
func (l *Regexp) FindAllString(s string, n int) []string {
	if !l.MayMatch(s) {
		return nil
	}
	return l.re.of(s).FindAllString(s, n)
}

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (l *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	if !l.MayMatch(s) {
		return nil
	}
	return l.re.of(s).FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex.
func (l *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	if !l.MayMatch(s) {
		return nil
	}
	return l.re.of(s).FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (l *Regexp) ReplaceAllString(src, repl string) string {
	if !l.MayMatch(src) {
		return src
	}
	return l.re.of(src).ReplaceAllString(src, repl)
}

// ReplaceAllStringFunc is regexp.Regexp.ReplaceAllStringFunc.
func (l *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	if !l.MayMatch(src) {
		return src
	}
	return l.re.of(src).ReplaceAllStringFunc(src, repl)
}
