package graph

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ReadNodeLink reads NetworkX node-link JSON, as written by
// json.dumps(nx.node_link_data(G)): an object with "nodes" (each with an
// "id"), and "edges" or "links" (each with "source" and "target"). A
// "directed" field overrides opt.Directed. Node attributes other than "id"
// are kept. Edge attributes "weight" and "capacity" with numeric values set
// the edge's weight and capacity; other edge attributes are kept ("key" of
// multigraphs is dropped: parallel edges merge as in nx.Graph). Node IDs may
// be strings or numbers (named by their JSON text). A "graph" object's
// "name" names the graph when opt.Name is empty.
func ReadNodeLink(r io.Reader, opt ReadOptions) (*Graph, error) {
	src := opt.source("node-link JSON")
	// The document is decoded one node or edge at a time and each array is
	// counted against the limits as it is read, so memory follows the
	// limits rather than the file's size.
	lr := &lineReader{r: r}
	dec := json.NewDecoder(lr)
	dec.UseNumber()
	fail := func(err error) error {
		var se *SyntaxError
		switch {
		case errors.Is(err, ErrTooLarge), errors.As(err, &se):
			return err
		case lr.err != nil && !errors.Is(lr.err, io.EOF):
			return fmt.Errorf("read %s: %w", src, lr.err)
		}
		return jsonSyntaxError(src, lr, err)
	}
	if tok, err := tokenAt(dec, lr); err != nil {
		return nil, fail(err)
	} else if d, ok := tok.(json.Delim); !ok || d != '{' {
		line, col := lr.lineCol(dec.InputOffset() - 1)
		return nil, &SyntaxError{Source: src, Line: line, Col: col, Msg: "document must be an object, not a JSON " + jsonTokenKind(tok)}
	}
	var (
		directed     *bool
		graphAttrs   json.RawMessage
		nodes, edges []map[string]any // buffered until the direction and the nodes are known
		seen         = map[string]bool{}
		edgesKey     = "edges"
		b            *Builder
		nNodes       int // node entries added to b so far
		nEdges       int
	)
	// builder makes the Builder once the direction is known (it is read
	// first in NetworkX's output; otherwise everything is buffered).
	builder := func() *Builder {
		if b == nil {
			d := opt.Directed
			if directed != nil {
				d = *directed
			}
			b = opt.builder(d)
		}
		return b
	}
	for dec.More() {
		tok, err := tokenAt(dec, lr)
		if err != nil {
			return nil, fail(err)
		}
		key, _ := tok.(string)
		field := strings.ToLower(key) // as encoding/json matches struct fields
		switch field {
		case "directed", "graph", "nodes", "edges", "links":
			if seen[field] {
				line, col := lr.lineCol(dec.InputOffset() - 1)
				return nil, &SyntaxError{Source: src, Line: line, Col: col, Msg: fmt.Sprintf("%q appears twice", key)}
			}
			seen[field] = true
		}
		switch field {
		case "directed":
			var d *bool
			if err := decodeAt(dec, lr, &d); err != nil {
				return nil, fail(jsonWhere(err, "directed"))
			}
			directed = d
		case "graph":
			if err := decodeAt(dec, lr, &graphAttrs); err != nil {
				return nil, fail(err)
			}
		case "nodes", "edges", "links":
			if field != "nodes" {
				if seen["edges"] && seen["links"] {
					return nil, &SyntaxError{Source: src, Msg: `both "edges" and "links" are present`}
				}
				edgesKey = field
			}
			limit := opt.Limits.MaxEdges
			if field == "nodes" {
				limit = opt.Limits.MaxNodes
			}
			// Stream into the builder when nothing has to come first.
			direct := directed != nil && (field == "nodes" || seen["nodes"] && len(nodes) == 0)
			var buf []map[string]any
			i := 0
			null, err := jsonArray(dec, lr, src, field, func() error {
				var m map[string]any
				if err := decodeAt(dec, lr, &m); err != nil {
					return jsonWhere(err, fmt.Sprintf("%s[%d]", field, i))
				}
				if limit > 0 && i >= limit {
					what := "nodes"
					if field != "nodes" {
						what = "edges"
					}
					return fmt.Errorf("%s: more than %d %s: %w", src, limit, what, ErrTooLarge)
				}
				if direct {
					var err error
					if field == "nodes" {
						err = addNodeLinkNode(builder(), src, i, m)
						nNodes++
					} else {
						err = addNodeLinkEdge(builder(), src, field, i, m)
						nEdges++
					}
					if err != nil {
						return err
					}
				} else {
					buf = append(buf, m)
				}
				i++
				return nil
			})
			if err != nil {
				return nil, fail(err)
			}
			switch {
			case null:
				delete(seen, field) // as if absent, as encoding/json reads it
			case direct:
			case field == "nodes":
				nodes = buf
			default:
				edges = buf
			}
		default:
			var skip json.RawMessage
			if err := decodeAt(dec, lr, &skip); err != nil {
				return nil, fail(err)
			}
		}
	}
	if _, err := tokenAt(dec, lr); err != nil {
		return nil, fail(err)
	}
	if dec.More() {
		line, col := lr.lineCol(dec.InputOffset())
		return nil, &SyntaxError{Source: src, Line: line, Col: col, Msg: "unexpected data after the JSON object"}
	}
	if lr.err != nil && !errors.Is(lr.err, io.EOF) {
		return nil, fmt.Errorf("read %s: %w", src, lr.err)
	}
	if !seen["nodes"] && !seen["edges"] && !seen["links"] {
		return nil, &SyntaxError{Source: src, Msg: `not node-link JSON: no "nodes", "edges" or "links"`}
	}
	bb := builder()
	for i, nd := range nodes {
		if err := addNodeLinkNode(bb, src, nNodes+i, nd); err != nil {
			return nil, err
		}
	}
	for i, ed := range edges {
		if err := addNodeLinkEdge(bb, src, edgesKey, nEdges+i, ed); err != nil {
			return nil, err
		}
	}
	g := bb.Build()
	name := opt.Name
	if name == "" && len(graphAttrs) > 0 {
		var ga struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(graphAttrs, &ga) == nil {
			name = ga.Name
		}
	}
	g.SetName(name)
	return g, nil
}

