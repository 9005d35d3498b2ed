package main

import "github.com/urfave/cli/v2"

func toolsCommand() *cli.Command {
	return &cli.Command{
		Name:        "tools",
		Usage:       "list, show, search and run the graph tools",
		Subcommands: []*cli.Command{toolsSearchCommand()},
	}
}
