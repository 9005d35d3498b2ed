package tools

import (
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestFormatNumberExamples(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {42, "42"}, {-3, "-3"}, {1e15, "1000000000000000"},
		{123456789, "123456789"}, {2.5, "2.5"}, {1.0 / 3, "0.333333"}, {2.0 / 3, "0.666667"},
		{0.1 + 0.2, "0.3"}, {1234567.25, "1234567.25"}, {0.0001, "0.0001"}, {0.00012345678, "0.000123"},
		{1.2345678e-7, "1.23457e-07"}, {-1.5e-5, "-1.5e-05"}, {-0.0000004, "-4e-07"}, {1e21, "1e+21"},
		{math.Inf(1), "infinity"}, {math.Inf(-1), "-infinity"}, {math.NaN(), "NaN"}, {0.9999999, "1"},
		{-0.4999999999, "-0.5"}, {1.1102230246251565e-16, "0"}, {-2e-13, "0"}, {1e-12, "1e-12"},
	} {
		if got := formatNumber(tc.in); got != tc.want {
			t.Errorf("formatNumber(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestFormatNumberProperties checks on many values of every magnitude that
// the text reads back as the number (within the rounding it promises), has
// no exponent between 0.0001 and 10^21, and no trailing zeros.
func TestFormatNumberProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 15))
	for i := 0; i < 100000; i++ {
		x := math.Pow(10, r.Float64()*40-20) * (r.Float64() + 0.5)
		if r.IntN(2) == 0 {
			x = -x
		}
		if r.IntN(5) == 0 {
			x = math.Round(x)
		}
		s := formatNumber(x)
		back, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("formatNumber(%v) = %q does not parse: %v", x, s, err)
		}
		a := math.Abs(x)
		switch {
		case a < 1e-12:
			if s != "0" {
				t.Fatalf("formatNumber(%v) = %q, want 0", x, s)
			}
		case a < 1e-4:
			if math.Abs(back-x) > 5e-6*a {
				t.Fatalf("formatNumber(%v) = %q, off by more than six significant digits", x, s)
			}
		case a < 1e21:
			if math.Abs(back-x) > 5e-7+4e-16*a || strings.ContainsAny(s, "eE") {
				t.Fatalf("formatNumber(%v) = %q: not the number to six decimals without an exponent", x, s)
			}
			if x == math.Trunc(x) && a < 1e15 && strings.Contains(s, ".") {
				t.Fatalf("formatNumber(%v) = %q: an integer with a fractional part", x, s)
			}
			if strings.Contains(s, ".") && strings.HasSuffix(s, "0") {
				t.Fatalf("formatNumber(%v) = %q: trailing zero", x, s)
			}
		}
	}
}

// TestAnswerSentencesUseOneNumberFormat runs every tool of the catalogue
// on random graphs with float weights and checks that no sentence writes a
// number with more than six decimals or in exponent form (what %v, %g or
// strconv's shortest form give for sums of float weights), so every tool
// formats its numbers with formatNumber.
func TestAnswerSentencesUseOneNumberFormat(t *testing.T) {
	long := regexp.MustCompile(`\d\.\d{7,}|\de[+-]?\d`)
	weighted := true
	graphs := randomGraphs(1501, 40, genOptions{Weighted: &weighted, FloatWeights: true, MinNodes: 3, MaxNodes: 14})
	checked := map[string]int{}
	for _, name := range Catalogue().Names() {
		spec := specOf(t, name)
		for gi, tg := range graphs {
			g := tg.build(t)
			args := map[string]any{}
			for pi, p := range spec.Params {
				switch {
				case p.Node:
					args[p.Name] = g.ID(int32((gi + pi) % g.N()))
				case p.Name == "weighted":
					args[p.Name] = true
				}
			}
			res, err := runTool(t, name, g, args)
			if err != nil {
				continue
			}
			checked[name]++
			if m := long.FindString(res.Text); m != "" {
				t.Errorf("%s: %q writes %q\n%s", name, res.Text, m, tg.describe())
				break
			}
		}
	}
	if len(checked) < 40 {
		t.Errorf("only %d tools answered on the test graphs: %v", len(checked), checked)
	}
	// The values that changed when the three formatters became one.
	g := testGraph{Weighted: true, Nodes: []string{"a", "b", "c"}, Edges: [][3]string{{"a", "b", "0.1"}, {"b", "c", "0.2"}, {"a", "c", "1234567.25"}}}.build(t)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"shortest_path", map[string]any{"source": "a", "target": "c"}, " 0.3 "},    // was 0.30000000000000004
		{"size", map[string]any{"weighted": true}, "weigh 1234567.55 in total"},     // was 1.23457e+06
		{"minimum_spanning_tree", map[string]any{}, "total weight 0.3."},            // was 0.30000000000000004
		{"maximum_triangle_sum", map[string]any{}, "total edge weight 1234567.55."}, // was 1.23456755e+06
		{"clustering_coefficient", map[string]any{"node": "a"}, "is 1."},            // unchanged
	} {
		res, err := runTool(t, tc.tool, g, tc.args)
		if err != nil || !strings.Contains(res.Text, tc.want) {
			t.Errorf("%s: %q, %v; want it to contain %q", tc.tool, res.Text, err, tc.want)
		}
	}
}
