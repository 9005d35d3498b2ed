package kg

import (
	"context"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

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
		g, err := Load(context.Background(), dataset.OpenShipped, name)
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
