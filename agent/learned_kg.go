package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/reasoning/explore"
	"github.com/graphagent/graphagent/reasoning/learnedq"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/learned"
)

// KGCompletion is the answer to a knowledge-graph completion question
// (learnedq.ReadKG): the stored facts that answer it exactly, and the
// trained model's ranked candidates, each marked whether it is a stored
// fact. Known facts are a lookup; the rest of the candidates are
// predictions, stated with the model's measured test scores.
type KGCompletion struct {
	Dataset string `json:"dataset"`
	// Query is the triple asked, "(true cat (cat.n.01), ?, feline
	// (feline.n.01))".
	Query string `json:"query"`
	// Known are the stored triples that answer the question (train, valid
	// and test splits alike: all are facts of the dataset).
	Known []explore.Fact `json:"known"`
	// Predicted are the model's best candidates; nil when the model did not
	// run (the facts answered and the model is not trained).
	Predicted []KGPrediction `json:"predicted,omitempty"`
	// Model is the model that predicted, with its measured test scores;
	// nil when it did not run.
	Model *learned.KGAnswer `json:"model,omitempty"`
}

// KGPrediction is one of the model's candidates.
type KGPrediction struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Probability float64 `json:"probability"`
	// Known is true when the completed triple is a stored fact.
	Known bool `json:"known"`
}

// learnedExplorers returns the agent's learned tools as a source of the
// shipped knowledge graphs' explorers, when they are one.
func (r *run) learnedExplorers() (learnedq.Explorers, bool) {
	x, ok := r.a.learned.(learnedq.Explorers)
	return x, ok
}

// readKGQuestion reads a knowledge-graph completion question; handled is
// false when it is not one. A question read but refused (an ambiguous name
// lists its entities: could not answer; an unknown entity or relation, or
// a knowledge graph not shipped: bad input) ends here.
func (r *run) readKGQuestion(ctx context.Context, question string) (q learnedq.Query, ans *Answer, err error, handled bool) {
	src, ok := r.learnedExplorers()
	if !ok {
		return q, nil, nil, false
	}
	q, ok, rerr := learnedq.ReadKG(ctx, question, src)
	if !ok {
		return q, nil, nil, false
	}
	if rerr == nil {
		return q, nil, nil, true
	}
	r.step("learned", func() (string, string, error) {
		return "learned", "read a knowledge-graph completion question; refused", rerr
	})
	switch {
	case errors.Is(rerr, learnedq.ErrUnknown), errors.Is(rerr, learnedq.ErrNotShipped):
		ans, err = r.fail(fmt.Errorf("%w: %w", ErrBadInput, rerr))
	case errors.Is(rerr, context.Canceled), errors.Is(rerr, context.DeadlineExceeded):
		ans, err = r.fail(rerr)
	default: // ambiguous, or the knowledge graph could not be loaded
		ans, err = r.fail(fmt.Errorf("%w: %w", ErrNoAnswer, rerr))
	}
	return q, ans, err, true
}

// kgCompletion answers a knowledge-graph completion question: the stored
// facts first (exact), then the trained model for missing links. When
// facts answer and the model is not trained, they answer alone (training
// takes minutes; the trace says how to add the model's predictions); with
// no fact the model is run, trained on demand, and its answer is labelled
// a prediction with its measured test scores.
func (r *run) kgCompletion(ctx context.Context, q learnedq.Query, tool tools.Tool) (*Answer, error) {
	var facts []explore.Fact
	var ferr error
	r.step("facts", func() (string, string, error) {
		facts, ferr = q.KG.Explorer.Facts(ctx, q.KG.Pattern)
		return "kg", fmt.Sprintf("read %s; %d stored fact(s) of %s answer it", q.Read, len(facts), q.Dataset), ferr
	})
	if ferr != nil {
		return r.fail(fmt.Errorf("%w: %w", ErrNoAnswer, ferr))
	}
	c := KGCompletion{Dataset: q.Dataset, Query: q.KG.Triple, Known: facts}
	if c.Known == nil {
		c.Known = []explore.Fact{}
	}
	args, _ := json.Marshal(q.Args)
	r.ans.Tool, r.ans.Args = q.Tool, args
	trained := r.a.learned.Trained(q.Tool, q.Dataset)
	if len(facts) > 0 && !trained {
		r.step("learned", func() (string, string, error) {
			return "learned", fmt.Sprintf("the stored facts answer; the model of %s is not trained, so it does not add predictions (run 'graphagent train %s')", q.Tool, modelName(q)), nil
		})
	} else {
		var res tools.Result
		var rerr error
		r.step("learned", func() (string, string, error) {
			res, rerr = tool.Run(ctx, nil, args)
			return "learned", fmt.Sprintf("%s %s", q.Tool, args), rerr
		})
		if rerr != nil {
			switch {
			case errors.Is(rerr, learned.ErrUnknownItem), errors.Is(rerr, learned.ErrDataset), errors.Is(rerr, tools.ErrBadArgs):
				return r.fail(fmt.Errorf("%w: %w", ErrBadInput, rerr))
			case errors.Is(rerr, context.DeadlineExceeded) && !trained:
				return r.fail(fmt.Errorf("training %s takes minutes; run 'graphagent train %s' first (or raise --timeout): %w", modelName(q), modelName(q), rerr))
			case errors.Is(rerr, context.Canceled), errors.Is(rerr, context.DeadlineExceeded):
				return r.fail(rerr)
			}
			if len(facts) == 0 {
				return r.fail(fmt.Errorf("%w: %w", ErrNoAnswer, rerr))
			}
			// The facts still answer.
		} else if m, ok := res.Value.(learned.KGAnswer); ok {
			c.Model = &m
			for _, cand := range m.Candidates {
				c.Predicted = append(c.Predicted, KGPrediction{ID: cand.ID, Name: cand.Name, Probability: cand.Probability,
					Known: knownAnswer(q, facts, cand)})
			}
		}
	}
	r.ans.Value, r.ans.Answer = c, kgCompletionText(q, c)
	r.step("answer", func() (string, string, error) {
		if len(facts) > 0 {
			return "kg", "stored facts (exact lookup); model candidates marked fact or prediction", nil
		}
		return "learned", "no stored fact answers: the model's prediction", nil
	})
	return r.finish(), nil
}

