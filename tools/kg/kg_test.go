package kg

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestShippedSizes(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		entities, relations   int
		minTriples, maxTriple int
	}{
		// READMEs: WN18RR 40,943 entities, 11 relations, 93,003 triples
		// in the three splits; DrugMechDB 4,081 nodes, 74 relations,
		// 8,025 unique triples; FB15k-237 14,541 entities, 237 relations,
		// 310,116 triples.
		{"wn18rr", 40943, 11, 92000, 93003},
		{"drugmechdb", 4081, 74, 8025, 8025},
		{"fb15k237", 14541, 237, 310000, 310116},
	} {
		g := shipped(t, tc.name)
		if g.NumEntities() != tc.entities || g.NumRelations() != tc.relations ||
			g.NumTriples() < tc.minTriples || g.NumTriples() > tc.maxTriple {
			t.Errorf("%s: %d entities, %d relations, %d triples; want %d, %d, %d..%d", tc.name,
				g.NumEntities(), g.NumRelations(), g.NumTriples(), tc.entities, tc.relations, tc.minTriples, tc.maxTriple)
		}
	}
}

func TestShippedNames(t *testing.T) {
	wn := shipped(t, "wn18rr")
	dog := wn.Exact("dog.n.01")
	if len(dog) != 1 || wn.Entity(dog[0]).ID != "02084071" {
		t.Fatalf("dog.n.01 = %v", dog)
	}
	// "dog" names dog.n.01 (by its synset's lemma) and dog.n.03 (by name).
	if got := wn.Exact("Dog"); !slices.Contains(got, dog[0]) || len(got) < 2 {
		t.Errorf("Exact(Dog) = %v", got)
	}
	dm := shipped(t, "drugmechdb")
	met := dm.Exact("metformin")
	if len(met) != 1 || dm.Entity(met[0]).ID != "MESH:D008687" || dm.TypeName(met[0]) != "Drug" {
		t.Fatalf("metformin = %v", met)
	}
	fb := shipped(t, "fb15k237")
	if got := fb.Exact("El Paso"); len(got) == 0 {
		t.Errorf("fb15k237 has no El Paso")
	}
}

// randomKG builds a KG of n entities, k relations and m random triples
// (self-loops and duplicates included), returning it and the triples by
// external ids.
func randomKG(t testing.TB, rng *rand.Rand, n, k, m int) (*KG, [][3]string) {
	b := NewBuilder("random")
	var raw [][3]string
	for i := range n { // every entity exists, isolated ones too
		b.Entity(entityName(i))
	}
	for range m {
		tr := [3]string{entityName(rng.IntN(n)), "r" + string(rune('a'+rng.IntN(k))), entityName(rng.IntN(n))}
		raw = append(raw, tr)
		b.Add(tr[0], tr[1], tr[2])
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return g, raw
}

func entityName(i int) string {
	return "e" + strings.Repeat("x", i%3) + string(rune('0'+i%10)) + string(rune('a'+i/10%26)) + string(rune('a'+i/260))
}

// TestMatchAgainstScan checks every pattern shape against a scan of the
// raw triples on random graphs.
func TestMatchAgainstScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n, k := 1+rng.IntN(30), 1+rng.IntN(4)
		g, raw := randomKG(t, rng, n, k, rng.IntN(80))
		want := func(h, r, tl string) []Triple {
			seen := map[Triple]bool{}
			var out []Triple
			for _, x := range raw {
				if (h == "" || x[0] == h) && (r == "" || x[1] == r) && (tl == "" || x[2] == tl) {
					tr := Triple{g.entityByID[x[0]], g.relByID[x[1]], g.entityByID[x[2]]}
					if !seen[tr] {
						seen[tr] = true
						out = append(out, tr)
					}
				}
			}
			return out
		}
		for range 20 {
			var h, r, tl string
			p := Pattern{H: Any, T: Any}
			if rng.IntN(2) == 0 {
				h = entityName(rng.IntN(n))
				p.H = g.entityByID[h]
			}
			if rng.IntN(2) == 0 {
				tl = entityName(rng.IntN(n))
				p.T = g.entityByID[tl]
			}
			if rng.IntN(2) == 0 {
				r = "r" + string(rune('a'+rng.IntN(k)))
				rid, ok := g.relByID[r]
				if !ok {
					continue
				}
				p.Rels = []int32{rid}
			}
			got := g.Match(nil, p, 0)
			exp := want(h, r, tl)
			sortTriples(got)
			sortTriples(exp)
			if !slices.Equal(got, exp) {
				t.Fatalf("trial %d: Match(%q %q %q) = %v, want %v", trial, h, r, tl, got, exp)
			}
			if len(exp) > 1 {
				if lim := g.Match(nil, p, 1); len(lim) != 1 {
					t.Fatalf("limit 1 gave %d triples", len(lim))
				}
			}
		}
	}
}

func sortTriples(ts []Triple) {
	slices.SortFunc(ts, func(a, b Triple) int {
		if a.H != b.H {
			return int(a.H - b.H)
		}
		if a.R != b.R {
			return int(a.R - b.R)
		}
		return int(a.T - b.T)
	})
}

func TestMatchOutOfRange(t *testing.T) {
	g := shipped(t, "drugmechdb")
	for _, p := range []Pattern{{H: -5, T: Any}, {H: Any, T: 1 << 30}, {H: 0, T: Any, Rels: []int32{999}}} {
		if got := g.Match(nil, p, 0); len(got) != 0 {
			t.Errorf("%+v matched %d", p, len(got))
		}
	}
}

func TestLoadTriplesFile(t *testing.T) {
	files := map[string]string{
		"a.tsv":   "# comment\nsubject\tpredicate\tobject\nAnn Lee\tknows\tBob\nBob\tknows\tCy\nBob\tknows\tCy\n",
		"b.csv":   "Ann,likes,Bob\nBob,likes,Ann\n",
		"c.txt":   "a r b\n\nb r c\n",
		"bad.tsv": "a\tb\n",
		"empty":   "# nothing\n",
		"hdr.tsv": "tail\textra\trelation\thead\nB\tx\tr\tA\n",
	}
	open := func(_ context.Context, name string) (io.ReadCloser, error) {
		s, ok := files[name]
		if !ok {
			return nil, errors.New("no such file")
		}
		return io.NopCloser(strings.NewReader(s)), nil
	}
	ctx := context.Background()
	g, err := Load(ctx, open, "a.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if g.NumTriples() != 2 || g.NumEntities() != 3 || len(g.Exact("ann lee")) != 1 {
		t.Errorf("a.tsv: %d triples, %d entities", g.NumTriples(), g.NumEntities())
	}
	for _, name := range []string{"b.csv", "c.txt"} {
		if g, err := Load(ctx, open, name); err != nil || g.NumTriples() != 2 {
			t.Errorf("%s: %v", name, err)
		}
	}
	g, err = Load(ctx, open, "hdr.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := g.EntityByID("A"); len(g.Match(nil, Pattern{H: a, T: Any}, 0)) != 1 {
		t.Errorf("hdr.tsv: header columns not used")
	}
	for _, name := range []string{"bad.tsv", "empty"} {
		if _, err := Load(ctx, open, name); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: err %v, want ErrFormat", name, err)
		}
	}
}
