"""The multi-step question set of agent/chains_test.go, answered by NetworkX.

Writes two generated graphs beside this script (gen_undirected.edgelist: a
small-world graph with self-loops, two isolated nodes and a separate
component; gen_directed.edgelist: a random directed graph with self-loops)
and questions.jsonl: for each question, the graph file, the chain of tools
expected (the plan asserted by the test), NetworkX's answer and how to
compare it. Nodes named by a measure ("the two highest-PageRank nodes") are
the k best scores; when several nodes share the score at the edge of the
selection the question does not say which are meant, and the expected
outcome is a refusal ("tied"). The script stops on a question whose
selection hangs on a floating-point near-tie (scores within 1e-6 but not
1e-9). Run: python3 make_chains.py (deterministic).
"""
import json
import os
import random

import networkx as nx

try:  # nx.pagerank needs NumPy and SciPy; without them NetworkX's own
    import numpy  # noqa: F401
    import scipy  # noqa: F401

    pagerank = nx.pagerank
except ImportError:
    from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python as pagerank

HERE = os.path.dirname(os.path.abspath(__file__))
DATASETS = os.path.join(HERE, "..", "..", "..", "datasets")


def read_edges(path, directed, weighted, header):
    """Builds the graph from the file's lines in order, as graphagent reads it."""
    g = nx.DiGraph() if directed else nx.Graph()
    with open(path) as f:
        lines = f.read().splitlines()
    if header:
        lines = lines[1:]
    for line in lines:
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if len(parts) == 1:
            g.add_node(parts[0])
        elif weighted and len(parts) > 2:
            g.add_edge(parts[0], parts[1], weight=float(parts[2]))
        else:
            g.add_edge(parts[0], parts[1])
    return g


def write_generated():
    rnd = random.Random(14)
    und = nx.connected_watts_strogatz_graph(30, 4, 0.3, seed=5)
    lines = [f"{u} {v}" for u, v in und.edges()]
    for n in (3, 11, 17):
        lines.insert(rnd.randrange(len(lines)), f"{n} {n}")
    lines += ["40 41", "41 42", "100", "101"]
    with open(os.path.join(HERE, "gen_undirected.edgelist"), "w") as f:
        f.write("# a small-world graph with self-loops, a path 40-41-42 and isolated nodes 100, 101\n")
        f.write("\n".join(lines) + "\n")
    di = nx.gnp_random_graph(25, 0.12, seed=9, directed=True)
    lines = [f"{u} {v}" for u, v in di.edges()]
    for n in (2, 8):
        lines.insert(rnd.randrange(len(lines)), f"{n} {n}")
    with open(os.path.join(HERE, "gen_directed.edgelist"), "w") as f:
        f.write("# a random directed graph with two self-loops\n")
        f.write("\n".join(lines) + "\n")


class Tied(Exception):
    """Several nodes share the score at the edge of a selection: the
    question does not determine its nodes, and the agent must decline."""


def top(g, scores, k, lowest=False):
    order = list(g.nodes)
    pos = {n: i for i, n in enumerate(order)}
    sign = 1 if lowest else -1
    ranked = sorted(order, key=lambda n: (sign * scores[n], pos[n]))
    if len(ranked) > k:
        a, b = scores[ranked[k - 1]], scores[ranked[k]]
        if abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-3):
            raise Tied()
        if abs(a - b) <= 1e-6 * max(abs(a), abs(b), 1e-3):
            raise SystemExit(f"near-tie at the selection boundary: {a} vs {b}; choose another question")
    return ranked[:k]


def degrees(g, direction=""):
    if direction == "in":
        return dict(g.in_degree())
    if direction == "out":
        return dict(g.out_degree())
    return dict(g.degree())


def without(g, nodes):
    h = g.copy()
    h.remove_nodes_from(nodes)
    return h


def largest_cc(g):
    comps = nx.weakly_connected_components(g) if g.is_directed() else nx.connected_components(g)
    best = max(comps, key=len)  # the first of the largest in NetworkX's order
    return g.subgraph(best).copy()


def no_loops(g):
    h = g.copy()
    h.remove_edges_from(list(nx.selfloop_edges(h)))
    return h


def no_isolates(g):
    h = g.copy()
    h.remove_nodes_from(list(nx.isolates(h)))
    return h


def spl(g, a, b):
    w = "weight" if nx.is_weighted(g) else None
    return nx.shortest_path_length(g, a, b, weight=w)


PR = ["pagerank", "top_nodes"]
DEG = ["degrees", "top_nodes"]
BTW = ["betweenness_centrality", "top_nodes"]
CLO = ["closeness_centrality", "top_nodes"]
ECC = ["eccentricity", "top_nodes"]

