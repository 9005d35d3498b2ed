package eval

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/internal/textutil"
)

// NLGraph's eight tasks, as its file names spell them.
const (
	NLConnectivity = "connectivity"
	NLCycle        = "cycle"
	NLFlow         = "flow"
	NLGNN          = "GNN"
	NLHamilton     = "hamilton"
	NLMatching     = "matching"
	NLShortestPath = "shortest_path"
	NLTopology     = "topology"
)

// NLGraphTasks lists the NLGraph tasks in report order.
func NLGraphTasks() []string {
	return []string{NLConnectivity, NLCycle, NLFlow, NLGNN, NLHamilton, NLMatching, NLShortestPath, NLTopology}
}

// nlProblem is an NLGraph question as the checkers read it. The reader below
// is deliberately separate from the agent's readers: a checker that trusted
// the agent's reading would validate an answer about a misread graph. It
// knows only NLGraph's few fixed sentence forms and rejects any other line.
type nlProblem struct {
	// nodes is the number of nodes: the declared range 0..N, else one more
	// than the largest node named.
	nodes    int
	declared bool
	directed bool
	// edges maps (u, v) to the edge's weight or capacity (1 when none is
	// given); an undirected edge is stored under both orientations.
	edges map[[2]int]float64
	// edgeCount counts distinct edges (an undirected edge once).
	edgeCount int
	// applicants, jobs and interested describe a matching question:
	// interested holds (applicant, job) pairs.
	applicants, jobs int
	interested       map[[2]int]bool
	// embeddings are the GNN question's initial vectors, by node; layers is
	// the number of aggregation layers asked for.
	embeddings [][]float64
	layers     int
	// source and target are the question's two nodes (-1 when it names
	// none).
	source, target int
}

// hasEdge reports whether u-v is an edge (u -> v when directed).
func (p *nlProblem) hasEdge(u, v int) bool {
	_, ok := p.edges[[2]int{u, v}]
	return ok
}

// Line forms of NLGraph questions. Each is matched against one whole line.
var (
	nlPairs         = `((?:\(\d+,\d+\)\s*)*)`
	nlPairRe        = lazyre.New(`\((\d+),(\d+)\)`)
	nlNumbers       = `\[(-?\d+(?:\.\d+)?(?:,\s*-?\d+(?:\.\d+)?)*)\]`
	nlExplainRe     = lazyre.New(`^(?:Determine if there is a path between two nodes in the graph\. Note that|In an undirected graph,) \(i,j\) means that node i and node j are connected with an undirected edge\.$`)
	nlRangeEdgesRe  = lazyre.New(`^The nodes are numbered from 0 to (\d+), and the edges are: ` + nlPairs + `$`)
	nlGraphRe       = lazyre.New(`^Graph: ` + nlPairs + `$`)
	nlTheEdgesRe    = lazyre.New(`^The edges are: ` + nlPairs + `$`)
	nlProseHeadRe   = lazyre.New(`^In an? (directed|undirected) graph, the nodes are numbered from 0 to (\d+), and the edges are:$`)
	nlCapacityRe    = lazyre.New(`^an edge from node (\d+) to node (\d+) with capacity (\d+(?:\.\d+)?)[,.]$`)
	nlWeightRe      = lazyre.New(`^an edge between node (\d+) and node (\d+) with weight (\d+(?:\.\d+)?)[,.]$`)
	nlTopoHeadRe    = lazyre.New(`^In a directed graph with (\d+) nodes numbered from 0 to (\d+):$`)
	nlBeforeRe      = lazyre.New(`^node (\d+) should be visited before node (\d+)$`)
	nlMatchHeadRe   = lazyre.New(`^There are (\d+) job applicants numbered from 0 to (\d+), and (\d+) jobs numbered from 0 to (\d+)\. Each applicant is interested in some of the jobs\. Each job can only accept one applicant and a job applicant can be appointed for only one job\.$`)
	nlInterestRe    = lazyre.New(`^Applicant (\d+) is interested in job (\d+)\.?$`)
	nlGNNHeadRe     = lazyre.New(`^In an undirected graph, the nodes are numbered from 0 to (\d+), and every node has an embedding\. \(i,j\) means that node i and node j are connected with an undirected edge\.$`)
	nlEmbeddingRe   = lazyre.New(`^node (\d+): ` + nlNumbers + `$`)
	nlGNNRuleLine   = "In a simple graph convolution layer, each node's embedding is updated by the sum of its neighbors' embeddings."
	nlQPathRe       = lazyre.New(`^Q: Is there a path between node (\d+) and node (\d+)\?$`)
	nlQFlowRe       = lazyre.New(`^Q: What is the maximum flow from node (\d+) to node (\d+)\?$`)
	nlQShortestRe   = lazyre.New(`^Q: Give the shortest path from node (\d+) to node (\d+)\.$`)
	nlQGNNRe        = lazyre.New(`^Q: What's the embedding of each node after (\w+) layers? of simple graph convolution layer\?$`)
	nlFixedQuestion = map[string]bool{
		"Q: Is there a cycle in this graph?": true,
		"Q: Is there a path in this graph that visits every node exactly once? If yes, give the path. Note that in a path, adjacent nodes must be connected with edges.": true,
		"Q: Find an assignment of jobs to applicants in such that the maximum number of applicants find the job they are interested in.":                                 true,
		"Q: Can all the nodes be visited? Give the solution.": true,
		"A:": true,
	}
)

