package graph

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
)

// The binary form of a graph, for stores outside the process (a server's
// sessions in Redis). It keeps everything a Graph holds, in its order, so
// that the decoded graph answers every question as the encoded one:
//
//	"GAG1" flags:byte name
//	n:uvarint id*n          (ids in index order)
//	m:uvarint (src dst)*m   (uvarints, edges in insertion order)
//	weight:float64*m        (little-endian, when flags has weighted)
//	capacity:float64*m      (when flags has capacities)
//	k:uvarint (node:uvarint attrs)*k
//	k:uvarint (edge:uvarint attrs)*k
//
// A string is uvarint length and bytes; attrs are uvarint count and
// (key value) pairs; a value is a tag byte and its data: nil, false, true,
// int64 (varint), int (varint), float64, string, []any, map[string]any
// (keys sorted), []float64. A value of another type is kept as its %v text.
const binaryMagic = "GAG1"

const (
	flagDirected = 1 << iota
	flagWeighted
	flagCapacities
)

const (
	tagNil = iota
	tagFalse
	tagTrue
	tagInt64
	tagInt
	tagFloat
	tagString
	tagList
	tagMap
	tagFloats
)

// maxAttrDepth bounds the nesting of attribute values a decoder follows.
const maxAttrDepth = 32

// AppendBinary appends g's binary form to b.
func AppendBinary(b []byte, g *Graph) []byte {
	var flags byte
	if g.directed {
		flags |= flagDirected
	}
	if g.Weighted() {
		flags |= flagWeighted
	}
	if g.capacity != nil {
		flags |= flagCapacities
	}
	b = append(b, binaryMagic...)
	b = append(b, flags)
	b = appendString(b, g.name)
	b = binary.AppendUvarint(b, uint64(len(g.ids)))
	for _, id := range g.ids {
		b = appendString(b, id)
	}
	b = binary.AppendUvarint(b, uint64(len(g.src)))
	for e := range g.src {
		b = binary.AppendUvarint(b, uint64(g.src[e]))
		b = binary.AppendUvarint(b, uint64(g.dst[e]))
	}
	if g.Weighted() {
		for e := range g.src {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(g.Weight(int32(e))))
		}
	}
	for _, c := range g.capacity {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(c))
	}
	b = appendAttrTable(b, g.nodeAttrs)
	return appendAttrTable(b, g.edgeAttrs)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendAttrTable(b []byte, t map[int32]map[string]any) []byte {
	keys := make([]int32, 0, len(t))
	for k, m := range t {
		if len(m) > 0 {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		b = binary.AppendUvarint(b, uint64(k))
		b = appendAttrs(b, t[k])
	}
	return b
}

func appendAttrs(b []byte, m map[string]any) []byte {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		b = appendString(b, k)
		b = appendValue(b, m[k])
	}
	return b
}

func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, tagNil)
	case bool:
		if x {
			return append(b, tagTrue)
		}
		return append(b, tagFalse)
	case int64:
		return binary.AppendVarint(append(b, tagInt64), x)
	case int:
		return binary.AppendVarint(append(b, tagInt), int64(x))
	case int32:
		return binary.AppendVarint(append(b, tagInt), int64(x))
	case float64:
		return binary.LittleEndian.AppendUint64(append(b, tagFloat), math.Float64bits(x))
	case float32:
		return binary.LittleEndian.AppendUint64(append(b, tagFloat), math.Float64bits(float64(x)))
	case string:
		return appendString(append(b, tagString), x)
	case []any:
		b = binary.AppendUvarint(append(b, tagList), uint64(len(x)))
		for _, e := range x {
			b = appendValue(b, e)
		}
		return b
	case map[string]any:
		return appendAttrs(append(b, tagMap), x)
	case []float64:
		b = binary.AppendUvarint(append(b, tagFloats), uint64(len(x)))
		for _, f := range x {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
		}
		return b
	}
	return appendString(append(b, tagString), fmt.Sprintf("%v", v))
}

