// Package memory holds graphagent's long-term memory and the working memory
// of a session.
//
// Long-term memory (Store) keeps solved examples (Example: question, tool,
// arguments, answer) and labelled samples of named datasets (Sample: a node
// or an edge as text), one collection for examples and one per dataset,
// searched by cosine similarity with filters on the records' fields. Each
// collection keeps its unit vectors in one contiguous slab, scanned exactly
// with SIMD dot products and a bounded heap (see table.go); a collection of
// 16,384 rows or more searched often gets an HNSW graph, built in the
// background and used with exact re-ranking when calibration finds it
// cheaper than a scan at recall 0.99 (see ann.go). Durability rests
// on an append-only JSON Lines log (see wal.go): every write goes to it, in
// one write per batch followed by fsync, before it is acknowledged; each
// line carries a CRC-32C checksum, so damage is found and named, not
// loaded; the log is replayed on Open, a torn final line left by a crash is
// cut, and compaction writes a new file and renames it over the old one.
// Several processes may share a folder: appends, tail repairs and
// compactions take an advisory file lock, and each process sees the records
// that were there when it opened plus its own. Vectors are stored with the
// name of the encoder that made them and recomputed once when the encoder
// changes. seed.Open is the usual way to open the store: it fits the
// builtin encoder and seeds the examples.
//
// Working memory (Working) holds a session's graphs by name, the most
// recently used one answering to "it", and its latest tool results, bounded
// by count and by total edges.
package memory

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/graphagent/graphagent/internal/textutil"
)

const (
	examplesColl  = "examples"
	samplesPrefix = "samples/"

	// DefaultK is the number of results a search returns when K is not set.
	DefaultK = 5
	// embedChunk bounds how many texts go to the embedder at once.
	embedChunk = 512
	// compactMin is the number of superseded log entries below which the log
	// is never compacted.
	compactMin = 1024
)

// Store is the long-term memory. It is safe for concurrent use.
type Store struct {
	emb    Embedder
	logger *slog.Logger
	// graphMin is the collection size from which unfiltered searches use
	// an HNSW graph (0 never), graphAfter the searches before it is built.
	graphMin, graphAfter int
	// postingsMin is the collection size from which unfiltered searches
	// may use an inverted index (0 never).
	postingsMin int
	// graphAlways makes searches use a valid graph even where calibration
	// found a scan cheaper (tests of the graph path).
	graphAlways bool

	seedMu sync.Mutex // serialises EnsureSeeded

	mu       sync.RWMutex
	closed   bool
	dim      int
	log      *wal                      // nil for an in-memory store
	pg       *pgLog                    // set for a store in PostgreSQL
	dead     int                       // log entries superseded by later ones
	examples *table[Example]           // by Example.ID
	datasets map[string]*table[Sample] // by dataset, then Sample.key()
}

// Option configures a Store.
type Option func(*Store)

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option {
	return func(s *Store) {
		if l != nil {
			s.logger = l
		}
	}
}

func newStore(emb Embedder, opts []Option) (*Store, error) {
	if emb == nil {
		return nil, fmt.Errorf("memory: no embedder: %w", ErrEncoder)
	}
	s := &Store{
		emb:         emb,
		logger:      slog.Default(),
		graphMin:    defaultGraphMin,
		graphAfter:  defaultGraphAfter,
		postingsMin: defaultPostingsMin,
		examples:    newTable[Example](),
		datasets:    map[string]*table[Sample]{},
	}
	for _, o := range opts {
		o(s)
	}
	return s, nil
}

// NewInMemory returns a store that keeps nothing on disk (for tests,
// benchmarks and throw-away sessions).
func NewInMemory(emb Embedder, opts ...Option) (*Store, error) {
	return newStore(emb, opts)
}

