package httpapi

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/agent"
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

// planHeader opens a plan in an assistant message; planLine is one step
// of it: "1. shortest_path {"source":"0","target":"3"}".
const planHeader = `Plan (reply "yes" to run it, "no" to cancel, "change PARAMETER to VALUE", or "change step 1 to TOOL"):`

var planLine = regexp.MustCompile(`^\s*(\d+)\.\s+([a-z][a-z0-9_]*)\s+(\{.*\})\s*$`)

// planText is the assistant's reply presenting p for confirmation.
func planText(p agent.Plan) string {
	return fmt.Sprintf("%s\n1. %s %s", planHeader, p.Tool, p.Args)
}

// parsePlan reads the plan an assistant message presented, nil when it
// presented none. Lines before the header (streamed steps) are skipped.
func parsePlan(text string) *agent.Plan {
	_, rest, ok := strings.Cut(text, planHeader)
	if !ok {
		return nil
	}
	for _, line := range strings.Split(rest, "\n") {
		m := planLine.FindStringSubmatch(line)
		if m == nil || m[1] != "1" || !json.Valid([]byte(m[3])) {
			continue
		}
		return &agent.Plan{Tool: m[2], Args: json.RawMessage(m[3])}
	}
	return nil
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
	// editStep is "change step 1 to TOOL [ARGS]"; editParam is "change
	// PARAM to VALUE", "set PARAM = VALUE".
	editStep  = regexp.MustCompile(`(?i)^\s*(?:change|set|make|replace)\s+(?:the\s+)?(?:step\s+(\d+)|tool)\s+(?:to|with|=)\s+([a-z][a-z0-9_]*)\s*(\{.*\})?\s*[.!]?\s*$`)
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
	case editStep.MatchString(text) || editParam.MatchString(text):
		return replyEdit
	}
	return replyOther
}

// editPlan applies "change step 1 to TOOL [ARGS]" or "change PARAM to
// VALUE" to p. The result is checked against the graph later (the plan
// is planned again with it before it is shown).
func editPlan(p agent.Plan, text string, reg *tools.Registry) (agent.Plan, error) {
	if m := editStep.FindStringSubmatch(text); m != nil {
		if m[1] != "" && m[1] != "1" {
			return p, fmt.Errorf("the plan has one step; there is no step %s (plans of several steps are not built yet)", m[1])
		}
		t, err := reg.Get(m[2])
		if err != nil {
			return p, fmt.Errorf("no tool named %q (GET the tool list with graphagent tools list)", m[2])
		}
		args := json.RawMessage(m[3])
		if m[3] == "" {
			args = keepParams(p.Args, t.Spec())
		}
		return agent.Plan{Tool: t.Spec().Name, Args: args}, nil
	}
	m := editParam.FindStringSubmatch(text)
	if m == nil {
		return p, fmt.Errorf("%q is not an edit of the plan", text)
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

// keepParams keeps those of args that spec has.
func keepParams(args json.RawMessage, spec tools.Spec) json.RawMessage {
	var m map[string]any
	if json.Unmarshal(args, &m) != nil {
		return json.RawMessage("{}")
	}
	for k := range m {
		if !slices.ContainsFunc(spec.Params, func(q tools.Param) bool { return q.Name == k }) {
			delete(m, k)
		}
	}
	b, _ := json.Marshal(m)
	return b
}
