package httpapi

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// newTestAgent is a builtin agent whose data folder is datasets/.
func newTestAgent(t testing.TB) *agent.Agent {
	t.Helper()
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	sb, err := graph.NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := agent.New(context.Background(), agent.Config{Sandbox: sb})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// newTestServer serves a Handler with opt (its Agent filled in) over
// httptest.
func newTestServer(t testing.TB, opt Options) (*Handler, *httptest.Server) {
	t.Helper()
	if opt.Agent == nil {
		opt.Agent = newTestAgent(t)
	}
	h, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return h, srv
}

// post sends body to the chat endpoint with headers (name, value pairs).
func post(t testing.TB, srv *httptest.Server, body string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/v1/chat/completions", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// chatBody is a request body with the given user/assistant messages
// (alternating, user first) and extra top-level JSON fields.
func chatBody(extra string, messages ...string) string {
	var ms []map[string]string
	for i, m := range messages {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		ms = append(ms, map[string]string{"role": role, "content": m})
	}
	b, _ := json.Marshal(map[string]any{"model": "graphagent", "messages": ms})
	if extra != "" {
		b = append(b[:len(b)-1], []byte(","+extra+"}")...)
	}
	return string(b)
}

type completion struct {
	Object  string `json:"object"`
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Graphagent struct {
		Tool    string          `json:"tool"`
		Value   json.RawMessage `json:"value"`
		Trace   []agent.Event   `json:"trace"`
		Pending *agent.Plan     `json:"pending_plan"`
		Drawing *drawing        `json:"drawing"`
		PlotPNG string          `json:"plot_png"`
	} `json:"graphagent"`
}

// ask posts a chat and returns its completion, failing unless the status
// is 200.
func ask(t testing.TB, srv *httptest.Server, body string, headers ...string) completion {
	t.Helper()
	resp, b := post(t, srv, body, headers...)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, b)
	}
	var c completion
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	if c.Object != "chat.completion" || len(c.Choices) != 1 || c.Choices[0].Message.Role != "assistant" || c.Choices[0].FinishReason != "stop" {
		t.Fatalf("not a chat completion: %s", b)
	}
	return c
}

func (c completion) content() string { return c.Choices[0].Message.Content }

const shortestQ = "What is the shortest path from node 0 to node 33 in karate/edges.tsv?"

