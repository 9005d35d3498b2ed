package reasoning

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/graphagent/graphagent/internal/textutil"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// MaxAnswerBytes bounds the language-model answer the parsers read.
const MaxAnswerBytes = 4 << 20

// llmMaxObjectTries bounds how many '{' positions ParseJSONAnswer tries, so
// that parsing stays linear in the answer's length.
const llmMaxObjectTries = 16

// ParseJSONAnswer finds the JSON object in a language-model answer: the whole
// text, a ```json code fence, or the first balanced {...} in surrounding
// prose that is valid JSON. A <think>...</think> preamble is skipped.
// Failures wrap ErrSyntax and quote the start of the answer.
func ParseJSONAnswer(answer string) (json.RawMessage, error) {
	if len(answer) > MaxAnswerBytes {
		return nil, fmt.Errorf("answer of %d bytes exceeds %d: %w", len(answer), MaxAnswerBytes, ErrSyntax)
	}
	s := answer
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	}
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("empty answer: %w", ErrSyntax)
	}
	if obj, ok := llmObject(s); ok {
		return obj, nil
	}
	// Code fences: ```json\n{...}\n``` or ```{...}```.
	rest := s
	for {
		i := strings.Index(rest, "```")
		if i < 0 {
			break
		}
		rest = rest[i+3:]
		j := strings.Index(rest, "```")
		block := rest
		if j >= 0 {
			block = rest[:j]
			rest = rest[j+3:]
		} else {
			rest = ""
		}
		if nl := strings.IndexByte(block, '\n'); nl >= 0 && !strings.ContainsAny(block[:nl], "{[") {
			block = block[nl+1:] // drop the language tag
		}
		if obj, ok := llmObject(strings.TrimSpace(block)); ok {
			return obj, nil
		}
		if j < 0 {
			break
		}
	}
	// The first balanced object in prose that parses.
	var firstErr error
	from := 0
	for tries := 0; tries < llmMaxObjectTries; tries++ {
		i := strings.IndexByte(s[from:], '{')
		if i < 0 {
			break
		}
		start := from + i
		end := llmBalancedEnd(s, start)
		if end < 0 {
			if firstErr == nil {
				firstErr = errors.New("unterminated JSON object")
			}
			from = start + 1
			continue
		}
		cand := s[start:end]
		if obj, ok := llmObject(cand); ok {
			return obj, nil
		}
		if firstErr == nil {
			var v any
			if err := json.Unmarshal([]byte(cand), &v); err != nil {
				firstErr = err
			}
		}
		from = start + 1
	}
	if firstErr != nil {
		return nil, fmt.Errorf("broken JSON in answer %q: %v: %w", textutil.Truncate(s, 80), firstErr, ErrSyntax)
	}
	return nil, fmt.Errorf("no JSON object in answer %q: %w", textutil.Truncate(s, 80), ErrSyntax)
}

// llmObject returns s compacted when it is exactly one JSON object.
func llmObject(s string) (json.RawMessage, bool) {
	if len(s) < 2 || s[0] != '{' {
		return nil, false
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(s)); err != nil {
		return nil, false
	}
	return buf.Bytes(), true
}

// llmBalancedEnd returns the index just past the object or array opened at
// s[start], skipping brackets inside JSON strings, or -1.
func llmBalancedEnd(s string, start int) int {
	depth := 0
	inStr, esc := false, false
	for i := start; i < len(s); i++ {
		c := s[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return -1
			}
		}
	}
	return -1
}

// llmFields decodes a JSON object into its fields, with ErrSyntax.
func llmFields(obj json.RawMessage) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(obj, &m); err != nil || m == nil {
		return nil, fmt.Errorf("answer is not a JSON object: %w", ErrSyntax)
	}
	return m, nil
}

// ParseToolAnswer reads a tool-selection answer: a JSON object whose "tool"
// names one of the candidates or NoTool (case, spaces and hyphens are
// forgiven), with optional "then" (further candidates) and "thought".
// Errors wrap ErrSyntax or ErrUnknownTool.
func ParseToolAnswer(answer string, cs []Candidate) (ToolChoice, error) {
	obj, err := ParseJSONAnswer(answer)
	if err != nil {
		return ToolChoice{}, err
	}
	m, err := llmFields(obj)
	if err != nil {
		return ToolChoice{}, err
	}
	raw, ok := m["tool"]
	if !ok {
		for _, alias := range []string{"tool_name", "Tool_Name", "name"} {
			if raw, ok = m[alias]; ok {
				break
			}
		}
	}
	if !ok {
		return ToolChoice{}, fmt.Errorf(`answer %s has no "tool" field: %w`, textutil.Truncate(string(obj), 80), ErrSyntax)
	}
	var name string
	if err := json.Unmarshal(raw, &name); err != nil {
		return ToolChoice{}, fmt.Errorf(`"tool" must be a string, got %s: %w`, textutil.Truncate(string(raw), 40), ErrSyntax)
	}
	var choice ToolChoice
	if choice.Tool, err = ResolveToolName(name, cs); err != nil {
		return ToolChoice{}, err
	}
	if raw, ok := m["thought"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &choice.Thought); err != nil {
			return ToolChoice{}, fmt.Errorf(`"thought" must be a string: %w`, ErrSyntax)
		}
	}
	if raw, ok := m["then"]; ok && string(raw) != "null" {
		var then []string
		if err := json.Unmarshal(raw, &then); err != nil {
			return ToolChoice{}, fmt.Errorf(`"then" must be a list of tool names, got %s: %w`, textutil.Truncate(string(raw), 40), ErrSyntax)
		}
		for _, n := range then {
			r, err := ResolveToolName(n, cs)
			if err != nil {
				return ToolChoice{}, fmt.Errorf(`"then": %w`, err)
			}
			if r == NoTool {
				continue
			}
			choice.Then = append(choice.Then, r)
		}
	}
	if choice.Tool == NoTool {
		choice.Then = nil
	}
	return choice, nil
}

