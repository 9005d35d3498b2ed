package extract

import (
	"context"
	"sort"
	"strconv"
	"strings"
)

// exFileRef is a graph file path named in the question.
type exFileRef struct {
	path string
	s, e int
}

// exPathByte reports whether c may be part of an unquoted path.
func exPathByte(c byte) bool {
	return c == '_' || c == '.' || c == '~' || c == '/' || c == '\\' || c == '-' ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// exFindFiles returns the graph file paths named in the question, in order:
// quoted strings that look like paths (a slash or a graph-file extension),
// unquoted names with a graph-file extension ("roads.edgelist"), and slashed
// paths after "path is" / "file" ("the file is data/graphs/roads"). One
// linear pass over the bytes.
func exFindFiles(q, lower string, toks []exTok) []exFileRef {
	var out []exFileRef
	for _, t := range toks {
		if t.kind != exStr {
			continue
		}
		c := t.text(q)
		if c == "" || strings.TrimSpace(c) != c || strings.ContainsAny(c, "\n{}()[]") {
			continue
		}
		if exHasFileExt(c) || (strings.ContainsAny(c, "/\\") && !strings.Contains(c, " ")) {
			out = append(out, exFileRef{path: c, s: int(t.s), e: int(t.e)})
		}
	}
	quoted := out // in text order, disjoint
	inQuoted := func(s int) bool {
		k := sort.Search(len(quoted), func(i int) bool { return quoted[i].e > s })
		return k < len(quoted) && quoted[k].s <= s
	}
	// Unquoted names with an extension.
	for i := 1; i < len(q); i++ {
		if q[i] != '.' {
			k := strings.IndexByte(q[i:], '.')
			if k < 0 {
				break
			}
			i += k
		}
		if !exPathByte(q[i-1]) || q[i-1] == '.' || q[i-1] == '/' {
			continue
		}
		j := i + 1
		for j < len(q) && ((q[j] >= 'a' && q[j] <= 'z') || (q[j] >= 'A' && q[j] <= 'Z')) {
			j++
		}
		if j == i+1 || (j < len(q) && (exIsWordByte(q, j) || q[j] == '(')) || !exHasFileExt(q[i:j]) {
			continue // not an extension, or a call in code ("nx.Graph()")
		}
		s := i - 1
		for s > 0 && exPathByte(q[s-1]) {
			s--
		}
		if !inQuoted(s) && !exLooksNumeric(q[s:i]) {
			out = append(out, exFileRef{path: q[s:j], s: s, e: j})
		}
		i = j
	}
	// Slashed paths after a cue: "the path is data/x", "file: data/x".
	for _, cue := range []string{"path", "file", "located at", "stored in", "stored at", "saved in", "saved at"} {
		for off := 0; ; {
			k := strings.Index(lower[off:], cue)
			if k < 0 {
				break
			}
			a := off + k + len(cue)
			off = a
			if a-len(cue) > 0 && exIsWordByte(lower, a-len(cue)-1) {
				continue
			}
			j := a
			for j < len(q) && (q[j] == ' ' || q[j] == ':' || q[j] == '=') {
				j++
			}
			if strings.HasPrefix(lower[j:], "is ") {
				j += 3
			}
			s := j
			for j < len(q) && exPathByte(q[j]) {
				j++
			}
			for j > s && (q[j-1] == '.' || q[j-1] == ',') {
				j--
			}
			path := q[s:j]
			if s == j || !strings.Contains(strings.Trim(path, "/"), "/") || inQuoted(s) || exHasFileExt(path) || exLooksReference(path) {
				continue // none, found above, or a reference number ("file 2024/118")
			}
			out = append(out, exFileRef{path: path, s: s, e: j})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].s < out[b].s })
	return out
}

// exLooksReference reports whether a slashed path is only digits and
// separators: a case number or a date ("2024/118", "12/05/2024"), not a file.
func exLooksReference(path string) bool {
	for i := 0; i < len(path); i++ {
		if c := path[i]; !(c >= '0' && c <= '9') && c != '/' && c != '-' && c != '.' {
			return false
		}
	}
	return true
}

