package reasoning

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// The plausibility checks of a language model's answers: what the model
// returns is held to what the question writes by the same rules the
// builtin backend answers by (the deterministic readers' reading, the
// pairs the question writes, the node mentions the parameter step finds).
// A model's plausible mistake (an edge dropped, a node pair made up, the
// source and target of another question) is sent back once for repair and
// then refused, never answered.

// nearWords is how many words apart the endpoints of an edge may be
// written, in one sentence, for the edge to be read from the question
// where no reader accounts for it.
const nearWords = 8

// CompareGraphWithReading reports, wrapping ErrGraphMismatch, how an
// extracted graph gt (the LLM's) differs from what question writes: an edge
// of the readers' reading ex (at any confidence) that gt lacks, a weight it
// changes, a node it drops; an edge of a pair listing the question writes
// ("⟨0|1⟩ ⟨1|2⟩", "0~1, 1~2": two pairs or more in one notation, or a
// pair naming a node of gt) that gt lacks or reverses; and an edge of gt
// found in neither whose endpoints are not written near each other (in one
// sentence, at most nearWords words apart) in the text the reading does
// not account for. The error names what differs, for the repair request.
func CompareGraphWithReading(gt GraphText, question string, ex Extraction) error {
	if len(gt.Edges) == 0 && len(gt.Nodes) == 0 {
		return nil // a reference (file, dataset): loaded and checked elsewhere
	}
	var problems []string
	add := func(format string, args ...any) {
		if len(problems) < 6 {
			problems = append(problems, fmt.Sprintf(format, args...))
		}
	}
	words := questionWords(question)
	accounted := keySpans(ex)
	if ex.Graph != nil {
		accounted = append(accounted, ex.Spans...)
	}
	llmNodes := map[string]bool{}
	llmEdges := map[string]EdgeText{}
	for _, e := range gt.Edges {
		llmNodes[foldID(e.U)], llmNodes[foldID(e.V)] = true, true
		llmEdges[edgeKey(e.U, e.V, gt.Directed)] = e
	}
	for _, n := range gt.Nodes {
		llmNodes[foldID(n)] = true
	}
	explained := map[string]bool{}

	// The readers' reading.
	if ex.Graph != nil && ex.Graph.N() > 0 {
		rd := ExtractionGraphText(ex)
		ordered := gt.Directed && ex.Directed
		var missing []string
		for _, e := range rd.Edges {
			k := edgeKey(e.U, e.V, ordered)
			explained[k] = true
			// Against an ordered reading a reversed edge is missing too.
			le, ok := llmEdges[k]
			if !ok && !ordered {
				le, ok = lookupUnordered(llmEdges, e.U, e.V)
			}
			switch {
			case !ok:
				missing = append(missing, edgeString(e, ordered))
			case e.HasWeight && !le.HasWeight:
				add("edge %s has weight %v in the question, and the graph gives it none", edgeString(e, ordered), e.Weight)
			case e.HasWeight && le.HasWeight && le.Weight != e.Weight:
				add("edge %s has weight %v in the question, not %v", edgeString(e, ordered), e.Weight, le.Weight)
			}
		}
		if len(missing) > 0 {
			add("the graph lacks %s %s, which the question writes", plural(len(missing), "edge", "edges"), listSome(missing))
		}
		// A reading the readers doubt because of text they could not read
		// ("... and 4 to 0 too"): the model's graph must read something
		// more than they did (an edge, a node, a weight).
		if un := ex.Report.Unaccounted; len(un) > 0 && !addsToReading(gt, rd, ordered) {
			var texts []string
			for _, u := range un {
				texts = append(texts, strconv.Quote(textutil.Truncate(u.Text, 30)))
			}
			add("the graph is the readers' reading, which leaves %s of the question unread (%s)", plural(len(un), "a part", "parts"), listSome(texts))
		}
		var lost []string
		for _, n := range rd.Nodes {
			if !llmNodes[foldID(n)] {
				lost = append(lost, n)
			}
		}
		if len(lost) > 0 {
			add("the graph lacks %s %s, which the question names", plural(len(lost), "node", "nodes"), listSome(lost))
		}
	}

	// The pairs the question lists (the readers' too: their weights are
	// checked here).
	pairs := listedPairs(question, words, keySpans(ex))
	notation := map[string]int{}
	for _, p := range pairs {
		notation[p.sep]++
	}
	var missing, reversed []string
	for _, p := range pairs {
		if !llmNodes[foldID(p.u)] && !llmNodes[foldID(p.v)] && (notation[p.sep] < 2 || !idLike(p.u) || !idLike(p.v)) {
			continue // words the graph does not name ("node-link", "edge-list")
		}
		u, v := p.u, p.v
		if p.back {
			u, v = v, u
		}
		k := edgeKey(u, v, gt.Directed)
		_, ok := llmEdges[k]
		if !ok && gt.Directed && !p.arrow {
			_, ok = llmEdges[edgeKey(v, u, true)]
		}
		if !ok && !gt.Directed {
			_, ok = lookupUnordered(llmEdges, u, v)
		}
		_, back := llmEdges[edgeKey(v, u, true)]
		if le, found := lookupUnordered(llmEdges, u, v); found && le.HasWeight {
			if ws := numbersAfter(words, pairs, p); len(ws) > 0 && !slices.Contains(ws, le.Weight) {
				add("edge %s has weight %v in the question, not %v", u+p.sep+v, ws[0], le.Weight)
			}
		}
		switch {
		case ok:
			explained[k] = true
			if gt.Directed && !p.arrow {
				explained[edgeKey(v, u, true)] = true
			}
		case gt.Directed && p.arrow && back:
			reversed = append(reversed, u+"->"+v)
		default:
			missing = append(missing, u+p.sep+v)
		}
		accounted = append(accounted, [2]int{p.start, p.end})
	}
	if len(missing) > 0 {
		add("the question writes %s %s, which the graph lacks", plural(len(missing), "pair", "pairs"), listSome(missing))
	}
	if len(reversed) > 0 {
		add("the graph reverses %s %s, which the question writes", plural(len(reversed), "edge", "edges"), listSome(reversed))
	}

	// The model's other edges must be written in the text the readers and
	// the pairs leave over (one endpoint at least).
	var invented []string
	stated := statedWords(words, accounted)
	for _, e := range gt.Edges {
		k := edgeKey(e.U, e.V, gt.Directed)
		if explained[k] || (!gt.Directed && explained[edgeKey(e.V, e.U, false)]) {
			continue
		}
		if !writtenNear(question, stated, accounted, e.U, e.V) {
			invented = append(invented, edgeString(e, gt.Directed))
		}
	}
	if len(invented) > 0 {
		add("the question does not write %s %s (no reader read %s, and %s endpoints are not named near each other)",
			plural(len(invented), "edge", "edges"), listSome(invented), plural(len(invented), "it", "them"), plural(len(invented), "its", "their"))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %w", strings.Join(problems, "; "), ErrGraphMismatch)
	}
	return nil
}

