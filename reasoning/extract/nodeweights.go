package extract

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// NodeWeights reads a number given to each node as bracketed pairs, the
// notation of GraphWiz's triplet task: "[i, k] means that node i has the
// weight k" with "weights of nodes are: [0, 2] [1, 9] [2, 6]". The pairs
// are node weights only when the text says so: a notation key of the
// bracketed form that names a node-weight noun of the lexicon
// (lang.Lexicon.NodeWeightNouns: weight, value, score), or a node noun and
// a node-weight noun close together just before the pairs ("weights of
// nodes are:", "node weights:", "each vertex's score:"). Without either,
// "[0, 2] [1, 9]" is left to the edge readers. The weights go on the nodes
// as their "weight" attribute.
type NodeWeights struct{}

// Name names the notation.
func (NodeWeights) Name() string { return "node weights" }

// nodeWeightPair matches one "[id, number]" pair; nodeWeightSep what may
// stand between two pairs of a run.
var (
	nodeWeightPair = regexp.MustCompile(`^\[\s*([\p{L}\d_]+)\s*,\s*(-?\d+(?:\.\d+)?)\s*\]`)
	nodeWeightSep  = regexp.MustCompile(`^[ \t]*(?:[,;][ \t]*)?(?:\r?\n[ \t]*)?`)
	// nodeWeightKey matches a bracketed placeholder key: "[i, k] means".
	nodeWeightKey = regexp.MustCompile(`\[\s*[a-z]\w{0,6}\s*,\s*[a-z]\w{0,6}\s*\]\s+([a-z]+)`)
)

// nodeWeightWindow is how far before a run of pairs its cue is looked for.
const nodeWeightWindow = 80

// nodeWeightRun is one run of pairs.
type nodeWeightRun struct {
	s, e  int
	pairs [][2]string // node, weight as written
}

// Read implements Reader.
func (NodeWeights) Read(ctx context.Context, d *Doc) (Reading, error) {
	if !strings.Contains(d.Text, "[") {
		return Reading{}, nil
	}
	lex := d.opt.Lexicon
	weightNouns := wordSet(lex.NodeWeightNouns())
	nodeNouns := wordSet(lex.NodeNouns())
	edgeNouns := wordSet(lex.EdgeNouns())
	keyed := nodeWeightKeyed(d.Lower, weightNouns)
	var runs []nodeWeightRun
	for off := 0; off < len(d.Text); {
		k := strings.IndexByte(d.Text[off:], '[')
		if k < 0 {
			break
		}
		s := off + k
		run := nodeWeightRunAt(d.Text, s)
		if len(run.pairs) == 0 {
			off = s + 1
			continue
		}
		off = run.e
		if len(runs)%64 == 0 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		cued := nodeWeightCue(d.Lower[max(0, s-nodeWeightWindow):s], weightNouns, nodeNouns, edgeNouns)
		if !cued && !(keyed && len(run.pairs) >= 2) {
			continue
		}
		runs = append(runs, run)
	}
	if len(runs) == 0 {
		return Reading{}, nil
	}
	r := Reading{Reader: NodeWeights{}.Name(), Confidence: 0.96, NodeWeights: map[string]float64{}}
	var dup []string
	for _, run := range runs {
		for _, p := range run.pairs {
			w, err := strconv.ParseFloat(p[1], 64)
			if err != nil {
				return Reading{}, fmt.Errorf("node weights: node %s: the weight %q is out of range: %w", p[0], p[1], graph.ErrSyntax)
			}
			if old, ok := r.NodeWeights[p[0]]; ok {
				if old != w {
					dup = append(dup, p[0])
				}
				continue
			}
			r.NodeWeights[p[0]] = w
			r.Nodes = append(r.Nodes, p[0])
			if len(r.Nodes) > d.opt.MaxNodes {
				return Reading{}, fmt.Errorf("node weights: more than %d nodes: %w", d.opt.MaxNodes, graph.ErrTooLarge)
			}
		}
		r.Spans = append(r.Spans, Span{Start: run.s, End: run.e, Role: RoleData})
	}
	if len(dup) > 0 {
		r.Confidence = 0.5
		r.Notes = append(r.Notes, fmt.Sprintf("node %s is given two different weights", strings.Join(dup, ", ")))
	}
	return r, nil
}

// nodeWeightRunAt reads the run of pairs starting at text[s] ('['): pairs
// separated by spaces, a comma or semicolon, or a line break.
func nodeWeightRunAt(text string, s int) nodeWeightRun {
	run := nodeWeightRun{s: s, e: s}
	for i := s; i < len(text); {
		m := nodeWeightPair.FindStringSubmatchIndex(text[i:])
		if m == nil {
			break
		}
		run.pairs = append(run.pairs, [2]string{text[i+m[2] : i+m[3]], text[i+m[4] : i+m[5]]})
		run.e = i + m[1]
		sep := nodeWeightSep.FindStringIndex(text[run.e:])
		i = run.e + sep[1]
	}
	return run
}

// nodeWeightCue reports whether the text just before a run (lower-cased)
// names node weights: a node noun and a node-weight noun at most three
// words apart in its last clause ("weights of nodes are:", "node weights:"),
// with no edge noun as close ("edge weights of node pairs:" gives edges).
func nodeWeightCue(before string, weightNouns, nodeNouns, edgeNouns map[string]bool) bool {
	if i := strings.LastIndexAny(before, ".?!\n"); i >= 0 {
		before = before[i+1:]
	}
	words := strings.FieldsFunc(before, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '\'' || r == '’' || r >= 0x80)
	})
	for i, w := range words {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if !weightNouns[w] {
			continue
		}
		node, edge := false, false
		for j := max(0, i-3); j < min(len(words), i+4); j++ {
			n := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(words[j], "'s"), "’s"), "'")
			node = node || j != i && nodeNouns[n]
			edge = edge || edgeNouns[n] || edgeNouns[strings.TrimSuffix(n, "s")]
		}
		if node && !edge {
			return true
		}
	}
	return false
}

// nodeWeightKeyed reports whether the text explains a bracketed pair as a
// node's weight: "[i, k] means that node i has the weight k".
func nodeWeightKeyed(lower string, weightNouns map[string]bool) bool {
	for _, m := range nodeWeightKey.FindAllStringSubmatchIndex(lower, -1) {
		if !exKeyVerb(lower[m[2]:m[3]]) {
			continue
		}
		end := len(lower)
		if k := strings.IndexAny(lower[m[1]:], ".?!\n"); k >= 0 {
			end = m[1] + k
		}
		for _, w := range strings.Fields(lower[m[1]:end]) {
			if weightNouns[strings.Trim(w, ",;:")] {
				return true
			}
		}
	}
	return false
}

// wordSet makes a set of words.
func wordSet(ws []string) map[string]bool {
	out := make(map[string]bool, len(ws))
	for _, w := range ws {
		out[w] = true
	}
	return out
}
