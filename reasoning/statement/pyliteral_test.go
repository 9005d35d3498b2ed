package statement

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// pyValue is a Python literal read back for comparisons: float64, string,
// []pyValue, or map[string]pyValue (keys printed canonically).
type pyValue = any

// readPy reads a Python literal as the Graph-ToolFormer data records
// results: numbers, quoted or bare strings, lists, tuples and dicts.
func readPy(s string) (pyValue, error) {
	r := &pyReader{s: strings.TrimSpace(s)}
	v, err := r.value()
	if err != nil {
		return nil, err
	}
	r.space()
	if r.i != len(r.s) {
		return nil, fmt.Errorf("trailing text at %d in %q", r.i, s)
	}
	return v, nil
}

type pyReader struct {
	s string
	i int
}

func (r *pyReader) space() {
	for r.i < len(r.s) && r.s[r.i] == ' ' {
		r.i++
	}
}

func (r *pyReader) value() (pyValue, error) {
	r.space()
	if r.i >= len(r.s) {
		return nil, fmt.Errorf("value expected at the end of %q", r.s)
	}
	switch c := r.s[r.i]; c {
	case '[', '(':
		closing := map[byte]byte{'[': ']', '(': ')'}[c]
		r.i++
		var out []pyValue
		for {
			r.space()
			if r.i < len(r.s) && r.s[r.i] == closing {
				r.i++
				return out, nil
			}
			v, err := r.value()
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			r.space()
			if r.i < len(r.s) && r.s[r.i] == ',' {
				r.i++
			}
		}
	case '{':
		r.i++
		out := map[string]pyValue{}
		for {
			r.space()
			if r.i < len(r.s) && r.s[r.i] == '}' {
				r.i++
				return out, nil
			}
			k, err := r.value()
			if err != nil {
				return nil, err
			}
			r.space()
			if r.i >= len(r.s) || r.s[r.i] != ':' {
				return nil, fmt.Errorf("':' expected at %d in %q", r.i, r.s)
			}
			r.i++
			v, err := r.value()
			if err != nil {
				return nil, err
			}
			out[pyKeyText(k)] = v
			r.space()
			if r.i < len(r.s) && r.s[r.i] == ',' {
				r.i++
			}
		}
	case '\'', '"':
		end := strings.IndexByte(r.s[r.i+1:], c)
		if end < 0 {
			return nil, fmt.Errorf("unclosed string in %q", r.s)
		}
		v := r.s[r.i+1 : r.i+1+end]
		r.i += end + 2
		return v, nil
	}
	start := r.i
	for r.i < len(r.s) && !strings.ContainsRune(",:]})", rune(r.s[r.i])) {
		r.i++
	}
	tok := strings.TrimSpace(r.s[start:r.i])
	if f, err := strconv.ParseFloat(tok, 64); err == nil {
		return f, nil
	}
	return tok, nil
}

func pyKeyText(k pyValue) string {
	if f, ok := k.(float64); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return fmt.Sprint(k)
}

// samePy compares two read literals: numbers within 1e-9 (relative for
// large ones), lists in order, dicts by key.
func samePy(a, b pyValue) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && math.Abs(x-y) <= 1e-9*math.Max(1, math.Abs(y))
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []pyValue:
		y, ok := b.([]pyValue)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !samePy(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]pyValue:
		y, ok := b.(map[string]pyValue)
		if !ok || len(x) != len(y) {
			return false
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !samePy(x[k], y[k]) {
				return false
			}
		}
		return true
	case nil:
		return b == nil
	}
	return false
}
