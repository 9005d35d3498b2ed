package reasoning

import "strings"

// comparativeQuestion matches a question that asks which of two things has
// more or less of something ("which has more edges, node 1 or node 2?",
// "does A have more friends than B?"): every tool measures one thing, and
// answering about one of the two would not say which wins.
var comparativeQuestion = lazyCompile(`\b(which|who|what)\b[^.?]{0,25}\b(has|have|is|gets|got|sees|holds)\s+(the\s+)?(more|fewer|less|higher|lower|larger|smaller|bigger|greater)\b[^.?]{0,40}\bor\b|\b(more|fewer|less)\s+(\w+\s+){1,2}than\s+(node\s+|vertex\s+)?\w+`)

// comparisonAsked returns the comparative phrase of a lower-cased question
// that compares two things, or "". Most questions hold neither " or " nor
// " than ", and return at once.
func comparisonAsked(lower string) string {
	if !strings.Contains(lower, " or ") && !strings.Contains(lower, " than ") {
		return ""
	}
	return comparativeQuestion.FindString(lower)
}
