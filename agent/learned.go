package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/reasoning/learnedq"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/learned"
)

// LearnedTools are the learned tools the agent asks (tools/learned's,
// over a model store).
type LearnedTools interface {
	// Get returns the learned tool called name.
	Get(name string) (tools.Tool, error)
	// Trained reports whether the model that answers tool on dataset is
	// trained and up to date; running a tool whose model is not trains it
	// first, which takes seconds to minutes.
	Trained(tool, dataset string) bool
}

// TestAccuracy is implemented by a LabelledReasoner that knows its measured
// test accuracy on a dataset (its eval suite's figure), which an answer
// combined with a trained model's states beside the model's.
type TestAccuracy interface {
	TestAccuracy(dataset string) (accuracy float64, ok bool)
}

// CombinedTopic is the answer to a paper's topic when both the trained
// model (graph_bert:topic) and the analogical reasoner answered: each one's
// answer with its measured test accuracy, and whether they agree. Topic is
// empty when they disagree.
type CombinedTopic struct {
	Dataset string `json:"dataset"`
	Paper   string `json:"paper"`
	// Topic is the answer both give (or the paper's known label); empty
	// when they disagree.
	Topic string `json:"topic"`
	Agree bool   `json:"agree"`
	// Confidence is the higher of the two when they agree, the lower when
	// they disagree (and the answer is then unsure).
	Confidence float64 `json:"confidence"`
	Unsure     bool    `json:"unsure"`
	// Model is the trained model's answer (with its test accuracy).
	Model learned.Topic `json:"model"`
	// Analogy is the analogical reasoner's answer; AnalogyAccuracy its
	// measured test accuracy on the dataset (0 when not recorded).
	Analogy         *analog.Answer `json:"analogy"`
	AnalogyAccuracy float64        `json:"analogy_accuracy,omitempty"`
}

// learnedQuestion answers a question for a learned tool (the topic of a
// paper of cora, the function of a molecule of mutag, …; reasoning/learnedq
// reads them; ReadKG knowledge-graph completion, answered by kgCompletion)
// with the agent's learned tools. When the analogical reasoner
// reads the question too (a paper's topic), both answer and the answer
// says both; see combineTopic. handled is false for questions no learned
// tool reads, which go on to the other steps.
func (r *run) learnedQuestion(ctx context.Context, question string) (ans *Answer, err error, handled bool) {
	q, ok := learnedq.Read(question)
	if !ok {
		// Knowledge-graph completion ("in wn18rr, what is a hypernym of
		// dog.n.01?"), read over the shipped graphs when the learned
		// tools give them.
		var kq learnedq.Query
		kq, ans, err, handled = r.readKGQuestion(ctx, question)
		if !handled || ans != nil || err != nil {
			return ans, err, handled
		}
		q = kq
	}
	tool, terr := r.a.learned.Get(q.Tool)
	if terr != nil {
		return nil, nil, false
	}
	if q.KG != nil {
		ans, err = r.kgCompletion(ctx, q, tool)
		return ans, err, true
	}
	// A model not trained yet would be trained now (minutes): when the
	// analogical reasoner answers the question too, it answers alone and
	// the trace says how to bring the model in.
	if r.a.labelled != nil && r.a.labelled.Reads(question) && !r.a.learned.Trained(q.Tool, q.Dataset) {
		r.step("learned", func() (string, string, error) {
			return "learned", fmt.Sprintf("read %s; its model is not trained, so analogy over memory answers alone (run 'graphagent train %s' to add the model's answer)", q.Read, q.Tool), nil
		})
		return nil, nil, false
	}
	args, _ := json.Marshal(q.Args)
	trained := r.a.learned.Trained(q.Tool, q.Dataset)
	var res tools.Result
	var rerr error
	r.step("learned", func() (string, string, error) {
		res, rerr = tool.Run(ctx, nil, args)
		return "learned", fmt.Sprintf("read %s; %s %s", q.Read, q.Tool, args), rerr
	})
	r.ans.Tool, r.ans.Args = q.Tool, args
	if rerr != nil {
		switch {
		case errors.Is(rerr, learned.ErrUnknownItem), errors.Is(rerr, learned.ErrDataset), errors.Is(rerr, tools.ErrBadArgs):
			ans, err = r.fail(fmt.Errorf("%w: %w", ErrBadInput, rerr))
		case errors.Is(rerr, context.DeadlineExceeded) && !trained:
			// The model was being trained on demand when time ran out.
			ans, err = r.fail(fmt.Errorf("training %s can take minutes; run 'graphagent train %s' first (or raise --timeout): %w", modelName(q), modelName(q), rerr))
		case errors.Is(rerr, context.Canceled), errors.Is(rerr, context.DeadlineExceeded):
			ans, err = r.fail(rerr)
		default:
			ans, err = r.fail(fmt.Errorf("%w: %w", ErrNoAnswer, rerr))
		}
		return ans, err, true
	}
	if topic, isTopic := res.Value.(learned.Topic); isTopic && r.a.labelled != nil && r.a.labelled.Reads(question) {
		if ans, err, ok := r.combineTopic(ctx, question, topic); ok {
			return ans, err, true
		}
	}
	r.ans.Value, r.ans.Answer = res.Value, res.Text
	r.step("answer", func() (string, string, error) { return "learned", res.Text, nil })
	return r.finish(), nil, true
}

