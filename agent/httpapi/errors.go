package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools/graph"
)

// apiError is an error answered with an HTTP status and an OpenAI-style
// body: {"error": {"message", "type", "param", "code"}}.
type apiError struct {
	status  int
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    string  `json:"code"`
}

func (e *apiError) Error() string { return e.Message }

// badRequest is a 400 invalid_request_error with a code and an optional
// parameter name.
func badRequest(code, param, msg string) *apiError {
	e := &apiError{status: http.StatusBadRequest, Message: msg, Type: "invalid_request_error", Code: code}
	if param != "" {
		e.Param = &param
	}
	return e
}

// maxErrorBytes bounds an error message sent.
const maxErrorBytes = 4096

// writeError answers e as JSON.
func writeError(w http.ResponseWriter, e *apiError) {
	if e.status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="graphagent"`)
	}
	// Messages may quote the request, which can be megabytes long.
	e.Message = textutil.Truncate(e.Message, maxErrorBytes)
	writeJSON(w, e.status, struct {
		Error *apiError `json:"error"`
	}{e})
}

// writeJSON answers v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"message":"could not encode the response","type":"server_error","param":null,"code":"internal_error"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// askError maps an error of agent.Ask to the HTTP error a client gets, or
// nil when the question was simply not answerable (no tool fits, no graph):
// that is an ordinary assistant reply saying why, not a failed request.
// errNotLearned is wrapped by the error of a turn whose answer could not be
// written back to long-term memory (Options.Learn).
var errNotLearned = errors.New("the answer could not be written back to long-term memory")

func askError(err error) *apiError {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errNotLearned) && errors.Is(err, memory.ErrUnavailable):
		return &apiError{status: http.StatusServiceUnavailable, Message: err.Error() + "; retry later", Type: "server_error", Code: "memory_unavailable"}
	case errors.Is(err, errNotLearned):
		return &apiError{status: http.StatusInternalServerError, Message: err.Error(), Type: "server_error", Code: "memory_error"}
	case errors.Is(err, errStoreDown):
		return &apiError{status: http.StatusServiceUnavailable, Message: err.Error() + "; retry later", Type: "server_error", Code: "store_unavailable"}
	case errors.Is(err, context.DeadlineExceeded):
		return &apiError{status: http.StatusGatewayTimeout, Message: "no answer within the request timeout: " + err.Error(), Type: "server_error", Code: "timeout"}
	case errors.Is(err, context.Canceled):
		return &apiError{status: statusClientClosed, Message: "the request was cancelled", Type: "server_error", Code: "cancelled"}
	case errors.Is(err, graph.ErrOutsideSandbox):
		return &apiError{status: http.StatusForbidden, Message: err.Error(), Type: "permission_error", Code: "path_outside_data"}
	case errors.Is(err, agent.ErrRefused):
		return &apiError{status: http.StatusForbidden, Message: err.Error(), Type: "permission_error", Code: "refused"}
	case errors.Is(err, agent.ErrTooLarge):
		return &apiError{status: http.StatusRequestEntityTooLarge, Message: err.Error(), Type: "invalid_request_error", Code: "too_large"}
	case errors.Is(err, agent.ErrBadInput):
		return badRequest("bad_question", "messages", err.Error())
	}
	return nil
}

// statusClientClosed is nginx's 499: the client went away before the
// answer; it is only counted in the metrics, nobody reads it.
const statusClientClosed = 499
