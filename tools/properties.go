package tools

// propertyTools returns centralities and Graph-ToolFormer's toolx properties.
func propertyTools() []Tool { return nil }