// jsonArray reads the field's value with dec: null, or an array whose
// elements elem reads one at a time.
func jsonArray(dec *json.Decoder, lr *lineReader, src, field string, elem func() error) (null bool, err error) {
	tok, err := tokenAt(dec, lr)
	if err != nil {
		return false, err
	}
	if tok == nil {
		return true, nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		line, col := lr.lineCol(dec.InputOffset() - 1)
		return false, &SyntaxError{Source: src, Line: line, Col: col, Msg: fmt.Sprintf("%s must be an array, not a JSON %s", field, jsonTokenKind(tok))}
	}
	for dec.More() {
		if err := elem(); err != nil {
			return false, err
		}
	}
	_, err = tokenAt(dec, lr)
	return false, err
}

// jsonTokenKind names the kind of a json.Decoder token.
func jsonTokenKind(tok any) string {
	switch x := tok.(type) {
	case json.Delim:
		if x == '{' {
			return "object"
		}
		return "array"
	case string:
		return "string"
	case json.Number, float64:
		return "number"
	case bool:
		return "boolean"
	}
	return "null"
}

// jsonPosError is a JSON decoding error with the absolute byte offset of
// the bad byte, which json.Decoder gives relative to the value decoded.
type jsonPosError struct {
	err error
	off int64 // -1 when unknown
}

func (e *jsonPosError) Error() string { return e.err.Error() }
func (e *jsonPosError) Unwrap() error { return e.err }

