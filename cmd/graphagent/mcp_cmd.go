package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/agent/mcpserver"
)

func mcpCommand() *cli.Command {
	return &cli.Command{
		Name:  "mcp",
		Usage: "serve the tools over the Model Context Protocol on stdin/stdout",
		Description: `An MCP server (stdio) for desktop assistants and IDE agents: every catalogue tool with its
JSON schema plus the graph to run on (graph_file, a path inside the data folders, or graph, an edge
list / node-link JSON / DOT text), and "ask", which answers a question end to end and keeps the
graphs it loads for later questions. Files are read only inside --data (default: the current folder).
A client configuration, for example:
  {"command": "graphagent", "args": ["--data", "/path/to/graphs", "mcp"]}
Logs go to stderr; stdout carries the protocol only.`,
		Flags:  append([]cli.Flag{timeoutFlag()}, llmFlags()...),
		Action: mcpAction,
	}
}

func mcpAction(c *cli.Context) error {
	a, timeout, err := startAgent(c, "mcp takes no arguments")
	if err != nil {
		return err
	}
	defer closeAgent(a)
	sb, err := newSandbox(c)
	if err != nil {
		return usageErr("data folders: %v", err)
	}
	defer sb.Close()
	// Clients (and the model behind them) never see where the data
	// folders are, as with serve.
	s, err := mcpserver.New(mcpserver.Options{Agent: a, Sandbox: sb, Timeout: timeout, HideFolders: sb.Roots()})
	if err != nil {
		return cli.Exit(err.Error(), exitNoAnswer)
	}
	// A malformed frame gets its JSON-RPC error and the session goes on
	// (the SDK's own stdio transport ends it).
	t := &mcpserver.Transport{Reader: c.App.Reader, Writer: c.App.Writer}
	if err := s.Run(c.Context, t); err != nil && !errors.Is(err, io.EOF) && c.Context.Err() == nil {
		return cli.Exit(fmt.Sprintf("mcp: %v", err), exitNoAnswer)
	}
	return nil
}
