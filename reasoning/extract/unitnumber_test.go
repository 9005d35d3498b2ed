package extract

import (
	"context"
	"testing"
)

func TestUnitNumber(t *testing.T) {
	for w, want := range map[string]bool{
		"5ms": true, "10km": true, "3h": true, "2.5kg": true, "7": false, "3rd": false, "1st": false, "v1": false,
		"": false, "12abc": false, "4th": false, "5mbps": true,
	} {
		if got := unitNumber(w); got != want {
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
