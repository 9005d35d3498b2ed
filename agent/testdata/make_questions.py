"""Writes agent/testdata/questions.jsonl: questions in varied styles with
expected answers computed independently with NetworkX (never with
graphagent's tools).

Run from the repository root: python3 agent/testdata/make_questions.py
(reads ../shared/data for the file questions).

Each line: {"question", "graph_file" (optional, relative to ../shared/data),
"directed" (for graph_file), "tools" (acceptable tool names; empty for a
fallback), "check", "key" (optional field of the value), "answer"}.
check is "value" (bool or number, compared exactly or within 1e-6),
"approx" (a number within 1e-4, for iterative methods such as PageRank), "set"
(a list compared as a set of strings), "list" (exact order), "fallback"
(no tool may answer; the agent must fall back) or "nograph" (the agent must
say there is no graph).
"""
import json
import os

import networkx as nx

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data")
OUT = os.path.join(os.path.dirname(__file__), "questions.jsonl")


def graph(edges, directed=False):
    g = nx.DiGraph() if directed else nx.Graph()
    for e in edges:
        if len(e) == 3:
            g.add_edge(str(e[0]), str(e[1]), weight=e[2])
        else:
            g.add_edge(str(e[0]), str(e[1]))
    return g


def dashes(edges, directed=False):
    sep = "->" if directed else "-"
    return ", ".join(f"{u}{sep}{v}" for u, v, *_ in edges)


def tuples(edges):
    return ", ".join("(" + ", ".join(str(x) for x in e) + ")" for e in edges)


def pylist(edges):
    return "[" + ", ".join(f"({u}, {v}, {{'weight': {w}}})" for u, v, w in edges) + "]"


def prose(edges, directed=False):
    parts = []
    for e in edges:
        u, v = e[0], e[1]
        if directed:
            s = f"there is a directed edge from node {u} to node {v}"
        else:
            s = f"an edge between node {u} and node {v}"
        if len(e) == 3:
            s += f" with weight {e[2]}"
        parts.append(s)
    return "; ".join(parts)


def lines(edges):
    return "\n".join(" ".join(str(x) for x in e) for e in edges)


# Small graphs.
G1 = [(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)]  # square with a tail
G2 = [(1, 2), (1, 3), (3, 4), (3, 5), (5, 6)]  # tree
G3 = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 2), (1, 3), (2, 4)]  # DAG, unique order
G4 = [(1, 2), (2, 3), (3, 1), (3, 4)]  # directed with a cycle
G5 = [("A", "B", 4), ("A", "C", 2), ("B", "C", 1), ("B", "D", 5), ("C", "D", 8), ("C", "E", 10), ("D", "E", 2), ("D", "F", 6), ("E", "F", 3)]
G6 = [(0, 1, 10), (0, 2, 5), (1, 2, 15), (1, 3, 10), (2, 3, 10)]  # flow network
G7 = [(1, 4), (1, 5), (2, 5), (2, 6), (3, 6)]  # bipartite path
G8 = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3)]  # two triangles and a bridge
G9 = [(0, 1, 3), (1, 2, 4), (0, 2, 5), (2, 3, 6), (1, 3, 2), (3, 4, 7), (2, 4, 1)]  # weighted triangles

Q = []


def add(question, tools, check, answer, key=None, graph_file=None, directed=None):
    q = {"question": question, "tools": tools, "check": check, "answer": answer}
    if key:
        q["key"] = key
    if graph_file:
        q["graph_file"] = graph_file
        q["directed"] = bool(directed)
    Q.append(q)


def sp_len(g, s, t, weight="weight"):
    return nx.shortest_path_length(g, str(s), str(t), weight=weight)


