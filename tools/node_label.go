package tools

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Methods a label prediction names.
const (
	labelGiven       = "given"
	labelMajority    = "neighbour majority"
	labelPropagation = "label propagation"
)

// NodeLabelParams are the parameters of predict_node_label.
type NodeLabelParams struct {
	Node      *NodeID `json:"node,omitempty" desc:"the node whose label to predict; every unlabelled node when omitted"`
	Attribute string  `json:"attribute,omitempty" desc:"the node attribute holding the known labels (default label, or the only text attribute the nodes have)"`
}

// NodeLabelPrediction is the predicted label of one node.
type NodeLabelPrediction struct {
	// Node is the node's ID.
	Node string `json:"node"`
	// Label is the given or predicted label; empty when the vote is tied
	// or no labelled node can be reached.
	Label string `json:"label,omitempty"`
	// Tied lists the labels that share the most votes when no single label
	// wins (sorted).
	Tied []string `json:"tied,omitempty"`
	// Method is "given", "neighbour majority" or "label propagation"; empty
	// when no label reaches the node.
	Method string `json:"method,omitempty"`
	// Votes counts the labelled neighbours per label (neighbour majority),
	// or the neighbours labelled before the node's round (propagation).
	Votes map[string]int `json:"votes,omitempty"`
	// Round is the propagation round in which the node was labelled (or
	// last tied): 1 means from its own labelled neighbours.
	Round int `json:"round,omitempty"`
}

// NodeLabels is the value of predict_node_label when no node is given.
type NodeLabels struct {
	// Attribute is the node attribute the labels were read from.
	Attribute string `json:"attribute"`
	// Labelled is the number of nodes with a given label.
	Labelled int `json:"labelled"`
	// Predictions lists every unlabelled node, in node order.
	Predictions []NodeLabelPrediction `json:"predictions"`
}

func nodeLabelTool() Tool {
	return New(Spec{
		Name:        "predict_node_label",
		Description: "Node classification: predicts a node's label (class, interest, colour…) from the labels of its neighbours (on directed graphs, predecessors and successors alike) by majority vote; when no neighbour is labelled, by deterministic label propagation in rounds from the labelled nodes. Ties are reported, never broken.",
		WhenToUse:   "Questions asking what label, class, category or preference an unlabelled node probably has, given the labels of other nodes: \"what does node 7 like?\", \"which class is node 3 in?\", \"predict the labels of the unlabelled nodes\".",
		Returns:     "the predicted label with the method and the neighbour votes (or the tied labels); without node, a prediction for every unlabelled node",
		Family:      familyCommon,
		Examples: []string{
			"What does node 7 like?",
			"Node 1 likes soccer and node 2 likes tennis. What does node 3 probably like?",
			"Predict the label of node 5 from its neighbours.",
			"Which class does the unlabelled node 4 belong to?",
			"Classify the unlabelled nodes by their neighbours' labels.",
		},
	}, func(ctx context.Context, g *graph.Graph, p NodeLabelParams) (Result, error) {
		node, err := optionalNode(g, p.Node, "node")
		if err != nil {
			return Result{}, err
		}
		attr, err := labelAttribute(g, p.Attribute)
		if err != nil {
			return Result{}, err
		}
		labels := make([]string, g.N())
		labelled := 0
		for u := int32(0); u < int32(g.N()); u++ {
			if v, ok := g.NodeAttrs(u)[attr]; ok && v != nil {
				if s := strings.TrimSpace(fmt.Sprint(v)); s != "" {
					labels[u] = s
					labelled++
				}
			}
		}
		if labelled == 0 {
			return Result{}, fmt.Errorf("predict_node_label: no node has a %q attribute to learn from: %w", attr, ErrNotApplicable)
		}
		preds, err := propagateLabels(ctx, g, labels)
		if err != nil {
			return Result{}, err
		}
		if node >= 0 {
			pr := preds[node]
			pr.Node = g.ID(node)
			return Result{Value: pr, Text: nodeLabelText(pr, attr)}, nil
		}
		out := NodeLabels{Attribute: attr, Labelled: labelled, Predictions: []NodeLabelPrediction{}}
		for u := int32(0); u < int32(g.N()); u++ {
			if labels[u] == "" {
				pr := preds[u]
				pr.Node = g.ID(u)
				out.Predictions = append(out.Predictions, pr)
			}
		}
		return Result{Value: out, Text: nodeLabelsText(out)}, nil
	})
}

