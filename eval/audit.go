package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Gold audit statuses.
const (
	// AuditConfirmed: the catalogue re-derived the published gold.
	AuditConfirmed = "confirmed"
	// AuditCorrected: the published gold is provably wrong; the audit's
	// answer replaces it and its proof (a checked witness: the path, the
	// colouring, the cycle) shows why.
	AuditCorrected = "corrected"
	// AuditDisputed: the catalogue disagrees but has no checkable witness
	// (it finds no Hamiltonian path where the gold says one exists); the
	// published gold is kept.
	AuditDisputed = "disputed"
	// AuditUnverified: no catalogue tool decides the task, or the tool gave
	// up; the published gold is kept.
	AuditUnverified = "unverified"
	// AuditIllPosed: the gold is right for the benchmark's own data, but the
	// question as written cannot be answered: it leaves out data the gold
	// depends on (GraphQA's maximum-flow prompts give no capacities) or
	// names a node its graph does not have (GraphQA's "random" encoder).
	// The published gold is kept; reports count these items apart.
	AuditIllPosed = "ill-posed"
)

// GoldAudit is the outcome of re-deriving an item's gold from its graph.
type GoldAudit struct {
	Status string `json:"status"`
	// Answer is the audited gold, when the audit corrected the published one.
	Answer json.RawMessage `json:"answer,omitempty"`
	// Proof shows why the published gold is wrong (corrected), or says what
	// the catalogue found (disputed) or why nothing was checked
	// (unverified).
	Proof string `json:"proof,omitempty"`
}

// Gold returns the item's gold for scoring: the audited answer when the
// audit corrected the published one, else the published answer.
func (it *Item) Gold() json.RawMessage {
	if it.Audit != nil && it.Audit.Status == AuditCorrected && len(it.Audit.Answer) > 0 {
		return it.Audit.Answer
	}
	return it.Answer
}

// corrected reports whether the audit replaced the item's gold.
func (it *Item) corrected() bool {
	return it.Audit != nil && it.Audit.Status == AuditCorrected && len(it.Audit.Answer) > 0
}

// runTool runs a catalogue tool by name with args on g.
func runTool(ctx context.Context, reg *tools.Registry, name string, g *graph.Graph, args any) (tools.Result, error) {
	t, err := reg.Get(name)
	if err != nil {
		return tools.Result{}, err
	}
	b, err := json.Marshal(args)
	if err != nil {
		return tools.Result{}, err
	}
	return t.Run(ctx, g, b)
}

// walkOK checks that nodes is a walk along g's edges (following directions)
// and, with every, that it visits every node exactly once.
func walkOK(g *graph.Graph, nodes []string, every bool) error {
	seen := map[int32]bool{}
	prev := int32(-1)
	for i, id := range nodes {
		v, ok := g.Index(id)
		if !ok {
			return fmt.Errorf("node %q is not in the graph", id)
		}
		if every && seen[v] {
			return fmt.Errorf("node %s is visited twice", id)
		}
		seen[v] = true
		if i > 0 && !g.HasEdge(prev, v) {
			return fmt.Errorf("%s-%s is not an edge", nodes[i-1], id)
		}
		prev = v
	}
	if every && len(seen) != g.N() {
		return fmt.Errorf("the path visits %d of %d nodes", len(seen), g.N())
	}
	return nil
}

// AuditSummary is the audit's findings for one task.
type AuditSummary struct {
	Task                                                        string
	Items, Confirmed, Corrected, Disputed, Unverified, IllPosed int
	// Examples are the first few corrected items' IDs and proofs (then
	// disputed and unverified ones).
	Examples []string
}

// SummarizeAudit counts the audit statuses per task, in the order tasks
// first appear, with up to k example proofs of each kind.
func SummarizeAudit(items []Item, k int) []AuditSummary {
	idx := map[string]int{}
	var out []AuditSummary
	var disputed, unverified, illPosed = map[string][]string{}, map[string][]string{}, map[string][]string{}
	for i := range items {
		it := &items[i]
		j, ok := idx[it.Task]
		if !ok {
			j = len(out)
			idx[it.Task] = j
			out = append(out, AuditSummary{Task: it.Task})
		}
		s := &out[j]
		s.Items++
		st, proof := AuditUnverified, "not audited"
		if it.Audit != nil {
			st, proof = it.Audit.Status, it.Audit.Proof
		}
		line := fmt.Sprintf("%s (published %s): %s", it.ID, textutil.Truncate(string(it.Answer), 120), proof)
		switch st {
		case AuditConfirmed:
			s.Confirmed++
		case AuditCorrected:
			s.Corrected++
			if len(s.Examples) < k {
				s.Examples = append(s.Examples, "corrected "+line)
			}
		case AuditIllPosed:
			s.IllPosed++
			if len(illPosed[it.Task]) < k {
				illPosed[it.Task] = append(illPosed[it.Task], "ill-posed "+line)
			}
		case AuditDisputed:
			s.Disputed++
			if len(disputed[it.Task]) < k {
				disputed[it.Task] = append(disputed[it.Task], "disputed "+line)
			}
		default:
			s.Unverified++
			if len(unverified[it.Task]) < 1 {
				unverified[it.Task] = append(unverified[it.Task], "unverified "+line)
			}
		}
	}
	for i := range out {
		out[i].Examples = append(append(append(out[i].Examples, disputed[out[i].Task]...), illPosed[out[i].Task]...), unverified[out[i].Task]...)
	}
	return out
}

