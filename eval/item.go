// Package eval scores graphagent backends on benchmark suites, the way
// GraphTool-Instruction scores its models on GTools: a seeded GTools
// generator (WL items with the edge list in the question, EL items whose
// graph is an edge-list file), loaders for a folder in the GTools layout and
// for a generic JSONL format, answer checkers per answer type, per-task
// metrics (answer, graph, tool and parameter accuracy, error classes,
// latency, LLM calls and tokens), a concurrent resumable runner, and reports
// in JSON, Markdown and PNG charts.
package eval

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// AnswerType says how an item's answer is checked.
type AnswerType string

// Answer types. Each has a checker (see Check).
const (
	// YesNo answers are booleans ("yes"/"no", true/false).
	YesNo AnswerType = "yesno"
	// Integer answers are whole numbers, compared exactly.
	Integer AnswerType = "integer"
	// Float answers are numbers compared within Item.Tolerance.
	Float AnswerType = "float"
	// ExactList answers are lists compared element by element.
	ExactList AnswerType = "list"
	// TopoOrder answers are topological orders; any valid order of the
	// item's graph is correct.
	TopoOrder AnswerType = "topo_order"
	// OptimalPath answers are shortest-path lengths; a predicted path must
	// exist in the graph, join the item's source and target and have the
	// optimal length.
	OptimalPath AnswerType = "optimal_path"
	// MaxMatching answers are maximum matchings (the gold is the matching
	// size or one maximum matching); any valid matching of that size is
	// correct.
	MaxMatching AnswerType = "max_matching"
	// FlowValue answers are maximum-flow values, compared within tolerance.
	FlowValue AnswerType = "flow_value"
)

// Modes of a GTools item: the graph written in the question (within the
// 4096-token limit) or given as an edge-list file (exceeding it).
const (
	ModeWL = "WL"
	ModeEL = "EL"
)

// GraphStats is the shape of an item's graph, for the graph-accuracy metric.
type GraphStats struct {
	Nodes    int  `json:"nodes"`
	Edges    int  `json:"edges"`
	Directed bool `json:"directed"`
}

// Item is one benchmark question with its gold answer. Its JSON form is the
// generic JSONL format (one object per line); only id, question, task and
// answer are required.
type Item struct {
	// ID names the item uniquely within its suite.
	ID string `json:"id"`
	// Question is the full question given to the backend.
	Question string `json:"question"`
	// Task labels the item for per-task metrics (GTools: the task folder,
	// such as "Shortest_Path").
	Task string `json:"task"`
	// Answer is the gold answer (a boolean, number, list or object).
	Answer json.RawMessage `json:"answer"`
	// GraphFile is the item's graph file, relative to the suite's folder,
	// when the graph is given by reference.
	GraphFile string `json:"graph_file,omitempty"`
	// Params are the gold tool parameters (for parameter accuracy and for
	// checkers that need the source and target).
	Params map[string]any `json:"params,omitempty"`
	// Tool is the gold tool name (for tool accuracy).
	Tool string `json:"tool,omitempty"`
	// AltTools are other tools that answer the item exactly as well (for
	// example shortest_path_length for a shortest-path length).
	AltTools []string `json:"alt_tools,omitempty"`
	// AnswerType selects the checker; inferred from Tool and Answer when
	// empty.
	AnswerType AnswerType `json:"answer_type,omitempty"`
	// Tolerance is the absolute-or-relative tolerance of number answers
	// (default 1e-6).
	Tolerance float64 `json:"tolerance,omitempty"`
	// Mode is "WL" or "EL" for GTools items.
	Mode string `json:"mode,omitempty"`
	// Directed says whether the item's graph is directed, when known.
	Directed *bool `json:"directed,omitempty"`
	// Graph is the gold graph's shape, when known.
	Graph *GraphStats `json:"graph,omitempty"`
	// Description is the task phrasing used in the question.
	Description string `json:"description,omitempty"`
	// Audit is the gold audit's finding, for suites that re-derive each
	// gold from its graph (graphwiz): when it corrected the published gold
	// (Answer), items are scored against the audited one and also, side by
	// side, against the published one.
	Audit *GoldAudit `json:"audit,omitempty"`
}

// ToolMatches reports whether tool is the gold tool or an alternative.
func (it *Item) ToolMatches(tool string) bool {
	if tool == it.Tool {
		return true
	}
	for _, t := range it.AltTools {
		if tool == t {
			return true
		}
	}
	return false
}

// Group is the item's row key in reports: "Task/Di" or "Task/Un" when the
// direction is known, else the task.
func (it *Item) Group() string {
	if it.Directed == nil {
		return it.Task
	}
	return it.Task + "/" + dirWord(*it.Directed)
}

func dirWord(directed bool) string {
	if directed {
		return "Di"
	}
	return "Un"
}

// Validate reports what is missing or malformed in the item.
func (it *Item) Validate() error {
	switch {
	case strings.TrimSpace(it.ID) == "":
		return fmt.Errorf("item has no id")
	case strings.TrimSpace(it.Question) == "":
		return fmt.Errorf("item %q has no question", it.ID)
	case strings.TrimSpace(it.Task) == "":
		return fmt.Errorf("item %q has no task", it.ID)
	case len(it.Answer) == 0 || string(it.Answer) == "null":
		return fmt.Errorf("item %q has no answer", it.ID)
	}
	if !json.Valid(it.Answer) {
		return fmt.Errorf("item %q: answer is not valid JSON", it.ID)
	}
	switch it.AnswerType {
	case "", YesNo, Integer, Float, ExactList, TopoOrder, OptimalPath, MaxMatching, FlowValue, NLGraphAnswer, GraphWizAnswer, GraphQAAnswer, GraCoReAnswer, GraphOmniAnswer, GraphInstructAnswer:
	default:
		return fmt.Errorf("item %q: unknown answer_type %q", it.ID, it.AnswerType)
	}
	if it.Tolerance < 0 {
		return fmt.Errorf("item %q: negative tolerance", it.ID)
	}
	return nil
}

// toolAnswerTypes maps tools whose answers need a special checker.
var toolAnswerTypes = map[string]AnswerType{
	"topological_sort":           TopoOrder,
	"shortest_path":              OptimalPath,
	"maximum_flow":               FlowValue,
	"maximum_bipartite_matching": MaxMatching,
}

// Type returns the item's answer type: AnswerType, else one implied by the
// gold tool, else one inferred from the gold answer's JSON.
func (it *Item) Type() AnswerType {
	if it.AnswerType != "" {
		return it.AnswerType
	}
	if t, ok := toolAnswerTypes[it.Tool]; ok {
		return t
	}
	var v any
	if err := json.Unmarshal(it.Answer, &v); err != nil {
		return ExactList
	}
	switch x := v.(type) {
	case bool:
		return YesNo
	case float64:
		if x == float64(int64(x)) && !strings.ContainsAny(string(it.Answer), ".eE") {
			return Integer
		}
		return Float
	case string:
		if _, ok := parseYesNo(x); ok {
			return YesNo
		}
		if _, err := strconv.ParseFloat(strings.TrimSpace(x), 64); err == nil {
			return Float
		}
	}
	return ExactList
}

// paramString renders a parameter value canonically: node IDs given as
// numbers or strings compare equal ("3", 3, 3.0).
func paramString(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return strconv.FormatFloat(f, 'f', -1, 64)
		}
		return x.String()
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case nil:
		return ""
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
