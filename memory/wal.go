package memory

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
)

// The store's durability rests on one append-only JSON Lines log, not on
// chromem-go's own persistence: chromem-go v0.7.0 writes each document with
// os.Create and no fsync (a kill mid-write leaves a truncated file that makes
// the whole database fail to open) and names document files by 32 bits of a
// hash (two IDs can share a file at 100,000 documents). The log is written in
// whole batches with a single write and an fsync before a batch is
// acknowledged, replayed into an in-memory chromem-go database on open, and
// compacted by writing a new file and renaming it over the old one.

const (
	opPut = "put"
	opDel = "del"

	logName  = "memory.jsonl"
	lockName = "memory.lock"
)

// logEntry is one line of the log.
type logEntry struct {
	Op      string   `json:"op"`
	Coll    string   `json:"coll"`
	Key     string   `json:"key"`
	Example *Example `json:"example,omitempty"`
	Sample  *Sample  `json:"sample,omitempty"`
	// Enc names the embedder that made Vec; Vec is the unit vector as
	// little-endian float32s (base64 in JSON).
	Enc string `json:"enc,omitempty"`
	Vec []byte `json:"vec,omitempty"`
}

// wal is the append-only log file. Processes sharing it serialise appends,
// tail repairs and compactions with an advisory lock on a lock file beside
// it; each process keeps its own in-memory view from when it opened.
type wal struct {
	path  string
	f     *os.File
	lock  *os.File
	lines int // entries in the file, as this process knows it
	size  int64
}

// openLog opens the log for appending.
func openLog(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("memory: open log: %w", err)
	}
	return f, nil
}

// openWAL opens (creating if needed) the log in dir and calls apply for each
// entry in order. A torn tail — lines after the last good one that do not
// parse, as left by a crash during a write that was never acknowledged — is
// cut off; a bad line followed by good ones is corruption and an error.
func openWAL(dir string, apply func(e *logEntry)) (*wal, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("memory: create %s: %w", dir, err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("memory: open lock file: %w", err)
	}
	w, err := openLocked(dir, lock, apply)
	if err != nil {
		lock.Close()
		return nil, err
	}
	return w, nil
}

func openLocked(dir string, lock *os.File, apply func(e *logEntry)) (*wal, error) {
	if err := lockFile(lock); err != nil {
		return nil, err
	}
	defer unlockFile(lock)
	path := filepath.Join(dir, logName)
	f, err := openLog(path)
	if err != nil {
		return nil, err
	}
	w := &wal{path: path, f: f, lock: lock}
	good, lines, err := replay(f, path, apply)
	if err != nil {
		f.Close()
		return nil, err
	}
	w.lines = lines
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("memory: stat log: %w", err)
	}
	if st.Size() != good {
		// Cut the torn tail so that new entries follow the last good line.
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, fmt.Errorf("memory: truncate torn log tail: %w", err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("memory: sync log: %w", err)
		}
	}
	w.size = good
	if err := syncDir(dir); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// replay reads every entry of the log read by rd, calls apply for each, and
// returns the offset just after the last good line and the number of
// entries.
func replay(rd io.Reader, path string, apply func(e *logEntry)) (good int64, lines int, err error) {
	r := bufio.NewReaderSize(rd, 1<<20)
	var (
		off     int64
		lineNo  int
		badLine int // first bad line not yet followed by a good one
		badErr  error
	)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			lineNo++
			off += int64(len(line))
			complete := line[len(line)-1] == '\n'
			var e logEntry
			perr := errors.New("line has no end (torn write)")
			if complete {
				perr = json.Unmarshal(line, &e)
				if perr == nil && !e.valid() {
					perr = errors.New("entry lacks op, collection or record, or its key does not match its record")
				}
			}
			if perr != nil {
				if badLine == 0 {
					badLine, badErr = lineNo, perr
				}
			} else {
				if badLine != 0 {
					return 0, 0, fmt.Errorf("memory: %s line %d: %v: %w", path, badLine, badErr, ErrCorrupt)
				}
				apply(&e)
				lines++
				good = off
			}
		}
		if errors.Is(err, io.EOF) {
			return good, lines, nil
		}
		if err != nil {
			return 0, 0, fmt.Errorf("memory: read log: %w", err)
		}
	}
}

// liveSet collects the entries a log leaves in force: the last put of each
// key not deleted after it, in the order keys were first put.
type liveSet struct {
	byKey map[string]*logEntry // coll + "\x00" + key
	order []string
	total int
}

func newLiveSet() *liveSet { return &liveSet{byKey: map[string]*logEntry{}} }

func (l *liveSet) apply(e *logEntry) {
	l.total++
	k := e.Coll + "\x00" + e.Key
	if e.Op == opDel {
		delete(l.byKey, k)
		return
	}
	if _, ok := l.byKey[k]; !ok {
		l.order = append(l.order, k)
	}
	l.byKey[k] = e
}

// entries returns the live entries in first-put order.
func (l *liveSet) entries() []*logEntry {
	out := make([]*logEntry, 0, len(l.byKey))
	seen := make(map[string]bool, len(l.byKey))
	for _, k := range l.order {
		if e, ok := l.byKey[k]; ok && !seen[k] {
			seen[k] = true // a key put, deleted and put again is listed twice
			out = append(out, e)
		}
	}
	return out
}

