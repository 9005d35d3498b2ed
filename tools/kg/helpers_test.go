package kg

import (
	"context"
	"io"
	"path"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

// datasetOpen opens files of the shipped datasets (through tools/dataset).
func datasetOpen(_ context.Context, name string) (io.ReadCloser, error) {
	dir, err := dataset.Dir()
	if err != nil {
		return nil, err
	}
	return dataset.Open(path.Join(dir, name))
}

// Each shipped KG is loaded once per test binary.
var (
	loadOnce  = map[string]*sync.Once{"wn18rr": {}, "drugmechdb": {}, "fb15k237": {}}
	loaded    = map[string]*KG{}
	loadErr   = map[string]error{}
	loadMutex sync.Mutex
)

func shipped(t testing.TB, name string) *KG {
	t.Helper()
	loadMutex.Lock()
	once := loadOnce[name]
	loadMutex.Unlock()
	once.Do(func() {
		g, err := Load(context.Background(), datasetOpen, name)
		loadMutex.Lock()
		loaded[name], loadErr[name] = g, err
		loadMutex.Unlock()
	})
	loadMutex.Lock()
	defer loadMutex.Unlock()
	if loadErr[name] != nil {
		t.Fatalf("load %s: %v", name, loadErr[name])
	}
	return loaded[name]
}
