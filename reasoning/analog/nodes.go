package analog

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/memory"
)

// Attributes of imported samples.
const (
	// AttrSplit records the item's split ("train"; never "test").
	AttrSplit = "split"
	// AttrNeighbours lists a node's neighbours with their known labels
	// ("id=label" for training neighbours, "id" for the others), spaces
	// between.
	AttrNeighbours = "neighbours"
	// AttrSource records where an example came from (SourceImport, or
	// memory.SourceAgent for a learned answer).
	AttrSource = "source"
	// AttrTime records when a learned example was written (RFC 3339).
	AttrTime = "time"
)

// SourceImport marks samples written by the importer.
const SourceImport = "import"

// ImportNodes writes the training nodes of d into store as samples of the
// dataset d.Name: each with its text, its neighbours (with labels only for
// training neighbours) and its label. Nodes of other splits are never
// written. It returns how many samples it wrote.
func ImportNodes(ctx context.Context, store *memory.Store, d *NodeData, split []Split) (int, error) {
	if len(split) != len(d.IDs) {
		return 0, fmt.Errorf("analog: split of %d items for %d nodes", len(split), len(d.IDs))
	}
	var out []memory.Sample
	var nb strings.Builder
	for i, id := range d.IDs {
		if split[i] != Train {
			continue
		}
		nb.Reset()
		for k, j := range d.Adj[i] {
			if k > 0 {
				nb.WriteByte(' ')
			}
			nb.WriteString(d.IDs[j])
			if split[j] == Train {
				nb.WriteByte('=')
				nb.WriteString(d.Labels[j])
			}
		}
		out = append(out, memory.Sample{
			Dataset: d.Name, Kind: memory.KindNode, ID: id, Text: d.Texts[i], Label: d.Labels[i],
			Attrs: map[string]string{AttrSplit: Train.String(), AttrNeighbours: nb.String(), AttrSource: SourceImport},
		})
	}
	if err := store.AddSamples(ctx, out); err != nil {
		return 0, fmt.Errorf("analog: import %s: %w", d.Name, err)
	}
	return len(out), nil
}

// NodeConfig weighs the builtin node vote. Zero fields take the defaults
// (DefaultNodeConfig), tuned on CiteSeer's validation split.
type NodeConfig struct {
	// K is the number of similar examples retrieved from memory.
	K int
	// Power sharpens example similarities (weight = similarity^Power).
	Power float64
	// Text, Neighbour, NeighbourText and TwoHop weigh the four votes: the
	// similar examples, the labelled neighbours, the examples retrieved by
	// unlabelled neighbours' texts, and labelled nodes two links away.
	Text, Neighbour, NeighbourText, TwoHop float64
	// Threshold is the confidence below which the answer is unsure.
	Threshold float64
}

// DefaultNodeConfig is the builtin node vote's configuration.
var DefaultNodeConfig = NodeConfig{K: 25, Power: 3, Text: 1.5, Neighbour: 1, NeighbourText: 1, TwoHop: 0.5, Threshold: 0.4}

func (c NodeConfig) withDefaults() NodeConfig {
	d := DefaultNodeConfig
	if c.K > 0 {
		d.K = c.K
	}
	if c.Power > 0 {
		d.Power = c.Power
	}
	if c.Text > 0 || c.Neighbour > 0 || c.NeighbourText > 0 || c.TwoHop > 0 {
		d.Text, d.Neighbour, d.NeighbourText, d.TwoHop = c.Text, c.Neighbour, c.NeighbourText, c.TwoHop
	}
	if c.Threshold > 0 {
		d.Threshold = c.Threshold
	}
	return d
}

// NodeClassifier is the builtin node reasoner over one dataset. It holds the
// graph and the texts but no labels: every label it uses is read from
// memory. It is safe for concurrent use.
type NodeClassifier struct {
	store   *memory.Store
	name    string
	ids     []string
	index   map[string]int32
	texts   []string
	adj     [][]int32
	classes []string
	mu      sync.RWMutex     // guards known (Learn adds to it)
	known   map[int32]string // labels of the nodes memory holds
	cfg     NodeConfig
}

