"""Writes agent/testdata/forms.jsonl: questions phrased as people ask them
(issue 9, "questions as asked"), on graphs written in notations the parsers
read, with the expected answers computed independently with NetworkX (and,
for Hamiltonian paths, which NetworkX has no function for, by brute force
over permutations).

Run from the repository root: python3 agent/testdata/make_forms.py
The graphs are random with a fixed seed, so the file is reproducible.

Each line: {"form", "question", "tools" (acceptable tool names), "check",
"key" (optional field of the value), "answer", and for the checks that
need the graph "nodes", "edges" and "directed"; "contains" lists strings
the answer sentence must contain}. check is one of those of questions.jsonl
("value", "approx", "set", "list") or
  "topo"      any order of all nodes in which every edge goes forward;
  "matching"  value.size == answer, and value.pairs are edges with no
              shared node;
  "hamilton"  value.exists == answer, and when true value.path visits
              every node once along edges;
  "features"  value.features equals answer (node -> vector).
"""
import itertools
import json
import os
import random

import networkx as nx

OUT = os.path.join(os.path.dirname(__file__), "forms.jsonl")
R = random.Random(9)
Q = []

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Oscar"]
CITIES = ["Paris", "Lyon", "Nice", "Lille", "Nantes", "Dijon", "Rennes", "Reims", "Metz", "Brest"]


def add(form, question, tools, check, answer, key=None, g=None, contains=None):
    q = {"form": form, "question": question, "tools": tools, "check": check, "answer": answer}
    if key:
        q["key"] = key
    if g is not None:
        q["nodes"] = [str(n) for n in g.nodes]
        q["edges"] = [[str(u), str(v)] for u, v in g.edges]
        q["directed"] = g.is_directed()
    if contains:
        q["contains"] = contains
    Q.append(q)


def rand_graph(n, p, directed=False, connected=False, labels=None):
    """A random graph on nodes 0..n-1 (or the given labels) with at least
    three edges, connected (every node on an edge) when asked: edges in
    the order they are written."""
    while True:
        g = nx.DiGraph() if directed else nx.Graph()
        ids = labels[:n] if labels else [str(i) for i in range(n)]
        g.add_nodes_from(ids)
        edges = []
        for i in range(n):
            for j in range(n):
                if i == j or (not directed and j < i):
                    continue
                if R.random() < p:
                    edges.append((ids[i], ids[j]) if R.random() < 0.5 or directed else (ids[j], ids[i]))
        R.shuffle(edges)
        g.add_edges_from(edges)
        if g.number_of_edges() < 3:
            continue
        if connected and not (nx.is_weakly_connected(g) if directed else nx.is_connected(g)):
            continue
        return g, edges


def rand_dag(n, p):
    order = [str(i) for i in range(n)]
    R.shuffle(order)
    while True:
        edges = [(order[i], order[j]) for i in range(n) for j in range(i + 1, n) if R.random() < p]
        if len(edges) >= 3:
            break
    R.shuffle(edges)
    g = nx.DiGraph()
    g.add_nodes_from(sorted(order, key=int))
    g.add_edges_from(edges)
    return g, edges


# Notations the parsers read.
def dashes(edges, directed=False):
    sep = "->" if directed else "-"
    return ", ".join(f"{u}{sep}{v}" for u, v in edges)


def tuples(edges):
    return ", ".join(f"({u}, {v})" for u, v in edges)


def pylist(edges, attr=None):
    if attr is None:
        return "[" + ", ".join(f"({u!r}, {v!r})" for u, v in edges) + "]"
    return "[" + ", ".join(f"({u!r}, {v!r}, {{'{attr}': {w}}})" for u, v, w in edges) + "]"


def nlgraph(g, edges, directed=False):
    """The NLGraph style: a declared node range, the notation key and the
    edges as (i,j)."""
    kind = "a directed" if directed else "an undirected"
    n = g.number_of_nodes()
    return (f"In {kind} graph, (i,j) means that node i and node j are connected with {'a directed' if directed else 'an undirected'} edge.\n"
            f"The nodes are numbered from 0 to {n - 1}, and the edges are: " + " ".join(f"({u},{v})" for u, v in edges) + "\n")


def declared(g, edges):
    """'G describes a graph among nodes 0, 1, ..., 7' followed by pairs."""
    ids = sorted(g.nodes, key=int)
    return f"G describes a graph among nodes {', '.join(ids[:-1])} and {ids[-1]}. The edges are: {tuples(edges)}.\n"


def with_isolated(g, edges, extra):
    """g with extra isolated nodes numbered after the others, declared."""
    h = g.copy()
    n = g.number_of_nodes()
    h.add_nodes_from(str(i) for i in range(n, n + extra))
    return h


def notation(g, edges, i):
    """The i-th notation of an unweighted undirected graph."""
    return [
        lambda: f"Edges: {dashes(edges)}. ",
        lambda: f"In the graph {tuples(edges)}: ",
        lambda: f"G = {pylist(edges)}. ",
        lambda: nlgraph(g, edges) + "Q: ",
    ][i % 4]()


