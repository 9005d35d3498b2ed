package memory

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// legacyCRC matches a line's checksum member, to write logs as they were
// before checksums.
var legacyCRC = regexp.MustCompile(`(?m)^\{"crc":"[0-9a-f]{8}",`)

// stripChecksums returns the log as versions before checksums wrote it.
func stripChecksums(log []byte) []byte { return legacyCRC.ReplaceAll(log, []byte("{")) }

// TestFlippedByteIsDetected: a byte changed anywhere in a line (inside a
// question's text, the vector, the checksum, the keys) makes Open fail
// with a *LogError naming that line, and the file is left unchanged.
// Before checksums, a byte changed inside a string loaded silently.
func TestFlippedByteIsDetected(t *testing.T) {
	template := goodLog(t, t.TempDir())
	lines := bytes.SplitAfter(template, []byte("\n"))
	third := lines[2]
	start := len(lines[0]) + len(lines[1])
	if !bytes.HasPrefix(third, []byte(crcPrefix)) {
		t.Fatalf("line 3 has no checksum: %.80q", third)
	}
	// Every position through decodeLine: each flip is an error.
	for i := range len(third) - 1 { // not the newline
		for _, x := range []byte{0x01, 0x20, 0x80} {
			line := bytes.Clone(third)
			line[i] ^= x
			if bytes.IndexByte(line[:len(line)-1], '\n') >= 0 {
				continue // a new line break: two lines, seen by Open below
			}
			if _, err := readEntry(line); err == nil {
				t.Fatalf("byte %d of line 3 xor %#x (%q -> %q) was not detected", i, x, third[i], line[i])
			}
		}
	}
	// Through Open, at positions of each part of the line: the file is
	// left unchanged and the error names line 3.
	q := bytes.Index(third, []byte(`"question":"`)) + len(`"question":"`) + 3
	v := bytes.Index(third, []byte(`"vec":"`)) + len(`"vec":"`) + 10
	for _, i := range []int{0, 3, 9, 16, 18, 20, q, v, len(third) - 3} {
		data := bytes.Clone(template)
		data[start+i] ^= 0x01
		dir := t.TempDir()
		path := filepath.Join(dir, logName)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Open(context.Background(), dir, newTestEmbedder())
		if err == nil {
			s.Close()
			t.Fatalf("byte %d of line 3 (%q) flipped: the log opened", i, template[start+i])
		}
		var le *LogError
		if !errors.As(err, &le) || le.Line != 3 || !errors.Is(err, ErrCorrupt) {
			t.Fatalf("byte %d: %v, want a *LogError for line 3", i, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
			t.Fatalf("byte %d: the failed open changed the file", i)
		}
	}
	msgPos := bytes.Index(third, []byte(`"question":"`)) + len(`"question":"`) + 3
	data := bytes.Clone(template)
	data[start+msgPos] ^= 0x01
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, logName), data, 0o600)
	_, err := Open(context.Background(), dir, newTestEmbedder())
	if err == nil || !strings.Contains(err.Error(), "checksum does not match") || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("a changed letter of a question: %v, want a checksum mismatch on line 3", err)
	}
}

// TestLegacyLogLoadsAndIsUpgraded: a log without checksums (as versions
// before them wrote it) loads, and Open rewrites it with a checksum on
// every line; a line of it with a member no entry has is refused.
func TestLegacyLogLoadsAndIsUpgraded(t *testing.T) {
	legacy := stripChecksums(goodLog(t, t.TempDir()))
	if bytes.Contains(legacy, []byte(`"crc"`)) {
		t.Fatal("checksums left in the legacy log")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, logName)
	if err := os.WriteFile(path, legacy, 0o600); err != nil {
		t.Fatal(err)
	}
	s := openT(t, dir, newTestEmbedder())
	if s.Len() != 5 {
		t.Errorf("%d examples from the legacy log, want 5", s.Len())
	}
	s.Close()
	after, _ := os.ReadFile(path)
	for i, l := range bytes.Split(bytes.TrimSuffix(after, []byte("\n")), []byte("\n")) {
		if _, err := readEntry(l); err != nil || !bytes.HasPrefix(l, []byte(crcPrefix)) {
			t.Errorf("line %d after the upgrade: %v %.60q", i+1, err, l)
		}
	}
	s = openT(t, dir, newTestEmbedder())
	if s.Len() != 5 {
		t.Errorf("%d examples after the upgrade, want 5", s.Len())
	}
	s.Close()

	// A damaged checksum prefix is not taken for a legacy line.
	lines := bytes.SplitAfter(legacy, []byte("\n"))
	for name, bad := range map[string][]byte{
		"unknown member": bytes.Replace(lines[1], []byte(`{"op"`), []byte(`{"opp":1,"op"`), 1),
		"crc member":     bytes.Replace(lines[1], []byte(`{"op"`), []byte(`{"crc":"0000000g","op"`), 1),
		"crc renamed":    bytes.Replace(goodLogLine(t, 1), []byte(`{"crc"`), []byte(`{"crC"`), 1),
	} {
		data := bytes.Join([][]byte{lines[0], bad, bytes.Join(lines[2:], nil)}, nil)
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, logName), data, 0o600); err != nil {
			t.Fatal(err)
		}
		var le *LogError
		if _, err := Open(context.Background(), dir, newTestEmbedder()); !errors.As(err, &le) || le.Line != 2 {
			t.Errorf("%s: %v, want a *LogError for line 2", name, err)
		}
	}
}

// goodLogLine is line i (0-based) of a fresh good log, with its newline.
func goodLogLine(t *testing.T, i int) []byte {
	return bytes.SplitAfter(goodLog(t, t.TempDir()), []byte("\n"))[i]
}

