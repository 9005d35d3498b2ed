package statement

// Statement is a parsed sentence: its text with the API calls and [TBR]
// placeholders found in it, in order.
type Statement struct {
	// Source is the sentence as parsed; columns in errors and in Explain
	// refer to it.
	Source string
	// Parts are the pieces of the sentence in order: Text, *Call and
	// Placeholder values. Concatenating their source text gives the
	// sentence back.
	Parts []Part
}

// Calls returns the statement's calls in sentence order.
func (s *Statement) Calls() []*Call {
	var calls []*Call
	for _, p := range s.Parts {
		if c, ok := p.(*Call); ok {
			calls = append(calls, c)
		}
	}
	return calls
}

// HasCalls reports whether the statement holds at least one call.
func (s *Statement) HasCalls() bool {
	for _, p := range s.Parts {
		if _, ok := p.(*Call); ok {
			return true
		}
	}
	return false
}

// HasPlaceholder reports whether the statement holds a [TBR] placeholder.
func (s *Statement) HasPlaceholder() bool {
	for _, p := range s.Parts {
		if _, ok := p.(Placeholder); ok {
			return true
		}
	}
	return false
}

// Part is one piece of a statement: Text, *Call or Placeholder.
type Part interface {
	// Offset is the byte offset of the part in the parsed sentence.
	Offset() int
	isPart()
}

// Text is ordinary sentence text, kept exactly as written.
type Text struct {
	Text string
	Pos  int // byte offset in the sentence
}

// Placeholder is a "[TBR]" ("to be reasoned") slot, where a result belongs.
type Placeholder struct {
	Pos int // byte offset of '['
}

// Call is one bracketed API call, "[GR(...)-->r]".
type Call struct {
	// Inv is the outermost GL or GR invocation.
	Inv *Invocation
	// Target is what follows the arrow ("r" in "-->r"), empty when the call
	// has no arrow. An identifier names the result so that later calls can
	// use it (the paper's "GL(...) --> G"); other text is a result written
	// in the sentence already ("--> 4").
	Target string
	// Pos and End are the byte offsets of '[' and just past ']'.
	Pos, End int
}

func (Text) isPart()        {}
func (Placeholder) isPart() {}
func (*Call) isPart()       {}

// Offset is the byte offset of the text in the sentence.
func (t Text) Offset() int { return t.Pos }

// Offset is the byte offset of the placeholder's '['.
func (p Placeholder) Offset() int { return p.Pos }

// Offset is the byte offset of the call's '['.
func (c *Call) Offset() int { return c.Pos }

// Value is an argument: *Invocation, String, Number, Ref, Word, Keyed,
// Set or Tuple.
type Value interface {
	// Offset is the byte offset where the value starts in the sentence.
	Offset() int
	isValue()
}

// Invocation is a GL (graph loading) or GR (graph reasoning) function
// applied to arguments: GL("cora"), GR(GL("gpr", {"cubical_graph"}), "toolx:radius").
type Invocation struct {
	// Func is "GL" or "GR".
	Func string
	Args []Value
	Pos  int
}

// String is a quoted string, "cora" (straight, curly or single quotes;
// the quotes are not part of Text).
type String struct {
	Text string
	Pos  int
}

// Number is a numeric literal kept as written: 5, -2, 0.85, 1e-3.
type Number struct {
	Text string
	Pos  int
}

// Ref is a reference to an entity of a graph, Kind#ID: paper#83826,
// "node#6" (Quoted), entity#/m/0gs9p, user#u3, node #4 (Spaced).
type Ref struct {
	Kind string
	ID   string
	// Quoted is true when it was written inside quotes, "node#6".
	Quoted bool
	// Spaced is true when a space separates the kind from '#', node #4.
	Spaced bool
	Pos    int
}

// Word is a bare, unquoted token that is neither a number nor a
// reference: a name bound by an earlier call (r, G), True, toolx:order,
// entity:/m/027rn.
type Word struct {
	Text string
	Pos  int
}

// Keyed is a named argument, key:value, as in the paper's
// file-path:"./graphs/lollipop" and is-directed:False.
type Keyed struct {
	Key   string
	Value Value
	Pos   int
}

// Set is a brace-delimited collection, {"cubical_graph"}.
type Set struct {
	Elems []Value
	Pos   int
}

// Tuple is a parenthesised collection, ("IBM", "Charles Ranlett Flint").
type Tuple struct {
	Elems []Value
	Pos   int
}

func (*Invocation) isValue() {}
func (String) isValue()      {}
func (Number) isValue()      {}
func (Ref) isValue()         {}
func (Word) isValue()        {}
func (Keyed) isValue()       {}
func (Set) isValue()         {}
func (Tuple) isValue()       {}

// Offset is where the invocation starts.
func (v *Invocation) Offset() int { return v.Pos }

// Offset is where the string's opening quote is.
func (v String) Offset() int { return v.Pos }

// Offset is where the number starts.
func (v Number) Offset() int { return v.Pos }

// Offset is where the reference (or its opening quote) starts.
func (v Ref) Offset() int { return v.Pos }

// Offset is where the word starts.
func (v Word) Offset() int { return v.Pos }

// Offset is where the key starts.
func (v Keyed) Offset() int { return v.Pos }

// Offset is where the '{' is.
func (v Set) Offset() int { return v.Pos }

// Offset is where the '(' is.
func (v Tuple) Offset() int { return v.Pos }
