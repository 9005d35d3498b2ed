package memory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// IsPostgresURL reports whether location names a PostgreSQL database
// rather than a folder.
func IsPostgresURL(location string) bool {
	return strings.HasPrefix(location, "postgres://") || strings.HasPrefix(location, "postgresql://")
}

// The PostgreSQL tables (docs/serve.md): one row per record, its JSON the
// same as a line of the file log's, and a sequence number taken from one
// sequence at each change, so that a replica catches up with
// "seq > the last it applied". Writers take a transaction-level advisory
// lock, so sequence numbers are committed in order and no change is
// skipped by a reader. A deletion keeps its row as a tombstone (deleted)
// for the replicas that have not seen it; Compact drops tombstones older
// than tombstoneAge.
const (
	pgChannel    = "graphagent_memory"
	pgWriteLock  = 7_325_025 // pg_advisory_xact_lock key of the writers
	tombstoneAge = time.Hour
)

var pgMigration = []string{
	`CREATE SEQUENCE IF NOT EXISTS graphagent_memory_seq`,
	`CREATE TABLE IF NOT EXISTS graphagent_memory_records (
		coll    text NOT NULL,
		key     text NOT NULL,
		seq     bigint NOT NULL,
		deleted boolean NOT NULL DEFAULT false,
		entry   jsonb,
		changed timestamptz NOT NULL DEFAULT now(),
		PRIMARY KEY (coll, key))`,
	`CREATE INDEX IF NOT EXISTS graphagent_memory_records_seq ON graphagent_memory_records (seq)`,
}

// pgLog is the store's PostgreSQL side: a pool for writes and queries and a
// follower that applies other replicas' changes.
type pgLog struct {
	pool *pgxpool.Pool
	url  string // redacted, for Stats and messages
	// seen is the highest sequence number applied (under Store.mu).
	seen   int64
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// OpenPostgres opens long-term memory kept in PostgreSQL at dsn: the
// tables are created when missing (one migration step, under a lock), the
// records are loaded into this process's index, and a follower applies the
// changes other replicas make (LISTEN/NOTIFY, with a catch-up query after
// each reconnection), so that a record written at one is found at the
// others within about a second. Searches use the in-process index and
// keep working while the database is down; writes fail then.
func OpenPostgres(ctx context.Context, dsn string, emb Embedder, opts ...Option) (*Store, error) {
	s, err := newStore(emb, opts)
	if err != nil {
		return nil, err
	}
	where := redactURL(dsn)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("memory: %s: %w", where, err)
	}
	cfg.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("memory: %s: %w", where, err)
	}
	p := &pgLog{pool: pool, url: where}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("memory: %s: %w", where, unreachable(err))
	}
	s.pg = p
	if err := s.catchUp(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("memory: %s: loading the records: %w", where, unreachable(err))
	}
	fctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		s.follow(fctx)
	}()
	return s, nil
}

func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("migration: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	// Replicas starting together migrate one at a time.
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, pgWriteLock); err != nil {
		return fmt.Errorf("migration: %w", err)
	}
	for _, stmt := range pgMigration {
		if _, err := tx.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("migration: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migration: %w", err)
	}
	return nil
}

