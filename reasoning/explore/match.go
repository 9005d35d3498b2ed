package explore

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/tools/kg"
)

// Matching thresholds. An entity's match score for a mention is
// (1-λ)·exact + λ·similarity, where exact is 1 when one of its names
// normalises to the mention and similarity, for the closest of its names,
// is the mean of the cosine of the encoder's vectors of mention and name
// and the Dice overlap of their character trigrams. The best score must
// reach minScore; a runner-up of another name within ambiguityMargin makes
// the reading ambiguous, and the explorer declines.
const (
	minScore        = 0.45
	ambiguityMargin = 0.04
	// maxCandidates bounds the names compared by embedding per mention;
	// they are the ones sharing the most character trigrams with it.
	maxCandidates = 300
	// commonGram is the posting-list length above which a trigram is too
	// common to select candidates.
	commonGram = 6000
)

// Candidate is one entity considered for a mention, with its score.
type Candidate struct {
	Entity     int32   `json:"entity"`
	Name       string  `json:"name"`
	Alias      string  `json:"alias"` // the normalised name that matched best
	Exact      bool    `json:"exact"`
	Similarity float64 `json:"similarity"`
	Score      float64 `json:"score"`
}

// Resolution is how a mention was read: the entities it names (several
// when one name has several senses, as WordNet's "dog"), or none with the
// reason.
type Resolution struct {
	Mention  string      `json:"mention"`
	Entities []int32     `json:"entities"`
	Exact    bool        `json:"exact"`
	Score    float64     `json:"score"`
	Best     []Candidate `json:"candidates,omitempty"` // the best few, for messages
	Problem  string      `json:"problem,omitempty"`
	// Close holds, when the name is ambiguous, the entities of each name
	// scoring within the margin of the best; Note says how the explorer
	// chose among them.
	Close [][]int32 `json:"-"`
	Note  string    `json:"note,omitempty"`
}

// matcher resolves entity mentions. The similarity index (character
// trigrams over every name, and the encoder fitted on them) is built on
// first use.
type matcher struct {
	g   *kg.KG
	enc encoders.Encoder // nil: the builtin encoder fitted on the names

	once    sync.Once
	err     error
	fitted  encoders.Encoder
	names   []string  // normalised names
	owners  [][]int32 // entities of each name
	grams   map[uint32][]int32
	gramCnt []uint16 // trigrams per name
}

func (m *matcher) build(ctx context.Context) error {
	m.once.Do(func() {
		m.g.Aliases(func(a string, es []int32) bool {
			m.names = append(m.names, a)
			return true
		})
		slices.Sort(m.names) // deterministic ids
		m.owners = make([][]int32, len(m.names))
		m.grams = make(map[uint32][]int32, len(m.names)*4)
		m.gramCnt = make([]uint16, len(m.names))
		for i, a := range m.names {
			m.owners[i] = m.g.Exact(a)
			seen := map[uint32]bool{}
			for _, gr := range trigrams(a) {
				if !seen[gr] {
					seen[gr] = true
					m.grams[gr] = append(m.grams[gr], int32(i))
				}
			}
			m.gramCnt[i] = uint16(min(len(seen), 65535))
		}
		if m.enc == nil {
			m.fitted = encoders.NewBuiltin(m.names, encoders.WithoutCleaning())
		} else {
			m.fitted = encoders.FitTo(m.enc, m.names)
		}
		m.err = ctx.Err()
	})
	return m.err
}

// trigrams returns hashes of the character trigrams of " s ".
func trigrams(s string) []uint32 {
	b := []byte(" " + s + " ")
	out := make([]uint32, 0, len(b))
	for i := 0; i+3 <= len(b); i++ {
		out = append(out, uint32(b[i])<<16|uint32(b[i+1])<<8|uint32(b[i+2]))
	}
	return out
}

