"""Writes a small split in the format GraphInstruct's GTG generator writes
(<dir>/<task>/<task>-int_id.csv, pandas' CSV with GTG's columns), each gold
by NetworkX, and exact.jsonl with the exact answer of every item. The first
cycle item's gold is planted wrong when its graph is acyclic (the suite's
audit must correct it). Usage: graphinstruct_fixture.py SEED N DIR"""
import csv
import itertools
import json
import os
import random
import sys

import networkx as nx

seed, per, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
COLS = ["task", "graph", "graph_adj", "graph_nl", "nodes", "num_nodes", "num_edges", "directed", "question", "answer",
        "steps", "choices", "label", "id"]
TASKS = ["topological_sort", "hamiltonian_path", "euler_path", "DFS", "BFS", "bipartite", "shortest_path", "page_rank",
         "maximum_flow", "degree", "diameter", "common_neighbor", "jaccard", "connectivity", "cycle", "edge", "neighbor",
         "predecessor", "MST", "clustering_coefficient", "connected_component"]


def rand_graph(directed, weighted=False, p=0.4, connected=False):
    while True:
        n = rng.randint(5, 7)
        g = nx.gnp_random_graph(n, p, seed=rng.randrange(1 << 30), directed=directed)
        if g.number_of_edges() == 0:
            continue
        if connected and not (nx.is_weakly_connected(g) if directed else nx.is_connected(g)):
            continue
        if weighted:
            for u, v in g.edges():
                g[u][v]["weight"] = rng.randint(1, 10)
        return g


def edges_str(g):
    if nx.get_edge_attributes(g, "weight"):
        return "[" + ", ".join("({}, {}, weight:{})".format(u, v, d["weight"]) for u, v, d in g.edges(data=True)) + "]"
    return "[" + ", ".join("({}, {})".format(u, v) for u, v in g.edges()) + "]"


def nl(g, weights=True):
    lines = []
    for u in g.nodes():
        nb = list(g.neighbors(u))
        if not nb:
            continue
        if weights and nx.get_edge_attributes(g, "weight"):
            parts = ["{} (weight: {})".format(v, g[u][v]["weight"]) for v in nb]
        else:
            parts = [str(v) for v in nb]
        lines.append("Node {} is connected to {} {}.".format(u, "node" if len(nb) == 1 else "nodes", ", ".join(parts)))
    return "\n".join(lines)


def lst(l):
    return "[" + ", ".join(str(x) for x in l) + "]"


def ham_path(g):
    for perm in itertools.permutations(g.nodes()):
        if all(g.has_edge(perm[i], perm[i + 1]) for i in range(len(perm) - 1)):
            return list(perm)
    return None


