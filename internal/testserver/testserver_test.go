package testserver

import (
	"testing"
)

// TestRedisStopStart: the server answers, stops answering when stopped and
// answers again on the same port when started.
func TestRedisStopStart(t *testing.T) {
	s := Redis(t)
	if err := redisPing(s.Port); err != nil {
		t.Fatalf("a started redis-server does not answer PING: %v", err)
	}
	s.Stop()
	if err := redisPing(s.Port); err == nil {
		t.Fatal("a stopped redis-server answered PING")
	}
	s.Start()
	if err := redisPing(s.Port); err != nil {
		t.Fatalf("a restarted redis-server does not answer PING: %v", err)
	}
}

// TestPostgresStopStart: the same for PostgreSQL, asked by pg_isready.
func TestPostgresStopStart(t *testing.T) {
	s := Postgres(t)
	if err := pgReady(s.Port); err != nil {
		t.Fatalf("a started postgres is not ready: %v", err)
	}
	s.Stop()
	if err := pgReady(s.Port); err == nil {
		t.Fatal("a stopped postgres is ready")
	}
	s.Start()
	if err := pgReady(s.Port); err != nil {
		t.Fatalf("a restarted postgres is not ready: %v", err)
	}
}