// AuditMarkdown renders the audit's findings: a table of counts per task
// and the first k proofs of each.
func AuditMarkdown(suite string, items []Item, k int) string {
	var b strings.Builder
	sums := SummarizeAudit(items, k)
	fmt.Fprintf(&b, "## Gold audit of %s (%d items)\n\n", suite, len(items))
	b.WriteString("Each item's gold is re-derived from its graph by the catalogue. *Corrected*: the published gold is provably wrong " +
		"(the proof is a witness the audit checked edge by edge, or the catalogue's exact value); the audited gold replaces it. " +
		"*Disputed*: the catalogue disagrees without a checkable witness; the published gold is kept. *Unverified*: no catalogue tool " +
		"decides the task yet (or it gave up); the published gold is kept.")
	ill := false
	for _, s := range sums {
		ill = ill || s.IllPosed > 0
	}
	if ill {
		b.WriteString(" *Ill-posed*: the gold is right for the benchmark's own data, but the question as written cannot be answered " +
			"(it leaves out data the gold depends on, or names a node its graph lacks); the published gold is kept.")
	}
	b.WriteString("\n\n| Task | Items | Confirmed | Corrected | Disputed | Unverified |")
	if ill {
		b.WriteString(" Ill-posed |")
	}
	b.WriteString("\n|---|---:|---:|---:|---:|---:|")
	if ill {
		b.WriteString("---:|")
	}
	b.WriteString("\n")
	row := func(name string, s AuditSummary) {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |", name, s.Items, s.Confirmed, s.Corrected, s.Disputed, s.Unverified)
		if ill {
			fmt.Fprintf(&b, " %d |", s.IllPosed)
		}
		b.WriteString("\n")
	}
	var tot AuditSummary
	for _, s := range sums {
		row(s.Task, s)
		tot.Items += s.Items
		tot.Confirmed += s.Confirmed
		tot.Corrected += s.Corrected
		tot.Disputed += s.Disputed
		tot.Unverified += s.Unverified
		tot.IllPosed += s.IllPosed
	}
	row("**all**", tot)
	first := true
	for _, s := range sums {
		if len(s.Examples) == 0 {
			continue
		}
		if first {
			b.WriteString("\n### First findings per task\n\n")
			first = false
		}
		for _, e := range s.Examples {
			fmt.Fprintf(&b, "- %s\n", mdCell(textutil.Truncate(e, 600)))
		}
	}
	return b.String()
}

// sortedIDs returns the node IDs of a list value, sorted numerically where
// they are numbers.
func sortedIDs(ids []string) []string {
	out := append([]string(nil), ids...)
	sort.Slice(out, func(i, j int) bool { return idLess(out[i], out[j]) })
	return out
}

// AuditItems sets each item's Audit by re-deriving its gold from its graph
// with the catalogue (GraphWiz items; others are left alone), on
// GOMAXPROCS workers.
func AuditItems(ctx context.Context, items []Item) error {
	return auditEach(ctx, items, func(reg *tools.Registry, it *Item) *GoldAudit {
		if it.Type() != GraphWizAnswer {
			return nil
		}
		a := auditGraphWiz(ctx, reg, it)
		return &a
	})
}

// auditEach sets each item's Audit to what audit returns for it (nil
// leaves it alone), on GOMAXPROCS workers sharing the catalogue; it stops
// handing out items when ctx ends.
func auditEach(ctx context.Context, items []Item, audit func(reg *tools.Registry, it *Item) *GoldAudit) error {
	reg := tools.Catalogue()
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if a := audit(reg, &items[i]); a != nil {
					items[i].Audit = a
				}
			}
		}()
	}
	defer wg.Wait()
	defer close(next)
	for i := range items {
		select {
		case next <- i:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// auditCorrected is the audit of a published gold the catalogue proves
// wrong: v is the audited gold, the proof says why.
func auditCorrected(v any, proof string, args ...any) GoldAudit {
	b, _ := json.Marshal(v)
	return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf(proof, args...)}
}

// auditGaveUp is the audit of a gold the catalogue could not decide.
func auditGaveUp(err error) GoldAudit {
	return GoldAudit{Status: AuditUnverified, Proof: "the catalogue gave up: " + err.Error()}
}