def sample(task, i):
    directed = rng.random() < 0.5
    weighted = task in ("shortest_path", "maximum_flow", "MST")
    if task in ("predecessor", "topological_sort", "maximum_flow"):
        directed = True
    if task in ("bipartite", "MST", "euler_path", "hamiltonian_path"):
        directed = False
    while True:
        if task == "topological_sort":
            g = rand_graph(True)
            g = nx.DiGraph([(u, v) for u, v in g.edges() if u < v])
            g.add_nodes_from(range(max(g.nodes()) + 1))
        elif task == "bipartite":
            n1, n2 = rng.randint(2, 3), rng.randint(2, 4)
            g = nx.Graph()
            g.add_nodes_from(range(n1 + n2))
            g.add_edges_from((u, v) for u in range(n1) for v in range(n1, n1 + n2) if rng.random() < 0.5)
        else:
            g = rand_graph(directed, weighted, connected=task in ("MST", "diameter", "shortest_path", "maximum_flow"))
        if task == "diameter" and not (nx.is_strongly_connected(g) if directed else nx.is_connected(g)):
            continue
        if task == "euler_path" and not nx.has_eulerian_path(g):
            continue
        if task == "hamiltonian_path" and ham_path(g) is None:
            continue
        if task == "bipartite" and g.number_of_edges() == 0:
            continue
        break
    n = g.number_of_nodes()
    a, b = rng.sample(range(n), 2)
    q, ans, exact = "", None, None
    show_weights = True
    if task == "topological_sort":
        q = "Output the topological sorting of this graph. Topological sorting is a linear ordering of the nodes of a directed acyclic graph (DAG) such that for every directed edge, the source node comes before the end nodes in the ordering."
        exact = [str(x) for x in nx.topological_sort(g)]
        ans = lst(exact)
    elif task == "hamiltonian_path":
        q = "Find a Hamiltonian path in this graph. A Hamiltonian path is a path that visits every node exactly once."
        exact = [str(x) for x in ham_path(g)]
        ans = lst(exact)
    elif task == "euler_path":
        q = "Find an Euler path in this graph. An Euler path is a path that visits every edge exactly once."
        exact = [str(u) for u, _ in nx.eulerian_path(g)] + [str(list(nx.eulerian_path(g))[-1][1])]
        ans = lst(exact)
    elif task in ("DFS", "BFS"):
        q = "Start from node {}, output a sequence of traversal in {} order.".format(
            a, "depth-first search (DFS)" if task == "DFS" else "breadth-first search (BFS)")
        order = nx.dfs_preorder_nodes(g, a) if task == "DFS" else [a] + [v for _, v in nx.bfs_edges(g, a)]
        exact = [str(x) for x in order]
        ans = lst(exact)
    elif task == "bipartite":
        s1 = [u for u in range(n1)]
        q = "Find a maximum matching in the bipartite graph.\nNodes set 1 contains: {}.\nNodes set 2 contains: {}.".format(
            " ".join(str(u) for u in s1), " ".join(str(u) for u in range(n1, n1 + n2)))
        m = nx.bipartite.maximum_matching(g, top_nodes=s1)
        pairs = sorted((u, m[u]) for u in s1 if u in m)
        exact = [[str(u), str(v)] for u, v in pairs]
        ans = "[" + ", ".join("({}, {})".format(u, v) for u, v in pairs) + "]"
    elif task == "shortest_path":
        while not nx.has_path(g, a, b):
            a, b = rng.sample(range(n), 2)
        q = "Calculate the distance of the shortest path from node {} to node {}.".format(a, b)
        exact = nx.shortest_path_length(g, a, b, weight="weight")
        ans = str(exact)
    elif task == "page_rank":
        q = "Which node has the largest PageRank value? The dampling factor is 0.85. The number of iterations is 3. The initial PageRank values for all nodes are initialized equally as 1/N, where N is the number of nodes."
        # page_rank is unverified by the suite; its gold here is only a node.
        # Ties are written space-separated ("1 2"), as GTG writes them.
        deg = dict(g.in_degree() if directed else g.degree())
        exact = [str(v) for v in sorted(deg) if deg[v] == max(deg.values())]
        ans = " ".join(exact) + " "
    elif task == "maximum_flow":
        q = "Calculate the maximum flow between node {} and node {} in this graph. Given a directed graph with capacities assigned to its edges, the maximum flow from a source node to a sink node is the maximum amount of flow that can be sent from the source to the sink, respecting the capacity constraints on each edge.".format(a, b)
        exact = nx.maximum_flow_value(g, a, b, capacity="weight")
        ans = str(exact)
    elif task == "degree":
        q = "What is the {}degree of node {}?".format("out-" if directed else "", a)
        exact = g.out_degree(a) if directed else g.degree(a)
        ans = str(exact)
    elif task == "diameter":
        q = "What is the diameter of the graph? The diameter is the maximum distance over all pairs of nodes in the graph."
        exact = nx.diameter(g)
        ans = str(exact)
    elif task in ("common_neighbor", "jaccard"):
        na, nb = set(g.neighbors(a)), set(g.neighbors(b))
        if task == "common_neighbor":
            q = "Calculate the number of common neighbors of node {} and node {}. ".format(a, b)
            exact = len(na & nb)
            ans = str(exact)
        else:
            q = "Calculate the Jaccard coefficient of node {} and node {}.".format(a, b)
            exact = round(len(na & nb) / len(na | nb), 4) if na | nb else 0.0
            ans = "{:.4f}".format(exact)
    elif task == "connectivity":
        q = ("Is there a directed path from node {} to node {}?" if directed else "Is there a path between node {} and node {}?").format(a, b)
        exact = nx.has_path(g, a, b)
        ans = "Yes" if exact else "No"
    elif task == "cycle":
        q = "Does the graph have a cycle? For an undirected graph, a cycle is a closed path that traverses through a sequence of nodes and edges, eventually returning to the starting node. "
        try:
            nx.find_cycle(g)
            exact = True
        except nx.NetworkXNoCycle:
            exact = False
        ans = "Yes" if exact or i == 0 else "No"
    elif task == "edge":
        q = ("Is there a directed edge from node {} to node {}?" if directed else "Is there an edge between node {} and node {}?").format(a, b)
        exact = g.has_edge(a, b)
        ans = "Yes" if exact else "No"
    elif task == "neighbor":
        q = "Which are the neighbor nodes of node {}? ".format(a)
        exact = [str(x) for x in g.neighbors(a)]
        ans = lst(exact)
    elif task == "predecessor":
        q = "Which are the predecessor nodes of node {}? A predecessor of n is a node m such that there exists a directed edge from m to n.".format(a)
        exact = [str(x) for x in g.predecessors(a)]
        ans = lst(exact)
    elif task == "MST":
        q = "Output the total weight of the minimum spanning tree (MST) for this graph."
        exact = int(nx.minimum_spanning_tree(g).size(weight="weight"))
        ans = str(exact)
        show_weights = False
    elif task == "clustering_coefficient":
        nb = list(g.neighbors(a))
        d = len(nb)
        t = sum(1 for x in nb for y in nb if x != y and g.has_edge(x, y))
        if not directed:
            t //= 2
        exact = 0.0 if d < 2 else round((t if directed else 2 * t) / (d * (d - 1)), 4)
        q = "What is the clustering coefficient of node {}?".format(a)
        ans = "{:.4f}".format(exact)
    elif task == "connected_component":
        comps = nx.strongly_connected_components(g) if directed else nx.connected_components(g)
        c = next(c for c in comps if a in c)
        exact = [str(x) for x in sorted(c)]
        q = "Find the {}connected component containing node {}.".format("strongly " if directed else "", a)
        ans = lst(exact)
    row = {"task": task, "graph": edges_str(g), "graph_adj": "{}", "graph_nl": nl(g, show_weights),
           "nodes": lst(range(n)), "num_nodes": n, "num_edges": g.number_of_edges(), "directed": str(directed),
           "question": q, "answer": ans, "steps": "Let's think.\nStep, \"quoted\".", "choices": "", "label": "0", "id": i}
    return row, exact


with open(os.path.join(out, "exact.jsonl"), "w") as ex:
    for task in TASKS:
        os.makedirs(os.path.join(out, task))
        with open(os.path.join(out, task, task + "-int_id.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLS, lineterminator="\n")
            w.writeheader()
            for i in range(per):
                row, exact = sample(task, i)
                w.writerow(row)
                ex.write(json.dumps({"id": "{}-{}".format(task, i), "exact": exact}) + "\n")