func (e *logEntry) valid() bool {
	if e.Coll == "" || e.Key == "" {
		return false
	}
	switch e.Op {
	case opDel:
		return true
	case opPut:
		switch {
		case e.Example != nil && e.Sample == nil:
			return e.Coll == examplesColl && e.Key == e.Example.ID
		case e.Sample != nil && e.Example == nil:
			return e.Coll == samplesPrefix+e.Sample.Dataset && e.Key == e.Sample.key()
		}
	}
	return false
}

// appendEntries writes the entries with one write and makes them durable.
func (w *wal) appendEntries(entries []logEntry) error {
	var buf bytes.Buffer
	for i := range entries {
		b, err := json.Marshal(&entries[i])
		if err != nil {
			return fmt.Errorf("memory: encode log entry %q: %w", entries[i].Key, err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	if err := lockFile(w.lock); err != nil {
		return err
	}
	defer unlockFile(w.lock)
	if err := w.follow(); err != nil {
		return err
	}
	if _, err := w.f.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("memory: write log: %w", err)
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("memory: sync log: %w", err)
	}
	if end, err := w.f.Seek(0, io.SeekCurrent); err == nil {
		w.size = end
	}
	w.lines += len(entries)
	return nil
}

// follow prepares an append under the lock: when another process has
// compacted the log (renamed a new file over it) it reopens the path, and
// when a writer died mid-line it cuts the torn line, so the new entries
// start on a line of their own.
func (w *wal) follow() error {
	onDisk, err := os.Stat(w.path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("memory: stat log: %w", err)
	}
	open, err := w.f.Stat()
	if err != nil {
		return fmt.Errorf("memory: stat log: %w", err)
	}
	if onDisk == nil || !os.SameFile(onDisk, open) {
		f, err := openLog(w.path)
		if err != nil {
			return err
		}
		w.f.Close()
		w.f = f
		if open, err = f.Stat(); err != nil {
			return fmt.Errorf("memory: stat log: %w", err)
		}
	}
	size := open.Size()
	if size == 0 {
		return nil
	}
	var last [1]byte
	if _, err := w.f.ReadAt(last[:], size-1); err != nil {
		return fmt.Errorf("memory: read log tail: %w", err)
	}
	if last[0] == '\n' {
		return nil
	}
	// Find the end of the last complete line and cut after it.
	const chunk = 64 << 10
	end := size
	for end > 0 {
		start := max(end-chunk, 0)
		buf := make([]byte, end-start)
		if _, err := w.f.ReadAt(buf, start); err != nil {
			return fmt.Errorf("memory: read log tail: %w", err)
		}
		if i := bytes.LastIndexByte(buf, '\n'); i >= 0 {
			end = start + int64(i) + 1
			break
		}
		end = start
	}
	if err := w.f.Truncate(end); err != nil {
		return fmt.Errorf("memory: truncate torn log tail: %w", err)
	}
	return nil
}

// compact replaces the log atomically with its live entries, read from the
// file itself under the lock (so entries appended by other processes are
// kept): temp file, fsync, rename, fsync of the folder. revec may give a
// fresh encoder name and vector for an entry (nil keeps the entry's own).
func (w *wal) compact(revec func(e *logEntry) (string, []byte, bool)) error {
	if err := lockFile(w.lock); err != nil {
		return err
	}
	defer unlockFile(w.lock)
	if err := w.follow(); err != nil {
		return err
	}
	live := newLiveSet()
	if _, _, err := replay(io.NewSectionReader(w.f, 0, 1<<62), w.path, live.apply); err != nil {
		return fmt.Errorf("memory: compact: %w", err)
	}
	dir := filepath.Dir(w.path)
	tmp, err := os.CreateTemp(dir, logName+".*.tmp")
	if err != nil {
		return fmt.Errorf("memory: compact: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	bw := bufio.NewWriterSize(tmp, 1<<20)
	enc := json.NewEncoder(bw)
	entries := live.entries()
	for _, e := range entries {
		if revec != nil {
			if name, vec, ok := revec(e); ok {
				e.Enc, e.Vec = name, vec
			}
		}
		if err = enc.Encode(e); err != nil {
			break
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("memory: compact: %w", err)
	}
	if err := os.Rename(tmp.Name(), w.path); err != nil {
		return fmt.Errorf("memory: compact: %w", err)
	}
	if err := syncDir(dir); err != nil {
		return err
	}
	f, err := openLog(w.path)
	if err != nil {
		return err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("memory: reopen log: %w", err)
	}
	w.f.Close()
	w.f, w.lines, w.size = f, len(entries), st.Size()
	return nil
}

func (w *wal) close() error {
	err := w.f.Close()
	if lerr := w.lock.Close(); err == nil {
		err = lerr
	}
	if err != nil && !errors.Is(err, fs.ErrClosed) {
		return fmt.Errorf("memory: close log: %w", err)
	}
	return nil
}

// syncDir makes a rename or a new file in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("memory: open folder: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("memory: sync folder %s: %w", dir, err)
	}
	return nil
}

// vecBytes encodes a vector as little-endian float32s.
func vecBytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// bytesVec decodes vecBytes; nil when the length is not a multiple of 4.
func bytesVec(b []byte) []float32 {
	if len(b) == 0 || len(b)%4 != 0 {
		return nil
	}
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}
