package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlotWritesDegreeHistogram checks --plot on tools run and ask: a PNG
// for degree_distribution, a usage error (and no file) for a tool without
// a chart.
func TestPlotWritesDegreeHistogram(t *testing.T) {
	data, home, dir := dataDir(t), t.TempDir(), t.TempDir()
	checkPNG := func(path string) {
		t.Helper()
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
			t.Errorf("%s is %v", path, b)
		}
	}
	runPNG := filepath.Join(dir, "run.png")
	out, errOut, code := runCLI(t, "--data", data, "tools", "run", "degree_distribution", "-g", "karate/edges.tsv", "--plot", runPNG)
	if code != 0 || !strings.Contains(out, "degree 2: 11 nodes") {
		t.Fatalf("tools run: exit %d, %q %q", code, out, errOut)
	}
	checkPNG(runPNG)

	askPNG := filepath.Join(dir, "ask.png")
	out, errOut, code = runCLI(t, "--data", data, "--home", home, "ask", "What is the degree distribution?", "--graph", "karate/edges.tsv", "--plot", askPNG)
	if code != 0 || !strings.Contains(out, "Degree distribution of the 34 nodes") {
		t.Fatalf("ask: exit %d, %q %q", code, out, errOut)
	}
	checkPNG(askPNG)

	none := filepath.Join(dir, "none.png")
	out, errOut, code = runCLI(t, "--data", data, "tools", "run", "node_count", "-g", "karate/edges.tsv", "--plot", none)
	if code != exitUsage || !strings.Contains(out, "34") || !strings.Contains(errOut, "no chart") {
		t.Errorf("node_count --plot: exit %d, %q %q", code, out, errOut)
	}
	if _, err := os.Stat(none); !os.IsNotExist(err) {
		t.Errorf("%s written for a tool without a chart", none)
	}
}