# 1. Neighbours.
NEIGHBOUR_FORMS = [
    "List the nodes connected to {x}.",
    "Which nodes are adjacent to node {x}?",
    "Who are {x}'s neighbours?",
    "List all the nodes connected to node {x}.",
    "What are the neighbors of vertex {x}?",
    "Which vertices is node {x} linked to?",
]
for i, f in enumerate(NEIGHBOUR_FORMS * 2):
    g, edges = rand_graph(R.randint(5, 9), 0.35, connected=True)
    x = R.choice(list(g.nodes))
    add("neighbours", notation(g, edges, i) + f.format(x=x), ["neighbors"], "set", sorted(g.neighbors(x)))
# Numbers in a declaration are not parameters; declared nodes count.
for i in range(4):
    g, edges = rand_graph(8, 0.3, connected=True)
    x = R.choice(list(g.nodes))
    add("neighbours", declared(g, edges) + f"List all the nodes connected to {x}.", ["neighbors"], "set", sorted(g.neighbors(x)))

# 2. Non-neighbours (declared isolated nodes included).
NON_FORMS = [
    "Which nodes are not connected to {x}?",
    "List the nodes that are not adjacent to node {x}.",
    "Which nodes are not neighbours of node {x}?",
]
for i, f in enumerate(NON_FORMS * 3):
    g, edges = rand_graph(R.randint(5, 8), 0.35, connected=True)
    x = R.choice(list(g.nodes))
    if i % 3 == 2:
        h = with_isolated(g, edges, 2)
        q = nlgraph(h, edges) + "Q: " + f.format(x=x)
        add("non-neighbours", q, ["non_neighbors"], "set", sorted(nx.non_neighbors(h, x)))
        continue
    add("non-neighbours", notation(g, edges, i) + f.format(x=x), ["non_neighbors"], "set", sorted(nx.non_neighbors(g, x)))

# 3. Edge existence, true and false.
EDGE_FORMS = [
    "Is there an edge between {x} and {y}?",
    "Are {x} and {y} directly connected?",
    "Are nodes {x} and {y} adjacent?",
    "Is node {x} adjacent to node {y}?",
    "Does an edge join {x} and {y}?",
]
for i, f in enumerate(EDGE_FORMS * 3):
    g, edges = rand_graph(R.randint(5, 8), 0.35, connected=True)
    if i % 2 == 0:
        x, y = R.choice(list(g.edges))
    else:
        x, y = R.choice([p for p in itertools.combinations(g.nodes, 2) if not g.has_edge(*p)] or [next(iter(g.edges))])
    add("edge existence", notation(g, edges, i) + f.format(x=x, y=y), ["edge_exists"], "value", g.has_edge(x, y))

# 4. Degree, with named nodes in Python lists and numbered ones.
DEGREE_FORMS = [
    "How many friends does {x} have?",
    "How many connections does {x} have?",
    "What is {x}'s degree?",
    "How many neighbours does {x} have?",
]
for i, f in enumerate(DEGREE_FORMS * 3):
    g, edges = rand_graph(R.randint(5, 9), 0.35, connected=True, labels=NAMES)
    x = R.choice(list(g.nodes))
    add("degree", f"{pylist(edges)}. " + f.format(x=x), ["degree"], "value", g.degree(x))
for i in range(3):
    g, edges = rand_graph(R.randint(5, 9), 0.35, connected=True)
    x = R.choice(list(g.nodes))
    add("degree", nlgraph(g, edges) + f"Q: How many neighbours does node {x} have?", ["degree"], "value", g.degree(x))

# 5. "How far": the weighted shortest distance.
FAR_FORMS = [
    "How far is it from {a} to {b}?",
    "What is the distance from {a} to {b}?",
    "How far apart are {a} and {b}?",
    "How far is {b} from {a} on the shortest route?",
]
for i, f in enumerate(FAR_FORMS * 3):
    g, edges = rand_graph(R.randint(5, 8), 0.4, connected=True, labels=CITIES if i % 2 == 0 else None)
    wedges = [(u, v, R.randint(1, 20)) for u, v in edges]
    for u, v, w in wedges:
        g[u][v]["weight"] = w
    a, b = R.sample(list(g.nodes), 2)
    add("how far", f"Roads: {pylist(wedges, 'weight')}. " + f.format(a=a, b=b), ["shortest_path", "shortest_path_length"], "value",
        nx.shortest_path_length(g, a, b, weight="weight"), key="length")

