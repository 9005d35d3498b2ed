package analog

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/kg"
)

// TestEntityAliases resolves link-question names: the data's names first,
// then DrugMechDB's alias table, saying which name was read as which; an
// alias of the wrong type is refused with its reading; an alias naming
// two entities of the wanted type asks which one is meant.
func TestEntityAliases(t *testing.T) {
	d := loadLinks(t)
	for _, tc := range []struct{ name, typ, id, reading string }{
		{"aspirin", SourceType, "MESH:D001241", `"aspirin" read as Acetylsalicylic acid (its common name in the alias table)`},
		{"PTGS2", TargetType, "UniProt:P35354", `"PTGS2" read as Prostaglandin G/H synthase 2 (its gene symbol in the alias table)`},
		{"COX-1", TargetType, "UniProt:P23219", `"COX-1" read as Prostaglandin G/H synthase 1 (its abbreviation in the alias table)`},
		{"acetylsalicylic acid", SourceType, "MESH:D001241", ""},
		// Two nodes named "nicotinic acid" (a drug, a chemical): the
		// question's type picks the drug.
		{"niacin", SourceType, "MESH:D009525", `"niacin" read as Nicotinic acid (its common name in the alias table)`},
	} {
		e, reading, err := entity(d, tc.name, tc.typ)
		if err != nil || d.IDs[e] != tc.id || reading != tc.reading {
			t.Errorf("%q: %s, %q, %v; want %s, %q", tc.name, d.IDs[e], reading, err, tc.id, tc.reading)
		}
	}
	if _, _, err := entity(d, "PTGS2", SourceType); !errors.Is(err, ErrUnknownItem) || !strings.Contains(err.Error(), `"PTGS2", read as Prostaglandin G/H synthase 2, is a Protein`) {
		t.Errorf("gene symbol as a drug: %v", err)
	}
	if _, _, err := entity(d, "aspirinol", SourceType); !errors.Is(err, ErrUnknownItem) || !strings.Contains(err.Error(), `no drug named "aspirinol"`) {
		t.Errorf("unknown name: %v", err)
	}

	// A small dataset: exact names win; an ambiguous alias asks which.
	tab, err := kg.ReadAliases(context.Background(), func(context.Context, string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader("node_id\talias\tkind\tambiguous\nB\talpha\tcommon_name\t\nA\tab\tcommon_name\tyes\nB\tab\tcommon_name\tyes\n")), nil
	}, "t.tsv")
	if err != nil {
		t.Fatal(err)
	}
	small := &LinkData{IDs: []string{"A", "B"}, Index: map[string]int32{"A": 0, "B": 1}, Types: []string{SourceType, SourceType},
		Names: []string{"alpha", "beta"}, alias: map[string][]int32{"alpha": {0}, "beta": {1}}, synonyms: tab}
	if e, reading, err := entity(small, "Alpha", SourceType); err != nil || e != 0 || reading != "" {
		t.Errorf("exact name over alias: %d, %q, %v", e, reading, err)
	}
	if _, _, err := entity(small, "ab", SourceType); !errors.Is(err, ErrUnknownItem) || !strings.Contains(err.Error(), "alpha (A) or beta (B)") || !strings.Contains(err.Error(), "which one do you mean") {
		t.Errorf("ambiguous alias: %v", err)
	}
}

// TestAliasReadingsInSentence: the answer says which names were read as which.
func TestAliasReadingsInSentence(t *testing.T) {
	a := &Answer{Dataset: LinkDataset, Item: "Acetylsalicylic acid -> Prostaglandin G/H synthase 2", Label: Yes, Confidence: 0.9,
		Readings: []string{`"aspirin" read as Acetylsalicylic acid (its common name in the alias table)`}}
	want := `"aspirin" read as Acetylsalicylic acid (its common name in the alias table). Acetylsalicylic acid -> Prostaglandin G/H synthase 2: link yes (confidence 0.90).`
	if got := a.Sentence(); got != want {
		t.Errorf("Sentence() = %q, want %q", got, want)
	}
}