// countWords are the layer counts GNN questions write in words.
var countWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

// maxNLNodes bounds the declared node range, so a malformed question cannot
// make the checker allocate without limit.
const maxNLNodes = 1 << 20

// parseNLGraph reads an NLGraph question of the given task. Every line must
// be one of the known forms; the nodes named must lie in the declared range.
func parseNLGraph(task, q string) (*nlProblem, error) {
	p := &nlProblem{edges: map[[2]int]float64{}, source: -1, target: -1, layers: -1}
	maxNode := -1
	var failed error
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > maxNLNodes {
			if failed == nil {
				failed = fmt.Errorf("number %q out of range", s)
			}
			return 0
		}
		return n
	}
	declare := func(last string) {
		n := atoi(last) + 1
		if p.declared && p.nodes != n {
			failed = fmt.Errorf("the node range is declared twice (%d and %d nodes)", p.nodes, n)
		}
		p.nodes, p.declared = n, true
	}
	addEdge := func(us, vs string, w float64) {
		u, v := atoi(us), atoi(vs)
		maxNode = max(maxNode, u, v)
		if _, dup := p.edges[[2]int{u, v}]; !dup {
			p.edgeCount++
		}
		p.edges[[2]int{u, v}] = w
		if !p.directed {
			p.edges[[2]int{v, u}] = w
		}
	}
	addPairs := func(list string) {
		for _, m := range nlPairRe.FindAllStringSubmatch(list, -1) {
			addEdge(m[1], m[2], 1)
		}
	}
	number := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && failed == nil {
			failed = fmt.Errorf("number %q: %w", s, err)
		}
		return f
	}
	p.directed = task == NLFlow || task == NLTopology
	for ln, raw := range strings.Split(q, "\n") {
		line := strings.TrimSpace(raw)
		var m []string
		match := func(re *lazyre.Regexp) bool { m = re.FindStringSubmatch(line); return m != nil }
		switch {
		case line == "" || nlFixedQuestion[line] || line == "Embeddings:" || line == nlGNNRuleLine || match(nlExplainRe):
		case match(nlRangeEdgesRe):
			declare(m[1])
			addPairs(m[2])
		case match(nlGraphRe), match(nlTheEdgesRe):
			addPairs(m[1])
		case match(nlProseHeadRe):
			if (m[1] == "directed") != p.directed {
				return nil, fmt.Errorf("line %d: a %s graph in a %s question", ln+1, m[1], task)
			}
			declare(m[2])
		case match(nlCapacityRe):
			addEdge(m[1], m[2], number(m[3]))
		case match(nlWeightRe):
			addEdge(m[1], m[2], number(m[3]))
		case match(nlTopoHeadRe):
			declare(m[2])
			if atoi(m[1]) != p.nodes {
				return nil, fmt.Errorf("line %d: %s nodes numbered from 0 to %s", ln+1, m[1], m[2])
			}
		case match(nlBeforeRe):
			addEdge(m[1], m[2], 1)
		case match(nlMatchHeadRe):
			p.applicants, p.jobs = atoi(m[1]), atoi(m[3])
			if atoi(m[2]) != p.applicants-1 || atoi(m[4]) != p.jobs-1 {
				return nil, fmt.Errorf("line %d: the applicant or job count disagrees with its numbering", ln+1)
			}
			p.interested = map[[2]int]bool{}
		case match(nlInterestRe):
			a, j := atoi(m[1]), atoi(m[2])
			if p.interested == nil || a >= p.applicants || j >= p.jobs {
				return nil, fmt.Errorf("line %d: applicant %d or job %d is not declared", ln+1, a, j)
			}
			p.interested[[2]int{a, j}] = true
		case match(nlGNNHeadRe):
			declare(m[1])
			p.embeddings = make([][]float64, p.nodes)
		case match(nlEmbeddingRe):
			v := atoi(m[1])
			if v >= len(p.embeddings) || p.embeddings[v] != nil {
				return nil, fmt.Errorf("line %d: embedding of node %d undeclared or repeated", ln+1, v)
			}
			for _, f := range strings.Split(m[2], ",") {
				p.embeddings[v] = append(p.embeddings[v], number(strings.TrimSpace(f)))
			}
		case match(nlQPathRe), match(nlQFlowRe), match(nlQShortestRe):
			p.source, p.target = atoi(m[1]), atoi(m[2])
		case match(nlQGNNRe):
			k, ok := countWords[m[1]]
			if !ok {
				k = atoi(m[1])
			}
			p.layers = k
		default:
			return nil, fmt.Errorf("line %d is not an NLGraph %s sentence: %q", ln+1, task, textutil.Truncate(line, 80))
		}
		if failed != nil {
			return nil, fmt.Errorf("line %d: %w", ln+1, failed)
		}
	}
	if !p.declared {
		p.nodes = maxNode + 1
	} else if maxNode >= p.nodes {
		return nil, fmt.Errorf("node %d is outside the declared range 0..%d", maxNode, p.nodes-1)
	}
	return p, p.complete(task)
}

