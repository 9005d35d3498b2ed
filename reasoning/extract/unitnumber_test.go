package extract

import (
	"context"
	"testing"

	"github.com/graphagent/graphagent/lang"
)

func TestUnitNumber(t *testing.T) {
	for w, want := range map[string]bool{
		"5ms": true, "10km": true, "3h": true, "2.5kg": true, "7": false, "3rd": false, "1st": false, "v1": false,
		"": false, "12abc": false, "4th": false, "5mbps": true,
	} {
		if got := unitNumber(lang.Default(), w); got != want {
			t.Errorf("unitNumber(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestUnitNumbersUnread: quantities with their units glued on ("5ms") that
// no reader took leave the reading uncertain, as bare numbers do.
func TestUnitNumbersUnread(t *testing.T) {
	ex, err := Read(context.Background(), "Server S1 connects to S2 with latency 5ms, S2 to S3 with 3ms, S1 to S3 with 10ms. How many edges?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !ex.Report.Uncertain() {
		t.Errorf("read %d edges with confidence %.2f, want uncertain: %+v", ex.Report.Edges, ex.Report.Confidence, ex.Report)
	}
}

func TestParseQuantity(t *testing.T) {
	for _, c := range []struct {
		s       string
		ok      bool
		v       float64
		unit    string
		meaning Meaning
	}{
		{"40 km", true, 40, "km", MeaningDistance},
		{"$300", true, 300, "$", MeaningCost},
		{"€ 12.5", true, 12.5, "€", MeaningCost},
		{"5 min", true, 5, "min", MeaningWeight},
		{"5min", true, 5, "min", MeaningWeight},
		{"1.2 MMcf/day", true, 1.2, "MMcf/day", MeaningCapacity}, // a flow rate: what a pipe carries
		{"300 USD", true, 300, "USD", MeaningCost},
		{"1,200 miles", true, 1200, "miles", MeaningDistance},
		{"7", true, 7, "", MeaningNone},
		{"-2.5", true, -2.5, "", MeaningNone},
		{"3 units", true, 3, "units", MeaningCapacity},
		{"  12 ", true, 12, "", MeaningNone},
		{"km", false, 0, "", ""},
		{"5 apples and 3 pears", false, 0, "", ""},
		{"v1", false, 0, "", ""},
		{"1,2", false, 0, "", ""},
		{"$5 km", false, 0, "", ""},
		{"12 34", false, 0, "", ""},
		{"1e400", false, 0, "", ""},
		{"", false, 0, "", ""},
	} {
		q, ok := parseQuantity(c.s)
		if ok != c.ok || ok && (q.v != c.v || q.unit != c.unit || q.meaning != c.meaning) {
			t.Errorf("parseQuantity(%q) = %+v, %v; want {%v %q %q}, %v", c.s, q, ok, c.v, c.unit, c.meaning, c.ok)
		}
	}
}

func FuzzParseQuantity(f *testing.F) {
	for _, s := range []string{"40 km", "$300", "1,200.5 MMcf/day", "-3", "5 min", "1,2,3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, ok := parseQuantity(s)
		if ok && (q.v != q.v || len(q.unit) > len(s)) {
			t.Fatalf("parseQuantity(%q) = %+v", s, q)
		}
	})
}
