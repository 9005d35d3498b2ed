package statement

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Errors of tool resolution; check them with errors.Is.
var (
	// ErrToolNotAvailable means a GR call names a learned tool
	// (graph_bert:topic, seg_bert:molecule_function, bpr:recommendation,
	// kmeans:…, transe:…) that graphagent does not provide (yet).
	ErrToolNotAvailable = errors.New("tool not available")
	// ErrUnknownTool means a GR call names no tool graphagent knows.
	ErrUnknownTool = errors.New("unknown tool")
)

// toolAliases maps Graph-ToolFormer's GR tool names, normalised by
// normalizeName (lower case, '-' and ' ' as '_'), to catalogue tools
// (tools.Catalogue). It is the one alias table; it is read-only. The paper
// spells some tools differently from the data (avg-shortest-path,
// max-shortest-path); both spellings are here.
var toolAliases = map[string]string{
	"toolx:order":                    "order",
	"toolx:size":                     "size",
	"toolx:density":                  "density",
	"toolx:eccentricity":             "eccentricity",
	"toolx:radius":                   "radius",
	"toolx:diameter":                 "diameter",
	"toolx:center":                   "center",
	"toolx:periphery":                "periphery",
	"toolx:shortest_path":            "shortest_path_length",
	"toolx:shortest_path_length":     "shortest_path_length",
	"toolx:avg_path_length":          "avg_path_length",
	"toolx:avg_shortest_path":        "avg_path_length",
	"toolx:avg_shortest_path_length": "avg_path_length",
	"toolx:max_path_length":          "max_path_length",
	"toolx:max_shortest_path":        "max_path_length",
	"toolx:min_path_length":          "min_path_length",
	"toolx:min_shortest_path":        "min_path_length",
}

// learnedToolkits are the toolkits of Graph-ToolFormer's trained models
// (read-only).
var learnedToolkits = []string{"graph_bert", "seg_bert", "bpr", "kmeans", "transe"}

// ResolveTool maps a GR tool name ("toolx:radius", "toolx:shortest-path")
// to the catalogue tool's name. A learned tool (graph_bert:topic, …) is an
// error wrapping ErrToolNotAvailable; any other unknown name one wrapping
// ErrUnknownTool that lists the names known.
func ResolveTool(name string) (string, error) {
	key := normalizeName(name)
	if t, ok := toolAliases[key]; ok {
		return t, nil
	}
	if kit, _, ok := strings.Cut(key, ":"); ok && slices.Contains(learnedToolkits, kit) {
		return "", fmt.Errorf("%q is a learned tool of Graph-ToolFormer's %s models; graphagent does not provide it yet: %w", name, kit, ErrToolNotAvailable)
	}
	return "", fmt.Errorf("no tool is called %q; the GR tools are %s: %w", name, strings.Join(ToolNames(), ", "), ErrUnknownTool)
}

// ToolNames lists the GR tool names that map onto catalogue tools, sorted.
func ToolNames() []string {
	names := make([]string, 0, len(toolAliases))
	for n := range toolAliases {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
