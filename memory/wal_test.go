package memory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// goodLog writes five examples to a store in dir and returns the log's bytes.
func goodLog(t *testing.T, dir string) []byte {
	t.Helper()
	s := openT(t, dir, newTestEmbedder())
	if err := s.AddExamples(context.Background(), sampleExamples()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	b, err := os.ReadFile(filepath.Join(dir, logName))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCorruptLogIsRefused checks that a log with a line that cannot be read
// back does not open: the error names the file and the line and says how to
// recover, and the file is left byte for byte as it was. Only a torn final
// line may be dropped (TestTornFinalLineIsDropped).
func TestCorruptLogIsRefused(t *testing.T) {
	template := goodLog(t, t.TempDir())
	lines := bytes.SplitAfter(template, []byte("\n"))
	lines = lines[:len(lines)-1] // the empty piece after the final newline
	if len(lines) != 5 {
		t.Fatalf("log has %d lines, want 5", len(lines))
	}
	join := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	all := join(lines...)
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(i*7 + 3) // no newline among them
		if binary[i] == '\n' {
			binary[i] = 0xff
		}
	}
	cases := []struct {
		name string
		log  []byte
		line int
	}{
		{"garbage line in the middle", join(lines[0], []byte("garbage\n"), join(lines[1:]...)), 2},
		{"complete bad final line", join(all, []byte("garbage\n")), 6},
		{"several bad lines at the end", join(all, []byte("{\"op\":\"put\"}\nnot json\n")), 6},
		{"final line without newline that is not an entry", join(all, []byte("hello")), 6},
		{"entry cut and followed by another", join(lines[0], lines[1][:20], []byte("\n"), join(lines[2:]...)), 2},
		{"valid JSON that is not an entry", join(lines[0], []byte("{\"op\":\"put\",\"coll\":\"examples\",\"key\":\"x\"}\n"), join(lines[1:]...)), 2},
		{"a whole file of binary without newline", binary, 1},
		{"a whole file of text that is not a log", []byte("source,target\na,b\nb,c\n"), 1},
		{"an object and trailing text on the last line", join(all, lines[0][:len(lines[0])-1], []byte(" tail")), 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, logName)
			if err := os.WriteFile(path, c.log, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Open(context.Background(), dir, newTestEmbedder())
			if err == nil {
				s.Close()
				t.Fatalf("opened a corrupt log (%d examples)", s.Len())
			}
			var le *LogError
			if !errors.Is(err, ErrCorrupt) || !errors.As(err, &le) {
				t.Fatalf("error %v is not a *LogError wrapping ErrCorrupt", err)
			}
			if le.Line != c.line || le.Path != path {
				t.Fatalf("error names %s line %d, want %s line %d: %v", le.Path, le.Line, path, c.line, err)
			}
			msg := err.Error()
			for _, want := range []string{path, "line " + strconv.Itoa(c.line), "left unchanged", "sed -i '" + strconv.Itoa(c.line) + "d'"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q does not say %q", msg, want)
				}
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(after, c.log) {
				t.Fatalf("the failed open changed the log: %d bytes before, %d after", len(c.log), len(after))
			}
		})
	}
}

