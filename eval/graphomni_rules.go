package eval

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/tools/graph"
)

// GraphOmni's answer rules for a model answering alone, ported from the
// repository's eval_fun (cycle_eval_fun.py, connectivity_eval_fun.py,
// bfsorder_eval_fun.py, shortest_path_eval_fun.py, triangle_eval_fun.py,
// diameter_eval_fun.py, verification.py) as main.py's evaltask calls them
// on the reply lower-cased. Two departures, both stated: a reply that is
// only "no" or "false" counts as the answer no (eval_cycle and
// eval_connectivity return int(gt) there, which counts it right whatever
// the gold); and BFS orders and shortest paths are validated on the graph
// the query shows, not on graph_info (whose matrix loses node labels).

// goFirstParagraph is Python's ans.split('\n\n')[0] if '\n\n' in ans.
func goFirstParagraph(ans string) string {
	if i := strings.Index(ans, "\n\n"); i >= 0 {
		return ans[:i]
	}
	return ans
}

// goLines is [line.strip().lower().strip('.!?') for line in s.split('\n') if line.strip()].
func goLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		out = append(out, strings.Trim(strings.ToLower(strings.TrimSpace(l)), ".!?"))
	}
	return out
}

var (
	goOutputRe  = lazyre.New(`(?is)#.*?output[:\s]+(true|false)`)
	goNonAlnum  = lazyre.New(`[^a-zA-Z0-9]`)
	goKeywordRe = map[string]*lazyre.Regexp{}
)

func goWordRe(phrase string) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(phrase) + `\b`)
}

// goYesNoRule is eval_cycle / eval_connectivity (the second definitions,
// the ones in force): it returns the reply's yes or no and whether it
// gives one.
func goYesNoRule(ans string, keywords, truelist, falselist []string) (bool, bool) {
	var kw []*regexp.Regexp
	for _, k := range keywords {
		kw = append(kw, goWordRe(k))
	}
	var relevant []string
	for _, l := range goLines(ans) {
		for _, re := range kw {
			if re.MatchString(l) {
				relevant = append(relevant, l)
				break
			}
		}
	}
	if m := goOutputRe.FindStringSubmatch(ans); m != nil {
		relevant = append([]string{"output: " + strings.ToLower(m[1])}, relevant...)
	}
	if len(relevant) == 0 {
		return false, false
	}
	switch goNonAlnum.Compiled().ReplaceAllString(ans, "") {
	case "yes", "true":
		return true, true
	case "no", "false":
		return false, true
	}
	for _, s := range relevant {
		switch s {
		case "output: true":
			return true, true
		case "output: false":
			return false, true
		}
	}
	notsure := []string{"if ", "whether ", "if the ", "whether the"}
	filter := func(ss []string) []string {
		var out []string
		for _, s := range ss {
			drop := false
			for _, p := range notsure {
				for _, t := range truelist {
					drop = drop || strings.Contains(s, p+t)
				}
			}
			if !drop {
				out = append(out, s)
			}
		}
		return out
	}
	has := func(text string, list []string) bool {
		for _, p := range list {
			if strings.Contains(text, p) {
				return true
			}
		}
		return false
	}
	for _, text := range []string{strings.Join(filter(goLines(goFirstParagraph(ans))), " "), strings.Join(filter(relevant), " ")} {
		if has(text, truelist) {
			return true, true
		}
		if has(text, falselist) {
			return false, true
		}
	}
	return false, false
}

