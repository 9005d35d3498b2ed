package reasoning

import (
	"sync"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools"
)

// Language is what the reasoning package builds from one lexicon
// (lang.Lexicon): the intent cues and the degree direction's expressions.
// It is immutable and safe for concurrent use; build it once per lexicon
// (NewLanguage) and hand it to the planner (BuiltinConfig.Language) and
// to MatchCuesIn.
type Language struct {
	lex  *lang.Lexicon
	cues []toolCue
	dir  degreeDirRes
	// slots are the slot patterns with relation verbs.
	slots langSlots
	// intents are the tools' declared intents in lex's words, compiled on
	// first use.
	intents func() declared
	// vague ranks nodes by a quality no one measure defines ("the most
	// important", "by influence"), from lex's VagueRanks.
	vague *lazyRegexp
}

// newVagueRank is the pattern of a ranking by one of lex's vague
// qualities: "most important", "highest influence", "by importance",
// "importance ranking".
func newVagueRank(lex *lang.Lexicon) *lazyRegexp {
	words := lex.VagueRanks()
	if len(words) == 0 {
		return nil
	}
	alt := lang.Alt(words)
	return lazyCompile(`\b(?:(?:most|more|highest|greatest|biggest|largest|top|by|of)\s+(?:` + alt + `)|(?:` + alt + `)\s+(?:ranking|rank|order|score))\b`)
}

// vagueRank returns the words of the lower-cased text that rank by a
// quality no one measure defines, "" when there are none.
func (l *Language) vagueRank(lower string) string {
	if l == nil || l.vague == nil {
		return ""
	}
	return l.vague.FindString(lower)
}

// NewLanguage builds the cues and expressions of lex. The expressions are
// compiled on first use.
func NewLanguage(lex *lang.Lexicon) *Language {
	return &Language{lex: lex, cues: newToolCues(lex), dir: newDegreeDirRes(lex), slots: newLangSlots(lex), vague: newVagueRank(lex), intents: sync.OnceValue(func() declared {
		d, err := compileIntents(tools.Catalogue().Specs(), lex)
		if err != nil {
			// A lexicon without the words a phrase needs: the default
			// lexicon's reading of the intents.
			return catalogueIntents()
		}
		return d
	})}
}

// Lexicon is the lexicon the language was built from.
func (l *Language) Lexicon() *lang.Lexicon { return l.lex }

// defaultLanguage is the language of lang.Default, built once; toolCues
// are its cues.
var defaultLanguage = sync.OnceValue(func() *Language {
	return &Language{lex: lang.Default(), cues: toolCues, dir: newDegreeDirRes(lang.Default()), slots: newLangSlots(lang.Default()), vague: newVagueRank(lang.Default()), intents: catalogueIntents}
})

// DefaultLanguage returns the language of lang.Default.
func DefaultLanguage() *Language { return defaultLanguage() }