// TestTornFinalLineIsDropped checks that a final line a crash cut short —
// the beginning of an entry, or zeros a power loss left — is dropped with a
// warning naming the file and the line, and that every complete record is
// kept. (A whole entry without its newline is kept:
// TestWholeLastEntryWithoutNewlineIsKept.)
func TestTornFinalLineIsDropped(t *testing.T) {
	template := goodLog(t, t.TempDir())
	lastStart := bytes.LastIndexByte(template[:len(template)-1], '\n') + 1
	lastEntry := template[lastStart : len(template)-1] // without its newline
	for name, tail := range map[string][]byte{
		"half an entry":                lastEntry[:len(lastEntry)/2],
		"an entry with zeros after it": append([]byte(strings.Replace(string(lastEntry), `"e5"`, `"e9"`, -1)), 0, 0),
		"an opening brace":             []byte("{"),
		"zeros":                        make([]byte, 512),
		"half an entry, then zeros":    append(append([]byte{}, lastEntry[:30]...), make([]byte, 100)...),
		"cut inside a UTF-8 sequence":  []byte("{\"op\":\"put\",\"coll\":\"examples\",\"key\":\"\xe2\x82"),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, logName)
			if err := os.WriteFile(path, append(append([]byte{}, template...), tail...), 0o600); err != nil {
				t.Fatal(err)
			}
			var logs bytes.Buffer
			logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
			s, err := Open(context.Background(), dir, newTestEmbedder(), WithLogger(logger))
			if err != nil {
				t.Fatalf("open with a torn final line: %v", err)
			}
			if s.Len() != 5 {
				t.Errorf("%d examples, want the 5 complete ones", s.Len())
			}
			if _, ok := s.Example("e9"); ok {
				t.Error("the torn line's record was applied")
			}
			s.Close()
			w := logs.String()
			if !strings.Contains(w, "level=WARN") || !strings.Contains(w, "torn final line") ||
				!strings.Contains(w, path) || !strings.Contains(w, "line=6") {
				t.Errorf("no warning naming the file and line 6: %q", w)
			}
			after, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(after, template) {
				t.Errorf("log after the repair is %d bytes, want the %d of the complete lines", len(after), len(template))
			}
		})
	}
}

// TestUnreadableLogIsRefused checks that a log that cannot be opened at all
// is an error naming it, not an empty memory.
func TestUnreadableLogIsRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, logName)
	if err := os.Mkdir(path, 0o700); err != nil { // refused even for root
		t.Fatal(err)
	}
	s, err := Open(context.Background(), dir, newTestEmbedder())
	if err == nil {
		s.Close()
		t.Fatal("opened a store whose log is a folder")
	}
	if !strings.Contains(err.Error(), path) {
		t.Fatalf("error %q does not name %s", err, path)
	}
	if st, serr := os.Stat(path); serr != nil || !st.IsDir() {
		t.Fatalf("the log path was changed: %v", serr)
	}
}

// TestAppendRefusesForeignTail checks that an append after another process
// left a final line that is not a torn entry fails naming the line, instead
// of cutting it.
func TestAppendRefusesForeignTail(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openT(t, dir, newTestEmbedder())
	defer s.Close()
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, logName)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("this is not a log entry")
	f.Close()
	before, _ := os.ReadFile(path)
	err = s.AddExamples(ctx, []Example{{ID: "later", Question: "written after the foreign tail"}})
	var le *LogError
	if !errors.As(err, &le) || le.Line != 6 {
		t.Fatalf("append over a foreign tail: %v, want a *LogError for line 6", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Fatal("the failed append changed the log")
	}
}