# 6. Orders of tasks: any topological order.
ORDER_FORMS = [
    "In what order can I do the tasks?",
    "Give a visiting order.",
    "Can all the nodes be visited? Give the solution.",
    "In which order can the tasks be done?",
    "Give a valid order of the nodes.",
]
for i, f in enumerate(ORDER_FORMS * 3):
    g, edges = rand_dag(R.randint(4, 8), 0.4)
    # Nodes no edge touches are not written, so they are not in the graph.
    g.remove_nodes_from([n for n in list(g.nodes) if g.degree(n) == 0])
    text = [f"Directed edges: {dashes(edges, True)}. ", f"In a directed graph with edges {tuples(edges)}, ",
            f"G = nx.DiGraph({pylist(edges)}). "][i % 3]
    add("order", text + f, ["topological_sort"], "topo", None, g=g)

# 7. Matching: how many applicants get a job, and which.
MATCH_FORMS = [
    "How many applicants can get a job, and which?",
    "How many applicants can get a job they want?",
    "How many workers can be assigned to tasks at the same time?",
    "What is the maximum matching?",
]
for i, f in enumerate(MATCH_FORMS * 3):
    na, nj = R.randint(3, 6), R.randint(3, 6)
    edges = sorted({(f"a{R.randrange(na)}", f"j{R.randrange(nj)}") for _ in range(R.randint(na, 2 * na + 2))})
    g = nx.Graph()
    g.add_edges_from(edges)
    top = {u for u, _ in edges}
    size = len(nx.bipartite.maximum_matching(g, top_nodes=top)) // 2
    add("matching", f"Applicants and the jobs they want: {pylist(edges)}. " + f, ["maximum_bipartite_matching"], "matching", size, g=g,
        contains=[f" {size} pair"])

# 8. Embeddings after k rounds of sum aggregation (all-ones start).
GNN_FORMS = [
    ("What is each node's embedding after two layers of sum aggregation?", 2),
    ("What is the embedding of every node after one round of message passing?", 1),
    ("Aggregate the neighbours' values twice: what does each node hold?", 2),
    ("What does each node hold after a single layer of sum aggregation?", 1),
    ("What is each node's embedding after three rounds of sum aggregation?", 3),
]
for i, (f, k) in enumerate(GNN_FORMS * 2):
    g, edges = rand_graph(R.randint(4, 8), 0.4, connected=True)
    x = {n: 1.0 for n in g.nodes}
    for _ in range(k):
        x = {n: sum(x[m] for m in g.neighbors(n)) for n in g.nodes}
    add("embedding", notation(g, edges, i) + f, ["gnn_sum_aggregation"], "features", {n: [v] for n, v in x.items()}, key="features",
        contains=[f"node {n}: [{int(v)}]" for n, v in x.items()])

# 9. A path through every node exactly once (brute force over orders).
def hamiltonian(g):
    for perm in itertools.permutations(g.nodes):
        if all(g.has_edge(perm[i], perm[i + 1]) for i in range(len(perm) - 1)):
            return True
    return False


HAM_FORMS = [
    "Is there a path that visits every node exactly once?",
    "Is there a path in this graph that visits every node exactly once? If yes, give the path.",
    "Can you find a route that passes through each vertex exactly once?",
]
for i, f in enumerate(HAM_FORMS * 3):
    g, edges = rand_graph(R.randint(5, 7), [0.25, 0.4, 0.6][i % 3], connected=True)
    add("hamiltonian", notation(g, edges, i) + f, ["hamiltonian_path"], "hamilton", hamiltonian(g), g=g)

# 10. Maximum flow with capacities.
FLOW_FORMS = [
    "What is the maximum flow from {s} to {t}?",
    "What is the maximum flow from node {s} to node {t}?",
    "How much can flow from {s} to {t} at most?",
]
for i, f in enumerate(FLOW_FORMS * 3):
    g, edges = rand_graph(R.randint(4, 7), 0.4, directed=True, connected=True)
    cedges = [(u, v, R.randint(1, 20)) for u, v in edges]
    for u, v, c in cedges:
        g[u][v]["capacity"] = c
    s, t = R.sample(list(g.nodes), 2)
    if i % 2 == 0:
        text = "In a directed graph, the edges are:\n" + ",\n".join(f"an edge from node {u} to node {v} with capacity {c}" for u, v, c in cedges) + ".\nQ: "
    else:
        text = f"A directed network: {pylist(cedges, 'capacity')}. "
    add("maximum flow", text + f.format(s=s, t=t), ["maximum_flow"], "value", nx.maximum_flow_value(g, s, t), key="value")

# 11. Is it a DAG? (cycle_check's value is whether a cycle exists)
DAG_FORMS = ["Is the graph a DAG?", "Is this directed graph acyclic?", "Is it a directed acyclic graph?"]
for i, f in enumerate(DAG_FORMS * 3):
    g, edges = (rand_dag(R.randint(4, 7), 0.4) if i % 2 == 0 else rand_graph(R.randint(4, 7), 0.35, directed=True, connected=True))
    add("dag", f"Directed edges: {dashes(edges, True)}. " + f, ["cycle_check"], "value", not nx.is_directed_acyclic_graph(g))

with open(OUT, "w") as fh:
    for q in Q:
        fh.write(json.dumps(q) + "\n")
print(f"wrote {len(Q)} questions to {OUT}")
