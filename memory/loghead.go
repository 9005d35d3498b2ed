package memory

import (
	"bytes"
	"encoding/json"
	"time"
	"unicode/utf8"
)

// decodeHead decodes the head of a log line (its members before the
// vector, closed by '}') as json.Unmarshal would, when it has exactly the
// shape the log writes for an example: the members in logEntry's and
// Example's order, no white space, no null. It reports false for any other
// head (a sample, reordered or unknown members, anything it does not
// read), which the caller then decodes with json.Unmarshal. Replaying the
// seeded log went through the JSON decoder's reflection for every
// example; this reads the fields directly (a string with an escape or
// non-UTF-8 bytes, and the raw args and value, are still checked by the
// JSON package). TestDecodeEntry and FuzzDecodeEntry compare the two.
func decodeHead(b []byte, e *logEntry) bool {
	p := headReader{b: b}
	var ex Example
	var d logEntry
	ok := p.lit(`{"op":`) && p.str(&d.Op) && p.lit(`,"coll":`) && p.str(&d.Coll) && p.lit(`,"key":`) && p.str(&d.Key) &&
		p.lit(`,"example":{"id":`) && p.str(&ex.ID) && p.lit(`,"question":`) && p.str(&ex.Question) &&
		p.optStr(`,"graph_summary":`, &ex.GraphSummary) && p.optStr(`,"tool":`, &ex.Tool) && p.optRaw(`,"args":`, &ex.Args) &&
		p.optStr(`,"answer":`, &ex.Answer) && p.optRaw(`,"value":`, &ex.Value) && p.optStr(`,"source":`, &ex.Source) &&
		p.lit(`,"verified":`) && p.boolean(&ex.Verified) && p.lit(`,"created_at":`) && p.time(&ex.CreatedAt) && p.lit(`}`) &&
		p.optStr(`,"enc":`, &d.Enc) && p.lit(`}`) && p.i == len(b)
	if !ok {
		return false
	}
	d.Example = &ex
	*e = d
	return true
}

// headReader reads a head from its start.
type headReader struct {
	b []byte
	i int
}

// lit reads the bytes s.
func (p *headReader) lit(s string) bool {
	if !bytes.HasPrefix(p.b[p.i:], []byte(s)) {
		return false
	}
	p.i += len(s)
	return true
}

// quoted reads a JSON string, its quotes included; plain is set when it
// has no escape and is valid UTF-8 (its bytes between the quotes are then
// its value).
func (p *headReader) quoted() (raw []byte, plain, ok bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return nil, false, false
	}
	plain = true
	for j := p.i + 1; j < len(p.b); j++ {
		switch c := p.b[j]; {
		case c == '\\':
			plain = false
			j++
		case c < 0x20:
			return nil, false, false
		case c == '"':
			raw = p.b[p.i : j+1]
			p.i = j + 1
			if plain && !utf8.Valid(raw[1:len(raw)-1]) {
				plain = false
			}
			return raw, plain, true
		}
	}
	return nil, false, false
}

// str reads a JSON string into s.
func (p *headReader) str(s *string) bool {
	raw, plain, ok := p.quoted()
	if !ok {
		return false
	}
	if plain {
		*s = string(raw[1 : len(raw)-1])
		return true
	}
	return json.Unmarshal(raw, s) == nil
}

// optStr reads the member named by key (`,"name":`) into s when it is
// next.
func (p *headReader) optStr(key string, s *string) bool {
	if !bytes.HasPrefix(p.b[p.i:], []byte(key)) {
		return true
	}
	p.i += len(key)
	return p.str(s)
}

// optRaw reads the member named by key into raw when it is next: a JSON
// object, array, string or number (null is left to the JSON package).
func (p *headReader) optRaw(key string, raw *json.RawMessage) bool {
	if !bytes.HasPrefix(p.b[p.i:], []byte(key)) {
		return true
	}
	p.i += len(key)
	start := p.i
	depth := 0
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			if _, _, ok := p.quoted(); !ok {
				return false
			}
			if depth == 0 {
				return p.rawEnd(start, raw)
			}
			continue
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return p.rawEnd(start, raw)
			}
			depth--
			if depth == 0 {
				p.i++
				return p.rawEnd(start, raw)
			}
		case c == ',' && depth == 0:
			return p.rawEnd(start, raw)
		}
		p.i++
	}
	return false
}

// rawEnd keeps the value read from start as raw when it is valid JSON and
// not null.
func (p *headReader) rawEnd(start int, raw *json.RawMessage) bool {
	v := p.b[start:p.i]
	if len(v) == 0 || v[0] == 'n' || !json.Valid(v) {
		return false
	}
	*raw = append(json.RawMessage(nil), v...)
	return true
}

// boolean reads true or false.
func (p *headReader) boolean(v *bool) bool {
	switch {
	case p.lit("true"):
		*v = true
	case p.lit("false"):
		*v = false
	default:
		return false
	}
	return true
}

// time reads a time as a JSON string, as time.Time's UnmarshalJSON does.
func (p *headReader) time(t *time.Time) bool {
	raw, _, ok := p.quoted()
	return ok && t.UnmarshalJSON(raw) == nil
}