// addsToReading reports whether gt has an edge, a node or a weight that
// the reading rd lacks.
func addsToReading(gt, rd GraphText, ordered bool) bool {
	edges := map[string]EdgeText{}
	nodes := map[string]bool{}
	for _, e := range rd.Edges {
		edges[edgeKey(e.U, e.V, ordered)] = e
		nodes[foldID(e.U)], nodes[foldID(e.V)] = true, true
	}
	for _, n := range rd.Nodes {
		nodes[foldID(n)] = true
	}
	for _, e := range gt.Edges {
		re, ok := edges[edgeKey(e.U, e.V, ordered)]
		if !ok && !ordered {
			re, ok = edges[edgeKey(e.V, e.U, false)]
		}
		if !ok || e.HasWeight && !re.HasWeight {
			return true
		}
	}
	for _, n := range gt.Nodes {
		if !nodes[foldID(n)] {
			return true
		}
	}
	return false
}

// keySpans returns the spans of the notation's key ("(i,j) means that node
// i and node j are connected"): symbols, never edges.
func keySpans(ex Extraction) [][2]int {
	var out [][2]int
	for _, s := range ex.Report.Spans {
		if s.Role == extract.RoleKey.String() {
			out = append(out, [2]int{s.Start, s.End})
		}
	}
	return out
}

