// Package fsutil holds the file checks that the graph sandbox and the
// memory log share: what kind of file a non-regular one is, and how many
// hard links a file has.
package fsutil

import (
	"errors"
	"io/fs"
)

// ErrNotRegularFile means a file that must be regular is a folder, FIFO,
// device or socket (the graph sandbox and the memory store re-export it).
var ErrNotRegularFile = errors.New("not a regular file")

// Kind names the kind of a file that is not regular ("named pipe (FIFO)",
// "folder", ...), for an error saying why it is refused.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "folder"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m.IsRegular():
		return "regular file"
	}
	return "special file"
}
