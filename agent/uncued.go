package agent

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
)

// askingFiller are words of a question that say how it asks, not what:
// they never show what a tool computes.
var askingFiller = map[string]bool{
	"what": true, "which": true, "whom": true, "whose": true, "where": true, "when": true, "does": true, "have": true,
	"this": true, "that": true, "these": true, "those": true, "there": true, "with": true, "from": true, "into": true,
	"many": true, "much": true, "most": true, "least": true, "each": true, "every": true, "their": true, "they": true,
	"them": true, "then": true, "than": true, "your": true, "about": true, "give": true, "tell": true, "find": true,
	"show": true, "please": true, "graph": true, "network": true, "here": true, "given": true, "following": true,
	"could": true, "would": true, "should": true, "will": true, "shall": true, "some": true, "other": true,
	"value": true, "answer": true, "question": true, "know": true, "want": true, "like": true, "need": true,
	"over": true, "only": true, "just": true, "also": true, "been": true, "being": true, "were": true, "said": true,
}

// topicWords returns the words of text that may say what is asked: letters
// only, four or more of them, neither asking filler nor the lexicon's
// words for nodes and edges ("nodes", "stations", "roads").
func topicWords(text string, lx *lang.Lexicon) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) < 4 || askingFiller[w] || askingFiller[transposedFiller(w)] || lx.Word(w).Has(lang.NodeNoun|lang.EdgeNoun) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// transposedFiller returns the asking filler word that w is with two
// neighbouring letters swapped ("mnay", "waht"), or "".
func transposedFiller(w string) string {
	r := []rune(w)
	for i := 0; i+1 < len(r); i++ {
		r[i], r[i+1] = r[i+1], r[i]
		if askingFiller[string(r)] {
			return string(r)
		}
		r[i], r[i+1] = r[i+1], r[i]
	}
	return ""
}

// topicStem is what two forms of a word share: its first five letters
// ("distance", "distances"), or the whole of a shorter word.
func topicStem(w string) string {
	r := []rune(w)
	if len(r) > 5 {
		r = r[:5]
	}
	return string(r)
}

// uncuedTopic declines (ErrNoAnswer) the builtin planner's choice of a tool
// that no cue names when no word of the question says what any tool
// computes: none of the question's words (typos corrected) shares its stem
// with a word of a tool's name, description, use, examples or declared
// concepts. Such a choice is the nearest tool by retrieval and similar
// examples alone, for a question about something no tool answers ("What
// is the meaning of life in 0-1, 1-2?" is no question about path lengths).
func uncuedTopic(task string, cues reasoning.Cues, spec tools.Spec, specs []tools.Spec, lx *lang.Lexicon) error {
	if slices.Contains(cues.Tools, spec.Name) || cues.Adjustment(spec.Name) > 0 {
		return nil
	}
	corrected, _ := reasoning.CorrectTypos(task)
	asked := topicWords(askingText(corrected), lx)
	if len(asked) == 0 {
		asked = topicWords(corrected, lx)
	}
	if len(asked) == 0 {
		return nil // nothing but how it asks: other checks decide
	}
	described := toolTopics(specs, lx)
	for _, w := range asked {
		if described[topicStem(w)] {
			return nil
		}
	}
	return fmt.Errorf("no word of the question (%s) says what a tool computes; the nearest, %s, would answer another question: %w",
		strings.Join(asked, ", "), spec.Name, ErrNoAnswer)
}

// toolTopics returns the stems of the words the specs describe their
// tools with.
func toolTopics(specs []tools.Spec, lx *lang.Lexicon) map[string]bool {
	described := map[string]bool{}
	for _, spec := range specs {
		for _, t := range append([]string{strings.ReplaceAll(spec.Name, "_", " "), spec.Description, spec.WhenToUse,
			strings.Join(spec.Intents.Concepts, " "), strings.Join(spec.Intents.Phrases, " ")}, spec.Examples...) {
			for _, w := range topicWords(t, lx) {
				described[topicStem(w)] = true
			}
		}
	}
	return described
}
