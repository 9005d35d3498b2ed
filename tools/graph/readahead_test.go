package graph

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
)

// TestReadAhead checks that the read-ahead yields the source's bytes in
// order for every buffer and read size, passes on the source's error after
// its data, and that Close stops it part-way.
func TestReadAhead(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	data := make([]byte, 100_000)
	for i := range data {
		data[i] = byte(r.IntN(256))
	}
	boom := errors.New("boom")
	for _, size := range []int{1, 7, 4096, 200_000} {
		for _, count := range []int{1, 3} {
			a := newReadAhead(iotest.HalfReader(bytes.NewReader(data)), size, count)
			got, err := io.ReadAll(iotest.HalfReader(a))
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("size %d count %d: %d bytes, %v", size, count, len(got), err)
			}
			a.Close()

			a = newReadAhead(io.MultiReader(bytes.NewReader(data[:1000]), iotest.ErrReader(boom)), size, count)
			got, err = io.ReadAll(a)
			if !errors.Is(err, boom) || !bytes.Equal(got, data[:1000]) {
				t.Fatalf("size %d count %d: %d bytes, %v; want the 1000 bytes then boom", size, count, len(got), err)
			}
			a.Close()

			a = newReadAhead(bytes.NewReader(data), size, count)
			var p [10]byte
			if _, err := a.Read(p[:]); err != nil {
				t.Fatal(err)
			}
			a.Close() // stops the goroutine with data left unread
			a.Close()
		}
	}
}
