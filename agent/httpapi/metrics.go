package httpapi

import (
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// latencyBuckets are the upper bounds (seconds) of the request latency
// histogram.
var latencyBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}

// metrics counts what GET /metrics reports, in the Prometheus text format.
// Label values come from small fixed sets (route patterns, status codes,
// error codes, tool names), so the series stay bounded.
type metrics struct {
	mu       sync.Mutex
	requests map[[2]string]uint64 // route, status code
	latency  map[string]*histogram
	errors   map[string]uint64 // OpenAI error code
	answers  map[string]uint64 // tool, or "none"/"fallback"/"plan"
	inFlight int64
	started  time.Time
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      uint64
}

func newMetrics() *metrics {
	return &metrics{requests: map[[2]string]uint64{}, latency: map[string]*histogram{}, errors: map[string]uint64{},
		answers: map[string]uint64{}, started: time.Now()}
}

func (m *metrics) begin() {
	m.mu.Lock()
	m.inFlight++
	m.mu.Unlock()
}

// end records a finished request.
func (m *metrics) end(route string, status int, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.inFlight--
	m.requests[[2]string{route, strconv.Itoa(status)}]++
	h := m.latency[route]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(latencyBuckets)+1)}
		m.latency[route] = h
	}
	s := d.Seconds()
	i, _ := slices.BinarySearch(latencyBuckets, s)
	h.counts[i]++
	h.sum += s
	h.n++
}

func (m *metrics) errorCode(code string) {
	m.mu.Lock()
	m.errors[code]++
	m.mu.Unlock()
}

func (m *metrics) answer(label string) {
	m.mu.Lock()
	m.answers[label]++
	m.mu.Unlock()
}

// backendStatus is a store a handler uses and whether it answered.
type backendStatus struct {
	// Role is what it holds: "sessions" (or "memory").
	Role string `json:"role"`
	// Kind is what it is: "memory" (in this process), "redis",
	// "postgres", "file".
	Kind string `json:"backend"`
	// Up reports whether it answered; Error says why not.
	Up    bool   `json:"up"`
	Error string `json:"error,omitempty"`
}

// write prints every series; sessions is the number of server-side
// sessions held (negative when the store did not answer) and backends
// the stores in use.
func (m *metrics) write(w io.Writer, sessions int, backends []backendStatus) error {
	var b strings.Builder
	m.mu.Lock()
	b.WriteString("# HELP graphagent_requests_total HTTP requests by route and status code.\n# TYPE graphagent_requests_total counter\n")
	keys := slices.SortedFunc(maps.Keys(m.requests), func(a, b [2]string) int {
		return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1])
	})
	for _, k := range keys {
		fmt.Fprintf(&b, "graphagent_requests_total{route=%s,code=%s} %d\n", quote(k[0]), quote(k[1]), m.requests[k])
	}
	b.WriteString("# HELP graphagent_request_duration_seconds Latency of HTTP requests by route.\n# TYPE graphagent_request_duration_seconds histogram\n")
	for _, route := range slices.Sorted(maps.Keys(m.latency)) {
		h := m.latency[route]
		var cum uint64
		for i, le := range latencyBuckets {
			cum += h.counts[i]
			fmt.Fprintf(&b, "graphagent_request_duration_seconds_bucket{route=%s,le=%s} %d\n", quote(route), quote(strconv.FormatFloat(le, 'g', -1, 64)), cum)
		}
		cum += h.counts[len(latencyBuckets)]
		fmt.Fprintf(&b, "graphagent_request_duration_seconds_bucket{route=%s,le=\"+Inf\"} %d\n", quote(route), cum)
		fmt.Fprintf(&b, "graphagent_request_duration_seconds_sum{route=%s} %g\n", quote(route), h.sum)
		fmt.Fprintf(&b, "graphagent_request_duration_seconds_count{route=%s} %d\n", quote(route), h.n)
	}
	b.WriteString("# HELP graphagent_errors_total Requests answered with an error, by OpenAI error code.\n# TYPE graphagent_errors_total counter\n")
	for _, k := range slices.Sorted(maps.Keys(m.errors)) {
		fmt.Fprintf(&b, "graphagent_errors_total{code=%s} %d\n", quote(k), m.errors[k])
	}
	b.WriteString("# HELP graphagent_answers_total Chat turns answered, by the tool that answered (none: not answered; fallback: by analogy; plan: a plan returned for confirmation).\n# TYPE graphagent_answers_total counter\n")
	for _, k := range slices.Sorted(maps.Keys(m.answers)) {
		fmt.Fprintf(&b, "graphagent_answers_total{tool=%s} %d\n", quote(k), m.answers[k])
	}
	fmt.Fprintf(&b, "# HELP graphagent_requests_in_flight Requests being served.\n# TYPE graphagent_requests_in_flight gauge\ngraphagent_requests_in_flight %d\n", m.inFlight)
	started := m.started
	m.mu.Unlock()

	if sessions >= 0 {
		fmt.Fprintf(&b, "# HELP graphagent_sessions Server-side chat sessions held.\n# TYPE graphagent_sessions gauge\ngraphagent_sessions %d\n", sessions)
	}
	b.WriteString("# HELP graphagent_backend_up Whether a store answered (1) or not (0), by what it holds and what it is.\n# TYPE graphagent_backend_up gauge\n")
	for _, bs := range backends {
		up := 0
		if bs.Up {
			up = 1
		}
		fmt.Fprintf(&b, "graphagent_backend_up{role=%s,backend=%s} %d\n", quote(bs.Role), quote(bs.Kind), up)
	}
	fmt.Fprintf(&b, "# HELP graphagent_uptime_seconds Seconds since the handler was built.\n# TYPE graphagent_uptime_seconds gauge\ngraphagent_uptime_seconds %g\n", time.Since(started).Seconds())
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(&b, "# HELP go_goroutines Goroutines that currently exist.\n# TYPE go_goroutines gauge\ngo_goroutines %d\n", runtime.NumGoroutine())
	fmt.Fprintf(&b, "# HELP go_memstats_heap_alloc_bytes Heap bytes allocated and in use.\n# TYPE go_memstats_heap_alloc_bytes gauge\ngo_memstats_heap_alloc_bytes %d\n", ms.HeapAlloc)
	if rss, ok := residentBytes(); ok {
		fmt.Fprintf(&b, "# HELP process_resident_memory_bytes Resident memory size in bytes.\n# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes %d\n", rss)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// quote is a Prometheus label value in quotes, escaped.
func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// residentBytes reads the process's resident set size from /proc (Linux
// only; false elsewhere).
func residentBytes() (int64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * int64(os.Getpagesize()), true
}
