package sqlgraph

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/graphagent/graphagent/internal/testserver"
	"github.com/graphagent/graphagent/tools/graph"
)

// startDB starts a throwaway PostgreSQL and connects to it.
func startDB(t testing.TB) (*testserver.Server, *pgx.Conn) {
	t.Helper()
	srv := testserver.Postgres(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	return srv, conn
}

func exec(t testing.TB, conn *pgx.Conn, sql string, args ...any) {
	t.Helper()
	if _, err := conn.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// edgeRow is one row of a test table.
type edgeRow struct {
	id       int
	src, dst string
	w        float64
}

// insert fills table (id, src, dst, weight) with rows by COPY.
func insert(t testing.TB, conn *pgx.Conn, table string, rows []edgeRow) {
	t.Helper()
	exec(t, conn, "CREATE TABLE "+table+" (id int PRIMARY KEY, src text NOT NULL, dst text NOT NULL, weight float8)")
	n, err := conn.CopyFrom(context.Background(), pgx.Identifier{table}, []string{"id", "src", "dst", "weight"},
		pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
			return []any{rows[i].id, rows[i].src, rows[i].dst, rows[i].w}, nil
		}))
	if err != nil || int(n) != len(rows) {
		t.Fatalf("COPY %d rows: %d, %v", len(rows), n, err)
	}
}

// builtFrom is the graph the Builder makes of rows in order.
func builtFrom(t testing.TB, rows []edgeRow, directed, weighted bool) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(directed)
	for _, r := range rows {
		e, err := b.AddEdge(r.src, r.dst)
		if err != nil {
			t.Fatal(err)
		}
		if weighted {
			b.SetWeight(e, r.w)
		}
	}
	return b.Build()
}

func sameGraph(t testing.TB, what string, a, b *graph.Graph) {
	t.Helper()
	if a.Directed() != b.Directed() || a.Weighted() != b.Weighted() || !slices.Equal(a.IDs(), b.IDs()) || a.M() != b.M() {
		t.Fatalf("%s: %v vs %v", what, a, b)
	}
	for e := int32(0); e < int32(a.M()); e++ {
		au, av := a.Edge(e)
		bu, bv := b.Edge(e)
		if au != bu || av != bv || a.Weight(e) != b.Weight(e) {
			t.Fatalf("%s: edge %d: %s-%s %v vs %s-%s %v", what, e, a.ID(au), a.ID(av), a.Weight(e), b.ID(bu), b.ID(bv), b.Weight(e))
		}
	}
}

// randomRows are random edges (repeated and reversed ones, self-loops,
// text and numeric-looking IDs) with weights.
func randomRows(r *rand.Rand) []edgeRow {
	n := 1 + r.IntN(30)
	var rows []edgeRow
	for i := range r.IntN(100) {
		u, v := fmt.Sprint(r.IntN(n)), fmt.Sprint(r.IntN(n))
		if r.IntN(3) == 0 {
			u = "node " + u
		}
		rows = append(rows, edgeRow{id: i, src: u, dst: v, w: float64(r.IntN(9)) - 1.5})
	}
	return rows
}

// TestLoadMatchesBuilder: random tables loaded by a query (weighted or
// not, directed or not, with a WHERE) give the graph the Builder makes of
// the same rows, and a table name reads the table.
func TestLoadMatchesBuilder(t *testing.T) {
	srv, conn := startDB(t)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(25, 3))
	for i := range 20 {
		rows := randomRows(r)
		table := fmt.Sprintf("edges%d", i)
		insert(t, conn, table, rows)
		for _, directed := range []bool{false, true} {
			g, err := Load(ctx, srv.URL, "SELECT src, dst, weight FROM "+table+" ORDER BY id", Options{Directed: directed})
			if err != nil {
				t.Fatal(err)
			}
			sameGraph(t, table, builtFrom(t, rows, directed, true), g)
			g, err = Load(ctx, srv.URL, "SELECT src, dst FROM "+table+" WHERE id % 2 = 0 ORDER BY id", Options{Directed: directed})
			if err != nil {
				t.Fatal(err)
			}
			var even []edgeRow
			for _, row := range rows {
				if row.id%2 == 0 {
					even = append(even, row)
				}
			}
			sameGraph(t, table+" WHERE", builtFrom(t, even, directed, false), g)
		}
	}
	exec(t, conn, "CREATE TABLE pairs AS SELECT src, dst FROM edges0 ORDER BY id")
	if g, err := Load(ctx, srv.URL, "pairs", Options{}); err != nil || g.M() == 0 && len(randomRows(rand.New(rand.NewPCG(25, 3)))) > 0 {
		t.Fatalf("table name: %v, %v", g, err)
	}
	if g, err := Load(ctx, srv.URL, "public.pairs", Options{}); err != nil {
		t.Fatalf("schema-qualified table name: %v, %v", g, err)
	}
}

