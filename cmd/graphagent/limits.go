package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/urfave/cli/v2"
)

// graphRunFlags are --max-nodes, --max-edges and --timeout of the commands
// that load a graph file and run tools on it directly (tools run, graph
// report and compare): the same bounds ask has, so that no command reads
// or computes without limit.
func graphRunFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "max-nodes", Value: agent.DefaultMaxNodes, Usage: "refuse a graph with more nodes than `N`, as ask does"},
		&cli.IntFlag{Name: "max-edges", Value: agent.DefaultMaxEdges, Usage: "refuse a graph with more edges than `N`, as ask does"},
		&cli.DurationFlag{Name: "timeout", Value: DefaultTimeout, Usage: "deadline of loading the graph and running the tools"},
	}
}

// graphLimits returns --max-nodes and --max-edges; zero or a command
// without the flags gets ask's defaults.
func graphLimits(c *cli.Context) (graph.Limits, error) {
	l := graph.Limits{MaxNodes: c.Int("max-nodes"), MaxEdges: c.Int("max-edges")}
	if l.MaxNodes < 0 || l.MaxEdges < 0 {
		return l, usageErr("--max-nodes and --max-edges must be positive, got %d and %d", l.MaxNodes, l.MaxEdges)
	}
	if l.MaxNodes == 0 {
		l.MaxNodes = agent.DefaultMaxNodes
	}
	if l.MaxEdges == 0 {
		l.MaxEdges = agent.DefaultMaxEdges
	}
	return l, nil
}

// runContext returns c.Context bounded by --timeout (DefaultTimeout for a
// command without the flag).
func runContext(c *cli.Context) (context.Context, context.CancelFunc, time.Duration, error) {
	d := DefaultTimeout
	if c.IsSet("timeout") || c.Duration("timeout") != 0 {
		var err error
		if d, err = questionTimeout(c); err != nil {
			return nil, nil, 0, err
		}
	}
	ctx, cancel := context.WithTimeout(c.Context, d)
	return ctx, cancel, d, nil
}

// runTimeoutErr turns err into the exit-1 message of a command that ran
// out of its --timeout; other errors are returned as they are.
func runTimeoutErr(ctx context.Context, timeout time.Duration, err error) error {
	if err != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded)) {
		return cli.Exit(fmt.Sprintf("no result within --timeout %v; raise --timeout: %v", timeout, err), exitNoAnswer)
	}
	return err
}
