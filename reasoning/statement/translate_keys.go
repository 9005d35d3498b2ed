package statement

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed" // the prepared skeleton keys
	"errors"
	"fmt"
	"hash/crc32"
	"strconv"
	"strings"
)

//go:generate go run ../../internal/genstmtkeys -o translate_keys.bin

// builtinKeys are the skeleton keys of the shipped training prompts,
// prepared by go generate (BuiltinKeySnapshot) so that `graphagent run`
// does not read every prompt sentence's values at start-up (it was most of
// the ~0.2 s a translation took); TestBuiltinKeySnapshotCurrent fails when
// it is out of date. Read only.
//
//go:embed translate_keys.bin
var builtinKeys []byte

// errStaleKeys means the key snapshot was made from other prompts.
var errStaleKeys = errors.New("the skeleton key snapshot does not match the prompts (run go generate ./reasoning/statement)")

const keySnapshotHeader = "graphagent statement skeleton keys v1"

// inputsDigest is a digest of the examples' sentences, which a snapshot
// records to be matched against the prompts it is used with.
func inputsDigest(examples []Example) uint64 {
	var sum, n uint32
	var buf []byte
	for _, ex := range examples {
		buf = append(append(buf[:0], ex.Input...), 0)
		sum = crc32.Update(sum, castagnoli, buf)
		n += uint32(len(buf))
	}
	return uint64(n)<<32 | uint64(sum)
}

// castagnoli is the CRC-32C table (hardware-accelerated where it can be).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// BuiltinKeySnapshot computes the skeleton key of every shipped training
// prompt, in LoadPromptSets order, as the snapshot go generate embeds: a
// gzip of a header line (examples, keys, digest of the sentences), the
// distinct keys one a line, then each example's key number one a line.
func BuiltinKeySnapshot() ([]byte, error) {
	examples, err := builtinExamples()
	if err != nil {
		return nil, err
	}
	t := NewExampleTranslator(nil)
	num := map[string]int{}
	var keys []string
	ids := make([]int, len(examples))
	for i, ex := range examples {
		k := t.exampleKey(ex)
		n, ok := num[k]
		if !ok {
			n = len(keys)
			num[k] = n
			keys = append(keys, k)
		}
		ids[i] = n
	}
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	w := bufio.NewWriter(z)
	fmt.Fprintf(w, "%s %d %d %x\n", keySnapshotHeader, len(examples), len(keys), inputsDigest(examples))
	for _, k := range keys {
		w.WriteString(k)
		w.WriteByte('\n')
	}
	for _, n := range ids {
		w.WriteString(strconv.Itoa(n))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodeKeys reads a snapshot for examples: each example's key, or an
// error wrapping errStaleKeys when the snapshot was made from other
// sentences.
func decodeKeys(snapshot []byte, examples []Example) ([]string, error) {
	z, err := gzip.NewReader(bytes.NewReader(snapshot))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errStaleKeys, err)
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	if !sc.Scan() {
		return nil, fmt.Errorf("%w: empty", errStaleKeys)
	}
	var nex, nkeys int
	var digest uint64
	if _, err := fmt.Sscanf(strings.TrimPrefix(sc.Text(), keySnapshotHeader), " %d %d %x", &nex, &nkeys, &digest); err != nil ||
		!strings.HasPrefix(sc.Text(), keySnapshotHeader) {
		return nil, fmt.Errorf("%w: header %q", errStaleKeys, sc.Text())
	}
	if nex != len(examples) || digest != inputsDigest(examples) {
		return nil, fmt.Errorf("%w: made from %d sentences, given %d", errStaleKeys, nex, len(examples))
	}
	keys := make([]string, 0, nkeys)
	for len(keys) < nkeys && sc.Scan() {
		keys = append(keys, sc.Text())
	}
	out := make([]string, 0, nex)
	for len(out) < nex && sc.Scan() {
		n, err := strconv.Atoi(sc.Text())
		if err != nil || n < 0 || n >= len(keys) {
			return nil, fmt.Errorf("%w: bad key number %q", errStaleKeys, sc.Text())
		}
		out = append(out, keys[n])
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %w", errStaleKeys, err)
	}
	if len(keys) != nkeys || len(out) != nex {
		return nil, fmt.Errorf("%w: truncated", errStaleKeys)
	}
	return out, nil
}
