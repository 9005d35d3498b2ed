//go:build unix

package fsutil

import (
	"io/fs"
	"syscall"
)

// Links returns the number of hard links of the file fi describes, and
// false where the system does not say.
func Links(fi fs.FileInfo) (uint64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Nlink), true // Nlink is narrower on some systems
}
