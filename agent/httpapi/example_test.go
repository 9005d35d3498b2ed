package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/agent/httpapi"
)

// The handler mounts in an existing ServeMux, here under /graphagent/
// beside the application's own routes; the chat page is then at
// /graphagent/ and the API at /graphagent/v1/.
func ExampleNew() {
	ctx := context.Background()
	a, err := agent.New(ctx, agent.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	h, err := httpapi.New(httpapi.Options{Agent: a, Token: "s3cret"})
	if err != nil {
		fmt.Println(err)
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /hello", func(w http.ResponseWriter, r *http.Request) { fmt.Fprintln(w, "hello") })
	mux.Handle("/graphagent/", http.StripPrefix("/graphagent", h))
	srv := httptest.NewServer(mux) // or http.ListenAndServe("127.0.0.1:8080", mux)
	defer srv.Close()

	body := `{"model": "graphagent", "messages": [{"role": "user", "content": "Is there a cycle in 0-1, 1-2, 2-0?"}]}`
	req, _ := http.NewRequest("POST", srv.URL+"/graphagent/v1/chat/completions", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer s3cret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var out struct {
		Choices []struct {
			Message struct{ Content string } `json:"message"`
		} `json:"choices"`
		Graphagent struct {
			Tool  string `json:"tool"`
			Value any    `json:"value"`
		} `json:"graphagent"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.StatusCode, out.Choices[0].Message.Content)
	fmt.Println(out.Graphagent.Tool, out.Graphagent.Value)
	// Output:
	// 200 The graph contains a cycle, for example 1 - 0 - 2 - 1.
	// cycle_check true
}
