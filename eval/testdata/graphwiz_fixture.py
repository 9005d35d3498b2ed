"""Write a small GraphWiz test split, in the benchmark's own file format.

Usage: graphwiz_fixture.py SEED PER_TASK DIR

Writes DIR/<task>_test.json for GraphWiz's nine tasks (one JSON object per
line: index, input_prompt, answer, as its generation/*.py writes them, with
its prompt templates and edge notations), with golds by NetworkX, except
that Hamilton's published gold is what the benchmark's generator computes:
a depth-first search that gives up after its first dead end (so many graphs
that have a Hamiltonian path are labelled "No"). DIR/exact.jsonl gives each
item's exact answer ({"id", "exact"}; Hamilton by exhaustive search) for the
Go test to compare the audit with.
"""
import itertools
import json
import os
import random
import sys

import networkx as nx
from networkx.algorithms import isomorphism

T = {
    "connectivity": "Determine whether two nodes are connected in an undirected graph. In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. Given a graph and a pair of nodes, you need to output Yes or No, indicating whether the node i and node j are connected. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is there a path between node {} and node {}?",
    "cycle": "Determine whether or not there is a cycle in an undirected graph. In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output Yes or No, indicating whether there is a cycle in the graph. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is there a cycle in this graph?",
    "shortest": "Find the shortest path between two nodes in an undirected graph. In an undirected graph, (i,j,k) means that node i and node j are connected with an undirected edge with weight k. Given a graph and a pair of nodes, you need to output the shortest path between the two nodes. Q: The nodes are numbered from {} to {}, and the edges are: {}. Give the weight of the shortest path from node {} to node {}.",
    "bipartite": "Determine whether or not a graph is bipartite. In a directed graph, (i->j) means that node i and node j are connected with an directed edge from node i to node j. Given a graph, you need to output Yes or No, indicating whether the graph is bipartite. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is this graph bipartite?",
    "flow": "Find the maximum flow between two nodes in a directed graph. In a directed graph, (i->j,k) means that node i and node j are connected with an directed edge from node i to node j with weight k. Given a graph and a pair of nodes, you need to output the maximum flow between the two nodes. Q: The nodes are numbered from {} to {}, and the edges are: {}. What is the maximum flow from node {} to node {}?",
    "triplet": "Find the maximum sum of the weights of three interconnected nodes. In an undirected graph, [i, k] means that node i has the weight k. (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output the maximum sum of the weights of three interconnected nodes. Q: The nodes are numbered from {} to {}, weights of nodes are: {}, and the edges are: {}. What is the maximum sum of the weights of three nodes?",
    "hamilton": "Determine whether or not there is a Hamiltonian path in an undirected graph. In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output Yes or No, indicating whether there is a Hamiltonian path in the graph. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is there a Hamiltonian path in this graph?",
    "topology": "Find one of the topology sorting paths of the given graph. In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j. Given a graph, you need to output one of the topology sorting paths of the graph. Q: The nodes are numbered from {} to {}, and the edges are: {}. Give one topology sorting path of this graph.",
    "substructure": "Determine if a smaller graph is present as an exact match within a larger graph. In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j. Given a graph G and a subgraph G', you need to output Yes or No, indicating whether subgraph G' is present within the directed graph G. Q: The nodes of graph G are numbered from {} to {}, and the edges are: {}. The nodes of subgraph G' are numbered from {} to {}, and the edges are: {}. Is subgraph G' present within graph G as a direct substructure?",
}


def rand_graph(rng, n, p, directed=False, weight=False):
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    pairs = list(itertools.combinations(range(n), 2))
    k = max(1, int(p * len(pairs)))
    for u, v in rng.sample(pairs, k):
        if weight:
            g.add_edge(u, v, weight=rng.randint(1, 10))
        else:
            g.add_edge(u, v)
    return g


def flat(g):
    if g.is_directed():
        return " ".join("({}->{})".format(u, v) for u, v in g.edges())
    return " ".join(str(e) for e in g.edges())


def flat_w(g):
    if g.is_directed():
        return " ".join("({}->{},{})".format(u, v, d["weight"]) for u, v, d in g.edges(data=True))
    return " ".join("({},{},{})".format(u, v, d["weight"]) for u, v, d in g.edges(data=True))


def first_branch_hamilton(g):
    # The published generator's search: a DFS whose failed branch ends the
    # whole search (its recursion returns a non-None string on failure).
    n = g.number_of_nodes()
    path = []

    def go(v):
        path.append(v)
        if len(path) == n:
            return path
        for w in g.neighbors(v):
            if w not in path:
                return go(w)
        return "No"

    for s in g.nodes():
        return go(s)


def has_hamilton(g):
    # Exhaustive: reach[mask] is the set of ends of paths covering mask.
    n = g.number_of_nodes()
    reach = {1 << v: {v} for v in range(n)}
    for mask in sorted(range(1, 1 << n), key=lambda m: bin(m).count("1")):
        for v in reach.get(mask, ()):
            for w in g.neighbors(v):
                if not mask >> w & 1:
                    reach.setdefault(mask | 1 << w, set()).add(w)
    return bool(reach.get((1 << n) - 1))


