package kg

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

// stringsOpen opens files held in a map; a missing one wraps fs.ErrNotExist.
func stringsOpen(files map[string]string) OpenFunc {
	return func(_ context.Context, name string) (io.ReadCloser, error) {
		s, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("open %s: %w", name, fs.ErrNotExist)
		}
		return io.NopCloser(strings.NewReader(s)), nil
	}
}

// aliasKindFits says which entity types each alias kind may name.
var aliasKindFits = map[string][]string{
	AliasCommonName:   {"Drug", "ChemicalSubstance"},
	AliasGeneSymbol:   {"Protein"},
	AliasAbbreviation: {"Drug", "ChemicalSubstance", "Protein"},
}

// TestShippedAliases checks DrugMechDB's hand-written alias table against
// the data: every row's node exists and its type fits the kind, no alias
// is already a name of the data (it could never be read: the data's names
// win), an alias naming several nodes is marked ambiguous on every row,
// and the table covers the most frequent proteins of the curated paths.
func TestShippedAliases(t *testing.T) {
	g := shipped(t, "drugmechdb")
	table := g.AliasTable()
	if len(table.Rows()) < 350 {
		t.Fatalf("alias table: %d rows, want the shipped table (>= 350)", len(table.Rows()))
	}
	byAlias := map[string][]Alias{}
	for _, a := range table.Rows() {
		e, ok := g.EntityByID(a.NodeID)
		if !ok {
			t.Errorf("alias %q: node %s is not in nodes.tsv", a.Alias, a.NodeID)
			continue
		}
		if !slices.Contains(aliasKindFits[a.Kind], g.TypeName(e)) {
			t.Errorf("alias %q (%s) names %s, a %s", a.Alias, a.Kind, g.Label(e), g.TypeName(e))
		}
		if es := g.Exact(a.Alias); len(es) > 0 {
			t.Errorf("alias %q of %s is already a name of %s in the data", a.Alias, a.NodeID, g.Label(es[0]))
		}
		byAlias[Normalize(a.Alias)] = append(byAlias[Normalize(a.Alias)], a)
	}
	for k, rows := range byAlias {
		syn := g.Synonyms(k)
		if len(syn) != len(rows) {
			t.Errorf("Synonyms(%q): %d entities, want %d", k, len(syn), len(rows))
		}
		if len(rows) > 1 {
			for _, a := range rows {
				if !a.Ambiguous {
					t.Errorf("alias %q names %d nodes but its row for %s is not marked ambiguous", k, len(rows), a.NodeID)
				}
			}
		}
	}
	for alias, id := range map[string]string{
		"aspirin": "MESH:D001241", "Paracetamol": "MESH:D000082", "PTGS2": "UniProt:P35354", "COX-2": "UniProt:P35354",
		"cox2": "UniProt:P35354", "PTGS1": "UniProt:P23219", "COX-1": "UniProt:P23219", "adrenaline": "MESH:D004837",
	} {
		if syn := g.Synonyms(alias); len(syn) != 1 || g.Entity(syn[0].Entity).ID != id {
			t.Errorf("Synonyms(%q) = %v, want %s", alias, syn, id)
		}
	}

	// Coverage: of the 150 (250) proteins on most curated path edges,
	// those with a gene symbol in the table (136 (218) when written; the
	// rest are bacterial, viral or unreviewed entries, or families).
	count := map[string]int{}
	err := readTable(context.Background(), dataset.OpenShipped, "drugmechdb/path_edges.tsv", []string{"source", "target"}, func(f []string) error {
		for _, id := range f {
			if e, ok := g.EntityByID(id); ok && g.TypeName(e) == "Protein" {
				count[id]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 0, len(count))
	for id := range count {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int { return cmp.Or(cmp.Compare(count[b], count[a]), strings.Compare(a, b)) })
	symbol := map[string]bool{}
	for _, a := range table.Rows() {
		if a.Kind == AliasGeneSymbol {
			symbol[a.NodeID] = true
		}
	}
	for _, c := range []struct{ top, want int }{{150, 130}, {250, 210}} {
		covered := 0
		for _, id := range ids[:min(c.top, len(ids))] {
			if symbol[id] {
				covered++
			}
		}
		if covered < c.want {
			t.Errorf("%d of the %d most frequent proteins have a gene symbol, want >= %d", covered, c.top, c.want)
		}
	}
}

func TestReadAliasesErrors(t *testing.T) {
	const header = "node_id\talias\tkind\tambiguous\n"
	files := map[string]string{
		"ok.tsv":        header + "A\taspirin\tcommon_name\t\nA\tASA\tabbreviation\t\nB\tnia\tcommon_name\tyes\nC\tNIA\tcommon_name\tyes\n",
		"kind.tsv":      header + "A\taspirin\tbrand_name\t\n",
		"shared.tsv":    header + "A\tnia\tcommon_name\t\nB\tnia\tcommon_name\tyes\n",
		"twice.tsv":     header + "A\taspirin\tcommon_name\t\nA\tAspirin\tcommon_name\t\n",
		"empty.tsv":     header + "A\t--\tcommon_name\t\n",
		"ambiguous.tsv": header + "A\taspirin\tcommon_name\tmaybe\n",
		"columns.tsv":   "node_id\talias\tkind\nA\taspirin\tcommon_name\n",
		"short.tsv":     header + "A\taspirin\n",
	}
	ctx := context.Background()
	open := stringsOpen(files)
	tab, err := ReadAliases(ctx, open, "ok.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Lookup(" Aspirin "); len(got) != 1 || got[0].NodeID != "A" || got[0].Kind != AliasCommonName {
		t.Errorf("Lookup(aspirin) = %v", got)
	}
	if got := tab.Lookup("nia"); len(got) != 2 || !got[0].Ambiguous || got[1].NodeID != "C" {
		t.Errorf("Lookup(nia) = %v", got)
	}
	if tab.MaxWords() != 1 || len(tab.Rows()) != 4 {
		t.Errorf("MaxWords %d, %d rows", tab.MaxWords(), len(tab.Rows()))
	}
	for _, name := range []string{"kind.tsv", "shared.tsv", "twice.tsv", "empty.tsv", "ambiguous.tsv", "columns.tsv", "short.tsv"} {
		if _, err := ReadAliases(ctx, open, name); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: err %v, want ErrFormat naming the file", name, err)
		}
	}
	if tab, err := ReadAliasesIfPresent(ctx, open, "none.tsv"); tab != nil || err != nil {
		t.Errorf("missing table: %v, %v; want none", tab, err)
	}
	var none *AliasTable
	if none.Lookup("aspirin") != nil || none.MaxWords() != 0 || none.Rows() != nil {
		t.Error("a nil table names nothing")
	}
}

// TestAliasTableInGraph: a table naming a node the graph lacks is refused;
// Synonyms is separate from Exact, so callers can let the data's names win.
func TestAliasTableInGraph(t *testing.T) {
	ctx := context.Background()
	const header = "node_id\talias\tkind\tambiguous\n"
	open := stringsOpen(map[string]string{
		"t.tsv":   header + "b\talpha\tabbreviation\t\na\tthe first letter of the alphabet\tcommon_name\t\n",
		"bad.tsv": header + "zz\tomega\tcommon_name\t\n",
	})
	build := func(table string) (*KG, error) {
		b := NewBuilder("t")
		b.Describe("a", "alpha", "Drug")
		b.Describe("b", "beta", "Protein")
		b.Add("a", "inhibits", "b")
		tab, err := ReadAliases(ctx, open, table)
		if err != nil {
			return nil, err
		}
		b.Synonyms = tab
		return b.Build()
	}
	if _, err := build("bad.tsv"); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "zz") {
		t.Errorf("unknown node: %v", err)
	}
	g, err := build("t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := g.EntityByID("a")
	b, _ := g.EntityByID("b")
	if ex, syn := g.Exact("alpha"), g.Synonyms("alpha"); !slices.Equal(ex, []int32{a}) || len(syn) != 1 || syn[0].Entity != b {
		t.Errorf("alpha: exact %v, synonyms %v", ex, syn)
	}
	if g.MaxAliasWords() != 6 {
		t.Errorf("MaxAliasWords %d, want 6 (the table's longest alias)", g.MaxAliasWords())
	}
	if s := g.Synonyms("the first letter of the alphabet")[0].Describe("the first letter of the alphabet", "alpha"); s != `"the first letter of the alphabet" read as alpha (its common name in the alias table)` {
		t.Errorf("Describe: %s", s)
	}
}
