package graph

import (
	"syscall"
	"unsafe"
)

// hugePageMin is the smallest array adviseHuge asks huge pages for: below
// it an array fits the TLB's reach with small pages.
const hugePageMin = 4 << 20

// adviseHuge asks the kernel to back a large, freshly made array with
// transparent huge pages (madvise(MADV_HUGEPAGE), which takes effect on the
// pages not touched yet, where THP is "madvise" or "always"). Arrays read at
// random places, such as the node index's hash table, its ID list and the
// IDs' bytes at 10^7 edges, otherwise miss the TLB on nearly every read, and
// a page walk per read limits how many of their cache misses overlap. It is
// advice only: the memory stays the Go heap's, and an error is ignored.
func adviseHuge[T any](s []T) {
	adviseHugeAt(unsafe.Pointer(unsafe.SliceData(s)), uintptr(cap(s))*unsafe.Sizeof(*new(T)))
}

// adviseHugeString is adviseHuge for the size bytes from the start of s (a
// strings.Builder's block: its String, and its Cap).
func adviseHugeString(s string, size int) {
	adviseHugeAt(unsafe.Pointer(unsafe.StringData(s)), uintptr(size))
}

// adviseHugeAt advises the whole huge pages among size bytes at p.
func adviseHugeAt(ptr unsafe.Pointer, size uintptr) {
	if size < hugePageMin || ptr == nil {
		return
	}
	b := unsafe.Slice((*byte)(ptr), size)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	const huge = 2 << 20
	start := (p+huge-1)&^(huge-1) - p // the whole huge pages inside s
	end := (p+size)&^(huge-1) - p
	if end > start {
		_ = syscall.Madvise(b[start:end], 14) // MADV_HUGEPAGE
	}
}