// FuzzOpenLog reads arbitrary bytes as a memory log. Replay never panics;
// when it accepts the log, every complete line was an entry or blank and
// only the bytes after the last newline (a torn entry) are left out; when it
// refuses, it names a line of the input. Open on the same bytes fails
// exactly when replay does, and then leaves the file unchanged.
func FuzzOpenLog(f *testing.F) {
	good := goodLog(&testing.T{}, f.TempDir())
	f.Add(good)
	f.Add(append(append([]byte{}, good...), `{"op":"put","coll":"exam`...))
	f.Add(append(append([]byte{}, good...), "garbage\n"...))
	f.Add([]byte("\x00\x00\x00"))
	f.Add([]byte("{}\n"))
	f.Add([]byte("\n\n{\"op\":\"del\",\"coll\":\"examples\",\"key\":\"a\"}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		applied := 0
		rep, rerr := replay(bytes.NewReader(data), "log", func(*logEntry) { applied++ })
		lines := bytes.Count(data, []byte("\n"))
		complete := bytes.LastIndexByte(data, '\n') + 1
		if rerr == nil && rep.unterminated { // a whole last entry is kept
			lines++
			complete = len(data)
		}
		if rerr != nil {
			var le *LogError
			if !errors.As(rerr, &le) || le.Line < 1 || le.Line > lines+1 {
				t.Fatalf("refusal %v does not name a line of the %d", rerr, lines+1)
			}
		} else {
			blank := 0
			for _, l := range bytes.SplitAfter(data[:complete], []byte("\n"))[:lines] {
				if len(bytes.TrimSpace(l)) == 0 {
					blank++
				}
			}
			if rep.good != int64(complete) || rep.tornBytes != len(data)-complete || applied != lines-blank || rep.entries != applied {
				t.Fatalf("accepted with good %d torn %d entries %d; input has %d complete bytes, %d lines (%d blank), %d after",
					rep.good, rep.tornBytes, rep.entries, complete, lines, blank, len(data)-complete)
			}
		}
		dir := t.TempDir()
		path := filepath.Join(dir, logName)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		s, err := Open(context.Background(), dir, newTestEmbedder(), WithLogger(logger))
		if (err != nil) != (rerr != nil) && !errors.Is(err, ErrEncoder) && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("Open: %v; replay: %v", err, rerr)
		}
		if err != nil {
			if rerr != nil {
				if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
					t.Fatalf("failed open (%v) changed the log", err)
				}
			}
			return
		}
		s.Close()
	})
}

// decodeCases are log lines as the log writes them and in other shapes.
func decodeCases(t testing.TB) [][]byte {
	ex := &Example{ID: "e1", Question: `say "vec" ,"vec":"QUJD" \ é`, Tool: "degree", Args: []byte(`{"node":"3","vec":"QUJD"}`),
		Value: []byte(`{"a":[1,2],"vec":"QUJD"}`), Source: SourceSeed, Verified: true}
	e := logEntry{Op: opPut, Coll: examplesColl, Key: "e1", Example: ex, Enc: "builtin-v1", Vec: vecBytes([]float32{0.5, -0.25, 0, 1})}
	written, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	noVec := e
	noVec.Vec, noVec.Enc = nil, ""
	plain, _ := json.Marshal(noVec)
	s := string(written)
	cases := []string{
		s, s + "\n", s + " \r\n", string(plain), string(plain) + "\n",
		strings.Replace(s, `"vec":"`, `"vec":"\/`, 1),     // an escape in the vector
		strings.Replace(s, `"vec":"`, `"vec":"AA\nAA`, 1), // a line break
		strings.Replace(s, `"vec":"`, `"vec":"A`, 1),      // bad base64
		strings.Replace(s, `"}`, `","vec":"QUJD"}`, 1),    // two vectors, the last wins
		strings.Replace(s, `"vec":`, `"VEC":`, 1),         // keys match case-insensitively
		strings.TrimSuffix(s, `"}`) + `","enc":"x"}`,      // the vector not last
		`{"vec":"QUJD"}`, `{"op":"put","vec":"QUJD"}`, `{"op":"put","vec":""}`, `{"op":"put",,"vec":"QUJD"}`,
		`{"op":"put","x":{"vec":"QUJD"}}`, `[1,"vec":"QUJD"}`, `,"vec":"QUJD"}`, `"vec":"QUJD"}`, `{"op":"put","vec":"QUJD"`,
		`{"op":"put","vec":"QUJD"}}`, `{"op":"put" ,"vec":"QUJD=="}`, `{"op":"put","vec":"QUJ="}`, `{"vec":"}`,
		`{,"vec":"QUJD"}`, ` { ,"vec":"QUJD"}`, `{"op":"put"}`,
	}
	// Examples of every shape decodeHead reads, and near misses it
	// leaves to the JSON decoder.
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, x := range []Example{
		{ID: "s1", Question: "Given edges 0-1, 1-2: the degree of node 1?", GraphSummary: "undirected graph, 3 nodes", Tool: "degree",
			Args: []byte(`{"node":"1"}`), Answer: "Node 1 has degree 2.", Value: []byte(`2`), Source: SourceSeed, Verified: true, CreatedAt: at},
		{ID: "s2", Question: "tabs\tand \"quotes\" and \u2028 and <html> & é – 日本", CreatedAt: at.Add(time.Nanosecond)},
		{ID: "s3", Question: "q", Args: []byte(`{"a":{"b":["}",{"c":"]"}]},"d":-1.5e3}`), Value: []byte(`"a \"string\""`), Answer: "x"},
		{ID: "s4", Question: "q", Value: []byte(`[true,false,null,{"x":[]}]`), Source: "user", CreatedAt: time.Date(2026, 3, 4, 5, 6, 7, 89, time.FixedZone("", 3600))},
		{ID: "s5", Question: "bad \xff utf-8 \xfe", Tool: "t", Value: []byte(`0`)},
	} {
		e := logEntry{Op: opPut, Coll: examplesColl, Key: x.ID, Example: &x, Enc: "builtin-v1", Vec: vecBytes([]float32{0.5, 1})}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		w := string(b)
		cases = append(cases, w,
			strings.Replace(w, `"question":`, `"question" :`, 1),              // white space
			strings.Replace(w, `"id":"`+x.ID+`"`, `"id":null`, 1),             // null
			strings.Replace(w, `"verified":`, `"tool":"late","verified":`, 1), // a member out of order
			strings.Replace(w, `"op":"put"`, `"op":"put","op":"del"`, 1),      // a repeated member
			strings.Replace(w, `"created_at":"`, `"created_at":"x`, 1),        // a bad time
			strings.Replace(w, `"question":"q"`, `"question":"q","args":null`, 1),
			strings.Replace(w, `"question":"q"`, `"question":"q","args":{"a":}`, 1),
			strings.Replace(w, `"question":"q"`, `"question":"q\u0041\ud800"`, 1),
			strings.Replace(w, `"enc":"builtin-v1",`, ``, 1),             // no encoder
			strings.Replace(w, `"question":"`, "\"question\":\"\x01", 1), // a control character
		)
	}
	out := make([][]byte, len(cases))
	for i, c := range cases {
		out[i] = []byte(c)
	}
	return out
}

