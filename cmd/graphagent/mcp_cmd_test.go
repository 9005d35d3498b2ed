package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPCommand: graphagent mcp speaks MCP on its stdin and stdout: the
// SDK's client lists the tools and calls shortest_path and ask; closing
// stdin ends the command with exit 0.
func TestMCPCommand(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr strings.Builder
	code := make(chan int, 1)
	go func() {
		code <- run(context.Background(), []string{"graphagent", "--data", dataDir(t), "mcp"}, inR, outW, &stderr)
		outW.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) < 40 {
		t.Errorf("%d tools listed", len(tools.Tools))
	}
	text := func(res *mcp.CallToolResult) string {
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return b.String()
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "shortest_path", Arguments: map[string]any{"graph_file": "karate/edges.tsv", "source": "0", "target": "33"}})
	if err != nil || res.IsError || !strings.Contains(text(res), "0, 19, 33") {
		t.Errorf("shortest_path: %v %+v", err, res)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "ask", Arguments: map[string]any{"question": "What is the shortest path from node 0 to node 33 in karate/edges.tsv?"}})
	if err != nil || res.IsError || !strings.Contains(text(res), "0, 19, 33") {
		t.Errorf("ask: %v %+v", err, res)
	}
	// A path outside the data folders is refused without showing where
	// they are.
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "diameter", Arguments: map[string]any{"graph_file": "../go.mod"}})
	if err != nil || !res.IsError || strings.Contains(text(res), dataDir(t)) || !strings.Contains(text(res), "<data>") {
		t.Errorf("a path outside: %v %q", err, text(res))
	}
	cs.Close()
	inW.Close()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("mcp exited %d: %s", c, stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("mcp did not stop when stdin closed")
	}
}

// TestMCPCommandMalformedFrames: graphagent mcp answers each malformed
// frame (not JSON, {}, a batch, a line over the 16 MiB limit, a million
// nested arrays) with its JSON-RPC error and serves the next request. The
// SDK's stdio transport, used before, ended the session at the first.
func TestMCPCommandMalformedFrames(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr strings.Builder
	code := make(chan int, 1)
	go func() {
		code <- run(context.Background(), []string{"graphagent", "--data", dataDir(t), "mcp"}, inR, outW, &stderr)
		outW.Close()
	}()
	replies := make(chan string, 4)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			replies <- sc.Text()
		}
		close(replies)
	}()
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatalf("write: %v (stderr %s)", err, stderr.String())
		}
	}
	recv := func() string {
		t.Helper()
		select {
		case r, ok := <-replies:
			if !ok {
				t.Fatalf("the server ended (stderr %q)", stderr.String())
			}
			return r
		case <-time.After(time.Minute):
			t.Fatal("no reply in a minute")
		}
		return ""
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if r := recv(); !strings.Contains(r, `"result"`) {
		t.Fatalf("initialize: %s", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for i, c := range []struct{ frame, want string }{
		{"not json", `"code":-32700`},
		{"{}", `"code":-32600`},
		{`[{"jsonrpc":"2.0","id":"b","method":"tools/list"}]`, `[{"jsonrpc":"2.0","id":"b","error":{"code":-32600`},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"` + strings.Repeat("a", 16<<20) + `"}}`, `"code":-32600`},
		{strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000), `"code":-32700`},
	} {
		send(c.frame)
		if r := recv(); !strings.Contains(r, c.want) {
			t.Errorf("frame %d (%.40q): reply %.300s, want %s", i, c.frame, r, c.want)
		}
		send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, 10+i))
		if r := recv(); !strings.Contains(r, fmt.Sprintf(`"id":%d,"result":{`, 10+i)) {
			t.Fatalf("tools/list after frame %d: %.300s", i, r)
		}
	}
	inW.Close()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("mcp exited %d: %s", c, stderr.String())
		}
	case <-time.After(time.Minute):
		t.Fatal("mcp did not stop when stdin closed")
	}
}
