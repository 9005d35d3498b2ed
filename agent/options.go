package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// OptionsAnswer is the value of a question that offers lettered options
// ("You can choose A, B, C or D. A. [0, 6, 2] ..."): each option checked
// by the chosen tool, and the letters of those that answer the question.
type OptionsAnswer struct {
	// Valid are the letters of the options that answer the question.
	Valid []string `json:"valid"`
	// Options are the checks, in letter order.
	Options []OptionCheck `json:"options"`
	// Own is the tool's own answer (one right order among possibly many).
	Own any `json:"own"`
}

// OptionCheck is one option and its check.
type OptionCheck struct {
	Letter string   `json:"letter"`
	Items  []string `json:"items"`
	Valid  bool     `json:"valid"`
	// Why says what is wrong with an option that does not answer.
	Why string `json:"why,omitempty"`
}

// chooseOptions answers a question offering options with the letters of
// those the tool's check accepts: any right order counts, not only the one
// the tool gives (a traversal's neighbours may be taken in any order). A
// tool that cannot check orders is declined (ErrNoAnswer).
func (r *run) chooseOptions(ctx context.Context, tool tools.Tool, g *graph.Graph, args json.RawMessage, res tools.Result, opts []extract.Option) (tools.Result, error) {
	spec := tool.Spec()
	oc, ok := tool.(tools.OrderChecker)
	if !ok {
		return tools.Result{}, fmt.Errorf("the question offers options %s to choose from, and %s cannot check them: %w", letters(opts), spec.Name, ErrNoAnswer)
	}
	ans := OptionsAnswer{Own: res.Value}
	var bad []string
	for _, o := range opts {
		c := OptionCheck{Letter: o.Letter, Items: o.Items}
		if err := oc.CheckOrder(ctx, g, args, o.Items); err != nil {
			c.Why = err.Error()
			bad = append(bad, fmt.Sprintf("%s is not (%s)", o.Letter, c.Why))
		} else {
			c.Valid = true
			ans.Valid = append(ans.Valid, o.Letter)
		}
		ans.Options = append(ans.Options, c)
	}
	what := oc.OrderName(args)
	var text string
	switch len(ans.Valid) {
	case 0:
		text = fmt.Sprintf("None of the options %s is %s: %s. %s", letters(opts), what, strings.Join(bad, "; "), res.Text)
	case 1:
		text = fmt.Sprintf("Option %s is %s", ans.Valid[0], what)
	default:
		text = fmt.Sprintf("Options %s are each %s", strings.Join(ans.Valid, ", "), what)
	}
	if len(ans.Valid) > 0 {
		if len(bad) > 0 {
			text += "; " + strings.Join(bad, "; ")
		}
		text += "."
	}
	r.step("options", func() (string, string, error) {
		return spec.Name, fmt.Sprintf("checked options %s: %d right", letters(opts), len(ans.Valid)), nil
	})
	return tools.Result{Value: ans, Text: text}, nil
}

// letters writes the options' letters: "A, B, C or D".
func letters(opts []extract.Option) string {
	ls := make([]string, len(opts))
	for i, o := range opts {
		ls[i] = o.Letter
	}
	if len(ls) < 2 {
		return strings.Join(ls, "")
	}
	return strings.Join(ls[:len(ls)-1], ", ") + " or " + ls[len(ls)-1]
}