// TestLoadRefuses: writes, several statements, a slow query, bad columns,
// NULLs, a weight that is no number (NaN included) and a graph past the limits are each
// refused with an error saying so, and the table is unchanged.
func TestLoadRefuses(t *testing.T) {
	srv, conn := startDB(t)
	ctx := context.Background()
	insert(t, conn, "edges", []edgeRow{{1, "a", "b", 1}, {2, "b", "c", 2}, {3, "c", "a", 3}})
	exec(t, conn, "CREATE TABLE odd (src text, dst text, weight text)")
	exec(t, conn, "INSERT INTO odd VALUES ('a', NULL, '1'), ('a', 'b', 'heavy')")
	for _, tc := range []struct {
		query, want string
		o           Options
	}{
		{"DELETE FROM edges RETURNING src, dst", "read-only transaction", Options{}},
		{"SELECT src, dst FROM edges; DROP TABLE edges", "multiple commands", Options{}},
		{"COMMIT", "", Options{}},
		{"SELECT pg_sleep(5)::text, 'x'", "statement timeout", Options{Timeout: 200 * time.Millisecond}},
		{"SELECT src FROM edges", "1 columns (src)", Options{}},
		{"SELECT src, dst FROM odd WHERE weight = '1'", "row 1: an edge end (src or dst) is NULL", Options{}},
		{"SELECT src, dst, weight FROM odd WHERE weight = 'heavy'", `row 1: the weight (weight) "heavy" is not a number`, Options{}},
		{"SELECT 'a', 'b', 'NaN'::numeric", `row 1: the weight (numeric) "NaN" is not a number`, Options{}},
		{"SELECT src, dst FROM edges", "more than 2 edges", Options{Limits: graph.Limits{MaxEdges: 2}}},
		{"no_such_table", "does not exist", Options{}},
		{"", "no query", Options{}},
	} {
		g, err := Load(ctx, srv.URL, tc.query, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, %v; want an error with %q", tc.query, g, err, tc.want)
		}
	}
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM edges").Scan(&n); err != nil || n != 3 {
		t.Errorf("edges after the refused queries: %d rows, %v", n, err)
	}
	bad := strings.Replace(srv.URL, "postgres@", "postgres:sekret@", 1)
	bad = strings.Replace(bad, fmt.Sprint(srv.Port), fmt.Sprint(freePortNot(t, srv.Port)), 1)
	if _, err := Load(ctx, bad, "edges", Options{}); err == nil || strings.Contains(err.Error(), "sekret") || !strings.Contains(err.Error(), "connecting") {
		t.Errorf("a closed port with a password: %v", err)
	}
}

func freePortNot(t testing.TB, not int) int {
	for p := 1025; p < 65535; p += 7 {
		if p != not {
			return p
		}
	}
	t.Fatal("no port")
	return 0
}

// peakHeap samples the heap in use while f runs and returns its peak.
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	return peak.Load()
}

// BenchmarkLoadMillionEdges loads 10^6 weighted edges (a random graph on
// 200,000 nodes) from PostgreSQL and the same edges from an edge-list
// file, reporting peak heap; the two graphs must be the same.
func BenchmarkLoadMillionEdges(b *testing.B) {
	srv, conn := startDB(b)
	const m, n = 1_000_000, 200_000
	r := rand.New(rand.NewPCG(1, 2))
	rows := make([]edgeRow, m)
	for i := range rows {
		rows[i] = edgeRow{id: i, src: fmt.Sprint(r.IntN(n)), dst: fmt.Sprint(r.IntN(n)), w: float64(1 + r.IntN(100))}
	}
	insert(b, conn, "edges", rows)
	path := filepath.Join(b.TempDir(), "edges.txt")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for _, row := range rows {
		fmt.Fprintf(w, "%s %s %g\n", row.src, row.dst, row.w)
	}
	if err := errors.Join(w.Flush(), f.Close()); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var fromDB, fromFile *graph.Graph
	b.Run("postgres", func(b *testing.B) {
		for b.Loop() {
			peak := peakHeap(func() {
				if fromDB, err = Load(ctx, srv.URL, "SELECT src, dst, weight FROM edges ORDER BY id", Options{}); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		}
	})
	b.Run("file", func(b *testing.B) {
		for b.Loop() {
			peak := peakHeap(func() {
				fh, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				defer fh.Close()
				if fromFile, err = graph.ReadEdgeList(fh, graph.ReadOptions{}); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		}
	})
	if fromDB != nil && fromFile != nil {
		sameGraph(b, "10^6 edges, postgres vs file", fromFile, fromDB)
	}
}
