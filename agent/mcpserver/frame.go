package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// decodeFrame reads one frame (a line without its newline) as a JSON-RPC
// message. It returns the message, or the error reply the frame gets (see
// Transport), or neither for a blank line or a batch of notifications
// only. It never hands the SDK a frame the SDK would fail on: the SDK ends
// the session on any message it cannot decode.
func decodeFrame(line []byte, maxDepth int) (jsonrpc.Message, []byte) {
	t := bytes.TrimSpace(line)
	if len(t) == 0 {
		return nil, nil
	}
	// The depth is checked first: a decoder given 8 million "[" recurses
	// (or, with a limit, allocates) before it fails.
	if deeperThan(t, maxDepth) {
		return nil, errorReply(nil, jsonrpc.CodeParseError, fmt.Sprintf("parse error: the frame nests arrays or objects deeper than %d levels", maxDepth))
	}
	if !json.Valid(t) {
		var v json.RawMessage
		err := json.Unmarshal(t, &v)
		return nil, errorReply(nil, jsonrpc.CodeParseError, fmt.Sprintf("parse error: the frame is not JSON (%v)", err))
	}
	switch t[0] {
	case '{':
		return decodeObject(t)
	case '[':
		return nil, batchReply(t)
	}
	return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a JSON-RPC message is an object, not %s", kindOf(t[0])))
}

// decodeObject checks a JSON object against JSON-RPC 2.0 and decodes it.
func decodeObject(t []byte) (jsonrpc.Message, []byte) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(t, &m); err != nil {
		return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: %v", err))
	}
	rawID, hasID := m["id"]
	id, ok := echoID(rawID)
	if hasID && !ok {
		return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, `invalid request: "id" must be a string, an integer or null`)
	}
	if v, ok := m["jsonrpc"]; !ok || string(v) != `"2.0"` {
		return nil, errorReply(id, jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	}
	if method, ok := m["method"]; ok {
		if len(method) == 0 || method[0] != '"' {
			return nil, errorReply(id, jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a string`)
		}
		if p, ok := m["params"]; ok && p[0] != '{' && p[0] != '[' && string(p) != "null" {
			return nil, errorReply(id, jsonrpc.CodeInvalidParams, `invalid params: "params" must be an object or an array`)
		}
	} else {
		// A response (to a request of the server's, sampling say).
		_, hasResult := m["result"]
		e, hasError := m["error"]
		switch {
		case id == nil || string(id) == "null":
			return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, `invalid request: a message without "method" is a response and needs an "id"`)
		case hasResult == hasError:
			return nil, errorReply(id, jsonrpc.CodeInvalidRequest, `invalid request: a response has either "result" or "error"`)
		case hasError && !validWireError(e):
			return nil, errorReply(id, jsonrpc.CodeInvalidRequest, `invalid request: "error" must be an object with an integer "code" and a string "message"`)
		}
	}
	msg, err := jsonrpc.DecodeMessage(t)
	if err != nil {
		return nil, errorReply(id, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: %v", err))
	}
	return msg, nil
}

// validWireError reports whether raw is a JSON-RPC error object the SDK
// decodes.
func validWireError(raw json.RawMessage) bool {
	var e struct {
		Code    *json.Number `json:"code"`
		Message *string      `json:"message"`
	}
	if err := json.Unmarshal(raw, &e); err != nil || e.Code == nil || e.Message == nil {
		return false
	}
	_, err := e.Code.Int64()
	return err == nil
}

// batchReply answers a batch: -32600 for each element that is a request
// (with its ID) or not a message at all (with null), nothing for a
// notification; nil when nothing is answered.
func batchReply(t []byte) []byte {
	var elems []json.RawMessage
	if err := json.Unmarshal(t, &elems); err != nil {
		return errorReply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: %v", err))
	}
	if len(elems) == 0 {
		return errorReply(nil, jsonrpc.CodeInvalidRequest, "invalid request: an empty batch")
	}
	const why = "invalid request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18): send one message per line"
	var replies []json.RawMessage
	for _, e := range elems {
		var m map[string]json.RawMessage
		if json.Unmarshal(e, &m) != nil {
			replies = append(replies, errorReply(nil, jsonrpc.CodeInvalidRequest, why))
			continue
		}
		_, hasMethod := m["method"]
		rawID, hasID := m["id"]
		if hasMethod && !hasID {
			continue // a notification is not answered
		}
		if !hasMethod && hasID {
			continue // a response is not answered either
		}
		id, _ := echoID(rawID)
		replies = append(replies, errorReply(id, jsonrpc.CodeInvalidRequest, why))
	}
	if len(replies) == 0 {
		return nil
	}
	b, _ := json.Marshal(replies) // valid JSON throughout
	return b
}

// echoID returns the ID as it is repeated in a reply: the raw JSON of a
// string or of an integer the SDK keeps exactly, or nil (null) when the ID
// is absent, null or too long to repeat. ok is false for an ID that
// JSON-RPC does not allow (an object, an array, a boolean, a fraction).
func echoID(raw json.RawMessage) (id json.RawMessage, ok bool) {
	if raw == nil || string(raw) == "null" {
		return nil, true
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, false
	}
	switch x := v.(type) {
	case string:
	case float64:
		// The SDK converts a numeric ID to int64: only integers survive
		// the round trip.
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return nil, false
		}
	default:
		return nil, false
	}
	if len(raw) > maxEchoedID {
		return nil, true
	}
	return raw, true
}

// errorReply is a JSON-RPC error response with the given ID (nil: null).
func errorReply(id json.RawMessage, code int, msg string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: int64(code), Message: msg}})
	if err != nil { // the ID came from a valid frame; cannot happen
		return []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error"}}`)
	}
	return b
}

// deeperThan reports whether the JSON text t nests arrays and objects more
// than max levels, counting brackets outside strings (t need not be
// valid JSON).
func deeperThan(t []byte, max int) bool {
	depth, inString, escaped := 0, false, false
	for _, c := range t {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			if depth > max {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}

// kindOf names the JSON value that starts with c.
func kindOf(c byte) string {
	switch c {
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
