package memory

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"syscall"

	"github.com/graphagent/graphagent/internal/fsutil"
)

// The store's durability rests on one append-only JSON Lines log. (It did
// not rest on chromem-go's own persistence when the store searched through
// chromem-go: v0.7.0 writes each document with os.Create and no fsync, and
// names document files by 32 bits of a hash.) The log is written in whole
// batches with a single write and an fsync before a batch is acknowledged,
// replayed into the in-memory tables on open, and compacted by writing a new
// file and renaming it over the old one.
//
// Each line carries a checksum as its first member:
//
//	{"crc":"1a2b3c4d","op":"put","coll":...}
//
// is the entry {"op":"put","coll":...} (its JSON as json.Marshal writes
// it, without the crc member) with the CRC-32C (Castagnoli) of those bytes
// in 8 lower-case hex digits put in front of its first member. A line stays
// one JSON object, so jq and older versions of graphagent (which ignore the
// unknown member) still read the log. Logs written before checksums have
// lines that do not start with `{"crc":"`; they still load, checked only
// as JSON (no member outside the entry's may occur, so a byte flipped in a
// checksum's `{"crc":"` is not taken for such a line), and Open rewrites
// them with checksums (a compaction). A line whose checksum does not match
// is damage: the store does not open, the error names the line, and the
// file is left unchanged.

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
	// legacy is 1 for an entry read from a line without a checksum.
	legacy int
}

// wal is the append-only log file. Processes sharing it serialise appends,
// tail repairs and compactions with an advisory lock on a lock file beside
// it; each process keeps its own in-memory view from when it opened.
type wal struct {
	path   string
	f      *os.File
	lock   *os.File
	lines  int // entries in the file, as this process knows it
	legacy int // entries without a checksum found on open
	size   int64
}

// openLog opens the log for appending.
func openLog(path string) (*os.File, error) {
	return openRegular(path, "log", os.O_RDWR|os.O_CREATE|os.O_APPEND)
}