// TestBadRequests: each bad request gets its HTTP status and an
// OpenAI-style error body, and the server answers a good request after
// every one.
func TestBadRequests(t *testing.T) {
	_, srv := newTestServer(t, Options{Token: "s3cret", MaxBodyBytes: 1 << 20})
	auth := []string{"Authorization", "Bearer s3cret"}
	huge := `{"model": "graphagent", "messages": [{"role": "user", "content": "` + strings.Repeat("a", 10<<20) + `"}]}`
	cases := []struct {
		name    string
		body    string
		headers []string
		status  int
		code    string
	}{
		{"invalid JSON", `{"model": "graphagent", "messages": [`, auth, 400, "invalid_json"},
		{"not an object", `[1, 2]`, auth, 400, "invalid_json"},
		{"trailing data", chatBody("", shortestQ) + `{}`, auth, 400, "invalid_json"},
		{"10 MB body", huge, auth, 413, "request_too_large"},
		{"unknown model", strings.Replace(chatBody("", shortestQ), `"graphagent"`, `"gpt-4o"`, 1), auth, 404, "model_not_found"},
		{"no model", `{"messages": [{"role": "user", "content": "hi"}]}`, auth, 400, "missing_model"},
		{"missing messages", `{"model": "graphagent"}`, auth, 400, "missing_messages"},
		{"empty messages", `{"model": "graphagent", "messages": []}`, auth, 400, "missing_messages"},
		{"last message not the user's", chatBody("", shortestQ, "an answer"), auth, 400, "missing_messages"},
		{"unknown role", `{"model": "graphagent", "messages": [{"role": "wizard", "content": "hi"}]}`, auth, 400, "bad_message"},
		{"image part", `{"model": "graphagent", "messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]}`, auth, 400, "bad_message"},
		{"path outside the data folders (..)", chatBody("", "What is the diameter of the graph in ../go.mod?"), auth, 403, "path_outside_data"},
		{"path outside the data folders (absolute)", chatBody("", "How many nodes are in /etc/passwd.edgelist?"), auth, 403, "path_outside_data"},
		{"missing file", chatBody("", "How many nodes are in nosuchfile.edgelist?"), auth, 400, "bad_question"},
		{"nested 400,000 deep", `{"model": "graphagent", "messages": ` + strings.Repeat("[", 400_000) + strings.Repeat("]", 400_000) + `}`, auth, 400, "invalid_json"},
		{"null", `null`, auth, 400, "missing_model"},
		{"content a number", `{"model": "graphagent", "messages": [{"role": "user", "content": 5}]}`, auth, 400, "bad_message"},
		{"messages an object", `{"model": "graphagent", "messages": {"role": "user"}}`, auth, 400, "invalid_json"},
		{"invalid UTF-8 and NUL", "{\"model\": \"graphagent\", \"messages\": [{\"role\": \"user\", \"content\": \"\xff\x00\"}]}", auth, 400, "invalid_json"},
		{"empty body", ``, auth, 400, "invalid_json"},
		{"wrong token", chatBody("", shortestQ), []string{"Authorization", "Bearer guess"}, 401, "invalid_api_key"},
		{"another scheme", chatBody("", shortestQ), []string{"Authorization", "Basic s3cret"}, 401, "invalid_api_key"},
		{"scheme only", chatBody("", shortestQ), []string{"Authorization", "Bearer"}, 401, "invalid_api_key"},
		{"no token", chatBody("", shortestQ), nil, 401, "invalid_api_key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp, b := post(t, srv, c.body, c.headers...)
			if resp.StatusCode != c.status {
				t.Errorf("status %d, want %d: %s", resp.StatusCode, c.status, b)
			}
			var e struct {
				Error *struct {
					Message string  `json:"message"`
					Type    string  `json:"type"`
					Param   *string `json:"param"`
					Code    string  `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(b, &e); err != nil || e.Error == nil {
				t.Fatalf("not an OpenAI error body (%v): %s", err, b)
			}
			if e.Error.Code != c.code || e.Error.Message == "" || e.Error.Type == "" {
				t.Errorf("error %+v, want code %s", *e.Error, c.code)
			}
			if got := ask(t, srv, chatBody("", shortestQ), auth...); got.Graphagent.Tool != "shortest_path" {
				t.Errorf("after the bad request the server answered %q", got.content())
			}
		})
	}

	// GET on the chat endpoint, and an unknown route.
	for _, c := range []struct {
		method, path string
		status       int
	}{{"GET", "/v1/chat/completions", 405}, {"GET", "/v1/nothing", 404}, {"GET", "/v1/models/gpt-4o", 404}} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		req.Header.Set("Authorization", "Bearer s3cret")
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || !bytes.Contains(b, []byte(`"error"`)) {
			t.Errorf("%s %s: %d %s, want %d and an error body", c.method, c.path, resp.StatusCode, b, c.status)
		}
	}
}

// TestBearerSchemeCaseInsensitive: the authentication scheme is
// case-insensitive (RFC 9110 section 11.1), so "bearer TOKEN" and "BEARER
// TOKEN" are accepted as "Bearer TOKEN" is; the token itself is not.
func TestBearerSchemeCaseInsensitive(t *testing.T) {
	_, srv := newTestServer(t, Options{Token: "s3cret"})
	for _, v := range []string{"Bearer s3cret", "bearer s3cret", "BEARER s3cret", "bEaReR   s3cret"} {
		if got := ask(t, srv, chatBody("", shortestQ), "Authorization", v); got.Graphagent.Tool != "shortest_path" {
			t.Errorf("%q: %q", v, got.content())
		}
	}
	if resp, b := post(t, srv, chatBody("", shortestQ), "Authorization", "bearer S3CRET"); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a token in another case: status %d %s", resp.StatusCode, b)
	}
}

// TestModelsHealthz: the model list names graphagent and its backend;
// /healthz needs no token, /v1/models does.
func TestModelsHealthz(t *testing.T) {
	_, srv := newTestServer(t, Options{Token: "tok"})
	get := func(path, token string) (int, []byte) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	if code, b := get("/healthz", ""); code != 200 || !bytes.Contains(b, []byte(`"status":"ok"`)) {
		t.Errorf("healthz %d %s", code, b)
	}
	if code, _ := get("/v1/models", ""); code != 401 {
		t.Errorf("models without a token: %d", code)
	}
	code, b := get("/v1/models", "tok")
	var list struct {
		Object string      `json:"object"`
		Data   []modelInfo `json:"data"`
	}
	if err := json.Unmarshal(b, &list); err != nil || code != 200 || list.Object != "list" || len(list.Data) != 1 ||
		list.Data[0].ID != "graphagent" || list.Data[0].Backend != "builtin" || list.Data[0].Object != "model" {
		t.Errorf("models %d %s (%v)", code, b, err)
	}
	if code, b := get("/v1/models/graphagent", "tok"); code != 200 || !bytes.Contains(b, []byte(`"id":"graphagent"`)) {
		t.Errorf("model %d %s", code, b)
	}
}

// TestStatelessConversation: a client that keeps no state sends the whole
// conversation; the graph written in the first message answers the last.
func TestStatelessConversation(t *testing.T) {
	_, srv := newTestServer(t, Options{})
	c := ask(t, srv, chatBody("", "Remember this graph: 0-1, 1-2, 2-3, 3-0, 0-2.", "Loaded graph1: 4 nodes, 5 edges, undirected.", "How many triangles does it have?"))
	if c.content() != "The graph has 2 triangles." || c.Graphagent.Tool != "triangle_count" {
		t.Errorf("answered %q (%s)", c.content(), c.Graphagent.Tool)
	}
	// A follow-up of a file's question, with the system prompt a client
	// adds and content given as parts.
	body := `{"model": "graphagent", "messages": [
		{"role": "system", "content": "You are a helpful assistant."},
		{"role": "user", "content": [{"type": "text", "text": "What is the degree of node 0 in karate/edges.tsv?"}]},
		{"role": "assistant", "content": "Node 0 has degree 16."},
		{"role": "user", "content": "and node 33?"}]}`
	if c := ask(t, srv, body); c.Graphagent.Tool != "degree" || string(c.Graphagent.Value) != "17" {
		t.Errorf("follow-up answered %q value %s", c.content(), c.Graphagent.Value)
	}
	// Without the earlier messages there is no graph.
	if c := ask(t, srv, chatBody("", "How many triangles does it have?")); !strings.HasPrefix(c.content(), "I could not answer") {
		t.Errorf("without history answered %q", c.content())
	}
}

// TestSessionHeader: with a session id the server keeps the session, so
// the client may send the last message only; the cap drops the least
// recently used session.
func TestSessionHeader(t *testing.T) {
	testSessionHeader(t, Options{MaxSessions: 3})
}

func testSessionHeader(t *testing.T, opt Options) {
	h, srv := newTestServer(t, opt)
	ask(t, srv, chatBody("", "load karate/edges.tsv"), SessionHeader, "a")
	c := ask(t, srv, chatBody("", "What is its diameter?"), SessionHeader, "a")
	if c.Graphagent.Tool != "diameter" || string(c.Graphagent.Value) != "5" {
		t.Errorf("session a answered %q", c.content())
	}
	ask(t, srv, chatBody("", "Remember this graph: 0-1, 1-2."), SessionHeader, "b")
	ask(t, srv, chatBody("", "Remember this graph: 5-6."), SessionHeader, "c")
	ask(t, srv, chatBody("", "Remember this graph: 7-8."), SessionHeader, "d") // drops a
	if n, _ := h.sessions.count(context.Background()); n != 3 {
		t.Errorf("%d sessions held, want the cap 3", n)
	}
	if c := ask(t, srv, chatBody("", "What is its diameter?"), SessionHeader, "a"); !strings.HasPrefix(c.content(), "I could not answer") {
		t.Errorf("dropped session a still answered %q", c.content())
	}
	// A plan confirmed by the last message alone: the session carries it.
	confirm := `"graphagent": {"confirm_plan": true}`
	if c := ask(t, srv, chatBody(confirm, "What is the shortest path from node 0 to node 2 in 0-1, 1-2, 0-2?"), SessionHeader, "p"); c.Graphagent.Pending == nil {
		t.Fatalf("no plan: %q", c.content())
	}
	if c := ask(t, srv, chatBody("", "change target to 1"), SessionHeader, "p"); !strings.Contains(c.content(), `1. shortest_path {"source":"0","target":"1"}`) {
		t.Errorf("edit alone answered %q", c.content())
	}
	if c := ask(t, srv, chatBody("", "yes"), SessionHeader, "p"); c.content() != "The shortest path from 0 to 1 has length 1: 0, 1." {
		t.Errorf("yes alone answered %q", c.content())
	}
	if c := ask(t, srv, chatBody("", "yes"), SessionHeader, "p"); c.Graphagent.Tool != "" {
		t.Errorf("a second yes ran %s again", c.Graphagent.Tool)
	}

	resp, _ := post(t, srv, chatBody("", "hi"), SessionHeader, strings.Repeat("x", 200))
	if resp.StatusCode != 400 {
		t.Errorf("a 200-byte session id: status %d", resp.StatusCode)
	}
}

// TestPlanConfirmation: asked for confirmation, the server returns the
// plan; an edit returns the edited plan, "yes" runs it, "no" cancels.
func TestPlanConfirmation(t *testing.T) {
	_, srv := newTestServer(t, Options{})
	confirm := `"graphagent": {"confirm_plan": true}`
	q := "What is the shortest path from node 0 to node 3 in [(0, 1, {'weight': 4}), (1, 3, {'weight': 1}), (0, 3, {'weight': 9}), (0, 2, {'weight': 1}), (2, 3, {'weight': 1})]?"
	plan := ask(t, srv, chatBody(confirm, q))
	if p := plan.Graphagent.Pending; p == nil || p.Tool != "shortest_path" || !strings.Contains(plan.content(), `1. shortest_path {"source":"0","target":"3"}`) {
		t.Fatalf("plan %q pending %+v", plan.content(), p)
	}
	for _, e := range plan.Graphagent.Trace {
		if e.Step == "run" {
			t.Fatalf("the plan ran: %+v", e)
		}
	}
	edited := ask(t, srv, chatBody(confirm, q, plan.content(), "change target to 1"))
	if !strings.Contains(edited.content(), `1. shortest_path {"source":"0","target":"1"}`) {
		t.Fatalf("edited plan %q", edited.content())
	}
	ran := ask(t, srv, chatBody(confirm, q, plan.content(), "change target to 1", edited.content(), "yes"))
	if ran.content() != "The shortest path from 0 to 1 has total weight 3 over 3 edges: 0, 2, 3, 1." {
		t.Errorf("confirmed edited plan answered %q", ran.content())
	}
	// The header asks for confirmation as well; without either, it runs.
	if c := ask(t, srv, chatBody("", q, plan.content(), "yes")); !strings.Contains(c.content(), "total weight 2") {
		t.Errorf("confirmed plan answered %q", c.content())
	}
	if c := ask(t, srv, chatBody("", q, plan.content(), "no")); !strings.HasPrefix(c.content(), "Cancelled") {
		t.Errorf("cancelled plan answered %q", c.content())
	}
	if c := ask(t, srv, chatBody("", q, plan.content(), "change step 2 to degree")); !strings.Contains(c.content(), "no step 2") {
		t.Errorf("editing a missing step answered %q", c.content())
	}
	if c := ask(t, srv, chatBody("", q), ConfirmHeader, "true"); c.Graphagent.Pending == nil {
		t.Errorf("with %s the answer was %q", ConfirmHeader, c.content())
	}
	if c := ask(t, srv, chatBody("", q, plan.content(), "change step 1 to shortest_path_length")); !strings.Contains(c.content(), "1. shortest_path_length {") {
		t.Errorf("changing the tool answered %q", c.content())
	}
}

// streamed reads an SSE body into its data payloads (before [DONE]) and
// reports whether [DONE] ended it.
func streamed(t testing.TB, body io.Reader) (chunks []map[string]json.RawMessage, done bool) {
	t.Helper()
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 8<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			t.Fatalf("not an SSE data line: %q", line)
		}
		if data == "[DONE]" {
			done = true
			continue
		}
		if done {
			t.Fatalf("data after [DONE]: %s", data)
		}
		var c map[string]json.RawMessage
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			t.Fatalf("%v: %s", err, data)
		}
		chunks = append(chunks, c)
	}
	return chunks, done
}

// streamParts reads streamed chunks: the steps' events, the content, the
// reasoning_content and the final chunk.
func streamParts(t *testing.T, chunks []map[string]json.RawMessage) (steps []string, content, reasoning string, final map[string]json.RawMessage) {
	t.Helper()
	var cb, rb strings.Builder
	for _, c := range chunks {
		if string(c["object"]) != `"chat.completion.chunk"` {
			t.Fatalf("chunk object %s", c["object"])
		}
		var choices []struct {
			Delta struct {
				Content   string `json:"content"`
				Reasoning string `json:"reasoning_content"`
			} `json:"delta"`
			FinishReason *string `json:"finish_reason"`
		}
		if err := json.Unmarshal(c["choices"], &choices); err != nil {
			t.Fatal(err)
		}
		if ev, ok := c["graphagent_event"]; ok {
			var e agent.Event
			if err := json.Unmarshal(ev, &e); err != nil {
				t.Fatal(err)
			}
			steps = append(steps, e.Step)
		}
		for _, ch := range choices {
			cb.WriteString(ch.Delta.Content)
			rb.WriteString(ch.Delta.Reasoning)
			if ch.FinishReason != nil && *ch.FinishReason == "stop" {
				final = c
			}
		}
	}
	return steps, cb.String(), rb.String(), final
}

// TestStreamSteps: a streamed answer sends every step as its own chunk
// (with the event; as content or reasoning_content lines only when asked),
// then the answer, then a final chunk with the structured answer; a
// refused path is reported in the final chunk.
func TestStreamSteps(t *testing.T) {
	_, srv := newTestServer(t, Options{})
	resp, b := post(t, srv, chatBody(`"stream": true, "stream_options": {"include_usage": true}`, shortestQ))
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	chunks, done := streamed(t, bytes.NewReader(b))
	if !done {
		t.Fatal("no [DONE]")
	}
	steps, content, reasoning, final := streamParts(t, chunks)
	if got := strings.Join(steps, ","); got != "graph,load,retrieval,examples,tool,params,run" {
		t.Errorf("steps %s", got)
	}
	// By default the steps are in graphagent_event only: a chat client
	// shows the answer alone.
	const answer = "The shortest path from 0 to 33 has total weight 3 over 2 edges: 0, 19, 33."
	if content != answer || reasoning != "" {
		t.Errorf("default: content %q, reasoning_content %q; want the answer alone", content, reasoning)
	}
	lines := []string{"- reading: file karate/edges.tsv", "- tool chosen: chose shortest_path", "- arguments: shortest_path {\"source\":\"0\",\"target\":\"33\"}"}
	for _, mode := range []string{StepsContent, StepsReasoning} {
		_, mb := post(t, srv, chatBody(`"stream": true, "graphagent": {"steps": "`+mode+`"}`, shortestQ))
		mc, _ := streamed(t, bytes.NewReader(mb))
		msteps, mcontent, mreasoning, _ := streamParts(t, mc)
		shown, want := mcontent, "\n"+answer
		if mode == StepsReasoning {
			shown, want = mreasoning, answer
			if mcontent != answer {
				t.Errorf("%s: content %q, want the answer alone", mode, mcontent)
			}
		}
		if len(msteps) != 7 || !strings.HasSuffix(mcontent, want) {
			t.Errorf("%s: %d events, content %q", mode, len(msteps), mcontent)
		}
		for _, w := range lines {
			if !strings.Contains(shown, w) {
				t.Errorf("%s: the streamed lines lack %q:\n%s", mode, w, shown)
			}
		}
	}
	if r, b := post(t, srv, chatBody(`"stream": true, "graphagent": {"steps": "loud"}`, shortestQ)); r.StatusCode != 400 || !bytes.Contains(b, []byte("graphagent.steps")) {
		t.Errorf("unknown steps mode: %d %s", r.StatusCode, b)
	}
	var p struct {
		Tool string `json:"tool"`
	}
	if final == nil || json.Unmarshal(final["graphagent"], &p) != nil || p.Tool != "shortest_path" {
		t.Errorf("final chunk %v", final)
	}
	if last := chunks[len(chunks)-1]; string(last["choices"]) != "[]" || !bytes.Contains(last["usage"], []byte("total_tokens")) {
		t.Errorf("usage chunk %v", last)
	}

	// Refused before the graph is loaded: the status and error body of a
	// request without streaming.
	resp, b = post(t, srv, chatBody(`"stream": true`, "What is the diameter of the graph in ../go.mod?"))
	if resp.StatusCode != 403 || !bytes.Contains(b, []byte(`"code":"path_outside_data"`)) {
		t.Errorf("refused path in a stream: %d %s", resp.StatusCode, b)
	}
	// Refused after it (a node the graph lacks): in the final chunk.
	resp, b = post(t, srv, chatBody(`"stream": true`, "What is the shortest path from node 0 to node 99 in karate/edges.tsv?"))
	chunks, done = streamed(t, bytes.NewReader(b))
	var e struct {
		Error  *apiError `json:"error"`
		Status int       `json:"status"`
	}
	if err := json.Unmarshal(chunks[len(chunks)-1]["graphagent"], &e); resp.StatusCode != 200 || !done || err != nil || e.Error == nil || e.Status < 400 {
		t.Errorf("refused after loading, in a stream: %d %s", resp.StatusCode, chunks[len(chunks)-1]["graphagent"])
	}
}

// TestDrawingAndPlot: a small graph comes with its drawing, and the
// degree distribution with its PNG when asked.
func TestDrawingAndPlot(t *testing.T) {
	_, srv := newTestServer(t, Options{})
	c := ask(t, srv, chatBody(`"graphagent": {"plot": true}`, "What is the degree distribution of karate/edges.tsv?"))
	if d := c.Graphagent.Drawing; d == nil || len(d.Nodes) != 34 || len(d.Edges) != 78 || d.Directed {
		t.Errorf("drawing %+v", d)
	}
	if !strings.HasPrefix(c.Graphagent.PlotPNG, "iVBORw0KGgo") { // base64 of the PNG signature
		t.Errorf("plot %.40q", c.Graphagent.PlotPNG)
	}
	if c := ask(t, srv, chatBody("", "What is the degree distribution of karate/edges.tsv?")); c.Graphagent.PlotPNG != "" {
		t.Error("plot sent without being asked")
	}
}

// TestLimits: a question over the length limit, a full server (429) and a
// request past its deadline (504).
func TestLimits(t *testing.T) {
	h, srv := newTestServer(t, Options{MaxQuestionBytes: 100, MaxConcurrent: 1, QueueWait: 1})
	resp, b := post(t, srv, chatBody("", strings.Repeat("0-1, ", 30)+"how many edges?"))
	if resp.StatusCode != 400 || !bytes.Contains(b, []byte("context_length_exceeded")) {
		t.Errorf("long question: %d %s", resp.StatusCode, b)
	}
	if err := h.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	resp, b = post(t, srv, chatBody("", shortestQ))
	h.release()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || !bytes.Contains(b, []byte("rate_limit_exceeded")) {
		t.Errorf("full server: %d %s", resp.StatusCode, b)
	}
	ask(t, srv, chatBody("", shortestQ))

	_, srv2 := newTestServer(t, Options{Agent: h.a, Timeout: 1})
	resp, b = post(t, srv2, chatBody("", shortestQ))
	if resp.StatusCode != 504 || !bytes.Contains(b, []byte(`"code":"timeout"`)) {
		t.Errorf("deadline: %d %s", resp.StatusCode, b)
	}
}

// metricLine is one sample line of the Prometheus text format.
var metricLine = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*")*\})? -?[0-9.e+-]+$`)

// TestMetrics: the counters follow the requests, in the text format.
func TestMetrics(t *testing.T) {
	_, srv := newTestServer(t, Options{})
	ask(t, srv, chatBody("", shortestQ))
	ask(t, srv, chatBody("", shortestQ))
	post(t, srv, `{`)
	resp, err := srv.Client().Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	text := string(b)
	for _, w := range []string{
		`graphagent_requests_total{route="chat",code="200"} 2`,
		`graphagent_requests_total{route="chat",code="400"} 1`,
		`graphagent_answers_total{tool="shortest_path"} 2`,
		`graphagent_errors_total{code="invalid_json"} 1`,
		`graphagent_request_duration_seconds_count{route="chat"} 3`,
		`graphagent_request_duration_seconds_bucket{route="chat",le="+Inf"} 3`,
		"graphagent_requests_in_flight 1", // this request
	} {
		if !strings.Contains(text, w+"\n") {
			t.Errorf("metrics lack %q", w)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(line, "#") && !metricLine.MatchString(line) {
			t.Errorf("not a Prometheus sample line: %q", line)
		}
	}
}

// TestSessionStoreTTL: a session unused past the TTL is dropped.
func TestSessionStoreTTL(t *testing.T) {
	s := newSessionStore(newTestAgent(t), memory.WorkingLimits{}, 10*time.Second, 100)
	tm := func(sec int) time.Time { return time.Unix(1000+int64(sec), 0) }
	e1 := s.get("x", tm(0))
	if e2 := s.get("x", tm(5)); e2 != e1 {
		t.Error("same id, new session")
	}
	s.get("y", tm(12))
	if s.len() != 2 {
		t.Errorf("%d sessions, want 2", s.len())
	}
	s.get("y", tm(20)) // x unused since 5: expired
	if s.len() != 1 {
		t.Errorf("%d sessions after the TTL, want 1", s.len())
	}
	if e := s.get("x", tm(21)); e == e1 || !e.fresh {
		t.Error("expired session kept")
	}
}

func planOf(tool, args string) agent.Plan { return agent.Plan{Tool: tool, Args: json.RawMessage(args)} }

// TestHideFolders: the data folder's absolute path never reaches the
// client, in an error body or in a stream.
func TestHideFolders(t *testing.T) {
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	_, srv := newTestServer(t, Options{HideFolders: []string{dir}})
	q := "What is the diameter of the graph in ../go.mod?"
	for _, body := range []string{chatBody("", q), chatBody(`"stream": true`, q)} {
		_, b := post(t, srv, body)
		if bytes.Contains(b, []byte(dir)) || !bytes.Contains(b, []byte("allowed folders: <data>")) {
			t.Errorf("the data folder shows: %.600s", b)
		}
	}
	// Without the option the sandbox's message names it (so the test
	// above checks something).
	_, plain := newTestServer(t, Options{})
	if _, b := post(t, plain, chatBody("", q)); !bytes.Contains(b, []byte(dir)) {
		t.Errorf("the sandbox message no longer names the folder: %.300s", b)
	}
}
