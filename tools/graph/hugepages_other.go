//go:build !linux

package graph

// adviseHuge does nothing outside Linux (see hugepages_linux.go).
func adviseHuge[T any](s []T) {}

// adviseHugeString does nothing outside Linux.
func adviseHugeString(string, int) {}