// resolve reads mention with weight lambda: 0 exact names only, 1
// similarity only. typ, when >= 0, keeps only entities of that type.
func (m *matcher) resolve(ctx context.Context, mention string, lambda float64, typ int32) (Resolution, error) {
	norm := kg.Normalize(mention)
	res := Resolution{Mention: mention}
	var cands []Candidate
	exact := m.g.Exact(norm)
	keep := func(e int32) bool { return typ < 0 || m.g.Entity(e).Type == typ }
	if !slices.ContainsFunc(exact, keep) {
		// No entity has the name itself: the KG's alias table (common
		// drug names, gene symbols) comes before similarity.
		if syn := m.synonyms(norm, keep); len(syn) > 0 {
			return m.bySynonym(mention, syn), nil
		}
	}
	if lambda <= 0 {
		for _, e := range exact {
			if keep(e) {
				cands = append(cands, Candidate{Entity: e, Alias: norm, Exact: true, Score: 1})
			}
		}
	} else if c, ok, err := m.exactOnly(ctx, norm, exact, lambda, keep); err != nil {
		return res, err
	} else if ok {
		cands = c
	} else {
		if err := m.build(ctx); err != nil {
			return res, err
		}
		cands, err = m.similar(ctx, norm, lambda, keep)
		if err != nil {
			return res, err
		}
	}
	for i := range cands {
		cands[i].Name = m.g.Label(cands[i].Entity)
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return int(a.Entity - b.Entity)
	})
	res.Best = cands[:min(len(cands), 5)]
	if len(cands) == 0 || cands[0].Score < minScore {
		res.Problem = fmt.Sprintf("no entity is named %q", mention)
		if lambda <= 0 {
			res.Problem += " (λ = 0 matches exact names only)"
		} else if len(cands) > 0 {
			res.Problem += fmt.Sprintf("; the closest, %s, scores %.2f, below %.2f", cands[0].Name, cands[0].Score, minScore)
		}
		return res, nil
	}
	top := cands[0]
	var rival *Candidate
	groups := map[string]int{} // alias -> index in res.Close
	for i, c := range cands {
		if top.Score-c.Score >= ambiguityMargin {
			break
		}
		if c.Alias == top.Alias && top.Score-c.Score < 1e-9 {
			res.Entities = append(res.Entities, c.Entity)
		} else if rival == nil {
			rival = &cands[i]
		}
		// Names within the margin, grouped by name, for the explorer to
		// tell apart by the question's relation.
		g, ok := groups[c.Alias]
		if !ok {
			g = len(res.Close)
			groups[c.Alias] = g
			res.Close = append(res.Close, nil)
		}
		res.Close[g] = append(res.Close[g], c.Entity)
	}
	if rival != nil {
		res.Problem = fmt.Sprintf("%q could be %s (%.2f) or %s (%.2f)", mention, top.Name, top.Score, rival.Name, rival.Score)
		res.Entities = nil
		return res, nil
	}
	res.Close = nil
	slices.Sort(res.Entities)
	res.Exact, res.Score = top.Exact, top.Score
	return res, nil
}

// synonyms returns the alias-table entries naming norm whose entity keep
// accepts.
func (m *matcher) synonyms(norm string, keep func(int32) bool) []kg.Synonym {
	var out []kg.Synonym
	for _, s := range m.g.Synonyms(norm) {
		if keep(s.Entity) {
			out = append(out, s)
		}
	}
	return out
}

// bySynonym reads a mention through the alias table: one entity is read,
// with a note saying so; several (an alias listed as ambiguous) leave the
// mention unresolved, and the explorer asks which one is meant.
func (m *matcher) bySynonym(mention string, syn []kg.Synonym) Resolution {
	res := Resolution{Mention: mention}
	for _, s := range syn {
		res.Best = append(res.Best, Candidate{Entity: s.Entity, Name: m.g.Label(s.Entity), Alias: kg.Normalize(s.Alias.Alias), Similarity: 1, Score: 1})
	}
	if len(syn) == 1 {
		res.Entities, res.Score = []int32{syn[0].Entity}, 1
		res.Note = syn[0].Describe(mention, m.g.Label(syn[0].Entity))
		return res
	}
	names := make([]string, len(syn))
	for i, s := range syn {
		names[i] = m.g.Label(s.Entity)
	}
	res.Problem = fmt.Sprintf("%q is another name of %s in the alias table; which one do you mean? Ask again with its name", mention, strings.Join(names, " or "))
	return res
}