// labelAttribute picks the attribute holding the labels: the one named,
// else "label" when a node has it, else the only attribute some node holds
// as text; several candidates are an error naming them.
func labelAttribute(g *graph.Graph, named string) (string, error) {
	if named = strings.TrimSpace(named); named != "" {
		return named, nil
	}
	textAttrs := map[string]bool{}
	for u := int32(0); u < int32(g.N()); u++ {
		for k, v := range g.NodeAttrs(u) {
			if _, ok := v.(string); ok {
				textAttrs[k] = true
			}
		}
	}
	if textAttrs["label"] {
		return "label", nil
	}
	switch len(textAttrs) {
	case 0:
		return "", fmt.Errorf("predict_node_label: no node carries a label (a text attribute such as \"label\"): %w", ErrNotApplicable)
	case 1:
		for k := range textAttrs {
			return k, nil
		}
	}
	names := make([]string, 0, len(textAttrs))
	for k := range textAttrs {
		names = append(names, k)
	}
	sort.Strings(names)
	return "", fmt.Errorf("predict_node_label: the nodes have several text attributes (%s); name the label one with attribute: %w", strings.Join(names, ", "), ErrBadArgs)
}

// labelNeighbours returns u's neighbours other than u, each once: for
// directed graphs successors and predecessors alike.
func labelNeighbours(g *graph.Graph, u int32, seen []bool, buf []int32) []int32 {
	buf = buf[:0]
	add := func(vs []int32) {
		for _, v := range vs {
			if v != u && !seen[v] {
				seen[v] = true
				buf = append(buf, v)
			}
		}
	}
	add(g.Out(u))
	if g.Directed() {
		add(g.In(u))
	}
	for _, v := range buf {
		seen[v] = false
	}
	return buf
}

// propagateLabels predicts a label for every node. Labelled nodes keep
// theirs ("given"). The others are labelled in synchronous rounds: in round
// r a node counts the labels of its neighbours labelled before round r and
// takes the label with the most votes; a tie leaves it unlabelled for that
// round (it may be decided later, when more neighbours have labels). A node
// labelled in round 1 has its label by neighbour majority; later rounds are
// label propagation. A node with a labelled neighbour is only ever decided
// by round 1: a tie among its labelled neighbours is its answer. Rounds stop
// when one labels no node; nodes never reached keep no label.
func propagateLabels(ctx context.Context, g *graph.Graph, given []string) ([]NodeLabelPrediction, error) {
	n := g.N()
	preds := make([]NodeLabelPrediction, n)
	cur := slices.Clone(given)
	for u := range preds {
		if given[u] != "" {
			preds[u] = NodeLabelPrediction{Label: given[u], Method: labelGiven}
		}
	}
	seen := make([]bool, n)
	var nbuf []int32
	frozen := make([]bool, n) // tied in round 1: decided as a tie
	for round := 1; ; round++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		type decision struct {
			u     int32
			label string
		}
		var decided []decision
		for u := int32(0); u < int32(n); u++ {
			if cur[u] != "" || frozen[u] {
				continue
			}
			nbuf = labelNeighbours(g, u, seen, nbuf)
			votes := map[string]int{}
			for _, v := range nbuf {
				if cur[v] != "" {
					votes[cur[v]]++
				}
			}
			if len(votes) == 0 {
				continue
			}
			method := labelPropagation
			if round == 1 {
				method = labelMajority
			}
			best, tied := majority(votes)
			pr := NodeLabelPrediction{Method: method, Votes: votes, Round: round}
			if len(tied) > 1 {
				pr.Tied = tied
				if round == 1 {
					frozen[u] = true
				}
			} else {
				pr.Label = best
				decided = append(decided, decision{u, best})
			}
			preds[u] = pr
		}
		if len(decided) == 0 {
			break
		}
		for _, d := range decided {
			cur[d.u] = d.label
		}
	}
	return preds, nil
}

// majority returns the label with the most votes, or all labels sharing the
// most votes (sorted) when several do.
func majority(votes map[string]int) (string, []string) {
	top := 0
	var tied []string
	for l, c := range votes {
		switch {
		case c > top:
			top, tied = c, append(tied[:0], l)
		case c == top:
			tied = append(tied, l)
		}
	}
	sort.Strings(tied)
	return tied[0], tied
}

// votesText renders votes as "soccer 2, tennis 1", most first.
func votesText(votes map[string]int) string {
	labels := make([]string, 0, len(votes))
	for l := range votes {
		labels = append(labels, l)
	}
	sort.Slice(labels, func(i, j int) bool {
		if votes[labels[i]] != votes[labels[j]] {
			return votes[labels[i]] > votes[labels[j]]
		}
		return labels[i] < labels[j]
	})
	parts := make([]string, len(labels))
	for i, l := range labels {
		parts[i] = fmt.Sprintf("%s %d", l, votes[l])
	}
	return strings.Join(parts, ", ")
}

