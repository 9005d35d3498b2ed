package seed

import (
	"context"
	"crypto/sha256"
	_ "embed" // the prepared seed set
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
)

//go:generate go run ../../internal/genseed -o seedset.bin

// snapshotMagic starts a serialised seed set; the digit is the format
// version.
const snapshotMagic = "GASEEDSET1"

// seedSnapshot is the seed set of tools.Catalogue() with the default
// options and the builtin encoder fitted on its questions, prepared by go
// generate so that no process runs every tool and fits the encoder each
// time it opens memory; TestSnapshotCurrent fails when it is out of date.
// Read only.
//
//go:embed seedset.bin
var seedSnapshot []byte

// errStaleSnapshot means the snapshot was made for another registry or
// other options: the set is generated instead.
var errStaleSnapshot = errors.New("seed snapshot made for other tools or options")

// Snapshot serialises the seed set of reg with opts and the builtin
// encoder fitted on its questions (memory.DefaultEmbedder): the digest of
// what the set depends on (the tools' specs, Phrasings, the seed and the
// attempts), the encoder, then the examples as JSON. The bytes depend only
// on reg's tools and opts, so the snapshot is made at build time (go
// generate ./memory/seed) and checked to be current by a test.
func Snapshot(ctx context.Context, reg *tools.Registry, opts Options) ([]byte, error) {
	set, err := Generate(ctx, reg, opts)
	if err != nil {
		return nil, err
	}
	if len(set.Unsolved) > 0 {
		// A tool that timed out on a busy machine would leave a hole in
		// the set every process would then use.
		for name, err := range set.Unsolved {
			return nil, fmt.Errorf("seed snapshot: %s not solved in every phrasing: %w", name, err)
		}
	}
	digest, err := snapshotDigest(reg, opts)
	if err != nil {
		return nil, err
	}
	enc, err := memory.DefaultEmbedder(set.Questions()).(*encoders.Builtin).MarshalBinary()
	if err != nil {
		return nil, err
	}
	exs, err := json.Marshal(set.Examples)
	if err != nil {
		return nil, fmt.Errorf("seed snapshot: %w", err)
	}
	out := make([]byte, 0, len(snapshotMagic)+sha256.Size+4+len(enc)+len(exs))
	out = append(out, snapshotMagic...)
	out = append(out, digest[:]...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(enc)))
	out = append(out, enc...)
	return append(out, exs...), nil
}

// snapshotDigest hashes what a seed set depends on besides the tools'
// code: their specs (names, descriptions, parameters, example questions),
// Phrasings and the options that change the set.
func snapshotDigest(reg *tools.Registry, opts Options) ([sha256.Size]byte, error) {
	opts = withDefaults(opts)
	specs, err := json.Marshal(reg.Specs())
	if err != nil {
		return [sha256.Size]byte{}, fmt.Errorf("seed snapshot: %w", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "phrasings %d seed %d attempts %d\n", Phrasings, opts.Seed, opts.Attempts)
	h.Write(specs)
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d, nil
}

// prepared is a decoded snapshot: the fitted encoder now, the examples
// (JSON) decoded only when a store needs seeding.
type prepared struct {
	encoder  *encoders.Builtin
	examples []byte
}

// loadSnapshot decodes data when it was made for reg and opts; the error
// wraps errStaleSnapshot when it was made for others, and
// encoders.ErrBadSnapshot when it is damaged.
func loadSnapshot(data []byte, reg *tools.Registry, opts Options) (prepared, error) {
	fail := func(what string) error {
		return fmt.Errorf("seed snapshot: %s: %w", what, encoders.ErrBadSnapshot)
	}
	head := len(snapshotMagic) + sha256.Size + 4
	if len(data) < head || string(data[:len(snapshotMagic)]) != snapshotMagic {
		return prepared{}, fail("not a seed snapshot of this version")
	}
	want, err := snapshotDigest(reg, opts)
	if err != nil {
		return prepared{}, err
	}
	if string(want[:]) != string(data[len(snapshotMagic):len(snapshotMagic)+sha256.Size]) {
		return prepared{}, errStaleSnapshot
	}
	p := data[head:]
	n := int(binary.LittleEndian.Uint32(data[head-4:]))
	if n > len(p) {
		return prepared{}, fail("encoder truncated")
	}
	var enc encoders.Builtin
	if err := enc.UnmarshalBinary(p[:n]); err != nil {
		return prepared{}, fmt.Errorf("seed snapshot: %w", err)
	}
	return prepared{encoder: &enc, examples: p[n:]}, nil
}

// Examples decodes the snapshot's examples.
func (p prepared) Examples(context.Context) ([]memory.Example, error) {
	var exs []memory.Example
	if err := json.Unmarshal(p.examples, &exs); err != nil {
		return nil, fmt.Errorf("seed snapshot: examples: %v: %w", err, encoders.ErrBadSnapshot)
	}
	return exs, nil
}
