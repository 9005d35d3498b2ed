package eval

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/graphagent/graphagent/agent"
)

// nlgraphRatchet is what the builtin backend must at least achieve on the
// NLGraph training split, per task: issue 9's targets (at least 97% correct
// overall and 95% on every task, at most 1% wrong, not refused, answers)
// tightened to what it reached when the readers landed (99.2% overall, no
// wrong answer). The 38 connectivity refusals ask about a node numbered
// above every node the question names (NLGraph declares no node range
// there), which the agent rightly declines to assume exists.
var nlgraphRatchet = map[string]struct{ minAccuracy, maxWrong float64 }{
	NLConnectivity: {0.975, 0.0},
	NLCycle:        {0.999, 0.0},
	NLFlow:         {0.999, 0.0},
	NLGNN:          {0.999, 0.0},
	NLHamilton:     {0.999, 0.0},
	NLMatching:     {0.999, 0.0},
	NLShortestPath: {0.999, 0.0},
	NLTopology:     {0.999, 0.0},
	"overall":      {0.99, 0.0},
}

// TestNLGraphSplitBuiltin asks the builtin agent every question of the
// NLGraph training split (5,022) in-process, judges each answer for
// validity, logs per task the correct, wrong and refused answers and the
// most common failures, and holds the results to nlgraphRatchet. The agent
// is built as `graphagent eval` builds it (NewAgent: default config plus the
// seed examples in memory, as `ask` has them), so the test measures what
// users get; without the examples some answers differ. It takes a few
// seconds: 2.5 s on the idle 2-core machine, up to 25 s when it is busy.
func TestNLGraphSplitBuiltin(t *testing.T) {
	ctx := context.Background()
	suite := loadNLGraphSuite(t)
	items := suite.Items
	a, err := NewAgent(ctx, suite, agent.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	asker := AgentAsker{Agent: a}
	start := time.Now()
	recs := make([]Record, len(items))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out, err := asker.Ask(ctx, &items[i])
				recs[i] = Score(ctx, &items[i], out, err, nil)
			}
		}()
	}
	for i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
	t.Logf("%d NLGraph items in %v", len(items), time.Since(start).Round(time.Millisecond))

	byTask := map[string][]Record{}
	for _, r := range recs {
		byTask[r.Task] = append(byTask[r.Task], r)
	}
	var report strings.Builder
	fmt.Fprintf(&report, "\n%-14s %6s %8s %6s %8s %8s\n", "task", "items", "correct", "wrong", "refused", "accuracy")
	check := func(task string, m Metrics) {
		fmt.Fprintf(&report, "%-14s %6d %8d %6d %8d %7.1f%%\n", task, m.Items, m.Correct, m.Wrong, m.Refused, 100*m.Accuracy)
		floor := nlgraphRatchet[task]
		if m.Accuracy < floor.minAccuracy {
			t.Errorf("%s: accuracy %.1f%% fell below %.1f%%", task, 100*m.Accuracy, 100*floor.minAccuracy)
		}
		if m.WrongRate > floor.maxWrong {
			t.Errorf("%s: %.1f%% wrong answers, more than %.1f%%", task, 100*m.WrongRate, 100*floor.maxWrong)
		}
	}
	for _, task := range NLGraphTasks() {
		check(task, Aggregate(byTask[task]))
	}
	check("overall", Aggregate(recs))
	t.Log(report.String())
	for _, task := range NLGraphTasks() {
		for _, f := range CommonFailures(byTask[task], 3) {
			t.Logf("%-13s %5d %-7s %s (e.g. %s)", task, f.Count, f.Outcome, f.Reason, f.Example)
		}
	}
}
