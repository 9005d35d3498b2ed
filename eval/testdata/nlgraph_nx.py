"""Recompute NLGraph gold answers with NetworkX from the checker's reading.

Usage: nlgraph_nx.py < problems.jsonl
Each input line is one NLGraph question as eval's checker reads it:
{"id", "task", "nodes", "directed", "edges": [[u, v, w], ...], "source", "target",
 "applicants", "jobs", "interested": [[a, j], ...], "embeddings": [[...], ...], "layers"}.
Prints one JSON object per line, {"id": ..., "nx": <answer>}: a boolean for
connectivity, cycle and topology (a topological order exists), a number for flow,
shortest_path (total weight) and matching (maximum size), the vectors for GNN.
Hamilton has no NetworkX solver for general graphs and is left out.
"""
import json
import sys

import networkx as nx


def graph(p):
    g = nx.DiGraph() if p["directed"] else nx.Graph()
    g.add_nodes_from(range(p["nodes"]))
    for u, v, w in p["edges"]:
        g.add_edge(u, v, weight=w, capacity=w)
    return g


def answer(p):
    task = p["task"]
    if task == "connectivity":
        g = graph(p)
        s, t = p["source"], p["target"]
        if s not in g or t not in g:
            return s == t
        return nx.has_path(g, s, t)
    if task == "cycle":
        try:
            nx.find_cycle(graph(p))
            return True
        except nx.NetworkXNoCycle:
            return False
    if task == "topology":
        return nx.is_directed_acyclic_graph(graph(p))
    if task == "flow":
        return nx.maximum_flow_value(graph(p), p["source"], p["target"], capacity="capacity")
    if task == "shortest_path":
        return nx.dijkstra_path_length(graph(p), p["source"], p["target"], weight="weight")
    if task == "matching":
        g = nx.Graph()
        left = [("a", a) for a in range(p["applicants"])]
        g.add_nodes_from(left)
        g.add_nodes_from(("j", j) for j in range(p["jobs"]))
        g.add_edges_from((("a", a), ("j", j)) for a, j in p["interested"])
        return len(nx.bipartite.maximum_matching(g, top_nodes=left)) // 2
    if task == "GNN":
        g = graph(p)
        x = {v: list(p["embeddings"][v]) for v in g}
        for _ in range(p["layers"]):
            x = {v: [sum(x[u][k] for u in g.neighbors(v)) for k in range(len(x[v]))] for v in g}
        return [x[v] for v in range(p["nodes"])]
    return None


def main():
    for line in sys.stdin:
        p = json.loads(line)
        a = answer(p)
        if a is not None:
            print(json.dumps({"id": p["id"], "nx": a}))


if __name__ == "__main__":
    main()