// exactOnly scores the entities named exactly norm, and reports whether
// that settles the reading: when their score reaches λ + ambiguityMargin,
// no other name (whose score is at most λ) can beat them or come close, so
// the similarity index need not be searched.
func (m *matcher) exactOnly(ctx context.Context, norm string, exact []int32, lambda float64, keep func(int32) bool) ([]Candidate, bool, error) {
	if len(exact) == 0 {
		return nil, false, nil
	}
	enc := m.enc
	if enc == nil {
		// The fitted encoder is not needed: a text's cosine with itself
		// is 1, or 0 for a text with no features, whatever the weights.
		enc = encoders.NewBuiltin(nil, encoders.WithoutCleaning())
	}
	vecs, err := enc.Encode(ctx, []string{norm})
	if err != nil {
		return nil, false, fmt.Errorf("encode entity names: %w", err)
	}
	sim := (float64(encoders.Dot(vecs[0], vecs[0])) + 1) / 2 // cosine, and trigram Dice 1
	if sim > 0.75 {
		sim = 1 // a unit vector's square norm, up to rounding
	}
	score := 1 - lambda + lambda*sim
	if score < lambda+ambiguityMargin {
		return nil, false, nil
	}
	var out []Candidate
	for _, e := range exact {
		if keep(e) {
			out = append(out, Candidate{Entity: e, Alias: norm, Exact: true, Similarity: sim, Score: score})
		}
	}
	return out, len(out) > 0, nil
}

// similar scores the names sharing trigrams with norm (and the exact
// matches) by (1-λ)·exact + λ·cosine, keeping each entity's best.
func (m *matcher) similar(ctx context.Context, norm string, lambda float64, keep func(int32) bool) ([]Candidate, error) {
	shared := map[int32]int{}
	grams := trigrams(norm)
	seen := map[uint32]bool{}
	for _, gr := range grams {
		if seen[gr] {
			continue
		}
		seen[gr] = true
		post := m.grams[gr]
		if len(post) > commonGram {
			continue
		}
		for _, i := range post {
			shared[i]++
		}
	}
	type cand struct {
		name int32
		dice float64
	}
	var cs []cand
	for i, k := range shared {
		cs = append(cs, cand{i, 2 * float64(k) / float64(len(seen)+int(m.gramCnt[i]))})
	}
	slices.SortFunc(cs, func(a, b cand) int {
		if a.dice != b.dice {
			if a.dice > b.dice {
				return -1
			}
			return 1
		}
		return int(a.name - b.name)
	})
	cs = cs[:min(len(cs), maxCandidates)]
	if i, ok := slices.BinarySearch(m.names, norm); ok && !slices.ContainsFunc(cs, func(c cand) bool { return c.name == int32(i) }) {
		cs = append(cs, cand{name: int32(i), dice: 1})
	}
	// The overlap counted above skips common trigrams; the candidates'
	// Dice coefficients are computed exactly.
	for i := range cs {
		cs[i].dice = dice(seen, m.names[cs[i].name])
	}
	texts := make([]string, 0, len(cs)+1)
	texts = append(texts, norm)
	for _, c := range cs {
		texts = append(texts, m.names[c.name])
	}
	vecs, err := m.fitted.Encode(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("encode entity names: %w", err)
	}
	best := map[int32]Candidate{}
	for j, c := range cs {
		// The encoder's cosine carries words and word order; the trigram
		// overlap carries spelling, so "metformine" still meets
		// "metformin" when their word features differ.
		sim := (float64(encoders.Dot(vecs[0], vecs[j+1])) + c.dice) / 2
		name := m.names[c.name]
		ex := name == norm
		score := lambda * sim
		if ex {
			score += 1 - lambda
		}
		for _, e := range m.owners[c.name] {
			if !keep(e) {
				continue
			}
			if old, ok := best[e]; !ok || score > old.Score {
				best[e] = Candidate{Entity: e, Alias: name, Exact: ex, Similarity: sim, Score: score}
			}
		}
	}
	out := make([]Candidate, 0, len(best))
	for _, c := range best {
		out = append(out, c)
	}
	return out, nil
}

// dice is the Dice coefficient of the trigram set a and the trigrams of s.
func dice(a map[uint32]bool, s string) float64 {
	b := map[uint32]bool{}
	shared := 0
	for _, g := range trigrams(s) {
		if !b[g] {
			b[g] = true
			if a[g] {
				shared++
			}
		}
	}
	if len(a)+len(b) == 0 {
		return 0
	}
	return 2 * float64(shared) / float64(len(a)+len(b))
}

// uniqueName returns a name of entity e that resolves exactly to e alone,
// for suggestions: its display name, an alias or its id.
func uniqueName(g *kg.KG, e int32) (string, bool) {
	en := g.Entity(e)
	for _, n := range append(append([]string{en.Name}, en.Aliases...), en.ID) {
		if es := g.Exact(n); len(es) == 1 && es[0] == e && strings.TrimSpace(n) != "" {
			return n, true
		}
	}
	return "", false
}
