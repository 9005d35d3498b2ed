package textutil

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// FolderHider replaces folders' absolute paths in text shown to clients
// that need not know where the data folders are (graphagent serve,
// graphagent mcp). A nil *FolderHider leaves text as it is.
type FolderHider struct {
	// pairs are paths (as written, and as escaped in JSON when that
	// differs) and their names, longest path first.
	pairs [][2]string
}

// NewFolderHider hides the folders as "<data>" ("<data 1>", "<data 2>"...
// for several); a folder inside another is replaced before its parent.
// It returns nil when there is nothing to hide (no folders, or only the
// root).
func NewFolderHider(folders []string) *FolderHider {
	var abs []string
	for _, f := range folders {
		if a, err := filepath.Abs(f); err == nil && a != string(filepath.Separator) && !slices.Contains(abs, a) {
			abs = append(abs, a)
		}
	}
	if len(abs) == 0 {
		return nil
	}
	h := &FolderHider{}
	for i, a := range abs {
		name := "<data>"
		if len(abs) > 1 {
			name = fmt.Sprintf("<data %d>", i+1)
		}
		h.pairs = append(h.pairs, [2]string{a, name})
		if esc, _ := json.Marshal(a); string(esc[1:len(esc)-1]) != a {
			h.pairs = append(h.pairs, [2]string{string(esc[1 : len(esc)-1]), name})
		}
	}
	slices.SortStableFunc(h.pairs, func(a, b [2]string) int { return len(b[0]) - len(a[0]) })
	return h
}

// Replace returns s with the folders' paths replaced by their names. A
// path is replaced where it ends (the end of s, a separator or a
// character no file name continues with), so /srv/data hides
// /srv/data/a.tsv and "/srv/data." but not /srv/database.
func (h *FolderHider) Replace(s string) string {
	if h == nil {
		return s
	}
	for _, p := range h.pairs {
		path, name := p[0], p[1]
		if !strings.Contains(s, path) {
			continue
		}
		var b strings.Builder
		rest := s
		for {
			i := strings.Index(rest, path)
			if i < 0 {
				break
			}
			end := i + len(path)
			b.WriteString(rest[:i])
			if pathEnds(rest[end:]) {
				b.WriteString(name)
			} else {
				b.WriteString(path)
			}
			rest = rest[end:]
		}
		b.WriteString(rest)
		s = b.String()
	}
	return s
}

// pathEnds reports whether a path followed by after ends there.
func pathEnds(after string) bool {
	if after == "" {
		return true
	}
	c := after[0]
	switch {
	case c == '.':
		return len(after) == 1 || !isNameByte(after[1])
	case isNameByte(c):
		return false
	}
	return true
}

// isNameByte reports whether c continues a file name (any byte of a
// multi-byte rune does).
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}