# (question with {f}, expected tools, check, answer(g)); phrasings vary so
# that each grammar rule is met in several forms.
UNDIRECTED = [
    ("What is the shortest path length between the two highest-PageRank nodes in {f}?", PR + ["shortest_path_length"], "number",
     lambda g: spl(g, *top(g, pagerank(g), 2))),
    ("Who are the neighbours of the node with the highest degree in {f}?", DEG + ["neighbors"], "set",
     lambda g: list(g.neighbors(top(g, degrees(g), 1)[0]))),
    ("What is the degree of the highest-betweenness node in {f}?", BTW + ["degree"], "number",
     lambda g: g.degree(top(g, nx.betweenness_centrality(g), 1)[0])),
    ("Remove the node with the highest degree from {f}, then how many connected components are there?", DEG + ["remove_nodes", "connected_components"], "components",
     lambda g: nx.number_connected_components(without(g, top(g, degrees(g), 1)))),
    ("Is there an edge between the two highest-degree nodes in {f}?", DEG + ["edge_exists"], "bool",
     lambda g: g.has_edge(*top(g, degrees(g), 2))),
    ("What is the clustering coefficient of the node with the highest PageRank in {f}?", PR + ["clustering_coefficient"], "number",
     lambda g: nx.clustering(g, top(g, pagerank(g), 1)[0])),
    ("What is the average clustering of {f} after removing the highest-degree node?", DEG + ["remove_nodes", "clustering_coefficient"], "number",
     lambda g: nx.average_clustering(without(g, top(g, degrees(g), 1)))),
    ("What is the diameter of the largest connected component of {f}?", ["largest_component", "diameter"], "number",
     lambda g: nx.diameter(largest_cc(g))),
    ("How many triangles pass through the most connected node in {f}?", DEG + ["triangle_count"], "triangles",
     lambda g: nx.triangles(g, top(g, degrees(g), 1)[0])),
    ("What are the common neighbours of the two nodes with the highest betweenness in {f}?", BTW + ["common_neighbors"], "set",
     lambda g: list(nx.common_neighbors(g, *top(g, nx.betweenness_centrality(g), 2)))),
    ("What is the PageRank of the highest-degree node in {f}?", DEG + ["pagerank"], "number",
     lambda g: pagerank(g)[top(g, degrees(g), 1)[0]]),
    ("What is the eccentricity of the node with the highest closeness in the largest connected component of {f}?", ["largest_component"] + CLO + ["eccentricity"], "number",
     lambda g: nx.eccentricity(largest_cc(g), top(largest_cc(g), nx.closeness_centrality(largest_cc(g)), 1)[0])),
]

EXTRA = {
    "karate/edges.tsv": [
        ("In {f}, remove self-loops and isolated nodes, then give the diameter.", ["remove_self_loops", "remove_isolated_nodes", "diameter"], "number",
         lambda g: nx.diameter(no_isolates(no_loops(g)))),
        ("What is the shortest path length from the highest-degree node to the lowest-PageRank node in {f}?", DEG + PR + ["shortest_path_length"], "number",
         lambda g: spl(g, top(g, degrees(g), 1)[0], top(g, pagerank(g), 1, lowest=True)[0])),
        ("Drop node 33 from {f}, then what is the diameter of the largest connected component?", ["remove_nodes", "largest_component", "diameter"], "number",
         lambda g: nx.diameter(largest_cc(without(g, ["33"])))),
    ],
    "football/edges.tsv": [
        ("Remove nodes 0 and 1 from {f}, then is the graph connected?", ["remove_nodes", "is_connected"], "bool",
         lambda g: nx.is_connected(without(g, ["0", "1"]))),
        ("Keep only the largest connected component of {f}, then compute the average shortest path length.", ["largest_component", "avg_path_length"], "number",
         lambda g: nx.average_shortest_path_length(largest_cc(g))),
        ("What is the closeness centrality of the top node by betweenness in {f}?", BTW + ["closeness_centrality"], "number",
         lambda g: nx.closeness_centrality(g, top(g, nx.betweenness_centrality(g), 1)[0])),
        ("Who are the neighbours of the highest-PageRank node in {f}?", PR + ["neighbors"], "set",
         lambda g: list(g.neighbors(top(g, pagerank(g), 1)[0]))),
        ("How many triangles pass through the top node by closeness in {f}?", CLO + ["triangle_count"], "triangles",
         lambda g: nx.triangles(g, top(g, nx.closeness_centrality(g), 1)[0])),
        ("Take out the node with the highest PageRank from {f}, then what is the average clustering?", PR + ["remove_nodes", "clustering_coefficient"], "number",
         lambda g: nx.average_clustering(without(g, top(g, pagerank(g), 1)))),
    ],
    "gen_undirected.edgelist": [
        ("Remove self-loops and isolated nodes from {f}, then how many connected components are there?", ["remove_self_loops", "remove_isolated_nodes", "connected_components"], "components",
         lambda g: nx.number_connected_components(no_isolates(no_loops(g)))),
        ("How many nodes are in the largest connected component of {f}?", ["largest_component", "node_count"], "number",
         lambda g: largest_cc(g).number_of_nodes()),
        ("After removing the self-loops from {f}, how many edges does the graph have?", ["remove_self_loops", "edge_count"], "number",
         lambda g: no_loops(g).number_of_edges()),
        ("What is the average clustering of {f} without self-loops?", ["remove_self_loops", "clustering_coefficient"], "number",
         lambda g: nx.average_clustering(no_loops(g))),
        ("Who are the neighbours of the node with the highest betweenness in {f}?", BTW + ["neighbors"], "set",
         lambda g: list(g.neighbors(top(g, nx.betweenness_centrality(g), 1)[0]))),
        ("Remove the highest-PageRank node from {f}, then how many connected components are there?", PR + ["remove_nodes", "connected_components"], "components",
         lambda g: nx.number_connected_components(without(g, top(g, pagerank(g), 1)))),
        ("Get rid of the self-loops in {f}, then what is the PageRank of the node with the highest closeness?", ["remove_self_loops"] + CLO + ["pagerank"], "number",
         lambda g: pagerank(no_loops(g))[top(no_loops(g), nx.closeness_centrality(no_loops(g)), 1)[0]]),
    ],
}