// TestWholeLastEntryWithoutNewlineIsKept: a complete last entry whose
// newline was never written is kept (it was dropped as torn before), with
// or without a checksum, and the newline is added so that later entries
// follow it. The same in an append after another process left one.
func TestWholeLastEntryWithoutNewlineIsKept(t *testing.T) {
	ctx := context.Background()
	for name, strip := range map[string]bool{"with checksums": false, "legacy": true} {
		t.Run(name, func(t *testing.T) {
			src := t.TempDir()
			s := openT(t, src, newTestEmbedder())
			if err := s.AddExamples(ctx, append(sampleExamples(), Example{ID: "e9", Question: "the last one, without its newline"})); err != nil {
				t.Fatal(err)
			}
			s.Close()
			full, _ := os.ReadFile(filepath.Join(src, logName))
			if strip {
				full = stripChecksums(full)
			}
			dir := t.TempDir()
			path := filepath.Join(dir, logName)
			if err := os.WriteFile(path, full[:len(full)-1], 0o600); err != nil {
				t.Fatal(err)
			}
			s = openT(t, dir, newTestEmbedder())
			if _, ok := s.Example("e9"); !ok || s.Len() != 6 {
				t.Fatalf("%d examples, e9 kept %v; want all 6", s.Len(), ok)
			}
			if !strip {
				if after, _ := os.ReadFile(path); !bytes.Equal(after, full) {
					t.Errorf("the log after open is not the whole log with its last newline")
				}
			}
			if err := s.AddExamples(ctx, []Example{{ID: "e10", Question: "added after it"}}); err != nil {
				t.Fatal(err)
			}
			s.Close()
			s = openT(t, dir, newTestEmbedder())
			if s.Len() != 7 {
				t.Errorf("%d examples after an append, want 7", s.Len())
			}
			s.Close()
		})
	}
	// Another process's whole entry without newline, met by an append.
	dir := t.TempDir()
	s := openT(t, dir, newTestEmbedder())
	defer s.Close()
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	other, err := encodeLine(&logEntry{Op: opDel, Coll: examplesColl, Key: "e1"})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(filepath.Join(dir, logName), os.O_WRONLY|os.O_APPEND, 0)
	f.Write(other[:len(other)-1])
	f.Close()
	if err := s.AddExamples(ctx, []Example{{ID: "e6", Question: "after the other process's entry"}}); err != nil {
		t.Fatal(err)
	}
	s2 := openT(t, dir, newTestEmbedder())
	defer s2.Close()
	if _, ok := s2.Example("e1"); ok || s2.Len() != 5 {
		t.Errorf("the other process's delete or the append was lost: %d examples, e1 present %v", s2.Len(), ok)
	}
}

// TestOrphanedTempFilesRemoved: the temporary files of compactions killed
// before their rename are removed when the store opens; other files stay.
func TestOrphanedTempFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	goodLog(t, dir)
	orphans := []string{logName + ".123456.tmp", logName + ".x.tmp"}
	keep := []string{"notes.tmp", logName + ".bak"}
	for _, n := range append(orphans, keep...) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(`{"op":"put"}`+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var logs bytes.Buffer
	s, err := Open(context.Background(), dir, newTestEmbedder(), WithLogger(slog.New(slog.NewTextHandler(&logs, nil))))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	for _, n := range orphans {
		if _, err := os.Stat(filepath.Join(dir, n)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there (%v)", n, err)
		}
	}
	for _, n := range keep {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s was removed: %v", n, err)
		}
	}
	if !strings.Contains(logs.String(), "removed a temporary file") {
		t.Errorf("the removal was not logged: %q", logs.String())
	}
}

// FuzzLogRecord: a record encodes to a line that decodes to the same
// entry, and any one byte of the line changed (but its newline) is an
// error.
func FuzzLogRecord(f *testing.F) {
	f.Add("Is there a cycle?", "cycle_check", `{"a":1}`, []byte{1, 2, 3, 4}, uint(5), byte(1))
	f.Add("é \" \\ \u2028", "", ``, []byte{}, uint(0), byte(0x80))
	f.Add("q", "t", `[]`, []byte{0xff}, uint(1000), byte(0x20))
	f.Fuzz(func(t *testing.T, question, tool, args string, vec []byte, pos uint, x byte) {
		ex := &Example{ID: "id1", Question: question, Tool: tool, Source: SourceUser}
		if args != "" {
			ex.Args = []byte(args)
		}
		e := logEntry{Op: opPut, Coll: examplesColl, Key: ex.ID, Example: ex, Enc: "enc", Vec: vec}
		line, err := encodeLine(&e)
		if err != nil {
			return // args that are not JSON
		}
		got, err := readEntry(bytes.Clone(line))
		if err != nil {
			t.Fatalf("%q does not decode: %v", line, err)
		}
		if got.Op != e.Op || got.Coll != e.Coll || got.Key != e.Key || got.Enc != e.Enc || !bytes.Equal(got.Vec, e.Vec) ||
			got.Example == nil || (utf8.ValidString(tool) && got.Example.Tool != tool) || (utf8.ValidString(question) && got.Example.Question != question) {
			t.Fatalf("round trip of %q: %+v", line, got)
		}
		if x == 0 {
			return
		}
		i := int(pos % uint(len(line)-1))
		bad := bytes.Clone(line)
		bad[i] ^= x
		if bytes.IndexByte(bad[:len(bad)-1], '\n') >= 0 {
			return // now two lines: replay sees each
		}
		if _, err := readEntry(bad); err == nil {
			t.Fatalf("byte %d of %q changed to %q: not detected", i, line, bad[i])
		}
	})
}