// ParseParamsAnswer reads a parameter answer for spec: a JSON object of
// arguments (a lone "arguments"/"parameters"/"args" wrapper is unwrapped),
// validated by ValidateArgs against g (when not nil) and by check (when not
// nil). Errors wrap ErrSyntax or ErrBadParams.
func ParseParamsAnswer(answer string, spec tools.Spec, g *graph.Graph, check func(json.RawMessage) error) (json.RawMessage, error) {
	obj, err := ParseJSONAnswer(answer)
	if err != nil {
		return nil, err
	}
	m, err := llmFields(obj)
	if err != nil {
		return nil, err
	}
	if len(m) == 1 {
		for _, w := range []string{"arguments", "parameters", "args", "tool_para"} {
			inner, ok := m[w]
			if !ok || llmSpecHas(spec, w) {
				continue
			}
			if io, ok := llmObject(strings.TrimSpace(string(inner))); ok {
				obj = io
			}
		}
	}
	args, err := ValidateArgs(spec, g, obj)
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(args); err != nil {
			if !errors.Is(err, ErrBadParams) {
				err = fmt.Errorf("%s: %w: %w", spec.Name, ErrBadParams, err)
			}
			return nil, err
		}
	}
	return args, nil
}

func llmSpecHas(spec tools.Spec, name string) bool {
	for _, p := range spec.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// ParseGraphAnswer reads a graph-extraction answer and checks it against the
// question with CheckGraphAgainstQuestion. Errors wrap ErrSyntax or
// ErrGraphMismatch.
func ParseGraphAnswer(answer, question string) (GraphText, error) {
	obj, err := ParseJSONAnswer(answer)
	if err != nil {
		return GraphText{}, err
	}
	var raw struct {
		Directed *bool               `json:"directed"`
		Weighted *bool               `json:"weighted"`
		Source   *string             `json:"source"`
		Edges    [][]json.RawMessage `json:"edges"`
		Nodes    []json.RawMessage   `json:"nodes"`
	}
	if err := json.Unmarshal(obj, &raw); err != nil {
		return GraphText{}, fmt.Errorf("graph answer has the wrong shape (%v): %w", err, ErrSyntax)
	}
	var gt GraphText
	if raw.Directed != nil {
		gt.Directed = *raw.Directed
	}
	if raw.Source != nil {
		gt.Source = strings.TrimSpace(*raw.Source)
	}
	gt.Edges = make([]EdgeText, 0, len(raw.Edges))
	for i, e := range raw.Edges {
		if len(e) != 2 && len(e) != 3 {
			return GraphText{}, fmt.Errorf("edge %d has %d elements, want [u, v] or [u, v, w]: %w", i+1, len(e), ErrSyntax)
		}
		var et EdgeText
		var u, v tools.NodeID
		if err := json.Unmarshal(e[0], &u); err != nil || u == "" {
			return GraphText{}, fmt.Errorf("edge %d: bad node %s: %w", i+1, textutil.Truncate(string(e[0]), 30), ErrSyntax)
		}
		if err := json.Unmarshal(e[1], &v); err != nil || v == "" {
			return GraphText{}, fmt.Errorf("edge %d: bad node %s: %w", i+1, textutil.Truncate(string(e[1]), 30), ErrSyntax)
		}
		et.U, et.V = string(u), string(v)
		if len(e) == 3 {
			w, err := llmWeight(e[2])
			if err != nil {
				return GraphText{}, fmt.Errorf("edge %d: %v: %w", i+1, err, ErrSyntax)
			}
			et.Weight, et.HasWeight = w, true
		}
		gt.Edges = append(gt.Edges, et)
	}
	for i, n := range raw.Nodes {
		var id tools.NodeID
		if err := json.Unmarshal(n, &id); err != nil || id == "" {
			return GraphText{}, fmt.Errorf("node %d: bad node %s: %w", i+1, textutil.Truncate(string(n), 30), ErrSyntax)
		}
		gt.Nodes = append(gt.Nodes, string(id))
	}
	weighted := false
	for _, e := range gt.Edges {
		weighted = weighted || e.HasWeight
	}
	gt.Weighted = weighted
	if raw.Weighted != nil && *raw.Weighted && !weighted && len(gt.Edges) > 0 {
		return GraphText{}, fmt.Errorf("graph answer says weighted but no edge has a weight: %w", ErrGraphMismatch)
	}
	if err := CheckGraphAgainstQuestion(gt, question); err != nil {
		return GraphText{}, err
	}
	return gt, nil
}

// llmWeight reads a weight given as a number, a numeric string or
// {"weight": w}.
func llmWeight(b json.RawMessage) (float64, error) {
	var f float64
	if err := json.Unmarshal(b, &f); err == nil {
		return f, nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		if f, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f, nil
		}
	}
	var m map[string]float64
	if err := json.Unmarshal(b, &m); err == nil {
		if w, ok := m["weight"]; ok {
			return w, nil
		}
	}
	return 0, fmt.Errorf("bad weight %s", textutil.Truncate(string(b), 30))
}

