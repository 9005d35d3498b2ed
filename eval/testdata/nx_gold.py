"""Recompute GTools gold answers with NetworkX.

Usage: nx_gold.py DIR  (DIR holds items.jsonl and the GTools layout).
Reads every item, builds its graph with NetworkX (from the Python edge list in
the question, or from its edge-list file), computes the task's answer the way
the benchmark's authors did, and prints one JSON object per line:
{"id": ..., "nx": <answer>} plus the facts the Go test checks ("nodes",
"edges", "unique_topo").
"""
import ast
import json
import os
import sys

import networkx as nx


def python_list(q):
    start = q.index("[(")
    depth = 0
    i = start
    while i < len(q):
        c = q[i]
        if c in "'\"":
            i = q.index(c, i + 1)
        elif c in "[({":
            depth += 1
        elif c in "])}":
            depth -= 1
            if depth == 0:
                return q[start:i + 1]
        i += 1
    raise ValueError("unclosed list")


def build(item, root):
    directed = item.get("directed", False)
    g = nx.DiGraph() if directed else nx.Graph()
    attr = "capacity" if item["task"] == "Flow" else "weight"
    if item.get("graph_file"):
        with open(os.path.join(root, item["graph_file"])) as f:
            for line in f:
                p = line.split()
                if not p:
                    continue
                if len(p) == 3:
                    g.add_edge(int(p[0]), int(p[1]), **{attr: int(p[2])})
                else:
                    g.add_edge(int(p[0]), int(p[1]))
    else:
        for e in ast.literal_eval(python_list(item["question"])):
            if len(e) == 3:
                g.add_edge(e[0], e[1], **e[2])
            else:
                g.add_edge(e[0], e[1])
    return g


def answer(item, g):
    t = item["task"]
    p = item.get("params") or {}
    n = lambda k: int(p[k])
    if t == "Cycle_Detection":
        if g.is_directed():
            return not nx.is_directed_acyclic_graph(g)
        try:
            nx.find_cycle(g)
            return True
        except nx.NetworkXNoCycle:
            return False
    if t == "Triangle":
        best = None
        for c in nx.enumerate_all_cliques(g):
            if len(c) == 3:
                a, b, d = c
                s = g[a][b]["weight"] + g[a][d]["weight"] + g[b][d]["weight"]
                best = s if best is None else max(best, s)
            elif len(c) > 3:
                break
        return best
    if t == "Edge_Count":
        return g.number_of_edges()
    if t == "Node_Count":
        return g.number_of_nodes()
    if t == "Topo":
        return list(nx.topological_sort(g))
    if t == "Degree_Count":
        return g.degree(n("node"))
    if t == "Edge_Existence":
        return g.has_edge(n("source"), n("target"))
    if t == "Node_Existence":
        return g.has_node(n("node"))
    if t == "Flow":
        return nx.maximum_flow_value(g, n("source"), n("sink"))
    if t == "Path_Existence":
        return nx.has_path(g, n("source"), n("target"))
    if t == "Shortest_Path":
        return nx.shortest_path_length(g, n("source"), n("target"), weight="weight")
    raise ValueError("unknown task " + t)


def main():
    root = sys.argv[1]
    with open(os.path.join(root, "items.jsonl")) as f:
        for line in f:
            item = json.loads(line)
            g = build(item, root)
            out = {"id": item["id"], "nx": answer(item, g), "nodes": g.number_of_nodes(), "edges": g.number_of_edges()}
            if item["task"] == "Topo":
                out["unique_topo"] = len(list(nx.all_topological_sorts(g))) == 1 if g.number_of_nodes() <= 9 else \
                    all(g.has_edge(a, b) for a, b in zip(out["nx"], out["nx"][1:]))
            print(json.dumps(out))


if __name__ == "__main__":
    main()
