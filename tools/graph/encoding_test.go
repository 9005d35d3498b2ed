package graph

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestNodeIDsMustBeText: NUL bytes and invalid UTF-8 were read as node
// names; they are refused with the line and column, in every format.
func TestNodeIDsMustBeText(t *testing.T) {
	tests := []struct {
		f         Format
		in, msg   string
		line, col int
	}{
		{FormatEdgeList, "0 1\n2 a\x00b\n", "NUL byte", 2, 3},
		{FormatEdgeList, "0 1\nZ\xfcrich 3\n", "not valid UTF-8", 2, 1},
		{FormatEdgeList, "0 1\n2 \xff\xfe\n", "not valid UTF-8", 2, 3},
		{FormatNodeLink, `{"nodes": [{"id": "a\u0000b"}]}`, "NUL byte", 0, 0},
		{FormatGML, "graph [ node [ id 0 label \"\xe9t\xe9\" ] ]", "not valid UTF-8", 0, 0},
		{FormatDOT, "graph { \"a\x00\" -- b }", "malformed graph", 0, 0}, // gonum's lexer refuses NUL
		{FormatDOT, "graph { \"\xe9\" -- b }", "malformed graph", 0, 0},
	}
	for _, tc := range tests {
		_, err := Read(strings.NewReader(tc.in), tc.f, ReadOptions{Name: "g"})
		if tc.f == FormatEdgeList {
			wantSyntaxError(t, err, "g", tc.line, tc.col, tc.msg)
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s %q: %v, want %q", tc.f, tc.in, err, tc.msg)
		}
	}
	if _, err := ReadEdgeList(strings.NewReader("Zürich Genève\n"), ReadOptions{}); err != nil {
		t.Errorf("UTF-8 names: %v", err)
	}
}

// TestSandboxReadsUTF16: a UTF-16 file with a byte-order mark (little or
// big endian) is decoded; without the mark its NUL bytes are refused.
func TestSandboxReadsUTF16(t *testing.T) {
	dir := t.TempDir()
	text := "# made on Windows\r\nZürich Genève\r\nGenève Bern\r\n"
	units := utf16.Encode([]rune(text))
	write := func(name string, order binary.AppendByteOrder, bom bool) {
		var b []byte
		if bom {
			b = order.AppendUint16(b, 0xFEFF)
		}
		for _, u := range units {
			b = order.AppendUint16(b, u)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("le.edgelist", binary.LittleEndian, true)
	write("be.txt", binary.BigEndian, true)
	write("nobom.edgelist", binary.LittleEndian, false)
	sb, err := NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	for _, name := range []string{"le.edgelist", "be.txt"} {
		g, err := sb.Load(context.Background(), name, ReadOptions{})
		if err != nil || !slices.Equal(g.IDs(), []string{"Zürich", "Genève", "Bern"}) || g.M() != 2 {
			t.Errorf("%s: %v, %v", name, g, err)
		}
	}
	_, err = sb.Load(context.Background(), "nobom.edgelist", ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "UTF-16 text without a byte-order mark") {
		t.Errorf("UTF-16 without a BOM: %v", err)
	}
}