// decodeAt is dec.Decode(v) with errors positioned (see jsonPosError).
func decodeAt(dec *json.Decoder, lr *lineReader, v any) error {
	before := dec.InputOffset()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	// The value's text starts after the ',' or ':' the decoder consumed.
	p := before
	for p < lr.end() && isJSONSpace(lr.at(p)) {
		p++
	}
	if p < lr.end() && (lr.at(p) == ',' || lr.at(p) == ':') {
		p++
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		return &jsonPosError{err, p + te.Offset - 1}
	case errors.As(err, &se):
		// Re-scan the value from its start for the bad byte's offset.
		var raw json.RawMessage
		if lr.kept(p) {
			if e2 := json.Unmarshal(lr.win[p-lr.start:], &raw); errors.As(e2, &se) {
				return &jsonPosError{err, p + se.Offset - 1}
			}
		}
		return &jsonPosError{err, -1}
	}
	return err
}

// tokenAt is dec.Token() with errors positioned (see jsonPosError).
func tokenAt(dec *json.Decoder, lr *lineReader) (json.Token, error) {
	tok, err := dec.Token()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return tok, &jsonPosError{err, se.Offset}
	}
	return tok, err
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// jsonWhereError names the value a JSON decoding error is about.
type jsonWhereError struct {
	err   error
	where string
}

func (e *jsonWhereError) Error() string { return e.where + ": " + e.err.Error() }
func (e *jsonWhereError) Unwrap() error { return e.err }

// jsonWhere wraps err with the name of the value being decoded.
func jsonWhere(err error, where string) error { return &jsonWhereError{err, where} }

// lineReader passes reads through, counting lines and keeping the last
// stretch of text so that a decoding error's byte offset can be given as
// a line and column without keeping the whole input.
type lineReader struct {
	r      io.Reader
	err    error  // the first read error, io.EOF included
	win    []byte // the text from offset start on
	start  int64
	line   int   // the line number at start
	lastNL int64 // offset of the last newline before start, -1 if none
}

// lineWindow is how much text lineReader keeps at least (twice at most).
const lineWindow = 1 << 20

func (l *lineReader) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	if err != nil && l.err == nil {
		l.err = err
	}
	if l.line == 0 {
		l.line, l.lastNL = 1, -1
	}
	if len(l.win)+n > 2*lineWindow && len(l.win) > lineWindow {
		drop := l.win[:len(l.win)-lineWindow]
		l.line += bytes.Count(drop, []byte{'\n'})
		if i := bytes.LastIndexByte(drop, '\n'); i >= 0 {
			l.lastNL = l.start + int64(i)
		}
		l.start += int64(len(drop))
		l.win = append(l.win[:0], l.win[len(drop):]...)
	}
	l.win = append(l.win, p[:n]...)
	return n, err
}

// end is the offset just past the text read so far.
func (l *lineReader) end() int64 { return l.start + int64(len(l.win)) }

// kept reports whether the text at offset off is still kept.
func (l *lineReader) kept(off int64) bool { return off >= l.start && off < l.end() }

// at returns the byte at offset off, which must be kept.
func (l *lineReader) at(off int64) byte { return l.win[off-l.start] }

// lineCol returns the 1-based line and column of byte offset off, or 0, 0
// when the offset is no longer kept.
func (l *lineReader) lineCol(off int64) (line, col int) {
	if off < l.start || off > l.start+int64(len(l.win)) {
		return 0, 0
	}
	if l.line == 0 {
		return 1, int(off) + 1
	}
	before := l.win[:off-l.start]
	line = l.line + bytes.Count(before, []byte{'\n'})
	lastNL := l.lastNL
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		lastNL = l.start + int64(i)
	}
	return line, int(off - lastNL)
}

