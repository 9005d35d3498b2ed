package sqlgraph

import (
	"bytes"
	"math"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/graphagent/graphagent/tools/graph"
)

// textRows is pgx.Rows over rows of text values, as PostgreSQL sends them
// in the text format Load asks for; a nil value is NULL. The database's own
// answers are tested on a real server (sqlgraph_test.go); this feeds build
// the values no server check stands between a table and the builder.
type textRows struct {
	fields []pgconn.FieldDescription
	rows   [][][]byte
	i      int
}

func (r *textRows) Close()                                       {}
func (r *textRows) Err() error                                   { return nil }
func (r *textRows) CommandTag() pgconn.CommandTag                { return pgconn.CommandTag{} }
func (r *textRows) FieldDescriptions() []pgconn.FieldDescription { return r.fields }
func (r *textRows) Next() bool                                   { r.i++; return r.i <= len(r.rows) }
func (r *textRows) Scan(...any) error                            { return nil }
func (r *textRows) Values() ([]any, error)                       { return nil, nil }
func (r *textRows) RawValues() [][]byte                          { return r.rows[r.i-1] }
func (r *textRows) Conn() *pgx.Conn                              { return nil }

// rowsOf splits data into rows (lines) of tab-separated values; \N is
// NULL. The first line's field count gives the columns; shorter or longer
// lines are cut or padded with NULL, as a result set's rows all have its
// columns.
func rowsOf(data []byte) *textRows {
	lines := bytes.Split(data, []byte("\n"))
	cols := len(bytes.Split(lines[0], []byte("\t")))
	r := &textRows{}
	for i := range cols {
		r.fields = append(r.fields, pgconn.FieldDescription{Name: string(rune('a' + i%26))})
	}
	for _, line := range lines[1:] {
		vals := make([][]byte, cols)
		for i, v := range bytes.Split(line, []byte("\t")) {
			if i < cols && !bytes.Equal(v, []byte(`\N`)) {
				vals[i] = v
			}
		}
		r.rows = append(r.rows, vals)
	}
	return r
}

// FuzzBuildRows: any rows give a graph or an error, never a panic; a graph
// has at most one edge per row, no more nodes than the limit, and no NaN
// weight.
func FuzzBuildRows(f *testing.F) {
	for _, s := range []string{
		"src\tdst\n0\t1\n1\t2\n2\t0",
		"src\tdst\tw\na\tb\t1.5\nb\tc\t-2\nc\ta\t1e308",
		"src\tdst\tw\na\tb\tNaN",
		"src\tdst\tw\na\tb\tInfinity\nb\t\\N\t1",
		"a\tb\tc\td\n1\t2\t3\t4",
		"a\n1",
		"src\tdst\n\t\n\xff\xfe\t\x00",
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, directed bool) {
		rows := rowsOf(data)
		g, err := build(rows, Options{Directed: directed, Limits: graph.Limits{MaxNodes: 64, MaxEdges: 64}})
		if err != nil {
			if g != nil {
				t.Fatal("a graph and an error")
			}
			return
		}
		if g.N() > 64 || g.M() > len(rows.rows) {
			t.Fatalf("%d nodes, %d edges from %d rows", g.N(), g.M(), len(rows.rows))
		}
		for e := range int32(g.M()) {
			if math.IsNaN(g.Weight(e)) {
				t.Fatalf("edge %d has a NaN weight", e)
			}
		}
	})
}