g1 = graph(G1)
add(f"Is there a cycle in the graph with edges {dashes(G1)}?", ["cycle_check"], "value", len(nx.cycle_basis(g1)) > 0)
add(f"Does this graph contain a loop: {tuples(G2)}?", ["cycle_check"], "value", len(nx.cycle_basis(graph(G2))) > 0)
add(f"Edges: {dashes(G1)}. How many nodes does the graph have?", ["node_count", "order"], "value", g1.number_of_nodes())
add(f"Count the edges of the graph {tuples(G1)}.", ["edge_count", "size"], "value", g1.number_of_edges())
add(f"In the graph {dashes(G1)}, what is the degree of node 2?", ["degree"], "value", g1.degree("2"))
add(f"Given the edges {tuples(G1)}, how many connections does vertex 0 have?", ["degree"], "value", g1.degree("0"))
add(f"Graph: {dashes(G1)}. Is there an edge between 1 and 3?", ["edge_exists"], "value", g1.has_edge("1", "3"))
add(f"Graph: {dashes(G1)}. Are nodes 3 and 0 adjacent?", ["edge_exists"], "value", g1.has_edge("3", "0"))
add(f"Consider the graph with edges {dashes(G1)}. Is node 7 in the graph?", ["node_exists"], "value", g1.has_node("7"))
add(f"Consider the graph with edges {dashes(G1)}. Does vertex 5 exist?", ["node_exists"], "value", g1.has_node("5"))
add(f"Is there a path from node 0 to node 5 in the graph {dashes(G1)}?", ["path_exists"], "value", nx.has_path(g1, "0", "5"))
add(f"What is the shortest path from node 1 to node 5 in the graph {tuples(G1)}? Give its length.", ["shortest_path", "shortest_path_length"], "value", sp_len(g1, 1, 5, None), key="length")
add(f"How far is vertex 3 from vertex 4 in {dashes(G1)}?", ["shortest_path", "shortest_path_length"], "value", sp_len(g1, 3, 4, None), key="length")
add(f"What is the diameter of the graph {dashes(G1)}?", ["diameter"], "value", nx.diameter(g1))
add(f"Find the radius of the network with edges {tuples(G1)}.", ["radius"], "value", nx.radius(g1))
add(f"Which nodes form the center of the graph {dashes(G1)}?", ["center"], "set", nx.center(g1))
add(f"List the neighbours of node 2 in the graph {dashes(G1)}.", ["neighbors"], "set", sorted(g1.neighbors("2")))
add(f"What is the density of the graph {dashes(G1)}?", ["density"], "value", nx.density(g1))
add(f"Is the graph {dashes(G1)} connected?", ["is_connected"], "value", nx.is_connected(g1))
add(f"Is the graph with edges {dashes(G7)} bipartite?", ["is_bipartite"], "value", nx.is_bipartite(graph(G7)), key="bipartite")
add(f"Can the graph {dashes(G1)} be split into two sides with no edge inside a side, i.e. is it bipartite?", ["is_bipartite"], "value", nx.is_bipartite(g1), key="bipartite")

