package memory

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/graphagent/graphagent/internal/textutil"
)

// The exchange format is JSON Lines: one record per line, an Example or a
// Sample. A line with a "dataset" field is a Sample, any other an Example.
// Unknown fields are errors, so typos do not pass silently.

// ImportOptions tune Import.
type ImportOptions struct {
	// BatchSize is how many records are embedded and made durable together
	// (default 256).
	BatchSize int
	// OnAck is called after each durable batch with the number of records
	// imported so far and the line number reached.
	OnAck func(records, line int)
	// CheckTool, when set, checks the tool an example names (examples
	// naming none are not checked): an error refuses the line, as
	// graphagent memory import refuses tools not in the catalogue.
	CheckTool func(name string) error
	// MaxRecordBytes bounds one line, so one record (DefaultMaxRecordBytes
	// when 0 or less).
	MaxRecordBytes int
}

// DefaultMaxRecordBytes is the default bound of one imported record
// (16 MiB): far above any solved example or sample, far below memory.
const DefaultMaxRecordBytes = 16 << 20

// ImportStats counts what Import stored.
type ImportStats struct {
	// Examples and Samples count the records stored.
	Examples int `json:"examples"`
	Samples  int `json:"samples"`
	// Lines is the number of lines read, blank ones included.
	Lines int `json:"lines"`
}

// LineError reports a bad line of a JSONL input.
type LineError struct {
	// Line is the 1-based line number.
	Line int
	// Err is what was wrong with the line.
	Err error
}

// Error names the line.
func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns the cause.
func (e *LineError) Unwrap() error { return e.Err }

// Import reads JSONL records from r and stores them in batches; every
// record acknowledged through OnAck (and every record before a bad line) is
// durable. A bad line stops the import with a *LineError wrapping
// ErrInvalid; the records before it stay imported.
func (s *Store) Import(ctx context.Context, r io.Reader, opts ImportOptions) (ImportStats, error) {
	bs := opts.BatchSize
	if bs <= 0 {
		bs = 256
	}
	maxLine := opts.MaxRecordBytes
	if maxLine <= 0 {
		maxLine = DefaultMaxRecordBytes
	}
	var (
		st      ImportStats
		exs     []Example
		samples []Sample
	)
	flush := func() error {
		if len(exs) > 0 {
			if err := s.AddExamples(ctx, exs); err != nil {
				return err
			}
			st.Examples += len(exs)
			exs = exs[:0]
		}
		if len(samples) > 0 {
			if err := s.AddSamples(ctx, samples); err != nil {
				return err
			}
			st.Samples += len(samples)
			samples = samples[:0]
		}
		if opts.OnAck != nil {
			opts.OnAck(st.Examples+st.Samples, st.Lines)
		}
		return nil
	}
	br := bufio.NewReaderSize(r, 1<<16)
	for {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		line, rerr := readLine(br, maxLine)
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			if ferr := flush(); ferr != nil {
				return st, ferr
			}
			return st, &LineError{Line: st.Lines + 1, Err: rerr}
		}
		if len(line) > 0 || rerr == nil {
			st.Lines++
		}
		if t := bytes.TrimSpace(line); len(t) > 0 {
			ex, sm, err := decodeRecord(t)
			if err == nil && ex != nil && ex.Tool != "" && opts.CheckTool != nil {
				if terr := opts.CheckTool(ex.Tool); terr != nil {
					err = fmt.Errorf("example %q: tool: %w: %w", textutil.Truncate(ex.ID, 80), terr, ErrInvalid)
				}
			}
			if err != nil {
				if ferr := flush(); ferr != nil {
					return st, ferr
				}
				return st, &LineError{Line: st.Lines, Err: err}
			}
			if ex != nil {
				exs = append(exs, *ex)
			} else {
				samples = append(samples, *sm)
			}
			if len(exs)+len(samples) >= bs {
				if err := flush(); err != nil {
					return st, fmt.Errorf("before line %d: %w", st.Lines+1, err)
				}
			}
		}
		if errors.Is(rerr, io.EOF) {
			break
		}
	}
	if len(exs)+len(samples) > 0 {
		if err := flush(); err != nil {
			return st, err
		}
	}
	return st, nil
}

// readLine reads one line without its end, failing past maxLine bytes
// (without keeping more than that).
func readLine(br *bufio.Reader, maxLine int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxLine {
			return nil, fmt.Errorf("line longer than %d bytes: %w", maxLine, ErrInvalid)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), err
	}
}

// decodeRecord parses one line strictly and validates the record.
func decodeRecord(line []byte) (*Example, *Sample, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(line, &keys); err != nil {
		return nil, nil, fmt.Errorf("not a JSON object: %v: %w", err, ErrInvalid)
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if _, ok := keys["dataset"]; ok {
		var sm Sample
		if err := dec.Decode(&sm); err != nil {
			return nil, nil, fmt.Errorf("sample: %v: %w", err, ErrInvalid)
		}
		if err := sm.normalize(); err != nil {
			return nil, nil, err
		}
		return nil, &sm, nil
	}
	var ex Example
	if err := dec.Decode(&ex); err != nil {
		return nil, nil, fmt.Errorf("example: %v: %w", err, ErrInvalid)
	}
	if err := ex.normalize(time.Now()); err != nil {
		return nil, nil, err
	}
	return &ex, nil, nil
}

// Export writes every example, then every sample, as JSON Lines, and
// returns how many records it wrote.
func (s *Store) Export(ctx context.Context, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	n := 0
	for _, ex := range s.Examples() {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		if err := enc.Encode(&ex); err != nil {
			return n, fmt.Errorf("memory: export example %q: %w", ex.ID, err)
		}
		n++
	}
	for _, sm := range s.Samples("") {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		if err := enc.Encode(&sm); err != nil {
			return n, fmt.Errorf("memory: export sample %q: %w", sm.ID, err)
		}
		n++
	}
	if err := bw.Flush(); err != nil {
		return n, fmt.Errorf("memory: export: %w", err)
	}
	return n, nil
}
