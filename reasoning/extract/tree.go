package extract

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// IndentTree reads a hierarchy written as an indented list, as org charts,
// outlines and file trees are pasted:
//
//	Kim  (CEO)                 project/
//	  - Dana                   ├── src/
//	    - Eli                  │   └── main.go
//	  - Raj                    └── README.md
//
// Each item is an edge from the nearest item above it indented less: the
// edge points from the parent to the child, and the reading says so. A
// remark in brackets after a name ("(CEO)") is not part of it. The block
// is consecutive lines with at least one bullet or tree branch and two
// levels; an item that is a sentence (more than four words, a question)
// ends it, and a block whose indentation does not nest (a child with no
// parent) is not read.
type IndentTree struct{}

// Name names the notation.
func (IndentTree) Name() string { return "indented tree" }

// treeMaxWords bounds the words of one item's name.
const treeMaxWords = 4

// treeItem is one line of a tree: the column its item starts at, the
// name and where it is, whether it had a bullet or a branch.
type treeItem struct {
	indent int
	name   string
	s, e   int // the name's span in the question
	ls, le int // the line's span
	marked bool
}

// treeLine reads one line as a tree item.
func treeLine(text string, ln textLine) (treeItem, bool) {
	line := text[ln.Start:ln.End]
	col, i := 0, 0
	marked := false
	for i < len(line) {
		r, n := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == ' ':
			col++
		case r == '\t':
			col += 4
		case r == '│' || r == '├' || r == '└' || r == '─' || r == '|' || r == '`' || r == '+' && i+1 < len(line) && line[i+1] == '-':
			col++
			marked = marked || r != '│' && r != '|'
		default:
			goto name
		}
		i += n
	}
name:
	rest := line[i:]
	// A bullet: "- ", "* ", "+ ", "• ".
	for _, b := range []string{"- ", "* ", "+ ", "• ", "-- "} {
		if strings.HasPrefix(rest, b) {
			rest, i, col, marked = rest[len(b):], i+len(b), col+len(b), true
			break
		}
	}
	for strings.HasPrefix(rest, "─") || strings.HasPrefix(rest, "-") && !strings.HasPrefix(rest, "- ") && marked {
		_, n := utf8.DecodeRuneInString(rest)
		rest, i = rest[n:], i+n
	}
	lead := len(rest) - len(strings.TrimLeft(rest, " "))
	rest, i = rest[lead:], i+lead
	name := strings.TrimRight(rest, " \t")
	// A remark in brackets after the name: "Kim  (CEO)".
	if k := strings.Index(name, "("); k > 0 && strings.HasSuffix(name, ")") {
		name = strings.TrimRight(name[:k], " ")
	}
	if strings.HasSuffix(name, ":") {
		return treeItem{}, false // a heading ("Edges:", "Steps:"), not an item
	}
	if name == "" || len(name) > 48 || strings.Count(name, " ") >= treeMaxWords || strings.ContainsAny(name, "?!;,=<>{}[]\"→↔—–:") ||
		strings.HasSuffix(name, ".") || strings.Contains(name, " - ") || strings.Contains(name, "--") {
		return treeItem{}, false // a sentence or an edge, not a name
	}
	if r, _ := utf8.DecodeRuneInString(name); !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.' && r != '_' {
		return treeItem{}, false
	}
	return treeItem{indent: col, name: name, s: ln.Start + i, e: ln.Start + i + len(name), ls: ln.Start, le: ln.End, marked: marked}, true
}

// Read implements Reader.
func (IndentTree) Read(ctx context.Context, d *Doc) (Reading, error) {
	if !strings.Contains(d.Text, "\n ") && !strings.Contains(d.Text, "├") && !strings.Contains(d.Text, "└") {
		return Reading{}, nil
	}
	lines := d.textLines()
	var out Reading
	for i := 0; i < len(lines); i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		var block []treeItem
		j := i
		for ; j < len(lines); j++ {
			it, ok := treeLine(d.Text, lines[j])
			if !ok {
				break
			}
			block = append(block, it)
		}
		if r, ok := treeReading(block); ok {
			if out.Reader == "" {
				out = r
			} else {
				mergeGraphReading(&out, r, "indented tree")
			}
		}
		i = max(i, j)
	}
	return out, nil
}

// treeReading makes the edges of a block of tree items: each item's
// parent is the nearest item above it indented less.
func treeReading(block []treeItem) (Reading, bool) {
	if len(block) < 3 {
		return Reading{}, false
	}
	marked, levels := 0, map[int]bool{}
	for _, it := range block {
		if it.marked {
			marked++
		}
		levels[it.indent] = true
	}
	// Every item but the roots has a bullet or a branch, and the items
	// stand at two or more levels.
	if len(levels) < 2 || marked < len(block)-1 || !block[1].marked && !block[0].marked {
		return Reading{}, false
	}
	r := Reading{Reader: IndentTree{}.Name(), Directed: DirDirected, Confidence: 0.95}
	var stack []treeItem
	seen := map[string]bool{}
	roots := 0
	for _, it := range block {
		for len(stack) > 0 && stack[len(stack)-1].indent >= it.indent {
			stack = stack[:len(stack)-1]
		}
		if seen[it.name] {
			r.Confidence = min(r.Confidence, 0.6)
			r.Notes = append(r.Notes, fmt.Sprintf("%q stands twice in the tree", it.name))
		}
		if !seen[it.name] {
			seen[it.name] = true
			r.Nodes = append(r.Nodes, it.name)
			r.NodeStarts = append(r.NodeStarts, it.s)
		}
		if len(stack) == 0 {
			roots++
			if it.indent > block[0].indent {
				return Reading{}, false // an item indented under nothing
			}
		} else {
			p := stack[len(stack)-1]
			r.Edges = append(r.Edges, Edge{U: p.name, V: it.name, Start: it.ls, End: it.le})
		}
		stack = append(stack, it)
	}
	if len(r.Edges) == 0 {
		return Reading{}, false
	}
	if roots > 1 {
		r.Notes = append(r.Notes, fmt.Sprintf("the tree has %d roots", roots))
	}
	r.Facts = map[string]string{"edge_direction": "from each item to the items indented under it"}
	r.Spans = []Span{{Start: block[0].ls, End: block[len(block)-1].le, Role: RoleGraph}}
	return r, true
}
