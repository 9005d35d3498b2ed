package statement

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/learned"
)

// learnedSets are the prompt sets whose statements call learned tools.
var learnedSets = []string{"bibliographic_networks", "molecular_graphs", "recommender_systems", "social_networks", "knowledge_graphs"}

// recordedMolecule maps the results the data records for
// seg_bert:molecule_function to the classes of the TU files. PROTEINS'
// records are the TU label minus one: on all 1,600 lines the record of
// instance#k equals the label of graph k+1 so read. MUTAG's records are 0
// and 2 (2 twice as often, as the mutagenic class 1 is in the files), read
// here as 2 = class 1 (mutagenic) and 0 = class -1; so read they equal the
// TU label of graph k+1 on only 685 of 1,116 lines, so upstream's MUTAG is
// numbered or labelled differently and agreement there says little.
var recordedMolecule = map[string]map[string]string{
	"proteins": {"0": "1", "1": "2"},
	"mutag":    {"2": "1", "0": "-1"},
}

// learnedRow is one prompt set's execution measured.
type learnedRow struct {
	set                          string
	lines, executed, agree       int
	predLabel, recLabel, labeled int            // answer = dataset label, record = dataset label, lines with a label
	failed                       map[string]int // why the rest did not run
}

// failureKind names why a learned statement did not run.
func failureKind(err error) string {
	switch {
	case errors.Is(err, ErrNotShipped):
		return "dataset not shipped"
	case errors.Is(err, ErrToolNotAvailable):
		return "tool not available"
	case errors.Is(err, learned.ErrUnknownItem):
		return "not in the dataset"
	case errors.Is(err, learned.ErrNotTrained):
		return "model not trained"
	}
	return "other: " + err.Error()
}

