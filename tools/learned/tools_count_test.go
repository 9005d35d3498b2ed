package learned

import (
	"errors"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

func TestResultCount(t *testing.T) {
	for _, c := range []struct{ k, want int }{{0, 5}, {1, 1}, {50, 50}} {
		if got, err := resultCount("t", c.k, 5, 50); err != nil || got != c.want {
			t.Errorf("k=%d: %d, %v; want %d", c.k, got, err, c.want)
		}
	}
	for _, k := range []int{-1, 51} {
		if _, err := resultCount("t", k, 5, 50); !errors.Is(err, tools.ErrBadArgs) {
			t.Errorf("k=%d: err %v, want ErrBadArgs", k, err)
		}
	}
}
