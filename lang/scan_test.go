package lang

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// lexiconWords are the words whose lists belong in the lexicon, by kind:
// the forms of the one-way relation verbs (not the graph words "follows",
// "points to", "links to", "leads to", "goes to"), the units of distance,
// cost and capacity, and the everyday nouns of nodes and edges (not
// "node", "vertex", "edge", "link").
func lexiconWords(l *Lexicon) map[string]string {
	out := map[string]string{}
	for _, r := range l.OneWay() {
		if r.Plain || r.Common {
			continue
		}
		for _, f := range r.Forms() {
			out[f] = "relation verb"
		}
	}
	// Words that are units only in some sentences ("people", "messages",
	// "blocks", "m") are not counted.
	for w, m := range l.Units() {
		if (m == Distance || m == Cost || m == Capacity) && len(w) > 1 && l.Word(w)&(NodeNoun|EdgeNoun) == 0 &&
			!slices.Contains([]string{"people", "messages", "cars", "vehicles", "passengers", "packets", "blocks",
				"credits", "coins", "pounds", "crowns", "cent", "cents", "foot", "feet", "yard", "yards", "tons", "mile"}, w) {
			out[w] = "unit"
		}
	}
	for _, w := range l.NodeNouns() {
		if !slices.Contains([]string{"node", "nodes", "vertex", "vertices"}, w) {
			out[w] = "node noun"
		}
	}
	for _, w := range append(l.EdgeNouns(), l.DirectedEdgeNouns()...) {
		if !slices.Contains([]string{"edge", "edges", "link", "links", "path", "paths", "line", "lines", "call", "calls",
			"train", "trains", "message", "messages", "email", "emails", "e-mail", "e-mails"}, w) {
			out[w] = "edge noun"
		}
	}
	return out
}

// wordList is a group of string literals that may be a word list: one
// literal (a regexp alternation), one composite literal of strings, or
// one case clause of a switch.
type wordList struct {
	pos   token.Position
	words map[string]string // lexicon word → kind
}

// lexiconLists returns the word lists of the Go source file that hold at
// least three words of words.
func lexiconLists(fset *token.FileSet, f *ast.File, words map[string]string) []wordList {
	var out []wordList
	add := func(pos token.Pos, lits []*ast.BasicLit) {
		found := map[string]string{}
		for _, lit := range lits {
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				continue
			}
			for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return (r < 'a' || r > 'z') && r != '-' }) {
				if k, ok := words[strings.Trim(w, "-")]; ok {
					found[strings.Trim(w, "-")] = k
				}
			}
		}
		if len(found) >= 3 {
			out = append(out, wordList{pos: fset.Position(pos), words: found})
		}
	}
	strs := func(es []ast.Expr) []*ast.BasicLit {
		var lits []*ast.BasicLit
		for _, e := range es {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Key
			}
			if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				lits = append(lits, lit)
			}
		}
		return lits
	}
	inGroup := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			lits := strs(n.Elts)
			for _, l := range lits {
				inGroup[l] = true
			}
			add(n.Pos(), lits)
		case *ast.CaseClause:
			lits := strs(n.List)
			for _, l := range lits {
				inGroup[l] = true
			}
			add(n.Pos(), lits)
		case *ast.BasicLit:
			// One literal is a list when it is an alternation ("a|b|c",
			// an intent phrase's "a/b/c"); prose (help texts, prompts) is
			// not.
			if n.Kind == token.STRING && !inGroup[n] && (strings.Contains(n.Value, "|") ||
				strings.Contains(n.Value, "/") && !strings.Contains(n.Value, ". ") && !strings.Contains(n.Value, `\n`)) {
				add(n.Pos(), []*ast.BasicLit{n})
			}
		}
		return true
	})
	return out
}

// TestNoWordListsOutsideLexicon scans the repository's Go source (not
// tests, not lang/) for lists of the lexicon's relation verbs, units and
// node and edge nouns: a string literal, a composite literal of strings or
// a case clause holding three or more of them. Such lists are what let the
// words of one question disagree from package to package ("visits" an edge
// verb in one list and missing from another); they belong in
// lexicon.json, and the code builds its alternations and word sets from a
// Lexicon. The lists not yet moved are counted in lexiconListsLeft; no
// file may gain one.
func TestNoWordListsOutsideLexicon(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	words := lexiconWords(Default())
	fset := token.NewFileSet()
	found := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "lang") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		for _, l := range lexiconLists(fset, f, words) {
			ws := make([]string, 0, len(l.words))
			for w, k := range l.words {
				ws = append(ws, k+" "+w)
			}
			slices.Sort(ws)
			found[rel] = append(found[rel], fmt.Sprintf("%s:%d: %s", rel, l.pos.Line, strings.Join(ws, ", ")))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for file, lists := range found {
		total += len(lists)
		if len(lists) > lexiconListsLeft[file] {
			t.Errorf("%s has %d lists of the lexicon's words (at most %d are left to move): move them to lang/lexicon.json and build them from a Lexicon:\n%s",
				file, len(lists), lexiconListsLeft[file], strings.Join(lists, "\n"))
		} else {
			for _, l := range lists {
				t.Log("left to move: " + l)
			}
		}
	}
	for file, n := range lexiconListsLeft {
		if len(found[file]) < n {
			t.Errorf("%s has %d lists of the lexicon's words, fewer than the %d lexiconListsLeft allows: lower it", file, len(found[file]), n)
		}
	}
	t.Logf("%d lists left to move", total)
}

// lexiconListsLeft are the lists of the lexicon's words not yet moved into
// it, per file: a ratchet (a file may not gain one, and the count is
// lowered as they move). Most are intent cues whose node and edge nouns
// are a cue's own subset of the lexicon's.
var lexiconListsLeft = map[string]int{
	"reasoning/builtin_cues.go":        19,
	"reasoning/explore/lexicon.go":     1,
	"reasoning/extract/bipartite.go":   2,
	"reasoning/extract/pairphrases.go": 2,
	"reasoning/extract/precedence.go":  2,
	"reasoning/extract/prose.go":       1,
	"reasoning/extract/prosetext.go":   3,
	"reasoning/learnedq/learnedq.go":   3,
	"tools/advanced_structure.go":      1,
	"tools/advanced_walks.go":          2,
}

// TestLexiconListsFound: the scan finds the lists it is for, so that a
// clean scan means something.
func TestLexiconListsFound(t *testing.T) {
	src := `package p
var a = ` + "`manages?|mentors?|cites?`" + `
var b = []string{"km", "usd", "mbps"}
const c = "who/which follow/follows/mentor/mentors/manage/manages X"
func f(w string) bool {
	switch w {
	case "servers", "routers", "airports":
		return true
	case "nodes", "edges", "follows":
		return false
	}
	_ = "Ann manages Bo, mentors Cy and cites Di."
	return false
}`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := lexiconLists(fset, f, lexiconWords(Default()))
	if len(got) != 4 {
		t.Errorf("found %d lists, want 4 (a verb alternation, a unit list, an intent phrase, a case of node nouns): %+v", len(got), got)
	}
}
