package agent

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/extract"
)

// timeWords ask about when edges exist ("when are 0 and 2 first linked",
// "at time 3", "which edge appears last").
var timeWords = regexp.MustCompile(`\b(when|time|times|timestamps?|first|last|earliest|latest|before|after|during|until|since|anymore|still|ever|snapshot|moment|step)\b`)

// timedEdgesQuestion declines (ErrNoAnswer) a question about a graph whose
// edge numbers are times ("(u, v, t) means u and v are linked at time t")
// when the question asks about time: the tools read the graph of every
// edge that ever existed, not when each did. Questions about that graph
// ("how many nodes") are answered.
func timedEdgesQuestion(question string, ex reasoning.Extraction) error {
	if ex.Graph == nil || ex.Report.EdgeValues != extract.MeaningTime {
		return nil
	}
	if m := timeWords.FindString(strings.ToLower(askingText(outsideSpans(question, ex)))); m != "" {
		return fmt.Errorf("the edges carry times and the question asks about time (%q); the tools read the graph of all edges together, not when each exists: %w", m, ErrNoAnswer)
	}
	return nil
}