var (
	goCycleKeywords = []string{"yes", " no.", " no ", "no", "true", "false", "there is a cycle", "there is no cycle", "answer is", "exist", "not exist",
		"no cycle", "multiple cycle", "a cycle", "cycles", "contain any cycle", "contain cycle", "cycle can be detected"}
	goCycleTrue = []string{"yes", "true", "there is a cycle", "answer is yes", "cycle is exist", `final answer is: $\boxed{1}$`, "found a cycle",
		"graph contains a cycle", "contains multiple cycles", "has a cycle", "have a cycle", "graph contains cycles",
		"cycle can be detected through following path", "there are multiple cycles", "indicates a cycle in the graph",
		"indicating the presence of a cycle", "a cycle exists in this", "cycles are detected through paths", "has multiple cycles",
		"contains a single cycle", "contains multiple cyclesindicate the presence of multiple cycle", "indicate the presence of multiple cycles",
		"multiple cycles are present", "following cycles are detected", "contains two disjoint cycles", "indicating a cycle in the graph",
		"multiple cycles are detected"}
	goCycleFalse     = []string{" no.", " no ", "false", "there is no cycle", "not contain any cycles", "answer is no", `final answer is: $\boxed{0}$`}
	goConnKeywords   = []string{"yes", " no.", " no ", "no", "true", "false", "there is a path", "the path", "answer is", "exist", "not exist", "no path", "a path"}
	goConnTrue       = []string{"yes", "true", "there is a path", "answer is yes", "path is exist", `final answer is: $\boxed{1}$`}
	goConnFalse      = []string{" no.", " no ", "false", "there is no path", "answer is no", "there is no direct path", `final answer is: $\boxed{0}$`}
	goOnlyDigitsRe   = lazyre.New(`^[\d\W]+$`)
	goDigitsRe       = lazyre.New(`\d+`)
	goDecimalRe      = lazyre.New(`\d+\.\d+|\d+`)
	goPunctSpaceRe   = lazyre.New(`([,;.!?])\s+`)
	goColonNLRe      = lazyre.New(`(:\s*)\n`)
	goSpacesRe       = lazyre.New(`\s+`)
	goParaSplitRe    = lazyre.New(`\n\s*\n`)
	goSplitPunctRe   = lazyre.New(`[,.:;!?(){}\[\]]`)
	goDiameterPhrase = `(diameter is|the maximum of these shortest paths is|diameter of the given graph|diameter of our graph|diameter of this graph|diameter of the graph|the diameter of the provided graph|diameter of the graph is|answer is|diameter of this graph is|the longest shortest path is|has diameter|anwser is|output)([^.]*)`
	goTrianglePhrase = `(number of triangles|number of triangle|total number of triangles|the number of triangles in the graph is|output of the above code is|the output is|answer is|output will be|answer is|total is|output will be|output is|a is|output of the function is)([^.]*)`
)

func init() {
	goKeywordRe["diameter"] = lazyre.New(goDiameterPhrase)
	goKeywordRe["triangle"] = lazyre.New(goTrianglePhrase)
	goKeywordRe["triangle2"] = lazyre.New(`^(.*?)triangles?`)
}

// goClean is the replacements evaluate_bfsorder, evaluate_shortest_path,
// eval_diameter_number and eval_triangle_number make first.
func goClean(ans string, extra ...string) string {
	ans = goPunctSpaceRe.Compiled().ReplaceAllString(ans, "$1")
	ans = goColonNLRe.Compiled().ReplaceAllString(ans, "$1")
	ans = strings.ReplaceAll(ans, "*", "")
	ans = strings.ReplaceAll(ans, "$", "")
	ans = strings.ReplaceAll(ans, ":", " is")
	for i := 0; i+1 < len(extra); i += 2 {
		ans = strings.ReplaceAll(ans, extra[i], extra[i+1])
	}
	return strings.ReplaceAll(ans, "  ", " ")
}

// goMergedLines is the extract_* functions' walk: paragraphs shorter than
// minLen joined to the one before (joined with sep), each split at full
// stops.
func goMergedLines(content string, minLen int, sep string) []string {
	var merged []string
	for i, p := range strings.Split(content, "\n\n") {
		c := goSpacesRe.Compiled().ReplaceAllString(strings.TrimSpace(p), " ")
		if len(c) < minLen && i > 0 {
			merged[len(merged)-1] += sep + c
		} else {
			merged = append(merged, c)
		}
	}
	var lines []string
	for _, p := range strings.Split(strings.Join(merged, "\n\n"), "\n\n") {
		lines = append(lines, strings.Split(p, ".")...)
	}
	return lines
}

// goMergeShort is merge_short_paragraphs: the first and last paragraphs,
// short ones joined to the one before.
func goMergeShort(text string, threshold int) string {
	ps := goParaSplitRe.Compiled().Split(strings.TrimSpace(text), -1)
	merged := []string{strings.TrimSpace(ps[0])}
	for _, p := range ps[1:] {
		p = strings.TrimSpace(p)
		if len(p) <= threshold {
			merged[len(merged)-1] += " " + p
		} else {
			merged = append(merged, p)
		}
	}
	return merged[0] + "\n\n" + merged[len(merged)-1]
}

