package tools

// advancedTools returns the structural, centrality and toolx property tools.
func advancedTools() []Tool { return nil }
