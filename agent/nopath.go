package agent

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/graphagent/graphagent/tools"
)

// noPathResult turns a path tool's failure for want of a path into the
// answer to the question: "What is the length of the shortest path from A
// to B?" when no path joins them is answered "There is no path from A to
// B." (Talk like a Graph's gold; NetworkX raises NetworkXNoPath, which the
// tools follow by failing with tools.ErrNoPath). It applies to a tool whose
// parameters name a source and a target node; the Result's Value is nil,
// as there is no length or path to give.
func noPathResult(spec tools.Spec, args json.RawMessage, err error) (tools.Result, bool) {
	if !errors.Is(err, tools.ErrNoPath) {
		return tools.Result{}, false
	}
	var raw map[string]json.RawMessage
	if json.Unmarshal(args, &raw) != nil {
		return tools.Result{}, false
	}
	var s, t string
	for _, p := range spec.Params {
		var id string
		if !p.Node || json.Unmarshal(raw[p.Name], &id) != nil {
			continue
		}
		switch p.Name {
		case "source":
			s = id
		case "target":
			t = id
		}
	}
	if s == "" || t == "" {
		return tools.Result{}, false
	}
	return tools.Result{Text: fmt.Sprintf("There is no path from %s to %s.", s, t)}, true
}