// combineTopic asks the analogical reasoner the question the trained model
// answered and combines the two answers (the rule is in ARCHITECTURE.md):
// the same topic is one answer naming both, with each one's measured test
// accuracy; different topics are both stated, with those accuracies, and
// the answer is unsure (exit 1) — never one confident answer hiding a
// disagreement. A paper that is a solved example in memory is answered with
// its known label, and the model's prediction is stated beside it. ok is
// false when the reasoner did not answer (the model's answer then stands
// alone; the trace says why).
func (r *run) combineTopic(ctx context.Context, question string, m learned.Topic) (ans *Answer, err error, ok bool) {
	var a *analog.Answer
	var aerr error
	read := true
	r.step("analogy", func() (string, string, error) {
		a, read, aerr = r.a.labelled.Answer(ctx, question)
		switch {
		case !read:
			return "", "not read by the analogical reasoner", nil
		case aerr != nil:
			return "analog", "could not reason; the trained model's answer stands alone", aerr
		}
		return a.Method, fmt.Sprintf("examples and neighbours retrieved from memory; rule: %s", a.Rule), nil
	})
	if !read || aerr != nil || a == nil {
		return nil, nil, false
	}
	c := CombinedTopic{Dataset: m.Dataset, Paper: m.Node, Model: m, Analogy: a}
	if ta, isTA := r.a.labelled.(TestAccuracy); isTA {
		c.AnalogyAccuracy, _ = ta.TestAccuracy(m.Dataset)
	}
	same := a.Label != "" && sameLabel(a.Label, m.Topic)
	modelScore := fmt.Sprintf("probability %.2f; test accuracy %.1f%%", m.Probability, 100*m.ModelAccuracy)
	modelSays := fmt.Sprintf("the trained model %s says %s (%s)", m.Model, m.Topic, modelScore)
	analogyAcc := "its test accuracy is not recorded"
	if c.AnalogyAccuracy > 0 {
		analogyAcc = fmt.Sprintf("test accuracy %.1f%%", 100*c.AnalogyAccuracy)
	}
	paper := fmt.Sprintf("paper %s in %s", m.Node, m.Dataset)
	var text string
	switch {
	case a.Known:
		// The paper's label is in memory: the dataset's own answer.
		c.Topic, c.Agree, c.Confidence = a.Label, same, 1
		if same {
			text = fmt.Sprintf("The topic of %s is %s (a solved example in memory; the trained model %s predicts it too: %s).", paper, a.Label, m.Model, modelScore)
		} else {
			text = fmt.Sprintf("The topic of %s is %s (a solved example in memory: the dataset's label); %s instead.", paper, a.Label, modelSays)
		}
	case same:
		c.Topic, c.Agree, c.Confidence = m.Topic, true, max(m.Probability, a.Confidence)
		analogySays := fmt.Sprintf("analogy over memory (confidence %.2f; %s)", a.Confidence, analogyAcc)
		if a.Unsure {
			analogySays = fmt.Sprintf("analogy over memory leans the same way, below its threshold (confidence %.2f; %s)", a.Confidence, analogyAcc)
		}
		text = fmt.Sprintf("The topic of %s is %s: %s, and %s agrees.", paper, m.Topic, modelSays, analogySays)
	case a.Label == "":
		// The reasoner has no answer: nothing disagrees with the model.
		c.Topic, c.Confidence = m.Topic, m.Probability
		text = fmt.Sprintf("The topic of %s is %s: %s; analogy over memory does not decide (%s).", paper, m.Topic, modelSays, analogyAcc)
	default:
		c.Unsure, c.Confidence = true, min(m.Probability, a.Confidence)
		text = fmt.Sprintf("I am not sure of the topic of %s: %s, while analogy over memory says %s (confidence %.2f; %s).",
			paper, modelSays, a.Label, a.Confidence, analogyAcc)
	}
	r.ans.Value, r.ans.Answer = c, text
	r.step("answer", func() (string, string, error) {
		return "learned+" + a.Method, "the trained model and analogy over memory both answered; " + a.Explanation, nil
	})
	if c.Unsure {
		return r.finish(), fmt.Errorf("%s: %w", text, ErrNoAnswer), true
	}
	return r.finish(), nil, true
}

// sameLabel compares class names as datasets spell them
// ("Genetic_Algorithms", "genetic algorithms").
func sameLabel(a, b string) bool {
	norm := func(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "_", " ") }
	return strings.EqualFold(norm(a), norm(b))
}
