"""Write a small GraCoRe pure-graph split in the benchmark's own file format.

Usage: gracore_fixture.py SEED PER_FILE DIR

Writes DIR/Data/Pure Graph/<type>/graph_<n>.json for GraCoRe's nine graph
types and n = 8, 9: a JSON list of PER_FILE graphs, each with the fields of
Code/create_data.py's text_graph (nodes, edges with "attributes" weights,
is_directed, graph_description, hamiltonian_cycle, QA.structure_qa as a
one-element list, QA.specail_qa) and its questions and answers: golds as
create_data.py computes them, its mistakes included (the Hamiltonian answer
is every edge of the graph; the TSP answer is the nearest-neighbour tour;
nx.is_eulerian says no for a graph with an isolated node; node counts and
connectivity count nodes the edge-list description never shows). The
graphs are this script's own (small, seeded), built so that each of those
cases occurs. DIR/exact.jsonl gives, per item ID, what is exactly right by
the question's own words (NetworkX, and brute force for the tours):
{"id", "exact", "hidden"}, hidden listing nodes without edges.
"""
import itertools
import json
import os
import random
import sys

import networkx as nx

TYPES = [
    ("shortest_path", "Shortest Path Graph"),
    ("max_flow", "Max Flow Graph"),
    ("graph_traversal", "Graph Traversal Graph"),
    ("tree_structure", "Tree Structure Graph"),
    ("bipartite_graph", "Bipartite Graph"),
    ("graph_coloring", "Graph Coloring"),
    ("hamiltonian", "Hamiltonian Graph"),
    ("tsp", "TSP Graph"),
    ("eulerian", "Eulerian Graph"),
]
SPECIAL = {"max_flow", "graph_coloring", "hamiltonian", "tsp", "eulerian"}


def weights(rng, g):
    for u, v in g.edges():
        g[u][v]["weight"] = rng.randint(1, 5)
    return g


def nearest_neighbour(g):
    path, seen, cur = [0], {0}, 0
    while len(seen) < g.number_of_nodes():
        nxt = min((v for v in g.nodes if v not in seen), key=lambda v: g[cur][v]["weight"])
        path.append(nxt)
        seen.add(nxt)
        cur = nxt
    path.append(0)
    return path, sum(g[path[i]][path[i + 1]]["weight"] for i in range(len(path) - 1))


def best_tour(g):
    rest = [v for v in g.nodes if v != 0]
    best = None
    for p in itertools.permutations(rest):
        t = (0,) + p + (0,)
        w = sum(g[t[i]][t[i + 1]]["weight"] for i in range(len(t) - 1))
        if best is None or w < best:
            best = w
    return best


