package encoders

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// StripGraphText removes from a question the parts that write a graph out
// rather than say what to do with it, so that retrieval sees the task:
//
//   - bracketed spans that hold graph data: a [...] list of two or more
//     tuples, or any (...), [...] or {...} span with at least as many digits
//     as letters (not counting attribute keys such as 'weight' in
//     {'weight': 4}); each distinct attribute key of a removed span is kept
//     once in its place, since "weight" or "capacity" says something about
//     the task while the numbers do not. A lone tuple of one to three
//     integers, "is the edge (4, 6) present?", names nodes and becomes
//     those numbers;
//   - bare numbers are kept: encoders ignore digits, but how many nodes a
//     question names says what kind of tool it wants;
//   - other words without letters that contain a digit ("0-1", "2->5,");
//   - file paths (a word with a slash or backslash, or ending in a graph or
//     data file extension); file names are arbitrary labels;
//   - the clause that introduces such graph data, when the data follows a
//     colon or "is"/"are" ("Given a directed graph, the edges are: [...]",
//     "the edges are in a file, the path is x.edgelist"): from the start of
//     its sentence, keeping only the words that say what kind of graph it is
//     (directed, undirected, weighted, ...).
//
// Spaces are collapsed. The result is meant for embedding, not for parsing
// the graph. It runs in time linear in the length of q.
func StripGraphText(q string) string {
	if q == "" {
		return ""
	}
	spans := graphSpans(q)
	var ws []cleanWord
	prev := 0
	for _, sp := range spans {
		ws = appendWords(ws, q[prev:sp.start])
		prev = sp.end
		if nums, ok := argumentTuple(q[sp.start:sp.end]); ok && !nextToTuple(q, sp) {
			// "(4, 6)" on its own names the nodes asked about, not a graph.
			for _, n := range nums {
				ws = append(ws, cleanWord{text: n})
			}
			continue
		}
		ws = append(ws, cleanWord{data: true})
		for _, k := range spanKeys(q[sp.start:sp.end]) {
			ws = append(ws, cleanWord{text: k})
		}
	}
	ws = appendWords(ws, q[prev:])
	dropIntroductions(ws)
	var b strings.Builder
	b.Grow(len(q))
	for _, w := range ws {
		switch {
		case w.drop || w.text == "":
		case w.mark:
			// A sentence end left by removed data: attach it to the text
			// before, so the sentence boundary survives.
			if s := b.String(); s != "" && !strings.ContainsRune(".?!:", rune(s[len(s)-1])) {
				b.WriteString(w.text)
			}
		default:
			writeWord(&b, w.text)
		}
	}
	return b.String()
}

// cleanWord is a word of the cleaned question, or a marker where graph data
// (a span or a file path) was removed.
type cleanWord struct {
	text string
	data bool
	drop bool
	mark bool // a sentence end left by removed data
}

// dropIntroductions marks for removal the clause that introduces graph
// data: when the word before a data marker ends with a colon or is "is" or
// "are", the words back to the start of the sentence, except words naming a
// kind of graph. Each word is visited at most twice.
func dropIntroductions(ws []cleanWord) {
	start := 0 // first word of the current sentence
	for i, w := range ws {
		if w.data {
			if i > start && introduces(ws[i-1].text) {
				for j := start; j < i; j++ {
					if !isGraphKind(ws[j].text) {
						ws[j].drop = true
					}
				}
			}
			start = i + 1
			continue
		}
		if t := strings.TrimRight(w.text, "\"')"); t != "" {
			switch t[len(t)-1] {
			case '.', '?', '!':
				start = i + 1
			}
		}
	}
}

func introduces(w string) bool {
	if strings.HasSuffix(w, ":") {
		return true
	}
	w = strings.ToLower(strings.Trim(w, "\"',;"))
	return w == "is" || w == "are"
}

// isGraphKind reports whether w names a kind of graph.
func isGraphKind(w string) bool {
	w = strings.ToLower(strings.Trim(w, "\"',;:.()"))
	switch w {
	case "directed", "undirected", "weighted", "unweighted", "digraph", "dag", "tree", "bipartite", "multigraph":
		return true
	}
	return false
}

type span struct{ start, end int }

