package mcpserver

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzDecodeFrame: any line gives a message, an error reply or (blank
// line, batch of notifications) nothing, never a panic; a reply is one
// JSON-RPC error (or an array of them, for a batch) that repeats no more
// than a short ID; a message re-encodes.
func FuzzDecodeFrame(f *testing.F) {
	for _, s := range []string{
		``, `{}`, `[]`, `5`, `"x"`, `null`, `not json`, `[[[[`, `{"a":[{"b":[]}]}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"diameter","arguments":{"graph":"a b"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":3,"result":{}}`,
		`{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"m"}}`,
		`[{"jsonrpc":"2.0","id":7,"method":"x"},{"jsonrpc":"2.0","method":"y"},1]`,
		`{"jsonrpc":"2.0","id":1.5,"method":"x"}`, `{"jsonrpc":"2.0","id":1e300,"method":"x"}`,
		`{"jsonrpc":"2.0","id":1,"method":"x","params":3}`, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}",
		`{"jsonrpc":"2.0","id":"\"]]]]","method":"x"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		msg, reply := decodeFrame(line, 8)
		if msg != nil && reply != nil {
			t.Fatalf("both a message and a reply for %q", line)
		}
		if msg != nil {
			if _, err := jsonrpc.EncodeMessage(msg); err != nil {
				t.Fatalf("message of %q does not encode: %v", line, err)
			}
			if !json.Valid(line) || deeperThan(line, 8) {
				t.Fatalf("a message from an invalid or too deep frame %q", line)
			}
			return
		}
		if reply == nil {
			return
		}
		var one map[string]json.RawMessage
		var many []map[string]json.RawMessage
		switch {
		case json.Unmarshal(reply, &one) == nil:
			many = append(many, one)
			if len(reply) > 2*maxEchoedID+512 {
				t.Fatalf("a reply of %d bytes to %q", len(reply), line)
			}
		case json.Unmarshal(reply, &many) == nil:
			if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("[")) || len(many) == 0 {
				t.Fatalf("an array reply to %q", line)
			}
		default:
			t.Fatalf("reply %q to %q is not JSON", reply, line)
		}
		for _, r := range many {
			code := errorCode(r)
			if string(r["jsonrpc"]) != `"2.0"` || r["id"] == nil || (code != jsonrpc.CodeParseError && code != jsonrpc.CodeInvalidRequest && code != jsonrpc.CodeInvalidParams) {
				t.Fatalf("reply %s to %q", reply, line)
			}
		}
	})
}