// exFileCued reports whether the words just before a file path point at it
// as the graph to read ("the graph in roads.csv", "load data/x.gml",
// "file: roads.edgelist") rather than mention it ("line 17 of
// app/models.py", `CERTDIR: "/certs"`); a path followed by a colon labels
// the text after it ("followers.csv:" above its rows) and is no reference.
func exFileCued(q, lower string, f exFileRef) bool {
	after := strings.TrimLeft(q[f.e:], "`'\"")
	if strings.HasPrefix(after, ":") {
		return false
	}
	before := strings.TrimRight(lower[:f.s], " \t`'\"(:=")
	words := strings.FieldsFunc(before[max(0, len(before)-40):], func(r rune) bool {
		return !(r >= 'a' && r <= 'z')
	})
	for k := len(words) - 1; k >= 0 && k >= len(words)-3; k-- {
		switch words[k] {
		case "in", "from", "into", "load", "loads", "loaded", "read", "reads", "open", "opens", "use", "using",
			"file", "path", "graph", "network", "dataset", "attached", "stored", "saved":
			return true
		}
	}
	return len(strings.TrimSpace(before)) == 0 // the question starts with it
}

// exHasFileExt reports whether path ends in a graph-file extension.
func exHasFileExt(path string) bool {
	dot := strings.LastIndexByte(path, '.')
	if dot < 0 || dot == len(path)-1 || len(path)-dot > 10 {
		return false
	}
	switch strings.ToLower(path[dot+1:]) {
	case "edgelist", "edges", "el", "txt", "tsv", "csv", "json", "gml", "graphml", "dot", "gv", "adjlist", "adj",
		"mtx", "net", "paj", "gexf", "lgl", "ncol", "graph", "py":
		return true
	}
	return false
}

// exLooksNumeric rejects "3.5"-like matches.
func exLooksNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9') && c != '.' {
			return false
		}
	}
	return true
}

// exDataset is a dataset name and the phrases that name it.
type exDataset struct {
	name    string
	phrases []string
	needCtx bool // the phrase is an English word: needs "dataset/graph/network" next to it
}

// exDatasets lists the datasets of ../data and common named graphs.
func exDatasets() []exDataset {
	return []exDataset{
		{"karate", []string{"karate club", "karate"}, false},
		{"cora", []string{"cora"}, false},
		{"citeseer", []string{"citeseer"}, false},
		{"pubmed", []string{"pubmed"}, false},
		{"mutag", []string{"mutag"}, false},
		{"proteins", []string{"proteins"}, true},
		{"wn18rr", []string{"wn18rr"}, false},
		{"fb15k237", []string{"fb15k-237", "fb15k237", "fb15k 237"}, false},
		{"movietweetings", []string{"movietweetings"}, false},
		{"email_eu_core", []string{"email-eu-core", "email_eu_core", "email eu core"}, false},
		{"drugmechdb", []string{"drugmechdb"}, false},
		{"football", []string{"college football", "football"}, true},
		{"les_miserables", []string{"les miserables", "les misérables"}, false},
		{"florentine_families", []string{"florentine families", "florentine"}, false},
		{"davis_southern_women", []string{"davis southern women", "southern women"}, false},
		{"petersen", []string{"petersen"}, false},
		{"lollipop", []string{"lollipop"}, false},
		{"barbell", []string{"barbell"}, false},
		{"krackhardt_kite", []string{"krackhardt kite", "krackhardt"}, false},
	}
}

// exDatasetMayName is a cheap test on the question's words: a dataset's
// phrase matches the lower-case text, so the run of letters it starts with
// lies inside one of the text's words.
func exDatasetMayName(v *docWords) bool {
	for _, d := range exDatasets() {
		for _, ph := range d.phrases {
			run := ph
			for k := 0; k < len(ph); k++ {
				if ph[k] < 'a' || ph[k] > 'z' {
					run = ph[:k]
					break
				}
			}
			if v.any(func(w string) bool { return strings.Contains(w, run) }) {
				return true
			}
		}
	}
	return false
}

// exFindDataset returns the first dataset named in the lower-case question.
// Every phrase starts a word, so one pass over the word tokens, each looked
// up by its first word, finds them all.
func exFindDataset(q, lower string, toks []exTok) (name string, s, e int) {
	ds := exDatasets()
	for _, t := range toks {
		if t.kind != exWord || !exDatasetWord(t.low(q, lower)) {
			continue
		}
		for _, d := range ds {
			for _, ph := range d.phrases {
				a := int(t.s)
				b := a + len(ph)
				if !strings.HasPrefix(lower[a:], ph) || (b < len(lower) && exIsWordByte(lower, b)) {
					continue
				}
				if d.needCtx && !exNear(lower, a, b, "dataset", "graph", "network", "data", "benchmark") {
					continue
				}
				return d.name, a, b
			}
		}
	}
	return "", 0, 0
}

