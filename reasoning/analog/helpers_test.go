package analog

import (
	"context"
	"io"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

// openDataset opens shipped dataset files for tests.
func openDataset(_ context.Context, name string) (io.ReadCloser, error) {
	p, err := dataset.Path(name)
	if err != nil {
		return nil, err
	}
	return dataset.Open(p)
}

func loadNodes(t testing.TB, name string) *NodeData {
	t.Helper()
	d, err := LoadNodes(context.Background(), openDataset, name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func loadLinks(t testing.TB) *LinkData {
	t.Helper()
	d, err := LoadLinks(context.Background(), openDataset)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
