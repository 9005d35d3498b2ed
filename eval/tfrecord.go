package eval

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
)

// TFRecord framing (what tf.io.TFRecordWriter writes): each record is
//
//	uint64 length, uint32 masked CRC-32C of the length, data, uint32 masked CRC-32C of the data
//
// all little-endian. readTFRecords splits a file into its records and checks
// every checksum; an error names the record (1-based) and its byte offset.

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// maskedCRC is TFRecord's masked CRC-32C.
func maskedCRC(b []byte) uint32 {
	c := crc32.Checksum(b, castagnoli)
	return ((c >> 15) | (c << 17)) + 0xa282ead8
}

// maxTFRecord bounds one record (a GraphQA example is a few kilobytes).
const maxTFRecord = 64 << 20

// tfRecordError locates a framing error.
type tfRecordError struct {
	Record int
	Offset int
	Msg    string
}

func (e *tfRecordError) Error() string {
	return fmt.Sprintf("record %d (byte %d): %s", e.Record, e.Offset, e.Msg)
}

// readTFRecords calls f with each record's number (1-based) and data.
func readTFRecords(raw []byte, f func(n int, data []byte) error) error {
	off, n := 0, 0
	for off < len(raw) {
		n++
		if len(raw)-off < 12 {
			return &tfRecordError{n, off, fmt.Sprintf("truncated header (%d of 12 bytes)", len(raw)-off)}
		}
		head := raw[off : off+8]
		if binary.LittleEndian.Uint32(raw[off+8:]) != maskedCRC(head) {
			return &tfRecordError{n, off, "length checksum mismatch (not a TFRecord file, or corrupt)"}
		}
		size := binary.LittleEndian.Uint64(head)
		if size > maxTFRecord {
			return &tfRecordError{n, off, fmt.Sprintf("record of %d bytes exceeds %d", size, maxTFRecord)}
		}
		start := off + 12
		if uint64(len(raw)-start) < size+4 {
			return &tfRecordError{n, off, fmt.Sprintf("truncated: %d bytes announced, %d left", size+4, len(raw)-start)}
		}
		data := raw[start : start+int(size)]
		if binary.LittleEndian.Uint32(raw[start+int(size):]) != maskedCRC(data) {
			return &tfRecordError{n, off, "data checksum mismatch"}
		}
		if err := f(n, data); err != nil {
			return &tfRecordError{n, off, err.Error()}
		}
		off = start + int(size) + 4
	}
	return nil
}

// tfFeature is one tf.train.Feature: a bytes, float or int64 list.
type tfFeature struct {
	Kind   byte // 'b', 'f', 'i'
	Bytes  [][]byte
	Floats []float32
	Ints   []int64
}

// tfExample is a decoded tf.train.Example: its features by name.
type tfExample map[string]*tfFeature

// str returns a bytes feature's single value as text.
func (e tfExample) str(name string) (string, error) {
	f, ok := e[name]
	if !ok {
		return "", fmt.Errorf("no %q feature", name)
	}
	if f.Kind != 'b' || len(f.Bytes) != 1 {
		return "", fmt.Errorf("feature %q is not one bytes value", name)
	}
	return string(f.Bytes[0]), nil
}

// ints returns an int64 feature's values (nil, false when absent).
func (e tfExample) ints(name string) ([]int64, bool, error) {
	f, ok := e[name]
	if !ok {
		return nil, false, nil
	}
	if f.Kind != 'i' && !(f.Kind == 0 && len(f.Ints) == 0) {
		return nil, true, fmt.Errorf("feature %q is not an int64 list", name)
	}
	return f.Ints, true, nil
}

var errProto = errors.New("malformed protocol buffer")

// protoReader walks protocol-buffer wire format.
type protoReader struct {
	b   []byte
	off int
}

func (r *protoReader) varint() (uint64, error) {
	var x uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if r.off >= len(r.b) {
			return 0, errProto
		}
		c := r.b[r.off]
		r.off++
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x, nil
		}
	}
	return 0, errProto
}

// next reads a field's key; wire is its wire type.
func (r *protoReader) next() (field int, wire int, err error) {
	k, err := r.varint()
	if err != nil {
		return 0, 0, err
	}
	if k>>3 == 0 || k>>3 > math.MaxInt32 {
		return 0, 0, errProto
	}
	return int(k >> 3), int(k & 7), nil
}

// bytes reads a length-delimited value.
func (r *protoReader) bytes() ([]byte, error) {
	n, err := r.varint()
	if err != nil {
		return nil, err
	}
	if n > uint64(len(r.b)-r.off) {
		return nil, errProto
	}
	v := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	return v, nil
}