// exDatasetWord reports whether w is the first word of a dataset phrase
// (exDatasets), a cheap test before the phrases are compared.
func exDatasetWord(w string) bool {
	switch w {
	case "karate", "cora", "citeseer", "pubmed", "mutag", "proteins", "wn18rr", "fb15k", "fb15k237",
		"movietweetings", "email", "email_eu_core", "drugmechdb", "college", "football", "les", "florentine",
		"davis", "southern", "petersen", "lollipop", "barbell", "krackhardt":
		return true
	}
	return false
}

// exNear reports whether one of the words directly precedes or follows
// lower[a:b] (one space apart).
func exNear(lower string, a, b int, words ...string) bool {
	for _, w := range words {
		if strings.HasPrefix(lower[b:], " "+w) || strings.HasSuffix(lower[:a], w+" ") {
			return true
		}
	}
	return false
}

// sessionMayRefer is a cheap test on the question's words for
// sessionRefIn: each of its references needs "it", "its", "earlier" or a
// determiner right before "graph" or "network" (docWords.graphRef). A word
// with non-ASCII letters may lower-case to one of them, so a text with
// any is always looked at, and so is one with a Python list, which the
// tokens skip: the words on both sides of it are adjacent tokens.
func sessionMayRefer(v *docWords) bool {
	return v.nonASCII || v.graphRef || v.has("it") || v.has("its") || v.has("earlier")
}

// sessionRefIn reports whether the tokens refer to a graph given earlier,
// in one pass over the words: "it", "this graph", "the graph loaded
// earlier".
func (p *exScan) sessionRefIn() bool {
	for i, t := range p.toks {
		if t.kind != exWord {
			continue
		}
		// Every word below starts with one of these letters: most words
		// are passed over on their first byte (a word with non-ASCII
		// letters, whose lower case is computed, is always looked at).
		if c := p.lower[t.s]; !t.nonASCII && c != 'i' && c != 't' && c != 'm' && c != 'o' && c != 'l' && c != 'g' {
			continue
		}
		low := p.word(i)
		switch low {
		case "it", "its":
			return true
		case "this", "that", "my", "our", "the":
			switch p.word(i + 1) {
			case "graph", "network":
				return low != "that" || p.word(i+1) == "graph"
			case "same", "current", "previous", "above", "loaded", "last":
				if low == "the" && p.isWord(i+2, "graph") {
					return true
				}
			}
		case "loaded", "given":
			if p.isWord(i+1, "earlier") {
				return true
			}
		}
	}
	return false
}

// fileReader reads a graph file path named in the question
// ("data/roads.edgelist", "the path is data/graphs/roads").
type fileReader struct{}

// Name names the notation.
func (fileReader) Name() string { return "file" }

// Read returns the first graph file path; other paths are noted.
func (r fileReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	p, err := d.scanned(ctx)
	if err != nil || len(p.files) == 0 {
		return Reading{}, err
	}
	f := p.files[0]
	rd := Reading{Reader: r.Name(), File: f.path, Confidence: 0.95, fileCued: exFileCued(d.Text, d.Lower, f),
		Spans: []Span{{Start: f.s, End: f.e, Role: RoleGraph}}}
	for _, g := range p.files[1:] {
		if g.path != f.path {
			rd.Notes = append(rd.Notes, "another file path is named: "+strconv.Quote(g.path))
			rd.Confidence = min(rd.Confidence, 0.7)
		}
	}
	return rd, nil
}

// datasetReader reads a dataset named in the question ("the karate club
// graph", "Cora").
type datasetReader struct{}

// Name names the notation.
func (datasetReader) Name() string { return "dataset" }

// Read returns the first dataset named.
func (r datasetReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	p, err := d.scanned(ctx)
	if err != nil {
		return Reading{}, err
	}
	if !exDatasetMayName(d.words()) {
		return Reading{}, nil
	}
	ds, s, e := exFindDataset(d.Text, d.Lower, p.toks)
	if ds == "" {
		return Reading{}, nil
	}
	return Reading{Reader: r.Name(), Dataset: ds, Confidence: 0.9, Spans: []Span{{Start: s, End: e, Role: RoleGraph}}}, nil
}

// sessionReader reads a reference to a graph given earlier ("it", "this
// graph", "the graph loaded earlier").
type sessionReader struct{}

// Name names the notation.
func (sessionReader) Name() string { return "session" }

// Read reports whether the question refers to the session's graph.
func (r sessionReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	p, err := d.scanned(ctx)
	if err != nil || p.py == nil && !sessionMayRefer(d.words()) || !p.sessionRefIn() {
		return Reading{}, err
	}
	return Reading{Reader: r.Name(), Session: true, Confidence: 0.9}, nil
}
