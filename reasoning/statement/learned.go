package statement

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/learned"
)

// learnedAlias says which learned tool (tools/learned) a Graph-ToolFormer
// GR name runs and how the call's positional arguments fill its JSON
// parameters (see learnedAliases).
type learnedAlias struct {
	tool   string
	params []learnedParam
}

// learnedParam is one positional argument of a learned GR call: the tool's
// parameter it fills and how the data's value becomes that parameter.
type learnedParam struct {
	name string
	conv func(Value) (any, error)
}

// idArg reads an ID as the data writes it: paper#83826, user#u3,
// "node#6", a bare number or a string, as a string.
func idArg(v Value) (any, error) {
	switch v := v.(type) {
	case Ref:
		return v.ID, nil
	case String, Word, Number:
		s, _ := textOf(v)
		return s, nil
	}
	return nil, fmt.Errorf("%s is not an ID such as paper#35 or user#1: %w", Format(v), ErrBadCall)
}

// instanceArg reads the data's 0-based graph number of a collection
// (instance#31, or a bare 31) as the 1-based number the TU files and the
// learned tool use.
func instanceArg(v Value) (any, error) {
	s, ok := "", false
	switch v := v.(type) {
	case Ref:
		s, ok = v.ID, true
	case Number:
		s, ok = v.Text, true
	}
	k, err := strconv.Atoi(s)
	if !ok || err != nil || k < 0 {
		return nil, fmt.Errorf("%s is not a graph number of the collection such as instance#31 (numbered from 0): %w", Format(v), ErrBadCall)
	}
	return k + 1, nil
}

// countArg reads a whole number (how many recommendations).
func countArg(v Value) (any, error) {
	if n, ok := v.(Number); ok {
		if k, err := strconv.Atoi(n.Text); err == nil {
			return k, nil
		}
	}
	return nil, fmt.Errorf("%s is not a whole number: %w", Format(v), ErrBadCall)
}

// runLearned runs a GR call of a learned tool: the dataset its GL names
// (not loaded: the model has its own copy of the data), the arguments
// converted as the alias says. It returns the tool's full answer, the
// short value the sentence shows and later calls see, and the tool's
// explanation.
func (r *run) runLearned(ctx context.Context, inv *Invocation, toolName string, la learnedAlias) (learnedCall, error) {
	var lc learnedCall
	if r.e.learned == nil {
		return lc, fmt.Errorf("%q is the learned tool %s and this executor has no learned models configured: %w", toolName, la.tool, ErrToolNotAvailable)
	}
	tool, err := r.e.learned.Get(la.tool)
	if err != nil {
		return lc, fmt.Errorf("%q: graphagent does not provide the learned tool %s yet: %w", toolName, la.tool, ErrToolNotAvailable)
	}
	ds, err := r.learnedDataset(inv.Args[0], toolName)
	if err != nil {
		return lc, err
	}
	obj := map[string]any{"dataset": ds}
	pos := 0
	for _, v := range inv.Args[2:] {
		var name string
		var val any
		if kv, ok := v.(Keyed); ok {
			name = strings.ReplaceAll(kv.Key, "-", "_")
			if val, err = r.argValue(ctx, kv.Value); err != nil {
				return lc, err
			}
		} else {
			if pos >= len(la.params) {
				return lc, fmt.Errorf("%s takes %d argument(s) after the tool name; %s is one too many: %w", toolName, len(la.params), Format(v), tools.ErrBadArgs)
			}
			p := la.params[pos]
			pos++
			name = p.name
			if w, ok := v.(Word); ok {
				if b, bound := r.bound[w.Text]; bound {
					if _, isGraph := b.(graphValue); isGraph {
						return lc, fmt.Errorf("%s is a graph, not a tool argument: %w", w.Text, ErrBadCall)
					}
					v = String{Text: fmt.Sprint(b)}
				}
			}
			if val, err = p.conv(v); err != nil {
				return lc, fmt.Errorf("%s, argument %d (%s): %w", toolName, pos, p.name, err)
			}
		}
		if _, dup := obj[name]; dup {
			return lc, fmt.Errorf("%s: parameter %s given twice: %w", toolName, name, tools.ErrBadArgs)
		}
		obj[name] = val
	}
	name := la.tool
	if strings.HasPrefix(name, "transe:") {
		if name = kgArgs(ds, name, obj); name != la.tool {
			if tool, err = r.e.learned.Get(name); err != nil {
				return lc, fmt.Errorf("%q: graphagent does not provide the learned tool %s yet: %w", toolName, name, ErrToolNotAvailable)
			}
		}
	}
	args, err := json.Marshal(obj)
	if err != nil {
		return lc, err
	}
	res, err := tool.Run(ctx, nil, args)
	if err != nil {
		return lc, err
	}
	r.e.working.Remember(memory.ResultRecord{Tool: name, Args: args, Graph: ds, Value: res.Value, Text: res.Text})
	short, display := learnedShort(name, res.Value)
	return learnedCall{tool: name, args: args, dataset: ds, full: res.Value, short: short, display: display, text: res.Text}, nil
}