// qword is one word of a question: its text, byte range and sentence.
type qword struct {
	text       string
	start, end int
	sentence   int
	asking     bool // its sentence ends with '?'
}

// questionWords splits q into words (runs of letters, digits and '_'; a
// decimal number whole) numbered by sentence: a sentence ends at '.', '?',
// '!' or ';' followed by a space or the end.
func questionWords(q string) []qword {
	var out []qword
	sentence, start, sentStart := 0, -1, 0
	endSentence := func(asking bool) {
		for i := sentStart; i < len(out); i++ {
			out[i].asking = asking
		}
		sentStart = len(out)
		sentence++
	}
	for i, r := range q {
		decimal := r == '.' && start >= 0 && i+1 < len(q) && q[i+1] >= '0' && q[i+1] <= '9' && q[i-1] >= '0' && q[i-1] <= '9'
		if llmWordRune(r) || decimal {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, qword{text: q[start:i], start: start, end: i, sentence: sentence})
			start = -1
		}
		if r == '.' || r == '?' || r == '!' || r == ';' {
			next := i + 1
			if next >= len(q) || q[next] == ' ' || q[next] == '\n' || q[next] == '\t' {
				endSentence(r == '?')
			}
		}
	}
	if start >= 0 {
		out = append(out, qword{text: q[start:], start: start, end: len(q), sentence: sentence})
	}
	endSentence(false)
	return out
}

// pair is two words the question writes as a pair ("0-1", "⟨0|1⟩",
// "(a, b)", "x -> y").
type pair struct {
	u, v       string
	sep        string
	arrow      bool // the notation orders the pair
	back       bool // the notation points from v to u ("<-")
	start, end int
}

// pairSeps are the separators of a pair written without spaces; spaced
// ones may have spaces around them.
var (
	pairSeps   = []string{"-", "–", "—", "--", "~", "|", "/", "=", "&", "+", "<->", "↔", "->", "-->", "→", "=>", "⇒", "~>", "<-", "←", "*"}
	spacedSeps = []string{"--", "~", "|", "=", "&", "<->", "↔", "->", "-->", "→", "=>", "⇒", "~>", "<-", "←", "—", "–"}
)

