package analog

import (
	"context"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/memory"

	"github.com/graphagent/graphagent/tools/dataset"
)

func loadNodes(t testing.TB, name string) *NodeData {
	t.Helper()
	d, err := LoadNodes(context.Background(), dataset.OpenShipped, name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func loadLinks(t testing.TB) *LinkData {
	t.Helper()
	d, err := LoadLinks(context.Background(), dataset.OpenShipped)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// citeseerTrain is CiteSeer with its seed-1 split and the classifier over
// memory holding the training split, built once for the tests that only
// read it.
type citeseerFixture struct {
	d     *NodeData
	split []Split
	c     *NodeClassifier
	store *memory.Store
	err   error
}

var (
	citeseerOnce sync.Once
	citeseerFix  citeseerFixture
)

func citeseerTrain(t testing.TB) citeseerFixture {
	t.Helper()
	citeseerOnce.Do(func() {
		d, err := LoadNodes(context.Background(), dataset.OpenShipped, "citeseer")
		if err != nil {
			citeseerFix.err = err
			return
		}
		split := Assign(len(d.IDs), 1, DefaultFractions)
		c, store, err := BuildNodes(context.Background(), d, split, NodeConfig{})
		citeseerFix = citeseerFixture{d: d, split: split, c: c, store: store, err: err}
	})
	if citeseerFix.err != nil {
		t.Fatal(citeseerFix.err)
	}
	return citeseerFix
}