// labelNouns are attribute names read as nouns ("node 3's class is B");
// others are read as verbs ("node 3 likes soccer"), as the readers name
// them after the sentence that gave the labels.
var labelNouns = map[string]bool{
	"label": true, "class": true, "color": true, "colour": true, "type": true, "category": true, "tag": true,
	"group": true, "community": true, "team": true, "cluster": true, "role": true, "topic": true,
	"department": true, "faction": true, "hobby": true, "interest": true, "club": true,
}

// stateLabel says node has label value: "node 3's class is (probably) B" or
// "node 3 (probably) likes soccer".
func stateLabel(node, attr, value string, probably bool) string {
	hedge := ""
	if probably {
		hedge = "probably "
	}
	if labelNouns[strings.ToLower(attr)] || strings.ContainsAny(attr, " _") {
		return fmt.Sprintf("node %s's %s is %s%s", node, attr, hedge, value)
	}
	return fmt.Sprintf("node %s %s%s %s", node, hedge, attr, value)
}

// unknownLabel names what is not known: "node 3's class" or "what node 3
// likes".
func unknownLabel(node, attr string) string {
	if labelNouns[strings.ToLower(attr)] || strings.ContainsAny(attr, " _") {
		return fmt.Sprintf("node %s's %s", node, attr)
	}
	return fmt.Sprintf("what node %s %s", node, attr)
}

// nodeLabelText states one node's prediction.
func nodeLabelText(pr NodeLabelPrediction, attr string) string {
	switch {
	case pr.Method == labelGiven:
		return capitalize(stateLabel(pr.Node, attr, pr.Label, false)) + " (given)."
	case pr.Method == "":
		return fmt.Sprintf("No labelled node is connected to node %s, so %s cannot be predicted.", pr.Node, unknownLabel(pr.Node, attr))
	case len(pr.Tied) > 0 && pr.Method == labelMajority:
		return fmt.Sprintf("Node %s's labelled neighbours are tied between %s (%s), so %s cannot be decided.",
			pr.Node, strings.Join(pr.Tied, " and "), votesText(pr.Votes), unknownLabel(pr.Node, attr))
	case len(pr.Tied) > 0:
		return fmt.Sprintf("Node %s has no labelled neighbour, and label propagation leaves it tied between %s (%s at round %d), so %s cannot be decided.",
			pr.Node, strings.Join(pr.Tied, " and "), votesText(pr.Votes), pr.Round, unknownLabel(pr.Node, attr))
	case pr.Method == labelMajority:
		return fmt.Sprintf("%s: the majority label of its labelled neighbours (%s).", capitalize(stateLabel(pr.Node, attr, pr.Label, true)), votesText(pr.Votes))
	}
	return fmt.Sprintf("%s: it has no labelled neighbour, and label propagation from the labelled nodes gives it %s at round %d (neighbours %s).",
		capitalize(stateLabel(pr.Node, attr, pr.Label, true)), pr.Label, pr.Round, votesText(pr.Votes))
}

// nodeLabelsText summarises the predictions for all unlabelled nodes.
func nodeLabelsText(out NodeLabels) string {
	if len(out.Predictions) == 0 {
		return fmt.Sprintf("Every node already has a %s.", out.Attribute)
	}
	var parts []string
	var tied, none int
	for _, pr := range out.Predictions {
		switch {
		case pr.Label != "":
			if len(parts) < 30 {
				parts = append(parts, pr.Node+": "+pr.Label)
			}
		case len(pr.Tied) > 0:
			tied++
			if len(parts) < 30 {
				parts = append(parts, pr.Node+": tie "+strings.Join(pr.Tied, "/"))
			}
		default:
			none++
		}
	}
	text := fmt.Sprintf("Predicted %s of the %d unlabelled nodes from %d labelled ones: %s", out.Attribute, len(out.Predictions), out.Labelled, strings.Join(parts, ", "))
	if shown := len(parts); shown < len(out.Predictions)-none {
		text += fmt.Sprintf(", … (%d more)", len(out.Predictions)-none-shown)
	}
	text += "."
	if tied > 0 {
		text += fmt.Sprintf(" %d tied (not decided).", tied)
	}
	if none > 0 {
		text += fmt.Sprintf(" %d unreachable from any labelled node (no prediction).", none)
	}
	return text
}