// Open opens the store kept in dir (created if needed), replaying its log.
// Vectors stored by another embedder (by Name) are recomputed.
func Open(ctx context.Context, dir string, emb Embedder, opts ...Option) (*Store, error) {
	s, err := newStore(emb, opts)
	if err != nil {
		return nil, err
	}
	// Replay into plain maps first: later entries supersede earlier ones.
	live := newLiveSet()
	w, err := openWAL(dir, s.logger, live.apply)
	if err != nil {
		return nil, err
	}
	s.log = w
	entries := live.entries()
	s.dead = live.total - len(entries)

	// Recompute missing or foreign vectors in batches, then index.
	name := emb.Name()
	var stale []*logEntry
	for _, e := range entries {
		if e.Enc != name || bytesVec(e.Vec) == nil {
			stale = append(stale, e)
		}
	}
	if len(stale) > 0 {
		texts := make([]string, len(stale))
		for i, e := range stale {
			texts[i] = e.text()
		}
		vecs, err := s.embed(ctx, texts)
		if err != nil {
			w.close()
			return nil, fmt.Errorf("memory: re-embed %d records: %w", len(stale), err)
		}
		for i, e := range stale {
			e.Enc, e.Vec = name, vecBytes(vecs[i])
		}
		s.logger.Info("memory: recomputed vectors", "records", len(stale), "encoder", name)
	}
	for _, e := range entries {
		v := bytesVec(e.Vec)
		if s.dim == 0 {
			s.dim = len(v)
		}
		if len(v) != s.dim {
			w.close()
			return nil, fmt.Errorf("memory: record %q has a %d-dimensional vector, others %d: %w", e.Key, len(v), s.dim, ErrCorrupt)
		}
		if e.Example != nil && s.examples.len() == 0 {
			s.examples.reserve(len(entries), s.dim)
		}
		s.index(e, v)
	}
	// Entries without checksums (a log from before them) are rewritten
	// with them.
	if len(stale) > 0 || w.legacy > 0 || (s.dead >= compactMin && s.dead > len(entries)) {
		if err := s.compactLocked(); err != nil {
			w.close()
			return nil, err
		}
	}
	return s, nil
}

// record is the entry's example or sample.
func (e *logEntry) record() any {
	if e.Example != nil {
		return e.Example
	}
	return e.Sample
}

// text is what an entry's vector embeds.
func (e *logEntry) text() string {
	if e.Example != nil {
		return e.Example.Question
	}
	return e.Sample.Text
}

// index puts a record and its unit vector into its table. The caller holds
// the write lock (or owns the store during Open).
func (s *Store) index(e *logEntry, v []float32) {
	var replaced bool
	if e.Example != nil {
		replaced = s.examples.put(e.Example.ID, e.Example, v)
	} else {
		replaced = s.dataset(e.Sample.Dataset).put(e.Sample.key(), e.Sample, v)
	}
	if replaced {
		s.dead++
	}
}

// dataset returns (creating) the table of a dataset.
func (s *Store) dataset(name string) *table[Sample] {
	ds, ok := s.datasets[name]
	if !ok {
		ds = newTable[Sample]()
		s.datasets[name] = ds
	}
	return ds
}

// embed encodes texts in chunks and returns unit vectors of the store's
// dimension.
func (s *Store) embed(ctx context.Context, texts []string) ([][]float32, error) {
	out, _, err := s.embedZero(ctx, texts)
	return out, err
}

// embedZero is embed that also reports which texts had no features.
func (s *Store) embedZero(ctx context.Context, texts []string) ([][]float32, []bool, error) {
	out := make([][]float32, 0, len(texts))
	zeros := make([]bool, 0, len(texts))
	for start := 0; start < len(texts); start += embedChunk {
		end := min(start+embedChunk, len(texts))
		vecs, err := s.emb.Encode(ctx, texts[start:end])
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w: %w", s.emb.Name(), ErrEncoder, err)
		}
		if len(vecs) != end-start {
			return nil, nil, fmt.Errorf("%s returned %d vectors for %d texts: %w", s.emb.Name(), len(vecs), end-start, ErrEncoder)
		}
		for i, v := range vecs {
			u, zero, err := normalizeVec(v)
			if err != nil {
				return nil, nil, fmt.Errorf("text %q: %w", textutil.Truncate(texts[start+i], 60), err)
			}
			if len(out) > 0 && len(u) != len(out[0]) {
				return nil, nil, fmt.Errorf("%s returned vectors of lengths %d and %d: %w", s.emb.Name(), len(out[0]), len(u), ErrEncoder)
			}
			out = append(out, u)
			zeros = append(zeros, zero)
		}
	}
	return out, zeros, nil
}

