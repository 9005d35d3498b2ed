package main

import "github.com/graphagent/graphagent/agent"

// tidyMessage makes an error's text one sentence a user reads once
// (agent.TidyMessage).
func tidyMessage(msg string) string { return agent.TidyMessage(msg) }
