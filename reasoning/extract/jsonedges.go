package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// JSONEdgeList reads a graph written as a JSON array of edge records, the
// way people paste edges into a chat or export them from a table:
// [{"source": "A", "target": "B", "weight": 3}, {"from": "B", "to": "C"}].
// A record names its two ends with one of the key pairs of edgeEndKeys
// and may carry one number under a key of edgeValueKeys, whose name says
// what it means (weight, cost, distance, capacity). Every element must be
// such a record, or the array is not read (it is some other JSON).
type JSONEdgeList struct{}

// Name names the notation.
func (JSONEdgeList) Name() string { return "JSON edge records" }

// edgeEndKeys are the key pairs that name an edge's two ends.
var edgeEndKeys = [][2]string{
	{"source", "target"}, {"from", "to"}, {"src", "dst"}, {"u", "v"}, {"node1", "node2"},
	{"start", "end"}, {"head", "tail"}, {"a", "b"}, {"origin", "destination"},
}

// edgeValueKeys are the keys of an edge's number and what it means.
var edgeValueKeys = []struct {
	key     string
	meaning Meaning
}{
	{"weight", MeaningWeight}, {"w", MeaningWeight}, {"value", MeaningWeight},
	{"cost", MeaningCost}, {"price", MeaningCost},
	{"distance", MeaningDistance}, {"length", MeaningDistance}, {"km", MeaningDistance}, {"miles", MeaningDistance},
	{"time", MeaningDistance}, {"duration", MeaningDistance}, {"hours", MeaningDistance}, {"minutes", MeaningDistance},
	{"capacity", MeaningCapacity}, {"cap", MeaningCapacity},
}

// edgeRecord reads one edge record: its ends, and its number with what the
// number means (ok is false when m is not an edge record).
func edgeRecord(m map[string]any) (u, v string, val float64, meaning Meaning, hasVal, ok bool) {
	low := make(map[string]any, len(m))
	for k, x := range m {
		low[strings.ToLower(k)] = x
	}
	for _, p := range edgeEndKeys {
		a, okA := jsonID(low[p[0]])
		b, okB := jsonID(low[p[1]])
		if okA && okB {
			u, v, ok = a, b, true
			break
		}
	}
	if !ok {
		return "", "", 0, "", false, false
	}
	for _, vk := range edgeValueKeys {
		x, present := low[vk.key]
		if !present {
			continue
		}
		num, isNum := x.(json.Number)
		if !isNum {
			return "", "", 0, "", false, false // "weight": "heavy" is not an edge value
		}
		f, err := num.Float64()
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "", "", 0, "", false, false
		}
		return u, v, f, vk.meaning, true, true
	}
	return u, v, 0, "", false, true
}

// Read implements Reader.
func (JSONEdgeList) Read(ctx context.Context, d *Doc) (Reading, error) {
	text := d.Text
	var out Reading
	for off := 0; off < len(text); {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		k := strings.IndexByte(text[off:], '[')
		if k < 0 {
			break
		}
		s := off + k
		if !strings.HasPrefix(strings.TrimLeft(text[s+1:], " \t\r\n"), "{") {
			off = s + 1
			continue
		}
		e, err := jsonObjectEnd(text, s)
		if err != nil {
			off = s + 1 // not JSON after all; another reader may know it
			continue
		}
		r, ok := jsonEdgeRecords(d, s, e)
		if !ok {
			off = s + 1
			continue
		}
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "JSON edge records")
		}
		off = e
	}
	return out, nil
}

// jsonEdgeRecords reads text[s:e] as an array of edge records; ok is false
// when it is not one.
func jsonEdgeRecords(d *Doc, s, e int) (Reading, bool) {
	var items []map[string]any
	if err := jsonDecode(d.Text[s:e], &items); err != nil || len(items) == 0 {
		return Reading{}, false
	}
	r := Reading{Reader: JSONEdgeList{}.Name(), Directed: statedDirection(d.Lower), Confidence: 0.95}
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
		}
	}
	valued := 0
	for _, it := range items {
		u, v, val, meaning, hasVal, ok := edgeRecord(it)
		if !ok {
			return Reading{}, false
		}
		add(u)
		add(v)
		ed := Edge{U: u, V: v, Start: s, End: e}
		if hasVal {
			ed.Value, ed.HasValue = val, true
			valued++
			switch {
			case r.EdgeValue == "":
				r.EdgeValue = meaning
			case r.EdgeValue != meaning:
				ed.Meaning = meaning
			}
		}
		r.Edges = append(r.Edges, ed)
	}
	if valued > 0 && valued < len(r.Edges) {
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d edges have a number", valued, len(r.Edges)))
		r.Confidence = 0.6
	}
	r.Spans = []Span{{Start: s, End: e, Role: RoleGraph}}
	return r, true
}

// jsonOtherEdgeKeys reports whether the edge objects of a JSON graph name
// their ends with other keys than node-link's "source" and "target"
// ("from"/"to", "u"/"v"): they are read as edge records.
func jsonOtherEdgeKeys(items []json.RawMessage) bool {
	for _, it := range items {
		var m map[string]json.RawMessage
		if json.Unmarshal(it, &m) != nil {
			return false
		}
		if _, ok := m["source"]; !ok {
			return true
		}
	}
	return false
}

// edgeEndKeyList names the key pairs of edgeEndKeys, for error messages.
func edgeEndKeyList() string {
	ks := make([]string, len(edgeEndKeys))
	for i, p := range edgeEndKeys {
		ks[i] = p[0] + "/" + p[1]
	}
	return strings.Join(ks, ", ")
}
