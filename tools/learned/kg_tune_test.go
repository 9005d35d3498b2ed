package learned

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestKGTune trains the knowledge-graph model of the dataset named in
// GRAPHAGENT_KG_TUNE (wn18rr, fb15k237) with the defaults changed by
// GRAPHAGENT_KG_CONFIG (e.g. "dim=200 negatives=1024 lr=0.1 n3=0.001
// inbatch=true epochs=3 every=1 valid=500") and logs the filtered MRR and
// Hits@k on the first valid= validation triples after every every=
// epochs, with the CPU time spent. It chooses settings on validation
// triples, never on test ones; it is skipped without the variable.
func TestKGTune(t *testing.T) {
	name := os.Getenv("GRAPHAGENT_KG_TUNE")
	if name == "" {
		t.Skip("set GRAPHAGENT_KG_TUNE=wn18rr (and GRAPHAGENT_KG_CONFIG) to tune the knowledge-graph model on validation triples")
	}
	s := NewStore(StoreConfig{})
	d, err := s.data(name)
	if err != nil {
		t.Fatal(err)
	}
	kd, err := readKG(d)
	if err != nil {
		t.Fatal(err)
	}
	c := kgDefaults(name, Config{Seed: 1})
	every, nValid := 1, 500
	for _, kv := range strings.Fields(os.Getenv("GRAPHAGENT_KG_CONFIG")) {
		k, v, _ := strings.Cut(kv, "=")
		if err := setKGOption(&c, &every, &nValid, k, v); err != nil {
			t.Fatal(err)
		}
	}
	valid := kd.valid[:min(nValid, len(kd.valid))]
	f := newKGFilter(len(kd.relations.names), kd.train, kd.valid, kd.test)
	t.Logf("%s: %s; scored on %d validation triples", name, c.describe(len(kd.train)), len(valid))
	// Training time excludes the time spent scoring.
	start, cpu0 := time.Now(), cpuSeconds()
	var evalWall time.Duration
	var evalCPU float64
	_, err = trainKGModel(context.Background(), kd, c, func(e int, m *kgModel) error {
		if e == 0 || (e%every != 0 && e != c.epochs) {
			return nil
		}
		wall, cpu := time.Since(start)-evalWall, cpuSeconds()-cpu0-evalCPU
		t0, c0 := time.Now(), cpuSeconds()
		ranks, err := kgRanks(context.Background(), m, valid, f)
		if err != nil {
			return err
		}
		mrr, h1, h3, h10 := rankMetrics(ranks)
		t.Logf("epoch %d: valid MRR %.4f H@1 %.4f H@3 %.4f H@10 %.4f; training %.0f s wall, %.0f s CPU", e, mrr, h1, h3, h10, wall.Seconds(), cpu)
		evalWall += time.Since(t0)
		evalCPU += cpuSeconds() - c0
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// setKGOption sets the option k of c (or of the tuning loop) to v.
func setKGOption(c *kgConfig, every, nValid *int, k, v string) error {
	ints := map[string]*int{"dim": &c.dim, "epochs": &c.epochs, "batch": &c.batch, "negatives": &c.negatives, "every": every, "valid": nValid}
	floats := map[string]*float64{"lr": &c.lr, "n3": &c.n3, "init": &c.initScale}
	if p, ok := ints[k]; ok {
		n, err := strconv.Atoi(v)
		*p = n
		return err
	}
	if p, ok := floats[k]; ok {
		x, err := strconv.ParseFloat(v, 64)
		*p = x
		return err
	}
	if k == "inbatch" {
		b, err := strconv.ParseBool(v)
		c.inBatch = b
		return err
	}
	return fmt.Errorf("unknown option %q", k)
}

// BenchmarkKGStep times one training batch of the default configuration
// on a random graph of WN18RR's size.
func BenchmarkKGStep(b *testing.B) {
	kd := randomKG(40943, 11, 86835, 1)
	c := kgDefaults("wn18rr", Config{Seed: 1})
	m, err := trainKGModel(context.Background(), kd, kgConfig{dim: c.dim, initScale: c.initScale, seed: 1}, func(int, *kgModel) error { return nil })
	if err != nil {
		b.Fatal(err)
	}
	queries := kd.train[:c.batch]
	tr := newKGTrainer(m, c, rand.New(rand.NewPCG(1, 2)), kd.train)
	for b.Loop() {
		tr.step(queries)
	}
}

// randomKG is a knowledge graph of ne entities and nr relations with
// nTrain random training triples (and 100 validation and test ones).
func randomKG(ne, nr, nTrain int, seed uint64) *kgData {
	rng := rand.New(rand.NewPCG(seed, 3))
	kd := &kgData{entities: newInterner(), relations: newInterner()}
	for i := range ne {
		kd.entities.id(fmt.Sprint("e", i))
		kd.names = append(kd.names, fmt.Sprint("entity ", i))
		kd.alt = append(kd.alt, "")
	}
	for i := range nr {
		kd.relations.id(fmt.Sprint("r", i))
		kd.relText = append(kd.relText, fmt.Sprint("relation ", i))
	}
	draw := func(n int) []triple {
		out := make([]triple, n)
		for i := range out {
			out[i] = triple{int32(rng.IntN(ne)), int32(rng.IntN(nr)), int32(rng.IntN(ne))}
		}
		return out
	}
	kd.train, kd.valid, kd.test = draw(nTrain), draw(100), draw(100)
	return kd
}
