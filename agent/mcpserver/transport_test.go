package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/graphagent/graphagent/agent"
)

// rawClient speaks JSON-RPC to a server by lines, as a hostile or buggy
// client would.
type rawClient struct {
	t     *testing.T
	in    io.Writer
	lines chan string
}

// serveRaw runs the server on a Transport over pipes and initializes the
// session; the server must still be running when the test ends.
func serveRaw(t *testing.T, tr Transport) *rawClient {
	t.Helper()
	a, err := agent.New(context.Background(), agent.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	s, err := New(Options{Agent: a})
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	tr.Reader, tr.Writer = inR, outW
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, &tr) }()
	c := &rawClient{t: t, in: inW, lines: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		select {
		case err := <-done:
			t.Errorf("the server ended during the test: %v", err)
		default:
		}
		cancel()
		inW.Close()
		outW.Close()
	})
	c.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if r := c.recv(); r["result"] == nil {
		t.Fatalf("initialize: %v", r)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return c
}

func (c *rawClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("writing a frame: %v", err)
	}
}

// recvRaw returns the next line the server writes.
func (c *rawClient) recvRaw() string {
	c.t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		return l
	case <-time.After(30 * time.Second):
		c.t.Fatal("no reply within 30 s")
	}
	return ""
}

// recv returns the next reply as an object.
func (c *rawClient) recv() map[string]json.RawMessage {
	c.t.Helper()
	l := c.recvRaw()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(l), &m); err != nil {
		c.t.Fatalf("reply %.200q is not a JSON object: %v", l, err)
	}
	return m
}

// errorCode is the code of a reply's error (0 when it has none).
func errorCode(m map[string]json.RawMessage) int {
	var e struct {
		Code int `json:"code"`
	}
	if json.Unmarshal(m["error"], &e) != nil {
		return 0
	}
	return e.Code
}

// listTools asks tools/list with the given ID and checks the answer.
func (c *rawClient) listTools(id int) {
	c.t.Helper()
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, id))
	r := c.recv()
	var res struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if string(r["id"]) != fmt.Sprint(id) || json.Unmarshal(r["result"], &res) != nil || len(res.Tools) < 40 {
		c.t.Fatalf("tools/list %d after the bad frame: %.300v", id, r)
	}
}

