package agent

import (
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools"
)

// readingRuleErr refuses a tool whose computation contradicts a rule the
// reading found in the question: gnn_sum_aggregation sums the neighbours'
// vectors, so a question whose layers take the mean, the maximum or the
// minimum, or add the node's own vector, is not answered with it. The
// rule sentences are graph text (not in the task the planner sees), so
// the check reads the reading report's node-data facts ("aggregation:
// mean", "include_self: true").
func readingRuleErr(spec tools.Spec, rep *extract.Report) error {
	if rep == nil || spec.Name != "gnn_sum_aggregation" {
		return nil
	}
	for _, f := range rep.NodeData {
		k, v, ok := strings.Cut(f, ": ")
		if !ok {
			continue
		}
		switch {
		case k == "aggregation" && v != "sum":
			return fmt.Errorf("the question's layers take the %s of the neighbours' vectors, and %s only sums them: %w", v, spec.Name, ErrNoAnswer)
		case k == "include_self" && v == "true":
			return fmt.Errorf("the question's layers add a node's own vector, and %s sums only the neighbours': %w", spec.Name, ErrNoAnswer)
		}
	}
	return nil
}
