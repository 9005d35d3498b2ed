package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/learned"
)

// TestCombinedTopicMeasured asks "What is paper X of DATASET about?" for
// every paper of the trained model's test split (cora, or
// $GRAPHAGENT_COMBINED_DATASET) with the full model saved in
// $GRAPHAGENT_LEARNED_HOME and the analogical reasoner beside it, and
// reports how often the two agree and how accurate the combined answer is
// when it answers. Skipped without the home (the full models take minutes
// to train).
func TestCombinedTopicMeasured(t *testing.T) {
	home := os.Getenv("GRAPHAGENT_LEARNED_HOME")
	if home == "" {
		t.Skip("set GRAPHAGENT_LEARNED_HOME to a home with graph_bert-cora trained")
	}
	ds := os.Getenv("GRAPHAGENT_COMBINED_DATASET")
	if ds == "" {
		ds = "cora"
	}
	ctx := context.Background()
	sb, err := graph.NewSandbox(dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	reg, err := learned.NewRegistry(learned.NewStore(learned.StoreConfig{Home: home}))
	if err != nil {
		t.Fatal(err)
	}
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(ctx, Config{Memory: store, Labelled: analog.NewService(sb.Open, analog.ServiceOptions{}), Learned: learnedDouble{reg, true}})
	if err != nil {
		t.Fatal(err)
	}
	folder := map[string]string{"cora": "cora", "citeseer": "citeseer_text"}[ds]
	p, err := dataset.Path(folder, "nodes.tsv")
	if err != nil {
		t.Fatal(err)
	}
	b, err := dataset.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	topic, _ := reg.Get("graph_bert:topic")
	var n, known, agree, agreeRight, disagree, modelRight, analogyRight, modelRightOnDis, analogyRightOnDis int
	for _, line := range strings.Split(string(b), "\n")[1:] {
		id, _, _ := strings.Cut(line, "\t")
		if id == "" {
			continue
		}
		args, _ := json.Marshal(map[string]string{"dataset": ds, "node": id})
		res, err := topic.Run(ctx, nil, args)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value.(learned.Topic).Split != "test" {
			continue
		}
		ans, err := a.Ask(ctx, fmt.Sprintf("What is paper %s of %s about?", id, ds))
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Fatalf("%s: %v", id, err)
		}
		c, ok := ans.Value.(CombinedTopic)
		if !ok {
			t.Fatalf("%s: %T %s", id, ans.Value, ans.Answer)
		}
		if c.Analogy.Known {
			known++
			continue
		}
		n++
		truth := c.Model.LabelledTopic
		mOK, aOK := sameLabel(c.Model.Topic, truth), sameLabel(c.Analogy.Label, truth)
		modelRight += b2i(mOK)
		analogyRight += b2i(aOK)
		if c.Unsure {
			disagree++
			modelRightOnDis += b2i(mOK)
			analogyRightOnDis += b2i(aOK)
		} else {
			agree++
			agreeRight += b2i(sameLabel(c.Topic, truth))
		}
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	t.Logf("%s, the model's test papers not solved examples in memory: %d (%d more are in memory)", ds, n, known)
	t.Logf("model alone %.1f%%, analogy alone %.1f%%", pct(modelRight, n), pct(analogyRight, n))
	t.Logf("answered (agree or analogy undecided): %d (%.1f%%), correct %d = %.1f%% of them", agree, pct(agree, n), agreeRight, pct(agreeRight, agree))
	t.Logf("not sure (disagree): %d (%.1f%%); on those the model was right %d, the analogy %d", disagree, pct(disagree, n), modelRightOnDis, analogyRightOnDis)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
