package kg

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
)

// ErrFormat means a knowledge-graph file is malformed: a missing column, a
// short row, a triple naming an unknown relation id. Errors wrapping it
// name the file and line.
var ErrFormat = errors.New("malformed knowledge-graph file")

// OpenFunc opens a file of a knowledge graph by its slash-separated path
// (relative to the data folders) for reading, decompressed: when "X" is
// asked for and only "X.gz" exists, it opens and decompresses that. The
// graph sandbox's Open (tools/graph) and, in tests, tools/dataset fit.
type OpenFunc func(ctx context.Context, name string) (io.ReadCloser, error)

// IsNamed reports whether name is a knowledge graph Load knows by name
// ("wn18rr", "fb15k237", "drugmechdb"; case ignored, "fb15k-237" too).
func IsNamed(name string) bool {
	_, ok := namedFolder(name)
	return ok
}

// namedFolder returns the folder of a knowledge graph known by name.
func namedFolder(name string) (string, bool) {
	switch k := strings.ReplaceAll(strings.ToLower(name), "-", ""); k {
	case "wn18rr", "fb15k237", "drugmechdb":
		return k, true
	}
	return "", false
}

// Load loads the knowledge graph called name — "wn18rr", "fb15k237" or
// "drugmechdb", read from the folder of that name (or datasets/<name>
// beneath a data folder) — or else the file of triples name.
func Load(ctx context.Context, open OpenFunc, name string) (*KG, error) {
	folder, ok := namedFolder(name)
	if !ok {
		return LoadTriples(ctx, open, name)
	}
	var load func(context.Context, OpenFunc, string) (*KG, error)
	switch folder {
	case "wn18rr":
		load = LoadWN18RR
	case "fb15k237":
		load = LoadFB15k237
	default:
		load = LoadDrugMechDB
	}
	g, err := load(ctx, open, folder)
	if err != nil && errors.Is(err, errNotFound) {
		// Run from a repository checkout with the data folder at its root.
		if g2, err2 := load(ctx, open, path.Join("datasets", folder)); err2 == nil || !errors.Is(err2, errNotFound) {
			return g2, err2
		}
	}
	return g, err
}

// errNotFound marks a first file that could not be opened, so Load can try
// another folder.
var errNotFound = errors.New("knowledge-graph file not found")

// LoadWN18RR reads WN18RR from dir: the triples of train.tsv, valid.tsv and
// test.tsv, entity names and synsets from entities.tsv (each synset, such
// as "dog.n.01", and its lemma, "dog", are aliases; its part of speech is
// the entity's type: Noun, Verb, Adjective or Adverb) and relation texts
// from relations.tsv.
func LoadWN18RR(ctx context.Context, open OpenFunc, dir string) (*KG, error) {
	b := NewBuilder("wn18rr")
	b.LabelByAlias = true
	err := readTable(ctx, open, path.Join(dir, "entities.tsv"), []string{"entity_id", "name", "synset"}, func(f []string) error {
		syn := f[2]
		lemma, pos := synsetParts(syn)
		b.Describe(f[0], f[1], pos, syn, lemma)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotFound, err)
	}
	if err := readRelationTexts(ctx, open, path.Join(dir, "relations.tsv"), b, "relation", "text"); err != nil {
		return nil, err
	}
	for _, split := range []string{"train.tsv", "valid.tsv", "test.tsv"} {
		if err := readTriples(ctx, open, path.Join(dir, split), b, nil); err != nil {
			return nil, err
		}
	}
	return b.Build()
}

