package agent

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/reasoning/extract"
)

// routeChanges matches a question that counts changes of route ("the
// fewest transfers", "without changing lines", "how many times must I
// switch trains"), in the lexicon's route words.
var routeChanges = sync.OnceValue(func() *regexp.Regexp {
	routes := lang.Alt(lang.Default().RouteNouns())
	return regexp.MustCompile(`\btransfers?\b|\b(?:chang|switch)\w*\s+(?:of\s+)?(?:` + routes + `)\b|\bchanges?\s+of\s+(?:` + routes + `)\b`)
})

// routeQuestion declines (ErrNoAnswer) a question about a graph read from
// route lists ("Red line: A – B – C") that asks about the routes
// themselves ("how many stops does the Red line have?", "is the Red line a
// loop?", "how many stations are on only one line?") or counts changes of
// route ("the fewest transfers from A to B"): the graph joins every route's
// stops, one edge between consecutive stops, and keeps no route; no tool
// answers about one route or counts route changes, and the nearest would
// answer about the whole network or count stops.
func routeQuestion(task string, rep *extract.Report, lx *lang.Lexicon) error {
	if rep == nil {
		return nil
	}
	var names []string
	for _, d := range rep.NodeData {
		if v, ok := strings.CutPrefix(d, extract.RouteNamesFact+": "); ok {
			names = append(names, strings.Split(v, "; ")...)
		}
	}
	if len(names) == 0 {
		return nil
	}
	// The route words the lists are named with ("line" of "red line").
	routeWords := map[string]bool{}
	for _, n := range names {
		for _, w := range strings.Fields(n) {
			if lx.Word(w).Has(lang.RouteNoun) {
				routeWords[w] = true
			}
		}
	}
	words := strings.FieldsFunc(strings.ToLower(askingText(task)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\''
	})
	for _, w := range words {
		if routeWords[w] || routeWords[strings.TrimSuffix(w, "s")] || routeWords[strings.TrimSuffix(w, "es")] {
			return fmt.Errorf("the question asks about the routes themselves (%q), and the graph read joins the stops of every route, keeping no route: %w", w, ErrNoAnswer)
		}
	}
	if m := routeChanges().FindString(strings.Join(words, " ")); m != "" {
		return fmt.Errorf("the question counts changes of route (%q), and the graph read joins stops, one edge between consecutive stops: no tool counts route changes: %w", strings.TrimSpace(m), ErrNoAnswer)
	}
	return nil
}
