package httpapi

import (
	"container/list"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools/graph"
)

// errStoreDown is wrapped by the errors of a session store that did not
// answer; the request gets 503 and nothing of its turn is kept.
var errStoreDown = errors.New("the session store is unavailable")

// redisSessions keeps the server-side sessions in Redis, so that replicas
// behind a load balancer share them (docs/serve.md lists the keys):
//
//   - PREFIXs:ID, a hash: "state" is the session's JSON (the last question,
//     tool and arguments, the graphs' names and keys, the recent results,
//     the pending plan) and "g:KEY" each graph's binary form
//     (graph.AppendBinary), written once: a graph is immutable, so a turn
//     writes only the graphs it added. The hash expires after the TTL.
//   - PREFIXs:ID:lock, the token of the replica running the session's
//     turn (SET NX with a short expiry, renewed while the turn runs), so
//     that turns are ordered, never interleaved, and a killed replica's
//     lock lapses by itself.
//   - PREFIXsessions, a sorted set of session IDs by last use, for the cap
//     (the least recently used dropped first) and the count.
//
// A turn saves only while it holds the lock (a script checks the token),
// so a turn whose lock lapsed keeps nothing and answers 503.
type redisSessions struct {
	rdb    *redis.Client
	a      *agent.Agent
	limits memory.WorkingLimits
	ttl    time.Duration
	max    int
	prefix string
	// lockTTL is how long a turn's lock lives without renewal.
	lockTTL time.Duration
	// graphs keeps decoded graphs by session and field (immutable, so
	// never stale): a replica's next turn of a session reads only the
	// state and the graphs it lacks.
	graphs *graphCache
}

// graphCache is an LRU of decoded graphs bounded by their estimated bytes
// (memory.GraphBytes).
type graphCache struct {
	mu    sync.Mutex
	max   int64
	bytes int64
	lru   *list.List // of *cachedGraph, most recent at the front
	byKey map[string]*list.Element
	hits  uint64
}

type cachedGraph struct {
	key   string
	g     *graph.Graph
	bytes int64
}

func newGraphCache(max int64) *graphCache {
	return &graphCache{max: max, lru: list.New(), byKey: map[string]*list.Element{}}
}

func (c *graphCache) get(key string) (*graph.Graph, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(el)
	c.hits++
	return el.Value.(*cachedGraph).g, true
}

func (c *graphCache) put(key string, g *graph.Graph) {
	n := memory.GraphBytes(g)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; ok || n > c.max {
		return
	}
	c.byKey[key] = c.lru.PushFront(&cachedGraph{key: key, g: g, bytes: n})
	c.bytes += n
	for c.bytes > c.max {
		back := c.lru.Remove(c.lru.Back()).(*cachedGraph)
		delete(c.byKey, back.key)
		c.bytes -= back.bytes
	}
}

// newRedisSessions connects to the Redis at url (redis://HOST:PORT/DB; the
// connection is made lazily and re-made after a failure).
func newRedisSessions(url string, a *agent.Agent, limits memory.WorkingLimits, ttl time.Duration, max int) (*redisSessions, error) {
	o, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("sessions URL %q: %w", url, err)
	}
	o.DialTimeout = 2 * time.Second
	o.ReadTimeout = 5 * time.Second
	o.WriteTimeout = 5 * time.Second
	o.MaxRetries = 1
	// A Redis that is down is said at once (503), not after 5 dials.
	o.DialerRetries = 1
	return &redisSessions{rdb: redis.NewClient(o), a: a, limits: limits, ttl: ttl, max: max, prefix: "graphagent:", lockTTL: 5 * time.Second,
		graphs: newGraphCache(graphCacheBytes)}, nil
}

func (s *redisSessions) kind() string { return "redis" }

func (s *redisSessions) close() error { return s.rdb.Close() }

func (s *redisSessions) check(ctx context.Context) error {
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("%w: redis: %w", errStoreDown, err)
	}
	return nil
}

func (s *redisSessions) count(ctx context.Context) (int, error) {
	z := s.prefix + "sessions"
	now := time.Now()
	if err := s.rdb.ZRemRangeByScore(ctx, z, "-inf", strconv.FormatInt(now.Add(-s.ttl).UnixMilli(), 10)).Err(); err != nil {
		return 0, fmt.Errorf("%w: redis: %w", errStoreDown, err)
	}
	n, err := s.rdb.ZCard(ctx, z).Result()
	if err != nil {
		return 0, fmt.Errorf("%w: redis: %w", errStoreDown, err)
	}
	return int(n), nil
}

func (s *redisSessions) keys(id string) (sess, lock string) {
	sess = s.prefix + "s:" + id
	return sess, sess + ":lock"
}

// renewScript extends the lock while it is still the caller's.
var renewScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0`)

// releaseScript deletes the lock when it is still the caller's.
var releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`)