// openRegular opens (creating) path if it is a regular file, what naming
// it in errors. A FIFO, device, socket or folder in its place is refused at
// once: the type is checked before the open and again on the open file
// (it may have been swapped), and the open does not block (a FIFO without
// a writer would block it, and then every read, beyond the reach of
// SIGTERM's default handling).
func openRegular(path, what string, flag int) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(path, what, fi.Mode())
	}
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0o600)
	if err != nil {
		return nil, fmt.Errorf("memory: open %s: %w", what, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("memory: open %s: %w", what, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(path, what, fi.Mode())
	}
	return f, nil
}

// ErrNotRegularFile means the memory log or its lock file is a FIFO,
// device, socket or folder, which the store refuses to open (the same
// error as graph.ErrNotRegularFile).
var ErrNotRegularFile = fsutil.ErrNotRegularFile

func notRegular(path, what string, m fs.FileMode) error {
	return fmt.Errorf("memory: the %s %s is a %s, %w: move it aside to start with an empty memory", what, path, fsutil.Kind(m), ErrNotRegularFile)
}

// openWAL opens (creating if needed) the log in dir and calls apply for each
// entry in order. Only a torn final line — a line with no newline that is
// the beginning of an entry, as left by a crash during a write that was
// never acknowledged — is cut, with a warning; a whole final entry without
// its newline is kept and its newline written. Temporary files of killed
// compactions are removed. Any other line that cannot be read back (its
// checksum not matching, say), a log or lock file that is not a regular
// file, or a log that cannot be read at all, is an error (a *LogError
// wrapping ErrCorrupt for a bad line) and the file is left as it was.
func openWAL(dir string, logger *slog.Logger, apply func(e *logEntry)) (*wal, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("memory: create %s: %w", dir, err)
	}
	lock, err := openRegular(filepath.Join(dir, lockName), "lock file", os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, err
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
	removeOrphans(dir, logger)
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
	w.lines, w.legacy = rep.entries, rep.legacy
	if rep.unterminated {
		// The last entry is whole but its newline was never written: it
		// is kept, and the newline added so that new entries follow it.
		logger.Info("memory: completed the last line of the log (a whole entry without its newline)", "path", path, "line", rep.entries)
		if _, err := f.Write([]byte{'\n'}); err != nil {
			f.Close()
			return nil, fmt.Errorf("memory: complete the last line of %s: %w", path, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("memory: sync log: %w", err)
		}
		rep.good++
	}
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

// tmpPattern matches the temporary files compact writes beside the log.
const tmpPattern = logName + ".*.tmp"

// removeOrphans removes the temporary files of compactions killed before
// their rename. The caller holds the lock, under which every compaction
// runs, so none of them is being written.
func removeOrphans(dir string, logger *slog.Logger) {
	names, err := filepath.Glob(filepath.Join(dir, tmpPattern))
	if err != nil {
		return // the pattern is valid
	}
	for _, name := range names {
		if fi, err := os.Lstat(name); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if err := os.Remove(name); err != nil {
			logger.Warn("memory: could not remove a temporary file left by a compaction", "path", name, "err", err)
			continue
		}
		logger.Info("memory: removed a temporary file left by a compaction that did not finish", "path", name)
	}
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
	good         int64 // offset just after the last good line
	entries      int   // entries applied
	legacy       int   // entries without a checksum
	unterminated bool  // the last entry has no newline
	tornLine     int   // line number of a torn final line, 0 when none
	tornBytes    int   // its length
}

// replay reads every entry of the log read by rd and calls apply for each.
// Blank lines are skipped. A final line without a newline is applied when
// it is a whole entry (its checksum matching), reported as torn and not
// applied when it is the beginning of one (see tornEntry); any other bad
// line is a *LogError.
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
				e, torn, terr := readTail(line)
				switch {
				case terr != nil:
					return replayed{}, &LogError{Path: path, Line: lineNo, Err: terr}
				case torn:
					rep.tornLine, rep.tornBytes = lineNo, len(line)
				default:
					apply(e)
					rep.entries++
					rep.legacy += e.legacy
					rep.unterminated = true
					rep.good += int64(len(line))
				}
				return rep, nil
			}
			if len(bytes.TrimSpace(line)) > 0 {
				e, lerr := readEntry(line)
				if lerr != nil {
					return replayed{}, &LogError{Path: path, Line: lineNo, Err: lerr}
				}
				apply(e)
				rep.entries++
				rep.legacy += e.legacy
			}
			rep.good += int64(len(line))
		}
		if err != nil { // io.EOF
			return rep, nil
		}
	}
}

// crcPrefix starts a line with a checksum: `{"crc":"`, 8 lower-case hex
// digits, `",`, then the entry's members.
const crcPrefix = `{"crc":"`

// crcHead is the length of a line's checksum before the entry's members.
const crcHead = len(crcPrefix) + 8 + 2

// castagnoli is the CRC-32C table (read-only after initialisation).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encodeLine returns the log line of e, its newline included: e's JSON
// with its checksum in front (see the package's log format above).
func encodeLine(e *logEntry) ([]byte, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, crcHead+len(b))
	out = append(out, crcPrefix...)
	out = fmt.Appendf(out, "%08x", crc32.Checksum(b, castagnoli))
	out = append(out, '"', ',')
	out = append(out, b[1:]...) // b starts with '{' and a member ("op" is never omitted)
	return append(out, '\n'), nil
}

// readEntry decodes one complete line of the log (its newline included or
// not) and checks the entry. It may overwrite line's bytes.
func readEntry(line []byte) (*logEntry, error) {
	var e logEntry
	checked, err := decodeLine(line, &e)
	if err != nil {
		return nil, err
	}
	if !e.valid() {
		return nil, errors.New("entry lacks op, collection or record, or its key does not match its record")
	}
	if !checked {
		e.legacy = 1
	}
	return &e, nil
}

