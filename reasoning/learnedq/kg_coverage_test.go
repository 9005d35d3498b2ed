package learnedq

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

// readTSV returns the rows of a shipped dataset's file, header dropped.
func readTSV(t *testing.T, ds, file string) [][]string {
	t.Helper()
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	f, err := dataset.Open(filepath.Join(dir, ds, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		if !first {
			rows = append(rows, strings.Split(sc.Text(), "\t"))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// coverage counts the readings of one phrasing.
type coverage struct {
	right, refused, notRead, wrong int
	examples                       []string // readings not right, a few
	wrongs                         []string // wrong readings, a few
}

func (c coverage) total() int { return c.right + c.refused + c.notRead + c.wrong }

func (c coverage) String() string {
	n := max(c.total(), 1)
	return fmt.Sprintf("%d questions: right %d (%.1f%%), refused %d (%.1f%%), not read %d (%.1f%%), wrong %d (%.1f%%)",
		c.total(), c.right, 100*float64(c.right)/float64(n), c.refused, 100*float64(c.refused)/float64(n),
		c.notRead, 100*float64(c.notRead)/float64(n), c.wrong, 100*float64(c.wrong)/float64(n))
}

// TestReadKGCoverage asks questions made from the test triples of both
// knowledge graphs, one phrasing per kind, with words taken from the data
// (relation texts; for FB15k-237 the relation path's last segment) and each
// entity by its name when that name is unique, else its synset name or MID:
//
//	notation  predict the tail of (HEAD, RELATION_ID, ?) in KG
//	tail      In KG, what is the WORDS of HEAD?
//	head      In KG, what is TAIL a WORDS of?
//	relation  In KG, how is HEAD related to TAIL?
//
// Each reading is right (the tool and arguments the triple asks), refused
// (an error saying why), not read, or wrong (another tool or other
// arguments: a confident wrong question). The notation must always be
// right, and no phrasing may be wrong on more than 2% of the questions.
// Every 25th triple by default; all of them with GRAPHAGENT_KGQ_ALL=1 (-v
// prints the counts).
func TestReadKGCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("loads WN18RR and FB15k-237")
	}
	step := 25
	if os.Getenv("GRAPHAGENT_KGQ_ALL") != "" {
		step = 1
	}
	ctx := context.Background()
	for _, ds := range []string{"wn18rr", "fb15k237"} {
		x, err := shippedKGsForTests.Explorer(ctx, ds)
		if err != nil {
			t.Fatal(err)
		}
		g := x.KG()
		// FB15k-237's triples name relations by number.
		relByNum := map[string]string{}
		if ds == "fb15k237" {
			for _, f := range readTSV(t, ds, "relations.tsv") {
				relByNum[f[0]] = f[1]
			}
		}
		// name is how a question names entity e: its name when unique,
		// else its first alias (synset name, MID) when unique, else its ID.
		name := func(e int32) string {
			en := g.Entity(e)
			for _, n := range append([]string{en.Name}, en.Aliases...) {
				if n != "" && len(g.Exact(n)) == 1 {
					return n
				}
			}
			return en.ID
		}
		words := func(r int32) string {
			rel := g.Relation(r)
			if i := strings.LastIndexAny(rel.ID, "/."); i >= 0 && strings.HasPrefix(rel.ID, "/") {
				return strings.ReplaceAll(rel.ID[i+1:], "_", " ")
			}
			return rel.Text
		}
		kinds := map[string]*coverage{"notation": {}, "tail": {}, "head": {}, "relation": {}}
		check := func(kind, q, tool string, want map[string]any) {
			c := kinds[kind]
			got, ok, err := ReadKG(ctx, q, shippedKGsForTests)
			wb, _ := json.Marshal(want)
			gb, _ := json.Marshal(got.Args)
			switch {
			case !ok:
				c.notRead++
				if len(c.examples) < 8 {
					c.examples = append(c.examples, fmt.Sprintf("not read: %q", q))
				}
			case err != nil:
				if !errors.Is(err, ErrAmbiguous) && !errors.Is(err, ErrUnknown) && !errors.Is(err, ErrUnclear) {
					t.Errorf("%q: error of no kind: %v", q, err)
				}
				c.refused++
				if len(c.examples) < 8 {
					c.examples = append(c.examples, fmt.Sprintf("refused: %q: %v", q, err))
				}
			case got.Tool == tool && string(gb) == string(wb):
				c.right++
			default:
				c.wrong++
				if len(c.wrongs) < 8 {
					c.wrongs = append(c.wrongs, fmt.Sprintf("wrong: %q read as %s %s, want %s %s", q, got.Tool, gb, tool, wb))
				}
			}
		}
		for i, f := range readTSV(t, ds, "test.tsv") {
			if i%step != 0 {
				continue
			}
			relID := f[1]
			if n, ok := relByNum[relID]; ok {
				relID = n
			}
			h, ok1 := g.EntityByID(f[0])
			r, ok2 := g.RelationByID(relID)
			tl, ok3 := g.EntityByID(f[2])
			if !ok1 || !ok2 || !ok3 {
				t.Fatalf("%s test triple %v not in the knowledge graph", ds, f)
			}
			hid, tid, rel := g.Entity(h).ID, g.Entity(tl).ID, g.Relation(r)
			relArg := rel.Text
			if relArg == "" {
				relArg = rel.ID
			}
			tail := map[string]any{"dataset": ds, "entity": hid, "relation": relArg}
			head := map[string]any{"dataset": ds, "entity": tid, "relation": relArg}
			check("notation", fmt.Sprintf("predict the tail of (%s, %s, ?) in %s", name(h), rel.ID, ds), ToolTailEntity, tail)
			check("tail", fmt.Sprintf("In %s, what is the %s of %s?", ds, words(r), name(h)), ToolTailEntity, tail)
			check("head", fmt.Sprintf("In %s, what is %s a %s of?", ds, name(tl), words(r)), ToolHeadEntity, head)
			check("relation", fmt.Sprintf("In %s, how is %s related to %s?", ds, name(h), name(tl)),
				ToolRelation, map[string]any{"dataset": ds, "head": hid, "tail": tid})
		}
		for _, kind := range []string{"notation", "tail", "head", "relation"} {
			c := kinds[kind]
			t.Logf("%s %-8s %v", ds, kind, c)
			for _, e := range append(c.wrongs, c.examples...) {
				t.Logf("  %s", e)
			}
			if kind == "notation" && c.right != c.total() {
				t.Errorf("%s notation: %v", ds, c)
			}
			if c.wrong*50 > c.total() {
				t.Errorf("%s %s: wrong on more than 2%%: %v", ds, kind, c)
			}
		}
	}
}