def usable(g, s, t):
    # The generator's filters of flow and shortest questions: connected
    # nodes, not joined by an edge, in a graph of more than one edge.
    return nx.has_path(g, s, t) and not g.has_edge(s, t) and g.number_of_edges() > 1


def yes(b):
    return "### Yes" if b else "### No"


def main():
    seed, per, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    exact = []
    for task in T:
        lines = []
        for i in range(per):
            n = rng.randint(3, 9)
            if task == "connectivity":
                while True:
                    g = rand_graph(rng, n, rng.uniform(0.05, 0.4))
                    s, t = rng.sample(range(n), 2)
                    if not g.has_edge(s, t):
                        break
                ans = nx.has_path(g, s, t)
                q, a, x = T[task].format(0, n - 1, flat(g), s, t), yes(ans), ans
            elif task == "cycle":
                g = rand_graph(rng, n, rng.uniform(0.05, 0.5))
                ans = len(nx.cycle_basis(g)) > 0
                q, a, x = T[task].format(0, n - 1, flat(g)), yes(ans), ans
            elif task == "shortest":
                while True:
                    g = rand_graph(rng, n, rng.uniform(0.3, 0.7), weight=True)
                    s, t = rng.sample(range(n), 2)
                    if usable(g, s, t):
                        break
                ans = nx.shortest_path_length(g, s, t, weight="weight")
                q, a, x = T[task].format(0, n - 1, flat_w(g), s, t), "### {}".format(ans), ans
            elif task == "bipartite":
                g = rand_graph(rng, n, rng.uniform(0.1, 0.5), directed=True)
                ans = nx.is_bipartite(g)
                edges = list(g.edges())
                rng.shuffle(edges)
                q = T[task].format(0, n - 1, " ".join("({}->{})".format(u, v) for u, v in edges))
                a, x = yes(ans), ans
            elif task == "flow":
                while True:
                    g = rand_graph(rng, n, rng.uniform(0.3, 0.7), directed=True, weight=True)
                    s, t = rng.sample(range(n), 2)
                    if usable(g, s, t):
                        break
                ans = nx.maximum_flow_value(g, s, t, capacity="weight")
                q, a, x = T[task].format(0, n - 1, flat_w(g), s, t), "### {}".format(ans), ans
            elif task == "triplet":
                n = max(n, 4)
                while True:
                    g = rand_graph(rng, n, rng.uniform(0.5, 1.0))
                    w = {v: rng.randint(1, 10) for v in range(n)}
                    tri = [w[a] + w[b] + w[c] for a, b, c in itertools.combinations(range(n), 3)
                           if g.has_edge(a, b) and g.has_edge(b, c) and g.has_edge(a, c)]
                    if tri:
                        break
                ans = max(tri)
                nodes = " ".join(str([v, w[v]]) for v in range(n))
                q, a, x = T[task].format(0, n - 1, nodes, flat(g)), "### {}".format(ans), ans
            elif task == "hamilton":
                g = rand_graph(rng, n, rng.uniform(0.3, 0.8))
                published = first_branch_hamilton(g) != "No"
                ans = has_hamilton(g)
                q, a, x = T[task].format(0, n - 1, flat(g)), yes(published), ans
            elif task == "topology":
                order = list(range(n))
                rng.shuffle(order)
                g = nx.DiGraph()
                g.add_nodes_from(order)
                for j in range(n - 1):
                    g.add_edge(order[j], order[j + 1])
                for u, v in itertools.permutations(order, 2):
                    if rng.random() < 0.3 and not g.has_edge(u, v) and not nx.has_path(g, v, u):
                        g.add_edge(u, v)
                sorts = list(nx.all_topological_sorts(g))
                q, a, x = T[task].format(0, n - 1, flat(g)), "### {}".format(sorts), sorts[0]
            else:
                g = rand_graph(rng, n, rng.uniform(0.2, 0.6), directed=True)
                m = rng.randint(3, min(4, n))
                h = rand_graph(rng, m, 0.6, directed=True)
                h = nx.relabel_nodes(h, dict(zip(range(m), "abcdefghij")))
                ans = isomorphism.DiGraphMatcher(g, h).subgraph_is_monomorphic()
                q = T[task].format(0, n - 1, flat(g), "a", "abcdefghij"[m - 1], flat(h))
                a, x = yes(ans), ans
            lines.append(json.dumps({"index": i, "input_prompt": q, "answer": a}))
            exact.append({"id": "{}/{}".format(task, i), "exact": x})
        with open(os.path.join(out, task + "_test.json"), "w") as f:
            f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "exact.jsonl"), "w") as f:
        for e in exact:
            f.write(json.dumps(e) + "\n")


if __name__ == "__main__":
    main()