// LoadFB15k237 reads FB15k-237 from dir: integer-encoded triples of the
// three splits, decoded with entities.tsv (name; the Wikidata label and
// the MID are aliases) and relations.tsv.
func LoadFB15k237(ctx context.Context, open OpenFunc, dir string) (*KG, error) {
	b := NewBuilder("fb15k237")
	b.LabelByAlias = true
	err := readTable(ctx, open, path.Join(dir, "entities.tsv"), []string{"entity_id", "mid", "name", "wikidata_label"}, func(f []string) error {
		name := f[2]
		if name == "" {
			name = f[3]
		}
		b.Describe(f[0], name, "", f[1], f[3])
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotFound, err)
	}
	relByNum := map[string]string{}
	err = readTable(ctx, open, path.Join(dir, "relations.tsv"), []string{"relation_id", "relation", "text"}, func(f []string) error {
		relByNum[f[0]] = f[1]
		b.DescribeRelation(f[1], f[2])
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, split := range []string{"train.tsv", "valid.tsv", "test.tsv"} {
		if err := readTriples(ctx, open, path.Join(dir, split), b, relByNum); err != nil {
			return nil, err
		}
	}
	return b.Build()
}

// LoadDrugMechDB reads DrugMechDB from dir: nodes.tsv (id, type, name), the
// knowledge graph's triples in edges.tsv, and from paths.tsv the names and
// DrugBank ids the curated paths give their drugs and diseases, as aliases
// ("acetylsalicylic acid", "DB:DB00945"), and the hand-written alias table
// aliases.tsv when present (common drug names, gene symbols: KG.Synonyms).
func LoadDrugMechDB(ctx context.Context, open OpenFunc, dir string) (*KG, error) {
	b := NewBuilder("drugmechdb")
	err := readTable(ctx, open, path.Join(dir, "nodes.tsv"), []string{"node_id", "type", "name"}, func(f []string) error {
		b.Describe(f[0], f[2], f[1])
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotFound, err)
	}
	err = readTable(ctx, open, path.Join(dir, "edges.tsv"), []string{"source", "relation", "target"}, func(f []string) error {
		b.Add(f[0], f[1], f[2])
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = readTable(ctx, open, path.Join(dir, "paths.tsv"), []string{"drug", "drug_mesh", "drugbank", "disease", "disease_mesh"}, func(f []string) error {
		if e, ok := b.entityByID[f[1]]; ok {
			b.Describe(b.entities[e].ID, "", "", f[0], f[2])
		}
		if e, ok := b.entityByID[f[4]]; ok {
			b.Describe(b.entities[e].ID, "", "", f[3])
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if b.Synonyms, err = ReadAliasesIfPresent(ctx, open, path.Join(dir, AliasFile)); err != nil {
		return nil, err
	}
	return b.Build()
}

// LoadTriples reads a file of triples: one "head relation tail" per line,
// separated by tabs (when the line has one; fields may then hold spaces),
// else commas, else runs of spaces. Blank lines and lines starting with
// "#" are skipped. A first line naming its columns (head/relation/tail,
// subject/predicate/object, source/relation/target, h/r/t) is a header and
// selects the columns; other columns are ignored. Entities are named by
// their text.
func LoadTriples(ctx context.Context, open OpenFunc, name string) (*KG, error) {
	rc, err := open(ctx, name)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b := NewBuilder(path.Base(name))
	cols := []int{0, 1, 2}
	sc := newScanner(rc)
	line := 0
	for sc.Scan() {
		line++
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" || strings.HasPrefix(strings.TrimSpace(text), "#") {
			continue
		}
		f := splitFields(text)
		if b.NumTriples() == 0 { // a header may follow comments and blank lines
			if c, ok := headerColumns(f); ok {
				cols = c
				continue
			}
		}
		need := max(cols[0], cols[1], cols[2])
		if len(f) <= need {
			return nil, fmt.Errorf("%s:%d: %d fields, want head, relation and tail: %w", name, line, len(f), ErrFormat)
		}
		h, r, t := strings.TrimSpace(f[cols[0]]), strings.TrimSpace(f[cols[1]]), strings.TrimSpace(f[cols[2]])
		if h == "" || r == "" || t == "" {
			return nil, fmt.Errorf("%s:%d: an empty head, relation or tail: %w", name, line, ErrFormat)
		}
		b.Add(h, r, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if b.NumTriples() == 0 {
		return nil, fmt.Errorf("%s: no triples: %w", name, ErrFormat)
	}
	return b.Build()
}

// splitFields splits a line of a triples file by tabs, else commas, else
// spaces.
func splitFields(s string) []string {
	switch {
	case strings.Contains(s, "\t"):
		return strings.Split(s, "\t")
	case strings.Contains(s, ","):
		return strings.Split(s, ",")
	}
	return strings.Fields(s)
}

// headerColumns recognises a header row and returns the head, relation
// and tail columns.
func headerColumns(f []string) ([]int, bool) {
	role := map[string]int{
		"head": 0, "subject": 0, "source": 0, "h": 0, "s": 0, "from": 0,
		"relation": 1, "predicate": 1, "rel": 1, "r": 1, "p": 1, "relationship": 1, "edge": 1,
		"tail": 2, "object": 2, "target": 2, "t": 2, "o": 2, "to": 2,
	}
	cols := []int{-1, -1, -1}
	for i, name := range f {
		if k, ok := role[strings.ToLower(strings.TrimSpace(name))]; ok && cols[k] < 0 {
			cols[k] = i
		}
	}
	if cols[0] < 0 || cols[1] < 0 || cols[2] < 0 {
		return nil, false
	}
	return cols, true
}

func newScanner(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	return sc
}

// readTable reads a tab-separated file with a header row, calling row with
// the fields of want (in that order) of each line.
func readTable(ctx context.Context, open OpenFunc, name string, want []string, row func([]string) error) error {
	rc, err := open(ctx, name)
	if err != nil {
		return err
	}
	defer rc.Close()
	sc := newScanner(rc)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return fmt.Errorf("%s: empty, want a header row: %w", name, ErrFormat)
	}
	header := strings.Split(strings.TrimRight(sc.Text(), "\r"), "\t")
	idx := make([]int, len(want))
	for i, w := range want {
		idx[i] = -1
		for j, h := range header {
			if h == w {
				idx[i] = j
				break
			}
		}
		if idx[i] < 0 {
			return fmt.Errorf("%s: no column %q in the header: %w", name, w, ErrFormat)
		}
	}
	need := 0
	for _, i := range idx {
		need = max(need, i)
	}
	fields := make([]string, len(want))
	line := 1
	for sc.Scan() {
		line++
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) <= need {
			return fmt.Errorf("%s:%d: %d fields, want at least %d: %w", name, line, len(f), need+1, ErrFormat)
		}
		for i, j := range idx {
			fields[i] = f[j]
		}
		if err := row(fields); err != nil {
			return fmt.Errorf("%s:%d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// readRelationTexts reads a relation table (id column, text column).
func readRelationTexts(ctx context.Context, open OpenFunc, name string, b *Builder, idCol, textCol string) error {
	return readTable(ctx, open, name, []string{idCol, textCol}, func(f []string) error {
		b.DescribeRelation(f[0], f[1])
		return nil
	})
}

// readTriples reads a head/relation/tail table; relations are decoded
// through relByNum when it is not nil.
func readTriples(ctx context.Context, open OpenFunc, name string, b *Builder, relByNum map[string]string) error {
	return readTable(ctx, open, name, []string{"head", "relation", "tail"}, func(f []string) error {
		r := f[1]
		if relByNum != nil {
			id, ok := relByNum[r]
			if !ok {
				return fmt.Errorf("relation id %q is not in relations.tsv: %w", r, ErrFormat)
			}
			r = id
		}
		b.Add(f[0], r, f[2])
		return nil
	})
}

// synsetParts splits a WordNet synset name ("st._david.n.01") into its
// lemma with spaces ("st. david") and its part of speech as a type name
// ("Noun"); both are empty for an empty or malformed name.
func synsetParts(syn string) (lemma, pos string) {
	parts := strings.Split(syn, ".")
	if len(parts) < 3 {
		return "", ""
	}
	lemma = strings.ReplaceAll(strings.Join(parts[:len(parts)-2], "."), "_", " ")
	switch parts[len(parts)-2] {
	case "n":
		pos = "Noun"
	case "v":
		pos = "Verb"
	case "a", "s":
		pos = "Adjective"
	case "r":
		pos = "Adverb"
	}
	return lemma, pos
}
