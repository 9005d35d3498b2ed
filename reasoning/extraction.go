package reasoning

import (
	"context"

	"github.com/graphagent/graphagent/reasoning/extract"
)

// Extraction is what the deterministic readers found in a question; see
// extract.Extraction.
type Extraction = extract.Extraction

// ExtractOptions bounds extraction; see extract.Options.
type ExtractOptions = extract.Options

// ConfidentExtraction is the confidence at or above which the readers'
// extraction is used without asking the LLM.
const ConfidentExtraction = extract.Confident

// ExtractGraph reads the graph written in a question (extract.Read).
func ExtractGraph(ctx context.Context, question string, opt ExtractOptions) (Extraction, error) {
	return extract.Read(ctx, question, opt)
}

// QuestionWithoutGraph returns the question with the graph text removed,
// for the planner and retrieval (extract.WithoutGraph).
func QuestionWithoutGraph(question string, ex Extraction) string {
	return extract.WithoutGraph(question, ex)
}

// ExtractionGraphText renders the extraction in the planner's exchange form: the
// edges in order with their weights (a capacity when the edge has no
// weight), nodes no edge touches, or the reference as Source.
func ExtractionGraphText(ex Extraction) GraphText {
	gt := GraphText{Directed: ex.Directed, Weighted: ex.Weighted}
	switch {
	case ex.FileRef != "":
		gt.Source = ex.FileRef
	case ex.DatasetRef != "":
		gt.Source = ex.DatasetRef
	}
	g := ex.Graph
	if g == nil {
		return gt
	}
	gt.Edges = make([]EdgeText, 0, g.M())
	touched := make([]bool, g.N())
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		touched[u], touched[v] = true, true
		et := EdgeText{U: g.ID(u), V: g.ID(v)}
		switch {
		case g.Weighted():
			et.Weight, et.HasWeight = g.Weight(e), true
		case g.HasCapacities():
			et.Weight, et.HasWeight = g.Capacity(e), true
		}
		gt.Edges = append(gt.Edges, et)
	}
	for i, t := range touched {
		if !t {
			gt.Nodes = append(gt.Nodes, g.ID(int32(i)))
		}
	}
	return gt
}