// skip skips a value of the given wire type.
func (r *protoReader) skip(wire int) error {
	switch wire {
	case 0:
		_, err := r.varint()
		return err
	case 1:
		if len(r.b)-r.off < 8 {
			return errProto
		}
		r.off += 8
	case 2:
		_, err := r.bytes()
		return err
	case 5:
		if len(r.b)-r.off < 4 {
			return errProto
		}
		r.off += 4
	default:
		return errProto
	}
	return nil
}

// decodeTFExample decodes a serialized tf.train.Example (Example.features =
// 1; Features.feature = 1, a map entry of key = 1 and value = 2; Feature's
// bytes_list = 1, float_list = 2, int64_list = 3, each with value = 1).
func decodeTFExample(b []byte) (tfExample, error) {
	ex := tfExample{}
	r := &protoReader{b: b}
	for r.off < len(b) {
		f, w, err := r.next()
		if err != nil {
			return nil, err
		}
		if f != 1 || w != 2 {
			if err := r.skip(w); err != nil {
				return nil, err
			}
			continue
		}
		feats, err := r.bytes()
		if err != nil {
			return nil, err
		}
		fr := &protoReader{b: feats}
		for fr.off < len(feats) {
			f, w, err := fr.next()
			if err != nil {
				return nil, err
			}
			if f != 1 || w != 2 {
				if err := fr.skip(w); err != nil {
					return nil, err
				}
				continue
			}
			entry, err := fr.bytes()
			if err != nil {
				return nil, err
			}
			key, feat, err := decodeFeatureEntry(entry)
			if err != nil {
				return nil, err
			}
			if _, dup := ex[key]; dup {
				return nil, fmt.Errorf("feature %q given twice", key)
			}
			ex[key] = feat
		}
	}
	return ex, nil
}

func decodeFeatureEntry(b []byte) (string, *tfFeature, error) {
	r := &protoReader{b: b}
	var key string
	feat := &tfFeature{}
	for r.off < len(b) {
		f, w, err := r.next()
		if err != nil {
			return "", nil, err
		}
		switch {
		case f == 1 && w == 2:
			k, err := r.bytes()
			if err != nil {
				return "", nil, err
			}
			key = string(k)
		case f == 2 && w == 2:
			v, err := r.bytes()
			if err != nil {
				return "", nil, err
			}
			if err := decodeFeature(v, feat); err != nil {
				return "", nil, err
			}
		default:
			if err := r.skip(w); err != nil {
				return "", nil, err
			}
		}
	}
	return key, feat, nil
}

func decodeFeature(b []byte, feat *tfFeature) error {
	r := &protoReader{b: b}
	for r.off < len(b) {
		f, w, err := r.next()
		if err != nil {
			return err
		}
		if w != 2 || f < 1 || f > 3 {
			if err := r.skip(w); err != nil {
				return err
			}
			continue
		}
		list, err := r.bytes()
		if err != nil {
			return err
		}
		feat.Kind = "bfi"[f-1]
		lr := &protoReader{b: list}
		for lr.off < len(list) {
			lf, lw, err := lr.next()
			if err != nil {
				return err
			}
			if lf != 1 {
				if err := lr.skip(lw); err != nil {
					return err
				}
				continue
			}
			switch {
			case f == 1 && lw == 2:
				v, err := lr.bytes()
				if err != nil {
					return err
				}
				feat.Bytes = append(feat.Bytes, v)
			case f == 2 && lw == 2: // packed floats
				v, err := lr.bytes()
				if err != nil || len(v)%4 != 0 {
					return errProto
				}
				for i := 0; i < len(v); i += 4 {
					feat.Floats = append(feat.Floats, math.Float32frombits(binary.LittleEndian.Uint32(v[i:])))
				}
			case f == 2 && lw == 5:
				if len(list)-lr.off < 4 {
					return errProto
				}
				feat.Floats = append(feat.Floats, math.Float32frombits(binary.LittleEndian.Uint32(list[lr.off:])))
				lr.off += 4
			case f == 3 && lw == 2: // packed varints
				v, err := lr.bytes()
				if err != nil {
					return err
				}
				pr := &protoReader{b: v}
				for pr.off < len(v) {
					x, err := pr.varint()
					if err != nil {
						return err
					}
					feat.Ints = append(feat.Ints, int64(x))
				}
			case f == 3 && lw == 0:
				x, err := lr.varint()
				if err != nil {
					return err
				}
				feat.Ints = append(feat.Ints, int64(x))
			default:
				return errProto
			}
		}
	}
	return nil
}
