package learned

import (
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"time"

	"github.com/graphagent/graphagent/tools/dataset"
)

// codeVersion changes when a change to the training code makes every saved
// model out of date; a model saved by another version is retrained.
const codeVersion = 1

// familyVersion is the version of family's training code and model format
// (codeVersion unless the family changed on its own). A model saved with
// another version is out of date: retrained on demand, else rejected with
// ErrStale, never decoded as this version's format.
func familyVersion(family string) int {
	switch family {
	case FamilyNode:
		return 2 // APPNP replaced feature propagation + logistic regression
	case FamilyGraph:
		return 2 // a kernel SVM with margins replaced WL features + logistic regression
	case FamilyRecommend:
		return 2 // the setting chosen on validation replaced the one chosen with test runs
	}
	if family == FamilyKG {
		return 4 // FB15k-237's N3 5e-2 and 3 epochs (chosen on validation) replaced 1e-3 and 1; 3: WN18RR's N3 weight 0.1 (chosen on validation) replaced 1e-3; 2: float32 ComplEx with shared negatives replaced float64 with 32 negatives per query
	}
	return codeVersion
}

// Config is the training configuration a user may set.
type Config struct {
	// Seed fixes every random choice: the split, the initialisation, the
	// sampling order. The same seed on the same data gives the same model.
	Seed uint64 `json:"seed"`
	// Epochs overrides the family's default number of epochs (0: default).
	Epochs int `json:"epochs,omitempty"`
	// Small trains a small configuration that takes seconds (for tests and
	// quick checks); its scores are lower.
	Small bool `json:"small,omitempty"`
}

// Score is one measured number of a trained model on its test split.
type Score struct {
	// Metric names what is measured ("accuracy", "NMI", "filtered MRR").
	Metric string `json:"metric"`
	// Value is the mean over Runs.
	Value float64 `json:"value"`
	// Std is the standard deviation over Runs (0 for one run).
	Std float64 `json:"std,omitempty"`
	// Runs is how many seeds or folds the mean is over.
	Runs int `json:"runs"`
	// Baseline is true for the trivial or reference method the model is
	// compared with (majority class, popularity, modularity).
	Baseline bool `json:"baseline,omitempty"`
}

// Meta describes a saved model: what it was trained on and how well it does.
type Meta struct {
	Model   string `json:"model"`
	Family  string `json:"family"`
	Dataset string `json:"dataset"`
	Method  string `json:"method"`
	// Details states the hyper-parameters the training used.
	Details string `json:"details"`
	// Split says how train, validation and test were separated.
	Split        string  `json:"split"`
	Config       Config  `json:"config"`
	DataChecksum string  `json:"data_checksum"`
	Version      int     `json:"version"`
	Scores       []Score `json:"scores"`
	TrainSeconds float64 `json:"train_seconds"`
	// CPUSeconds is the process's user and system CPU time spent training
	// (on a loaded machine much less than TrainSeconds).
	CPUSeconds float64   `json:"cpu_seconds"`
	PeakHeapMB float64   `json:"peak_heap_mb"`
	Trained    time.Time `json:"trained"`
}

// Score returns the first non-baseline score called metric.
func (m *Meta) Score(metric string) (Score, bool) {
	for _, s := range m.Scores {
		if s.Metric == metric && !s.Baseline {
			return s, true
		}
	}
	return Score{}, false
}

// Summary states the model's main test score in words, for --explain and
// tool answers.
func (m *Meta) Summary() string {
	var parts []string
	for _, s := range m.Scores {
		if s.Baseline {
			continue
		}
		if s.Runs > 1 {
			parts = append(parts, fmt.Sprintf("%s %.3f ± %.3f over %d runs", s.Metric, s.Value, s.Std, s.Runs))
		} else {
			parts = append(parts, fmt.Sprintf("%s %.3f", s.Metric, s.Value))
		}
	}
	return fmt.Sprintf("%s (%s on %s; test: %s)", m.Model, m.Method, m.Dataset, strings.Join(parts, ", "))
}

// Progress receives training progress: the stage, and done of total steps
// (epochs, folds, seeds).
type Progress func(stage string, done, total int)

// StoreConfig configures a Store.
type StoreConfig struct {
	// Home is the graphagent home folder; models go in Home/models.
	Home string
	// DataDirs are searched for the dataset folders (DIR/cora or
	// DIR/datasets/cora); the repository's datasets/ is searched last.
	DataDirs []string
	// TrainOnDemand trains a model that is absent or out of date when a
	// tool needs it (after telling Notify); otherwise that is an
	// ErrNotTrained error.
	TrainOnDemand bool
	// DemandConfig is the configuration of training on demand; nil means
	// the full configuration with seed 1 (tests ask for a small one).
	DemandConfig *Config
	// Notify receives messages for the user (training on demand); nil
	// discards them.
	Notify func(msg string)
	// Progress receives training progress; nil discards it.
	Progress Progress
}

// Store saves, loads and caches trained models. It is safe for concurrent
// use.
type Store struct {
	cfg StoreConfig

	mu     sync.Mutex
	loaded map[string]*loadedModel
}

