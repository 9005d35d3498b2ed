package memory

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"os"
	"path/filepath"
)

// The store's durability rests on one append-only JSON Lines log. (It did
// not rest on chromem-go's own persistence when the store searched through
// chromem-go: v0.7.0 writes each document with os.Create and no fsync, and
// names document files by 32 bits of a hash.) The log is written in whole
// batches with a single write and an fsync before a batch is acknowledged,
// replayed into the in-memory tables on open, and compacted by writing a new
// file and renaming it over the old one.

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
// entry in order. Only a torn final line — a line with no newline that is
// the beginning of an entry, as left by a crash during a write that was
// never acknowledged — is cut, with a warning. Any other line that cannot be
// read back, or a log that cannot be read at all, is an error (a *LogError
// wrapping ErrCorrupt for a bad line) and the file is left as it was.
func openWAL(dir string, logger *slog.Logger, apply func(e *logEntry)) (*wal, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("memory: create %s: %w", dir, err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("memory: open lock file: %w", err)
	}
	w, err := openLocked(dir, lock, logger, apply)
	if err != nil {
		lock.Close()
		return nil, err
	}
	return w, nil
}

func openLocked(dir string, lock *os.File, logger *slog.Logger, apply func(e *logEntry)) (*wal, error) {
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
	rep, err := replay(f, path, apply)
	if err != nil {
		f.Close()
		return nil, err
	}
	w.lines = rep.entries
	if rep.tornBytes > 0 {
		logger.Warn("memory: dropped a torn final line of the log (a write cut short before it was acknowledged)",
			"path", path, "line", rep.tornLine, "bytes", rep.tornBytes)
		// Cut the torn line so that new entries follow the last good one.
		if err := f.Truncate(rep.good); err != nil {
			f.Close()
			return nil, fmt.Errorf("memory: truncate torn line %d of %s: %w", rep.tornLine, path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("memory: sync log: %w", err)
		}
	}
	w.size = rep.good
	if err := syncDir(dir); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// LogError reports a line of the memory log that cannot be read back. The
// store does not open and leaves the file unchanged; errors.Is(err,
// ErrCorrupt) holds.
type LogError struct {
	// Path is the log file.
	Path string
	// Line is the 1-based line number.
	Line int
	// Err says what is wrong with the line.
	Err error
}

// Error names the file and the line and says how to recover.
func (e *LogError) Error() string {
	return fmt.Sprintf("memory log %s line %d: %v; the file was left unchanged: "+
		"remove or correct that line (for example: sed -i '%dd' %q), or move the file aside to start with an empty memory",
		e.Path, e.Line, e.Err, e.Line, e.Path)
}

// Unwrap returns ErrCorrupt and the cause.
func (e *LogError) Unwrap() []error { return []error{ErrCorrupt, e.Err} }

// maxLogLine bounds one log line (64 MiB), so a file that is not a log is
// refused without reading it whole into memory.
const maxLogLine = 64 << 20

// replayed is what replay found.
type replayed struct {
	good      int64 // offset just after the last good line
	entries   int   // entries applied
	tornLine  int   // line number of a torn final line, 0 when none
	tornBytes int   // its length
}

// replay reads every entry of the log read by rd and calls apply for each.
// Blank lines are skipped. A final line without a newline that is the
// beginning of an entry (see tornEntry) is reported as torn, not applied;
// any other bad line is a *LogError.
func replay(rd io.Reader, path string, apply func(e *logEntry)) (replayed, error) {
	r := bufio.NewReaderSize(rd, 64<<10)
	var (
		rep    replayed
		lineNo int
		line   []byte
	)
	for {
		line = line[:0]
		var err error
		for {
			var part []byte
			part, err = r.ReadSlice('\n')
			line = append(line, part...)
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
			if len(line) > maxLogLine {
				return replayed{}, &LogError{Path: path, Line: lineNo + 1, Err: fmt.Errorf("line is longer than %d bytes: not a memory log", maxLogLine)}
			}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return replayed{}, fmt.Errorf("memory: read log %s at line %d: %w", path, lineNo+1, err)
		}
		if len(line) > 0 {
			lineNo++
			if line[len(line)-1] != '\n' {
				if !tornEntry(line) {
					return replayed{}, &LogError{Path: path, Line: lineNo, Err: errors.New("the last line has no newline and is not the beginning of a log entry")}
				}
				rep.tornLine, rep.tornBytes = lineNo, len(line)
				return rep, nil
			}
			if len(bytes.TrimSpace(line)) > 0 {
				var e logEntry
				if perr := decodeEntry(line, &e); perr != nil {
					return replayed{}, &LogError{Path: path, Line: lineNo, Err: fmt.Errorf("not a log entry: %w", perr)}
				}
				if !e.valid() {
					return replayed{}, &LogError{Path: path, Line: lineNo, Err: errors.New("entry lacks op, collection or record, or its key does not match its record")}
				}
				apply(&e)
				rep.entries++
			}
			rep.good += int64(len(line))
		}
		if err != nil { // io.EOF
			return rep, nil
		}
	}
}

// vecField starts the vector of a log entry, the last field the log
// writes (logEntry's field order).
var vecField = []byte(`,"vec":"`)

// decodeEntry is json.Unmarshal(line, e), faster on the lines the log
// writes: the vector (base64, most of a line) is cut off the end and
// decoded directly, and only the rest goes through the JSON decoder. A line
// of any other shape (fields reordered, escapes or line breaks in the
// vector, a vector that is not the last field) is decoded whole, with the
// JSON decoder's result and error. (A quote cannot occur unescaped inside
// a JSON string, so `,"vec":"` found last with only base64 after it up to
// the closing `"}` is the object's own last field. The string is found
// from its closing quote back to its opening one, not by searching for the
// name, which would hash the whole vector.)
func decodeEntry(line []byte, e *logEntry) error {
	body := bytes.TrimRight(line, " \t\r\n")
	if !bytes.HasSuffix(body, []byte(`"}`)) {
		return json.Unmarshal(line, e)
	}
	// The string before the closing `"}` and the field's name before it.
	// base64 rejects any character outside its alphabet but skips line
	// breaks, which JSON does not allow raw in a string.
	start := bytes.LastIndexByte(body[:len(body)-2], '"') + 1
	i := start - len(vecField)
	if i < 0 || !bytes.Equal(body[i:start], vecField) {
		return json.Unmarshal(line, e)
	}
	b64 := body[start : len(body)-2]
	if bytes.IndexByte(b64, '\n') >= 0 || bytes.IndexByte(b64, '\r') >= 0 {
		return json.Unmarshal(line, e)
	}
	vec := make([]byte, base64.StdEncoding.DecodedLen(len(b64)))
	n, err := base64.StdEncoding.Decode(vec, b64)
	if err != nil {
		return json.Unmarshal(line, e)
	}
	if h := bytes.TrimRight(body[:i], " \t\r\n"); len(h) == 0 || h[len(h)-1] == '{' {
		return json.Unmarshal(line, e) // "{,"vec":…}" is not JSON, though "{}" is
	}
	head := make([]byte, i+1)
	copy(head, body[:i])
	head[i] = '}'
	if err := json.Unmarshal(head, e); err != nil {
		*e = logEntry{}
		return json.Unmarshal(line, e)
	}
	e.Vec = vec[:n]
	return nil
}

// tornEntry reports whether b, a final line without its newline, is what a
// write cut short leaves: the beginning of a JSON object (possibly the whole
// object, the newline not yet written), or zero bytes where a crash left a
// file extended but not written. Anything else is not a torn write.
func tornEntry(b []byte) bool {
	b = bytes.TrimRight(b, "\x00")
	if len(b) == 0 {
		return true
	}
	if b[0] != '{' {
		return false
	}
	var raw json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	switch err := dec.Decode(&raw); {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return true
	case err != nil:
		return false
	}
	return !dec.More() && dec.InputOffset() == int64(len(bytes.TrimRight(b, " \t\r")))
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
	tail := make([]byte, min(size-end, maxLogLine+1))
	if _, err := w.f.ReadAt(tail, end); err != nil {
		return fmt.Errorf("memory: read log tail: %w", err)
	}
	if int64(len(tail)) > maxLogLine || !tornEntry(tail) {
		line, err := lineOf(w.f, end)
		if err != nil {
			return err
		}
		return &LogError{Path: w.path, Line: line, Err: errors.New("the last line has no newline and is not the beginning of a log entry")}
	}
	if err := w.f.Truncate(end); err != nil {
		return fmt.Errorf("memory: truncate torn log tail: %w", err)
	}
	return nil
}

// lineOf returns the 1-based number of the line that starts at offset off
// of f (for error messages).
func lineOf(f *os.File, off int64) (int, error) {
	r := bufio.NewReaderSize(io.NewSectionReader(f, 0, off), 64<<10)
	n := 1
	for {
		b, err := r.ReadSlice('\n')
		if len(b) > 0 && b[len(b)-1] == '\n' {
			n++
		}
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return 0, fmt.Errorf("memory: read log: %w", err)
		}
	}
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
	if _, err := replay(io.NewSectionReader(w.f, 0, 1<<62), w.path, live.apply); err != nil {
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