// complete checks that the question has what its task needs.
func (p *nlProblem) complete(task string) error {
	switch task {
	case NLConnectivity, NLFlow, NLShortestPath:
		if p.source < 0 {
			return fmt.Errorf("the %s question names no source and target", task)
		}
		if task != NLConnectivity && (p.source >= p.nodes || p.target >= p.nodes) {
			return fmt.Errorf("node %d or %d is not in the graph", p.source, p.target)
		}
	case NLGNN:
		if p.layers < 0 {
			return fmt.Errorf("the GNN question asks for no number of layers")
		}
		for v, e := range p.embeddings {
			if e == nil || len(e) != len(p.embeddings[0]) {
				return fmt.Errorf("node %d has no embedding or one of another length", v)
			}
		}
		if p.embeddings == nil {
			return fmt.Errorf("the GNN question gives no embeddings")
		}
	case NLMatching:
		if p.interested == nil {
			return fmt.Errorf("the matching question declares no applicants and jobs")
		}
	case NLCycle, NLHamilton, NLTopology:
	default:
		return fmt.Errorf("unknown NLGraph task %q", task)
	}
	if p.edgeCount == 0 && task != NLMatching && task != NLConnectivity {
		return fmt.Errorf("the %s question has no edges", task)
	}
	return nil
}

// stats is the question graph's shape, for the graph-accuracy metric. A
// matching question's graph has the applicants and the jobs as nodes.
func (p *nlProblem) stats() *GraphStats {
	if p.interested != nil {
		return &GraphStats{Nodes: p.applicants + p.jobs, Edges: len(p.interested)}
	}
	return &GraphStats{Nodes: p.nodes, Edges: p.edgeCount, Directed: p.directed}
}
