package mcpserver_test

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/agent/mcpserver"
)

// The MCP server runs on any transport of the SDK: graphagent mcp uses
// stdio; here a client in the same process calls a tool on a graph given
// as text.
func ExampleNew() {
	ctx := context.Background()
	a, err := agent.New(ctx, agent.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	s, err := mcpserver.New(mcpserver.Options{Agent: a})
	if err != nil {
		fmt.Println(err)
		return
	}
	serverSide, clientSide := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, serverSide, nil) // or s.Run(ctx, &mcp.StdioTransport{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "example"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "connected_components", Arguments: map[string]any{"graph": "a b\nb c\nx y\n"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// The graph has 2 connected components: {a, b, c}; {x, y}.
}
