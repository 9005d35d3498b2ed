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

	logName = "memory.jsonl"
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

// wal is the append-only log file.
type wal struct {
	path  string
	f     *os.File
	lines int // entries in the file
	size  int64
}

// openWAL opens (creating if needed) the log in dir and calls apply for each
// entry in order. A torn tail — lines after the last good one that do not
// parse, as left by a crash during a write that was never acknowledged — is
// cut off; a bad line followed by good ones is corruption and an error.
func openWAL(dir string, apply func(e *logEntry)) (*wal, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("memory: create %s: %w", dir, err)
	}
	path := filepath.Join(dir, logName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("memory: open log: %w", err)
	}
	w := &wal{path: path, f: f}
	good, err := w.replay(apply)
	if err != nil {
		f.Close()
		return nil, err
	}
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
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("memory: seek log: %w", err)
	}
	w.size = good
	if err := syncDir(dir); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// replay reads every entry and returns the offset just after the last good
// line.
func (w *wal) replay(apply func(e *logEntry)) (int64, error) {
	r := bufio.NewReaderSize(w.f, 1<<20)
	var (
		off, good int64
		lineNo    int
		badLine   int // first bad line not yet followed by a good one
		badErr    error
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
					perr = errors.New("entry lacks op, collection or record")
				}
			}
			if perr != nil {
				if badLine == 0 {
					badLine, badErr = lineNo, perr
				}
			} else {
				if badLine != 0 {
					return 0, fmt.Errorf("memory: %s line %d: %v: %w", w.path, badLine, badErr, ErrCorrupt)
				}
				apply(&e)
				w.lines++
				good = off
			}
		}
		if errors.Is(err, io.EOF) {
			return good, nil
		}
		if err != nil {
			return 0, fmt.Errorf("memory: read log: %w", err)
		}
	}
}

func (e *logEntry) valid() bool {
	if e.Coll == "" || e.Key == "" {
		return false
	}
	switch e.Op {
	case opDel:
		return true
	case opPut:
		return (e.Example != nil) != (e.Sample != nil)
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
	n, err := w.f.Write(buf.Bytes())
	w.size += int64(n)
	if err != nil {
		return fmt.Errorf("memory: write log: %w", err)
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("memory: sync log: %w", err)
	}
	w.lines += len(entries)
	return nil
}

// rewrite replaces the log atomically with the given entries: temp file,
// fsync, rename, fsync of the folder.
func (w *wal) rewrite(entries func(yield func(*logEntry) error) error) error {
	dir := filepath.Dir(w.path)
	tmp, err := os.CreateTemp(dir, logName+".*.tmp")
	if err != nil {
		return fmt.Errorf("memory: compact: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	bw := bufio.NewWriterSize(tmp, 1<<20)
	enc := json.NewEncoder(bw)
	lines := 0
	err = entries(func(e *logEntry) error {
		lines++
		return enc.Encode(e)
	})
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
	f, err := os.OpenFile(w.path, os.O_RDWR, 0o600)
	if err != nil {
		return fmt.Errorf("memory: reopen log: %w", err)
	}
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		f.Close()
		return fmt.Errorf("memory: reopen log: %w", err)
	}
	w.f.Close()
	w.f, w.lines, w.size = f, lines, size
	return nil
}

func (w *wal) close() error {
	if err := w.f.Close(); err != nil && !errors.Is(err, fs.ErrClosed) {
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