// graphSpans returns the outermost bracketed spans of q that hold graph data,
// in order and disjoint. Brackets are matched with one stack pass and the
// digit/letter counts of any span come from prefix sums, so the whole is
// linear.
func graphSpans(q string) []span {
	if !strings.ContainsAny(q, "([{") {
		return nil
	}
	n := len(q)
	// Prefix counts over bytes: digits, letters outside attribute keys, and
	// opening parentheses.
	digits := make([]int32, n+1)
	letters := make([]int32, n+1)
	parens := make([]int32, n+1)
	key := keyMask(q)
	for i := 0; i < n; i++ {
		c := q[i]
		digits[i+1] = digits[i]
		letters[i+1] = letters[i]
		parens[i+1] = parens[i]
		switch {
		case c >= '0' && c <= '9':
			digits[i+1]++
		case c == '(':
			parens[i+1]++
		case isLetterByte(c) && !key[i]:
			letters[i+1]++
		}
	}
	// Match brackets with a stack; record the close of every open.
	closeOf := make([]int32, n)
	for i := range closeOf {
		closeOf[i] = -1
	}
	var stack []int32
	for i := 0; i < n; i++ {
		switch q[i] {
		case '(', '[', '{':
			stack = append(stack, int32(i))
		case ')', ']', '}':
			// Pop to the nearest matching opener; unmatched closers are text.
			want := opener(q[i])
			for j := len(stack) - 1; j >= 0; j-- {
				if q[stack[j]] == want {
					closeOf[stack[j]] = int32(i)
					stack = stack[:j]
					break
				}
			}
		}
	}
	var out []span
	for i := 0; i < n; i++ {
		e := closeOf[i]
		if e < 0 {
			continue
		}
		s, end := i, int(e)+1
		d := digits[end] - digits[s]
		l := letters[end] - letters[s]
		p := parens[end] - parens[s]
		if q[i] == '(' {
			p-- // the span's own parenthesis
		}
		if (d > 0 && d >= l) || (q[i] == '[' && p >= 2) {
			out = append(out, span{s, end})
			i = end - 1
		}
	}
	return out
}

// argumentTuple reports whether span is a lone tuple of one to three
// integers, "(4, 6)", and returns them.
func argumentTuple(span string) ([]string, bool) {
	if len(span) < 3 || span[0] != '(' || strings.ContainsAny(span[1:len(span)-1], "()[]{}") {
		return nil, false
	}
	var nums []string
	for _, f := range strings.Split(span[1:len(span)-1], ",") {
		f = strings.TrimSpace(f)
		if !isNumber(f) || f != strings.TrimRight(f, ".,;:!?)") {
			return nil, false
		}
		nums = append(nums, f)
	}
	return nums, len(nums) <= 3
}

// nextToTuple reports whether another tuple follows or precedes sp, past
// spaces and one comma: "(0, 1), (1, 2)" is an edge list, not arguments.
func nextToTuple(q string, sp span) bool {
	i := sp.end
	for i < len(q) && (q[i] == ' ' || q[i] == ',') {
		i++
	}
	if i < len(q) && q[i] == '(' {
		return true
	}
	j := sp.start - 1
	for j >= 0 && (q[j] == ' ' || q[j] == ',') {
		j--
	}
	return j >= 0 && q[j] == ')'
}

func opener(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// isLetterByte reports whether c is an ASCII letter or part of a multi-byte
// UTF-8 sequence (counted as a letter: non-ASCII text is words, not numbers).
func isLetterByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// keyMask marks the bytes of words used as attribute keys: a word followed,
// after optional quotes and spaces, by a colon, as in {'weight': 3}.
func keyMask(q string) []bool {
	mask := make([]bool, len(q))
	for i := 0; i < len(q); {
		if !isLetterByte(q[i]) && q[i] != '_' {
			i++
			continue
		}
		j := i
		for j < len(q) && (isLetterByte(q[j]) || q[j] == '_' || q[j] >= '0' && q[j] <= '9') {
			j++
		}
		k := j
		for k < len(q) && (q[k] == '\'' || q[k] == '"' || q[k] == ' ') {
			k++
		}
		if k < len(q) && q[k] == ':' {
			for x := i; x < j; x++ {
				mask[x] = true
			}
		}
		i = j
	}
	return mask
}

// spanKeys returns the distinct attribute keys of a removed span in order of
// first appearance.
func spanKeys(s string) []string {
	var keys []string
	mask := keyMask(s)
	for i := 0; i < len(s); {
		if !mask[i] {
			i++
			continue
		}
		j := i
		for j < len(s) && mask[j] {
			j++
		}
		k := s[i:j]
		dup := false
		for _, x := range keys {
			if x == k {
				dup = true
				break
			}
		}
		if !dup {
			keys = append(keys, k)
		}
		i = j
	}
	return keys
}

// appendWords appends the whitespace-separated words of s that carry text,
// dropping number-only words; a file path becomes a data marker.
func appendWords(ws []cleanWord, s string) []cleanWord {
	for len(s) > 0 {
		i := 0
		for i < len(s) {
			r, w := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += w
		}
		s = s[i:]
		j := 0
		for j < len(s) {
			r, w := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += w
		}
		if j == 0 {
			break
		}
		word := s[:j]
		s = s[j:]
		switch {
		case isNumber(word):
			// A bare number outside graph data names a node or a value the
			// question is about: keep it (encoders ignore digits, but the
			// builtin one counts them).
			ws = append(ws, cleanWord{text: word})
		case !hasLetter(word):
			// Keep the sentence end of "]." or "2)." once its data is gone.
			if end := word[len(word)-1:]; strings.ContainsAny(end, ".?!") {
				ws = append(ws, cleanWord{text: end, mark: true})
			}
		case isFilePath(word):
			ws = append(ws, cleanWord{data: true})
			// Keep the sentence end a path may carry: "x.edgelist." ends one.
			if strings.HasSuffix(word, ".") || strings.HasSuffix(word, ".\"") {
				ws = append(ws, cleanWord{text: ".", mark: true})
			}
		default:
			ws = append(ws, cleanWord{text: word})
		}
	}
	return ws
}

func writeWord(b *strings.Builder, w string) {
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	b.WriteString(w)
}

// isNumber reports whether w is an integer, possibly followed by
// punctuation ("17", "4,", "9?").
func isNumber(w string) bool {
	digits := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			if digits < i {
				return false // a digit after trailing punctuation
			}
			digits++
		case strings.IndexByte(".,;:!?)", c) < 0:
			return false
		}
	}
	return digits > 0
}

