package named

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Bounds on parameters, so that a name from untrusted text cannot ask for a
// graph that takes long to build or much memory.
const (
	maxNodes = 100_000
	maxEdges = 1_000_000
)

// arg is one parameter: an integer, or a list of integers (circulant offsets).
type arg struct {
	n      int
	list   []int
	isList bool
}

func (a arg) String() string {
	if !a.isList {
		return strconv.Itoa(a.n)
	}
	parts := make([]string, len(a.list))
	for i, v := range a.list {
		parts[i] = strconv.Itoa(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func ints(v ...int) []arg {
	out := make([]arg, len(v))
	for i, n := range v {
		out[i] = arg{n: n}
	}
	return out
}

// entry is one named graph.
type entry struct {
	name      string   // NetworkX's function name
	aliases   []string // other lookup keys (normalised)
	signature string   // parameters, as NetworkX names them: "(r, h)"
	// defaults are the parameters of the Graph-ToolFormer data's graph;
	// nil when the generator takes none or (noDefault says why) there is no
	// faithful choice.
	defaults  []arg
	noDefault string
	// size returns the node and edge counts for the parameters (an upper
	// bound), or an error when they are out of the generator's range.
	size func(a []arg) (nodes, edges int, err error)
	gen  func(g *nxGraph, a []arg) *nxGraph
}

// key is the entry's lookup key.
func (e *entry) key() string { return normalize(e.name) }

// call renders the NetworkX call for the parameters.
func (e *entry) call(a []arg) string {
	if e.signature == "" {
		return e.name
	}
	parts := make([]string, len(a))
	for i, x := range a {
		parts[i] = x.String()
	}
	return e.name + "(" + strings.Join(parts, ", ") + ")"
}

// check validates the parameters' shape and range.
func (e *entry) check(a []arg) error {
	want := 0
	if e.signature != "" {
		want = strings.Count(e.signature, ",") + 1
	}
	if len(a) != want {
		if want == 0 {
			return fmt.Errorf("%s takes no parameters: %w", e.name, ErrParams)
		}
		return fmt.Errorf("%s takes %d parameters %s, got %d: %w", e.name, want, e.signature, len(a), ErrParams)
	}
	if e.size == nil {
		return nil
	}
	n, m, err := e.size(a)
	if err != nil {
		return fmt.Errorf("%w: %w", err, ErrParams)
	}
	if n > maxNodes || m > maxEdges {
		return fmt.Errorf("about %d nodes and %d edges, over the limit of %d nodes and %d edges: %w", n, m, maxNodes, maxEdges, ErrParams)
	}
	return nil
}

// make builds the graph for checked parameters.
func (e *entry) make(a []arg) (*graph.Graph, error) {
	n, m := 64, 256
	if e.size != nil {
		n, m, _ = e.size(a)
	}
	return e.gen(newNX(n, m), a).build()
}

// need checks that a parameter is an integer in [lo, hi].
func need(a arg, what string, lo, hi int) error {
	if a.isList {
		return fmt.Errorf("%s must be an integer, not a list", what)
	}
	if a.n < lo || a.n > hi {
		return fmt.Errorf("%s = %d is outside [%d, %d]", what, a.n, lo, hi)
	}
	return nil
}

// one is the size function of a generator of one integer n in [lo, hi]
// with the given node and edge counts.
func one(what string, lo, hi int, nodes, edges func(n int) int) func([]arg) (int, int, error) {
	return func(a []arg) (int, int, error) {
		if err := need(a[0], what, lo, hi); err != nil {
			return 0, 0, err
		}
		return nodes(a[0].n), edges(a[0].n), nil
	}
}

// fixed wraps a generator without parameters.
func fixed(f func(g *nxGraph)) func(*nxGraph, []arg) *nxGraph {
	return func(g *nxGraph, _ []arg) *nxGraph { f(g); return g }
}

// dict wraps a graph NetworkX writes down as a dict of lists: each row is a
// node followed by its listed neighbours.
func dict(rows ...[]int) func(*nxGraph, []arg) *nxGraph {
	return fixed(func(g *nxGraph) { g.addDictOfLists(rows) })
}

// lcf wraps a graph NetworkX defines in LCF notation.
func lcf(n int, shifts []int, repeats int) func(*nxGraph, []arg) *nxGraph {
	return fixed(func(g *nxGraph) { lcfGraph(g, n, shifts, repeats) })
}

func houseGraph(g *nxGraph) {
	g.addDictOfLists([][]int{{0, 1, 2}, {1, 0, 3}, {2, 0, 3, 4}, {3, 1, 2, 4}, {4, 2, 3}})
}

// table lists every named graph. The defaults of the parameterised ones are
// the graphs of the Graph-ToolFormer graph_properties data (checked against
// its recorded orders and sizes in named_test.go).
var table = [...]entry{
	{name: "balanced_tree", signature: "(r, h)", defaults: ints(2, 4),
		size: func(a []arg) (int, int, error) {
			if err := need(a[0], "r", 0, maxNodes); err != nil {
				return 0, 0, err
			}
			if err := need(a[1], "h", 0, maxNodes); err != nil {
				return 0, 0, err
			}
			n := 1
			level := 1
			for i := 0; i < a[1].n && a[0].n > 0; i++ {
				level *= a[0].n
				n += level
				if n > maxNodes {
					return 0, 0, fmt.Errorf("balanced_tree(%d, %d) has over %d nodes", a[0].n, a[1].n, maxNodes)
				}
			}
			return n, n - 1, nil
		},
		gen: func(g *nxGraph, a []arg) *nxGraph {
			r, h := a[0].n, a[1].n
			n := h + 1
			if r != 1 {
				n = balancedTreeOrder(r, h)
			}
			fullRaryTree(g, r, n)
			return g
		}},
	{name: "barbell_graph", signature: "(m1, m2)", defaults: ints(8, 3),
		size: func(a []arg) (int, int, error) {
			if err := need(a[0], "m1", 2, 1000); err != nil {
				return 0, 0, err
			}
			if err := need(a[1], "m2", 0, maxNodes); err != nil {
				return 0, 0, err
			}
			m1, m2 := a[0].n, a[1].n
			return 2*m1 + m2, m1*(m1-1) + m2 + 1, nil
		},
		gen: func(g *nxGraph, a []arg) *nxGraph { barbellGraph(g, a[0].n, a[1].n); return g }},
	{name: "binomial_tree", signature: "(n)", defaults: ints(5),
		size: one("n", 0, 16, func(n int) int { return 1 << n }, func(n int) int { return 1 << n }),
		gen:  func(g *nxGraph, a []arg) *nxGraph { binomialTree(g, a[0].n); return g }},
	{name: "bull_graph", gen: dict([]int{0, 1, 2}, []int{1, 0, 2, 3}, []int{2, 0, 1, 4}, []int{3, 1}, []int{4, 2})},
	{name: "chvatal_graph", gen: dict([]int{0, 1, 4, 6, 9}, []int{1, 2, 5, 7}, []int{2, 3, 6, 8}, []int{3, 4, 7, 9},
		[]int{4, 5, 8}, []int{5, 10, 11}, []int{6, 10, 11}, []int{7, 8, 11}, []int{8, 10}, []int{9, 10, 11})},
	{name: "circulant_graph", signature: "(n, offsets)", defaults: []arg{{n: 6}, {list: []int{1, 2}, isList: true}},
		size: func(a []arg) (int, int, error) {
			if err := need(a[0], "n", 1, maxNodes); err != nil {
				return 0, 0, err
			}
			if !a[1].isList {
				return 0, 0, fmt.Errorf("offsets must be a list such as [1, 2]")
			}
			if len(a[1].list) > 64 {
				return 0, 0, fmt.Errorf("%d offsets, more than 64", len(a[1].list))
			}
			return a[0].n, 2 * a[0].n * len(a[1].list), nil
		},
		gen: func(g *nxGraph, a []arg) *nxGraph { circulantGraph(g, a[0].n, a[1].list); return g }},
	{name: "circular_ladder_graph", signature: "(n)", defaults: ints(15),
		size: one("n", 1, maxNodes/2, func(n int) int { return 2 * n }, func(n int) int { return 3 * n }),
		gen:  func(g *nxGraph, a []arg) *nxGraph { circularLadderGraph(g, a[0].n); return g }},
	{name: "complete_graph", signature: "(n)", defaults: ints(15),
		size: one("n", 0, 1414, func(n int) int { return n }, func(n int) int { return n * (n - 1) / 2 }),
		gen:  func(g *nxGraph, a []arg) *nxGraph { completeGraph(g, a[0].n); return g }},
	{name: "cubical_graph", aliases: []string{"cube"}, gen: dict([]int{0, 1, 3, 4}, []int{1, 0, 2, 7}, []int{2, 1, 3, 6}, []int{3, 0, 2, 5},
		[]int{4, 0, 5, 7}, []int{5, 3, 4, 6}, []int{6, 2, 5, 7}, []int{7, 1, 4, 6})},
	{name: "cycle_graph", signature: "(n)", defaults: ints(6),
		size: one("n", 0, maxNodes, func(n int) int { return n }, func(n int) int { return n }),
		gen:  func(g *nxGraph, a []arg) *nxGraph { cycleGraph(g, a[0].n); return g }},
	{name: "desargues_graph", gen: lcf(20, []int{5, -5, 9, -9}, 5)},
	{name: "diamond_graph", gen: dict([]int{0, 1, 2}, []int{1, 0, 2, 3}, []int{2, 0, 1, 3}, []int{3, 1, 2})},
	{name: "dodecahedral_graph", aliases: []string{"dodecahedron"}, gen: lcf(20, []int{10, 7, 4, -4, -7, 10, -4, 7, -7, 4}, 2)},
	{name: "dorogovtsev_goltsev_mendes_graph", signature: "(n)", defaults: ints(3),
		size: one("n", 0, 10, func(n int) int { return (pow3(n) + 3) / 2 }, pow3),
		gen:  func(g *nxGraph, a []arg) *nxGraph { dorogovtsevGoltsevMendes(g, a[0].n); return g }},
	{name: "frucht_graph", gen: fixed(func(g *nxGraph) {
		cycleGraph(g, 7)
		for _, e := range [][2]int{{0, 7}, {1, 7}, {2, 8}, {3, 9}, {4, 9}, {5, 10}, {6, 10}, {7, 11}, {8, 11}, {8, 9}, {10, 11}} {
			g.addEdge(e[0], e[1])
		}
	})},
	{name: "full_rary_tree", signature: "(r, n)", defaults: ints(3, 7),
		size: func(a []arg) (int, int, error) {
			if err := need(a[0], "r", 0, maxNodes); err != nil {
				return 0, 0, err
			}
			if err := need(a[1], "n", 0, maxNodes); err != nil {
				return 0, 0, err
			}
			return a[1].n, a[1].n, nil
		},
		gen: func(g *nxGraph, a []arg) *nxGraph { fullRaryTree(g, a[0].n, a[1].n); return g }},
	{name: "heawood_graph", gen: lcf(14, []int{5, -5}, 7)},
	{name: "hoffman_singleton_graph", gen: func(g *nxGraph, _ []arg) *nxGraph { return hoffmanSingleton(g) }},
	{name: "house_graph", gen: fixed(houseGraph)},
	{name: "house_x_graph", gen: fixed(func(g *nxGraph) {
		houseGraph(g)
		g.addEdge(0, 3)
		g.addEdge(1, 2)
	})},
	{name: "icosahedral_graph", aliases: []string{"icosahedron"}, gen: dict([]int{0, 1, 5, 7, 8, 11}, []int{1, 2, 5, 6, 8}, []int{2, 3, 6, 8, 9},
		[]int{3, 4, 6, 9, 10}, []int{4, 5, 6, 10, 11}, []int{5, 6, 11}, []int{7, 8, 9, 10, 11}, []int{8, 9}, []int{9, 10}, []int{10, 11})},
	{name: "krackhardt_kite_graph", aliases: []string{"krackhardt_kite_social_network"}, gen: dict([]int{0, 1, 2, 3, 5}, []int{1, 0, 3, 4, 6}, []int{2, 0, 3, 5},
		[]int{3, 0, 1, 2, 4, 5, 6}, []int{4, 1, 3, 6}, []int{5, 0, 2, 3, 6, 7}, []int{6, 1, 3, 4, 5, 7}, []int{7, 5, 6, 8}, []int{8, 7, 9}, []int{9, 8})},
	{name: "ladder_graph", signature: "(n)",
		noDefault: "the Graph-ToolFormer data's \"ladder_graph\" is no ladder (its 7 nodes and 6 edges are those of full_rary_tree(3, 7)), so there is no size to take from it; give one, as ladder_graph(n)",
		size:      one("n", 0, maxNodes/2, func(n int) int { return 2 * n }, func(n int) int { return 3 * n }),
		gen:       func(g *nxGraph, a []arg) *nxGraph { ladderGraph(g, a[0].n); return g }},
	{name: "lollipop_graph", signature: "(m, n)", defaults: ints(4, 10),
		size: func(a []arg) (int, int, error) {
			if err := need(a[0], "m", 2, 1414); err != nil {
				return 0, 0, err
			}
			if err := need(a[1], "n", 0, maxNodes); err != nil {
				return 0, 0, err
			}
			m, n := a[0].n, a[1].n
			return m + n, m*(m-1)/2 + n, nil
		},
		gen: func(g *nxGraph, a []arg) *nxGraph { lollipopGraph(g, a[0].n, a[1].n); return g }},
	{name: "moebius_kantor_graph", aliases: []string{"mobius_kantor"}, gen: lcf(16, []int{5, -5}, 8)},
	{name: "octahedral_graph", aliases: []string{"octahedron"}, gen: dict([]int{0, 1, 2, 3, 4}, []int{1, 2, 3, 5}, []int{2, 4, 5}, []int{3, 4, 5}, []int{4, 5})},
	{name: "pappus_graph", gen: lcf(18, []int{5, 7, -7, 7, -7, -5}, 3)},
	{name: "path_graph", signature: "(n)", defaults: ints(12),
		size: one("n", 0, maxNodes, func(n int) int { return n }, func(n int) int { return n }),
		gen:  func(g *nxGraph, a []arg) *nxGraph { pathGraph(g, a[0].n); return g }},
	{name: "petersen_graph", gen: dict([]int{0, 1, 4, 5}, []int{1, 0, 2, 6}, []int{2, 1, 3, 7}, []int{3, 2, 4, 8}, []int{4, 3, 0, 9},
		[]int{5, 0, 7, 8}, []int{6, 1, 8, 9}, []int{7, 2, 5, 9}, []int{8, 3, 5, 6}, []int{9, 4, 6, 7})},
	{name: "sedgewick_maze_graph", aliases: []string{"sedgewick_maze"}, gen: fixed(func(g *nxGraph) {
		g.addNodes(0, 8)
		for _, e := range [][2]int{{0, 2}, {0, 7}, {0, 5}, {1, 7}, {2, 6}, {3, 4}, {3, 5}, {4, 5}, {4, 7}, {4, 6}} {
			g.addEdge(e[0], e[1])
		}
	})},
	{name: "star_graph", signature: "(n)", defaults: ints(7),
		size: one("n", 0, maxNodes-1, func(n int) int { return n + 1 }, func(n int) int { return n }),
		gen:  func(g *nxGraph, a []arg) *nxGraph { starGraph(g, a[0].n); return g }},
	{name: "tetrahedral_graph", aliases: []string{"tetrahedron"}, gen: fixed(func(g *nxGraph) { completeGraph(g, 4) })},
	{name: "truncated_cube_graph", gen: dict([]int{0, 1, 2, 4}, []int{1, 11, 14}, []int{2, 3, 4}, []int{3, 6, 8}, []int{4, 5},
		[]int{5, 16, 18}, []int{6, 7, 8}, []int{7, 10, 12}, []int{8, 9}, []int{9, 17, 20}, []int{10, 11, 12}, []int{11, 14},
		[]int{12, 13}, []int{13, 21, 22}, []int{14, 15}, []int{15, 19, 23}, []int{16, 17, 18}, []int{17, 20}, []int{18, 19},
		[]int{19, 23}, []int{20, 21}, []int{21, 22}, []int{22, 23})},
	{name: "truncated_tetrahedron_graph", aliases: []string{"truncated_tetrahedral"}, gen: fixed(func(g *nxGraph) {
		pathGraph(g, 12)
		for _, e := range [][2]int{{0, 2}, {0, 9}, {1, 6}, {3, 11}, {4, 11}, {5, 7}, {8, 10}} {
			g.addEdge(e[0], e[1])
		}
	})},
	{name: "turan_graph", signature: "(n, r)", defaults: ints(15, 3),
		size: func(a []arg) (int, int, error) {
			if err := need(a[0], "n", 1, 1414); err != nil {
				return 0, 0, err
			}
			if err := need(a[1], "r", 1, a[0].n); err != nil {
				return 0, 0, err
			}
			return a[0].n, a[0].n * a[0].n / 2, nil
		},
		gen: func(g *nxGraph, a []arg) *nxGraph { turanGraph(g, a[0].n, a[1].n); return g }},
	{name: "tutte_graph", gen: dict([]int{0, 1, 2, 3}, []int{1, 4, 26}, []int{2, 10, 11}, []int{3, 18, 19}, []int{4, 5, 33},
		[]int{5, 6, 29}, []int{6, 7, 27}, []int{7, 8, 14}, []int{8, 9, 38}, []int{9, 10, 37}, []int{10, 39}, []int{11, 12, 39},
		[]int{12, 13, 35}, []int{13, 14, 15}, []int{14, 34}, []int{15, 16, 22}, []int{16, 17, 44}, []int{17, 18, 43},
		[]int{18, 45}, []int{19, 20, 45}, []int{20, 21, 41}, []int{21, 22, 23}, []int{22, 40}, []int{23, 24, 27},
		[]int{24, 25, 32}, []int{25, 26, 31}, []int{26, 33}, []int{27, 28}, []int{28, 29, 32}, []int{29, 30}, []int{30, 31, 33},
		[]int{31, 32}, []int{34, 35, 38}, []int{35, 36}, []int{36, 37, 39}, []int{37, 38}, []int{40, 41, 44}, []int{41, 42},
		[]int{42, 43, 45}, []int{43, 44})},
	{name: "wheel_graph", signature: "(n)", defaults: ints(6),
		size: one("n", 0, maxNodes, func(n int) int { return n }, func(n int) int { return 2 * n }),
		gen:  func(g *nxGraph, a []arg) *nxGraph { wheelGraph(g, a[0].n); return g }},
}

// pow3 is 3^n.
func pow3(n int) int {
	p := 1
	for i := 0; i < n; i++ {
		p *= 3
	}
	return p
}

// splitCall splits "name(1, [2, 3])" into the name and its parameters; args
// is nil when there are no parentheses.
func splitCall(s string) (string, []arg, error) {
	s = strings.TrimSpace(s)
	open := strings.IndexByte(s, '(')
	if open < 0 {
		if strings.ContainsAny(s, ")[]") {
			return "", nil, fmt.Errorf("%q: unbalanced brackets: %w", s, ErrParams)
		}
		return s, nil, nil
	}
	if !strings.HasSuffix(s, ")") {
		return "", nil, fmt.Errorf("%q: parameters must end with ')': %w", s, ErrParams)
	}
	name := s[:open]
	body := s[open+1 : len(s)-1]
	args := []arg{}
	p := &paramReader{s: body, full: s, base: open + 1}
	for p.skipSpace(); !p.done(); {
		a, err := p.arg()
		if err != nil {
			return "", nil, err
		}
		args = append(args, a)
		p.skipSpace()
		if p.done() {
			break
		}
		if err := p.expect(','); err != nil {
			return "", nil, err
		}
		p.skipSpace()
		if p.done() {
			break // a trailing comma, as Python allows
		}
	}
	return name, args, nil
}

// paramReader reads the integers and integer lists of a parameter list.
type paramReader struct {
	s    string // the text between the parentheses
	full string // the whole name, for errors
	base int    // offset of s in full
	i    int
}

func (p *paramReader) done() bool { return p.i >= len(p.s) }

func (p *paramReader) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *paramReader) errorf(format string, a ...any) error {
	return fmt.Errorf("%q column %d: %s: %w", p.full, p.base+p.i+1, fmt.Sprintf(format, a...), ErrParams)
}

func (p *paramReader) expect(c byte) error {
	if p.done() || p.s[p.i] != c {
		return p.errorf("expected %q", c)
	}
	p.i++
	return nil
}

func (p *paramReader) arg() (arg, error) {
	if p.done() {
		return arg{}, p.errorf("expected a parameter")
	}
	if p.s[p.i] != '[' && p.s[p.i] != '(' {
		n, err := p.int()
		return arg{n: n}, err
	}
	closing := byte(']')
	if p.s[p.i] == '(' {
		closing = ')'
	}
	p.i++
	a := arg{isList: true, list: []int{}}
	for {
		p.skipSpace()
		if !p.done() && p.s[p.i] == closing {
			p.i++
			return a, nil
		}
		if len(a.list) > 0 {
			if err := p.expect(','); err != nil {
				return arg{}, err
			}
			p.skipSpace()
			if !p.done() && p.s[p.i] == closing {
				p.i++
				return a, nil
			}
		}
		n, err := p.int()
		if err != nil {
			return arg{}, err
		}
		a.list = append(a.list, n)
	}
}

func (p *paramReader) int() (int, error) {
	start := p.i
	if p.i < len(p.s) && (p.s[p.i] == '-' || p.s[p.i] == '+') {
		p.i++
	}
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	n, err := strconv.Atoi(p.s[start:p.i])
	if err != nil || p.i-start > 9 {
		p.i = start
		return 0, p.errorf("expected an integer")
	}
	return n, nil
}