// saveScript writes a turn's session if the caller still holds its lock,
// then notes its use and drops the sessions past the TTL and the cap.
// KEYS: lock, session hash, sorted set. ARGV: token, TTL ms, now ms, cap,
// id, key prefix, state, number of graphs added, (field, value) per added
// graph, then the fields of the graphs to delete. It returns -1 when the
// lock was lost, else the number of sessions dropped for the cap.
var saveScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
redis.call('HSET', KEYS[2], 'state', ARGV[7])
local n = tonumber(ARGV[8])
local i = 9
for k = 1, n do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  i = i + 2
end
while i <= #ARGV do
  redis.call('HDEL', KEYS[2], ARGV[i])
  i = i + 1
end
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[2]))
local over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[4])
local dropped = 0
if over > 0 then
  for _, sid in ipairs(redis.call('ZRANGE', KEYS[3], 0, over)) do
    if dropped < over and sid ~= ARGV[5] then
      redis.call('DEL', ARGV[6] .. 's:' .. sid)
      redis.call('ZREM', KEYS[3], sid)
      dropped = dropped + 1
    end
  end
end
return dropped`)

// storedSession is a session's "state" field.
type storedSession struct {
	Task        string          `json:"task,omitempty"`
	Tool        string          `json:"tool,omitempty"`
	Args        json.RawMessage `json:"args,omitempty"`
	Names       int64           `json:"names,omitempty"`
	Graphs      []storedGraph   `json:"graphs,omitempty"`
	Results     []storedResult  `json:"results,omitempty"`
	Dropped     []string        `json:"dropped,omitempty"`
	CurrentGone bool            `json:"current_gone,omitempty"`
	Pending     *storedPlan     `json:"pending,omitempty"`
}

// storedGraph names a graph and its field ("g:KEY") in the hash.
type storedGraph struct {
	Name  string `json:"name"`
	Field string `json:"field"`
}

// storedResult is a remembered result; its value is kept when its JSON
// is at most maxStoredValue bytes (the text stays either way).
type storedResult struct {
	Tool  string          `json:"tool"`
	Args  json.RawMessage `json:"args,omitempty"`
	Graph string          `json:"graph,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Text  string          `json:"text,omitempty"`
	At    time.Time       `json:"at"`
}

type storedPlan struct {
	Question string     `json:"question"`
	Plan     agent.Plan `json:"plan"`
}

const maxStoredValue = 16 << 10

// graphCacheBytes bounds a replica's cache of decoded session graphs.
const graphCacheBytes = 256 << 20

func (s *redisSessions) turn(ctx context.Context, id string, f func(e *sessionEntry)) error {
	sessKey, lockKey := s.keys(id)
	token, err := randomHex(16)
	if err != nil {
		return err
	}
	if err := s.lock(ctx, lockKey, token); err != nil {
		return err
	}
	// Renew the lock while the turn runs; a lapse is noticed at saving.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(s.lockTTL / 3)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				rctx, cancel := context.WithTimeout(context.Background(), s.lockTTL/3)
				_ = renewScript.Run(rctx, s.rdb, []string{lockKey}, token, s.lockTTL.Milliseconds()).Err()
				cancel()
			}
		}
	}()
	defer func() {
		close(stop)
		wg.Wait()
		rctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = releaseScript.Run(rctx, s.rdb, []string{lockKey}, token).Err()
	}()

	e, fields, err := s.load(ctx, id, sessKey)
	if err != nil {
		return err
	}
	defer e.sess.Working().Close() // its graphs leave the shared budget
	f(e)
	// The save does not stop with the request: an answer computed is
	// kept unless the store fails.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return s.save(sctx, id, sessKey, lockKey, token, e, fields)
}

// lock takes the session's lock, waiting while another turn holds it.
func (s *redisSessions) lock(ctx context.Context, lockKey, token string) error {
	wait := 2 * time.Millisecond
	for {
		ok, err := s.rdb.SetNX(ctx, lockKey, token, s.lockTTL).Result()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("%w: redis: %w", errStoreDown, err)
		}
		if ok {
			return nil
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("waiting for the session's previous turn: %w", ctx.Err())
		case <-t.C:
		}
		wait = min(2*wait, 50*time.Millisecond)
	}
}

