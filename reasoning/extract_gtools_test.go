package reasoning

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// exGToolsDir is the GTools development sample, relative to this package.
const exGToolsDir = "../../shared/data/gtools"

type exGToolsItem struct {
	file   string // relative to exGToolsDir
	index  int
	prompt string
}

// exGToolsItems loads every item of the GTools sample: WL/<Task>/*.json,
// WL/<Task>/<Di|Un>/*.json and the same under EL.
func exGToolsItems(t testing.TB) []exGToolsItem {
	t.Helper()
	var files []string
	for _, kind := range []string{"WL", "EL"} {
		a, _ := filepath.Glob(filepath.Join(exGToolsDir, kind, "*", "*.json"))
		b, _ := filepath.Glob(filepath.Join(exGToolsDir, kind, "*", "*", "*.json"))
		files = append(files, a...)
		files = append(files, b...)
	}
	if len(files) == 0 {
		t.Fatalf("no GTools files under %s", exGToolsDir)
	}
	var out []exGToolsItem
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var items []struct {
			Prompt string `json:"prompt"`
		}
		if err := json.Unmarshal(data, &items); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rel, _ := filepath.Rel(exGToolsDir, f)
		for i, it := range items {
			out = append(out, exGToolsItem{file: rel, index: i, prompt: it.Prompt})
		}
	}
	return out
}

// exGToolsDirected is the truth for directedness, from the item's folder:
// Di or Un, Topo is directed only, Triangle undirected only.
func exGToolsDirected(rel string) bool {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	switch {
	case slices.Contains(parts, "Di"), parts[1] == "Topo":
		return true
	}
	return false
}

// exPathRE is an independent reading of the EL prompts' file path.
var exPathRE = regexp.MustCompile(`the path is "?([^"\s]+?\.edgelist)`)

// TestExtractGTools extracts the graph of every GTools sample item and
// compares it with an independent truth: Python's ast over the prompt's list
// for WL items (one python3 process for all), and the path and folder for EL
// items.
func TestExtractGTools(t *testing.T) {
	items := exGToolsItems(t)
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed for the independent truth: %v", err)
	}
	out, err := exec.Command(py, "testdata/extract_gtools_truth.py", exGToolsDir).Output()
	if err != nil {
		t.Fatalf("truth script: %v", err)
	}
	var truth struct {
		Items []struct {
			File     string   `json:"file"`
			Index    int      `json:"index"`
			Kind     string   `json:"kind"`
			Edges    []string `json:"edges"`
			Directed bool     `json:"directed"`
		} `json:"items"`
	}
	if err := json.Unmarshal(out, &truth); err != nil {
		t.Fatalf("truth JSON: %v", err)
	}
	type key struct {
		file  string
		index int
	}
	want := map[key]int{}
	for k, it := range truth.Items {
		want[key{it.File, it.Index}] = k
	}
	if len(items) != len(truth.Items) || len(items) != 400 {
		t.Fatalf("%d items in Go, %d in the truth; want 400", len(items), len(truth.Items))
	}
	ctx := context.Background()
	okWL, okEL, nWL, nEL := 0, 0, 0, 0
	confident := 0
	for _, it := range items {
		k, found := want[key{filepath.ToSlash(it.file), it.index}]
		if !found {
			t.Fatalf("%s[%d] missing from the truth", it.file, it.index)
		}
		tr := truth.Items[k]
		dir := exGToolsDirected(it.file)
		ex, err := ExtractGraph(ctx, it.prompt, ExtractOptions{})
		if err != nil {
			t.Errorf("%s[%d]: %v", it.file, it.index, err)
			continue
		}
		if ex.Confidence >= ConfidentExtraction {
			confident++
		}
		switch tr.Kind {
		case "WL":
			nWL++
			if tr.Directed != dir {
				t.Fatalf("%s[%d]: truth script says directed=%v, folder says %v", it.file, it.index, tr.Directed, dir)
			}
			if ex.Graph == nil {
				t.Errorf("%s[%d]: no graph (method %s, notes %v)", it.file, it.index, ex.Method, ex.Notes)
				continue
			}
			got := exEdgeSet(ex.Graph)
			if !slices.Equal(got, tr.Edges) || ex.Directed != dir || ex.Graph.Directed() != dir {
				t.Errorf("%s[%d]: directed %v want %v; %d edges, want %d; first differences %v",
					it.file, it.index, ex.Directed, dir, len(got), len(tr.Edges), exFirstDiff(got, tr.Edges))
				continue
			}
			okWL++
		case "EL":
			nEL++
			m := exPathRE.FindStringSubmatch(it.prompt)
			if m == nil {
				t.Fatalf("%s[%d]: the test's regexp finds no path", it.file, it.index)
			}
			if ex.FileRef != m[1] || ex.Directed != dir || ex.Graph != nil {
				t.Errorf("%s[%d]: FileRef %q directed %v graph %v; want %q directed %v", it.file, it.index, ex.FileRef, ex.Directed, ex.Graph, m[1], dir)
				continue
			}
			okEL++
		}
	}
	acc := float64(okWL+okEL) / float64(len(items))
	t.Logf("GTools graph extraction: WL %d/%d, EL %d/%d, accuracy %.2f%%; confident on %d/%d",
		okWL, nWL, okEL, nEL, 100*acc, confident, len(items))
	if acc < 0.995 {
		t.Errorf("accuracy %.2f%% below 99.5%%", 100*acc)
	}
	if confident < len(items)*99/100 {
		t.Errorf("confident on only %d of %d clean items", confident, len(items))
	}
}

// exFirstDiff lists up to 5 entries in one sorted set and not the other.
func exFirstDiff(got, want []string) []string {
	var d []string
	for _, g := range got {
		if _, ok := slices.BinarySearch(want, g); !ok && len(d) < 5 {
			d = append(d, "+"+g)
		}
	}
	for _, w := range want {
		if _, ok := slices.BinarySearch(got, w); !ok && len(d) < 10 {
			d = append(d, "-"+w)
		}
	}
	return d
}
