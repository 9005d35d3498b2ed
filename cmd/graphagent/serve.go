package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/agent/httpapi"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the agent over HTTP: an OpenAI-compatible chat API, a web chat page, metrics",
		Description: `Serves, on --addr (loopback unless told otherwise):
  POST /v1/chat/completions  OpenAI chat completions; "stream": true streams the steps (reading, tools
                             retrieved, tool chosen, arguments, result) then the answer as server-sent
                             events; the structured answer is in the "graphagent" field
  GET  /v1/models            the model id "graphagent" and the backend behind it
  GET  /                     a web chat page
  GET  /healthz, /metrics    health, and Prometheus metrics
Earlier messages of a conversation are asked again in a fresh session, so stateless clients keep their
graphs; the header X-Session-Id keeps a server-side session instead (--session-ttl, --max-sessions),
in this process or, with --sessions redis://HOST:PORT/DB, in Redis, shared by replicas behind a load
balancer (any replica continues any conversation; docs/serve.md lists the keys).
"graphagent": {"confirm_plan": true} in a request (or the header X-Graphagent-Confirm-Plan: true)
returns the plan of tool calls; "yes" runs it, "change source to 5" edits it, "no" cancels.
With --token (or GRAPHAGENT_TOKEN) every request but /healthz and the page needs
"Authorization: Bearer TOKEN". SIGTERM or Ctrl-C stops accepting requests and finishes those in flight.

  graphagent --data datasets serve --addr 127.0.0.1:8080
  curl -s http://127.0.0.1:8080/v1/chat/completions -H 'Content-Type: application/json' \
    -d '{"model": "graphagent", "messages": [{"role": "user", "content": "Is there a cycle in 0-1, 1-2, 2-0?"}]}'`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", EnvVars: []string{"GRAPHAGENT_ADDR"}, Usage: "address to listen on (host:port; a host other than loopback exposes the server)"},
			&cli.StringFlag{Name: "token", EnvVars: []string{"GRAPHAGENT_TOKEN"}, Usage: "bearer token clients must send (default: none)"},
			&cli.DurationFlag{Name: "timeout", Value: DefaultTimeout, Usage: "deadline of one chat request"},
			&cli.Int64Flag{Name: "max-body", Value: 4 << 20, Usage: "largest request body in bytes"},
			&cli.IntFlag{Name: "max-question", Value: 1 << 20, Usage: "longest question (the last user message) in bytes"},
			&cli.IntFlag{Name: "max-concurrent", Value: 64, Usage: "chat requests answered at once; others wait up to 10s, then get 429"},
			&cli.DurationFlag{Name: "session-ttl", Value: 30 * time.Minute, Usage: "drop a server-side session unused this long"},
			&cli.IntFlag{Name: "max-sessions", Value: 1000, Usage: "server-side sessions held at once (the least recently used is dropped)"},
			&cli.StringFlag{Name: "stream-steps", Value: httpapi.StepsField, EnvVars: []string{"GRAPHAGENT_STREAM_STEPS"}, Usage: "how a streamed answer's steps are sent: field (only in the graphagent_event field, so chat clients show the answer alone), reasoning (also as delta.reasoning_content) or content (also as lines of the message before the answer); a request may choose with \"graphagent\": {\"steps\": ...}"},
			&cli.StringFlag{Name: "sessions", EnvVars: []string{"GRAPHAGENT_SESSIONS"}, Usage: "`URL` of the Redis holding the server-side sessions (redis://HOST:PORT/DB), shared by replicas (default: in this process)"},
			&cli.BoolFlag{Name: "learn", Usage: "write every answer an exact tool gave back to long-term memory (--memory) as a solved example before sending it; " +
				"replicas sharing --memory postgres://… learn from each other; while the memory store is down those requests get 503 (retry)"},
			&cli.Int64Flag{Name: "session-memory", Value: 1024, Usage: "`MB` of graphs all server-side sessions hold together (estimated; the least recently used graphs are dropped)"},
		}, llmFlags()...),
		Action: serveAction,
	}
}

func serveAction(c *cli.Context) error {
	a, timeout, err := startAgent(c, "serve takes no arguments")
	if err != nil {
		return err
	}
	defer closeAgent(a)
	log := logger(c)
	sb, err := newSandbox(c)
	if err != nil {
		return usageErr("data folders: %v", err)
	}
	hidden := sb.Roots() // clients never see where the data folders are
	sb.Close()
	sessions := c.String("sessions")
	if sessions != "" && !strings.HasPrefix(sessions, "redis://") && !strings.HasPrefix(sessions, "rediss://") && !strings.HasPrefix(sessions, "unix://") {
		return usageErr("--sessions %q: want a Redis URL, redis://HOST:PORT/DB", sessions)
	}
	h, err := httpapi.New(httpapi.Options{
		Sessions:    sessions,
		HideFolders: hidden,
		Agent:       a, Token: c.String("token"), Timeout: timeout, MaxBodyBytes: c.Int64("max-body"),
		MaxQuestionBytes: c.Int("max-question"), MaxConcurrent: c.Int("max-concurrent"),
		SessionTTL: c.Duration("session-ttl"), MaxSessions: c.Int("max-sessions"), Logger: log,
		SessionMemory: c.Int64("session-memory") << 20, Learn: c.Bool("learn"), Steps: c.String("stream-steps"),
	})
	if err != nil {
		return usageErr("%v", err)
	}
	defer h.Close()
	if sessions != "" {
		// Serving starts anyway: requests that need the store get 503
		// until it answers.
		pctx, cancel := context.WithTimeout(c.Context, 2*time.Second)
		if err := h.Check(pctx); err != nil {
			log.Warn("the session store does not answer yet; session requests get 503 until it does", "err", err)
		}
		cancel()
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return usageErr("--addr: %v", err)
	}
	if host, _, _ := net.SplitHostPort(ln.Addr().String()); c.String("token") == "" {
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			log.Warn("serving beyond loopback without --token: anyone who reaches the address can ask questions and read graph files in the data folders", "addr", ln.Addr().String())
		}
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      timeout + 30*time.Second, // a request's own deadline ends it first
		IdleTimeout:       2 * time.Minute,
	}
	fmt.Fprintf(c.App.ErrWriter, "graphagent serve: %s backend, listening on http://%s (Ctrl-C or SIGTERM stops)\n", a.Planner().Name(), ln.Addr())
	return serveUntilDone(c.Context, srv, ln, timeout+5*time.Second)
}

// serveUntilDone serves on ln until ctx ends, then stops accepting and
// waits up to grace for the requests in flight.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return cli.Exit(fmt.Sprintf("serve: %v", err), exitNoAnswer)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return cli.Exit(fmt.Sprintf("serve: requests still running after %v: %v", grace, err), exitNoAnswer)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return cli.Exit(fmt.Sprintf("serve: %v", err), exitNoAnswer)
	}
	return nil
}