type loadedModel struct {
	meta  *Meta
	model any
}

// NewStore returns a store over cfg's folders.
func NewStore(cfg StoreConfig) *Store {
	return &Store{cfg: cfg, loaded: map[string]*loadedModel{}}
}

// modelsDir is where models are saved.
func (s *Store) modelsDir() string { return filepath.Join(s.cfg.Home, "models") }

func (s *Store) metaPath(name string) string  { return filepath.Join(s.modelsDir(), name+".json") }
func (s *Store) modelPath(name string) string { return filepath.Join(s.modelsDir(), name+".gob.gz") }

// ModelPath is the file the model called name is saved in.
func (s *Store) ModelPath(name string) string { return s.modelPath(name) }

// datasetFile locates file (uncompressed name) of ds's folder: in the data
// folders, then in the repository's datasets/.
func (s *Store) datasetFile(ds dataset.Dataset, file string) (string, error) {
	var tried []string
	for _, dir := range s.cfg.DataDirs {
		for _, base := range []string{filepath.Join(dir, ds.Folder), filepath.Join(dir, dataset.DirName, ds.Folder)} {
			p := filepath.Join(base, filepath.FromSlash(file))
			for _, cand := range []string{p, p + dataset.GzipExt} {
				if fi, err := os.Stat(cand); err == nil && fi.Mode().IsRegular() {
					return cand, nil
				}
			}
			tried = append(tried, base)
		}
	}
	if p, err := dataset.Path(ds.Folder, file); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%s: %s not found in %s nor in the repository's datasets folder (pass --data with the folder holding datasets/): %w",
		ds.Name, file, strings.Join(tried, ", "), ErrDataset)
}

// data gives the training code access to one dataset's files.
type data struct {
	store *Store
	ds    dataset.Dataset
}

func (s *Store) data(name string) (*data, error) {
	ds, ok := dataset.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("dataset %q is not shipped: %w", name, ErrDataset)
	}
	return &data{store: s, ds: ds}, nil
}

// open opens file of the dataset, decompressing a .gz.
func (d *data) open(file string) (io.ReadCloser, string, error) {
	p, err := d.store.datasetFile(d.ds, file)
	if err != nil {
		return nil, "", err
	}
	r, err := dataset.Open(p)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", p, err)
	}
	return r, p, nil
}

// checksum is the SHA-256 of the dataset's data files (its registered
// files but the README), as stored.
func (d *data) checksum() (string, error) {
	h := sha256.New()
	for _, f := range d.ds.Files {
		if f == "README.md" {
			continue
		}
		p, err := d.store.datasetFile(d.ds, strings.TrimSuffix(f, dataset.GzipExt))
		if err != nil {
			return "", err
		}
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() {
			continue // folders (gtools) are not model data
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// trained is what a family's training returns.
type trained struct {
	model   any
	scores  []Score
	split   string
	details string
}

// Train trains def with cfg, saves it and returns its description. The
// model replaces any saved one.
func (s *Store) Train(ctx context.Context, def Def, cfg Config) (*Meta, error) {
	d, err := s.data(def.Dataset)
	if err != nil {
		return nil, err
	}
	sum, err := d.checksum()
	if err != nil {
		return nil, err
	}
	prog := s.cfg.Progress
	if prog == nil {
		prog = func(string, int, int) {}
	}
	peak := startHeapSampler()
	start, cpu0 := time.Now(), cpuSeconds()
	tr, err := trainFamily(ctx, def, d, cfg, prog)
	secs, cpu := time.Since(start).Seconds(), cpuSeconds()-cpu0
	peakMB := peak()
	if err != nil {
		return nil, fmt.Errorf("train %s: %w", def.Name, err)
	}
	meta := &Meta{Model: def.Name, Family: def.Family, Dataset: def.Dataset, Method: def.Method, Details: tr.details,
		Split: tr.split, Config: cfg, DataChecksum: sum, Version: familyVersion(def.Family), Scores: tr.scores,
		TrainSeconds: secs, CPUSeconds: cpu, PeakHeapMB: peakMB, Trained: time.Now().UTC().Truncate(time.Second)}
	if err := s.save(meta, tr.model); err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.loaded[def.Name] = &loadedModel{meta: meta, model: tr.model}
	s.mu.Unlock()
	return meta, nil
}

func trainFamily(ctx context.Context, def Def, d *data, cfg Config, prog Progress) (*trained, error) {
	switch def.Family {
	case FamilyNode:
		return trainNodeClassifier(ctx, d, cfg, prog)
	case FamilyGraph:
		return trainGraphClassifier(ctx, d, cfg, prog)
	case FamilyCommunity:
		return trainCommunities(ctx, d, cfg, prog)
	case FamilyRecommend:
		return trainRecommender(ctx, d, cfg, prog)
	case FamilyKG:
		return trainKG(ctx, d, cfg, prog)
	}
	return nil, fmt.Errorf("%s: family %s is not built yet: %w", def.Name, def.Family, ErrUnknownModel)
}

// save writes the model and then its description, each atomically.
func (s *Store) save(meta *Meta, model any) error {
	if err := os.MkdirAll(s.modelsDir(), 0o755); err != nil {
		return fmt.Errorf("save model: %w", err)
	}
	err := writeAtomic(s.modelPath(meta.Model), func(w io.Writer) error {
		z := gzip.NewWriter(w)
		if err := gob.NewEncoder(z).Encode(model); err != nil {
			return err
		}
		return z.Close()
	})
	if err != nil {
		return fmt.Errorf("save model %s: %w", meta.Model, err)
	}
	err = writeAtomic(s.metaPath(meta.Model), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(meta)
	})
	if err != nil {
		return fmt.Errorf("save model %s: %w", meta.Model, err)
	}
	return nil
}

func writeAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), path)
}