DIRECTED = [
    ("Who are the successors of the node with the highest in-degree in the directed graph {f}?", ["degrees", "top_nodes", "successors"], "set",
     lambda g: list(g.successors(top(g, degrees(g, "in"), 1)[0]))),
    ("In the directed graph {f}, what is the PageRank of the node with the highest out-degree?", ["degrees", "top_nodes", "pagerank"], "number",
     lambda g: pagerank(g)[top(g, degrees(g, "out"), 1)[0]]),
    ("In the directed graph {f}, remove the self-loops, then is there a cycle?", ["remove_self_loops", "cycle_check"], "bool",
     lambda g: len(list(nx.simple_cycles(no_loops(g)))) > 0),
    ("Is there a path from the highest-PageRank node to the lowest-PageRank node in the directed graph {f}?", PR + ["top_nodes", "path_exists"], "bool",
     lambda g: nx.has_path(g, top(g, pagerank(g), 1)[0], top(g, pagerank(g), 1, lowest=True)[0])),
    ("What is the degree of the node with the highest betweenness in the directed graph {f}?", BTW + ["degree"], "number",
     lambda g: g.degree(top(g, nx.betweenness_centrality(g), 1)[0])),
    ("How many nodes are in the largest connected component of the directed graph {f}?", ["largest_component", "node_count"], "number",
     lambda g: largest_cc(g).number_of_nodes()),
    ("Remove the node with the highest degree from the directed graph {f}, then how many edges are left?", DEG + ["remove_nodes", "edge_count"], "number",
     lambda g: without(g, top(g, degrees(g), 1)).number_of_edges()),
    ("In the directed graph {f}, after removing the 2 highest-degree nodes, is the graph weakly connected?", DEG + ["remove_nodes", "is_connected"], "bool",
     lambda g: nx.is_weakly_connected(without(g, top(g, degrees(g), 2)))),
    ("Is there an edge from the highest-out-degree node to the highest-in-degree node in the directed graph {f}?", ["degrees", "top_nodes", "degrees", "top_nodes", "edge_exists"], "bool",
     lambda g: g.has_edge(top(g, degrees(g, "out"), 1)[0], top(g, degrees(g, "in"), 1)[0])),
    ("What are the successors of the node with the lowest closeness in the directed graph {f}?", CLO + ["successors"], "set",
     lambda g: list(g.successors(top(g, nx.closeness_centrality(g), 1, lowest=True)[0]))),
]

GRAPHS = [
    ("karate/edges.tsv", os.path.join(DATASETS, "karate", "edges.tsv"), False, True, True),
    ("football/edges.tsv", os.path.join(DATASETS, "football", "edges.tsv"), False, False, True),
    ("gen_undirected.edgelist", os.path.join(HERE, "gen_undirected.edgelist"), False, False, False),
    ("gen_directed.edgelist", os.path.join(HERE, "gen_directed.edgelist"), True, False, False),
]


def main():
    write_generated()
    out = []
    for name, path, directed, weighted, header in GRAPHS:
        g = read_edges(path, directed, weighted, header)
        templates = DIRECTED if directed else UNDIRECTED + EXTRA.get(name, [])
        if name == "gen_undirected.edgelist":
            # Disconnected: closeness of the whole graph, diameter of it fail.
            templates = [t for t in templates if "shortest path length between" not in t[0]]
        for q, tools, check, answer in templates:
            try:
                value = answer(g)
            except Tied:
                check, value = "tied", None
            if check == "set":
                value = sorted(value)
            out.append({"id": f"c{len(out) + 1}", "graph": name, "question": q.format(f=name),
                        "tools": tools, "check": check, "answer": value})
    with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
        for item in out:
            f.write(json.dumps(item) + "\n")
    print(len(out), "questions")


main()
