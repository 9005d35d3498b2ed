package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
)

// chatMessage is one message of a chat request. Content is a string or an
// array of parts ({"type": "text", "text": ...}); null for an assistant's
// tool calls.
type chatMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// text returns the message's text: the string, or its text parts joined.
func (m chatMessage) text() (string, error) {
	c := m.Content
	if len(c) == 0 || string(c) == "null" {
		return "", nil
	}
	var s string
	if c[0] == '"' {
		if err := json.Unmarshal(c, &s); err != nil {
			return "", fmt.Errorf("content: %w", err)
		}
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(c, &parts); err != nil {
		return "", fmt.Errorf("content must be a string or an array of parts: %w", err)
	}
	var b strings.Builder
	for i, p := range parts {
		if p.Type != "text" {
			return "", fmt.Errorf("content part %d has type %q; only text parts are read", i, p.Type)
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.Text)
	}
	return b.String(), nil
}

// turn is a message reduced to what the conversation needs.
type turn struct {
	role, text string
}

// planHeader opens a plan of one tool call in an assistant message;
// planLine is one step of a plan: "1. shortest_path
// {"source":"0","target":"3"}", and in a chain the earlier results fed to
// arguments and what the step answers: "3. shortest_path {} (source ←
// step 2[0], target ← step 2[1])  — the shortest path between them".
const planHeader = `Plan (reply "yes" to run it, "no" to cancel, "change PARAMETER to VALUE", or "change step 1 to TOOL"):`

// chainHeader opens a plan of several steps.
const chainHeader = `Plan of %d steps (reply "yes" to run it, "no" to cancel, "skip step N", or "change step N to TOOL"):`

var (
	planHeaderRE = regexp.MustCompile(`(?m)^Plan(?: of \d+ steps?)? \(reply "yes" to run it[^\n]*\):[ \t]*\r?$`)
	planLine     = regexp.MustCompile(`^\s*(\d+)\.\s+([a-z][a-z0-9_]*)\s+(\{.*)$`)
	planInput    = regexp.MustCompile(`^([a-z][a-z0-9_]*) ← step (\d+)(?:\[(\d+)\])?$`)
)

// planText is the assistant's reply presenting p for confirmation.
func planText(p agent.Plan) string {
	if p.Chain == nil {
		return fmt.Sprintf("%s\n1. %s %s", planHeader, p.Tool, p.Args)
	}
	var b strings.Builder
	fmt.Fprintf(&b, chainHeader, len(p.Chain.Steps))
	for i, s := range p.Chain.Steps {
		args := []byte("{}")
		if len(s.Args) > 0 {
			args, _ = json.Marshal(s.Args) // sorted keys, compact values
		}
		fmt.Fprintf(&b, "\n%d. %s %s", i+1, s.Tool, args)
		if len(s.Inputs) > 0 {
			names := make([]string, 0, len(s.Inputs))
			for k := range s.Inputs {
				names = append(names, k)
			}
			slices.Sort(names)
			for j, k := range names {
				in := s.Inputs[k]
				from := fmt.Sprintf("step %d", in.Step)
				if in.Index != nil {
					from = fmt.Sprintf("step %d[%d]", in.Step, *in.Index)
				}
				names[j] = k + " ← " + from
			}
			fmt.Fprintf(&b, " (%s)", strings.Join(names, ", "))
		}
		if text := strings.Join(strings.Fields(s.Text), " "); text != "" {
			fmt.Fprintf(&b, "  — %s", text)
		}
	}
	return b.String()
}

// parsePlan reads the plan an assistant message presented, nil when it
// presented none. Lines before the header (streamed steps) are skipped;
// the steps are the numbered lines after it. A plan of one catalogue tool
// fed by nothing is a tool call, anything else a chain.
func parsePlan(text string) *agent.Plan {
	loc := planHeaderRE.FindStringIndex(text)
	if loc == nil {
		return nil
	}
	var c reasoning.Chain
	for _, line := range strings.Split(text[loc[1]:], "\n") {
		if strings.TrimSpace(line) == "" && len(c.Steps) == 0 {
			continue
		}
		s, ok := parseStep(line, len(c.Steps)+1)
		if !ok {
			break
		}
		c.Steps = append(c.Steps, s)
	}
	if len(c.Steps) == 0 {
		return nil
	}
	p := planOfChain(c)
	return &p
}

// parseStep reads step number n of a plan.
func parseStep(line string, n int) (reasoning.ChainStep, bool) {
	m := planLine.FindStringSubmatch(strings.TrimRight(line, " \t\r"))
	if m == nil || m[1] != strconv.Itoa(n) {
		return reasoning.ChainStep{}, false
	}
	s := reasoning.ChainStep{Tool: m[2]}
	dec := json.NewDecoder(strings.NewReader(m[3]))
	if err := dec.Decode(&s.Args); err != nil || s.Args == nil {
		return reasoning.ChainStep{}, false
	}
	if len(s.Args) == 0 {
		s.Args = nil
	}
	rest := strings.TrimSpace(m[3][dec.InputOffset():])
	if inner, ok := strings.CutPrefix(rest, "("); ok {
		list, after, ok := strings.Cut(inner, ")")
		if !ok {
			return reasoning.ChainStep{}, false
		}
		for _, part := range strings.Split(list, ",") {
			im := planInput.FindStringSubmatch(strings.TrimSpace(part))
			if im == nil {
				return reasoning.ChainStep{}, false
			}
			in := reasoning.ChainInput{}
			in.Step, _ = strconv.Atoi(im[2])
			if im[3] != "" {
				i, err := strconv.Atoi(im[3])
				if err != nil {
					return reasoning.ChainStep{}, false
				}
				in.Index = &i
			}
			if s.Inputs == nil {
				s.Inputs = map[string]reasoning.ChainInput{}
			}
			s.Inputs[im[1]] = in
		}
		rest = strings.TrimSpace(after)
	}
	if rest != "" {
		text, ok := strings.CutPrefix(rest, "—")
		if !ok {
			return reasoning.ChainStep{}, false
		}
		s.Text = strings.TrimSpace(text)
	}
	return s, true
}

// planOfChain is the plan that runs c: a tool call when c is one
// catalogue tool fed by nothing (the parameters can then be edited one by
// one), else the chain.
func planOfChain(c reasoning.Chain) agent.Plan {
	if len(c.Steps) == 1 && !reasoning.IsChainOp(c.Steps[0].Tool) && len(c.Steps[0].Inputs) == 0 {
		args := []byte("{}")
		if len(c.Steps[0].Args) > 0 {
			args, _ = json.Marshal(c.Steps[0].Args)
		}
		return agent.Plan{Tool: c.Steps[0].Tool, Args: args}
	}
	return agent.Plan{Chain: &c}
}

// chainOfPlan is p as a chain (one step for a tool call).
func chainOfPlan(p agent.Plan) (reasoning.Chain, error) {
	if p.Chain != nil {
		return *p.Chain, nil
	}
	s := reasoning.ChainStep{Tool: p.Tool}
	if len(p.Args) > 0 {
		if err := json.Unmarshal(p.Args, &s.Args); err != nil {
			return reasoning.Chain{}, fmt.Errorf("the plan's arguments: %w", err)
		}
	}
	return reasoning.Chain{Steps: []reasoning.ChainStep{s}}, nil
}

// reply is what a user's message to a pending plan says.
type reply int

const (
	replyOther reply = iota
	replyConfirm
	replyCancel
	replyEdit
)

var (
	confirmWords = []string{"yes", "y", "yeah", "yep", "ok", "okay", "sure", "run", "run it", "go", "go ahead", "do it",
		"confirm", "confirmed", "proceed", "yes please", "yes, run it", "please run it"}
	cancelWords = []string{"no", "n", "nope", "cancel", "stop", "abort", "don't", "do not", "no thanks"}
	// editParam is "change PARAM to VALUE", "set PARAM = VALUE"; the
	// edits of steps are reasoning.EditChain's.
	editParam = regexp.MustCompile(`(?i)^\s*(?:change|set|make|use)\s+(?:the\s+)?([a-z][a-z0-9_ ]*?)\s+(?:to|=|as)\s+(.+?)\s*[.!]?\s*$`)
)

// classify reads a reply to a pending plan.
func classify(text string) reply {
	t := strings.ToLower(strings.Trim(strings.TrimSpace(text), ".!"))
	switch {
	case slices.Contains(confirmWords, t):
		return replyConfirm
	case slices.Contains(cancelWords, t):
		return replyCancel
	case reasoning.IsChainEdit(text) || editParam.MatchString(text):
		return replyEdit
	}
	return replyOther
}

// editPlan applies an edit to p: a chain edit ("skip step 2", "change
// step 1 to TOOL [ARGS]", reasoning.EditChain) or, to a plan of one tool
// call, "change PARAM to VALUE". The result is checked against the graph
// later (the plan is planned again with it before it is shown).
func editPlan(p agent.Plan, text string, reg *tools.Registry) (agent.Plan, error) {
	c, err := chainOfPlan(p)
	if err != nil {
		return p, err
	}
	if edited, ok, err := reasoning.EditChain(c, text, reasoning.RegistrySpecs(reg)); ok {
		if err != nil {
			return p, errors.New(strings.TrimSuffix(err.Error(), ": "+reasoning.ErrBadChain.Error()))
		}
		return planOfChain(edited), nil
	}
	m := editParam.FindStringSubmatch(text)
	if m == nil {
		return p, fmt.Errorf("%q is not an edit of the plan", text)
	}
	if p.Chain != nil {
		return p, fmt.Errorf(`the plan has %d steps; change one with "change step N to TOOL" or drop one with "skip step N" (a parameter is changed in a plan of one tool call)`, len(p.Chain.Steps))
	}
	t, err := reg.Get(p.Tool)
	if err != nil {
		return p, err
	}
	name := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(m[1])), " ", "_")
	i := slices.IndexFunc(t.Spec().Params, func(q tools.Param) bool { return q.Name == name })
	if i < 0 {
		var names []string
		for _, q := range t.Spec().Params {
			names = append(names, q.Name)
		}
		return p, fmt.Errorf("%s has no parameter %q; its parameters are: %s", p.Tool, name, strings.Join(names, ", "))
	}
	args := map[string]any{}
	if len(p.Args) > 0 {
		if err := json.Unmarshal(p.Args, &args); err != nil {
			return p, fmt.Errorf("the plan's arguments: %w", err)
		}
	}
	args[name] = paramValue(t.Spec().Params[i], strings.Trim(m[2], `"'`))
	b, err := json.Marshal(args)
	if err != nil {
		return p, err
	}
	return agent.Plan{Tool: p.Tool, Args: b}, nil
}

// paramValue reads an edited value: node names stay strings ("node 5" is
// "5"), other values are JSON when they parse (numbers, booleans, lists).
func paramValue(p tools.Param, v string) any {
	if p.Node || p.Type == "string" {
		if rest, ok := strings.CutPrefix(strings.ToLower(v), "node "); ok && p.Node {
			return strings.TrimSpace(v[len(v)-len(rest):])
		}
		return v
	}
	var x any
	if err := json.Unmarshal([]byte(v), &x); err == nil {
		return x
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return f
	}
	return v
}
