package main

import "github.com/urfave/cli/v2"

// Placeholders until their issues land; each moves to its own file.

func askCommand() *cli.Command {
	return &cli.Command{Name: "ask", Usage: "answer one question (not built yet)", Hidden: true}
}

func chatCommand() *cli.Command {
	return &cli.Command{Name: "chat", Usage: "conversation with working memory (not built yet)", Hidden: true}
}

func toolsSearchCommand() *cli.Command {
	return &cli.Command{Name: "search", Usage: "search the tool index (not built yet)", Hidden: true}
}
