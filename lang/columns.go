package lang

import (
	"fmt"
	"strings"
)

// ColumnRole is what a table's header word names: an end of an edge, a
// node, a node's label, a node's neighbours, or a number on the edge and
// what it measures.
type ColumnRole string

// The roles of table columns (lexicon.json's "tableColumns").
const (
	// ColSource and ColTarget are the ends of an edge ("from", "to").
	ColSource ColumnRole = "source"
	ColTarget ColumnRole = "target"
	// ColEarlier and ColLater are the ends of an order ("before",
	// "after"): an edge from the earlier to the later.
	ColEarlier ColumnRole = "earlier"
	ColLater   ColumnRole = "later"
	// ColNode names the row's node in a node table ("id", "name").
	ColNode ColumnRole = "node"
	// ColLabel is a node's label or class.
	ColLabel ColumnRole = "label"
	// ColNeighbours lists the row's node's neighbours, both ways
	// ("neighbours", "connected_to").
	ColNeighbours ColumnRole = "neighbours"
	// ColSuccessors lists the nodes the row's node points to ("children",
	// "successors").
	ColSuccessors ColumnRole = "successors"
	// ColPredecessors lists the nodes that come before the row's node
	// ("depends on", "prerequisites"): edges from each to it.
	ColPredecessors ColumnRole = "predecessors"
	// ColEdge holds a whole edge in one cell ("Road": "Leeds – York").
	ColEdge ColumnRole = "edge"
	// The number columns, by what the number measures.
	ColWeight   ColumnRole = "weight"
	ColDistance ColumnRole = "distance"
	ColCost     ColumnRole = "cost"
	ColCapacity ColumnRole = "capacity"
	// ColDuration is how long the edge takes ("latency", "minutes"): a
	// weight, not the time an edge exists.
	ColDuration ColumnRole = "duration"
)

// Value reports whether the role is a number column.
func (r ColumnRole) Value() bool {
	switch r {
	case ColWeight, ColDistance, ColCost, ColCapacity, ColDuration:
		return true
	}
	return false
}

// Column returns the role of the lower-case table header name w ("from",
// "node_1", "latency"), "" when the lexicon names none.
func (l *Lexicon) Column(w string) ColumnRole { return l.columns[w] }

// Columns returns every header name with its role.
func (l *Lexicon) Columns() map[string]ColumnRole {
	out := make(map[string]ColumnRole, len(l.columns))
	for w, r := range l.columns {
		out[w] = r
	}
	return out
}

// indexColumns checks and indexes lexicon.json's "tableColumns".
func (l *Lexicon) indexColumns(cols map[ColumnRole][]string) error {
	l.columns = map[string]ColumnRole{}
	for r, ws := range cols {
		switch r {
		case ColSource, ColTarget, ColEarlier, ColLater, ColNode, ColLabel, ColNeighbours, ColSuccessors, ColPredecessors, ColEdge,
			ColWeight, ColDistance, ColCost, ColCapacity, ColDuration:
		default:
			return fmt.Errorf("lang: lexicon: tableColumns: unknown role %q", r)
		}
		for _, w := range ws {
			if w == "" || w != strings.ToLower(w) || strings.TrimSpace(w) != w {
				return fmt.Errorf("lang: lexicon: tableColumns: %q is not a lower-case name", w)
			}
			if prev, ok := l.columns[w]; ok && prev != r {
				return fmt.Errorf("lang: lexicon: tableColumns: %q is both %s and %s", w, prev, r)
			}
			l.columns[w] = r
		}
	}
	return nil
}
