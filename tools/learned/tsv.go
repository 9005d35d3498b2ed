package learned

import (
	"bufio"
	"fmt"
	"strings"
)

// readTSV reads the tab-separated file of d, checks that its header begins
// with the columns want, gives the whole header to onHeader (when not nil),
// and calls fn for every data line with its fields and line number. Errors
// name the file and line.
func (d *data) readTSV(file string, want []string, fn func(line int, f []string) error, onHeader func(header []string)) error {
	r, path, err := d.open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		f := strings.Split(text, "\t")
		if line == 1 {
			if len(f) < len(want) {
				return fmt.Errorf("%s:1: header %q, want columns %s: %w", path, text, strings.Join(want, ", "), ErrDataset)
			}
			for i, w := range want {
				if f[i] != w {
					return fmt.Errorf("%s:1: column %d is %q, want %q: %w", path, i+1, f[i], w, ErrDataset)
				}
			}
			if onHeader != nil {
				onHeader(f)
			}
			continue
		}
		if text == "" {
			continue
		}
		if len(f) < len(want) {
			return fmt.Errorf("%s:%d: %d fields, want at least %d: %w", path, line, len(f), len(want), ErrDataset)
		}
		if err := fn(line, f); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if line == 0 {
		return fmt.Errorf("%s: empty file: %w", path, ErrDataset)
	}
	return nil
}

// readLines calls fn for every non-empty line of the plain file d names
// (the TU format has no header).
func (d *data) readLines(file string, fn func(line int, text string) error) error {
	r, path, err := d.open(file)
	if err != nil {
		return err
	}
	defer r.Close()
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if err := fn(line, text); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// interner gives dense indices to string IDs in order of first sight.
type interner struct {
	index map[string]int
	names []string
}

func newInterner() *interner { return &interner{index: map[string]int{}} }

func (in *interner) id(s string) int {
	if i, ok := in.index[s]; ok {
		return i
	}
	in.index[s] = len(in.names)
	in.names = append(in.names, s)
	return len(in.names) - 1
}

func (in *interner) lookup(s string) (int, bool) {
	i, ok := in.index[s]
	return i, ok
}