// TestMalformedFrames: each malformed frame gets the JSON-RPC error it
// deserves (with the request's ID where one can be read, else null), or no
// reply where JSON-RPC gives none, and the next request is served. The
// SDK's own stdio transport ends the session on every frame of the first
// group.
func TestMalformedFrames(t *testing.T) {
	const maxBytes = 64 << 10
	c := serveRaw(t, Transport{MaxFrameBytes: maxBytes})
	deep := strings.Repeat("[", 30_000) + strings.Repeat("]", 30_000)
	cases := []struct {
		name, frame string
		code        int    // 0: no reply
		id          string // the reply's ID
	}{
		{"not JSON", "hello, server", -32700, "null"},
		{"truncated", `{"jsonrpc":"2.0","id":1,"method":`, -32700, "null"},
		{"empty object", `{}`, -32600, "null"},
		{"batch", `[{"jsonrpc":"2.0","id":7,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/x"}]`, -32600, "7"},
		{"empty batch", `[]`, -32600, "null"},
		{"over-long line", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"x":"` + strings.Repeat("a", maxBytes) + `"}}`, -32600, "null"},
		{"deep nesting", deep, -32700, "null"},
		{"deep nesting in params", `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"a":` + deep + `}}`, -32700, "null"},
		{"a number", `5`, -32600, "null"},
		{"a string", `"tools/list"`, -32600, "null"},
		{"wrong version", `{"jsonrpc":"1.0","id":4,"method":"tools/list"}`, -32600, "4"},
		{"no version", `{"id":"a","method":"tools/list"}`, -32600, `"a"`},
		{"object ID", `{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, -32600, "null"},
		{"fractional ID", `{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, -32600, "null"},
		{"method not a string", `{"jsonrpc":"2.0","id":5,"method":5}`, -32600, "5"},
		{"params not structured", `{"jsonrpc":"2.0","id":6,"method":"tools/list","params":7}`, -32602, "6"},
		{"response without result", `{"jsonrpc":"2.0","id":8}`, -32600, "8"},
		{"response with a bad error", `{"jsonrpc":"2.0","id":9,"error":"x"}`, -32600, "9"},
		{"invalid UTF-8 method", "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"\xff\xfe\"}", -32601, "10"},
		{"unknown method", `{"jsonrpc":"2.0","id":11,"method":"graphs/eat"}`, -32601, "11"},
		// No reply: a notification, a response to nothing, a blank line.
		{"unknown notification", `{"jsonrpc":"2.0","method":"notifications/nothing"}`, 0, ""},
		{"stray response", `{"jsonrpc":"2.0","id":12,"result":{}}`, 0, ""},
		{"batch of notifications", `[{"jsonrpc":"2.0","method":"notifications/x"}]`, 0, ""},
		{"blank line", "   \r", 0, ""},
	}
	for i, k := range cases {
		c.send(k.frame)
		if k.code != 0 {
			line := c.recvRaw()
			if len(line) > 1000 {
				t.Errorf("%s: a reply of %d bytes (the frame repeated?)", k.name, len(line))
			}
			var r map[string]json.RawMessage
			if strings.HasPrefix(line, "[") {
				var rs []map[string]json.RawMessage
				if err := json.Unmarshal([]byte(line), &rs); err != nil || len(rs) != 1 {
					t.Fatalf("%s: batch reply %q (%v), want one reply for the one request", k.name, line, err)
				}
				r = rs[0]
			} else if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%s: reply %q: %v", k.name, line, err)
			}
			if got := errorCode(r); got != k.code || string(r["id"]) != k.id || string(r["jsonrpc"]) != `"2.0"` {
				t.Errorf("%s: reply %s, want error %d with id %s", k.name, line, k.code, k.id)
			}
		}
		c.listTools(100 + i)
	}
}

// TestFrameEndOfInput: a last frame without its newline is read, every
// call is answered, and the end of the input then ends Run without an
// error.
func TestFrameEndOfInput(t *testing.T) {
	a, err := agent.New(context.Background(), agent.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	s, err := New(Options{Agent: a})
	if err != nil {
		t.Fatal(err)
	}
	in := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		"not json\n" +
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`
	var out syncWriter
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = s.Run(ctx, &Transport{Reader: strings.NewReader(in), Writer: &out})
	if err != nil && err != io.EOF {
		t.Errorf("Run: %v", err)
	}
	// Every call is answered before the end of the input ends the
	// session, the last one (without a newline) too.
	got := out.String()
	if !strings.Contains(got, `"code":-32700`) || !strings.Contains(got, `"id":0,"result"`) || !strings.Contains(got, `"id":1,"result"`) {
		t.Errorf("output %q", got)
	}
}

// syncWriter is a buffer whose contents may be read while a late handler
// writes.
type syncWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestReadFrame: lines are cut at their end of line, a line over the limit
// is skipped whole and reported with its length, and a last line without a
// newline is a frame.
func TestReadFrame(t *testing.T) {
	in := "ab\r\n" + strings.Repeat("x", 100) + "\n" + strings.Repeat("y", 10) + "\nlast"
	br := bufio.NewReaderSize(strings.NewReader(in), 16)
	want := []frame{{line: []byte("ab")}, {tooLong: 100}, {line: []byte(strings.Repeat("y", 10))}, {line: []byte("last")}}
	for i, w := range want {
		f := readFrame(br, 10)
		if string(f.line) != string(w.line) || f.tooLong != w.tooLong || f.err != nil {
			t.Errorf("frame %d: %q %d %v, want %q %d", i, f.line, f.tooLong, f.err, w.line, w.tooLong)
		}
	}
	if f := readFrame(br, 10); f.err != io.EOF {
		t.Errorf("after the last frame: %+v, want io.EOF", f)
	}
}