// modelName is the name of the model answering q ("transe-wn18rr"), for
// 'graphagent train'; the tool's name when none is defined.
func modelName(q learnedq.Query) string {
	for _, d := range learned.Defs() {
		if d.Dataset == q.Dataset && slices.Contains(d.Tools, q.Tool) {
			return d.Name
		}
	}
	return q.Tool
}

// knownAnswer reports whether the candidate completes a stored fact: an
// entity at the asked side of one, or a relation of one (by its text, as
// the model names relations).
func knownAnswer(q learnedq.Query, facts []explore.Fact, c learned.KGCandidate) bool {
	g := q.KG.Explorer.KG()
	for _, f := range facts {
		switch q.Tool {
		case learnedq.ToolTailEntity:
			if f.TailID == c.ID {
				return true
			}
		case learnedq.ToolHeadEntity:
			if f.HeadID == c.ID {
				return true
			}
		default:
			if f.HeadID != q.Args["head"] {
				continue // a fact the other way round is another triple
			}
			if rel, ok := g.RelationByID(f.Rel); ok && strings.EqualFold(g.Relation(rel).Text, c.Name) {
				return true
			}
		}
	}
	return false
}

// kgCompletionText says the answer: the facts as facts, the model's
// candidates as predictions with its measured test scores.
func kgCompletionText(q learnedq.Query, c KGCompletion) string {
	var b strings.Builder
	if len(c.Known) > 0 {
		fmt.Fprintf(&b, "In %s, %d stored fact(s) answer %s (exact lookup): ", c.Dataset, len(c.Known), c.Query)
		const most = 10
		var parts []string
		for i, f := range c.Known {
			if i == most {
				parts = append(parts, fmt.Sprintf("and %d more", len(c.Known)-most))
				break
			}
			switch q.Tool {
			case learnedq.ToolTailEntity:
				parts = append(parts, f.Tail)
			case learnedq.ToolHeadEntity:
				parts = append(parts, f.Head)
			default:
				parts = append(parts, fmt.Sprintf("(%s, %s, %s)", f.Head, f.Rel, f.Tail))
			}
		}
		b.WriteString(strings.Join(parts, "; ") + ".")
	} else {
		fmt.Fprintf(&b, "No stored fact of %s answers %s.", c.Dataset, c.Query)
	}
	if c.Model == nil {
		return b.String()
	}
	scores := fmt.Sprintf("filtered test MRR %.3f, Hits@1 %.3f, Hits@10 %.3f", c.Model.MRR, c.Model.Hits1, c.Model.Hits10)
	if q.Tool == learnedq.ToolRelation {
		scores = fmt.Sprintf("relation test Hits@1 %.3f, MRR %.3f", c.Model.RelationHits1, c.Model.RelationMRR)
	}
	var cands []string
	for _, p := range c.Predicted {
		mark := ""
		if len(c.Known) > 0 {
			mark = ", a prediction"
			if p.Known {
				mark = ", a stored fact"
			}
		}
		cands = append(cands, fmt.Sprintf("%s (%s, p=%.2f%s)", p.Name, p.ID, p.Probability, mark))
	}
	if len(c.Known) > 0 {
		fmt.Fprintf(&b, " The model %s (%s) ranks: %s.", c.Model.Model, scores, strings.Join(cands, "; "))
	} else {
		fmt.Fprintf(&b, " Predicted by the model %s (predictions, not facts; %s): %s.", c.Model.Model, scores, strings.Join(cands, "; "))
	}
	return b.String()
}