g2 = graph(G2)
add(f"An undirected graph: {prose(G2)}. How many edges does it have?", ["edge_count", "size"], "value", g2.number_of_edges())
add(f"An undirected graph: {prose(G2)}. What is the degree of node 3?", ["degree"], "value", g2.degree("3"))
add(f"An undirected graph: {prose(G2)}. Is there a path between node 2 and node 6?", ["path_exists"], "value", nx.has_path(g2, "2", "6"))
add(f"The tree {dashes(G2)}: what is the distance from 2 to 6?", ["shortest_path", "shortest_path_length"], "value", sp_len(g2, 2, 6, None), key="length")
add(f"Find the articulation points of the graph {dashes(G2)}.", ["articulation_points"], "set", sorted(nx.articulation_points(g2)), key="nodes")
add(f"Which edges are bridges in {dashes(G8)}?", ["bridges"], "value", len(list(nx.bridges(graph(G8)))), key="count")
add(f"How many triangles does the graph {dashes(G8)} have?", ["triangle_count"], "value", sum(nx.triangles(graph(G8)).values()) // 3, key="triangles")
add(f"What is the clustering coefficient of node 2 in {dashes(G8)}?", ["clustering_coefficient"], "value", nx.clustering(graph(G8), "2"))
add(f"How many connected components does the graph {dashes(G8 + [(7, 8)])} have?", ["connected_components"], "value", nx.number_connected_components(graph(G8 + [(7, 8)])), key="count")
add(f"Which nodes are common neighbours of node 0 and node 1 in {dashes(G8)}?", ["common_neighbors"], "set", sorted(nx.common_neighbors(graph(G8), "0", "1")))

g3 = graph(G3, True)
order = list(nx.topological_sort(g3))
add(f"In the directed graph {dashes(G3, True)}, give a topological order of the nodes.", ["topological_sort"], "list", order)
add(f"Tasks depend on each other: {dashes(G3, True)}. In which order should they run (topological sort)?", ["topological_sort"], "list", order)
add(f"Is the directed graph {dashes(G3, True)} acyclic? Does it contain a cycle?", ["cycle_check"], "value", not nx.is_directed_acyclic_graph(g3))
add(f"In the directed graph {dashes(G3, True)}, how many edges are there?", ["edge_count", "size"], "value", g3.number_of_edges())
add(f"Directed graph {dashes(G3, True)}. Is there an edge from 4 to 3?", ["edge_exists"], "value", g3.has_edge("4", "3"))
add(f"Directed graph {dashes(G3, True)}. Is there an edge from 0 to 2?", ["edge_exists"], "value", g3.has_edge("0", "2"))
add(f"Directed graph {dashes(G3, True)}. Can node 4 reach node 0?", ["path_exists"], "value", nx.has_path(g3, "4", "0"))
add(f"Directed graph {dashes(G3, True)}. Is node 4 reachable from node 0?", ["path_exists"], "value", nx.has_path(g3, "0", "4"))
add(f"Directed graph {dashes(G3, True)}. What is the degree of node 2 (in plus out)?", ["degree"], "value", g3.degree("2"))

g4 = graph(G4, True)
add(f"{prose(G4, True)}. Is there a cycle in this directed graph?", ["cycle_check"], "value", not nx.is_directed_acyclic_graph(g4))
add(f"{prose(G4, True)}. Is there a path from node 4 to node 1?", ["path_exists"], "value", nx.has_path(g4, "4", "1"))
add(f"{prose(G4, True)}. How many strongly connected components are there?", ["strongly_connected_components"], "value", nx.number_strongly_connected_components(g4), key="count")
add(f"{prose(G4, True)}. How many nodes are in the graph?", ["node_count", "order"], "value", g4.number_of_nodes())
add(f"Directed edges {dashes(G4, True)}: list the successors of node 3.", ["neighbors"], "set", sorted(g4.successors("3")))

g5 = graph(G5)
add(f"Weighted graph with edges {tuples(G5)}. What is the shortest path from A to F?", ["shortest_path", "shortest_path_length"], "value", sp_len(g5, "A", "F"), key="length")
add(f"Weighted graph with edges {tuples(G5)}. What is the minimum total weight of a route between B and E?", ["shortest_path", "shortest_path_length"], "value", sp_len(g5, "B", "E"), key="length")
add(f"The roads are {tuples(G5)} (u, v, distance). What is the cheapest way from C to F? Give the cost.", ["shortest_path", "shortest_path_length"], "value", sp_len(g5, "C", "F"), key="length")
add(f"Weighted graph with edges {tuples(G5)}. Find the total weight of a minimum spanning tree.", ["minimum_spanning_tree"], "value", nx.minimum_spanning_tree(g5).size(weight="weight"), key="total_weight")
add(f"Weighted graph with edges {tuples(G5)}. What is the degree of node D?", ["degree"], "value", g5.degree("D"))
add(f"Weighted graph with edges {tuples(G5)}. Is there an edge between A and F?", ["edge_exists"], "value", g5.has_edge("A", "F"))
add(f"Weighted graph with edges {tuples(G5)}. How many vertices are there?", ["node_count", "order"], "value", g5.number_of_nodes())
add(f"Weighted graph with edges {tuples(G5)}. Find the triangle with the maximum sum of edge weights.", ["maximum_triangle_sum"], "value",
    max(g5[a][b]["weight"] + g5[b][c]["weight"] + g5[a][c]["weight"] for a, b, c in [t for t in __import__("itertools").combinations(g5.nodes, 3) if g5.has_edge(t[0], t[1]) and g5.has_edge(t[1], t[2]) and g5.has_edge(t[0], t[2])]), key="sum")

g6 = graph(G6, True)
add(f"A directed network with capacities: {tuples(G6)}. What is the maximum flow from node 0 to node 3?", ["maximum_flow"], "value", nx.maximum_flow_value(g6, "0", "3", capacity="weight"), key="value")
add(f"Directed graph {pylist(G6)}. Compute the max flow with source 0 and sink 3.", ["maximum_flow"], "value", nx.maximum_flow_value(g6, "0", "3", capacity="weight"), key="value")
add(f"Directed graph {pylist(G6)}. How much can flow from 1 to 3 at most?", ["maximum_flow"], "value", nx.maximum_flow_value(g6, "1", "3", capacity="weight"), key="value")
add(f"Directed graph {pylist(G6)}. What is the shortest path length from 0 to 3 using the weights?", ["shortest_path", "shortest_path_length"], "value", sp_len(g6, 0, 3), key="length")

g9 = graph(G9)
add(f"Undirected weighted graph {pylist(G9)}. Which triangle has the largest total weight? Give its sum.", ["maximum_triangle_sum"], "value",
    max(g9[a][b]["weight"] + g9[b][c]["weight"] + g9[a][c]["weight"] for a, b, c in [t for t in __import__("itertools").combinations(g9.nodes, 3) if g9.has_edge(t[0], t[1]) and g9.has_edge(t[1], t[2]) and g9.has_edge(t[0], t[2])]), key="sum")
add(f"Undirected weighted graph {pylist(G9)}. What is the weighted shortest distance from 0 to 4?", ["shortest_path", "shortest_path_length"], "value", sp_len(g9, 0, 4), key="length")
add(f"Edge list, one per line (u v w):\n{lines(G9)}\nHow many edges are there?", ["edge_count", "size"], "value", g9.number_of_edges())
add(f"Edge list, one per line (u v):\n{lines(G1)}\nWhat is the degree of node 4?", ["degree"], "value", g1.degree("4"))
add(f"Undirected graph {dashes(G9)}. Is the graph connected?", ["is_connected"], "value", nx.is_connected(graph(G9)))

# Word orders and key=value styles.
add(f"node=4. Edges {dashes(G1)}. Find the degree of the node.", ["degree"], "value", g1.degree("4"))
add(f"path_source=5 , path_target=0. Graph: {dashes(G1)}. Is there a path?", ["path_exists"], "value", nx.has_path(g1, "5", "0"))
add(f"With source 0 and target 4, what is the length of the shortest path in {dashes(G1)}?", ["shortest_path", "shortest_path_length"], "value", sp_len(g1, 0, 4, None), key="length")
add(f"From node 5 to node 1: how many hops in the graph {dashes(G1)}?", ["shortest_path", "shortest_path_length"], "value", sp_len(g1, 5, 1, None), key="length")
add(f"Tell me whether (2, 4) is an edge of {tuples(G1)}.", ["edge_exists"], "value", g1.has_edge("2", "4"))
add(f"What is the eccentricity of node 5 in {dashes(G1)}?", ["eccentricity"], "value", nx.eccentricity(g1, "5"))
add(f"Compute the PageRank of node 2 in the graph {dashes(G1)}.", ["pagerank"], "approx", nx.algorithms.link_analysis.pagerank_alg._pagerank_python(g1)["2"])
add(f"What is the betweenness centrality of node 2 in {dashes(G1)}?", ["betweenness_centrality"], "value", nx.betweenness_centrality(g1)["2"])
add(f"Compute the closeness centrality of node 0 in {dashes(G1)}.", ["closeness_centrality"], "value", nx.closeness_centrality(g1)["0"])
add(f"What is the 2-core of the graph {dashes(G8)}? List its nodes.", ["k_core"], "set", sorted(nx.k_core(graph(G8), 2).nodes), key="nodes")

# Graphs from files (the --graph option or a path in the question).
def read_tsv(rel, directed):
    g = nx.DiGraph() if directed else nx.Graph()
    with open(os.path.join(DATA, rel)) as fh:
        header = fh.readline().split("\t")
        for line in fh:
            t = line.rstrip("\n").split("\t")
            if len(t) >= 3 and "weight" in header[2]:
                g.add_edge(t[0], t[1], weight=float(t[2]))
            else:
                g.add_edge(t[0], t[1])
    return g


kar = read_tsv("karate/edges.tsv", False)
foot = read_tsv("football/edges.tsv", False)
email = read_tsv("email_eu_core/edges.tsv", True)
add("How many nodes does the graph have?", ["node_count", "order"], "value", kar.number_of_nodes(), graph_file="karate/edges.tsv")
add("What is the diameter of this network?", ["diameter"], "value", nx.diameter(kar), graph_file="karate/edges.tsv")
add("What is the degree of node 33?", ["degree"], "value", kar.degree("33"), graph_file="karate/edges.tsv")
add("Is there an edge between node 0 and node 33?", ["edge_exists"], "value", kar.has_edge("0", "33"), graph_file="karate/edges.tsv")
add("How many triangles are in the graph?", ["triangle_count"], "value", sum(nx.triangles(kar).values()) // 3, key="triangles", graph_file="karate/edges.tsv")
add("What is the average clustering coefficient?", ["clustering_coefficient"], "value", nx.average_clustering(kar), graph_file="karate/edges.tsv")
add("What is the diameter of the graph in karate/edges.tsv?", ["diameter"], "value", nx.diameter(kar))
add("How many edges are in football/edges.tsv?", ["edge_count", "size"], "value", foot.number_of_edges())
add("Is the graph in football/edges.tsv connected?", ["is_connected"], "value", nx.is_connected(foot))
add("What is the radius of the graph?", ["radius"], "value", nx.radius(foot), graph_file="football/edges.tsv")
add("How many nodes are in the directed graph?", ["node_count", "order"], "value", email.number_of_nodes(), graph_file="email_eu_core/edges.tsv", directed=True)
add("Is there an edge from node 0 to node 1 in the directed graph?", ["edge_exists"], "value", email.has_edge("0", "1"), graph_file="email_eu_core/edges.tsv", directed=True)
add("How many edges does the directed graph email_eu_core/edges.tsv have?", ["edge_count", "size"], "value", email.number_of_edges())
add("In the karate club, what is the shortest path length from 15 to 16 counted in hops?", ["shortest_path", "shortest_path_length"], "value", nx.shortest_path_length(kar, "15", "16"), key="length")

# Questions no tool answers: the agent must fall back.
add(f"Graph: {dashes(G1)}. Which node would make the best team captain?", [], "fallback", None)
add(f"Graph: {dashes(G2)}. Write a poem about this graph.", [], "fallback", None)
add(f"Graph: {dashes(G1)}. What will this network look like in ten years?", [], "fallback", None)
add(f"Graph: {dashes(G8)}. Which social community is the happiest?", [], "fallback", None)

# Questions with no graph at all.
add("What is the capital of France?", [], "nograph", None)
add("How many edges does it have?", [], "nograph", None)

with open(OUT, "w") as fh:
    for q in Q:
        fh.write(json.dumps(q) + "\n")
print(f"{len(Q)} questions written to {OUT}")
