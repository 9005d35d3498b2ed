package eval

import "fmt"

// GTools construction rules (GraphTool-Instruction, section 3.2): WL graphs
// have 2 to 40 nodes and at most 300 edges; EL graphs have 41 to 100 nodes
// and at most 1,000 edges; weights and capacities are 1 to 100.
const (
	WLMinNodes = 2
	WLMaxNodes = 40
	WLMaxEdges = 300
	ELMinNodes = 41
	ELMaxNodes = 100
	ELMaxEdges = 1000
	MinWeight  = 1
	MaxWeight  = 100
)

// gtoolsPreamble and gtoolsResponse wrap every GTools question (Alpaca
// format), exactly as in the published items.
const (
	gtoolsPreamble = "Below is an instruction that describes a task. Write a response that determines use which API to complete the task.\n\n### Instruction:\n"
	gtoolsResponse = "\n\n### Response:"
)

// paramStyle is how a task's question names its parameters.
type paramStyle int

const (
	noParams   paramStyle = iota
	nodeParam             // " The node in question is node=3."
	edgeParams            // " The nodes in question are: edge_source=9 , edge_target=5."
	pathParams            // " The nodes in question are: path_source=1 , path_target=8."
	flowParams            // " The nodes in question are: source_node=4 , sink_node=2."
)

// GTask is one GTools task family (both directions where it applies).
type GTask struct {
	// Folder is the task's folder in the GTools layout ("Shortest_Path").
	Folder string
	// File is the base name of its item files ("shortest" gives
	// shortest_Di.json, shortest_Un.json; Topo and Triangle use File.json).
	File string
	// Tool is the graphagent tool that answers it.
	Tool string
	// AltTools are other tools that answer it exactly as well.
	AltTools []string
	// Directed and Undirected say which directions exist.
	Directed, Undirected bool
	// Type is the answer type.
	Type AnswerType
	// Descriptions are the five phrasings of the task.
	Descriptions [5]string
	// minNodes is the smallest WL graph the task needs.
	minNodes int
	// density scales the edge probability (sparser for path tasks).
	density float64
	// attr is the edge attribute written in WL questions ("weight",
	// "capacity" or "" for unweighted).
	attr string
	// params is how the question states the parameters.
	params paramStyle
	// lowerVerb is true when the published items write "you need to
	// determine <description>" (Cycle_Detection).
	lowerVerb bool
	// head is the separator after "graph," in the published items
	// ("the", " The", "  The").
	head string
}

// Dirs returns the directions of the task, directed first.
func (t *GTask) Dirs() []bool {
	var ds []bool
	if t.Directed {
		ds = append(ds, true)
	}
	if t.Undirected {
		ds = append(ds, false)
	}
	return ds
}

// single reports whether the task has one direction only (its files sit
// directly in the task folder: Topo, Triangle).
func (t *GTask) single() bool { return t.Directed != t.Undirected }

// relDir is the item folder relative to the mode folder.
func (t *GTask) relDir(directed bool) string {
	if t.single() {
		return t.Folder
	}
	return t.Folder + "/" + dirWord(directed)
}

// fileName is the JSON file of one direction.
func (t *GTask) fileName(directed bool) string {
	if t.single() {
		return t.File + ".json"
	}
	return t.File + "_" + dirWord(directed) + ".json"
}