def make(rng, key, n, index):
    """One graph of a type: (G, question, answer, exact, planted cycle)."""
    if key == "shortest_path":
        while True:
            g = weights(rng, nx.gnm_random_graph(n, n + 2, seed=rng.randint(0, 1 << 30)))
            if index == 0:
                g.remove_edges_from(list(g.edges(n - 1)))  # a node the description never shows
            pairs = [(s, t) for s in g for t in g if s != t and nx.has_path(g, s, t)
                     and len(nx.shortest_path(g, s, t, weight="weight")) > 3]
            if pairs:
                break
        s, t = rng.choice(pairs)
        length, path = nx.single_source_dijkstra(g, s, t)
        return (g, "What is the shortest path from node %d to node %d? How long is it?" % (s, t),
                "The shortest path is %s with length %s." % (path, length), length, None)
    if key == "max_flow":
        g = nx.DiGraph()
        g.add_nodes_from(range(n))
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() > 0.5:
                    g.add_edge(i, j, weight=rng.randint(1, 5))
        f, fd = nx.maximum_flow(g, 0, n - 1, capacity="weight")
        paths = [(u, v, fd[u][v]) for u in fd for v in fd[u] if fd[u][v] > 0]
        return (g, "What is the maximum flow from node 0 to node %d?" % (n - 1),
                "The maximum flow is %s. The flow paths are %s." % (f, paths), f, None)
    if key == "graph_traversal":
        g = weights(rng, nx.gnm_random_graph(n, n + 3, seed=rng.randint(0, 1 << 30)))
        bfs = [0] + [v for u, v in nx.bfs_edges(g, 0)]
        seq = bfs[1:]
        opts = [bfs]
        for _ in range(3):
            rng.shuffle(seq)
            opts.append([0] + seq)
        q = ("Implement the Breadth-First Search (BFS) algorithm to traverse the graph and return the list of nodes traversed "
             "in the order they are visited.Visited the graph start node 0.You can choise A,B,C or D.\n A. %s \n B. %s \n C. %s D. %s \n"
             % tuple(opts))
        return g, q, "A.", "A", None
    if key == "tree_structure":
        g = nx.random_labeled_tree(n, seed=rng.randint(0, 1 << 30)) if hasattr(nx, "random_labeled_tree") else nx.random_tree(n, seed=rng.randint(0, 1 << 30))
        if index % 2 == 1:
            u, v = rng.sample(sorted(g.nodes), 2)
            g.add_edge(u, v)
        g = weights(rng, nx.Graph(g))
        t = nx.is_tree(g)
        return (g, "A tree is an undirected graph in which any two vertices are connected by exactly one path, and there are no cycles. "
                   "Based on the following description, determine if the given graph is a tree.",
                "Yes, it is a tree." if t else "No, it is not a tree.", t, None)
    if key == "bipartite_graph":
        g = nx.bipartite.random_graph(n // 2, n - n // 2, 0.5, seed=rng.randint(0, 1 << 30))
        g = nx.Graph(g)
        if index == 0:
            g.remove_edges_from(list(g.edges(n - 1)))
        if index % 2 == 1:
            u, v = rng.sample(sorted(g.nodes), 2)
            g.add_edge(u, v)
        g = weights(rng, g)
        b = nx.is_bipartite(g)
        return (g, " A bipartite graph is a special type of graph where the vertex set can be divided into two disjoint subsets such that "
                   "every edge connects a vertex in one subset to a vertex in the other subset. Please determine if the given graph is bipartite.",
                "Yes, it is bipartite." if b else "No, it is not bipartite.", b, None)
    if key == "graph_coloring":
        g = weights(rng, nx.gnm_random_graph(n, 2 * n, seed=rng.randint(0, 1 << 30)))
        k = len(set(nx.coloring.greedy_color(g, strategy="largest_first").values()))
        return (g, "Use a greedy algorithm with the \"largest_first\" strategy to determine the minimum number of colors needed to color "
                   "the graph, ensuring that no two adjacent nodes share the same color.",
                "Minimum number of colors required: %d" % k, k, None)
    if key == "hamiltonian":
        g = nx.DiGraph()
        g.add_nodes_from(range(n))
        cyc = [(i, (i + 1) % n) for i in range(n)]
        g.add_edges_from(cyc)
        while g.number_of_edges() < 2 * n:
            u, v = rng.randrange(n), rng.randrange(n)
            if u != v:
                g.add_edge(u, v)
        g = weights(rng, g)
        perm = list(range(n))
        rng.shuffle(perm)
        g = nx.relabel_nodes(g, dict(enumerate(perm)))
        planted = [(perm[u], perm[v]) for u, v in cyc]
        return (g, "A Hamiltonian cycle in this graph is a cycle that visits each node exactly once and returns to the starting node. "
                   "If a Hamiltonian cycle exists in this graph, provide the sequence of nodes that form this cycle. ",
                list(g.edges(data=True)), True, planted)
    if key == "tsp":
        g = weights(rng, nx.complete_graph(n))
        path, length = nearest_neighbour(g)
        return (g, "The goal is to find the shortest possible route that visits each node exactly once and returns to the starting node."
                   "Please determine the optimal solution for this Traveling Salesman Problem (TSP).You can use Nearest Neighbor Algorithm "
                   "solve this problem. Provide the sequence of nodes that form this shortest route and the total distance of this route.Start from node 0.",
                "The TSP path is %s and path is %s." % (length, path), best_tour(g), None)
    if key == "eulerian":
        g = nx.Graph()
        g.add_nodes_from(range(n))
        if index == 0:
            g.add_edges_from((i, (i + 1) % (n - 1)) for i in range(n - 1))  # a cycle and an isolated node
        else:
            for i in range(n):
                for j in range(i + 1, n):
                    if rng.random() < 0.5:
                        g.add_edge(i, j)
        g = weights(rng, g)
        e = nx.is_eulerian(g)
        core = g.subgraph([v for v in g if g.degree(v) > 0])
        exact = core.number_of_edges() > 0 and nx.is_eulerian(core)
        return (g, "An Eulerian circuit in this graph is a cycle that visits every edge exactly once and returns to the starting node."
                   "Please determine if an Eulerian circuit exists in this graph. ",
                "Yes, it has an Eulerian circuit." if e else "No, it does not have an Eulerian circuit.", exact, None)
    raise ValueError(key)


def record(g, name, q, a, planted):
    edges = list(g.edges(data=True))
    directed = g.is_directed()
    und = g.to_undirected() if directed else g
    connected = nx.is_connected(und)
    lines = ["From node %s to node %s, distance is %s" % (u, v, d["weight"]) for u, v, d in edges]
    desc = "This is a %s graph with the following edges:\n" % ("directed" if directed else "undirected") + "\n".join(lines)
    return {
        "nodes": list(g.nodes),
        "edges": [{"source": u, "target": v, "attributes": d["weight"]} for u, v, d in edges],
        "params": [],
        "node_count": g.number_of_nodes(),
        "edge_count": g.number_of_edges(),
        "is_directed": directed,
        "is_tree": nx.is_tree(g) if not directed else False,
        "is_connected": connected,
        "components": [sorted(c) for c in nx.connected_components(und)],
        "graph_name": name,
        "average_degree": sum(d for _, d in g.degree()) / g.number_of_nodes(),
        "diameter": nx.diameter(und) if connected else "undefined",
        "radius": nx.radius(und) if connected else "undefined",
        "graph_description": desc,
        "random_graph_description": desc,
        "hamiltonian_cycle": planted,
        "euler_cycle": nx.is_eulerian(g),
        "QA": {
            "structure_qa": [{
                "node_number": {"Q": "How many nodes in this graph?", "A": g.number_of_nodes()},
                "average_degree": {"Q": "What's the average degree of this graph?", "A": sum(d for _, d in g.degree()) / g.number_of_nodes()},
                "is_connected": {"Q": "Is this graph a connected graph?", "A": "Yes" if connected else "No"},
                "similarity": {"Q": "What are the triplets in this graph? ", "A": [(u, v, d["weight"]) for u, v, d in edges]},
            }],
            "specail_qa": {"Q": q, "A": a},
        },
    }


def main():
    seed, per, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    exact = []
    for key, name in TYPES:
        folder = os.path.join(out, "Data", "Pure Graph", name)
        os.makedirs(folder, exist_ok=True)
        for n in (8, 9):
            recs = []
            for i in range(per):
                g, q, a, ex, planted = make(rng, key, n, i)
                recs.append(record(g, name, q, a, planted))
                hidden = [v for v in g.nodes if g.degree(v) == 0]
                base = "%s/%d/%d/" % (key, n, i)
                exact.append({"id": base + key, "exact": ex, "hidden": hidden})
                if key not in SPECIAL:
                    und = g.to_undirected() if g.is_directed() else g
                    exact.append({"id": base + "node_number", "exact": g.number_of_nodes(), "hidden": hidden})
                    exact.append({"id": base + "average_degree", "exact": sum(d for _, d in g.degree()) / g.number_of_nodes(), "hidden": hidden})
                    exact.append({"id": base + "is_connected", "exact": nx.is_connected(und), "hidden": hidden})
                    exact.append({"id": base + "similarity", "exact": None, "hidden": hidden})
            with open(os.path.join(folder, "graph_%d.json" % n), "w") as f:
                json.dump(recs, f, ensure_ascii=False, indent=1)
    with open(os.path.join(out, "exact.jsonl"), "w") as f:
        for e in exact:
            f.write(json.dumps(e) + "\n")


if __name__ == "__main__":
    main()
