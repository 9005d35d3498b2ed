// Package sqlgraph loads a graph from PostgreSQL: the rows of a query (or
// of a table) are streamed into the same compact graph.Builder the file
// readers use, in a read-only transaction under a statement timeout. A
// database is read only when the command line names it (ask --graph
// postgres://… --query …); a question's text never does, as a path outside
// the data folders is never read.
package sqlgraph

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/graphagent/graphagent/tools/graph"
)

// IsURL reports whether s names a PostgreSQL database rather than a file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Options configure Load.
type Options struct {
	// Directed reads the rows as directed edges.
	Directed bool
	// Limits bound the graph (graph.ErrTooLarge past them).
	Limits graph.Limits
	// Timeout is the statement timeout (default 30 s).
	Timeout time.Duration
}

// tableName is a table, optionally schema-qualified, given instead of a
// query.
var tableName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?$`)

// Load runs query (SELECT src, dst[, weight] …, or a table name, read as
// SELECT * FROM it) at the database dsn and builds the graph of its rows:
// the first two columns are an edge's ends (any type, read as text), a
// third is its weight (a number). The query runs alone (one statement, no
// parameters) in a read-only transaction with a statement timeout; rows
// are read as they arrive. Errors say which row and column was wrong and
// never show the URL's password.
func Load(ctx context.Context, dsn, query string, o Options) (*graph.Graph, error) {
	where := Redact(dsn)
	query = strings.TrimSpace(query)
	if query == "" {
		return nil, fmt.Errorf("%s: no query (give --query 'SELECT src, dst[, weight] FROM …' or a table name)", where)
	}
	if tableName.MatchString(query) {
		query = "SELECT * FROM " + pgx.Identifier(strings.Split(query, ".")).Sanitize()
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, redactErr(err, dsn))
	}
	if cfg.ConnectTimeout == 0 || cfg.ConnectTimeout > 10*time.Second {
		cfg.ConnectTimeout = 10 * time.Second
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: connecting: %w", where, redactErr(err, dsn))
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("%s: beginning a read-only transaction: %w", where, err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := tx.Exec(ctx, "SET LOCAL statement_timeout = "+strconv.FormatInt(o.Timeout.Milliseconds(), 10)); err != nil {
		return nil, fmt.Errorf("%s: setting the statement timeout: %w", where, err)
	}
	// The extended protocol takes one statement only (so a query cannot
	// end the read-only transaction), and text results give every
	// column's value as the text the file readers would see.
	rows, err := tx.Query(ctx, query, pgx.QueryExecModeExec, pgx.QueryResultFormats{pgx.TextFormatCode})
	if err != nil {
		return nil, fmt.Errorf("%s: query: %w", where, err)
	}
	defer rows.Close()
	g, err := build(rows, o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	return g, nil
}

func build(rows pgx.Rows, o Options) (*graph.Graph, error) {
	// The query's errors (and its columns) come with its first row.
	more := rows.Next()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("query: %w", err)
	}
	fields := rows.FieldDescriptions()
	if len(fields) != 2 && len(fields) != 3 {
		names := make([]string, len(fields))
		for i, f := range fields {
			names[i] = f.Name
		}
		return nil, fmt.Errorf("the query gives %d columns (%s); want src, dst and an optional weight", len(fields), strings.Join(names, ", "))
	}
	b := graph.NewBuilder(o.Directed)
	b.SetLimits(o.Limits)
	var row int64
	for ; more; more = rows.Next() {
		row++
		vals := rows.RawValues()
		if vals[0] == nil || vals[1] == nil {
			return nil, fmt.Errorf("row %d: an edge end (%s or %s) is NULL", row, fields[0].Name, fields[1].Name)
		}
		u, err := b.AddNodeBytes(vals[0])
		if err != nil {
			return nil, fmt.Errorf("row %d, column %s: %w", row, fields[0].Name, err)
		}
		v, err := b.AddNodeBytes(vals[1])
		if err != nil {
			return nil, fmt.Errorf("row %d, column %s: %w", row, fields[1].Name, err)
		}
		e, err := b.AddEdgeIdx(u, v)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", row, err)
		}
		if len(vals) == 3 {
			if vals[2] == nil {
				return nil, fmt.Errorf("row %d: the weight (%s) is NULL", row, fields[2].Name)
			}
			w, err := strconv.ParseFloat(string(vals[2]), 64)
			if err != nil || math.IsNaN(w) { // as the files' readers: NaN is no weight
				return nil, fmt.Errorf("row %d: the weight (%s) %q is not a number", row, fields[2].Name, vals[2])
			}
			b.SetWeight(e, w)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the rows (after row %d): %w", row, err)
	}
	return b.Build(), nil
}

// Redact is the URL without its password, for messages.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "the database URL"
	}
	return u.Redacted()
}

// redactErr replaces the URL's password in err's text.
func redactErr(err error, dsn string) error {
	u, perr := url.Parse(dsn)
	if perr != nil || u.User == nil {
		return err
	}
	if pw, ok := u.User.Password(); ok && pw != "" && strings.Contains(err.Error(), pw) {
		return errors.New(strings.ReplaceAll(err.Error(), pw, "xxxxx"))
	}
	return err
}
