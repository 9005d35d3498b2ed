package graph

import (
	"errors"
	"io"
)

// ReadNodeLink reads NetworkX node-link JSON. (being written)
func ReadNodeLink(r io.Reader, opt ReadOptions) (*Graph, error) { return nil, errors.New("todo") }

// ReadDOT reads DOT. (being written)
func ReadDOT(r io.Reader, opt ReadOptions) (*Graph, error) { return nil, errors.New("todo") }

// ParsePythonEdges parses a python edge list. (being written)
func ParsePythonEdges(text string, opt ReadOptions) (*Graph, error) { return nil, errors.New("todo") }

// FindPythonEdgeList locates an edge list. (being written)
func FindPythonEdgeList(text string) (start, end int, ok bool) { return 0, 0, false }
