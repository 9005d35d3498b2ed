package extract

import "testing"

// TestArrowListLowerCase: "ana → ben, cara" on lines of their own reads
// every target, lower-case words too. Before: only the first target of
// each line ("ana → ben"), confidence 0.60.
func TestArrowListLowerCase(t *testing.T) {
	for _, tc := range []tableCase{
		{name: "lower-case follow lists", text: "Here's who each account follows:\nana → ben, cara\nben → cara\ncara → ana, gus\n\nHow many accounts does cara follow?",
			edges: []string{"ana-ben", "ana-cara", "ben-cara", "cara-ana", "cara-gus"}, directed: true},
		{name: "and before the last", text: "fetch -> build, lint and test\nbuild -> deploy\n\nWhat runs after fetch?",
			edges: []string{"fetch-build", "fetch-lint", "fetch-test", "build-deploy"}, directed: true},
	} {
		tc.run(t)
	}
}
