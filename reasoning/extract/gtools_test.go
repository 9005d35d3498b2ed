package extract

import (
	"context"
	"encoding/json"
	"os/exec"
	"slices"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
)

// TestExtractGTools extracts the graph of every GTools sample item and
// compares it with an independent truth: Python's ast over the prompt's list
// for WL items (one python3 process for all), and the path and folder for EL
// items (as internal/gtoolsdata reads them).
func TestExtractGTools(t *testing.T) {
	dir, items, err := gtoolsdata.LoadSample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is needed for the independent truth: %v", err)
	}
	out, err := exec.Command(py, "testdata/gtools_truth.py", dir).Output()
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
		k, found := want[key{it.File, it.Index}]
		if !found {
			t.Fatalf("%s[%d] missing from the truth", it.File, it.Index)
		}
		tr := truth.Items[k]
		directed := it.Directed
		ex, err := Read(ctx, it.Prompt, Options{})
		if err != nil {
			t.Errorf("%s[%d]: %v", it.File, it.Index, err)
			continue
		}
		if ex.Confidence >= Confident {
			confident++
		}
		switch tr.Kind {
		case "WL":
			nWL++
			if tr.Directed != directed {
				t.Fatalf("%s[%d]: truth script says directed=%v, folder says %v", it.File, it.Index, tr.Directed, directed)
			}
			if ex.Graph == nil {
				t.Errorf("%s[%d]: no graph (method %s, notes %v)", it.File, it.Index, ex.Method, ex.Notes)
				continue
			}
			got := exEdgeSet(ex.Graph)
			if !slices.Equal(got, tr.Edges) || ex.Directed != directed || ex.Graph.Directed() != directed {
				t.Errorf("%s[%d]: directed %v want %v; %d edges, want %d; first differences %v",
					it.File, it.Index, ex.Directed, directed, len(got), len(tr.Edges), exFirstDiff(got, tr.Edges))
				continue
			}
			okWL++
		case "EL":
			nEL++
			if ex.FileRef != it.GraphRef || ex.Directed != directed || ex.Graph != nil {
				t.Errorf("%s[%d]: FileRef %q directed %v graph %v; want %q directed %v", it.File, it.Index, ex.FileRef, ex.Directed, ex.Graph, it.GraphRef, directed)
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
