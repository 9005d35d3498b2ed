package extract

import (
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
)

// Option is one lettered choice a question offers, a list of nodes to
// check as its answer: "A. [0, 6, 2, 7]" in "You can choose A, B, C or D.
// A. [...] B. [...]".
type Option struct {
	// Letter is the option's letter ("A").
	Letter string
	// Items are the node IDs it lists, in order.
	Items []string
	// Span is its byte range in the question.
	Span [2]int
}

// optionRe is a lettered option followed by a bracketed list, at a line
// start or after white space: "A. [0, 1, 2]", "(B) [a, b]", "C) [3, 4]";
// never "A: [B, C]", an adjacency list's line.
var optionRe = lazyre.New(`(?:^|[\s;])(\(?([A-H])[.)]\s*\[([^\[\]\n]*)\])`)

// maxOptionItems bounds the items of one option.
const maxOptionItems = 10000

// findOptions returns the lettered options of q: two or more, lettered A,
// B, C, ... in order, each a bracketed list of names; nil when q offers
// none.
func findOptions(q string) []Option {
	if !strings.Contains(q, "[") {
		return nil
	}
	var out []Option
	for _, m := range optionRe.For(q).FindAllStringSubmatchIndex(q, -1) {
		letter := q[m[4]:m[5]]
		if int(letter[0]-'A') != len(out) {
			if len(out) >= 2 {
				break
			}
			out = out[:0]
			if letter != "A" {
				continue
			}
		}
		var items []string
		for _, f := range strings.Split(q[m[6]:m[7]], ",") {
			f = strings.Trim(strings.TrimSpace(f), `'"`)
			if f == "" {
				items = nil
				break
			}
			items = append(items, f)
		}
		if len(items) == 0 || len(items) > maxOptionItems {
			out = out[:0]
			continue
		}
		out = append(out, Option{Letter: letter, Items: items, Span: [2]int{m[2], m[3]}})
	}
	if len(out) < 2 {
		return nil
	}
	return out
}