// commit makes entries durable (when persistent) and indexes them. vecs
// align with entries of op put.
func (s *Store) commit(ctx context.Context, entries []logEntry, vecs [][]float32) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if len(vecs) > 0 {
		if s.dim == 0 {
			s.dim = len(vecs[0])
		}
		if len(vecs[0]) != s.dim {
			return fmt.Errorf("%s returned %d-dimensional vectors, the store holds %d: %w", s.emb.Name(), len(vecs[0]), s.dim, ErrEncoder)
		}
	}
	if s.log != nil {
		if err := s.log.appendEntries(entries); err != nil {
			return err
		}
	}
	if s.pg != nil {
		if err := s.pg.write(ctx, entries); err != nil {
			return err
		}
	}
	vi := 0
	for i := range entries {
		e := &entries[i]
		if e.Op == opDel {
			s.removeLocked(e.Coll, e.Key)
			continue
		}
		s.index(e, vecs[vi])
		vi++
	}
	return nil
}

// removeLocked drops one record from its table.
func (s *Store) removeLocked(coll, key string) bool {
	var removed bool
	if coll == examplesColl {
		removed = s.examples.remove(key)
	} else if ds, ok := s.datasets[strings.TrimPrefix(coll, samplesPrefix)]; ok {
		removed = ds.remove(key)
	}
	if removed {
		s.dead += 2 // the put and the delete are both dead now
	}
	return removed
}

// AddExamples validates, embeds and stores examples; when it returns nil
// they are durable. Examples without an ID get one derived from their
// question, tool and arguments; an existing ID is overwritten.
func (s *Store) AddExamples(ctx context.Context, exs []Example) error {
	if len(exs) == 0 {
		return nil
	}
	now := time.Now()
	entries := make([]logEntry, len(exs))
	texts := make([]string, len(exs))
	for i := range exs {
		ex := exs[i].clone() // the caller's example is not modified or shared
		if err := ex.normalize(now); err != nil {
			return err
		}
		entries[i] = logEntry{Op: opPut, Coll: examplesColl, Key: ex.ID, Example: &ex}
		texts[i] = ex.Question
	}
	return s.put(ctx, entries, texts)
}

// AddExample stores one example and returns it as stored, with its
// defaults (ID, CreatedAt, Source) filled in.
func (s *Store) AddExample(ctx context.Context, ex Example) (Example, error) {
	if err := ex.normalize(time.Now()); err != nil {
		return Example{}, err
	}
	if err := s.AddExamples(ctx, []Example{ex}); err != nil {
		return Example{}, err
	}
	return ex, nil
}

// AddSamples validates, embeds and stores dataset samples; when it returns
// nil they are durable. A sample with the same dataset, kind and ID is
// overwritten.
func (s *Store) AddSamples(ctx context.Context, samples []Sample) error {
	if len(samples) == 0 {
		return nil
	}
	entries := make([]logEntry, len(samples))
	texts := make([]string, len(samples))
	for i := range samples {
		sm := samples[i].clone() // the caller's sample is not modified or shared
		if err := sm.normalize(); err != nil {
			return err
		}
		entries[i] = logEntry{Op: opPut, Coll: samplesPrefix + sm.Dataset, Key: sm.key(), Sample: &sm}
		texts[i] = sm.Text
	}
	return s.put(ctx, entries, texts)
}

func (s *Store) put(ctx context.Context, entries []logEntry, texts []string) error {
	// Embedding may be slow (a remote server): it runs outside the lock.
	vecs, err := s.embed(ctx, texts)
	if err != nil {
		return err
	}
	if s.log != nil || s.pg != nil { // set once by Open, before the store is shared
		name := s.emb.Name()
		for i := range entries {
			entries[i].Enc, entries[i].Vec = name, vecBytes(vecs[i])
		}
	}
	return s.commit(ctx, entries, vecs)
}

// DeleteExamples removes examples by ID and returns how many existed.
func (s *Store) DeleteExamples(ctx context.Context, ids ...string) (int, error) {
	return s.delete(ctx, examplesColl, ids, func(id string) bool { _, ok := s.examples.get(id); return ok })
}

// DeleteSamples removes samples of a dataset by kind and ID and returns how
// many existed.
func (s *Store) DeleteSamples(ctx context.Context, datasetName, kind string, ids ...string) (int, error) {
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = (&Sample{Kind: kind, ID: id}).key()
	}
	return s.delete(ctx, samplesPrefix+datasetName, keys, func(k string) bool {
		ds, ok := s.datasets[datasetName]
		if !ok {
			return false
		}
		_, ok = ds.get(k)
		return ok
	})
}