func hasLetter(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// isFilePath reports whether w (possibly quoted, possibly followed by
// punctuation) names a file.
func isFilePath(w string) bool {
	if !strings.ContainsAny(w, "/\\.") {
		return false
	}
	w = strings.Trim(w, "\"'`()[]{}<>,;:!?")
	w = strings.TrimRight(w, ".")
	if w == "" {
		return false
	}
	if strings.ContainsAny(w, "/\\") {
		return true
	}
	dot := strings.LastIndexByte(w, '.')
	if dot <= 0 {
		return false
	}
	return isDataExtension(strings.ToLower(w[dot:]))
}

// isDataExtension reports whether ext (with its dot, lower case) ends the
// names of graph and data files.
func isDataExtension(ext string) bool {
	switch ext {
	case ".edgelist", ".edges", ".el", ".txt", ".csv", ".tsv", ".json", ".jsonl", ".gml", ".graphml",
		".dot", ".gv", ".mtx", ".adjlist", ".net", ".pajek", ".gexf", ".gz", ".zip", ".npz", ".pkl", ".yaml", ".yml":
		return true
	}
	return false
}

// StripPromptTemplate removes the wrapper of instruction-tuning prompt
// templates around a question: in the Alpaca layout ("Below is an
// instruction that describes a task... ### Instruction: ... ### Input: ...
// ### Response:") it keeps the Instruction and Input sections; chat-template
// markers such as <|im_start|>user, <|eot_id|>, [INST] and <s> are removed.
// Text without a template is returned unchanged.
func StripPromptTemplate(q string) string {
	if i := strings.Index(q, "### Instruction:"); i >= 0 {
		q = q[i+len("### Instruction:"):]
		if j := strings.Index(q, "### Response:"); j >= 0 {
			q = q[:j]
		}
		q = strings.Replace(q, "### Input:", " ", 1)
	}
	if !strings.ContainsAny(q, "<[") {
		return strings.TrimSpace(q)
	}
	var b strings.Builder
	b.Grow(len(q))
	for i := 0; i < len(q); {
		if c := q[i]; c != '<' && c != '[' {
			b.WriteByte(c)
			i++
			continue
		}
		if end := templateMarker(q[i:]); end > 0 {
			b.WriteByte(' ')
			i += end
			continue
		}
		b.WriteByte(q[i])
		i++
	}
	return strings.TrimSpace(b.String())
}

// templateMarker returns the length of the chat-template marker at the start
// of s ("<|...|>" with an optional role word after it, "[INST]", "[/INST]",
// "<s>", "</s>"), or 0.
func templateMarker(s string) int {
	for _, m := range [...]string{"[INST]", "[/INST]", "<s>", "</s>", "<<SYS>>", "<</SYS>>"} {
		if strings.HasPrefix(s, m) {
			return len(m)
		}
	}
	if !strings.HasPrefix(s, "<|") {
		return 0
	}
	end := strings.Index(s, "|>")
	if end < 0 || end > 40 {
		return 0
	}
	n := end + 2
	if strings.HasPrefix(s[2:], "im_start") || strings.HasPrefix(s[2:], "start_header_id") {
		// A role name follows: "<|im_start|>user", "<|start_header_id|>user<|end_header_id|>".
		rest := s[n:]
		for _, role := range [...]string{"system", "user", "assistant"} {
			if strings.HasPrefix(rest, role) {
				n += len(role)
				break
			}
		}
	}
	return n
}

// CleanQuestion prepares a question for embedding: StripPromptTemplate, then
// StripGraphText.
func CleanQuestion(q string) string {
	return StripGraphText(StripPromptTemplate(q))
}