// GToolsTasks returns the eleven GTools task families; with their
// directions they make the twenty tasks (Topo is directed only, Triangle
// undirected only). The phrasings follow the published style ("you need to
// <description>").
func GToolsTasks() []GTask {
	return []GTask{
		{Folder: "Cycle_Detection", File: "cycle", Tool: "cycle_check", Directed: true, Undirected: true, Type: YesNo,
			minNodes: 2, density: 1, lowerVerb: true, head: "the",
			Descriptions: [5]string{
				"Whether the graph contains a cycle.",
				"Whether there is a loop in the graph.",
				"Whether there is a closed path in the graph.",
				"Whether the graph contains a circuit.",
				"Whether any node can be revisited by following the edges of the graph.",
			}},
		{Folder: "Triangle", File: "triangle", Tool: "maximum_triangle_sum", Undirected: true, Type: Integer,
			minNodes: 3, density: 1, attr: "weight", head: " The",
			Descriptions: [5]string{
				"Identify the triangle with the maximum sum of edge weights.",
				"Find the maximum triangle sum in the graph.",
				"Calculate the highest sum of weights in any triangle.",
				"Determine the triangle with the highest total weight.",
				"Compute the maximum sum of edge weights in a triangle.",
			}},
		{Folder: "Edge_Count", File: "edge_c", Tool: "edge_count", Directed: true, Undirected: true, Type: Integer,
			minNodes: 2, density: 1, head: " The",
			Descriptions: [5]string{
				"Determine the number of edges in the graph.",
				"Find out how many edges the graph has.",
				"Count the total number of edges in the graph.",
				"Ascertain the number of edges present in the graph.",
				"Calculate the number of edges in the graph.",
			}},
		{Folder: "Node_Count", File: "node_c", Tool: "node_count", Directed: true, Undirected: true, Type: Integer,
			minNodes: 2, density: 1, head: " The",
			Descriptions: [5]string{
				"Determine the number of nodes in the graph.",
				"Find out how many vertices the graph has.",
				"Count the total number of nodes in the graph.",
				"Ascertain the number of vertices in the graph.",
				"Calculate the number of nodes present in the graph.",
			}},
		{Folder: "Topo", File: "topo", Tool: "topological_sort", Directed: true, Type: TopoOrder,
			minNodes: 2, density: 0.6, head: "  The",
			Descriptions: [5]string{
				"Determine the topological order of the directed graph.",
				"Find the topological sorting of the given graph.",
				"Identify the topological ordering of the nodes.",
				"Calculate the topological order of nodes.",
				"Ascertain the topological sequence of the graph.",
			}},
		{Folder: "Degree_Count", File: "degree", Tool: "degree", Directed: true, Undirected: true, Type: Integer,
			minNodes: 2, density: 1, params: nodeParam, head: "the",
			Descriptions: [5]string{
				"Determine the degree of a specific node in the graph.",
				"Find out the number of edges connected to a particular node.",
				"Identify the degree of a certain vertex in the graph.",
				"Calculate the degree of a given vertex.",
				"Ascertain the number of connections for a specific node.",
			}},
		{Folder: "Edge_Existence", File: "edge", Tool: "edge_exists", Directed: true, Undirected: true, Type: YesNo,
			minNodes: 3, density: 1, params: edgeParams, head: "the",
			Descriptions: [5]string{
				"Determine whether an edge exists between two specific nodes.",
				"Check if the specified edge exists in the graph.",
				"Identify whether an edge exists linking two nodes.",
				"Confirm if an edge can be found between two nodes.",
				"Verify the existence of a specific edge in the graph.",
			}},
		{Folder: "Node_Existence", File: "node_e", Tool: "node_exists", Directed: true, Undirected: true, Type: YesNo,
			minNodes: 2, density: 1, params: nodeParam, head: "the",
			Descriptions: [5]string{
				"Determine whether the node is part of the graph.",
				"Check if the node exists in the graph.",
				"Identify whether a certain node exists in the graph.",
				"Confirm if a node can be found in the graph.",
				"Verify the existence of a node in the graph.",
			}},
		{Folder: "Flow", File: "flow", Tool: "maximum_flow", Directed: true, Undirected: true, Type: FlowValue,
			minNodes: 2, density: 0.6, attr: "capacity", params: flowParams, head: "the",
			Descriptions: [5]string{
				"Determine the maximum flow between two specific nodes in the graph.",
				"Calculate the maximum flow from one node to another.",
				"Compute the maximum flow from one specific node to another.",
				"Ascertain the maximum flow value between two nodes.",
				"Get the maximum flow between two given vertices.",
			}},
		{Folder: "Path_Existence", File: "path", Tool: "path_exists", Directed: true, Undirected: true, Type: YesNo,
			minNodes: 3, density: 0.5, params: pathParams, head: "the",
			Descriptions: [5]string{
				"Determine whether a route exists between two specific nodes.",
				"Check if there is a path between two nodes in the graph.",
				"Identify whether a path exists linking two nodes.",
				"Confirm if a path can be found between two nodes.",
				"Verify the existence of a path from one node to another.",
			}},
		{Folder: "Shortest_Path", File: "shortest", Tool: "shortest_path", AltTools: []string{"shortest_path_length"}, Directed: true, Undirected: true, Type: OptimalPath,
			minNodes: 2, density: 0.6, attr: "weight", params: pathParams, head: "the",
			Descriptions: [5]string{
				"Find the minimum distance between a given pair of nodes.",
				"Determine the shortest path between two specific nodes in the graph.",
				"Calculate the shortest route from one node to another.",
				"Ascertain the shortest path length between two nodes.",
				"Identify the shortest connection between two nodes in the graph.",
			}},
	}
}

// gtask returns the task family with the given folder name.
func gtask(folder string) (*GTask, error) {
	ts := GToolsTasks()
	for i := range ts {
		if ts[i].Folder == folder {
			return &ts[i], nil
		}
	}
	return nil, fmt.Errorf("unknown GTools task %q", folder)
}

// paramText states the item's parameters in the published style.
func (t *GTask) paramText(p map[string]any) string {
	switch t.params {
	case nodeParam:
		return fmt.Sprintf(" The node in question is node=%v.", p["node"])
	case edgeParams:
		return fmt.Sprintf(" The nodes in question are: edge_source=%v , edge_target=%v.", p["source"], p["target"])
	case pathParams:
		return fmt.Sprintf(" The nodes in question are: path_source=%v , path_target=%v.", p["source"], p["target"])
	case flowParams:
		return fmt.Sprintf(" The nodes in question are: source_node=%v , sink_node=%v.", p["source"], p["sink"])
	}
	return ""
}

// taskText is "The task is: you need to ..." with the parameters.
func (t *GTask) taskText(desc string, p map[string]any) string {
	verb := "you need to "
	if t.lowerVerb {
		verb += "determine "
	}
	return "The task is: " + verb + desc + t.paramText(p)
}

// article is "a directed" or "an undirected".
func article(directed bool) string {
	if directed {
		return "a directed"
	}
	return "an undirected"
}

// wlQuestion is a WL question with the edge list written in it.
func (t *GTask) wlQuestion(directed bool, edgeList, desc string, p map[string]any) string {
	return gtoolsPreamble + "Given " + article(directed) + " graph," + t.head + " edges are: " + edgeList + ". " +
		t.taskText(desc, p) + gtoolsResponse
}

// elQuestion is an EL question naming the edge-list file.
func (t *GTask) elQuestion(directed bool, path, desc string, p map[string]any) string {
	head := " the"
	if t.head == " The" {
		head = " The"
	} else if t.head == "  The" {
		head = "  the"
	}
	return gtoolsPreamble + "Given " + article(directed) + " graph," + head + " edges are in an edgelist file, the path is \"" + path + "\". " +
		t.taskText(desc, p) + gtoolsResponse
}