func (s *Store) delete(ctx context.Context, coll string, keys []string, exists func(string) bool) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return 0, ErrClosed
	}
	var entries []logEntry
	seen := map[string]bool{}
	for _, k := range keys {
		if !seen[k] && exists(k) {
			seen[k] = true
			entries = append(entries, logEntry{Op: opDel, Coll: coll, Key: k})
		}
	}
	if len(entries) == 0 {
		return 0, nil
	}
	if s.log != nil {
		if err := s.log.appendEntries(entries); err != nil {
			return 0, err
		}
	}
	if s.pg != nil {
		if err := s.pg.write(ctx, entries); err != nil {
			return 0, err
		}
	}
	for _, e := range entries {
		s.removeLocked(e.Coll, e.Key)
	}
	return len(entries), nil
}

// ExampleQuery filters and sizes an example search. Empty fields do not
// filter.
type ExampleQuery struct {
	// K is the number of results (DefaultK when 0 or less).
	K int
	// Tool keeps examples answered by this tool.
	Tool string
	// Source keeps examples of this source.
	Source string
	// Verified, when set, keeps examples whose Verified equals it.
	Verified *bool
	// ExcludeSources drops examples of these sources.
	ExcludeSources []string
}

// ExampleHit is an example found by a search with its cosine similarity.
type ExampleHit struct {
	Example
	// Score is the cosine similarity to the query, in [-1, 1].
	Score float32 `json:"score"`
}

// SearchExamples returns the examples most similar to query, best first
// (equal scores by ID). An empty store gives no hits and no error.
func (s *Store) SearchExamples(ctx context.Context, query string, q ExampleQuery) ([]ExampleHit, error) {
	v, err := s.queryVec(ctx, query)
	if err != nil || v == nil {
		return nil, err
	}
	return s.searchExamplesVec(ctx, v, q)
}

