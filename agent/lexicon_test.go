package agent

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools/graph"
)

// TestLexiconNewVerbAgent: one verb added to the lexicon ("praises" / "is
// praised by") and handed to the agent (Config.Lexicon) is read as edges,
// counted as one direction of a node's edges, and guarded: a graph written
// as arrows does not say which way "praises" points, so a count by it is
// declined. The default agent knows no such verb and does not answer the
// count.
func TestLexiconNewVerbAgent(t *testing.T) {
	data, err := lang.Extend(lang.DefaultData(), `{"oneway": [{"verb": "praise"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	lx, err := lang.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := graph.NewSandbox(dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	a, err := New(ctx, Config{Memory: store, Sandbox: sb, Lexicon: lx})
	if err != nil {
		t.Fatal(err)
	}
	const graphText = "Ann praises Bo. Ann praises Cy. Bo praises Cy. Di is praised by Cy. "
	for _, c := range []struct{ q, want string }{
		{graphText + "How many people does Ann praise?", "Ann has out-degree 2"},
		{graphText + "How many people praise Cy?", "Cy has in-degree 2"},
		{graphText + "How many people does Cy praise?", "Cy has out-degree 1"},
	} {
		ans, err := a.Ask(ctx, c.q)
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		if ans.Tool != "degree" || !strings.Contains(ans.Answer, c.want) {
			t.Errorf("%q: tool %s: %q; want degree saying %q", c.q, ans.Tool, ans.Answer, c.want)
		}
	}
	// The guard: arrows state no "praises".
	q := "A -> B, A -> C, B -> C. How many people does A praise?"
	if ans, err := a.Ask(ctx, q); !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), `"praise"`) {
		t.Errorf("%q: answered %q (%v); want a decline naming the relation \"praise\"", q, ans.Answer, err)
	}
	// The default agent does not read the verb, so it cannot count by it.
	def := newDataAgent(t)
	q = graphText + "How many people does Ann praise?"
	if ans, err := def.Ask(ctx, q); err == nil && strings.Contains(ans.Answer, "out-degree 2") {
		t.Errorf("%q: the default agent answered %q without the verb: the test shows nothing", q, ans.Answer)
	}
}
