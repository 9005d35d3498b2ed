// Package gziptest compresses test data with gzip, for tests of the readers
// of the compressed files the repository ships (datasets/*.gz).
package gziptest

import (
	"bytes"
	"compress/gzip"
	"testing"
)

// Bytes returns b compressed with gzip, failing the test on an error.
func Bytes(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	if _, err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
