package retrieval

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/tools"
)

// toolIndexMagic starts a serialised ToolIndex; the digit is the format
// version.
const toolIndexMagic = "GATOOLINDEX1"

// ErrStaleSnapshot means a serialised tool index was built from other tool
// specs than the ones given (a tool was added, removed or reworded since).
var ErrStaleSnapshot = errors.New("tool index snapshot does not match the tools")

// entriesDigest is the SHA-256 of the entries the specs are indexed under,
// in order; a snapshot is valid only for specs with the same digest.
func entriesDigest(entries []toolEntry) [sha256.Size]byte {
	h := sha256.New()
	var n [4]byte
	for _, e := range entries {
		for _, f := range []string{e.tool, e.kind, e.text} {
			binary.LittleEndian.PutUint32(n[:], uint32(len(f)))
			h.Write(n[:])
			h.Write([]byte(f))
		}
	}
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}

// MarshalBinary serialises an index over the builtin encoder: the digest of
// the specs, the fitted encoder, and each entry's vector (sparse: the
// builtin encoder's vectors have a few hundred non-zero components out of
// DefaultDim). LoadToolIndex restores it without encoding anything. The
// bytes depend only on the specs, so a snapshot can be generated at build
// time and checked to be current. Other encoders cannot be serialised.
func (t *ToolIndex) MarshalBinary() ([]byte, error) {
	b, ok := t.enc.(*encoders.Builtin)
	if !ok {
		return nil, fmt.Errorf("tool index: only an index over the builtin encoder can be serialised, not %s", t.enc.Name())
	}
	if t.specs == nil {
		return nil, errors.New("tool index: built without specs; nothing to serialise")
	}
	encBytes, err := b.MarshalBinary()
	if err != nil {
		return nil, err
	}
	entries, _, _, err := collectEntries(t.specs)
	if err != nil {
		return nil, err
	}
	d := entriesDigest(entries)
	out := append([]byte(toolIndexMagic), d[:]...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(encBytes)))
	out = append(out, encBytes...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(t.entries)))
	for i := range t.entries {
		out = binary.LittleEndian.AppendUint32(out, uint32(t.entryPos[i]))
		v := t.vecs[i]
		out = binary.LittleEndian.AppendUint32(out, uint32(len(v.idx)))
		for j, c := range v.idx {
			out = binary.LittleEndian.AppendUint32(out, uint32(c))
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v.val[j]))
		}
	}
	return out, nil
}

// LoadToolIndex restores an index serialised by MarshalBinary for the same
// specs; it fails with ErrStaleSnapshot when the specs differ from the
// ones the snapshot was built from, and with encoders.ErrBadSnapshot when
// the data is damaged. The restored index answers exactly as the one
// NewToolIndex builds over encoders.NewBuiltin(nil).
func LoadToolIndex(data []byte, specs []tools.Spec, opts ...Options) (*ToolIndex, error) {
	fail := func(what string) error {
		return fmt.Errorf("tool index snapshot: %s: %w", what, encoders.ErrBadSnapshot)
	}
	head := len(toolIndexMagic) + sha256.Size + 4
	if len(data) < head || string(data[:len(toolIndexMagic)]) != toolIndexMagic {
		return nil, fail("not a tool index snapshot of this version")
	}
	entries, perTool, names, err := collectEntries(specs)
	if err != nil {
		return nil, err
	}
	if d := entriesDigest(entries); string(d[:]) != string(data[len(toolIndexMagic):len(toolIndexMagic)+sha256.Size]) {
		return nil, ErrStaleSnapshot
	}
	p := data[head-4:]
	encLen := int(binary.LittleEndian.Uint32(p))
	p = p[4:]
	if encLen > len(p) {
		return nil, fail("encoder truncated")
	}
	var enc encoders.Builtin
	if err := enc.UnmarshalBinary(p[:encLen]); err != nil {
		return nil, fmt.Errorf("tool index snapshot: %w", err)
	}
	p = p[encLen:]
	if len(p) < 4 {
		return nil, fail("entry count missing")
	}
	n := int(binary.LittleEndian.Uint32(p))
	p = p[4:]
	if n > len(entries) {
		return nil, fail(fmt.Sprintf("%d entries for %d texts", n, len(entries)))
	}
	dim := enc.Dim()
	positions := make([]int, n)
	vecs := make([]sparseVec, n)
	// One backing array for every entry's components.
	total := 0
	for q, k := p, 0; k < n && len(q) >= 8; k++ {
		nz := int(binary.LittleEndian.Uint32(q[4:]))
		if nz > dim || len(q) < 8+8*nz {
			break // reported below
		}
		total += nz
		q = q[8+8*nz:]
	}
	idxs, vals := make([]int32, 0, total), make([]float32, 0, total)
	last := -1
	for k := 0; k < n; k++ {
		if len(p) < 8 {
			return nil, fail("entry truncated")
		}
		pos, nz := int(binary.LittleEndian.Uint32(p)), int(binary.LittleEndian.Uint32(p[4:]))
		p = p[8:]
		if pos <= last || pos >= len(entries) || nz > dim || len(p) < 8*nz {
			return nil, fail(fmt.Sprintf("entry %d out of order or truncated", k))
		}
		last = pos
		from := len(idxs)
		sq, prev := 0.0, -1
		for j := 0; j < nz; j++ {
			idx := int(binary.LittleEndian.Uint32(p[8*j:]))
			x := math.Float32frombits(binary.LittleEndian.Uint32(p[8*j+4:]))
			if idx >= dim || math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || x == 0 {
				return nil, fail(fmt.Sprintf("entry %d: bad component", k))
			}
			if idx <= prev {
				return nil, fail(fmt.Sprintf("entry %d: component %d given twice or out of order", k, idx))
			}
			prev = idx
			idxs, vals = append(idxs, int32(idx)), append(vals, x)
			sq += float64(x) * float64(x)
		}
		p = p[8*nz:]
		if math.Abs(sq-1) > 1e-4 {
			return nil, fail(fmt.Sprintf("entry %d: not a unit vector (squared length %g)", k, sq))
		}
		positions[k] = pos
		vecs[k] = sparseVec{idx: idxs[from:len(idxs):len(idxs)], val: vals[from:len(vals):len(vals)]}
	}
	if len(p) != 0 {
		return nil, fail(fmt.Sprintf("%d bytes after the last entry", len(p)))
	}
	return assemble(&enc, specs, entries, positions, vecs, dim, perTool, names, opts)
}