// NewNodeClassifier returns the builtin reasoner for d over store. The
// labels in d are not kept; the known labels are the samples of d.Name in
// store.
func NewNodeClassifier(store *memory.Store, d *NodeData, cfg NodeConfig) *NodeClassifier {
	c := &NodeClassifier{
		store: store, name: d.Name, ids: d.IDs, index: d.Index, texts: d.Texts, adj: d.Adj,
		classes: d.Classes, known: map[int32]string{}, cfg: cfg.withDefaults(),
	}
	for _, sm := range store.Samples(d.Name) {
		if i, ok := d.Index[sm.ID]; ok && sm.Kind == memory.KindNode && sm.Label != "" {
			c.known[i] = sm.Label
		}
	}
	return c
}

// Classes returns the dataset's classes.
func (c *NodeClassifier) Classes() []string { return c.classes }

// Dataset returns the dataset's name.
func (c *NodeClassifier) Dataset() string { return c.name }

// Has reports whether id is a node of the dataset.
func (c *NodeClassifier) Has(id string) bool { _, ok := c.index[id]; return ok }

// Learn records a label for a node (a verified answer written to memory).
func (c *NodeClassifier) Learn(id, label string) {
	if i, ok := c.index[id]; ok {
		c.mu.Lock()
		c.known[i] = label
		c.mu.Unlock()
	}
}

// knownLabel returns node i's label when memory holds it.
func (c *NodeClassifier) knownLabel(i int32) (string, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	l, ok := c.known[i]
	return l, ok
}

// textVote retrieves the K examples most similar to node i's text (i itself
// excluded) and returns their similarity-weighted vote, normalised, with
// the examples.
func (c *NodeClassifier) textVote(ctx context.Context, i int32) (map[string]float64, []memory.SampleHit, error) {
	hits, err := c.store.SearchSamples(ctx, c.name, c.texts[i], memory.SampleQuery{K: c.cfg.K + 1, Kind: memory.KindNode})
	if err != nil {
		return nil, nil, err
	}
	vote := map[string]float64{}
	var kept []memory.SampleHit
	for _, h := range hits {
		if h.ID == c.ids[i] || h.Score <= 0 || h.Label == "" || len(kept) == c.cfg.K {
			continue
		}
		vote[h.Label] += math.Pow(float64(h.Score), c.cfg.Power)
		kept = append(kept, h)
	}
	normalize(vote)
	return vote, kept, nil
}