// checkDecode fails when decodeEntry and json.Unmarshal disagree on line.
func checkDecode(t testing.TB, line []byte) {
	var want, got logEntry
	werr := json.Unmarshal(line, &want)
	gerr := decodeEntry(slices.Clone(line), &got)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Fatalf("%q: error %v, json.Unmarshal %v", line, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: decoded %+v, json.Unmarshal %+v", line, got, want)
	}
}

func TestDecodeEntry(t *testing.T) {
	for _, line := range decodeCases(t) {
		checkDecode(t, line)
	}
}

func FuzzDecodeEntry(f *testing.F) {
	for _, line := range decodeCases(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkDecode(t, line) })
}

// TestDecodeHeadReadsTheLogsShape: an example as the log writes it is
// read without the JSON decoder's reflection.
func TestDecodeHeadReadsTheLogsShape(t *testing.T) {
	x := Example{ID: "s1", Question: "the degree of node 1?", Tool: "degree", Args: []byte(`{"node":"1"}`), Value: []byte(`2`),
		Source: SourceSeed, Verified: true, CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	b, err := json.Marshal(logEntry{Op: opPut, Coll: examplesColl, Key: x.ID, Example: &x, Enc: "builtin-v1"})
	if err != nil {
		t.Fatal(err)
	}
	var got logEntry
	if !decodeHead(b, &got) || !reflect.DeepEqual(*got.Example, x) || got.Key != "s1" || got.Enc != "builtin-v1" {
		t.Errorf("decodeHead(%s) did not read it: %+v", b, got)
	}
}
