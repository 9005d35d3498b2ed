package kg

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// Alias kinds: what an alias-table name is to its entity.
const (
	// AliasCommonName is a drug's or chemical's common name ("aspirin"
	// for acetylsalicylic acid, "acetaminophen" for paracetamol).
	AliasCommonName = "common_name"
	// AliasGeneSymbol is the HGNC (or organism) symbol of the gene
	// encoding a protein ("PTGS2").
	AliasGeneSymbol = "gene_symbol"
	// AliasAbbreviation is a usual abbreviation ("COX-2", "SERT").
	AliasAbbreviation = "abbreviation"
)

// AliasFile is the name of a knowledge graph's alias table, beside its
// other files (datasets/drugmechdb/aliases.tsv).
const AliasFile = "aliases.tsv"

// Alias is one row of an alias table: another name by which people name a
// node, the kind of name it is, and whether the name is known to name
// several nodes (then a reader must ask which one is meant).
type Alias struct {
	NodeID    string
	Alias     string
	Kind      string
	Ambiguous bool
}

// AliasTable is a hand-written table of names people use for a
// knowledge graph's nodes that the data does not carry: common drug names
// and gene symbols. Its names rank below the data's own names: readers
// consult it only when no entity has the name itself. It is immutable and
// safe for concurrent use.
type AliasTable struct {
	rows   []Alias
	byName map[string][]int // normalised alias -> row indices
	// maxWords is the most words a normalised alias has.
	maxWords int
}

// ReadAliases reads an alias table: a tab-separated file with the header
// node_id, alias, kind, ambiguous; kind is common_name, gene_symbol or
// abbreviation, ambiguous is "yes" or empty. A row repeated, an unknown
// kind, an empty alias, or one alias naming several nodes without every
// such row marked ambiguous is an error wrapping ErrFormat.
func ReadAliases(ctx context.Context, open OpenFunc, name string) (*AliasTable, error) {
	t := &AliasTable{byName: map[string][]int{}}
	seen := map[[2]string]bool{}
	line := 1
	err := readTable(ctx, open, name, []string{"node_id", "alias", "kind", "ambiguous"}, func(f []string) error {
		line++
		a := Alias{NodeID: strings.TrimSpace(f[0]), Alias: strings.TrimSpace(f[1]), Kind: strings.TrimSpace(f[2])}
		switch amb := strings.TrimSpace(f[3]); amb {
		case "yes":
			a.Ambiguous = true
		case "", "no":
		default:
			return fmt.Errorf("ambiguous is %q, want yes or empty: %w", amb, ErrFormat)
		}
		switch a.Kind {
		case AliasCommonName, AliasGeneSymbol, AliasAbbreviation:
		default:
			return fmt.Errorf("kind %q, want %s, %s or %s: %w", a.Kind, AliasCommonName, AliasGeneSymbol, AliasAbbreviation, ErrFormat)
		}
		k := Normalize(a.Alias)
		if a.NodeID == "" || k == "" {
			return fmt.Errorf("an empty node_id or alias: %w", ErrFormat)
		}
		if seen[[2]string{a.NodeID, k}] {
			return fmt.Errorf("alias %q of %s listed twice: %w", a.Alias, a.NodeID, ErrFormat)
		}
		seen[[2]string{a.NodeID, k}] = true
		t.byName[k] = append(t.byName[k], len(t.rows))
		t.rows = append(t.rows, a)
		t.maxWords = max(t.maxWords, strings.Count(k, " ")+1)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for k, idx := range t.byName {
		if len(idx) < 2 {
			continue
		}
		for _, i := range idx {
			if !t.rows[i].Ambiguous {
				return nil, fmt.Errorf("%s: alias %q names %d nodes but is not marked ambiguous for %s: %w", name, k, len(idx), t.rows[i].NodeID, ErrFormat)
			}
		}
	}
	return t, nil
}

// ReadAliasesIfPresent is ReadAliases, returning a nil table and no error
// when the file does not exist (a knowledge graph without an alias table).
func ReadAliasesIfPresent(ctx context.Context, open OpenFunc, name string) (*AliasTable, error) {
	t, err := ReadAliases(ctx, open, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return t, err
}

// Rows returns the table's rows in file order (shared; do not modify).
func (t *AliasTable) Rows() []Alias {
	if t == nil {
		return nil
	}
	return t.rows
}

// Lookup returns the rows whose alias normalises (Normalize) to the same
// text as mention, in file order. A nil table has none.
func (t *AliasTable) Lookup(mention string) []Alias {
	if t == nil {
		return nil
	}
	idx := t.byName[Normalize(mention)]
	out := make([]Alias, len(idx))
	for i, j := range idx {
		out[i] = t.rows[j]
	}
	return out
}

// MaxWords is the largest number of words in a normalised alias.
func (t *AliasTable) MaxWords() int {
	if t == nil {
		return 0
	}
	return t.maxWords
}

// Describe says how mention was read through a: `"aspirin" read as
// Acetylsalicylic acid (common name)`, with name the node's name.
func (a Alias) Describe(mention, name string) string {
	kind := strings.ReplaceAll(a.Kind, "_", " ")
	return fmt.Sprintf("%q read as %s (its %s in the alias table)", strings.TrimSpace(mention), name, kind)
}

// Synonym is an entity named by an alias-table row.
type Synonym struct {
	Entity int32
	Alias
}

// Synonyms returns the entities the knowledge graph's alias table names
// mention by, in table order; none when the graph has no table. Callers
// consult it only when Exact finds nothing, so the data's own names win.
// The entities are ambiguous when more than one is returned.
func (g *KG) Synonyms(mention string) []Synonym {
	rows := g.synonyms.Lookup(mention)
	out := make([]Synonym, 0, len(rows))
	for _, a := range rows {
		if e, ok := g.entityByID[a.NodeID]; ok {
			out = append(out, Synonym{Entity: e, Alias: a})
		}
	}
	return out
}

// AliasTable returns the knowledge graph's alias table, or nil.
func (g *KG) AliasTable() *AliasTable { return g.synonyms }

// CheckAliases reports an error naming the alias-table rows whose node_id
// has not has (is not in the data).
func CheckAliases(t *AliasTable, name string, has func(id string) bool) error {
	var missing []string
	for _, a := range t.Rows() {
		if !has(a.NodeID) && !slices.Contains(missing, a.NodeID) {
			missing = append(missing, a.NodeID)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s: node(s) %s are not in the knowledge graph: %w", name, strings.Join(missing, ", "), ErrFormat)
	}
	return nil
}
