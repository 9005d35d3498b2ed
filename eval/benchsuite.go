package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// The helpers below are shared by the suites that read a published
// benchmark's own files and audit its golds (GraphQA, GraCoRe,
// GraphInstruct, GraphOmni, LLM4DyG): the --tasks check, a suite folder's
// files, JSON errors at a file's line, the audit over a split's problems,
// an item's graph from its problem, and the scored and published verdicts.

// keepTasks keeps the items of the wanted tasks (all when want is empty).
func keepTasks(items []Item, want map[string]bool) []Item {
	if len(want) == 0 {
		return items
	}
	kept := items[:0]
	for _, it := range items {
		if want[it.Task] {
			kept = append(kept, it)
		}
	}
	return kept
}

// suiteFile is one file a suite reads: its task and path, and the name
// errors give (relative to the suite's folder).
type suiteFile struct {
	task, path, name string
}

// findSuiteFiles looks for each wanted task's file (name(task)) in the
// first of the candidate folders under path that holds any of them. A
// folder holding none, or lacking a wanted task's file, is an error naming
// the files expected and where they are published (source).
func findSuiteFiles(suite, path string, subdirs []string, tasks []string, want map[string]bool, name func(task string) string, source string) ([]suiteFile, error) {
	expected := func() string {
		var f []string
		for _, t := range tasks {
			f = append(f, name(t))
		}
		return strings.Join(f, ", ")
	}
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s: %s is not a folder: the suite reads %s from a folder; %s", suite, path, expected(), source)
	}
	root := ""
	for _, sub := range append([]string{""}, subdirs...) {
		c := filepath.Join(path, sub)
		for _, t := range tasks {
			if existsMaybeGzip(filepath.Join(c, name(t))) {
				root = c
				break
			}
		}
		if root != "" {
			break
		}
	}
	if root == "" {
		where := ""
		if len(subdirs) > 0 {
			where = " (nor " + strings.Join(subdirs, ", ") + " under it)"
		}
		return nil, fmt.Errorf("%s: %s%s holds none of the files %s; %s", suite, path, where, expected(), source)
	}
	var out []suiteFile
	var missing []string
	for _, t := range tasks {
		if len(want) > 0 && !want[t] {
			continue
		}
		p := filepath.Join(root, name(t))
		if !existsMaybeGzip(p) {
			missing = append(missing, name(t))
			continue
		}
		out = append(out, suiteFile{task: t, path: p, name: name(t)})
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, fmt.Errorf("%s: %s lacks %s: the suite reads %s; %s; --tasks keeps only the tasks whose files you have",
			suite, root, strings.Join(missing, ", "), expected(), source)
	}
	return out, nil
}

// lineAt is the line of text at byte offset off.
func lineAt(raw []byte, off int64) int {
	if off > int64(len(raw)) {
		off = int64(len(raw))
	}
	if off < 0 {
		off = 0
	}
	return 1 + bytes.Count(raw[:off], []byte("\n"))
}

// jsonError names the file and line of a json.Unmarshal error.
func jsonError(suite, name string, raw []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Errorf("%s: %s:%d: %w", suite, name, lineAt(raw, se.Offset), err)
	case errors.As(err, &te):
		return fmt.Errorf("%s: %s:%d: %w", suite, name, lineAt(raw, te.Offset), err)
	}
	return fmt.Errorf("%s: %s:%d: %w", suite, name, 1, err)
}

// arrayElementLines returns the line each top-level JSON array element
// that is an object starts on.
func arrayElementLines(raw []byte) []int {
	var lines []int
	depth, line := 0, 1
	inStr, esc := false, false
	for _, c := range raw {
		switch {
		case c == '\n':
			line++
		case inStr:
			if esc {
				esc = false
			} else if c == '\\' {
				esc = true
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			if depth == 1 && c == '{' {
				lines = append(lines, line)
			}
			depth++
		case c == '}' || c == ']':
			depth--
		}
	}
	return lines
}

// grapher is a suite's problem: the graph its items ask about.
type grapher interface {
	graph() (*graph.Graph, error)
}

// auditProblems audits every item against its problem (by item ID) with
// audit, on GOMAXPROCS workers (auditEach).
func auditProblems[P any](ctx context.Context, items []Item, problems map[string]P,
	audit func(ctx context.Context, reg *tools.Registry, it *Item, p P) GoldAudit) error {
	return auditEach(ctx, items, func(reg *tools.Registry, it *Item) *GoldAudit {
		a := audit(ctx, reg, it, problems[it.ID])
		return &a
	})
}

// problemGraph returns an item's graph from the suite's problems.
func problemGraph[P grapher](problems map[string]P) func(it *Item) (*graph.Graph, error) {
	return func(it *Item) (*graph.Graph, error) {
		p, ok := problems[it.ID]
		if !ok {
			return nil, fmt.Errorf("item %q: no graph", it.ID)
		}
		return p.graph()
	}
}

// judgeBoth judges an outcome against the item's scored gold and, when the
// audit corrected it, the published one.
func judgeBoth(it *Item, judge func(gold any) Verdict) (scored, published Verdict) {
	j := func(goldJSON json.RawMessage) Verdict {
		var gold any
		if err := json.Unmarshal(goldJSON, &gold); err != nil {
			return wrong("gold answer is not valid JSON: %v", err)
		}
		return judge(gold)
	}
	scored = j(it.Gold())
	if !it.corrected() {
		return scored, scored
	}
	return scored, j(it.Answer)
}

// directVerdict is a direct-mode reply's verdict by the benchmark's rule.
func directVerdict(ok bool, task string, gold any) Verdict {
	if ok {
		return right
	}
	return wrong("by the suite's rule for %s the reply is not %s", task, brief(gold))
}