// listedPairs returns the pairs q writes outside the spans skip (a
// notation's key), leaving out the asking sentences' pairs ("is there a
// path 0->3?") when another sentence writes pairs.
func listedPairs(q string, words []qword, skip [][2]int) []pair {
	var out, asked []pair
	for i := 0; i+1 < len(words); i++ {
		a, b := words[i], words[i+1]
		if a.sentence != b.sentence || inSpans(a.start, skip) {
			continue
		}
		sep, ok := pairSep(q, a, b)
		if !ok {
			continue
		}
		p := pair{u: a.text, v: b.text, sep: sep, start: a.start, end: b.end}
		switch sep {
		case "->", "-->", "→", "=>", "⇒", "~>":
			p.arrow = true
		case "<-", "←":
			p.arrow, p.back = true, true
		}
		if a.asking {
			asked = append(asked, p)
		} else {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return asked
	}
	return out
}

// pairSep returns the separator of words a and b when q writes them as a
// pair: joined by one of pairSeps ("0-1", "a -> b"), or alone inside
// brackets ("(0, 1)", "⟨0|1⟩" , "{0:1}", "[a b]"), whose separator is the
// brackets and what is between the words.
func pairSep(q string, a, b qword) (string, bool) {
	if a.sentence != b.sentence {
		return "", false
	}
	gap := q[a.end:b.start]
	sep := strings.TrimSpace(gap)
	spaced := sep != gap
	if slices.Contains(pairSeps, sep) {
		return sep, !spaced || slices.Contains(spacedSeps, sep)
	}
	if sep != "," && sep != "" && sep != ";" && sep != ":" || sep == "" && !spaced {
		return "", false
	}
	before := strings.TrimRightFunc(q[:a.start], unicode.IsSpace)
	after := strings.TrimLeftFunc(q[b.end:], unicode.IsSpace)
	open, _ := utf8.DecodeLastRuneInString(before)
	closer, _ := utf8.DecodeRuneInString(after)
	if !strings.ContainsRune("([{⟨<", open) || !strings.ContainsRune(")]}⟩>", closer) {
		return "", false
	}
	return string(open) + sep + string(closer), true
}

func writtenPair(q string, a, b qword) bool {
	_, ok := pairSep(q, a, b)
	return ok
}

// numbersAfter returns the numbers written after pair p in its sentence,
// before the next pair and at most three words on ("A-B 3", "s->a
// (capacity 3)").
func numbersAfter(words []qword, pairs []pair, p pair) []float64 {
	next := math.MaxInt
	for _, o := range pairs {
		if o.start >= p.end && o.start < next {
			next = o.start
		}
	}
	var out []float64
	seen := 0
	for _, w := range words {
		if w.start < p.end {
			continue
		}
		if w.start >= next || seen == 3 {
			break
		}
		seen++
		if f, err := strconv.ParseFloat(w.text, 64); err == nil {
			out = append(out, f)
		}
	}
	return out
}

// statedWords returns the words outside the asking sentences ("what is
// the shortest path from 0 to 4?" names the pair asked about, not an
// edge); the asking sentences' words only when the question has no other
// and nothing is accounted for.
func statedWords(words []qword, spans [][2]int) []qword {
	var out, asked []qword
	for _, w := range words {
		if w.asking {
			asked = append(asked, w)
		} else {
			out = append(out, w)
		}
	}
	if len(out) == 0 && len(spans) == 0 {
		return asked
	}
	return out
}

func inSpans(at int, spans [][2]int) bool {
	for _, s := range spans {
		if at >= s[0] && at < s[1] {
			return true
		}
	}
	return false
}

// writtenNear reports whether node IDs u and v are written in one sentence
// at most nearWords words apart among words, with a word outside the
// accounted spans among them or one of them outside ("Ann knows Bo, who
// knows Cy": the readers read "Ann knows Bo" only; a multi-word or
// punctuated ID counts at its first word). A self-loop needs "itself", "self" or "loop" written near its
// node.
func writtenNear(q string, words []qword, accounted [][2]int, u, v string) bool {
	pu := idPositions(q, words, u)
	if foldID(u) == foldID(v) {
		for _, i := range pu {
			for j := max(0, i-nearWords); j < min(len(words), i+nearWords+1); j++ {
				if t := strings.ToLower(words[j].text); (t == "itself" || t == "self" || t == "loop") && words[j].sentence == words[i].sentence {
					return true
				}
			}
		}
		return false
	}
	pv := idPositions(q, words, v)
	for _, i := range pu {
		for _, j := range pv {
			if words[i].sentence == words[j].sentence && max(i-j, j-i) <= nearWords && freeBetween(words, accounted, min(i, j), max(i, j)) {
				return true
			}
		}
	}
	return false
}

// freeBetween reports whether a word of words[i..j] lies outside spans.
func freeBetween(words []qword, spans [][2]int, i, j int) bool {
	for k := i; k <= j; k++ {
		if !inSpans(words[k].start, spans) {
			return true
		}
	}
	return false
}

// idPositions returns the indexes in words where id is written (case
// folded; an ID of several words at its first word).
func idPositions(q string, words []qword, id string) []int {
	var out []int
	fid := foldID(id)
	if strings.IndexFunc(id, func(r rune) bool { return !llmWordRune(r) }) < 0 {
		for i, w := range words {
			if foldID(w.text) == fid {
				out = append(out, i)
			}
		}
		return out
	}
	if fid == "" {
		return nil
	}
	lq := strings.ToLower(q)
	for at := 0; at < len(lq); {
		k := strings.Index(lq[at:], fid)
		if k < 0 {
			break
		}
		pos := at + k
		for i, w := range words {
			if w.start >= pos && w.start < pos+len(fid) {
				out = append(out, i)
				break
			}
		}
		at = pos + len(fid)
	}
	return out
}

// idLike reports whether a word looks like a node ID when no graph says:
// a number, a word with a digit, a capitalised word or one of at most
// three letters ("A", "n1", "Alice"), not an ordinary lower-case word.
func idLike(w string) bool {
	if len(w) <= 3 || strings.ContainsAny(w, "0123456789") {
		return true
	}
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func foldID(id string) string { return strings.ToLower(strings.TrimSpace(id)) }

func edgeKey(u, v string, directed bool) string {
	u, v = foldID(u), foldID(v)
	if !directed && v < u {
		u, v = v, u
	}
	return u + "\x00" + v
}

func lookupUnordered(m map[string]EdgeText, u, v string) (EdgeText, bool) {
	if e, ok := m[edgeKey(u, v, true)]; ok {
		return e, true
	}
	if e, ok := m[edgeKey(v, u, true)]; ok {
		return e, true
	}
	e, ok := m[edgeKey(u, v, false)]
	return e, ok
}

func edgeString(e EdgeText, directed bool) string {
	if directed {
		return e.U + "->" + e.V
	}
	return e.U + "-" + e.V
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// listSome lists up to five items and says how many more there are.
func listSome(xs []string) string {
	const most = 5
	if len(xs) <= most {
		return strings.Join(xs, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(xs[:most], ", "), len(xs)-most)
}

// CheckParamsAgainstQuestion reports, wrapping ErrBadParams, arguments of
// spec that question (the task text, the graph's text removed) does not
// give: a node parameter naming a node the question does not mention (the
// mentions and bare IDs the builtin parameter step finds, with g to tell
// node IDs from words; "the first node" or "the last node" names g's
// first or last), a node given the other role than the question gives it
// ("from 0 to 3" read as source 3), or a number the builtin step reads
// otherwise ("the 3-core" read as k 2). The error names what the
// question says, for the repair request.
func CheckParamsAgainstQuestion(spec tools.Spec, args json.RawMessage, question string, g *graph.Graph) error {
	var got map[string]json.RawMessage
	if err := json.Unmarshal(args, &got); err != nil {
		return fmt.Errorf("%s: %v: %w", spec.Name, err, ErrBadParams)
	}
	sl := findSlots(defaultLanguage(), blankGraphPairs(question, g), g, false)
	named := map[string]bool{}
	for _, id := range sl.nodeMentions() {
		named[foldID(id)] = true
	}
	for _, id := range sl.ids {
		named[foldID(id)] = true
	}
	for _, v := range sl.kv {
		named[foldID(v)] = true
	}
	if g != nil && g.N() > 0 {
		lq := strings.ToLower(question)
		for _, w := range []string{"first node", "first vertex", "node with the smallest", "lowest-numbered", "lowest numbered"} {
			if strings.Contains(lq, w) {
				named[foldID(g.ID(0))] = true
			}
		}
		for _, w := range []string{"last node", "last vertex", "node with the largest", "highest-numbered", "highest numbered"} {
			if strings.Contains(lq, w) {
				named[foldID(g.ID(int32(g.N()-1)))] = true
			}
		}
	}
	var mentions []string
	for _, id := range sl.nodeMentions() {
		mentions = append(mentions, textutil.Truncate(id, 30))
	}
	says := "it names no node"
	if len(mentions) > 0 {
		says = "it names " + listSome(mentions)
	}
	var problems []string
	byRole := map[int]string{}
	for _, p := range spec.Params {
		raw, ok := got[p.Name]
		if !ok || string(raw) == "null" {
			continue
		}
		if p.Node {
			var id tools.NodeID
			if err := json.Unmarshal(raw, &id); err != nil {
				continue // ValidateArgs reports the type
			}
			if !named[foldID(string(id))] {
				problems = append(problems, fmt.Sprintf("%s %q is not a node the question names (%s)", p.Name, textutil.Truncate(string(id), 30), says))
				continue
			}
			role := paramRole(p.Name)
			byRole[role] = string(id)
			if want := roleMention(sl, role); want != "" && foldID(want) != foldID(string(id)) {
				problems = append(problems, fmt.Sprintf("%s %q is not the node the question gives that role (%s)", p.Name, textutil.Truncate(string(id), 30), want))
			}
			continue
		}
		if p.Type == "string" && p.Name == "direction" {
			var d string
			if want, ok := sl.nonNode(spec)[p.Name]; ok && json.Unmarshal(raw, &d) == nil && !strings.EqualFold(d, fmt.Sprint(want)) {
				problems = append(problems, fmt.Sprintf("%s is %v in the question, not %s", p.Name, want, textutil.Truncate(d, 20)))
			}
			continue
		}
		if p.Type != "integer" && p.Type != "number" {
			continue
		}
		var f float64
		if json.Unmarshal(raw, &f) != nil {
			continue
		}
		if want, ok := sl.nonNode(spec)[p.Name]; ok {
			if w, ok := asFloat(want); ok && math.Abs(w-f) > 1e-9 {
				problems = append(problems, fmt.Sprintf("%s is %v in the question, not %v", p.Name, want, f))
			}
		}
	}
	if first, second := byRole[1], byRole[2]; first != "" && second != "" {
		if wantFirst, wantSecond, ok := statedPair(sl); ok && (foldID(first) != foldID(wantFirst) || foldID(second) != foldID(wantSecond)) {
			problems = append(problems, fmt.Sprintf("the question goes from %s to %s, not from %s to %s", wantFirst, wantSecond, first, second))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %s: %w", spec.Name, strings.Join(problems, "; "), ErrBadParams)
	}
	return nil
}

// statedPair returns the ordered pair the question states without doubt:
// one "from X"/"source X" and one "to Y"/"target Y", the one explicit pair
// that starts at the one "from X", or the one explicit pair ("from X to
// Y", "X -> Y").
func statedPair(sl *slots) (first, second string, ok bool) {
	firsts, seconds := dedup(sl.firsts), dedup(sl.seconds)
	if len(firsts) == 1 && len(seconds) == 1 {
		return firsts[0], seconds[0], firsts[0] != seconds[0]
	}
	ps := dedupPairs(sl.pairs)
	if len(firsts) == 1 {
		var from [][2]string
		for _, p := range ps {
			if p[0] == firsts[0] {
				from = append(from, p)
			}
		}
		ps = from
	}
	if len(ps) == 1 && ps[0][0] != ps[0][1] {
		return ps[0][0], ps[0][1], true
	}
	return "", "", false
}

// roleMention returns the one node the question gives a role: the start
// ("from X", "source X") for role 1, the end ("target Y") for role 2.
func roleMention(sl *slots, role int) string {
	var ms []string
	switch role {
	case 1:
		ms = dedup(sl.firsts)
	case 2:
		ms = dedup(sl.seconds)
	}
	if len(ms) == 1 {
		return ms[0]
	}
	return ""
}

func dedupPairs(ps [][2]string) [][2]string {
	seen := map[[2]string]bool{}
	var out [][2]string
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// blankGraphPairs returns q with the pairs it writes that are edges of g
// ("(0,1)", "0-1", "⟨0|1⟩") blanked, so that the graph's text is not read
// as node mentions; offsets are kept.
func blankGraphPairs(q string, g *graph.Graph) string {
	if g == nil || g.M() == 0 {
		return q
	}
	words := questionWords(q)
	b := []byte(q)
	for i := 0; i+1 < len(words); i++ {
		a, c := words[i], words[i+1]
		if !writtenPair(q, a, c) {
			continue
		}
		u, ok1 := g.Index(a.text)
		v, ok2 := g.Index(c.text)
		if !ok1 || !ok2 || !(g.HasEdge(u, v) || g.HasEdge(v, u)) {
			continue
		}
		for k := a.start; k < c.end; k++ {
			b[k] = ' '
		}
	}
	return string(b)
}

func asFloat(x any) (float64, bool) {
	switch v := x.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case float64:
		return v, true
	case string:
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil
	}
	return 0, false
}
