package dataset

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gziptest"
)

// TestRegistryMatchesFolder checks the registry against datasets/: every
// folder there is registered exactly once, and every registered file
// exists, with a README.md that states a source and a licence.
func TestRegistryMatchesFolder(t *testing.T) {
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	onDisk := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() {
			onDisk[e.Name()] = true
		}
	}
	names, folders := map[string]bool{}, map[string]bool{}
	for _, d := range All() {
		if names[d.Name] || folders[d.Folder] {
			t.Errorf("%s (%s) registered twice", d.Name, d.Folder)
		}
		names[d.Name], folders[d.Folder] = true, true
		if !onDisk[d.Folder] {
			t.Errorf("%s: folder %s is not in %s", d.Name, d.Folder, dir)
			continue
		}
		if d.About == "" {
			t.Errorf("%s: no description", d.Name)
		}
		hasReadme := false
		for _, f := range d.Files {
			hasReadme = hasReadme || f == "README.md"
			if _, err := os.Stat(filepath.Join(dir, d.Folder, filepath.FromSlash(f))); err != nil {
				t.Errorf("%s: listed file: %v", d.Name, err)
			}
		}
		if !hasReadme {
			t.Errorf("%s: README.md is not among the files", d.Name)
		}
		readme, err := os.ReadFile(filepath.Join(dir, d.Folder, "README.md"))
		if err != nil {
			t.Errorf("%s: %v", d.Name, err)
			continue
		}
		low := strings.ToLower(string(readme))
		if !strings.Contains(low, "source") || !strings.Contains(low, "licen") {
			t.Errorf("%s: README.md names no source or no licence", d.Name)
		}
	}
	for f := range onDisk {
		if !folders[f] {
			t.Errorf("folder %s of %s is not registered", f, dir)
		}
	}
}

// TestGraphFilesHaveHeaderAndEdges opens each registered edge list through
// Path and Open and checks its header and that it has edges.
func TestGraphFilesHaveHeaderAndEdges(t *testing.T) {
	n := 0
	for _, d := range All() {
		if d.Graph == "" {
			continue
		}
		n++
		p, err := Path(d.Folder, d.Graph)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if len(lines) < 10 || len(strings.Fields(lines[1])) < 2 {
			t.Errorf("%s: %d lines, first data line %q: not an edge list", p, len(lines), lines[min(1, len(lines)-1)])
		}
	}
	if n < 5 {
		t.Errorf("%d datasets with an edge list, want karate, football, email_eu_core, cora and citeseer", n)
	}
}

// TestShippedCompressedFiles reads the compressed NLGraph task files by
// their uncompressed names and counts their items against the numbers in
// nlgraph_train/README.md.
func TestShippedCompressedFiles(t *testing.T) {
	want := map[string]int{"connectivity": 1861, "cycle": 959, "flow": 292, "GNN": 201, "hamilton": 292,
		"matching": 426, "shortest_path": 316, "topology": 675}
	total := 0
	for task, n := range want {
		p, err := Path("nlgraph_train", task+".json")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(p, task+".json.gz") {
			t.Errorf("Path gave %s, want the .gz", p)
		}
		b, err := ReadFile(strings.TrimSuffix(p, GzipExt)) // the fallback to X.gz
		if err != nil {
			t.Fatal(err)
		}
		var items map[string]struct {
			Question string `json:"question"`
		}
		if err := json.Unmarshal(b, &items); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(items) != n {
			t.Errorf("%s: %d items, want %d", task, len(items), n)
		}
		total += len(items)
	}
	if total != 5022 {
		t.Errorf("%d NLGraph items, want 5,022", total)
	}
}

func TestLookup(t *testing.T) {
	for name, folder := range map[string]string{"karate": "karate", "CiteSeer": "citeseer_text",
		"citeseer_text": "citeseer_text", "email_eu_core": "email_eu_core"} {
		d, ok := Lookup(name)
		if !ok || d.Folder != folder {
			t.Errorf("Lookup(%q) = %q, %v; want folder %q", name, d.Folder, ok, folder)
		}
	}
	if d, ok := Lookup("pubmed"); ok {
		t.Errorf("Lookup(pubmed) found %s, but PubMed is not shipped", d.Folder)
	}
}

func TestPathRefusesEscapes(t *testing.T) {
	for _, p := range [][]string{{".."}, {"..", "go.mod"}, {"karate", "..", "..", "go.mod"}, {"."}} {
		if got, err := Path(p...); err == nil {
			t.Errorf("Path(%q) = %s, want an error", p, got)
		}
	}
	if _, err := Path("karate", "nothing.tsv"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
}

func TestOpenDecompressesAndFallsBack(t *testing.T) {
	dir := t.TempDir()
	text := []byte("source\ttarget\n0\t1\n1\t2\n")
	if err := os.WriteFile(filepath.Join(dir, "a.tsv.gz"), gziptest.Bytes(t, text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.tsv", "a.tsv.gz"} {
		b, err := ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(b, text) {
			t.Errorf("ReadFile(%s) = %q, %v; want %q", name, b, err, text)
		}
	}
	// A plain file wins over its compressed twin.
	plain := []byte("plain\n")
	if err := os.WriteFile(filepath.Join(dir, "a.tsv"), plain, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(filepath.Join(dir, "a.tsv")); err != nil || !bytes.Equal(b, plain) {
		t.Errorf("ReadFile(a.tsv) beside a.tsv.gz = %q, %v; want the plain file", b, err)
	}
	if _, err := Open(filepath.Join(dir, "none.tsv")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(none.tsv) = %v, want fs.ErrNotExist", err)
	}
}

// TestOpenCorruptGzip checks that every kind of bad gzip data gives an
// error wrapping ErrCorrupt that names the file, never a silent short read.
func TestOpenCorruptGzip(t *testing.T) {
	good := gziptest.Bytes(t, bytes.Repeat([]byte("0\t1\n1\t2\n"), 1000))
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 0xff
	badSum := bytes.Clone(good)
	badSum[len(badSum)-6] ^= 0xff // CRC-32 in the trailer
	cases := map[string][]byte{
		"not gzip":       []byte("0\t1\n"),
		"empty":          {},
		"truncated":      good[:len(good)/2],
		"corrupt block":  flipped,
		"wrong checksum": badSum,
		"trailing junk":  append(bytes.Clone(good), "junk"...),
	}
	dir := t.TempDir()
	for name, data := range cases {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".tsv.gz")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadFile(p)
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %v, want ErrCorrupt naming %s", name, err, p)
		}
	}
}

// TestGunzipStopsAtEOF checks that a whole stream reads to io.EOF and Close
// closes the file under it.
func TestGunzipStopsAtEOF(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.gz")
	if err := os.WriteFile(p, gziptest.Bytes(t, []byte("abc")), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	if err != nil || string(b) != "abc" {
		t.Fatalf("read %q, %v", b, err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.(*closeBoth).file.Close(); !errors.Is(err, os.ErrClosed) {
		t.Errorf("file still open after Close: %v", err)
	}
}

// TestNoSharedDataPaths guards against tests and code that read the
// workplace's data folder beside the clone instead of datasets/: such a
// path works in a checkout with ../shared beside it and fails in every
// other clone (.ci/run tests one with nothing beside it).
func TestNoSharedDataPaths(t *testing.T) {
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(dir)
	needle := "shared" + "/data" // split so that this file does not match
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (p == dir || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.Contains(line, needle) {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s:%d names the data folder outside the repository; use tools/dataset (Dir, Path, Open): %s",
					rel, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
