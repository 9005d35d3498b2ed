package tools

// basicTools returns the GTools tasks and the common tasks.
func basicTools() []Tool { return nil }