// Meta returns the saved description of the model called name, or an
// error wrapping fs.ErrNotExist when it was never trained.
func (s *Store) Meta(name string) (*Meta, error) {
	b, err := os.ReadFile(s.metaPath(name))
	if err != nil {
		return nil, err
	}
	var m Meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", s.metaPath(name), err)
	}
	return &m, nil
}

// model returns def's trained model, loading it on first use; an absent or
// out-of-date model is trained when the store may, else an error says how
// to train it.
func (s *Store) model(ctx context.Context, def Def) (*loadedModel, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if lm, ok := s.loaded[def.Name]; ok {
		return lm, nil
	}
	lm, err := s.load(def)
	if err == nil {
		s.loaded[def.Name] = lm
		return lm, nil
	}
	if !s.cfg.TrainOnDemand {
		return nil, err
	}
	if s.cfg.Notify != nil {
		s.cfg.Notify(fmt.Sprintf("%v; training %s now (run 'graphagent train %s' to do it ahead)", err, def.Name, def.Name))
	}
	s.mu.Unlock()
	cfg := Config{Seed: 1}
	if s.cfg.DemandConfig != nil {
		cfg = *s.cfg.DemandConfig
	}
	meta, terr := s.Train(ctx, def, cfg)
	s.mu.Lock()
	if terr != nil {
		return nil, terr
	}
	if lm, ok := s.loaded[def.Name]; ok && lm.meta == meta {
		return lm, nil
	}
	return s.loaded[def.Name], nil
}

// Check returns def's saved description when the model is saved, was
// trained by this version of the code and on the data as it is now; else
// an error wrapping ErrNotTrained or ErrStale says why not.
func (s *Store) Check(def Def) (*Meta, error) {
	meta, err := s.Meta(def.Name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s is not trained yet (no %s): %w", def.Name, s.metaPath(def.Name), ErrNotTrained)
	}
	if err != nil {
		return nil, err
	}
	if want := familyVersion(def.Family); meta.Version != want {
		return nil, fmt.Errorf("%s was trained by another version of graphagent (model version %d, this one reads %d; retrain it with 'graphagent train %s'): %w",
			def.Name, meta.Version, want, def.Name, ErrStale)
	}
	d, err := s.data(def.Dataset)
	if err != nil {
		return nil, err
	}
	sum, err := d.checksum()
	if err != nil {
		return nil, err
	}
	if sum != meta.DataChecksum {
		return nil, fmt.Errorf("%s was trained on other data (checksum %.12s, the data now %.12s): %w", def.Name, meta.DataChecksum, sum, ErrStale)
	}
	return meta, nil
}

// load reads def's saved model, checked as Check does.
func (s *Store) load(def Def) (*loadedModel, error) {
	meta, err := s.Check(def)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(s.modelPath(def.Name))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", def.Name, err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.modelPath(def.Name), err)
	}
	model, err := decodeFamily(def, z)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.modelPath(def.Name), err)
	}
	return &loadedModel{meta: meta, model: model}, nil
}

// decodeModel decodes one model of type M from dec.
func decodeModel[M any](dec *gob.Decoder) (any, error) {
	var m M
	err := dec.Decode(&m)
	return &m, err
}

func decodeFamily(def Def, r io.Reader) (any, error) {
	dec := gob.NewDecoder(r)
	switch def.Family {
	case FamilyNode:
		return decodeModel[nodeModel](dec)
	case FamilyGraph:
		return decodeModel[graphModel](dec)
	case FamilyCommunity:
		return decodeModel[communityModel](dec)
	case FamilyRecommend:
		return decodeModel[recModel](dec)
	case FamilyKG:
		m, err := decodeModel[kgModel](dec)
		if err != nil {
			return nil, err
		}
		return m, m.(*kgModel).validate()
	}
	return nil, fmt.Errorf("family %s: %w", def.Family, ErrUnknownModel)
}

// startHeapSampler samples the live heap every 20 ms until the returned
// function is called, which gives the peak in MB.
func startHeapSampler() func() float64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return sample[0].Value.Uint64()
	}
	var mu sync.Mutex
	peak := read()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				v := read()
				mu.Lock()
				peak = max(peak, v)
				mu.Unlock()
			}
		}
	}()
	return func() float64 {
		close(done)
		wg.Wait()
		return float64(max(peak, read())) / 1e6
	}
}
