package pyoracle

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRun: cases go to the script one JSON line each and the answers come
// back in order.
func TestRun(t *testing.T) {
	script := filepath.Join(t.TempDir(), "double.py")
	src := "import json, sys\nfor line in sys.stdin:\n    print(json.dumps({'twice': 2 * json.loads(line)['n']}))\n"
	if err := os.WriteFile(script, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	type in struct {
		N int `json:"n"`
	}
	type out struct {
		Twice int `json:"twice"`
	}
	got := Run[in, out](t, script, []in{{1}, {5}, {-3}})
	want := []int{2, 10, -6}
	for i, a := range got {
		if a.Twice != want[i] {
			t.Errorf("answer %d = %d, want %d", i, a.Twice, want[i])
		}
	}
}