// ErrCorrupt is wrapped by DecodeBinary's errors about data that is not a
// graph's binary form.
var ErrCorrupt = errors.New("not a graph's binary form")

// DecodeBinary decodes a graph written by AppendBinary, within the limits
// (zero fields: none). Data that is not such a graph gives an error
// wrapping ErrCorrupt that says at which byte; a graph past the limits one
// wrapping ErrTooLarge.
func DecodeBinary(data []byte, l Limits) (*Graph, error) {
	d := &decoder{data: data}
	g, err := d.graph(l)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			return nil, fmt.Errorf("graph binary form: %w", err)
		}
		return nil, fmt.Errorf("graph binary form, byte %d: %w: %w", d.pos, err, ErrCorrupt)
	}
	return g, nil
}

type decoder struct {
	data []byte
	pos  int
}

var errShort = errors.New("the data ends early")

func (d *decoder) byte() (byte, error) {
	if d.pos >= len(d.data) {
		return 0, errShort
	}
	d.pos++
	return d.data[d.pos-1], nil
}

func (d *decoder) uvarint() (uint64, error) {
	v, n := binary.Uvarint(d.data[d.pos:])
	if n <= 0 {
		if n == 0 {
			return 0, errShort
		}
		return 0, errors.New("a number overflows 64 bits")
	}
	d.pos += n
	return v, nil
}

func (d *decoder) varint() (int64, error) {
	v, n := binary.Varint(d.data[d.pos:])
	if n <= 0 {
		if n == 0 {
			return 0, errShort
		}
		return 0, errors.New("a number overflows 64 bits")
	}
	d.pos += n
	return v, nil
}

// count reads a count of items of at least size bytes each, refusing one
// the rest of the data cannot hold (so that no bogus count allocates).
func (d *decoder) count(size int) (int, error) {
	v, err := d.uvarint()
	if err != nil {
		return 0, err
	}
	if v > uint64(len(d.data)-d.pos)/uint64(size) {
		return 0, fmt.Errorf("a count of %d does not fit in the %d bytes left", v, len(d.data)-d.pos)
	}
	return int(v), nil
}

func (d *decoder) float() (float64, error) {
	if len(d.data)-d.pos < 8 {
		return 0, errShort
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.data[d.pos:]))
	d.pos += 8
	return v, nil
}

func (d *decoder) string() (string, error) {
	n, err := d.count(1)
	if err != nil {
		return "", err
	}
	s := string(d.data[d.pos : d.pos+n])
	d.pos += n
	return s, nil
}

func (d *decoder) index(limit int, what string) (int32, error) {
	v, err := d.uvarint()
	if err != nil {
		return 0, err
	}
	if v >= uint64(limit) {
		return 0, fmt.Errorf("%s %d out of range [0, %d)", what, v, limit)
	}
	return int32(v), nil
}