// write makes entries durable in one transaction and notifies the other
// replicas. The caller holds Store.mu.
func (p *pgLog) write(ctx context.Context, entries []logEntry) error {
	tx, err := p.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("memory: %s: %w: %w", p.url, ErrUnavailable, err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, pgWriteLock); err != nil {
		return fmt.Errorf("memory: %s: %w: %w", p.url, ErrUnavailable, err)
	}
	for i := range entries {
		e := &entries[i]
		var body []byte
		if e.Op == opPut {
			if body, err = json.Marshal(e); err != nil {
				return fmt.Errorf("memory: encode record %q: %w", e.Key, err)
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO graphagent_memory_records (coll, key, seq, deleted, entry, changed)
			VALUES ($1, $2, nextval('graphagent_memory_seq'), $3, $4, now())
			ON CONFLICT (coll, key) DO UPDATE SET seq = EXCLUDED.seq, deleted = EXCLUDED.deleted, entry = EXCLUDED.entry, changed = now()`,
			e.Coll, e.Key, e.Op == opDel, body); err != nil {
			return fmt.Errorf("memory: %s: writing record %q: %w: %w", p.url, e.Key, ErrUnavailable, err)
		}
	}
	if _, err := tx.Exec(ctx, `SELECT pg_notify($1, '')`, pgChannel); err != nil {
		return fmt.Errorf("memory: %s: %w: %w", p.url, ErrUnavailable, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("memory: %s: commit: %w: %w", p.url, ErrUnavailable, err)
	}
	return nil
}

// catchUp applies the changes after the last one applied: records are
// embedded again when another encoder made their vectors.
func (s *Store) catchUp(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}) error {
	s.mu.RLock()
	seen := s.pg.seen
	s.mu.RUnlock()
	rows, err := q.Query(ctx, `SELECT seq, coll, key, deleted, entry FROM graphagent_memory_records WHERE seq > $1 ORDER BY seq`, seen)
	if err != nil {
		return err
	}
	type change struct {
		seq       int64
		coll, key string
		deleted   bool
		e         *logEntry
	}
	var changes []change
	for rows.Next() {
		var c change
		var body []byte
		if err := rows.Scan(&c.seq, &c.coll, &c.key, &c.deleted, &body); err != nil {
			rows.Close()
			return err
		}
		if !c.deleted {
			c.e = &logEntry{}
			if err := json.Unmarshal(body, c.e); err != nil || !c.e.valid() {
				s.logger.Warn("memory: a record in the database is not valid; skipped", "coll", c.coll, "key", c.key, "err", err)
				c.e = nil
				c.deleted = true
			}
		}
		changes = append(changes, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(changes) == 0 {
		return nil
	}
	// Vectors of another encoder are recomputed outside the lock.
	name := s.emb.Name()
	var stale []*logEntry
	for _, c := range changes {
		if c.e != nil && (c.e.Enc != name || bytesVec(c.e.Vec) == nil) {
			stale = append(stale, c.e)
		}
	}
	if len(stale) > 0 {
		texts := make([]string, len(stale))
		for i, e := range stale {
			texts[i] = e.text()
		}
		vecs, err := s.embed(ctx, texts)
		if err != nil {
			return fmt.Errorf("re-embed %d records: %w", len(stale), err)
		}
		for i, e := range stale {
			e.Enc, e.Vec = name, vecBytes(vecs[i])
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range changes {
		if c.seq <= s.pg.seen {
			continue // applied by a concurrent catch-up
		}
		s.pg.seen = c.seq
		if c.deleted {
			s.removeLocked(c.coll, c.key)
			continue
		}
		v := bytesVec(c.e.Vec)
		if s.dim == 0 {
			s.dim = len(v)
		}
		if len(v) != s.dim {
			s.logger.Warn("memory: a record in the database has another dimension; skipped", "key", c.key, "dim", len(v), "store", s.dim)
			continue
		}
		s.index(c.e, v)
	}
	return nil
}

// follow listens for changes on a connection of its own and catches up
// after each notification and each reconnection, until ctx ends.
func (s *Store) follow(ctx context.Context) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := s.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		s.logger.Warn("memory: lost the database's change feed; reconnecting", "url", s.pg.url, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 2*time.Second)
	}
}

func (s *Store) listen(ctx context.Context) error {
	conn, err := s.pg.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+pgChannel); err != nil {
		return err
	}
	// LISTEN first, then catch up: nothing committed in between is missed.
	if err := s.catchUp(ctx, conn); err != nil {
		return err
	}
	for {
		if _, err := conn.Conn().WaitForNotification(ctx); err != nil {
			// The connection is in an unknown state: do not reuse it.
			_ = conn.Conn().Close(context.Background())
			return err
		}
		if err := s.catchUp(ctx, conn); err != nil {
			_ = conn.Conn().Close(context.Background())
			return err
		}
	}
}

// stats counts the rows and their bytes.
func (p *pgLog) stats(ctx context.Context) (rows int, bytes int64, err error) {
	err = p.pool.QueryRow(ctx, `SELECT count(*), coalesce(sum(octet_length(entry::text)), 0) FROM graphagent_memory_records`).Scan(&rows, &bytes)
	return rows, bytes, err
}

// compact drops the tombstones older than tombstoneAge.
func (p *pgLog) compact(ctx context.Context) error {
	if _, err := p.pool.Exec(ctx, `DELETE FROM graphagent_memory_records WHERE deleted AND changed < now() - $1::interval`, fmt.Sprintf("%d seconds", int(tombstoneAge.Seconds()))); err != nil {
		return fmt.Errorf("memory: %s: compact: %w: %w", p.url, ErrUnavailable, err)
	}
	return nil
}

func (p *pgLog) close() {
	p.cancel()
	p.wg.Wait()
	p.pool.Close()
}

// ErrUnavailable is wrapped by the errors of a store whose database did
// not answer.
var ErrUnavailable = errors.New("the memory database is unavailable")

// unreachable marks err with ErrUnavailable when the database could not be
// reached at all (refused, timed out, gone mid-way), so that callers can
// tell an outage, worth a retry, from a database that answers with an
// error.
func unreachable(err error) error {
	var ce *pgconn.ConnectError
	if !errors.Is(err, ErrUnavailable) && (errors.As(err, &ce) || pgconn.SafeToRetry(err) || pgconn.Timeout(err)) {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return err
}

func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "the database URL"
	}
	return u.Redacted()
}

// Backend names where the store keeps its records: "postgres", "file" or
// "memory" (nothing kept).
func (s *Store) Backend() string {
	switch {
	case s.pg != nil:
		return "postgres"
	case s.log != nil:
		return "file"
	}
	return "memory"
}

// Ping reports whether the store's database answers (always nil for a
// store without one). Searches answer from the index either way; writes
// need the database.
func (s *Store) Ping(ctx context.Context) error {
	if s.pg == nil {
		return nil
	}
	if err := s.pg.pool.Ping(ctx); err != nil {
		return fmt.Errorf("memory: %s: %w: %w", s.pg.url, ErrUnavailable, err)
	}
	return nil
}
