package statement

import (
	"fmt"
	"strings"
)

// String prints the statement in the canonical spelling: the text as
// written, calls with straight double quotes, ", " between arguments and
// "-->" before a result name. Parsing the printed statement gives the same
// tree (Equal).
func (s *Statement) String() string {
	var sb strings.Builder
	for _, p := range s.Parts {
		switch p := p.(type) {
		case Text:
			sb.WriteString(p.Text)
		case Placeholder:
			sb.WriteString("[TBR]")
		case *Call:
			sb.WriteString(p.String())
		}
	}
	return sb.String()
}

// String prints the call, "[GR(...)-->r]".
func (c *Call) String() string {
	var sb strings.Builder
	sb.WriteByte('[')
	writeValue(&sb, c.Inv)
	if c.Target != "" {
		sb.WriteString("-->")
		sb.WriteString(c.Target)
	}
	sb.WriteByte(']')
	return sb.String()
}

// Format prints one value in the canonical spelling.
func Format(v Value) string {
	var sb strings.Builder
	writeValue(&sb, v)
	return sb.String()
}

func writeValue(sb *strings.Builder, v Value) {
	switch v := v.(type) {
	case *Invocation:
		sb.WriteString(v.Func)
		writeList(sb, '(', v.Args, ')')
	case String:
		writeQuoted(sb, v.Text)
	case Number:
		sb.WriteString(v.Text)
	case Ref:
		sep := "#"
		if v.Spaced {
			sep = " #"
		}
		if v.Quoted {
			writeQuoted(sb, v.Kind+sep+v.ID)
		} else {
			sb.WriteString(v.Kind + sep + v.ID)
		}
	case Word:
		sb.WriteString(v.Text)
	case Keyed:
		sb.WriteString(v.Key)
		sb.WriteString(": ")
		writeValue(sb, v.Value)
	case Set:
		writeList(sb, '{', v.Elems, '}')
	case Tuple:
		writeList(sb, '(', v.Elems, ')')
	}
}

func writeList(sb *strings.Builder, open byte, vals []Value, closing byte) {
	sb.WriteByte(open)
	for i, v := range vals {
		if i > 0 {
			sb.WriteString(", ")
		}
		writeValue(sb, v)
	}
	sb.WriteByte(closing)
}

func writeQuoted(sb *strings.Builder, s string) {
	sb.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteRune(r)
	}
	sb.WriteByte('"')
}

// Equal reports whether two statements have the same tree: the same text,
// placeholders and calls, positions and quote styles aside.
func Equal(a, b *Statement) bool {
	if len(a.Parts) != len(b.Parts) {
		return false
	}
	for i := range a.Parts {
		switch pa := a.Parts[i].(type) {
		case Text:
			pb, ok := b.Parts[i].(Text)
			if !ok || pa.Text != pb.Text {
				return false
			}
		case Placeholder:
			if _, ok := b.Parts[i].(Placeholder); !ok {
				return false
			}
		case *Call:
			pb, ok := b.Parts[i].(*Call)
			if !ok || !EqualCalls(pa, pb) {
				return false
			}
		}
	}
	return true
}

// EqualCalls reports whether two calls have the same invocation and
// result name, positions aside.
func EqualCalls(a, b *Call) bool {
	return a.Target == b.Target && EqualValues(a.Inv, b.Inv)
}

// EqualValues reports whether two values are the same tree, positions
// aside.
func EqualValues(a, b Value) bool {
	switch va := a.(type) {
	case *Invocation:
		vb, ok := b.(*Invocation)
		return ok && va.Func == vb.Func && equalLists(va.Args, vb.Args)
	case String:
		vb, ok := b.(String)
		return ok && va.Text == vb.Text
	case Number:
		vb, ok := b.(Number)
		return ok && va.Text == vb.Text
	case Ref:
		vb, ok := b.(Ref)
		return ok && va.Kind == vb.Kind && va.ID == vb.ID && va.Quoted == vb.Quoted && va.Spaced == vb.Spaced
	case Word:
		vb, ok := b.(Word)
		return ok && va.Text == vb.Text
	case Keyed:
		vb, ok := b.(Keyed)
		return ok && va.Key == vb.Key && EqualValues(va.Value, vb.Value)
	case Set:
		vb, ok := b.(Set)
		return ok && equalLists(va.Elems, vb.Elems)
	case Tuple:
		vb, ok := b.(Tuple)
		return ok && equalLists(va.Elems, vb.Elems)
	}
	return false
}

func equalLists(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !EqualValues(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Explain prints the parse tree, one node per line, indented by depth,
// with the column (in characters) where each call starts.
func (s *Statement) Explain() string {
	var sb strings.Builder
	sb.WriteString("statement\n")
	src := s.Source
	for _, p := range s.Parts {
		switch p := p.(type) {
		case Text:
			fmt.Fprintf(&sb, "  text %q\n", p.Text)
		case Placeholder:
			fmt.Fprintf(&sb, "  placeholder [TBR] (column %d)\n", column(src, p.Pos))
		case *Call:
			fmt.Fprintf(&sb, "  call (column %d)", column(src, p.Pos))
			if p.Target != "" {
				fmt.Fprintf(&sb, " --> %s", p.Target)
			}
			sb.WriteByte('\n')
			explainValue(&sb, p.Inv, 2)
		}
	}
	return sb.String()
}

// column turns a byte offset of src into a 1-based character column on
// its line.
func column(src string, off int) int {
	if off > len(src) {
		off = len(src)
	}
	col := 1
	for _, r := range src[:off] {
		if r == '\n' {
			col = 1
		} else {
			col++
		}
	}
	return col
}

func explainValue(sb *strings.Builder, v Value, depth int) {
	indent := strings.Repeat("  ", depth)
	switch v := v.(type) {
	case *Invocation:
		what := "graph reasoning"
		if v.Func == "GL" {
			what = "graph loading"
		}
		fmt.Fprintf(sb, "%s%s (%s)\n", indent, v.Func, what)
		for _, a := range v.Args {
			explainValue(sb, a, depth+1)
		}
	case String:
		fmt.Fprintf(sb, "%sstring %q\n", indent, v.Text)
	case Number:
		fmt.Fprintf(sb, "%snumber %s\n", indent, v.Text)
	case Ref:
		fmt.Fprintf(sb, "%sref kind=%s id=%s\n", indent, v.Kind, v.ID)
	case Word:
		fmt.Fprintf(sb, "%sword %s\n", indent, v.Text)
	case Keyed:
		fmt.Fprintf(sb, "%skey %s\n", indent, v.Key)
		explainValue(sb, v.Value, depth+1)
	case Set:
		fmt.Fprintf(sb, "%sset of %d\n", indent, len(v.Elems))
		for _, e := range v.Elems {
			explainValue(sb, e, depth+1)
		}
	case Tuple:
		fmt.Fprintf(sb, "%stuple of %d\n", indent, len(v.Elems))
		for _, e := range v.Elems {
			explainValue(sb, e, depth+1)
		}
	}
}
