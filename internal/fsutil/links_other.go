//go:build !unix

package fsutil

import "io/fs"

// Links returns the number of hard links of the file fi describes, and
// false where the system does not say (here: never).
func Links(fs.FileInfo) (uint64, bool) { return 0, false }