// learnedCall is what a learned GR call gave.
type learnedCall struct {
	tool    string
	args    json.RawMessage
	dataset string
	full    any    // the tool's answer with its scores
	short   any    // the answer alone: a topic, a yes/no, a score
	display string // short as the sentence shows it
	text    string // the tool's explanation
}

// learnedDataset reads the graph argument of a learned call: a GL of a
// shipped dataset (not loaded), or a name bound to one. The model answers
// about a whole dataset, so subsets, files and hub graphs are errors.
func (r *run) learnedDataset(v Value, toolName string) (string, error) {
	var name string
	switch v := v.(type) {
	case *Invocation:
		if v.Func != "GL" || len(v.Args) == 0 {
			return "", fmt.Errorf("%s's first argument must load a dataset, as in GL(\"cora\"), got %s: %w", toolName, Format(v), ErrBadCall)
		}
		n, file, ok := graphSource(v.Args[0])
		if !ok || file {
			return "", fmt.Errorf("%s answers about a shipped dataset, not %s: %w", toolName, Format(v.Args[0]), ErrBadCall)
		}
		if _, hub := r.e.hubs[normalizeName(n)]; hub {
			return "", fmt.Errorf("%s answers about a shipped dataset (%s), not a graph of the %s hub: %w", toolName, strings.Join(DatasetNames(), ", "), n, ErrBadCall)
		}
		if len(v.Args) > 1 {
			return "", fmt.Errorf("%s answers about the whole dataset %s; its model was trained on all of it, not on the subset %s: %w", toolName, n, strings.Join(formatAll(v.Args[1:]), ", "), ErrBadCall)
		}
		name = n
	case Word:
		b, ok := r.bound[v.Text]
		gv, isGraph := b.(graphValue)
		if !ok || !isGraph {
			return "", fmt.Errorf("%s is not a loaded dataset: %w", v.Text, ErrBadCall)
		}
		name = gv.g.Name()
	default:
		return "", fmt.Errorf("%s's first argument must load a dataset, as in GL(\"cora\"), got %s: %w", toolName, Format(v), ErrBadCall)
	}
	dg, err := lookupDataset(name)
	if err != nil {
		return "", err
	}
	return dg.Name, nil
}

// learnedShort is a learned tool's answer alone, and as a sentence shows
// it: a paper's topic ("Neural Networks"), a molecule's function
// ("mutagenic"), a community number, "the same" or "different"
// communities, a recommendation's percentile among the user's unrated
// movies, the recommended movies, a knowledge graph's most likely entity
// (by name; its ID is the value) or relation.
func learnedShort(tool string, v any) (any, string) {
	switch v := v.(type) {
	case learned.Topic:
		t := strings.ReplaceAll(v.Topic, "_", " ")
		return t, t
	case learned.MoleculeFunction:
		f, _, _ := strings.Cut(v.Function, " (")
		return f, f
	case learned.Community:
		return v.Community, strconv.Itoa(v.Community)
	case learned.CommonCommunity:
		if v.Same {
			return true, "the same"
		}
		return false, "different"
	case learned.Recommendation:
		if v.AlreadyRated {
			return v.Score, pyFloat(round3(v.Score))
		}
		return v.Percentile, pyFloat(round3(v.Percentile))
	case learned.TopK:
		ids := make([]string, len(v.Items))
		shown := make([]string, len(v.Items))
		for i, it := range v.Items {
			ids[i] = it.Item
			shown[i] = fmt.Sprintf("%s (%s)", it.Title, it.Item)
		}
		return ids, strings.Join(shown, ", ")
	case learned.KGAnswer:
		if len(v.Candidates) == 0 {
			return nil, "None"
		}
		best := v.Candidates[0]
		if tool == "transe:relation" {
			return best.ID, best.ID
		}
		return best.ID, best.Name
	}
	return v, FormatResult(v, nil)
}

// round3 rounds to three decimals for display.
func round3(x float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 3, 64), 64)
	return f
}

// isLearned reports whether a GR tool name is one of the learned aliases.
func isLearned(toolName string) (learnedAlias, bool) {
	la, ok := learnedAliases[normalizeName(toolName)]
	return la, ok
}
