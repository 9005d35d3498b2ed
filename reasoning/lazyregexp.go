package reasoning

import "github.com/graphagent/graphagent/internal/lazyre"

// lazyRegexp is a regular expression compiled on first use, behind a
// literal prefilter (lazyre). The intent lexicon has over a hundred
// patterns, most of which never run for a given question; compiling them
// all when the package loads was most of a process's start-up.
// TestLexiconCompiles compiles every one, so a bad pattern still fails
// the tests, not a user.
type lazyRegexp = lazyre.Regexp

// lazyCompile returns src to be compiled on first use.
func lazyCompile(src string) *lazyRegexp { return lazyre.New(src) }
