package learned

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestNodeTuning scores APPNP settings on the validation nodes of seeds
// 1–5 — never on the test nodes, which it does not even train with — for
// choosing the node classifier's hyper-parameters. It is skipped unless
// GRAPHAGENT_NODE_TUNE names the datasets (cora,citeseer).
// GRAPHAGENT_NODE_TUNE_GRID gives the values to try, as
// "hidden=32,64;dropout=0.5,0.8" (every combination, over the dataset's
// default configuration); keys: hidden, dropout, lr, l2, steps, alpha, epochs,
// patience.
func TestNodeTuning(t *testing.T) {
	names := os.Getenv("GRAPHAGENT_NODE_TUNE")
	if names == "" {
		t.Skip("set GRAPHAGENT_NODE_TUNE=cora,citeseer to score hyper-parameters on validation")
	}
	s := NewStore(StoreConfig{})
	for _, name := range strings.Split(names, ",") {
		grid, err := parseTuneGrid(defaultAPPNP(name), os.Getenv("GRAPHAGENT_NODE_TUNE_GRID"))
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.data(name)
		if err != nil {
			t.Fatal(err)
		}
		nd, err := readNodeData(d)
		if err != nil {
			t.Fatal(err)
		}
		in := newNodeInputs(nd)
		for _, cfg := range grid {
			start := time.Now()
			var accs []float64
			var epochs []string
			for seed := uint64(1); seed <= nodeSeeds; seed++ {
				_, train, val, _ := nodeSplit(nd.labels, len(nd.classes), seed)
				f, err := trainAPPNP(context.Background(), in.x, in.adj, nd.labels, train, val, len(nd.classes), cfg, seed, nil)
				if err != nil {
					t.Fatal(err)
				}
				accs = append(accs, f.valAcc)
				epochs = append(epochs, fmt.Sprintf("%d/%d", f.epoch, f.epochs))
			}
			mean, std := meanStd(accs)
			t.Logf("%s %+v: validation accuracy %.4f ± %.4f (epochs chosen/trained %s) %.1fs",
				name, cfg, mean, std, strings.Join(epochs, " "), time.Since(start).Seconds())
		}
	}
}

// parseTuneGrid expands "key=v1,v2;key=v3" into every combination over base.
func parseTuneGrid(base appnpConfig, spec string) ([]appnpConfig, error) {
	grid := []appnpConfig{base}
	for _, part := range strings.Split(spec, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		key, vals, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("grid part %q: want key=v1,v2", part)
		}
		var next []appnpConfig
		for _, cfg := range grid {
			for _, v := range strings.Split(vals, ",") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					return nil, fmt.Errorf("grid %s: %w", key, err)
				}
				switch strings.TrimSpace(key) {
				case "hidden":
					cfg.Hidden = int(f)
				case "dropout":
					cfg.Dropout = f
				case "lr":
					cfg.LR = f
				case "l2":
					cfg.L2 = f
				case "steps":
					cfg.Steps = int(f)
				case "alpha":
					cfg.Alpha = f
				case "epochs":
					cfg.MaxEpochs = int(f)
				case "patience":
					cfg.Patience = int(f)
				default:
					return nil, fmt.Errorf("grid key %q unknown", key)
				}
				next = append(next, cfg)
			}
		}
		grid = next
	}
	return grid, nil
}
