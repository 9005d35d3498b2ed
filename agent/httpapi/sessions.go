package httpapi

import (
	"container/list"
	"context"
	"sync"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
)

// sessionBackend holds the server-side sessions named by the session
// header: in this process (sessionStore, the default) or in Redis
// (redisSessions, shared by replicas).
type sessionBackend interface {
	// turn runs f on the session called id, creating it when new; the
	// turns of one session run one at a time (across replicas for a
	// shared store), and what f leaves in the entry is kept for the next
	// turn. An error wrapping errStoreDown means the store did not answer
	// (or lost the turn's lock) and nothing of the turn was kept.
	turn(ctx context.Context, id string, f func(e *sessionEntry)) error
	// count is the number of sessions held.
	count(ctx context.Context) (int, error)
	// check reports whether the store answers.
	check(ctx context.Context) error
	// kind names the backend for metrics and health: "memory" or "redis".
	kind() string
	// close releases its connections.
	close() error
}

// sessionStore holds the server-side sessions named by the session header:
// at most max, each dropped after ttl without use, the least recently used
// dropped first when full. Expired sessions are dropped as requests come
// (they sit at the back of the recency list), so no goroutine is needed.
type sessionStore struct {
	a       *agent.Agent
	limits  memory.WorkingLimits
	ttl     time.Duration
	max     int
	mu      sync.Mutex
	byID    map[string]*list.Element
	recency *list.List // of *sessionEntry, most recent at the front
	evicted uint64
}

// sessionEntry is one held session; mu serialises its turns.
type sessionEntry struct {
	id   string
	used time.Time
	mu   sync.Mutex
	sess *agent.Session
	// fresh is true until the first turn has run: a new entry replays
	// the conversation's earlier messages first.
	fresh bool
	// pending is the plan the last turn returned, for a client that
	// replies with its last message alone.
	pending *pendingPlan
}

func newSessionStore(a *agent.Agent, limits memory.WorkingLimits, ttl time.Duration, max int) *sessionStore {
	return &sessionStore{a: a, limits: limits, ttl: ttl, max: max, byID: map[string]*list.Element{}, recency: list.New()}
}

// get returns the session named id, creating it (and dropping the least
// recently used one when the store is full).
func (s *sessionStore) get(id string, now time.Time) *sessionEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire(now)
	if el, ok := s.byID[id]; ok {
		e := el.Value.(*sessionEntry)
		e.used = now
		s.recency.MoveToFront(el)
		return e
	}
	for s.recency.Len() >= s.max {
		s.drop(s.recency.Back())
	}
	e := &sessionEntry{id: id, used: now, sess: s.a.NewSession(s.limits), fresh: true}
	s.byID[id] = s.recency.PushFront(e)
	return e
}

// expire drops the sessions unused for longer than the TTL.
func (s *sessionStore) expire(now time.Time) {
	for el := s.recency.Back(); el != nil; el = s.recency.Back() {
		if now.Sub(el.Value.(*sessionEntry).used) <= s.ttl {
			return
		}
		s.drop(el)
	}
}

func (s *sessionStore) drop(el *list.Element) {
	e := s.recency.Remove(el).(*sessionEntry)
	delete(s.byID, e.id)
	s.evicted++
	e.sess.Working().Close() // its graphs leave the shared budget
}

func (s *sessionStore) turn(_ context.Context, id string, f func(e *sessionEntry)) error {
	e := s.get(id, time.Now())
	e.mu.Lock()
	defer e.mu.Unlock()
	f(e)
	return nil
}

func (s *sessionStore) count(context.Context) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.recency.Len(), nil
}

func (s *sessionStore) check(context.Context) error { return nil }
func (s *sessionStore) kind() string                { return "memory" }
func (s *sessionStore) close() error                { return nil }

// len is the number of sessions held.
func (s *sessionStore) len() int {
	n, _ := s.count(context.Background())
	return n
}