// Classify answers the class of node id.
func (c *NodeClassifier) Classify(ctx context.Context, id string) (*Answer, error) {
	i, ok := c.index[id]
	if !ok {
		return nil, fmt.Errorf("analog: paper %q in %s: %w", id, c.name, ErrUnknownItem)
	}
	ans := &Answer{Dataset: c.name, Item: id, Key: id, Method: "builtin"}
	if l, ok := c.knownLabel(i); ok {
		ans.Label, ans.Confidence, ans.Known = l, 1, true
		ans.Scores = map[string]float64{l: 1}
		ans.Rule = "the paper is a solved example in memory"
		ans.Explanation = fmt.Sprintf("paper %s is stored in memory with the label %s", id, l)
		return ans, nil
	}
	cfg := c.cfg
	total := map[string]float64{}
	var ev []Evidence
	var weights float64
	add := func(vote map[string]float64, w float64) {
		if len(vote) == 0 || w == 0 {
			return
		}
		weights += w
		for l, v := range vote {
			total[l] += w * v
		}
	}

	text, hits, err := c.textVote(ctx, i)
	if err != nil {
		return nil, fmt.Errorf("analog: %w", err)
	}
	add(text, cfg.Text)
	for _, h := range hits {
		ev = append(ev, Evidence{Kind: "example", ID: h.ID, Label: h.Label, Weight: float64(h.Score), Note: textutil.Truncate(h.Text, 70)})
	}

	nbVote, nbTextVote, twoHop := map[string]float64{}, map[string]float64{}, map[string]float64{}
	for _, j := range c.adj[i] {
		if l, ok := c.knownLabel(j); ok {
			nbVote[l]++
			ev = append(ev, Evidence{Kind: "neighbour", ID: c.ids[j], Label: l, Weight: 1})
		} else if cfg.NeighbourText > 0 {
			v, _, err := c.textVote(ctx, j)
			if err != nil {
				return nil, fmt.Errorf("analog: %w", err)
			}
			lead := ""
			for l, x := range v {
				nbTextVote[l] += x
				if lead == "" || x > v[lead] || (x == v[lead] && l < lead) {
					lead = l
				}
			}
			if lead != "" {
				ev = append(ev, Evidence{Kind: "neighbour-text", ID: c.ids[j], Label: lead, Weight: v[lead]})
			}
		}
		if cfg.TwoHop > 0 {
			w := 1 / float64(len(c.adj[j]))
			for _, k := range c.adj[j] {
				if k == i {
					continue
				}
				if l, ok := c.knownLabel(k); ok {
					twoHop[l] += w
				}
			}
		}
	}
	normalize(nbVote)
	normalize(nbTextVote)
	normalize(twoHop)
	add(nbVote, cfg.Neighbour)
	add(nbTextVote, cfg.NeighbourText)
	if len(twoHop) > 0 {
		for l, v := range twoHop {
			ev = append(ev, Evidence{Kind: "two-hop", ID: "labelled nodes two links away", Label: l, Weight: v})
		}
	}
	add(twoHop, cfg.TwoHop)
	if weights == 0 {
		return nil, fmt.Errorf("analog: paper %s in %s: %w", id, c.name, ErrNoEvidence)
	}
	for l := range total {
		total[l] /= weights
	}
	decide(ans, total, cfg.Threshold)
	sortEvidence(ev)
	ans.Evidence = ev
	ans.Rule = fmt.Sprintf("vote of %d similar example(s) (weight %.1f), %d labelled neighbour(s) (weight %.1f), %d unlabelled neighbour(s) by their own similar examples (weight %.1f) and labelled nodes two links away (weight %.1f); decisive: %s",
		len(hits), cfg.Text, countKind(ev, "neighbour"), cfg.Neighbour, countKind(ev, "neighbour-text"), cfg.NeighbourText, cfg.TwoHop, topEvidence(supporting(ev, ans.Label), 4))
	ans.Explanation = fmt.Sprintf("%s gets %.0f%% of the weighted vote over %s (%s)", ans.Label, 100*ans.Confidence, strings.Join(c.classes, ", "), scoreList(total))
	return ans, nil
}

// decide sets the answer's label, confidence and unsure flag from a
// normalised vote.
func decide(ans *Answer, vote map[string]float64, threshold float64) {
	best := ""
	for l, v := range vote {
		if best == "" || v > vote[best] || (v == vote[best] && l < best) {
			best = l
		}
	}
	ans.Label, ans.Confidence, ans.Scores = best, vote[best], vote
	ans.Unsure = ans.Confidence < threshold
}

func normalize(v map[string]float64) {
	var s float64
	for _, x := range v {
		s += x
	}
	if s <= 0 {
		clear(v)
		return
	}
	for k := range v {
		v[k] /= s
	}
}

func countKind(ev []Evidence, kind string) int {
	n := 0
	for _, e := range ev {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// supporting keeps the evidence for label.
func supporting(ev []Evidence, label string) []Evidence {
	var out []Evidence
	for _, e := range ev {
		if e.Label == label {
			out = append(out, e)
		}
	}
	return out
}

func sortEvidence(ev []Evidence) {
	sort.SliceStable(ev, func(a, b int) bool { return ev[a].Weight > ev[b].Weight })
}

// scoreList prints a vote, largest first.
func scoreList(v map[string]float64) string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if v[a] != v[b] {
			if v[a] > v[b] {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %.2f", k, v[k])
	}
	return strings.Join(parts, ", ")
}
