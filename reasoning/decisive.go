package reasoning

import "context"

// ExampleFreeChooser is implemented by planners that can tell when solved
// examples cannot change their tool choice, so that the agent may skip the
// memory lookup. ChooseToolWithoutExamples ignores req.Examples; when
// decisive is true, ChooseTool with any examples would choose the same tool.
type ExampleFreeChooser interface {
	ChooseToolWithoutExamples(ctx context.Context, req ToolRequest) (choice ToolChoice, decisive bool, err error)
}

var _ ExampleFreeChooser = (*BuiltinPlanner)(nil)