// searchExamplesVec is SearchExamples for the unit query vector v.
func (s *Store) searchExamplesVec(ctx context.Context, v []float32, q ExampleQuery) ([]ExampleHit, error) {
	var keep func(*Example) bool
	if q.Tool != "" || q.Source != "" || q.Verified != nil || len(q.ExcludeSources) > 0 {
		keep = func(ex *Example) bool {
			return (q.Tool == "" || ex.Tool == q.Tool) && (q.Source == "" || ex.Source == q.Source) &&
				(q.Verified == nil || ex.Verified == *q.Verified) && !slices.Contains(q.ExcludeSources, ex.Source)
		}
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	rows, err := searchTable(ctx, s, s.examples, v, q.K, keep)
	if err != nil {
		return nil, err
	}
	hits := make([]ExampleHit, len(rows))
	for i, r := range rows {
		hits[i] = ExampleHit{Example: s.examples.recs[r.row].clone(), Score: r.score}
	}
	return hits, nil
}

func (s *Store) lookupExample(id string) (Example, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ex, ok := s.examples.get(id)
	if !ok {
		return Example{}, false
	}
	return ex.clone(), true
}

// SampleQuery filters and sizes a sample search. Empty fields do not filter.
type SampleQuery struct {
	// K is the number of results (DefaultK when 0 or less).
	K int
	// Kind keeps nodes or edges.
	Kind string
	// Label keeps samples with this label.
	Label string
}

// SampleHit is a sample found by a search with its cosine similarity.
type SampleHit struct {
	Sample
	// Score is the cosine similarity to the query, in [-1, 1].
	Score float32 `json:"score"`
}

// SearchSamples returns the samples of a dataset most similar to query, best
// first (equal scores by kind and ID). An unknown or empty dataset gives no
// hits and no error.
func (s *Store) SearchSamples(ctx context.Context, datasetName, query string, q SampleQuery) ([]SampleHit, error) {
	v, err := s.queryVec(ctx, query)
	if err != nil || v == nil {
		return nil, err
	}
	var keep func(*Sample) bool
	if q.Kind != "" || q.Label != "" {
		keep = func(sm *Sample) bool {
			return (q.Kind == "" || sm.Kind == q.Kind) && (q.Label == "" || sm.Label == q.Label)
		}
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	ds := s.datasets[datasetName]
	if ds == nil {
		return nil, s.closedErr()
	}
	rows, err := searchTable(ctx, s, ds, v, q.K, keep)
	if err != nil {
		return nil, err
	}
	hits := make([]SampleHit, len(rows))
	for i, r := range rows {
		hits[i] = SampleHit{Sample: ds.recs[r.row].clone(), Score: r.score}
	}
	return hits, nil
}

// queryVec checks and embeds a search query. It returns nil and no error
// for a query with no features (for example a question that is only an
// edge list), to which no record is similar.
func (s *Store) queryVec(ctx context.Context, query string) ([]float32, error) {
	if strings.TrimSpace(query) == "" {
		return nil, fmt.Errorf("memory: search query is empty: %w", ErrInvalid)
	}
	if s.isClosed() {
		return nil, ErrClosed
	}
	// Embedding may be slow (a remote server): it runs outside the lock.
	vecs, zero, err := s.embedZero(ctx, []string{query})
	if err != nil || zero[0] {
		return nil, err
	}
	return vecs[0], nil
}

// searchTable returns the k (DefaultK when 0 or less) rows of t most
// similar to the unit query v among those keep accepts (nil keeps all),
// best first. The caller holds the read lock and turns the rows into hits
// under it, so a concurrent change cannot slip between the search and the
// lookup.
func searchTable[R any](ctx context.Context, s *Store, t *table[R], v []float32, k int, keep func(*R) bool) ([]scored, error) {
	if s.closed {
		return nil, ErrClosed
	}
	if k <= 0 {
		k = DefaultK
	}
	if t.len() == 0 {
		return nil, nil
	}
	if len(v) != t.dim {
		return nil, fmt.Errorf("%s gave a %d-dimensional query vector, the store holds %d: %w", s.emb.Name(), len(v), t.dim, ErrEncoder)
	}
	if keep == nil {
		maybeBuildGraph(s, t)
	}
	useGraph := keep == nil && t.graphValid() && (s.graphAlways || t.ann.graph.BeatsScan())
	rows, err := t.search(ctx, v, k, keep, useGraph, s.postingsMin)
	if err != nil {
		return nil, fmt.Errorf("memory: search: %w", err)
	}
	return rows, nil
}

// closedErr is ErrClosed when the store is closed. The caller holds a lock.
func (s *Store) closedErr() error {
	if s.closed {
		return ErrClosed
	}
	return nil
}

func (s *Store) isClosed() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.closed
}

// Example returns the example with the given ID.
func (s *Store) Example(id string) (Example, bool) { return s.lookupExample(id) }

// Examples returns every example, oldest first (ties by ID).
func (s *Store) Examples() []Example {
	s.mu.RLock()
	out := make([]Example, 0, s.examples.len())
	for _, ex := range s.examples.recs {
		out = append(out, ex.clone())
	}
	s.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.Before(out[j].CreatedAt)
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// Samples returns every sample of a dataset sorted by kind and ID, or every
// sample of every dataset when datasetName is empty.
func (s *Store) Samples(datasetName string) []Sample {
	s.mu.RLock()
	var out []Sample
	for name, ds := range s.datasets {
		if datasetName != "" && name != datasetName {
			continue
		}
		for _, sm := range ds.recs {
			out = append(out, sm.clone())
		}
	}
	s.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Dataset != b.Dataset {
			return a.Dataset < b.Dataset
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.ID < b.ID
	})
	return out
}

// Datasets returns the names of the datasets with samples, sorted.
func (s *Store) Datasets() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	names := make([]string, 0, len(s.datasets))
	for n, ds := range s.datasets {
		if ds.len() > 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// DatasetStats counts one dataset's samples.
type DatasetStats struct {
	// Nodes and Edges count the samples of each kind.
	Nodes int `json:"nodes"`
	Edges int `json:"edges"`
	// Labels counts the samples of each non-empty label.
	Labels map[string]int `json:"labels"`
}

// Stats describes the store.
type Stats struct {
	// Path is the log file; empty for an in-memory store.
	Path string `json:"path,omitempty"`
	// Encoder is the embedder's Name and Dim the dimension of the stored
	// vectors (0 while empty).
	Encoder string `json:"encoder"`
	Dim     int    `json:"dim"`
	// Examples counts the examples, Verified those marked verified.
	Examples int `json:"examples"`
	Verified int `json:"verified"`
	// BySource and ByTool count the examples per source and per tool name
	// ("" for examples no tool answered).
	BySource map[string]int `json:"by_source"`
	ByTool   map[string]int `json:"by_tool"`
	// Datasets describes each dataset that has samples.
	Datasets map[string]DatasetStats `json:"datasets"`
	// LogEntries and LogBytes measure the log as this process knows it,
	// superseded entries included (compaction drops them).
	LogEntries int   `json:"log_entries"`
	LogBytes   int64 `json:"log_bytes"`
}

// Stats counts the records by source, tool and dataset.
func (s *Store) Stats() Stats {
	var pgRows int
	var pgBytes int64
	if s.pg != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		var err error
		if pgRows, pgBytes, err = s.pg.stats(ctx); err != nil {
			s.logger.Warn("memory: counting the database's rows", "err", err)
		}
		cancel()
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	st := Stats{
		Encoder:  s.emb.Name(),
		Dim:      s.dim,
		Examples: s.examples.len(),
		BySource: map[string]int{},
		ByTool:   map[string]int{},
		Datasets: map[string]DatasetStats{},
	}
	for _, ex := range s.examples.recs {
		st.BySource[ex.Source]++
		st.ByTool[ex.Tool]++
		if ex.Verified {
			st.Verified++
		}
	}
	for name, ds := range s.datasets {
		if ds.len() == 0 {
			continue
		}
		d := DatasetStats{Labels: map[string]int{}}
		for _, sm := range ds.recs {
			if sm.Kind == KindNode {
				d.Nodes++
			} else {
				d.Edges++
			}
			if sm.Label != "" {
				d.Labels[sm.Label]++
			}
		}
		st.Datasets[name] = d
	}
	if s.log != nil {
		st.Path, st.LogEntries, st.LogBytes = s.log.path, s.log.lines, s.log.size
	}
	if s.pg != nil {
		st.Path, st.LogEntries, st.LogBytes = s.pg.url, pgRows, pgBytes
	}
	return st
}

// Compact rewrites the log with only the live records (atomically).
func (s *Store) Compact(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.pg != nil {
		return s.pg.compact(ctx)
	}
	return s.compactLocked()
}

func (s *Store) compactLocked() error {
	if s.log == nil {
		return nil
	}
	name := s.emb.Name()
	// Entries written with another encoder get this store's vector when
	// this store holds the very same record (same JSON); entries other
	// processes wrote that this one has not seen keep their own.
	revec := func(e *logEntry) (string, []byte, bool) {
		if e.Enc == name && bytesVec(e.Vec) != nil {
			return "", nil, false
		}
		var (
			mine any
			vec  []float32
		)
		if e.Example != nil {
			ex, v, ok := s.examples.lookup(e.Key)
			if !ok {
				return "", nil, false
			}
			mine, vec = ex, v
		} else {
			ds, ok := s.datasets[e.Sample.Dataset]
			if !ok {
				return "", nil, false
			}
			sm, v, ok := ds.lookup(e.Key)
			if !ok {
				return "", nil, false
			}
			mine, vec = sm, v
		}
		a, err1 := json.Marshal(mine)
		b, err2 := json.Marshal(e.record())
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			return "", nil, false
		}
		return name, vecBytes(vec), true
	}
	if err := s.log.compact(revec); err != nil {
		return err
	}
	s.dead = 0
	return nil
}

// EnsureSeeded adds the examples made by gen when the store holds no
// examples, and returns how many it added. gen runs only then.
func (s *Store) EnsureSeeded(ctx context.Context, gen func(context.Context) ([]Example, error)) (int, error) {
	s.seedMu.Lock()
	defer s.seedMu.Unlock()
	if s.isClosed() {
		return 0, ErrClosed
	}
	if s.Len() > 0 {
		return 0, nil
	}
	exs, err := gen(ctx)
	if err != nil {
		return 0, fmt.Errorf("memory: seed: %w", err)
	}
	if err := s.AddExamples(ctx, exs); err != nil {
		return 0, fmt.Errorf("memory: seed: %w", err)
	}
	s.logger.Debug("memory: seeded examples", "count", len(exs))
	return len(exs), nil
}

// Close releases the log file. Everything acknowledged is already durable.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.pg != nil {
		// The follower takes the lock to apply changes: stop it
		// without holding the lock.
		s.mu.Unlock()
		s.pg.close()
		s.mu.Lock()
	}
	if s.log != nil {
		return s.log.close()
	}
	return nil
}

// Len returns the number of examples.
func (s *Store) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.examples.len()
}