// load reads the session (a fresh one when Redis has none) and returns the
// hash fields of its graphs by graph.
func (s *redisSessions) load(ctx context.Context, id, sessKey string) (*sessionEntry, map[*graph.Graph]string, error) {
	state, err := s.rdb.HGet(ctx, sessKey, "state").Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return nil, nil, fmt.Errorf("%w: redis: %w", errStoreDown, err)
	}
	fields := map[*graph.Graph]string{}
	if errors.Is(err, redis.Nil) {
		return &sessionEntry{id: id, sess: s.a.NewSession(s.limits), fresh: true}, fields, nil
	}
	var st storedSession
	if err := json.Unmarshal([]byte(state), &st); err != nil {
		return nil, nil, fmt.Errorf("session %q in redis: its state: %w", id, err)
	}
	// The graphs this replica has decoded before are not read again.
	graphs := make([]*graph.Graph, len(st.Graphs))
	var missing []string
	var at []int
	for i, sg := range st.Graphs {
		if g, ok := s.graphs.get(sessKey + "|" + sg.Field); ok {
			graphs[i] = g
			continue
		}
		missing = append(missing, sg.Field)
		at = append(at, i)
	}
	if len(missing) > 0 {
		vals, err := s.rdb.HMGet(ctx, sessKey, missing...).Result()
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			return nil, nil, fmt.Errorf("%w: redis: %w", errStoreDown, err)
		}
		for k, v := range vals {
			sg := st.Graphs[at[k]]
			data, ok := v.(string)
			if !ok {
				return nil, nil, fmt.Errorf("session %q in redis: graph %q (%s) is missing", id, sg.Name, sg.Field)
			}
			g, err := graph.DecodeBinary([]byte(data), graph.Limits{})
			if err != nil {
				return nil, nil, fmt.Errorf("session %q in redis: graph %q: %w", id, sg.Name, err)
			}
			s.graphs.put(sessKey+"|"+sg.Field, g)
			graphs[at[k]] = g
		}
	}
	ws := memory.WorkingState{Dropped: st.Dropped, CurrentGone: st.CurrentGone}
	for i, sg := range st.Graphs {
		fields[graphs[i]] = sg.Field
		ws.Graphs = append(ws.Graphs, memory.NamedGraph{Name: sg.Name, Graph: graphs[i]})
	}
	for _, r := range st.Results {
		rec := memory.ResultRecord{Tool: r.Tool, Args: r.Args, Graph: r.Graph, Text: r.Text, At: r.At}
		if len(r.Value) > 0 {
			_ = json.Unmarshal(r.Value, &rec.Value)
		}
		ws.Results = append(ws.Results, rec)
	}
	sess, err := s.a.ResumeSession(s.limits, agent.SessionState{Working: ws, Task: st.Task, Tool: st.Tool, Args: st.Args, Names: st.Names})
	if err != nil {
		return nil, nil, fmt.Errorf("session %q in redis: %w", id, err)
	}
	e := &sessionEntry{id: id, sess: sess}
	if st.Pending != nil {
		e.pending = &pendingPlan{question: st.Pending.Question, plan: st.Pending.Plan}
	}
	return e, fields, nil
}

// save writes the session back, adding the graphs that are new since load
// and deleting those no longer held.
func (s *redisSessions) save(ctx context.Context, id, sessKey, lockKey, token string, e *sessionEntry, loaded map[*graph.Graph]string) error {
	st := e.sess.State()
	out := storedSession{Task: st.Task, Tool: st.Tool, Args: st.Args, Names: st.Names, Dropped: st.Working.Dropped, CurrentGone: st.Working.CurrentGone}
	var added []any
	kept := map[string]bool{}
	for _, ng := range st.Working.Graphs {
		field, ok := loaded[ng.Graph]
		if !ok {
			key, err := randomHex(8)
			if err != nil {
				return err
			}
			field = "g:" + key
			added = append(added, field, graph.AppendBinary(nil, ng.Graph))
			loaded[ng.Graph] = field
			s.graphs.put(sessKey+"|"+field, ng.Graph)
		}
		kept[field] = true
		out.Graphs = append(out.Graphs, storedGraph{Name: ng.Name, Field: field})
	}
	for _, r := range st.Working.Results {
		sr := storedResult{Tool: r.Tool, Args: r.Args, Graph: r.Graph, Text: r.Text, At: r.At}
		if v, err := json.Marshal(r.Value); err == nil && len(v) <= maxStoredValue {
			sr.Value = v
		}
		out.Results = append(out.Results, sr)
	}
	if e.pending != nil {
		out.Pending = &storedPlan{Question: e.pending.question, Plan: e.pending.plan}
	}
	state, err := json.Marshal(out)
	if err != nil {
		return fmt.Errorf("session %q: encoding its state: %w", id, err)
	}
	now := time.Now()
	args := []any{token, s.ttl.Milliseconds(), now.UnixMilli(), s.max, id, s.prefix, state, len(added) / 2}
	args = append(args, added...)
	for _, field := range loaded {
		if !kept[field] {
			args = append(args, field)
		}
	}
	res, err := saveScript.Run(ctx, s.rdb, []string{lockKey, sessKey, s.prefix + "sessions"}, args...).Int()
	if err != nil {
		return fmt.Errorf("%w: redis: saving session %q: %w", errStoreDown, id, err)
	}
	if res < 0 {
		return fmt.Errorf("%w: the lock of session %q lapsed before its turn was saved", errStoreDown, id)
	}
	return nil
}

func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random key: %w", err)
	}
	return hex.EncodeToString(b), nil
}
