package encoders

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
)

// builtinMagic starts a serialised Builtin; the digit is the format version.
const builtinMagic = "GABUILTIN1"

// ErrBadSnapshot means serialised data (an encoder or an index) is
// truncated, of another format version, or inconsistent.
var ErrBadSnapshot = errors.New("bad snapshot")

// MarshalBinary encodes the encoder: its dimension, whether it cleans texts,
// and its fitted inverse document frequencies (sorted by feature, so the
// same fit always gives the same bytes). UnmarshalBinary restores an
// encoder that gives the same vectors without refitting, so that an index
// can be prepared at build time.
func (b *Builtin) MarshalBinary() ([]byte, error) {
	keys := make([]uint64, 0, len(b.idf))
	for h := range b.idf {
		keys = append(keys, h)
	}
	slices.Sort(keys)
	out := make([]byte, 0, len(builtinMagic)+4+1+1+4+8+4+4+12*len(keys))
	out = append(out, builtinMagic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(b.dim))
	out = append(out, boolByte(b.clean), boolByte(b.idf != nil))
	out = binary.LittleEndian.AppendUint32(out, uint32(b.docs))
	out = binary.LittleEndian.AppendUint64(out, b.print)
	out = binary.LittleEndian.AppendUint32(out, math.Float32bits(b.defIDF))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(keys)))
	for _, h := range keys {
		out = binary.LittleEndian.AppendUint64(out, h)
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(b.idf[h]))
	}
	return out, nil
}

// UnmarshalBinary restores an encoder written by MarshalBinary.
func (b *Builtin) UnmarshalBinary(data []byte) error {
	fail := func(what string) error {
		return fmt.Errorf("builtin encoder: %s: %w", what, ErrBadSnapshot)
	}
	const head = len(builtinMagic) + 4 + 1 + 1 + 4 + 8 + 4 + 4
	if len(data) < head || string(data[:len(builtinMagic)]) != builtinMagic {
		return fail("not a serialised builtin encoder of this version")
	}
	p := data[len(builtinMagic):]
	dim := int(binary.LittleEndian.Uint32(p))
	clean, fitted := p[4], p[5]
	docs := int(binary.LittleEndian.Uint32(p[6:]))
	print := binary.LittleEndian.Uint64(p[10:])
	defIDF := math.Float32frombits(binary.LittleEndian.Uint32(p[18:]))
	n := int(binary.LittleEndian.Uint32(p[22:]))
	p = p[26:]
	switch {
	case dim < 16 || dim > 1<<20:
		return fail(fmt.Sprintf("dimension %d", dim))
	case clean > 1 || fitted > 1:
		return fail("flag byte not 0 or 1")
	case len(p) != 12*n:
		return fail(fmt.Sprintf("%d bytes for %d IDF entries", len(p), n))
	case fitted == 0 && n > 0:
		return fail("IDF entries in an unfitted encoder")
	}
	var idf map[uint64]float32
	if fitted == 1 {
		idf = make(map[uint64]float32, n)
		for i := 0; i < n; i++ {
			w := math.Float32frombits(binary.LittleEndian.Uint32(p[12*i+8:]))
			if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
				return fail("non-finite IDF")
			}
			idf[binary.LittleEndian.Uint64(p[12*i:])] = w
		}
	}
	*b = Builtin{dim: dim, clean: clean == 1, idf: idf, defIDF: defIDF, docs: docs, print: print}
	return nil
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
