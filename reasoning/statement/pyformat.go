package statement

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// FormatResult writes a tool's value as Python prints it, as the
// Graph-ToolFormer data records results: integers bare, floats in Python's
// shortest form (1.0, 0.15789473684210525), node lists "[0, 1]", node maps
// "{0: 5, 1: 5}" in the graph's node order. Node IDs that are integers are
// written bare, others quoted. g orders map keys and may be nil.
func FormatResult(v any, g *graph.Graph) string {
	var sb strings.Builder
	writePy(&sb, reflect.ValueOf(v), g)
	return sb.String()
}

func writePy(sb *strings.Builder, v reflect.Value, g *graph.Graph) {
	if !v.IsValid() {
		sb.WriteString("None")
		return
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			sb.WriteString("None")
			return
		}
		writePy(sb, v.Elem(), g)
	case reflect.Bool:
		if v.Bool() {
			sb.WriteString("True")
		} else {
			sb.WriteString("False")
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		sb.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		sb.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		sb.WriteString(pyFloat(v.Float()))
	case reflect.String:
		sb.WriteString(pyKey(v.String()))
	case reflect.Slice, reflect.Array:
		sb.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			writePy(sb, v.Index(i), g)
		}
		sb.WriteByte(']')
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return compareKeys(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()), g)
		})
		sb.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				sb.WriteString(", ")
			}
			writePy(sb, k, g)
			sb.WriteString(": ")
			writePy(sb, v.MapIndex(k), g)
		}
		sb.WriteByte('}')
	default:
		// Structs and the like: their JSON, which is what a program reads.
		b, err := json.Marshal(v.Interface())
		if err != nil {
			fmt.Fprint(sb, v.Interface())
			return
		}
		sb.Write(b)
	}
}

// compareKeys orders map keys by the graph's node order when both are
// nodes of g, else integers numerically before other keys, else as text.
func compareKeys(a, b string, g *graph.Graph) int {
	if g != nil {
		ia, oka := g.Index(a)
		ib, okb := g.Index(b)
		if oka && okb {
			return int(ia) - int(ib)
		}
	}
	na, erra := strconv.ParseInt(a, 10, 64)
	nb, errb := strconv.ParseInt(b, 10, 64)
	switch {
	case erra == nil && errb == nil:
		return cmpInt(na, nb)
	case erra == nil:
		return -1
	case errb == nil:
		return 1
	}
	return strings.Compare(a, b)
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// pyKey writes a node ID or string as Python would print the node: an
// integer bare, anything else in single quotes.
func pyKey(s string) string {
	if _, err := strconv.ParseInt(s, 10, 64); err == nil && (s == "0" || (s[0] != '0' && s[0] != '+' && !strings.HasPrefix(s, "-0"))) {
		return s
	}
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// pyFloat formats f as Python's repr does: the shortest digits that read
// back as f, positional for exponents -4 to 15 (with ".0" when integral),
// scientific with a two-digit exponent otherwise.
func pyFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	exp := int(math.Floor(math.Log10(math.Abs(f))))
	// Log10 can be off by one at powers of ten; the 'e' form knows the
	// exponent of the shortest digits exactly.
	e := strconv.FormatFloat(f, 'e', -1, 64)
	if i := strings.IndexByte(e, 'e'); i >= 0 {
		if n, err := strconv.Atoi(e[i+1:]); err == nil {
			exp = n
		}
	}
	if exp < -4 || exp >= 16 {
		mant, ex, _ := strings.Cut(e, "e")
		sign := ex[0]
		digits := strings.TrimLeft(ex[1:], "0")
		if len(digits) < 2 {
			digits = strings.Repeat("0", 2-len(digits)) + digits
		}
		return mant + "e" + string(sign) + digits
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}
