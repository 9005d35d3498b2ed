package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/graphagent/graphagent/internal/testserver"
	"github.com/graphagent/graphagent/tools/graph"
)

// TestAskGraphFromPostgres: ask --graph postgres://… --query reads the
// graph from the database's rows and answers as with the same edges in a
// file (karate: 34 nodes, diameter 5; weighted shortest paths); a table
// name reads the table; --query without a database URL, and a database URL
// without --query, are usage errors.
func TestAskGraphFromPostgres(t *testing.T) {
	srv := testserver.Postgres(t)
	data, home := dataDir(t), t.TempDir()
	f, err := os.Open(filepath.Join(data, "karate", "edges.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.ReadEdgeList(f, graph.ReadOptions{})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE TABLE karate (id serial PRIMARY KEY, a int, b int, w float8)"); err != nil {
		t.Fatal(err)
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		if _, err := conn.Exec(ctx, "INSERT INTO karate (a, b, w) VALUES ($1, $2, $3)", g.ID(u), g.ID(v), 1+e%3); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{"SELECT a, b FROM karate ORDER BY id", "SELECT a, b FROM karate WHERE a IS NOT NULL"} {
		m, code := askJSON(t, "--data", data, "--home", home, "ask", "What is the diameter of the graph?", "--graph", srv.URL, "--query", q)
		if code != exitOK || string(m["value"]) != "5" {
			t.Errorf("%q: exit %d, answer %s", q, code, m["answer"])
		}
	}
	m, code := askJSON(t, "--data", data, "--home", home, "ask", "How many nodes does the graph have?", "--graph", srv.URL, "--query", "SELECT a, b FROM karate")
	if code != exitOK || string(m["value"]) != "34" || !strings.Contains(string(m["graph"]), "postgres://postgres@127.0.0.1") {
		t.Errorf("nodes: exit %d, answer %s, graph %s", code, m["answer"], m["graph"])
	}
	// Weighted: the same question on the table and on a file of its rows.
	var lines strings.Builder
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		lines.WriteString(g.ID(u) + " " + g.ID(v) + " " + []string{"1", "2", "3"}[e%3] + "\n")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "weighted.txt"), []byte(lines.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	q := "What is the shortest path from node 0 to node 33?"
	fromFile, code1 := askJSON(t, "--data", dir, "--home", home, "ask", q, "--graph", "weighted.txt")
	if code1 != exitOK {
		t.Fatalf("file: exit %d %s", code1, fromFile["answer"])
	}
	// The table has four columns (id, a, b, w): refused, saying so.
	if _, errOut, code := runCLI(t, "--data", dir, "--home", home, "ask", q, "--graph", srv.URL, "--query", "karate"); code != exitUsage || !strings.Contains(errOut, "4 columns (id, a, b, w)") {
		t.Errorf("a table of 4 columns: exit %d %q", code, errOut)
	}
	if _, err := conn.Exec(ctx, "CREATE VIEW weighted AS SELECT a, b, w FROM karate ORDER BY id"); err != nil {
		t.Fatal(err)
	}
	fromDB, code2 := askJSON(t, "--data", dir, "--home", home, "ask", q, "--graph", srv.URL, "--query", "weighted")
	if code2 != exitOK || string(fromDB["value"]) != string(fromFile["value"]) || string(fromDB["answer"]) != string(fromFile["answer"]) {
		t.Errorf("weighted shortest path: file %s, database %s (exit %d)", fromFile["answer"], fromDB["answer"], code2)
	}
	// tools run and graph report read the same rows.
	if out, errOut, code := runCLI(t, "--data", data, "--home", home, "tools", "run", "diameter", "--graph", srv.URL, "--query", "SELECT a, b FROM karate", "--json"); code != exitOK || !strings.Contains(out, `"value": 5`) {
		t.Errorf("tools run diameter from the database: exit %d %s %s", code, out, errOut)
	}
	fileOut, _, _ := runCLI(t, "--data", dir, "--home", home, "tools", "run", "shortest_path_length", "--graph", "weighted.txt", "--arg", "source=0", "--arg", "target=33")
	if out, errOut, code := runCLI(t, "--data", dir, "--home", home, "tools", "run", "shortest_path_length", "--graph", srv.URL, "--query", "weighted", "--arg", "source=0", "--arg", "target=33"); code != exitOK || out != fileOut || !strings.Contains(out, "has length") {
		t.Errorf("tools run shortest_path_length: database (exit %d) %q %s, file %q", code, out, errOut, fileOut)
	}
	secret := strings.Replace(srv.URL, "postgres@", "postgres:sekret@", 1) // the test server trusts loopback
	if out, errOut, code := runCLI(t, "--data", data, "--home", home, "graph", "report", secret, "--query", "SELECT a, b FROM karate", "--json"); code != exitOK || !strings.Contains(out, `"nodes": 34`) || strings.Contains(out+errOut, "sekret") {
		t.Errorf("graph report from the database: exit %d %.300s %s", code, out, errOut)
	}
	if _, errOut, code := runCLI(t, "--data", data, "--home", home, "tools", "run", "diameter", "--graph", srv.URL); code != exitUsage || !strings.Contains(errOut, "needs --query") {
		t.Errorf("tools run on a database without --query: exit %d %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "--data", data, "--home", home, "ask", "How many nodes?", "--query", "SELECT 1, 2"); code != exitUsage || !strings.Contains(errOut, "--query reads a database") {
		t.Errorf("--query without a database: exit %d %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "--data", data, "--home", home, "ask", "How many nodes?", "--graph", srv.URL); code != exitUsage || !strings.Contains(errOut, "needs --query") {
		t.Errorf("a database without --query: exit %d %q", code, errOut)
	}
}
