package explore

import (
	"context"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/kg"
)

// Each shipped KG is loaded, and its explorer built, once per test binary.
type shippedKG struct {
	once sync.Once
	x    *Explorer
	err  error
}

var (
	shippedMu sync.Mutex
	shippedKs = map[string]*shippedKG{}
)

func explorerFor(t testing.TB, name string) *Explorer {
	t.Helper()
	shippedMu.Lock()
	s := shippedKs[name]
	if s == nil {
		s = &shippedKG{}
		shippedKs[name] = s
	}
	shippedMu.Unlock()
	s.once.Do(func() {
		g, err := kg.Load(context.Background(), dataset.OpenShipped, name)
		if err != nil {
			s.err = err
			return
		}
		s.x = New(g, Options{})
	})
	if s.err != nil {
		t.Fatalf("load %s: %v", name, s.err)
	}
	return s.x
}
