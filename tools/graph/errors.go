package graph

import (
	"errors"

	"github.com/graphagent/graphagent/internal/fsutil"
)

// Sentinel errors; check them with errors.Is.
var (
	// ErrNodeNotFound means a node ID is not in the graph.
	ErrNodeNotFound = errors.New("node not found")
	// ErrTooLarge means a graph or file exceeds a configured size limit.
	ErrTooLarge = errors.New("too large")
	// ErrSyntax means graph text or a graph file is malformed.
	ErrSyntax = errors.New("malformed graph")
	// ErrOutsideSandbox means a path escapes the configured data folders.
	ErrOutsideSandbox = errors.New("path outside the data folders")
	// ErrNotRegularFile means a graph file is a folder, FIFO, device or
	// socket, which the sandbox refuses to read.
	ErrNotRegularFile = fsutil.ErrNotRegularFile
)