func goInts(s string) []string {
	var out []string
	for _, d := range goDigitsRe.FindAllString(s, -1) {
		n, err := strconv.Atoi(d)
		if err != nil {
			return nil
		}
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// goValidBFS is verification.validate_bfs on g: order starts at start,
// visits each node once, and is what a BFS visits when the neighbours are
// taken in the order's own order.
func goValidBFS(g *graph.Graph, start string, order []string) bool {
	return g != nil && len(order) > 0 && order[0] == start && bfsOK(g, order, start) == nil
}

// goValidShortest is verification.validate_shortest_path on g.
func goValidShortest(g *graph.Graph, s, t string, path []string, dist int) bool {
	if g == nil || len(path) == 0 || path[0] != s || path[len(path)-1] != t || dist < 0 {
		return false
	}
	return walkOK(g, path, false) == nil && len(path)-1 == dist
}

// goSequenceRule is evaluate_bfsorder / evaluate_shortest_path: a first
// line or first paragraph of digits only is the answer; else every
// sequence after one of the phrases, any one valid counting (main.py
// keeps vote2).
func goSequenceRule(ans string, extract func(string) [][]string, valid func([]string) bool, extra ...string) bool {
	ans = goClean(ans, extra...)
	lines := strings.Split(ans, "\n")
	if strings.TrimSpace(ans) == "" {
		return false
	}
	if goOnlyDigitsRe.MatchString(lines[0]) {
		return valid(goInts(lines[0]))
	}
	first := strings.TrimSpace(goParaSplitRe.Compiled().Split(strings.TrimSpace(ans), -1)[0])
	if goOnlyDigitsRe.MatchString(first) {
		return valid(goInts(first))
	}
	for _, seq := range extract(ans) {
		if valid(seq) {
			return true
		}
	}
	return false
}

func goPhraseSeqs(content, pattern string, minLen int, fix func([]string) []string) [][]string {
	re := regexp.MustCompile(pattern)
	var out [][]string
	for _, line := range goMergedLines(content, minLen, " ") {
		for _, m := range re.FindAllStringSubmatch(line, -1) {
			nums := goInts(strings.TrimSpace(m[len(m)-1]))
			if len(nums) == 0 {
				continue
			}
			out = append(out, fix(nums))
		}
	}
	return out
}

// goNumberRule is eval_diameter_number / eval_triangle_number's common
// walk: a reply (or first line, or first paragraph) of one number only;
// else the numbers after the phrases, in the first and last paragraphs and
// then anywhere.
func goNumberRule(text string, gold float64, triangle bool) bool {
	if triangle {
		for _, p := range []string{"no triangles in the given graph", "no triangles are found", "this graph contains no triangles",
			" this means there are no triangles", "there are no triangles"} {
			if strings.Contains(text, p) {
				return gold == 0
			}
		}
	} else {
		text = goClean(text, ".0", "")
	}
	single := func(s string) (bool, bool) {
		if !goOnlyDigitsRe.MatchString(s) {
			return false, false
		}
		nums := goDecimalRe.FindAllString(s, -1)
		if len(nums) == 0 {
			return false, false
		}
		f, _ := strconv.ParseFloat(nums[0], 64)
		if triangle {
			f = float64(int64(f))
		}
		return f == gold && len(nums) == 1, true
	}
	if ok, done := single(text); done {
		return ok
	}
	if strings.TrimSpace(text) == "" {
		return false
	}
	if ok, done := single(strings.Split(text, "\n")[0]); done {
		return ok
	}
	if ok, done := single(strings.TrimSpace(goParaSplitRe.Compiled().Split(strings.TrimSpace(text), -1)[0])); done {
		return ok
	}
	if triangle {
		text = goClean(text, "`", "", ",", ", ")
	}
	values := func(content string) []float64 {
		var out []float64
		key, sep, minLen := "diameter", ".", 20
		if triangle {
			key, sep = "triangle", " "
		}
		for _, line := range goMergedLines(content, minLen, sep) {
			if triangle {
				line = goNumberWords(line)
			}
			for _, m := range goKeywordRe[key].FindAllStringSubmatch(line, -1) {
				s := strings.TrimSpace(m[2])
				if triangle {
					s = goSplitPunctRe.Compiled().Split(s, 2)[0]
					if strings.Contains(s, "node") || strings.Contains(s, "form") {
						continue
					}
				}
				nums := goDecimalRe.FindAllString(s, -1)
				if len(nums) == 0 {
					continue
				}
				f, _ := strconv.ParseFloat(nums[len(nums)-1], 64)
				out = append(out, float64(int64(f*1e9+0.5))/1e9)
			}
			if triangle {
				for _, m := range goKeywordRe["triangle2"].FindAllStringSubmatch(line, -1) {
					parts := goSplitPunctRe.Compiled().Split(m[1], -1)
					s := parts[len(parts)-1]
					if strings.Contains(s, "node") || strings.Contains(s, "form") {
						continue
					}
					nums := goDecimalRe.FindAllString(s, -1)
					if len(nums) == 0 {
						continue
					}
					f, _ := strconv.ParseFloat(nums[len(nums)-1], 64)
					out = append(out, float64(int64(f)))
				}
			}
		}
		return out
	}
	for _, v := range values(goMergeShort(text, 30)) {
		if v == gold {
			return true
		}
	}
	return false
}

var goNumberWordsMap = map[string]string{"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
	"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13", "fourteen": "14", "fifteen": "15",
	"sixteen": "16", "seventeen": "17", "eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30"}

var goLettersRe = lazyre.New(`[^a-zA-Z]`)

// goNumberWords is convert_english_numbers.
func goNumberWords(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if n, ok := goNumberWordsMap[strings.ToLower(goLettersRe.Compiled().ReplaceAllString(w, ""))]; ok {
			words[i] = n
		}
	}
	return strings.Join(words, " ")
}

// GraphOmniCheck judges a model's reply to a GraphOmni prompt by the
// repository's eval_fun rules (see above), on the reply lower-cased as
// main.py passes it. g is the graph the query shows; params the item's
// source and target.
func GraphOmniCheck(task string, gold any, reply string, g *graph.Graph, params map[string]any) bool {
	ans := strings.ToLower(reply)
	switch task {
	case GOCycle, GOConnectivity:
		want, _ := gold.(bool)
		var got, ok bool
		if task == GOCycle {
			got, ok = goYesNoRule(ans, goCycleKeywords, goCycleTrue, goCycleFalse)
		} else {
			got, ok = goYesNoRule(ans, goConnKeywords, goConnTrue, goConnFalse)
		}
		return ok && got == want
	case GOTriangle, GODiameter:
		want, _ := gold.(float64)
		return goNumberRule(ans, want, task == GOTriangle)
	case GOBFSOrder:
		start := paramString(params["source"])
		pattern := `(traversal order starting from node ` + start + `|bfs traversal order would be|bfs traversal starting at node ` + start +
			`|bfs order from starting node ` + start + `|traversal order for the given graph starting from node ` + start + `|bfs order from ` + start +
			`|bfs traversal order for the given graph|the order of traversal|bfs starting at node ` + start + `|the result will be|bfs order starting from node ` +
			start + `|final order is|bfs traversal order of this graph|the order is|traversal order starting at node ` + start + `|traversal order starts at node ` +
			start + `|anwser is|the result is|bfs traversal is|traversal order from node ` + start + `|traversal order starts from node ` + start +
			`|traversal order is|bfs order is|traversal order will be|answer is|the resulting order is|bfs traversal order ends here)([^.]*)`
		extract := func(s string) [][]string {
			return goPhraseSeqs(s, pattern, 20, func(n []string) []string {
				if len(n) >= 2 && n[0] == start && n[1] == start {
					return n[1:]
				}
				return n
			})
		}
		return goSequenceRule(ans, extract, func(o []string) bool { return goValidBFS(g, start, o) })
	case GOShortestPath:
		s, t := paramString(params["source"]), paramString(params["target"])
		l, _ := listOf(gold)
		dist := len(l) - 1
		valid := func(p []string) bool { return goValidShortest(g, s, t, p, dist) }
		if dist == 1 {
			for _, line := range strings.Split(goClean(ans, "`[", "", `$\boxed{`, ""), "\n") {
				for _, part := range strings.Split(line, ".") {
					if strings.Contains(part, "path from node "+s+" to node "+t+" is") {
						for _, k := range []string{"one edge", "single edge", "1 edge"} {
							if strings.Contains(part, k) {
								return true
							}
						}
					}
				}
			}
		}
		pattern := `(path between node ` + s + ` and node ` + t + `|and the path is|path from node ` + s + ` to node ` + t + `|shortest path is|answer is)([^.]*)`
		extract := func(x string) [][]string {
			return goPhraseSeqs(x, pattern, 6, func(n []string) []string {
				if len(n) >= 4 && n[0] == s && n[1] == t {
					return n[2:]
				}
				return n
			})
		}
		return goSequenceRule(ans, extract, valid, "`[", "", `$\boxed{`, "")
	}
	return false
}