// addNodeLinkNode adds nodes[i].
func addNodeLinkNode(b *Builder, src string, i int, nd map[string]any) error {
	if nd == nil || nd["\x00null"] != nil {
		return &SyntaxError{Source: src, Msg: fmt.Sprintf("nodes[%d] is not an object", i)}
	}
	rawID, ok := nd["id"]
	if !ok {
		return &SyntaxError{Source: src, Msg: fmt.Sprintf(`nodes[%d] has no "id"`, i)}
	}
	id, err := jsonNodeID(rawID)
	if err != nil {
		return &SyntaxError{Source: src, Msg: fmt.Sprintf("nodes[%d].id: %v", i, err)}
	}
	if _, err := b.AddNode(id); err != nil {
		return fmt.Errorf("%s: nodes[%d]: %w", src, i, err)
	}
	for k, v := range sortedAttrs(nd) {
		if k != "id" {
			if err := b.SetNodeAttr(id, k, jsonValue(v)); err != nil {
				return fmt.Errorf("%s: nodes[%d]: %w", src, i, err)
			}
		}
	}
	return nil
}

// addNodeLinkEdge adds edges[i] (or links[i]).
func addNodeLinkEdge(b *Builder, src, edgesKey string, i int, ed map[string]any) error {
	if ed == nil || ed["\x00null"] != nil {
		return &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d] is not an object", edgesKey, i)}
	}
	var ends [2]string
	for j, key := range [2]string{"source", "target"} {
		raw, ok := ed[key]
		if !ok {
			return &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d] has no %q", edgesKey, i, key)}
		}
		id, err := jsonNodeID(raw)
		if err != nil {
			return &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d].%s: %v", edgesKey, i, key, err)}
		}
		ends[j] = id
	}
	e, err := b.AddEdge(ends[0], ends[1])
	if err != nil {
		return fmt.Errorf("%s: %s[%d]: %w", src, edgesKey, i, err)
	}
	for k, v := range sortedAttrs(ed) {
		switch k {
		case "source", "target", "key":
			continue
		case "weight", "capacity":
			f, ok := v.(json.Number)
			if !ok {
				return &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d].%s is %v, not a number", edgesKey, i, k, v)}
			}
			x, err := f.Float64()
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d].%s: %v", edgesKey, i, k, err)}
			}
			if k == "weight" {
				b.SetWeight(e, x)
			} else {
				b.SetCapacity(e, x)
			}
		default:
			b.SetEdgeAttr(e, k, jsonValue(v))
		}
	}
	return nil
}

// jsonSyntaxError converts a JSON decoding error into a *SyntaxError with the
// line and column of the offending byte.
func jsonSyntaxError(src string, lr *lineReader, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	var we *jsonWhereError
	var pe *jsonPosError
	line, col := 0, 0
	if errors.As(err, &pe) && pe.off >= 0 {
		line, col = lr.lineCol(pe.off)
	}
	switch {
	case errors.As(err, &se):
		return &SyntaxError{Source: src, Line: line, Col: col, Msg: se.Error()}
	case errors.As(err, &te):
		where := te.Field
		if errors.As(err, &we) {
			where = strings.TrimSuffix(we.where+"."+te.Field, ".")
		}
		if where == "" {
			where = "document"
		}
		return &SyntaxError{Source: src, Line: line, Col: col, Msg: fmt.Sprintf("%s must be %s, not a JSON %s", where, jsonTypeName(te.Type.Kind().String()), te.Value)}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &SyntaxError{Source: src, Msg: "JSON ends early"}
	}
	return &SyntaxError{Source: src, Msg: err.Error()}
}

func jsonTypeName(kind string) string {
	switch kind {
	case "slice":
		return "an array"
	case "map", "struct":
		return "an object"
	case "ptr":
		return "a boolean"
	}
	return "a " + kind
}

// jsonNodeID turns a decoded JSON node ID into graphagent's string ID.
func jsonNodeID(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return strconv.FormatBool(x), nil
	}
	return "", fmt.Errorf("node ID must be a string or a number, found %s", jsonKind(v))
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// jsonValue converts json.Number values (recursively) to int64 when they are
// integers and float64 otherwise.
func jsonValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = jsonValue(x[i])
		}
		return x
	case map[string]any:
		for k := range x {
			x[k] = jsonValue(x[k])
		}
		return x
	}
	return v
}