// decodeLine decodes a log line into e, checking its checksum when it has
// one (checked is then true). A line without one must be a JSON object
// with no member outside logEntry's. It may overwrite line's bytes.
func decodeLine(line []byte, e *logEntry) (checked bool, err error) {
	body := bytes.TrimRight(line, " \t\r\n")
	if !bytes.HasPrefix(body, []byte(crcPrefix)) {
		if err := decodeEntry(line, e); err != nil {
			return false, fmt.Errorf("not a log entry: %w", err)
		}
		if err := onlyEntryMembers(line); err != nil {
			*e = logEntry{}
			return false, err
		}
		return false, nil
	}
	if len(body) < crcHead+1 || body[crcHead-2] != '"' || body[crcHead-1] != ',' {
		return false, errors.New("not a log entry: its checksum is malformed")
	}
	want, ok := parseHex32(body[len(crcPrefix) : crcHead-2])
	if !ok {
		return false, errors.New("not a log entry: its checksum is not 8 lower-case hex digits")
	}
	// The entry is body with its checksum member cut: '{' and the rest.
	rec := body[crcHead-1:]
	rec[0] = '{'
	if got := crc32.Checksum(rec, castagnoli); got != want {
		return false, fmt.Errorf("the checksum does not match (CRC-32C %08x stored, %08x computed): the line was changed after it was written (a flipped byte, a bad disk or an edit)", want, got)
	}
	if err := decodeEntry(rec, e); err != nil {
		return false, fmt.Errorf("not a log entry: %w", err)
	}
	return true, nil
}

// parseHex32 parses 8 lower-case hex digits (only lower case: a line's
// checksum has one spelling, so any flipped bit in it is found).
func parseHex32(b []byte) (uint32, bool) {
	if len(b) != 8 {
		return 0, false
	}
	var v uint32
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | uint32(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | uint32(c-'a'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// onlyEntryMembers checks that the JSON object line has no member other
// than logEntry's (a line without a checksum; a "crc" member there is a
// checksummed line whose start was damaged).
func onlyEntryMembers(line []byte) error {
	var members struct {
		Op, Coll, Key, Example, Sample, Enc, Vec json.RawMessage
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&members); err != nil {
		return fmt.Errorf("not a log entry: %w", err)
	}
	return nil
}

// readTail reads a final line without its newline: a whole entry (e), the
// beginning of one a crash cut short (torn), or something else (err). A
// whole object followed by zeros (a file extended by a write that never
// reached the disk) counts as torn, as before whole entries were kept:
// ending its line after the zeros would make it unreadable.
func readTail(line []byte) (e *logEntry, torn bool, err error) {
	if !tornEntry(line) {
		return nil, false, errors.New("the last line has no newline and is not the beginning of a log entry")
	}
	if line[len(line)-1] == 0 || !json.Valid(line) {
		return nil, true, nil
	}
	// A whole JSON object: all of it was written, so it must be an entry.
	e, err = readEntry(line)
	if err != nil {
		return nil, false, fmt.Errorf("the last line has no newline: %w", err)
	}
	return e, false, nil
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
	if decodeHead(head, e) {
		e.Vec = vec[:n]
		return nil
	}
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
		b, err := encodeLine(&entries[i])
		if err != nil {
			return fmt.Errorf("memory: encode log entry %q: %w", entries[i].Key, err)
		}
		buf.Write(b)
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
	torn, terr := false, errors.New("the last line has no newline and is longer than a log entry")
	if int64(len(tail)) <= maxLogLine {
		_, torn, terr = readTail(tail)
	}
	switch {
	case terr != nil:
		line, err := lineOf(w.f, end)
		if err != nil {
			return err
		}
		return &LogError{Path: w.path, Line: line, Err: terr}
	case torn:
		if err := w.f.Truncate(end); err != nil {
			return fmt.Errorf("memory: truncate torn log tail: %w", err)
		}
	default:
		// A whole entry without its newline (another process's, not
		// seen by this one): keep it and end its line.
		if _, err := w.f.Write([]byte{'\n'}); err != nil {
			return fmt.Errorf("memory: complete the last line of the log: %w", err)
		}
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
	tmp, err := os.CreateTemp(dir, tmpPattern)
	if err != nil {
		return fmt.Errorf("memory: compact: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	bw := bufio.NewWriterSize(tmp, 1<<20)
	entries := live.entries()
	for _, e := range entries {
		if revec != nil {
			if name, vec, ok := revec(e); ok {
				e.Enc, e.Vec = name, vec
			}
		}
		var b []byte
		if b, err = encodeLine(e); err != nil {
			break
		}
		if _, err = bw.Write(b); err != nil {
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
	w.f, w.lines, w.legacy, w.size = f, len(entries), 0, st.Size()
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