// CheckGraphAgainstQuestion reports, wrapping ErrGraphMismatch, an extracted
// graph that the question cannot have produced: no graph at all, a source
// the question does not contain, a node or weight that does not occur in the
// question, or a direction the question contradicts.
func CheckGraphAgainstQuestion(gt GraphText, question string) error {
	if gt.Source == "" && len(gt.Edges) == 0 && len(gt.Nodes) == 0 {
		return fmt.Errorf("no edges, nodes or source extracted: %w", ErrGraphMismatch)
	}
	var problems []string
	add := func(format string, args ...any) {
		if len(problems) < 5 {
			problems = append(problems, fmt.Sprintf(format, args...))
		}
	}
	if gt.Source != "" && !strings.Contains(question, gt.Source) {
		add("source %q does not occur in the question", textutil.Truncate(gt.Source, 60))
	}
	words, numbers := llmQuestionTokens(question)
	checkNode := func(id string) {
		if words[id] {
			return
		}
		// IDs with punctuation ("a-b", "n.1") are checked as substrings.
		if strings.IndexFunc(id, func(r rune) bool { return !llmWordRune(r) }) >= 0 && strings.Contains(question, id) {
			return
		}
		add("node %q does not occur in the question", textutil.Truncate(id, 30))
	}
	seen := make(map[string]bool, len(gt.Edges))
	for _, e := range gt.Edges {
		for _, id := range [2]string{e.U, e.V} {
			if !seen[id] {
				seen[id] = true
				checkNode(id)
			}
		}
		if e.HasWeight && !numbers[e.Weight] {
			add("weight %v of edge (%s, %s) does not occur in the question", e.Weight, e.U, e.V)
		}
	}
	for _, id := range gt.Nodes {
		if !seen[id] {
			seen[id] = true
			checkNode(id)
		}
	}
	lq := strings.ToLower(question)
	undirected := strings.Count(lq, "undirected")
	directed := strings.Count(lq, "directed") - undirected
	switch {
	case gt.Directed && undirected > 0 && directed == 0:
		add("the question says the graph is undirected")
	case !gt.Directed && directed > 0 && undirected == 0:
		add("the question says the graph is directed")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %w", strings.Join(problems, "; "), ErrGraphMismatch)
	}
	return nil
}

func llmWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// llmQuestionTokens returns the question's words (maximal runs of letters,
// digits and underscores, decimal numbers whole) and the numbers it writes.
func llmQuestionTokens(q string) (words map[string]bool, numbers map[float64]bool) {
	words = map[string]bool{}
	numbers = map[float64]bool{}
	start := -1
	for i, r := range q + " " {
		// A '.' between digits belongs to a decimal number, so that the 5
		// of 2.5 is not taken for node 5.
		decimalPoint := r == '.' && start >= 0 && i > 0 && q[i-1] >= '0' && q[i-1] <= '9' && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9'
		if llmWordRune(r) || decimalPoint {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			words[q[start:i]] = true
			start = -1
		}
	}
	// Numbers: optional sign, digits, optional fraction and exponent.
	for i := 0; i < len(q); {
		c := q[i]
		if !(c >= '0' && c <= '9') && !((c == '-' || c == '.') && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9') {
			i++
			continue
		}
		j := i + 1
		for j < len(q) && (q[j] >= '0' && q[j] <= '9' || q[j] == '.' || q[j] == 'e' || q[j] == 'E' ||
			((q[j] == '-' || q[j] == '+') && (q[j-1] == 'e' || q[j-1] == 'E'))) {
			j++
		}
		tok := strings.TrimRight(q[i:j], ".eE+-")
		if f, err := strconv.ParseFloat(tok, 64); err == nil {
			numbers[f] = true
			if f < 0 {
				numbers[-f] = true // "-" may be an edge dash: "1-2"
			}
		}
		i = j
	}
	return words, numbers
}