func (d *decoder) graph(l Limits) (*Graph, error) {
	if len(d.data) < len(binaryMagic) || string(d.data[:len(binaryMagic)]) != binaryMagic {
		return nil, fmt.Errorf("it does not start with %q", binaryMagic)
	}
	d.pos = len(binaryMagic)
	flags, err := d.byte()
	if err != nil {
		return nil, err
	}
	if flags&^(flagDirected|flagWeighted|flagCapacities) != 0 {
		return nil, fmt.Errorf("unknown flags %#x", flags)
	}
	name, err := d.string()
	if err != nil {
		return nil, err
	}
	n, err := d.count(1)
	if err != nil {
		return nil, err
	}
	if l.MaxNodes > 0 && n > l.MaxNodes {
		return nil, fmt.Errorf("%d nodes, more than %d: %w", n, l.MaxNodes, ErrTooLarge)
	}
	b := NewBuilder(flags&flagDirected != 0)
	b.Grow(n, 0)
	for i := range n {
		id, err := d.string()
		if err != nil {
			return nil, err
		}
		j, err := b.AddNode(id)
		if err != nil {
			return nil, fmt.Errorf("node %d: %w", i, err)
		}
		if int(j) != i {
			return nil, fmt.Errorf("node %d repeats the ID %q of node %d", i, id, j)
		}
	}
	m, err := d.count(2)
	if err != nil {
		return nil, err
	}
	if l.MaxEdges > 0 && m > l.MaxEdges {
		return nil, fmt.Errorf("%d edges, more than %d: %w", m, l.MaxEdges, ErrTooLarge)
	}
	b.Grow(0, m)
	for e := range m {
		u, err := d.index(n, "edge end")
		if err != nil {
			return nil, err
		}
		v, err := d.index(n, "edge end")
		if err != nil {
			return nil, err
		}
		k, err := b.AddEdgeIdx(u, v)
		if err != nil {
			return nil, err
		}
		if int(k) != e {
			return nil, fmt.Errorf("edge %d repeats edge %d", e, k)
		}
	}
	if flags&flagWeighted != 0 {
		for e := range m {
			w, err := d.float()
			if err != nil {
				return nil, err
			}
			b.SetWeight(int32(e), w)
		}
		if m == 0 {
			b.weight = []float64{}
		}
	}
	if flags&flagCapacities != 0 {
		for e := range m {
			c, err := d.float()
			if err != nil {
				return nil, err
			}
			b.SetCapacity(int32(e), c)
		}
		if m == 0 {
			b.capacity = []float64{}
		}
	}
	nodeAttrs, err := d.attrTable(n, "node")
	if err != nil {
		return nil, err
	}
	edgeAttrs, err := d.attrTable(m, "edge")
	if err != nil {
		return nil, err
	}
	if d.pos != len(d.data) {
		return nil, fmt.Errorf("%d bytes after the graph", len(d.data)-d.pos)
	}
	b.nodeAttrs, b.edgeAttrs = nodeAttrs, edgeAttrs
	g := b.Build()
	g.name = name
	return g, nil
}

func (d *decoder) attrTable(limit int, what string) (map[int32]map[string]any, error) {
	k, err := d.count(2)
	if err != nil || k == 0 {
		return nil, err
	}
	t := make(map[int32]map[string]any, k)
	for range k {
		i, err := d.index(limit, what)
		if err != nil {
			return nil, err
		}
		if _, dup := t[i]; dup {
			return nil, fmt.Errorf("the attributes of %s %d repeat", what, i)
		}
		m, err := d.attrs(0)
		if err != nil {
			return nil, err
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s %d has an empty attribute list", what, i)
		}
		t[i] = m
	}
	return t, nil
}

func (d *decoder) attrs(depth int) (map[string]any, error) {
	k, err := d.count(2)
	if err != nil {
		return nil, err
	}
	m := make(map[string]any, k)
	for range k {
		key, err := d.string()
		if err != nil {
			return nil, err
		}
		if _, dup := m[key]; dup {
			return nil, fmt.Errorf("attribute %q repeats", key)
		}
		if m[key], err = d.value(depth); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (d *decoder) value(depth int) (any, error) {
	if depth > maxAttrDepth {
		return nil, fmt.Errorf("attribute values nest deeper than %d", maxAttrDepth)
	}
	tag, err := d.byte()
	if err != nil {
		return nil, err
	}
	switch tag {
	case tagNil:
		return nil, nil
	case tagFalse:
		return false, nil
	case tagTrue:
		return true, nil
	case tagInt64:
		return d.varint()
	case tagInt:
		v, err := d.varint()
		return int(v), err
	case tagFloat:
		return d.float()
	case tagString:
		return d.string()
	case tagList:
		k, err := d.count(1)
		if err != nil {
			return nil, err
		}
		l := make([]any, k)
		for i := range l {
			if l[i], err = d.value(depth + 1); err != nil {
				return nil, err
			}
		}
		return l, nil
	case tagMap:
		return d.attrs(depth + 1)
	case tagFloats:
		k, err := d.count(8)
		if err != nil {
			return nil, err
		}
		l := make([]float64, k)
		for i := range l {
			l[i], _ = d.float()
		}
		return l, nil
	}
	return nil, fmt.Errorf("unknown value tag %d", tag)
}