// measureLearned runs the statements of the learned prompt sets (every
// one, or every kgEvery-th of the knowledge graphs' — each of those scores
// every entity) and compares each result with the recorded one (the data's
// results come from upstream's own models, so agreement is informative,
// not a target).
func measureLearned(t *testing.T, e *Executor, kgEvery int) []learnedRow {
	t.Helper()
	ctx := context.Background()
	var rows []learnedRow
	for _, s := range loadPromptSets(t) {
		top, _, _ := strings.Cut(s.Name, "/")
		if !contains(learnedSets, top) {
			continue
		}
		row := learnedRow{set: s.Name, failed: map[string]int{}}
		for i, ex := range s.Examples {
			if top == "knowledge_graphs" && i%kgEvery != 0 {
				continue
			}
			row.lines++
			st, err := Parse(ex.Output)
			if err != nil {
				t.Fatalf("%s line %d: %v", s.Name, i+1, err)
			}
			out, err := e.Execute(ctx, st)
			if err != nil {
				row.failed[failureKind(err)]++
				continue
			}
			row.executed++
			recorded := strings.TrimSpace(ex.Result)
			switch v := out.Calls[len(out.Calls)-1].Result.(type) {
			case learned.Topic:
				row.labeled++
				same := func(a, b string) bool {
					return strings.EqualFold(strings.ReplaceAll(a, "_", " "), strings.ReplaceAll(b, "_", " "))
				}
				row.agree += b2i(same(v.Topic, recorded))
				row.predLabel += b2i(v.Topic == v.LabelledTopic)
				row.recLabel += b2i(same(v.LabelledTopic, recorded))
			case learned.MoleculeFunction:
				row.labeled++
				rec, known := recordedMolecule[v.Dataset][recorded]
				agree, predOK := known && rec == v.Class, v.Function == v.LabelledFunction
				row.agree += b2i(agree)
				row.predLabel += b2i(predOK)
				row.recLabel += b2i(known && agree == predOK) // two classes: the record is the label iff it agrees with the prediction exactly when the prediction is right
			case learned.KGAnswer:
				// The data names WordNet entities by synset and Freebase
				// ones by MID; the tools answer with the datasets' IDs.
				got := ""
				if len(v.Candidates) > 0 {
					got = v.Candidates[0].ID
					if out.Calls[len(out.Calls)-1].Tool != "transe:relation" {
						got = kgAltNames(t)[v.Dataset][got]
					}
				}
				row.agree += b2i(got == recorded)
			default:
				row.agree += b2i(out.Text == recorded)
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// kgAltNames maps, per knowledge graph, entity IDs to the names the data
// uses: WN18RR's synset names, FB15k-237's MIDs.
var kgAltNamesOnce = sync.OnceValue(func() map[string]map[string]string {
	out := map[string]map[string]string{}
	for ds, col := range map[string]int{"wn18rr": 2, "fb15k237": 1} {
		out[ds] = map[string]string{}
		p, err := dataset.Path(ds, "entities.tsv")
		if err != nil {
			continue
		}
		b, err := dataset.ReadFile(p)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			f := strings.Split(line, "\t")
			if len(f) > col {
				out[ds][f[0]] = f[col]
			}
		}
	}
	return out
})

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// learnedTable writes the rows as a Markdown table.
func learnedTable(rows []learnedRow) string {
	var sb strings.Builder
	sb.WriteString("| set | lines | executed | result = recorded | answer = dataset label | recorded = dataset label | not run (why) |\n")
	sb.WriteString("|---|---:|---:|---:|---:|---:|---|\n")
	pct := func(n, d int) string {
		if d == 0 {
			return "—"
		}
		return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(d))
	}
	var tl, te, ta int
	for _, r := range rows {
		var why []string
		for k, n := range r.failed {
			why = append(why, fmt.Sprintf("%s %d", k, n))
		}
		sort.Strings(why)
		fmt.Fprintf(&sb, "| %s | %d | %d | %s | %s | %s | %s |\n", r.set, r.lines, r.executed, pct(r.agree, r.executed),
			pct(r.predLabel, r.labeled), pct(r.recLabel, r.labeled), strings.Join(why, "; "))
		tl, te, ta = tl+r.lines, te+r.executed, ta+r.agree
	}
	fmt.Fprintf(&sb, "| **all** | **%d** | **%d** | **%s** | | | |\n", tl, te, pct(ta, te))
	return sb.String()
}

// TestLearnedPromptsExecute runs every statement of the learned prompt
// sets with the small models: each statement on a shipped dataset runs
// (CiteSeer aside: the data numbers its papers 0–3311 as Graph-BERT's
// copy does, while the shipped CiteSeer names them by LINQS ID, so those
// are "not in the dataset" unless a number happens to be an ID), and every
// other fails for a stated reason — a dataset not shipped or a tool not
// available — never with a made-up result.
func TestLearnedPromptsExecute(t *testing.T) {
	e := NewExecutor(Config{Hubs: DefaultHubs(), Learned: smallLearned(t)})
	rows := measureLearned(t, e, 20)
	t.Logf("small models (every 20th knowledge-graph line):\n%s", learnedTable(rows))
	if len(rows) != 14 {
		t.Errorf("%d learned prompt sets, want 14", len(rows))
	}
	for _, r := range rows {
		for why, n := range r.failed {
			if strings.HasPrefix(why, "other") || why == "model not trained" {
				t.Errorf("%s: %d statements failed: %s", r.set, n, why)
			}
		}
		switch r.set {
		case "bibliographic_networks/cora", "molecular_graphs/mutag", "molecular_graphs/proteins":
			if r.executed != r.lines {
				t.Errorf("%s: %d of %d statements ran, want all: %v", r.set, r.executed, r.lines, r.failed)
			}
		case "knowledge_graphs/wordnet", "knowledge_graphs/freebase":
			// Entities and relations of WN18 and FB15k that the shipped
			// WN18RR and FB15k-237 left out are not in the dataset; most
			// lines run.
			if r.failed["not in the dataset"]+r.executed != r.lines || r.executed < r.lines/2 {
				t.Errorf("%s: %d of %d ran: %v", r.set, r.executed, r.lines, r.failed)
			}
		case "bibliographic_networks/citeseer":
			if r.failed["not in the dataset"]+r.executed != r.lines {
				t.Errorf("%s: %v", r.set, r.failed)
			}
		}
	}
}

// TestLearnedAgreement measures the learned statements with the full
// models saved in $GRAPHAGENT_LEARNED_HOME (a graphagent home where
// `graphagent train all` ran) and writes the table to
// $GRAPHAGENT_LEARNED_REPORT when set. It is skipped without the home:
// training the full models takes minutes.
func TestLearnedAgreement(t *testing.T) {
	home := os.Getenv("GRAPHAGENT_LEARNED_HOME")
	if home == "" {
		t.Skip("set GRAPHAGENT_LEARNED_HOME to a home with the full models (graphagent --home DIR train all)")
	}
	store := learned.NewStore(learned.StoreConfig{Home: home})
	reg, err := learned.NewRegistry(store)
	if err != nil {
		t.Fatal(err)
	}
	rows := measureLearned(t, NewExecutor(Config{Hubs: DefaultHubs(), Learned: reg}), 1)
	table := learnedTable(rows)
	t.Logf("full models:\n%s", table)
	if p := os.Getenv("GRAPHAGENT_LEARNED_REPORT"); p != "" {
		if err := os.WriteFile(filepath.Clean(p), []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// kgAltNames returns the entity names the data uses, by knowledge graph.
func kgAltNames(t *testing.T) map[string]map[string]string {
	t.Helper()
	m := kgAltNamesOnce()
	if len(m["wn18rr"]) == 0 || len(m["fb15k237"]) == 0 {
		t.Fatal("the knowledge graphs' entity tables could not be read")
	}
	return m
}
