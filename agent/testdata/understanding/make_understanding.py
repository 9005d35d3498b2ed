"""Writes agent/testdata/understanding/questions.jsonl: the hand-written
understanding set of issue 9 — graph questions written in many notations and
phrasings, with expected answers computed by NetworkX on the graph this script
built (it builds a graph, renders it into text, and asks about it, so the
truth is known and never comes from graphagent's own tools).

Run from the repository root:
    python3 agent/testdata/understanding/make_understanding.py
The output is deterministic (seeded); commit it together with this script.

Each line is one JSON object:
  id         "u001" ...
  question   the full question, graph included
  notation   how the graph is written (see NOTATIONS)
  task       what is asked (node_count, degree, shortest_path, ...)
  check      how an answer is judged:
               value     a number or yes/no (bool), exactly (1e-6)
               set       a list compared as a set
               list      a list of numbers compared in order
               path      a path from source to target: its length must equal
                         answer; a returned path must be valid in edges
               order     any topological order of nodes valid for edges
               matching  a matching of size answer whose pairs are edges
               hamilton  answer is whether a Hamiltonian path exists; a
                         returned path must be valid in edges
               partition the connected components as a set of node sets
               embedding node -> vector after the aggregation (listed nodes)
               label     the label a node gets from its labelled neighbours
               dag       yes/no "is it acyclic": tools answer it directly,
                         cycle_check answers the negation, topological_sort
                         answers yes by returning an order
               refuse    the agent must decline (no answer at all)
  answer     the expected answer (null for refuse)
  key        the field of a structured value holding the answer, if any
  tools      tool names whose answer is judged (empty: any tool)
  neg_tools  tools whose yes/no answers the negated question (check value)
  refuse     true when the item must be refused
  why        for refuse items, why
  directed, weighted
  nodes, edges  the graph the generator built ([u, v] or [u, v, w]); the
             checker validates paths, orders and matchings against them
  source, target  for path checks
  example    1..6 for the six examples of issue 9's table
  if_answered  for a question no tool answers today but NetworkX does
             exactly (planarity, girth, ...): the one right answer, should a
             tool be added (the item is then right when answered with it)
"""
import itertools
import json
import os
import random

import networkx as nx

import re
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "questions.jsonl")
rng = random.Random(20261124)

ITEMS = []


def add(question, notation, task, check, answer, G=None, tools=(), key=None, neg_tools=(), refuse=False,
        why=None, source=None, target=None, example=None):
    it = {
        "question": question, "notation": notation, "task": task, "check": check, "answer": answer,
        "tools": list(tools), "refuse": refuse,
    }
    if key:
        it["key"] = key
    if neg_tools:
        it["neg_tools"] = list(neg_tools)
    if why:
        it["why"] = why
    if G is not None and G.is_directed() and "neighbors" in it["tools"] and "successors" not in it["tools"]:
        # successors lists the same nodes as neighbors on a directed graph.
        it["tools"].append("successors")
    if G is not None:
        it["directed"] = G.is_directed()
        it["weighted"] = any("weight" in d for _, _, d in G.edges(data=True))
        it["nodes"] = [str(n) for n in G.nodes]
        es = []
        for u, v, d in G.edges(data=True):
            es.append([str(u), str(v), d["weight"]] if "weight" in d else [str(u), str(v)])
        it["edges"] = es
    if source is not None:
        it["source"], it["target"] = str(source), str(target)
    if example:
        it["example"] = example
    ITEMS.append(it)


def refuse(question, notation, task, why, G=None, if_answered=None):
    add(question, notation, task, "refuse", None, G=G, refuse=True, why=why)
    if if_answered is not None:
        # No tool answers this today; should one be added, its answer must be this.
        ITEMS[-1]["if_answered"] = if_answered


def spanning_trees(G):
    """Kirchhoff's matrix-tree theorem with exact fractions (no numpy here)."""
    from fractions import Fraction
    nodes = list(G.nodes)
    idx = {v: i for i, v in enumerate(nodes)}
    n = len(nodes)
    L = [[Fraction(0)] * n for _ in range(n)]
    for u, v in G.edges:
        a, b = idx[u], idx[v]
        L[a][a] += 1
        L[b][b] += 1
        L[a][b] -= 1
        L[b][a] -= 1
    M = [row[1:] for row in L[1:]]
    det = Fraction(1)
    for c in range(n - 1):
        p = next((r for r in range(c, n - 1) if M[r][c] != 0), None)
        if p is None:
            return 0
        if p != c:
            M[c], M[p] = M[p], M[c]
            det = -det
        det *= M[c][c]
        for r in range(c + 1, n - 1):
            f = M[r][c] / M[c][c]
            for k in range(c, n - 1):
                M[r][k] -= f * M[c][k]
    return int(det)


def no_tool_truth(question, G):
    """NetworkX's answer to a question no tool answers today, when it has one exact value."""
    if G.is_directed():
        return None
    ql = question.lower()
    if "planar" in ql:
        return nx.check_planarity(G)[0]
    if "spanning trees" in ql:
        return spanning_trees(G)
    if "largest clique" in ql:
        return max(len(c) for c in nx.find_cliques(G))
    if "girth" in ql:
        return nx.girth(G)
    if "edge connectivity" in ql:
        return nx.edge_connectivity(G)
    if "wiener index" in ql:
        return nx.wiener_index(G)
    if "petersen" in ql:
        return nx.is_isomorphic(G, nx.petersen_graph())
    return None


# ---------------------------------------------------------------- graphs

def connected_graph(n, m, directed=False, names=None):
    """A random connected (weakly, when directed) graph on n nodes with m edges."""
    names = names or [str(i) for i in range(n)]
    order = names[:]
    rng.shuffle(order)
    G = nx.DiGraph() if directed else nx.Graph()
    edges = []
    for i in range(1, n):
        u, v = order[rng.randrange(i)], order[i]
        if directed and rng.random() < 0.5:
            u, v = v, u
        edges.append((u, v))
    have = set(edges) | ({(v, u) for u, v in edges} if not directed else set())
    tries = 0
    while len(edges) < m and tries < 1000:
        tries += 1
        u, v = rng.sample(names, 2)
        if (u, v) in have or (not directed and (v, u) in have) or (directed and (v, u) in have):
            continue
        edges.append((u, v))
        have.add((u, v))
    rng.shuffle(edges)
    G.add_nodes_from(sorted(names, key=lambda x: (len(x), x)) if names[0].isdigit() else names)
    G.add_edges_from(edges)
    return G


def sparse_graph(n, m, names=None):
    """A random undirected graph, possibly disconnected, with no isolated node."""
    names = names or [str(i) for i in range(n)]
    while True:
        G = nx.Graph()
        G.add_nodes_from(names)
        pairs = list(itertools.combinations(names, 2))
        rng.shuffle(pairs)
        G.add_edges_from(pairs[:m])
        if min(d for _, d in G.degree) > 0:
            H = nx.Graph()
            H.add_nodes_from(names)
            H.add_edges_from(pairs[:m])
            return H


def dag(n, m, names=None):
    names = names or [str(i) for i in range(n)]
    order = names[:]
    rng.shuffle(order)
    pairs = [(order[i], order[j]) for i in range(n) for j in range(i + 1, n)]
    rng.shuffle(pairs)
    G = nx.DiGraph()
    G.add_nodes_from(names)
    # a chain keeps it weakly connected
    G.add_edges_from((order[i], order[i + 1]) for i in range(n - 1) if rng.random() < 0.6)
    for u, v in pairs:
        if G.number_of_edges() >= m:
            break
        G.add_edge(u, v)
    if not nx.is_weakly_connected(G):
        for i in range(n - 1):
            G.add_edge(order[i], order[i + 1])
    E = list(G.edges)
    rng.shuffle(E)
    H = nx.DiGraph()
    H.add_nodes_from(names)
    H.add_edges_from(E)
    return H


def weighted(G, lo=1, hi=9):
    for u, v in G.edges:
        G[u][v]["weight"] = rng.randint(lo, hi)
    return G


def flow_net(n, m):
    names = ["s"] + [chr(ord("a") + i) for i in range(n - 2)] + ["t"]
    G = nx.DiGraph()
    G.add_nodes_from(names)
    mids = names[1:-1]
    for x in mids[: max(1, len(mids) // 2 + 1)]:
        G.add_edge("s", x, weight=rng.randint(2, 9))
    for x in mids[len(mids) // 2:]:
        G.add_edge(x, "t", weight=rng.randint(2, 9))
    m = min(m, G.number_of_edges() + len(mids) * (len(mids) - 1) // 2)
    while G.number_of_edges() < m:
        u, v = rng.sample(mids, 2)
        if not G.has_edge(u, v) and not G.has_edge(v, u):
            G.add_edge(u, v, weight=rng.randint(1, 7))
    return G


def maxflow(G, s, t):
    return nx.maximum_flow_value(G, s, t, capacity="weight")


def sp_len(G, s, t):
    w = "weight" if any("weight" in d for _, _, d in G.edges(data=True)) else None
    return nx.shortest_path_length(G, s, t, weight=w)


def hamilton_exists(G):
    nodes = list(G.nodes)
    n = len(nodes)
    idx = {v: i for i, v in enumerate(nodes)}
    adj = [0] * n
    for u, v in G.edges:
        adj[idx[u]] |= 1 << idx[v]
        if not G.is_directed():
            adj[idx[v]] |= 1 << idx[u]
    reach = [0] * (1 << n)  # reach[mask]: bitset of end nodes of paths covering mask
    for i in range(n):
        reach[1 << i] |= 1 << i
    for mask in range(1 << n):
        ends = reach[mask]
        if not ends:
            continue
        for i in range(n):
            if ends >> i & 1:
                nxt = adj[i] & ~mask
                j = 0
                while nxt:
                    if nxt & 1:
                        reach[mask | 1 << j] |= 1 << j
                    nxt >>= 1
                    j += 1
    return reach[(1 << n) - 1] != 0


def triangles(G):
    return sum(nx.triangles(G).values()) // 3


def gnn(G, feats, k):
    x = {v: list(feats[v]) for v in G.nodes}
    for _ in range(k):
        y = {}
        for v in G.nodes:
            acc = [0] * len(feats[v])
            for u in (G.predecessors(v) if G.is_directed() else G.neighbors(v)):
                acc = [a + b for a, b in zip(acc, x[u])]
            y[v] = acc
        x = y
    return x


def labelled_nodes(G):
    return {str(v) for v in G.nodes}


# ---------------------------------------------------------------- notations

def q(x):
    """A node as a Python literal."""
    return x if str(x).lstrip("-").isdigit() else repr(x)


def has_w(G):
    return any("weight" in d for _, _, d in G.edges(data=True))


def r_pylist(G):
    w = has_w(G)
    style = rng.randrange(4)
    if w and style == 0:
        body = "[" + ", ".join(f"({q(u)}, {q(v)}, {{'weight': {d['weight']}}})" for u, v, d in G.edges(data=True)) + "]"
    elif w:
        body = "[" + ", ".join(f"({q(u)}, {q(v)}, {d['weight']})" for u, v, d in G.edges(data=True)) + "]"
    else:
        body = "[" + ", ".join(f"({q(u)}, {q(v)})" for u, v in G.edges) + "]"
    cls = "nx.DiGraph()" if G.is_directed() else "nx.Graph()"
    if style == 1:
        meth = "add_weighted_edges_from" if w else "add_edges_from"
        return f"G = {cls}\nG.{meth}({body})"
    if style == 2:
        return f"edges = {body}" + (" (directed)" if G.is_directed() else "")
    if style == 3:
        return f"Here is the edge list of a{' directed' if G.is_directed() else 'n undirected'} graph in Python: {body}"
    return f"The {'directed ' if G.is_directed() else ''}graph is given as a Python list of edges: {body}."


def r_pairs(G):
    w = has_w(G)
    items = [f"({u}, {v}, {d['weight']})" if w else f"({u}, {v})" for u, v, d in G.edges(data=True)]
    style = rng.randrange(3)
    kind = "directed graph" if G.is_directed() else rng.choice(["graph", "undirected graph"])
    meaning = ""
    if w:
        meaning = " where (u, v, w) is an edge from u to v with weight w" if G.is_directed() else " where each triple (u, v, w) is an edge with weight w"
    if style == 0:
        return f"Consider the {kind} with edges {', '.join(items)}{meaning}."
    if style == 1:
        return f"The {kind} has the following edges{meaning}: {' '.join(items)}."
    article = "an" if kind.startswith("u") else "a"
    return f"E = {{{', '.join(items)}}} is the edge set of {article} {kind}{meaning}."


def r_dashes(G):
    items = [f"{u}-{v}" for u, v in G.edges]
    style = rng.randrange(3)
    if style == 0:
        return f"Edges: {', '.join(items)}."
    if style == 1:
        return f"The graph has edges {', '.join(items)}."
    return f"Take the undirected graph {'; '.join(i.replace('-', ' - ') for i in items)}."


def r_arrows(G):
    style = rng.randrange(3)
    if style == 0:
        return "Directed edges: " + ", ".join(f"{u} -> {v}" for u, v in G.edges) + "."
    if style == 1:
        return "Edges:\n" + "\n".join(f"{u}->{v}" for u, v in G.edges)
    return "In the directed graph " + ", ".join(f"{u} → {v}" for u, v in G.edges) + ","


def r_adjlist(G):
    lines = []
    for v in G.nodes:
        nb = list(G.successors(v)) if G.is_directed() else list(G.neighbors(v))
        if G.is_directed() and not nb:
            continue
        lines.append(f"{v}: {', '.join(str(x) for x in nb)}")
    head = rng.choice(["Adjacency list:", "The graph, as an adjacency list (each node followed by its neighbours):",
                       "Here is the adjacency list of the network:"])
    if G.is_directed():
        head = rng.choice(["Adjacency list of a directed graph (each node: the nodes its edges point to):",
                           "Directed graph, successors of each node:"])
    return head + "\n" + "\n".join(lines)


def r_matrix(G, header):
    nodes = list(G.nodes)
    w = has_w(G)
    rows = []
    for u in nodes:
        row = []
        for v in nodes:
            if G.has_edge(u, v):
                row.append(str(G[u][v]["weight"]) if w else "1")
            else:
                row.append("0")
        rows.append(row)
    kind = "directed " if G.is_directed() else ""
    wt = "weighted " if w else ""
    if header:
        width = max(len(str(x)) for x in nodes) + 1
        lines = [" " * width + " ".join(f"{str(x):>{width}}" for x in nodes)]
        for u, row in zip(nodes, rows):
            lines.append(f"{str(u):<{width}}" + " ".join(f"{c:>{width}}" for c in row))
        head = rng.choice([f"The {wt}{kind}adjacency matrix, with row and column labels:",
                           f"Adjacency matrix of the {kind}graph{' (entries are edge weights)' if w else ''}:"])
        return head + "\n" + "\n".join(lines)
    style = rng.randrange(2)
    if style == 0:
        cell = "the edge from node i to node j" if G.is_directed() else "the edge between nodes i and j"
        head = rng.choice([f"The {kind}graph has nodes 0 to {len(nodes) - 1} and this {wt}adjacency matrix:",
                           f"{wt.capitalize()}{kind}adjacency matrix (row i, column j is {cell}):"])
        return head + "\n" + "\n".join(" ".join(r) for r in rows)
    return f"A = [{', '.join('[' + ', '.join(r) + ']' for r in rows)}] is the {wt}adjacency matrix of a {kind}graph on nodes 0..{len(nodes) - 1}."


def r_csv(G, sep):
    w = has_w(G)
    hdr = rng.choice([("source", "target"), ("from", "to"), ("src", "dst"), ("node1", "node2")])
    wname = rng.choice(["weight", "distance", "cost"]) if w else None
    cols = list(hdr) + ([wname] if w else [])
    lines = [sep.join(cols)]
    for u, v, d in G.edges(data=True):
        lines.append(sep.join([str(u), str(v)] + ([str(d["weight"])] if w else [])))
    kind = "directed " if G.is_directed() else ""
    name = "CSV" if sep == "," else "TSV"
    head = rng.choice([f"The {kind}edges are in this {name} table:", f"{name} of the {kind}graph's edges:",
                       f"Edge list ({name}, {'directed' if G.is_directed() else 'undirected'}):"])
    return head + "\n" + "\n".join(lines)


def r_json(G):
    w = has_w(G)
    style = rng.randrange(2)
    nodes = [int(x) if str(x).isdigit() else x for x in G.nodes]
    conv = lambda x: int(x) if str(x).isdigit() else x
    if style == 0:
        edges = [{"source": conv(u), "target": conv(v), **({"weight": d["weight"]} if w else {})} for u, v, d in G.edges(data=True)]
    else:
        edges = [[conv(u), conv(v)] + ([d["weight"]] if w else []) for u, v, d in G.edges(data=True)]
    obj = {"directed": G.is_directed(), "nodes": nodes, "edges": edges}
    return rng.choice(["Graph (JSON): ", "Here is the graph as JSON:\n", "The network is "]) + json.dumps(obj)


def dot_id(x):
    x = str(x)
    return x if x.replace("_", "").isalnum() else json.dumps(x)


def r_dot(G):
    w = has_w(G)
    arrow = "->" if G.is_directed() else "--"
    kw = "digraph" if G.is_directed() else "graph"
    name = rng.choice(["G", "net", "", "roads"])
    lines = [f"{kw} {name} {{".replace("  ", " ")]
    for u, v, d in G.edges(data=True):
        attr = f" [weight={d['weight']}]" if w else ""
        lines.append(f"  {dot_id(u)} {arrow} {dot_id(v)}{attr};")
    lines.append("}")
    return rng.choice(["The graph in DOT:\n", "", "Graphviz source:\n"]) + "\n".join(lines)


def r_edgelines(G):
    w = has_w(G)
    lines = [f"{u} {v}" + (f" {d['weight']}" if w else "") for u, v, d in G.edges(data=True)]
    kind = "directed " if G.is_directed() else ""
    head = rng.choice([f"Each line below is {'a directed' if kind else 'an'} edge" + (" followed by its weight" if w else "") + ":",
                       f"{kind.capitalize()}edge list (one edge per line" + (", third column is the weight" if w else "") + "):"])
    return head + "\n" + "\n".join(lines)


def r_nlgraph(G, declare=True):
    """NLGraph's key-sentence notation."""
    n = G.number_of_nodes()
    w = has_w(G)
    if G.is_directed():
        key = "In a directed graph, (i,j) means that there is a directed edge from node i to node j."
        if w:
            key = "In a directed graph, (i,j,k) means that the edge from node i to node j has weight k."
    else:
        key = "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge."
        if w:
            key = "In an undirected graph, (i,j,k) means that node i and node j are connected with an undirected edge with weight k."
    es = " ".join(f"({u},{v},{d['weight']})" if w else f"({u},{v})" for u, v, d in G.edges(data=True))
    dec = f"The nodes are numbered from 0 to {n - 1}, and the edges are: " if declare else "The edges are: "
    if declare and rng.random() < 0.4:
        dec = f"G describes a graph among nodes {', '.join(str(x) for x in list(G.nodes)[:-1])}, and {list(G.nodes)[-1]}. The edges in G are: "
    return f"{key} {dec}{es}"


def r_nlprose(G):
    """NLGraph's prose: 'an edge between node a and node b with weight w'."""
    w = has_w(G)
    parts = []
    for u, v, d in G.edges(data=True):
        if G.is_directed():
            s = rng.choice([f"an edge from node {u} to node {v}", f"a directed edge from node {u} to node {v}"])
        else:
            s = rng.choice([f"an edge between node {u} and node {v}", f"an edge between node {u} and node {v}"])
        if w:
            s += rng.choice([f" with weight {d['weight']}", f" with weight {d['weight']}", f" of weight {d['weight']}"])
        parts.append(s)
    kind = "a directed graph" if G.is_directed() else "an undirected graph"
    n = G.number_of_nodes()
    return f"In {kind}, the nodes are numbered from 0 to {n - 1}, and the edges are:\n" + ",\n".join(parts) + "."


def r_incident(G):
    """Talk-like-a-graph's incident encoding: 'Node 0 is connected to nodes 1, 2.'"""
    nodes = list(G.nodes)
    lines = [f"G describes a graph among nodes {', '.join(str(x) for x in nodes[:-1])}, and {nodes[-1]}.", "In this graph:"]
    for v in nodes:
        nb = list(G.neighbors(v))
        if not nb:
            continue
        if len(nb) == 1:
            lines.append(f"Node {v} is connected to node {nb[0]}.")
        else:
            lines.append(f"Node {v} is connected to nodes {', '.join(str(x) for x in nb)}.")
    return "\n".join(lines)


def r_declared(G):
    """A declared node set plus edges in a simple notation; isolated nodes only live in the declaration."""
    n = G.number_of_nodes()
    es = list(G.edges)
    style = rng.randrange(4)
    if style == 0:
        return f"The nodes are numbered from 0 to {n - 1}. Edges: " + ", ".join(f"{u}-{v}" for u, v in es) + "."
    if style == 1:
        return f"An undirected graph with {n} nodes (0 to {n - 1}) has the edges " + ", ".join(f"({u}, {v})" for u, v in es) + "."
    if style == 2:
        return f"G is a graph among nodes {', '.join(str(x) for x in G.nodes)}. Its edges are " + ", ".join(f"{u}-{v}" for u, v in es) + "."
    return f"Consider a graph on {n} vertices labelled 0, 1, ..., {n - 1}, with edges " + " ".join(f"({u},{v})" for u, v in es) + "."


RENDER = {
    "pylist": r_pylist, "pairs": r_pairs, "dashes": r_dashes, "arrows": r_arrows, "adjlist": r_adjlist,
    "matrix_header": lambda G: r_matrix(G, True), "matrix_plain": lambda G: r_matrix(G, False),
    "csv": lambda G: r_csv(G, ","), "tsv": lambda G: r_csv(G, "\t"), "json": r_json, "dot": r_dot,
    "edgelines": r_edgelines, "nlgraph": r_nlgraph, "nlprose": r_nlprose, "incident": r_incident,
    "declared": r_declared,
}


def compose(g, qtext):
    """Put graph text and question together in one of several layouts."""
    multiline = "\n" in g
    k = rng.randrange(4)
    if k == 0:
        return f"{g}\n{qtext}"
    if k == 1 and not multiline:
        return f"{g} {qtext}"
    if k == 2:
        return f"{qtext}\n{g}"
    return f"{g}\n\nQ: {qtext}"


# ---------------------------------------------------------------- question templates (generic graphs)
# {u}, {v}: nodes; {N}: "node"/"vertex"; {G}: a name for the graph.

T = {
    "node_count": [
        "How many nodes does {G} have?", "How many vertices are there in {G}?", "What is the number of nodes?",
        "Count the nodes of {G}.", "How many nodes are in the graph, isolated ones included?",
        "Tell me the total number of vertices.", "what's the node count", "Number of nodes in this graph?",
        "How many different nodes does the graph contain?", "Please give the order of {G} (its number of vertices).",
    ],
    "edge_count": [
        "How many edges does {G} have?", "How many edges are there?", "Count the edges.",
        "What is the number of links in {G}?", "How many connections does the graph contain?",
        "What's the edge count of {G}?", "Give the number of edges.", "how many edges are in it",
        "What is the size of {G}, i.e. its number of edges?",
    ],
    "degree": [
        "What is the degree of {N} {u}?", "How many neighbours does {N} {u} have?", "How many edges touch {N} {u}?",
        "Degree of {u}?", "How many nodes is {u} directly connected to?", "what's the degree of vertex {u}",
        "How many connections does {N} {u} have?", "Find the degree of {N} {u}.",
        "How many edges are incident to {N} {u}?", "Tell me how many neighbors {u} has.",
    ],
    "neighbors": [
        "List the nodes connected to {N} {u}.", "Which nodes are adjacent to {N} {u}?", "What are the neighbours of {u}?",
        "Who are the neighbors of {N} {u}?", "Name every vertex that shares an edge with {u}.",
        "Which vertices is {u} directly linked to?", "Give me all neighbors of {N} {u}.",
        "What nodes are one hop away from {u}?", "List all the nodes connected to {u}.",
    ],
    "neighbors_directed": [
        "Where do the edges out of {N} {u} lead?", "Which nodes can {u} reach in one step?", "List the successors of {N} {u}.",
        "Which nodes does {u} point to?", "What are the out-neighbours of {u}?", "List the nodes {u} has an edge to.",
    ],
    "non_neighbors": [
        "Which nodes are not connected to {N} {u}?", "List all nodes that do not share an edge with {N} {u}.",
        "Which vertices are not adjacent to {u}, other than {u} itself?", "Name the nodes that {u} has no direct edge with.",
        "What nodes aren't neighbours of {u}?", "Which nodes are not directly linked to {N} {u}?",
    ],
    "edge_exists": [
        "Is there an edge between {N} {u} and {N} {v}?", "Are {u} and {v} directly connected?", "Is {N} {u} adjacent to {N} {v}?",
        "Does an edge join {u} and {v}?", "Do nodes {u} and {v} share an edge?", "Is there a direct link between {u} and {v}?",
        "Are {N}s {u} and {v} neighbours?", "Is {v} one of the neighbours of {u}?",
    ],
    "edge_exists_directed": [
        "Is there an edge from {N} {u} to {N} {v}?", "Does an arc go from {u} to {v}?", "Is there a direct link from {u} to {v}?",
        "Does {u} point directly to {v}?", "Is there a directed edge from {u} to {v}?",
    ],
    "path_exists": [
        "Is there a path from {N} {u} to {N} {v}?", "Can {u} reach {v}?", "Are {u} and {v} in the same connected component?",
        "Is {N} {v} reachable from {N} {u}?", "Can you get from {u} to {v} by following edges?",
        "Does a route exist between {u} and {v}?", "Is it possible to travel from {N} {u} to {N} {v}?",
        "Is there a path between node {u} and node {v}?",
    ],
    "path_exists_directed": [
        "Is there a directed path from {u} to {v}?", "Can {N} {u} reach {N} {v} following the edge directions?",
        "Is {v} reachable from {u}?", "Following the arrows, can you get from {u} to {v}?",
        "Is there a path from {N} {u} to {N} {v}?",
    ],
    "shortest_path": [
        "What is the shortest path from {N} {u} to {N} {v}?", "Find a shortest path between node {u} and node {v} and give its length.",
        "How many hops does it take to get from {u} to {v}?", "What is the distance between {u} and {v}?",
        "Give the shortest route from {u} to {v}.", "how far is {v} from {u}",
        "What's the minimum number of edges on a path from {u} to {v}?", "What is the length of the shortest path from {N} {u} to {N} {v}?",
    ],
    "shortest_path_weighted": [
        "What is the shortest path from {N} {u} to {N} {v}, counting edge weights?", "What is the weight of the lightest path from {u} to {v}?",
        "Find the minimum-weight path from {u} to {v}.", "What is the total weight of the shortest path between {u} and {v}?",
        "Give the shortest path from node {u} to node {v} and its total weight.", "What is the cheapest way to get from {u} to {v}, and what does it cost?",
        "Compute the weighted distance from {u} to {v}.",
    ],
    "cycle": [
        "Is there a cycle in {G}?", "Does {G} contain a cycle?", "Can you find a cycle in this graph?",
        "Is there a closed path that returns to its start without reusing an edge?", "Does the graph have a cycle, yes or no?",
        "Are there any cycles?", "Tell me whether the graph contains a cycle.",
    ],
    "dag": [
        "Is the graph a DAG?", "Is this a directed acyclic graph?", "Is {G} free of directed cycles?",
        "Is the directed graph acyclic?", "Is {G} a DAG or does it have a cycle?",
    ],
    "topo": [
        "Give a topological order of the nodes.", "Sort the nodes topologically.", "List the nodes so that every edge points forward.",
        "Find a topological sorting of {G}.", "In what order can the nodes be visited so that every edge goes from an earlier node to a later one?",
        "Give one valid topological ordering.",
    ],
    "components": [
        "How many connected components does {G} have?", "How many separate pieces is the graph in?",
        "Into how many components does the graph split?", "How many connected components are there?",
        "How many groups of nodes that are mutually reachable are there?", "Count the connected components.",
    ],
    "components_list": [
        "List the connected components.", "What are the connected components of {G}?", "Which groups of nodes are connected to each other? List each group.",
        "Split the nodes into connected components.",
    ],
    "triangles": [
        "How many triangles are in {G}?", "Count the triangles.", "How many sets of three mutually connected nodes are there?",
        "Number of triangles?", "How many triples of nodes are all pairwise adjacent?", "How many 3-cliques (triangles) does the graph have?",
    ],
    "diameter": [
        "What is the diameter of {G}?", "What is the longest shortest-path distance between any two nodes?",
        "What is the graph's diameter?", "What is the greatest distance between any pair of nodes?",
        "How many hops apart are the two most distant nodes?",
    ],
    "hamilton": [
        "Is there a path in this graph that visits every node exactly once? If yes, give the path.", "Find a Hamiltonian path.",
        "Can you visit all nodes once each without repeating any? Give the route if so.", "Does a path through every vertex exactly once exist?",
        "Does {G} have a Hamiltonian path?", "Is there a route that passes through each node exactly one time?",
    ],
    "is_connected": [
        "Is the graph connected?", "Is every node reachable from every other node?", "Is {G} connected, yes or no?",
        "Is the whole graph in one piece?", "Are all nodes connected?",
    ],
    "bipartite": [
        "Is the graph bipartite?", "Can the nodes be coloured with two colours so that no edge joins two nodes of the same colour?",
        "Is {G} bipartite?", "Can the vertices be split into two groups with every edge going between the groups?",
    ],
    "mst": [
        "What is the total weight of a minimum spanning tree?", "Find the minimum spanning tree and its weight.",
        "What is the smallest total edge weight that keeps all nodes connected?", "Compute the MST weight of {G}.",
    ],
    "max_flow": [
        "What is the maximum flow from {u} to {v}?", "How much can flow from {u} to {v} at most, using the weights as capacities?",
        "Compute the max-flow value between source {u} and sink {v}.", "What's the maximum flow from node {u} to node {v}?",
        "Treating weights as capacities, what is the max flow from {u} to {v}?",
    ],
}

rot = {}


def tmpl(task):
    """The next template of a task, in rotation, so that every template is used."""
    i = rot.get(task, rng.randrange(len(T[task])))
    rot[task] = i + 1
    return T[task][i % len(T[task])]


GNAMES = ["the graph", "this graph", "G", "the network", "the graph above"]


def fill(task, **kw):
    s = tmpl(task)
    kw.setdefault("N", rng.choice(["node", "node", "vertex"]))
    kw.setdefault("G", rng.choice(GNAMES))
    return s.format(**kw)


def yes(b):
    return bool(b)


# ---------------------------------------------------------------- generic items

def generic(notation, G, task, **p):
    """Add one item asking task about G written in notation."""
    g = RENDER[notation](G)
    nodes = list(G.nodes)
    directed = G.is_directed()
    if task == "node_count":
        add(compose(g, fill(task)), notation, task, "value", G.number_of_nodes(), G, ["node_count", "order"])
    elif task == "edge_count":
        add(compose(g, fill(task)), notation, task, "value", G.number_of_edges(), G, ["edge_count", "size"])
    elif task == "degree":
        u = p.get("u") or rng.choice(nodes)
        add(compose(g, fill(task, u=u)), notation, task, "value", G.degree(u), G, ["degree"])
    elif task == "neighbors":
        u = p.get("u") or rng.choice(nodes)
        t = "neighbors_directed" if directed else "neighbors"
        ans = [str(x) for x in (G.successors(u) if directed else G.neighbors(u))]
        add(compose(g, fill(t, u=u)), notation, task, "set", sorted(ans), G, ["neighbors"])
    elif task == "non_neighbors":
        u = p.get("u") or rng.choice(nodes)
        ans = sorted(str(x) for x in nx.non_neighbors(G, u))
        add(compose(g, fill(task, u=u)), notation, task, "set", ans, G, ["non_neighbors"])
    elif task == "edge_exists":
        want = p.get("want", rng.random() < 0.5)
        u, v = pick_pair(G, edge=want)
        t = "edge_exists_directed" if directed else "edge_exists"
        add(compose(g, fill(t, u=u, v=v)), notation, task, "value", G.has_edge(u, v), G, ["edge_exists"])
    elif task == "path_exists":
        want = p.get("want", rng.random() < 0.5)
        u, v = pick_pair(G, path=want)
        t = "path_exists_directed" if directed else "path_exists"
        add(compose(g, fill(t, u=u, v=v)), notation, task, "value", nx.has_path(G, u, v), G, ["path_exists"])
    elif task == "shortest_path":
        u, v = pick_pair(G, path=True, far=True)
        t = "shortest_path_weighted" if has_w(G) else "shortest_path"
        add(compose(g, fill(t, u=u, v=v)), notation, task, "path", sp_len(G, u, v), G,
            ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
    elif task == "cycle":
        add(compose(g, fill(task)), notation, task, "value", not (nx.is_directed_acyclic_graph(G) if directed else nx.is_forest(G)),
            G, ["cycle_check"])
    elif task == "dag":
        add(compose(g, fill(task)), notation, task, "dag", nx.is_directed_acyclic_graph(G), G,
            ["is_dag", "is_directed_acyclic_graph"], neg_tools=["cycle_check"])
    elif task == "topo":
        add(compose(g, fill(task)), notation, task, "order", None, G, ["topological_sort"])
    elif task == "components":
        add(compose(g, fill(task)), notation, task, "value", nx.number_connected_components(G), G,
            ["connected_components"], key="count")
    elif task == "components_list":
        comps = sorted(sorted(str(x) for x in c) for c in nx.connected_components(G))
        add(compose(g, fill(task)), notation, task, "partition", comps, G, ["connected_components"], key="components")
    elif task == "triangles":
        add(compose(g, fill(task)), notation, task, "value", triangles(G), G, ["triangle_count"], key="triangles")
    elif task == "diameter":
        add(compose(g, fill(task)), notation, task, "value", nx.diameter(G), G, ["diameter"])
    elif task == "hamilton":
        add(compose(g, fill(task)), notation, task, "hamilton", hamilton_exists(G), G, ["hamiltonian_path"], key="exists")
    elif task == "is_connected":
        ans = nx.is_weakly_connected(G) if directed else nx.is_connected(G)
        add(compose(g, fill(task)), notation, task, "value", ans, G, ["is_connected"])
    elif task == "bipartite":
        add(compose(g, fill(task)), notation, task, "value", nx.is_bipartite(G), G, ["is_bipartite"], key="bipartite")
    elif task == "mst":
        add(compose(g, fill(task)), notation, task, "value", nx.minimum_spanning_tree(G).size(weight="weight"), G,
            ["minimum_spanning_tree"], key="total_weight")
    elif task == "max_flow":
        s, t = p["s"], p["t"]
        add(compose(g, fill(task, u=s, v=t)), notation, task, "value", maxflow(G, s, t), G, ["maximum_flow"], key="value")
    else:
        raise ValueError(task)


def pick_pair(G, edge=None, path=None, far=False):
    nodes = list(G.nodes)
    cands = [(u, v) for u in nodes for v in nodes if u != v]
    if edge is not None:
        cands = [(u, v) for u, v in cands if G.has_edge(u, v) == edge]
    if path is not None:
        cands = [(u, v) for u, v in cands if nx.has_path(G, u, v) == path]
    if far:
        best = max(nx.shortest_path_length(G, u, v) for u, v in cands)
        cands = [(u, v) for u, v in cands if nx.shortest_path_length(G, u, v) >= max(2, best - 1)] or cands
    if not cands:
        raise ValueError("no pair")
    return rng.choice(cands)


def two_parts(n1, n2, m1, m2):
    """An undirected graph of two connected parts (so path questions can be 'no')."""
    A = connected_graph(n1, m1)
    B = connected_graph(n2, m2, names=[str(n1 + i) for i in range(n2)])
    G = nx.Graph()
    G.add_nodes_from(list(A.nodes) + list(B.nodes))
    E = list(A.edges) + list(B.edges)
    rng.shuffle(E)
    G.add_edges_from(E)
    return G


def letters(n):
    return [chr(ord("A") + i) for i in range(n)]


UNDIRECTED_TASKS = ["node_count", "edge_count", "degree", "neighbors", "non_neighbors", "edge_exists", "edge_exists",
                    "path_exists", "shortest_path", "cycle", "components", "triangles", "diameter", "hamilton",
                    "is_connected", "bipartite", "components_list"]
DIRECTED_TASKS = ["neighbors", "edge_exists", "edge_exists", "path_exists", "path_exists", "dag", "topo", "cycle",
                  "shortest_path", "node_count", "edge_count"]


def undirected_for(task, use_letters=False):
    n = rng.randint(5, 8)
    names = letters(n) if use_letters else None
    if task == "path_exists" or task in ("components", "components_list", "is_connected") and rng.random() < 0.7:
        return two_parts(n - 2, rng.randint(2, 3), n, 2)
    if task in ("hamilton",):
        G = connected_graph(n, n + rng.randint(0, 3), names=names)
        return G
    if task == "bipartite":
        G = connected_graph(n, n + rng.randint(-1, 2), names=names)
        return G
    return connected_graph(n, n + rng.randint(0, 4), names=names)


def directed_for(task):
    n = rng.randint(5, 7)
    if task in ("topo",):
        return dag(n, n + rng.randint(0, 3))
    if task in ("dag", "cycle"):
        G = dag(n, n + rng.randint(0, 2))
        if rng.random() < 0.5:  # close a cycle
            order = list(nx.topological_sort(G))
            G.add_edge(order[-1], order[0])
        return G
    if task == "shortest_path":
        G = dag(n, n + 3)
        return G
    return connected_graph(n, n + rng.randint(0, 3), directed=True)


def gen_generic():
    # undirected, unweighted
    plan = {
        "pylist": 10, "pairs": 10, "dashes": 13, "adjlist": 11, "matrix_header": 9, "matrix_plain": 9, "csv": 8, "tsv": 7,
        "json": 9, "dot": 8, "edgelines": 9, "nlgraph": 12, "nlprose": 7, "incident": 10,
    }
    for notation, k in plan.items():
        tasks = UNDIRECTED_TASKS[:]
        rng.shuffle(tasks)
        for i in range(k):
            task = tasks[i % len(tasks)]
            use_letters = notation in ("adjlist", "matrix_header", "dot", "json") and rng.random() < 0.5
            G = undirected_for(task, use_letters)
            if use_letters and task in ("path_exists", "components", "components_list", "is_connected"):
                G = nx.relabel_nodes(G, {str(i): letters(12)[i] for i in range(12)})
            if task == "path_exists":
                generic(notation, G, task, want=(i % 2 == 0))
            elif task == "edge_exists":
                generic(notation, G, task, want=(i % 2 == 1))
            else:
                generic(notation, G, task)
    # directed
    plan_d = {"arrows": 14, "pylist": 4, "pairs": 4, "adjlist": 4, "matrix_plain": 3, "matrix_header": 2, "csv": 3, "json": 4, "dot": 5,
              "edgelines": 3, "nlgraph": 6, "nlprose": 3}
    for notation, k in plan_d.items():
        tasks = DIRECTED_TASKS[:]
        rng.shuffle(tasks)
        for i in range(k):
            task = tasks[i % len(tasks)]
            G = directed_for(task)
            if notation == "dot" and rng.random() < 0.5:
                G = nx.relabel_nodes(G, {str(i): letters(12)[i] for i in range(12)})
            if task in ("edge_exists", "path_exists"):
                generic(notation, G, task, want=(i % 2 == 0))
            else:
                generic(notation, G, task)
    # weighted
    plan_w = {"pylist": 5, "pairs": 4, "matrix_header": 2, "matrix_plain": 2, "csv": 3, "tsv": 2, "json": 3, "dot": 3,
              "edgelines": 2, "nlgraph": 4, "nlprose": 5}
    for notation, k in plan_w.items():
        for i in range(k):
            r = rng.random()
            if r < 0.6 or notation in ("edgelines",):
                G = weighted(connected_graph(rng.randint(5, 7), rng.randint(7, 10)))
                generic(notation, G, "shortest_path")
            elif r < 0.8:
                G = weighted(connected_graph(rng.randint(5, 7), rng.randint(7, 10)))
                generic(notation, G, "mst")
            else:
                G = flow_net(rng.randint(5, 6), rng.randint(7, 9))
                G = nx.relabel_nodes(G, {x: str(i) for i, x in enumerate(G.nodes)}) if notation in ("matrix_plain", "nlgraph", "nlprose") else G
                nodes = list(G.nodes)
                generic(notation, G, "max_flow", s=nodes[0], t=nodes[-1])


# ---------------------------------------------------------------- declared node sets with isolated nodes

DECL_Q = {
    "node_count": ["How many nodes are in the graph?", "How many vertices does the graph have, counting isolated ones?",
                   "What is the number of nodes?", "Count all the nodes."],
    "degree_isolated": ["What is the degree of node {u}?", "How many neighbours does node {u} have?", "How many edges touch vertex {u}?"],
    "path_isolated": ["Is there a path from node {u} to node {v}?", "Can node {u} reach node {v}?", "Is there a path from {u} to {v}?",
                      "Is {v} reachable from {u}?"],
    "neighbors_isolated": ["List the nodes connected to node {u}.", "Which nodes are adjacent to {u}?"],
    "non_neighbors": ["Which nodes are not connected to node {u}?", "List every node that has no edge with {u}."],
    "components": ["How many connected components does the graph have?", "How many separate pieces is the graph in, counting single nodes?"],
    "is_connected": ["Is the graph connected?", "Is every node reachable from every other node?"],
}


def dq(task, **kw):
    i = rot.get("decl:" + task, 0)
    rot["decl:" + task] = i + 1
    return DECL_Q[task][i % len(DECL_Q[task])].format(**kw)


def declared_graph():
    n = rng.randint(7, 11)
    names = [str(i) for i in range(n)]
    iso = set(rng.sample(names[1:-1], rng.randint(1, 2)))  # never the last: the declaration must be what adds it
    core = [x for x in names if x not in iso]
    G = nx.Graph()
    G.add_nodes_from(names)
    H = connected_graph(len(core), len(core) + 1, names=core)
    if rng.random() < 0.5:
        H.remove_edge(*list(H.edges)[0])
    G.add_edges_from(H.edges)
    return G, sorted(iso, key=int)


HAM_NOTE = [" Note that in a path, adjacent nodes must be connected with edges.", "", ""]


def gen_hamilton():
    """Hamiltonian paths in several notations, NLGraph's wording among them."""
    for i, notation in enumerate(["nlgraph", "nlgraph", "dashes", "pairs", "adjlist", "incident", "matrix_plain", "edgelines"]):
        n = rng.randint(5, 8)
        G = connected_graph(n, n + [0, 2, 4, 1][i % 4])
        tq = tmpl("hamilton").format(G=rng.choice(GNAMES)) + HAM_NOTE[i % 3]
        add(compose(RENDER[notation](G), tq), notation, "hamilton", "hamilton", hamilton_exists(G), G, ["hamiltonian_path"], key="exists")


def gen_declared():
    for i in range(24):
        G, iso = declared_graph()
        g = r_declared(G)
        task = ["node_count", "degree_isolated", "path_isolated", "neighbors_isolated", "non_neighbors", "components",
                "is_connected", "path_isolated"][i % 8]
        u = iso[0]
        nodes = list(G.nodes)
        if task == "node_count":
            add(compose(g, dq(task)), "declared", "node_count", "value", G.number_of_nodes(), G, ["node_count", "order"])
        elif task == "degree_isolated":
            add(compose(g, dq(task, u=u)), "declared", "degree", "value", 0, G, ["degree"])
        elif task == "path_isolated":
            v = rng.choice([x for x in nodes if x != u and G.degree(x) > 0])
            a, b = (u, v) if i % 2 else (v, u)
            add(compose(g, dq(task, u=a, v=b)), "declared", "path_exists", "value", False, G, ["path_exists"])
        elif task == "neighbors_isolated":
            add(compose(g, dq(task, u=u)), "declared", "neighbors", "set", [], G, ["neighbors"])
        elif task == "non_neighbors":
            v = rng.choice([x for x in nodes if G.degree(x) > 0])
            add(compose(g, dq(task, u=v)), "declared", "non_neighbors", "set", sorted(str(x) for x in nx.non_neighbors(G, v)), G, ["non_neighbors"])
        elif task == "components":
            add(compose(g, dq(task)), "declared", "components", "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
        elif task == "is_connected":
            add(compose(g, dq(task)), "declared", "is_connected", "value", False, G, ["is_connected"])


# ---------------------------------------------------------------- named nodes in relationship sentences

PEOPLE = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Oscar", "Peggy", "Trent"]
CHARACTERS = ["Harry Potter", "Hermione Granger", "Ron Weasley", "Ginny Weasley", "Luna Lovegood", "Neville Longbottom",
              "Draco Malfoy", "Cho Chang"]
SCIENTISTS = ["Marie Curie", "Pierre Curie", "Paul Langevin", "Irene Joliot-Curie", "Frederic Joliot", "Jean Perrin", "Albert Einstein"]

REL = {
    "friends": (lambda a, b: rng.choice([f"{a} and {b} are friends.", f"{a} is friends with {b}.", f"{a} and {b} are friends."]),
                {"degree": ["How many friends does {u} have?", "How many people is {u} friends with?", "How many friends has {u} got?",
                            "Count {u}'s friends."],
                 "neighbors": ["Who are {u}'s friends?", "List everyone {u} is friends with.", "Which people are friends with {u}?",
                               "Name all of {u}'s friends."],
                 "non_neighbors": ["Who is not friends with {u}?", "Which people are not {u}'s friends (besides {u})?"],
                 "edge_exists": ["Are {u} and {v} friends?", "Is {u} friends with {v}?", "Do {u} and {v} know each other as friends?"],
                 "path_exists": ["Can {u} reach {v} through a chain of friends?", "Is there a chain of friendships linking {u} and {v}?",
                                 "Could a message pass from {u} to {v} through friends of friends?"],
                 "shortest_path": ["What is the shortest chain of friends from {u} to {v}?", "How many friendship steps separate {u} from {v}?",
                                   "Through whom can {u} be introduced to {v} most quickly? How many steps is that?"],
                 "node_count": ["How many people are there?", "How many people are mentioned?", "How many people are in this friend group?"],
                 "edge_count": ["How many friendships are there?", "How many pairs of friends are listed?"],
                 "triangles": ["How many trios of people are all friends with each other?", "How many groups of three mutual friends are there?"],
                 "components": ["How many separate friend circles are there?", "Into how many groups, with no friendship between groups, do the people split?"],
                 }),
    "papers": (lambda a, b: rng.choice([f"{a} and {b} wrote a paper together.", f"{a} co-authored a paper with {b}.", f"{a} and {b} have a joint publication."]),
               {"degree": ["How many co-authors does {u} have?", "With how many people has {u} written a paper?"],
                "neighbors": ["With whom has {u} written a paper?", "List {u}'s co-authors."],
                "edge_exists": ["Have {u} and {v} written a paper together?", "Did {u} co-author a paper with {v}?"],
                "path_exists": ["Is {u} connected to {v} through a chain of co-authorships?", "Can you link {u} to {v} through co-authors?"],
                "shortest_path": ["What is the collaboration distance between {u} and {v}?", "How many co-authorship links separate {u} and {v} at least?"],
                "node_count": ["How many authors are there?", "How many researchers appear?"],
                "edge_count": ["How many co-author pairs are there?"],
                }),
    "knows": (lambda a, b: rng.choice([f"{a} knows {b}.", f"{a} knows {b}."]),
              {"node_count": ["How many people are there in total?", "How many distinct people appear in these statements?"],
               "edge_count": ["How many 'knows' statements are there, i.e. how many edges?"],
               "edge_exists": ["Does {u} know {v}?", "Is it stated that {u} knows {v}?"],
               }),
    "connected": (None,
                  {"degree": ["How many nodes is {u} connected to?", "What is the degree of {u}?"],
                   "neighbors": ["Which nodes are connected to {u}?", "List the neighbours of {u}."],
                   "node_count": ["How many nodes are there?"],
                   "edge_exists": ["Is {u} directly connected to {v}?", "Is there an edge between {u} and {v}?"],
                   "path_exists": ["Is there a path from {u} to {v}?"],
                   }),
}


def connected_sentences(G):
    out = []
    seen = set()
    for v in G.nodes:
        nb = [x for x in G.neighbors(v) if frozenset((v, x)) not in seen]
        if not nb:
            continue
        for x in nb:
            seen.add(frozenset((v, x)))
        if len(nb) == 1:
            out.append(f"{v} is connected to {nb[0]}.")
        else:
            out.append(f"{v} is connected to {', '.join(nb[:-1])} and {nb[-1]}.")
    return " ".join(out)


def gen_relations():
    rels = [("friends", PEOPLE), ("friends", CHARACTERS), ("papers", SCIENTISTS), ("knows", PEOPLE), ("connected", PEOPLE),
            ("friends", PEOPLE), ("papers", PEOPLE), ("friends", CHARACTERS), ("connected", ["Anna Karenina", "Alexei Vronsky", "Konstantin Levin",
             "Kitty Shcherbatskaya", "Stepan Oblonsky", "Darya Oblonskaya"])]
    count = 0
    for r, (rel, pool) in enumerate(rels * 4):
        tasks = list(REL[rel][1])
        task = tasks[(r // len(rels) + r) % len(tasks)]
        n = rng.randint(5, min(8, len(pool)))
        names = rng.sample(pool, n)
        if task in ("path_exists", "components") and n >= 5:
            k = rng.randint(2, n - 3)
            A = connected_graph(k, k, names=names[:k])
            B = connected_graph(n - k, n - k, names=names[k:])
            G = nx.Graph()
            G.add_nodes_from(names)
            E = list(A.edges) + list(B.edges)
            rng.shuffle(E)
            G.add_edges_from(E)
        else:
            G = connected_graph(n, n + rng.randint(0, 3), names=names)
        if rel == "connected":
            text = connected_sentences(G)
        else:
            text = " ".join(REL[rel][0](u, v) for u, v in G.edges)
        if rel == "knows":
            G = nx.DiGraph(list(G.edges))
        qs = REL[rel][1][task]
        tq = qs[r % len(qs)]
        nodes = list(G.nodes)
        if task in ("degree", "neighbors", "non_neighbors"):
            u = rng.choice(nodes)
            qt = tq.format(u=u)
            if task == "degree":
                add(compose(text, qt), "relations", task, "value", G.degree(u), G, ["degree"])
            elif task == "neighbors":
                add(compose(text, qt), "relations", task, "set", sorted(G.neighbors(u)), G, ["neighbors"])
            else:
                add(compose(text, qt), "relations", task, "set", sorted(nx.non_neighbors(G, u)), G, ["non_neighbors"])
        elif task in ("edge_exists", "path_exists", "shortest_path"):
            if task == "edge_exists":
                # "X knows Y" is not read as saying anything about Y knowing X:
                # a "no" pair is not adjacent either way.
                u, v = pick_pair(G.to_undirected(), edge=(r % 2 == 0))
                if G.has_edge(v, u) and not G.has_edge(u, v):
                    u, v = v, u
                add(compose(text, tq.format(u=u, v=v)), "relations", task, "value", G.has_edge(u, v), G, ["edge_exists"])
            elif task == "path_exists":
                u, v = pick_pair(G, path=(r % 2 == 0))
                add(compose(text, tq.format(u=u, v=v)), "relations", task, "value", nx.has_path(G, u, v), G, ["path_exists"])
            else:
                u, v = pick_pair(G, path=True, far=True)
                add(compose(text, tq.format(u=u, v=v)), "relations", task, "path", sp_len(G, u, v), G,
                    ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
        elif task == "node_count":
            add(compose(text, tq), "relations", task, "value", G.number_of_nodes(), G, ["node_count", "order"])
        elif task == "edge_count":
            add(compose(text, tq), "relations", task, "value", G.number_of_edges(), G, ["edge_count", "size"])
        elif task == "triangles":
            add(compose(text, tq), "relations", task, "value", triangles(G), G, ["triangle_count"], key="triangles")
        elif task == "components":
            add(compose(text, tq), "relations", task, "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
        count += 1


# ---------------------------------------------------------------- quantities in prose

CITIES = ["Paris", "Lyon", "Marseille", "Nice", "Toulouse", "Bordeaux", "Nantes", "Lille", "Strasbourg", "Geneva"]
US = ["New York", "Boston", "Washington", "Chicago", "Pittsburgh", "Philadelphia", "Cleveland", "Buffalo"]


def road(a, b, w, unit):
    return rng.choice([
        f"There is a road from {a} to {b} of {w} {unit}.", f"A road connects {a} and {b}; it is {w} {unit} long.",
        f"{a} and {b} are joined by a {w} {unit} road.", f"The road between {a} and {b} is {w} {unit}.",
        f"It is {w} {unit} from {a} to {b} by road.",
    ])


ROAD_Q = {
    "shortest_path": ["How far is it from {u} to {v} on the shortest route?", "What is the shortest driving distance from {u} to {v}?",
                      "Which way should I drive from {u} to {v} to cover the fewest {unit}, and how long is it?",
                      "What is the length of the shortest road trip from {u} to {v}?", "How many {unit} is the quickest way from {u} to {v}?"],
    "path_exists": ["Can I drive from {u} to {v}?", "Is there any road route from {u} to {v}?"],
    "node_count": ["How many cities are there?", "How many towns appear in the road network?"],
    "edge_count": ["How many roads are there?"],
    "degree": ["How many roads leave {u}?", "How many direct roads does {u} have?"],
    "neighbors": ["Which cities have a direct road to {u}?", "From {u}, which cities can I reach using a single road?"],
    "edge_exists": ["Is there a direct road between {u} and {v}?"],
    "mst": ["What is the minimum total length of road needed to keep all cities connected?",
            "If we keep only the cheapest set of roads that still connects every city, how many {unit} of road is that?"],
}


def pipe(a, b, c):
    units = "unit" if c == 1 else "units"
    return rng.choice([
        f"A pipe from {a} to {b} carries {c} {units}.", f"The pipe from {a} to {b} has capacity {c}.",
        f"There is a pipe from {a} to {b} with capacity {c}.", f"Up to {c} {units} per second can flow through the pipe from {a} to {b}.",
    ])


FLOW_Q = ["How much water can be sent from {s} to {t}?", "What is the maximum flow from {s} to {t}?",
          "What is the largest amount that can flow from {s} to {t} per second?",
          "How many units can be pushed from the source {s} to the sink {t} at most?"]


def flight(a, b, c, cur):
    if cur == "$":
        return rng.choice([f"A flight from {a} to {b} costs {c} dollars.", f"There is a flight from {a} to {b} for ${c}."])
    return rng.choice([f"Flying from {a} to {b} costs {c} euros.", f"A ticket from {a} to {b} is {c} EUR."])


FLIGHT_Q = ["What is the cheapest way to fly from {u} to {v}, and what does it cost?", "What is the lowest total fare from {u} to {v}?",
            "How much does the cheapest trip from {u} to {v} cost?"]


def gen_quantities():
    for i in range(24):
        kind = ["road", "road", "road", "pipe", "flight", "road"][i % 6]
        if kind == "road":
            pool, unit = (CITIES, "km") if i % 2 == 0 else (US, "miles")
            n = rng.randint(5, min(8, len(pool)))
            names = rng.sample(pool, n)
            task = list(ROAD_Q)[(i // 2) % len(ROAD_Q)] if i % 3 else "shortest_path"
            G = weighted(connected_graph(n, n + rng.randint(1, 3), names=names), 40, 600)
            text = " ".join(road(u, v, d["weight"], unit) for u, v, d in G.edges(data=True))
            qs = ROAD_Q[task]
            tq = qs[rot.setdefault("road:" + task, 0) % len(qs)]
            rot["road:" + task] += 1
            nodes = list(G.nodes)
            if task == "shortest_path":
                u, v = pick_pair(G, path=True, far=True)
                add(compose(text, tq.format(u=u, v=v, unit=unit)), "quantities", task, "path", sp_len(G, u, v), G,
                    ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
            elif task == "path_exists":
                add(compose(text, tq.format(u=nodes[0], v=nodes[-1])), "quantities", task, "value", True, G, ["path_exists"])
            elif task == "node_count":
                add(compose(text, tq), "quantities", task, "value", n, G, ["node_count", "order"])
            elif task == "edge_count":
                add(compose(text, tq), "quantities", task, "value", G.number_of_edges(), G, ["edge_count", "size"])
            elif task == "degree":
                u = rng.choice(nodes)
                add(compose(text, tq.format(u=u)), "quantities", task, "value", G.degree(u), G, ["degree"])
            elif task == "neighbors":
                u = rng.choice(nodes)
                add(compose(text, tq.format(u=u)), "quantities", task, "set", sorted(G.neighbors(u)), G, ["neighbors"])
            elif task == "edge_exists":
                u, v = pick_pair(G, edge=(i % 4 == 1))
                add(compose(text, tq.format(u=u, v=v)), "quantities", task, "value", G.has_edge(u, v), G, ["edge_exists"])
            elif task == "mst":
                add(compose(text, tq.format(unit=unit)), "quantities", task, "value", nx.minimum_spanning_tree(G).size(weight="weight"), G,
                    ["minimum_spanning_tree"], key="total_weight")
        elif kind == "pipe":
            G = flow_net(rng.randint(5, 7), rng.randint(7, 10))
            text = " ".join(pipe(u, v, d["weight"]) for u, v, d in G.edges(data=True))
            tq = FLOW_Q[(i // 6) % len(FLOW_Q)]
            add(compose(text, tq.format(s="s", t="t")), "quantities", "max_flow", "value", maxflow(G, "s", "t"), G, ["maximum_flow"], key="value")
        else:
            names = rng.sample(CITIES + US, 6)
            G = weighted(dag(6, 9, names=names), 50, 400)
            cur = "$" if i % 12 < 6 else "EUR"
            text = " ".join(flight(u, v, d["weight"], cur) for u, v, d in G.edges(data=True))
            u, v = pick_pair(G, path=True, far=True)
            tq = FLIGHT_Q[(i // 6) % len(FLIGHT_Q)]
            add(compose(text, tq.format(u=u, v=v)), "quantities", "shortest_path", "path", sp_len(G, u, v), G,
                ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)


# ---------------------------------------------------------------- precedence

COURSES = ["Calculus", "Linear Algebra", "Physics", "Programming", "Data Structures", "Algorithms", "Machine Learning", "Statistics"]
CHORES = ["buy flour", "bake the cake", "wash the dishes", "set the table", "invite friends", "cook dinner", "clean the kitchen"]


def prec_sentence(a, b, style):
    if style == "visit":
        return rng.choice([f"node {a} should be visited before node {b}", f"node {a} must be visited before node {b}"])
    if style == "task":
        return rng.choice([f"task {a} must finish before task {b} starts", f"task {b} cannot start until task {a} is done",
                           f"task {a} has to be completed before task {b}"])
    if style == "course":
        return rng.choice([f"{a} is a prerequisite of {b}", f"you must take {a} before {b}", f"{b} requires {a}"])
    return f"{a} comes before {b}"


PREC_Q = {
    "topo": {"visit": ["Give a visiting order.", "Can all the nodes be visited? Give the solution.", "In what order should the nodes be visited?",
                       "Give an order that visits every node and respects all the constraints."],
             "task": ["In what order can I do the tasks?", "Give an order of the tasks that respects every constraint.", "Schedule the tasks: list them in a valid order.",
                      "Which order of the tasks works?"],
             "course": ["In what order can I take the courses?", "Give a valid order to take all the courses.", "Plan the courses: in which order should they be taken?"]},
    "dag": {"visit": ["Is it possible to visit all the nodes, i.e. is the graph a DAG?"],
            "task": ["Can all the tasks be scheduled, i.e. are the constraints free of circular dependencies?", "Is the dependency graph a DAG?"],
            "course": ["Is this prerequisite graph a DAG?"]},
    "path_exists": {"task": ["Does task {u} have to come before task {v}, directly or indirectly?", "Must task {u} be done, directly or through other tasks, before task {v}?"],
                    "course": ["Is {u} required, directly or indirectly, before {v}?"],
                    "visit": ["Is there a directed path from node {u} to node {v}?"]},
}


def gen_precedence():
    for i in range(24):
        style = ["visit", "task", "course", "visit", "task", "task"][i % 6]
        task = ["topo", "topo", "dag", "path_exists"][i % 4]
        if style == "course" and task == "dag":
            task = "topo"
        n = rng.randint(5, 7)
        if style == "visit":
            names = [str(x) for x in range(n)]
        elif style == "task":
            names = [str(x) for x in range(n)] if i % 2 else letters(n)
        else:
            names = rng.sample(COURSES, n)
        G = dag(n, n + rng.randint(0, 3), names=names)
        if task == "dag" and i % 8 >= 4:
            order = list(nx.topological_sort(G))
            G.add_edge(order[-1], order[len(order) // 2])
        sents = [prec_sentence(u, v, style) for u, v in G.edges]
        if style == "visit":
            head = rng.choice([f"In a directed graph with {n} nodes numbered from 0 to {n - 1}:", f"There are {n} nodes, 0 to {n - 1}, and these rules:", ""])
            text = (head + " " + ", ".join(sents) + ".").strip()
        elif style == "task":
            text = " ".join(s[0].upper() + s[1:] + "." for s in sents)
        else:
            text = "Course rules: " + "; ".join(sents) + "."
        qs = PREC_Q[task][style]
        key = f"prec:{task}:{style}"
        tq = qs[rot.setdefault(key, 0) % len(qs)]
        rot[key] += 1
        if task == "topo":
            add(compose(text, tq), "precedence", task, "order", None, G, ["topological_sort"])
        elif task == "dag":
            add(compose(text, tq), "precedence", task, "dag", nx.is_directed_acyclic_graph(G), G,
                ["is_dag", "is_directed_acyclic_graph"], neg_tools=["cycle_check"])
        else:
            u, v = pick_pair(G, path=(i % 8 < 4))
            add(compose(text, tq.format(u=u, v=v)), "precedence", task, "value", nx.has_path(G, u, v), G, ["path_exists"])


# ---------------------------------------------------------------- bipartite prose

BIP = [
    ("applicant", "job", lambda a, b: rng.choice([f"Applicant {a} is interested in job {b}.", f"Applicant {a} would take job {b}.",
                                                   f"Applicant {a} applied for job {b}."]),
     ["How many applicants can get a job?", "What is the maximum number of applicants that can each get a job they are interested in?",
      "If each job goes to one applicant, at most how many applicants find a job? Which ones get which?",
      "Find a maximum matching of applicants to jobs. How many pairs does it have?"],
     lambda na, nb: f"There are {na} job applicants numbered from 0 to {na - 1}, and {nb} jobs numbered from 0 to {nb - 1}. Each applicant is interested in some of the jobs. Each job can only accept one applicant and a job applicant can be appointed for only one job."),
    ("person", "project", lambda a, b: rng.choice([f"Person {a} can do project {b}.", f"Person {a} is able to work on project {b}."]),
     ["At most how many people can be assigned to projects they can do, one person per project?", "How many projects can be staffed at once?",
      "What is the largest number of person-project assignments with nobody doing two projects?"],
     lambda na, nb: f"{na} people (numbered 0 to {na - 1}) and {nb} projects (numbered 0 to {nb - 1}); each person does at most one project and each project needs one person."),
    ("student", "club", lambda a, b: f"Student {a} wants to join club {b}.",
     ["Each club admits one student and each student joins one club. How many students can join a club they want?",
      "How large can a matching of students to clubs be?"],
     lambda na, nb: f"There are {na} students and {nb} clubs, both numbered from 0."),
]


def gen_bipartite():
    for i in range(20):
        left, right, sent, qs, intro = BIP[i % len(BIP)]
        na, nb = rng.randint(3, 5), rng.randint(3, 5)
        G = nx.Graph()
        L = [f"{left} {a}" for a in range(na)]
        R = [f"{right} {b}" for b in range(nb)]
        G.add_nodes_from(L + R)
        pairs = [(a, b) for a in range(na) for b in range(nb)]
        rng.shuffle(pairs)
        m = rng.randint(na, na + 3)
        used = pairs[:m]
        for a, b in used:
            G.add_edge(f"{left} {a}", f"{right} {b}")
        G.remove_nodes_from([x for x in list(G.nodes) if G.degree(x) == 0 and x.startswith(left)])
        text = " ".join(sent(a, b) for a, b in used)
        if i % 3 != 2:
            text = intro(na, nb) + " " + text
        if i % 5 == 4:
            # a degree question with kinds kept apart
            a = rng.choice([x for x in G.nodes if x.startswith(left)])
            tq = rng.choice([f"How many {right}s is {a} interested in?" if left == "applicant" else f"How many {right}s can {a} take on?",
                             f"How many {right}s does {a} have an edge to?"])
            add(compose(text, tq[0].upper() + tq[1:]), "bipartite_prose", "degree", "value", G.degree(a), G, ["degree"])
            continue
        top = {x for x in G.nodes if x.startswith(left)}
        mm = nx.bipartite.hopcroft_karp_matching(G, top_nodes=top)
        size = len(mm) // 2
        tq = qs[(i // len(BIP)) % len(qs)]
        add(compose(text, tq), "bipartite_prose", "matching", "matching", size, G, ["maximum_bipartite_matching"])


# ---------------------------------------------------------------- node data: embeddings and labels

GNN_RULE = ["In a simple graph convolution layer, each node's embedding is updated by the sum of its neighbors' embeddings.",
            "Each layer replaces every node's embedding with the sum of its neighbours' embeddings.",
            "One round of message passing sets each node's vector to the sum of the vectors of its neighbours (no self term)."]
GNN_Q = ["What's the embedding of each node after {k} layers of simple graph convolution layer?",
         "What is node {u}'s embedding after {kw} layers?", "After {kw} rounds, what vector does each node hold?",
         "Compute all node embeddings after {k} layer(s).", "What is the embedding of node {u} after {kw} rounds of aggregation?"]
WORDS = {1: "one", 2: "two", 3: "three"}

LIKES = ["soccer", "chess", "jazz", "hiking"]


def gen_node_data():
    for i in range(18):
        if i % 3 != 2:
            n = rng.randint(4, 6)
            G = connected_graph(n, n + rng.randint(0, 2))
            dim = rng.choice([1, 2, 2])
            feats = {v: [rng.randint(0, 1) for _ in range(dim)] for v in G.nodes}
            k = rng.choice([1, 2, 2, 3])
            out = gnn(G, feats, k)
            emb = " ".join(f"node {v}: [{','.join(str(x) for x in feats[v])}]" for v in G.nodes)
            es = " ".join(f"({u},{v})" for u, v in G.edges)
            text = (f"In an undirected graph, the nodes are numbered from 0 to {n - 1}, and every node has an embedding. "
                    f"(i,j) means that node i and node j are connected with an undirected edge. The edges are: {es}. "
                    f"Embeddings: {emb}. {GNN_RULE[i % len(GNN_RULE)]}") if i % 2 == 0 else \
                (f"Edges: {', '.join(f'{u}-{v}' for u, v in G.edges)}. Initial node features: "
                 + ", ".join(f"{v} -> [{', '.join(str(x) for x in feats[v])}]" for v in G.nodes) + f". {GNN_RULE[i % len(GNN_RULE)]}")
            tq = GNN_Q[(i // 2) % len(GNN_Q)]
            u = rng.choice(list(G.nodes))
            one = "{u}" in tq
            tq = tq.format(k=k, kw=WORDS[k], u=u)
            ans = {u: out[u]} if one else {v: out[v] for v in G.nodes}
            add(compose(text, tq), "node_data", "gnn", "embedding", ans, G, ["gnn_sum_aggregation"], key="features")
        else:
            # node labels: the unlabelled node's neighbours have a strict majority label
            n = rng.randint(6, 8)
            G = connected_graph(n, n + 3)
            target = rng.choice(list(G.nodes))
            nb = list(G.neighbors(target))
            while len(nb) < 2:
                other = rng.choice([x for x in G.nodes if x != target and x not in nb])
                G.add_edge(target, other)
                nb = list(G.neighbors(target))
            maj = rng.choice(LIKES)
            labels = {}
            for j, x in enumerate(nb):
                labels[x] = maj if j < len(nb) // 2 + 1 else rng.choice([l for l in LIKES if l != maj])
            for x in G.nodes:
                if x != target and x not in labels:
                    labels[x] = rng.choice(LIKES)
            es = ", ".join(f"{u}-{v}" for u, v in G.edges)
            ls = " ".join(f"Node {x} likes {labels[x]}." for x in G.nodes if x in labels)
            tq = rng.choice([f"What does node {target} like?", f"Based on its neighbours, what does node {target} most likely like?",
                             f"Predict the label of node {target} from its neighbours."])
            add(compose(f"Friendship graph edges: {es}. {ls}", tq), "node_data", "node_label", "label", maj, G, [])


# ---------------------------------------------------------------- must refuse: no tool, ambiguous graphs, unknown nodes

NO_TOOL = [
    "Is the graph planar?", "What is the chromatic polynomial of the graph?", "What is the treewidth of {G}?",
    "How many spanning trees does the graph have?", "What is the genus of {G}?", "Find a minimum vertex cover.",
    "What is the size of the largest clique?", "How many automorphisms does the graph have?", "What is the girth of the graph?",
    "Find a minimum dominating set.", "What is the maximum independent set of the graph?", "What will the weather be like tomorrow?",
    "Who should I invite to my wedding?", "What is the graph's crossing number?",
]


def gen_refuse():
    notes = ["dashes", "pairs", "adjlist", "pylist", "edgelines", "json", "nlgraph"]
    for i, tq in enumerate(NO_TOOL):
        notation = notes[i % len(notes)]
        G = connected_graph(rng.randint(5, 7), rng.randint(6, 9))
        refuse(compose(RENDER[notation](G), tq.format(G=rng.choice(GNAMES))), notation, "no_tool", "no tool answers this", G,
               if_answered=no_tool_truth(tq, G))

    # a node the graph does not have and no declaration implies
    ask = ["What is the degree of node {x}?", "Is there a path from node {y} to node {x}?", "List the neighbours of node {x}.",
           "What is the shortest path from {y} to {x}?", "How many neighbours does vertex {x} have?", "Which nodes are adjacent to {x}?"]
    for i, tq in enumerate(ask):
        notation = ["dashes", "pairs", "edgelines", "pylist", "arrows", "nlprose"][i]
        G = connected_graph(6, 7, directed=(notation == "arrows"))
        x = str(rng.randint(9, 15))
        refuse(compose(RENDER[notation](G), tq.format(x=x, y=list(G.nodes)[0])), notation, "unknown_node",
               f"node {x} is not in the graph and nothing declares it", G)
    # a named person the text never mentions
    for i, (who, tq) in enumerate([("Zoe", "How many friends does Zoe have?"), ("Victor", "How many friendship steps separate Alice from Victor?"),
                                   ("Wendy", "Who are Wendy's friends?")]):
        names = rng.sample(PEOPLE[:8], 5)
        if who == "Victor" and "Alice" not in names:
            names[0] = "Alice"
        G = connected_graph(5, 6, names=names)
        text = " ".join(f"{u} and {v} are friends." for u, v in G.edges)
        refuse(compose(text, tq), "relations", "unknown_node", f"{who} does not appear in the graph", G)

    # two notations that disagree
    for i in range(5):
        G = connected_graph(5, 6)
        H = G.copy()
        u, v = pick_pair(G, edge=False)
        H.add_edge(u, v)
        a, b = list(H.edges)[0]
        H.remove_edge(a, b)
        first = r_dashes(G)
        second = r_matrix(H, header=False)
        tq = ["How many edges does the graph have?", "Is there an edge between node {u} and node {v}?", "What is the degree of node {u}?",
              "Is there a path from {u} to {v}?", "List the neighbours of node {u}."][i].format(u=u, v=v)
        refuse(f"{first}\n{second}\n{tq}", "mixed", "ambiguous", "the edge list and the adjacency matrix describe different graphs", G)
    for i in range(3):
        G = connected_graph(5, 6)
        es = list(G.edges)
        x, y = pick_pair(G, edge=False)
        tq = ["How many edges are there?", "What is the degree of node {u}?", "Is the graph connected?"][i].format(u=x)
        text = (f"The graph has edges {', '.join(f'({u}, {v})' for u, v in es)}. "
                f"In JSON: {json.dumps({'nodes': list(range(5)), 'edges': [[int(u), int(v)] for u, v in es[1:]] + [[int(x), int(y)]]})}")
        refuse(compose(text, tq), "mixed", "ambiguous", "the pair list and the JSON give different edges", G)
    # an unreadable line in the middle of the graph
    garbage = ["2 - ??", "3 -> #!", "x7 ~~ q", "(4, )", "5 -- -- 1", "node 3 is kind of near 4-ish"]
    for i, bad in enumerate(garbage):
        G = connected_graph(6, 7)
        es = list(G.edges)
        k = len(es) // 2
        if i % 2 == 0:
            lines = [f"{u} {v}" for u, v in es[:k]] + [bad] + [f"{u} {v}" for u, v in es[k:]]
            body = "Edges, one per line:\n" + "\n".join(lines)
        else:
            lines = [f"{u}-{v}" for u, v in es[:k]] + [bad] + [f"{u}-{v}" for u, v in es[k:]]
            body = "Edges:\n" + "\n".join(lines)
        tq = ["How many edges are there?", "What is the degree of node 3?", "Is the graph connected?", "How many nodes does the graph have?",
              "Is there a cycle?", "What is the diameter of the graph?"][i]
        refuse(compose(body, tq), "edgelines" if i % 2 == 0 else "dashes", "ambiguous", f"the line {bad!r} looks like graph content but cannot be read", G)
    # a question whose parameters are missing or could name several things
    miss = [("What is the shortest path from node 2?", "the target is missing"),
            ("Is there a path between them?", "the nodes are not named"),
            ("How many neighbours does it have?", "the node is not named"),
            ("Is there an edge between node 1 and node?", "the second node is missing"),
            ("What is the maximum flow?", "source and sink are not named and the graph has no s/t")]
    for i, (tq, why) in enumerate(miss):
        notation = ["dashes", "pairs", "adjlist", "edgelines", "pylist"][i]
        G = connected_graph(6, 8, directed=(i == 4))
        refuse(compose(RENDER[notation](G), tq), notation, "missing_parameter", why, G)


# ---------------------------------------------------------------- the six examples of issue 9

def gen_examples():
    G = nx.Graph([("0", "1"), ("1", "2"), ("2", "3"), ("3", "4")])
    add("In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. "
        "The nodes are numbered from 0 to 4, and the edges are: (0,1) (1,2) (2,3) (3,4). How many nodes are in the graph?",
        "nlgraph", "node_count", "value", 5, G, ["node_count", "order"], example=1)

    G = nx.Graph()
    G.add_nodes_from(str(i) for i in range(8))
    adj = {"0": ["1", "2"], "1": ["0", "3"], "2": ["0", "4"], "3": ["1", "5"], "4": ["2"], "5": ["3", "6"], "6": ["5"]}
    for a, bs in adj.items():
        for b in bs:
            G.add_edge(a, b)
    lines = " ".join(f"Node {a} is connected to nodes {', '.join(bs)}." if len(bs) > 1 else f"Node {a} is connected to node {bs[0]}."
                     for a, bs in adj.items())
    add(f"G describes a graph among nodes 0, 1, 2, 3, 4, 5, 6, and 7. In this graph: {lines} List all the nodes connected to 0.",
        "incident", "neighbors", "set", sorted(G.neighbors("0")), G, ["neighbors"], example=2)

    G = nx.Graph()
    roads = [("Paris", "Lyon", 465), ("Lyon", "Marseille", 315), ("Marseille", "Nice", 200), ("Paris", "Nice", 1050),
             ("Lyon", "Geneva", 150), ("Geneva", "Nice", 600)]
    for a, b, w in roads:
        G.add_edge(a, b, weight=w)
    text = ", ".join(f"a road from {a} to {b} of {w} km" for a, b, w in roads)
    add(f"There is {text}. How far is it from Paris to Nice on the shortest route?", "quantities", "shortest_path", "path",
        sp_len(G, "Paris", "Nice"), G, ["shortest_path", "shortest_path_length"], key="length", source="Paris", target="Nice", example=3)

    G = nx.DiGraph([("3", "1"), ("3", "2"), ("1", "0"), ("2", "0"), ("0", "4"), ("1", "4")])
    sents = ", ".join(f"node {a} should be visited before node {b}" for a, b in G.edges)
    add(f"In a directed graph with 5 nodes numbered from 0 to 4: {sents}. Give a visiting order.", "precedence", "topo", "order", None, G,
        ["topological_sort"], example=4)

    G = nx.Graph()
    apps = [(0, 1), (1, 1), (1, 2), (2, 0), (3, 1)]
    for a, b in apps:
        G.add_edge(f"applicant {a}", f"job {b}")
    top = {f"applicant {a}" for a, _ in apps}
    size = len(nx.bipartite.hopcroft_karp_matching(G, top_nodes=top)) // 2
    sents = " ".join(f"Applicant {a} is interested in job {b}." for a, b in apps)
    add(f"There are 4 job applicants numbered from 0 to 3, and 3 jobs numbered from 0 to 2. {sents} How many applicants can get a job?",
        "bipartite_prose", "matching", "matching", size, G, ["maximum_bipartite_matching"], example=5)

    G = nx.Graph([("Alice", "Bob"), ("Bob", "Carol")])
    add("Alice and Bob are friends. Bob and Carol are friends. How many friends does Bob have?", "relations", "degree", "value",
        G.degree("Bob"), G, ["degree"], example=6)


# ================================================================ second batch
# Added after the first landing. New sections use their own template pools
# and run after the first batch, so the first batch's items do not change.

def r_markdown(G):
    w = has_w(G)
    hdr = rng.choice([("from", "to"), ("source", "target"), ("u", "v")])
    cols = list(hdr) + (["weight"] if w else [])
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for u, v, d in G.edges(data=True):
        lines.append("| " + " | ".join([str(u), str(v)] + ([str(d["weight"])] if w else [])) + " |")
    kind = "directed " if G.is_directed() else ""
    return rng.choice([f"Here are the {kind}edges:", f"The {kind}graph, as a Markdown table of edges:", f"Edge table ({'directed' if G.is_directed() else 'undirected'}):"]) + "\n" + "\n".join(lines)


def r_mermaid(G):
    arrow = "-->" if G.is_directed() else "---"
    lines = [rng.choice(["graph TD", "graph LR", "flowchart LR"])]
    for u, v in G.edges:
        lines.append(f"    {u} {arrow} {v}")
    return rng.choice(["Mermaid diagram:\n", "```mermaid\n", ""]) + "\n".join(lines) + ("\n```" if False else "")


def r_adjvariants(G):
    """Adjacency lists written other ways: 'A -> B, C', 'A: [B, C]', a JSON dict."""
    style = rng.randrange(3)
    succ = (lambda v: list(G.successors(v))) if G.is_directed() else (lambda v: list(G.neighbors(v)))
    nodes = [v for v in G.nodes if succ(v)]
    if style == 0:
        body = "\n".join(f"{v} -> {', '.join(str(x) for x in succ(v))}" for v in nodes)
        head = "Each node, then where its edges go:" if G.is_directed() else "Each node and its neighbours (undirected):"
        return head + "\n" + body
    if style == 1:
        body = "\n".join(f"{v}: [{', '.join(str(x) for x in succ(v))}]" for v in nodes)
        return ("Directed adjacency lists:\n" if G.is_directed() else "Adjacency lists:\n") + body
    conv = lambda x: int(x) if str(x).isdigit() else x
    d = {str(v): [conv(x) for x in succ(v)] for v in nodes}
    kind = "directed graph" if G.is_directed() else "undirected graph"
    return f"The {kind} as a dict of neighbour lists: {json.dumps(d)}"


TLAG_NAMES = ["James", "Robert", "John", "Michael", "David", "Mary", "Patricia", "Jennifer", "Linda", "Elizabeth"]


def r_tlag(G, enc):
    """Talk like a Graph's encodings with named nodes."""
    nodes = list(G.nodes)
    if enc == "friendship":
        head = f"G describes a friendship graph among {', '.join(nodes[:-1])}, and {nodes[-1]}.\nWe have the following edges in G:\n"
        return head + "\n".join(f"{u} and {v} are friends." for u, v in G.edges)
    if enc == "coauthorship":
        head = f"G describes a co-authorship graph among {', '.join(nodes[:-1])}, and {nodes[-1]}.\nIn this co-authorship graph:\n"
        return head + "\n".join(f"{u} and {v} wrote a paper together." for u, v in G.edges)
    if enc == "social":
        head = f"G describes a social network graph among {', '.join(nodes[:-1])}, and {nodes[-1]}.\nWe have the following edges in G:\n"
        return head + "\n".join(f"{u} and {v} are connected." for u, v in G.edges)
    head = f"G describes a graph among {', '.join(nodes[:-1])}, and {nodes[-1]}.\nThe edges in G are: "
    return head + ", ".join(f"({u}, {v})" for u, v in G.edges) + "."


T2 = {
    "node_count": ["pls count the nodes", "how many nodes r there", "Nodes in total?", "Quick question: how many vertices does this have?",
                   "I'd like to know the number of nodes in this graph."],
    "edge_count": ["how many edges in total?", "Could you tell me how many edges this graph has?", "edges: how many?", "Total number of edges, please."],
    "degree": ["whats the degree of {u}", "How many edges does {u} have?", "Could you count the neighbours of {u}?", "{u} has how many neighbours?"],
    "neighbors": ["who is {u} connected to?", "Show me the neighbours of {u}.", "{u}'s neighbors, please.", "Which nodes link directly to {u}?"],
    "edge_exists": ["is {u} directly linked to {v}?", "Is there an edge {u} to {v} in this graph, yes or no?", "Are {u} and {v} adjacent?", "Do {u} and {v} have an edge between them?"],
    "path_exists": ["can i get from {u} to {v}?", "Is {u} reachable from {v}?", "Is there some route between {u} and {v}?", "Are {u} and {v} connected by a path?"],
    "shortest_path": ["shortest path {u} to {v}?", "What's the quickest way from {u} to {v}, in hops?", "fewest edges between {u} and {v}?",
                      "How many steps from {u} to {v} at minimum?", "Shortest route from {u} to {v}, please."],
    "cycle": ["any cycles?", "Is there a loop in this graph (a cycle)?", "does this graph have a cycle in it", "Cycle: yes or no?"],
    "components": ["how many components?", "In how many disconnected pieces does this graph fall apart?", "Number of connected components, please."],
    "triangles": ["how many triangles", "Count all triangles in this graph.", "Triangle count?"],
}


def fill2(task, **kw):
    key = "t2:" + task
    i = rot.get(key, 0)
    rot[key] = i + 1
    return T2[task][i % len(T2[task])].format(**kw)


def generic2(notation, text, G, task):
    """Like generic, with the second batch's templates and a given rendering."""
    nodes = list(G.nodes)
    directed = G.is_directed()
    if task == "node_count":
        add(compose(text, fill2(task)), notation, task, "value", G.number_of_nodes(), G, ["node_count", "order"])
    elif task == "edge_count":
        add(compose(text, fill2(task)), notation, task, "value", G.number_of_edges(), G, ["edge_count", "size"])
    elif task == "degree":
        u = rng.choice(nodes)
        add(compose(text, fill2(task, u=u)), notation, task, "value", G.degree(u), G, ["degree"])
    elif task == "neighbors":
        u = rng.choice(nodes)
        ans = sorted(str(x) for x in (G.successors(u) if directed else G.neighbors(u)))
        add(compose(text, fill2(task, u=u)), notation, task, "set", ans, G, ["neighbors"])
    elif task == "edge_exists":
        u, v = pick_pair(G.to_undirected() if directed else G, edge=rng.random() < 0.5)
        if directed and G.has_edge(v, u):
            u, v = v, u
        add(compose(text, fill2(task, u=u, v=v)), notation, task, "value", G.has_edge(u, v), G, ["edge_exists"])
    elif task == "path_exists":
        u, v = pick_pair(G, path=rng.random() < 0.5)
        if directed:
            raise ValueError("path_exists templates of the second batch are undirected")
        add(compose(text, fill2(task, u=u, v=v)), notation, task, "value", nx.has_path(G, u, v), G, ["path_exists"])
    elif task == "shortest_path":
        u, v = pick_pair(G, path=True, far=True)
        add(compose(text, fill2(task, u=u, v=v)), notation, task, "path", sp_len(G, u, v), G,
            ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
    elif task == "cycle":
        ans = not (nx.is_directed_acyclic_graph(G) if directed else nx.is_forest(G))
        add(compose(text, fill2(task)), notation, task, "value", ans, G, ["cycle_check"])
    elif task == "components":
        add(compose(text, fill2(task)), notation, task, "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
    elif task == "triangles":
        add(compose(text, fill2(task)), notation, task, "value", triangles(G), G, ["triangle_count"], key="triangles")
    else:
        raise ValueError(task)


BATCH2_TASKS = ["node_count", "edge_count", "degree", "neighbors", "edge_exists", "path_exists", "shortest_path", "cycle",
                "components", "triangles"]


def batch2_graph(task, use_letters=False, names=None):
    n = rng.randint(5, 8)
    if names:
        n = min(n, len(names))
        names = rng.sample(names, n)
    elif use_letters:
        names = letters(n)
    if task in ("path_exists", "components"):
        k = rng.randint(2, n - 3)
        names = names or [str(i) for i in range(n)]
        A = connected_graph(k, k + rng.randint(0, 1), names=names[:k])
        B = connected_graph(n - k, n - k, names=names[k:])
        G = nx.Graph()
        G.add_nodes_from(names)
        E = list(A.edges) + list(B.edges)
        rng.shuffle(E)
        G.add_edges_from(E)
        return G
    return connected_graph(n, n + rng.randint(0, 3), names=names)


def gen_batch2_structured():
    for notation, render, k in [("markdown_table", r_markdown, 10), ("mermaid", r_mermaid, 8), ("adjlist", r_adjvariants, 10),
                                ("pylist", None, 6), ("dashes", None, 6), ("edgelines", None, 6), ("pairs", None, 6)]:
        for i in range(k):
            task = BATCH2_TASKS[(i + len(notation)) % len(BATCH2_TASKS)]
            G = batch2_graph(task, use_letters=(notation in ("mermaid", "adjlist") and i % 2 == 0))
            if notation == "mermaid" and i % 3 == 2 and task not in ("path_exists", "components"):
                G = directed_for("cycle" if task == "cycle" else "neighbors")
                if task not in ("node_count", "edge_count", "neighbors", "edge_exists", "cycle"):
                    task = "neighbors"
            text = render(G) if render else RENDER[notation](G)
            generic2(notation, text, G, task)


def gen_tlag():
    encs = ["friendship", "coauthorship", "social", "plain"]
    qs = {
        "friendship": {"degree": "How many friends does {u} have?", "edge_exists": "Are {u} and {v} friends?",
                       "neighbors": "Who are {u}'s friends?", "node_count": "How many people are in the friendship graph?",
                       "path_exists": "Is there a chain of friends from {u} to {v}?", "shortest_path": "How many friendship hops separate {u} and {v}?"},
        "coauthorship": {"degree": "How many co-authors does {u} have?", "edge_exists": "Have {u} and {v} written a paper together?",
                         "neighbors": "List the co-authors of {u}.", "node_count": "How many authors does G have?",
                         "path_exists": "Is {u} linked to {v} through co-authors?", "shortest_path": "What is the co-authorship distance from {u} to {v}?"},
        "social": {"degree": "What is the degree of {u}?", "edge_exists": "Is there an edge between {u} and {v}?",
                   "neighbors": "Which people is {u} connected to?", "node_count": "How many nodes does G have?",
                   "path_exists": "Is there a path from {u} to {v}?", "shortest_path": "What is the length of the shortest path from {u} to {v}?"},
        "plain": {"degree": "Q: What is the degree of node {u}?", "edge_exists": "Q: Is there an edge between nodes {u} and {v}?",
                  "neighbors": "Q: List all the nodes connected to {u} in alphabetical order.", "node_count": "Q: How many nodes are in this graph?",
                  "path_exists": "Q: Is there a path between node {u} and node {v}?", "shortest_path": "Q: What is the length of the shortest path from node {u} to node {v}?"},
    }
    tasks = ["degree", "edge_exists", "neighbors", "node_count", "path_exists", "shortest_path"]
    for i in range(16):
        enc = encs[i % 4]
        task = tasks[(i // 4 + i) % len(tasks)]
        G = batch2_graph(task, names=TLAG_NAMES)
        text = r_tlag(G, enc)
        tq = qs[enc][task]
        nodes = list(G.nodes)
        if task == "degree":
            u = rng.choice(nodes)
            add(compose(text, tq.format(u=u)), "talklike", task, "value", G.degree(u), G, ["degree"])
        elif task == "neighbors":
            u = rng.choice(nodes)
            add(compose(text, tq.format(u=u)), "talklike", task, "set", sorted(G.neighbors(u)), G, ["neighbors"])
        elif task == "node_count":
            add(compose(text, tq), "talklike", task, "value", G.number_of_nodes(), G, ["node_count", "order"])
        elif task == "edge_exists":
            u, v = pick_pair(G, edge=(i % 2 == 0))
            add(compose(text, tq.format(u=u, v=v)), "talklike", task, "value", G.has_edge(u, v), G, ["edge_exists"])
        elif task == "path_exists":
            G = batch2_graph("path_exists", names=TLAG_NAMES)
            text = r_tlag(G, enc)
            u, v = pick_pair(G, path=(i % 2 == 1))
            add(compose(text, tq.format(u=u, v=v)), "talklike", task, "value", nx.has_path(G, u, v), G, ["path_exists"])
        else:
            u, v = pick_pair(G, path=True, far=True)
            add(compose(text, tq.format(u=u, v=v)), "talklike", task, "path", sp_len(G, u, v), G,
                ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)


def gen_declared_count():
    """'a graph with N nodes': only questions whose answer does not depend on which labels the isolated nodes get."""
    forms = ["A graph with {n} nodes has the edges {e}.", "There are {n} vertices in total; the edges are {e}.",
             "Consider an undirected graph with {n} nodes. Its edges: {e}.", "The network has {n} nodes and these links: {e}."]
    asks = [("node_count", "How many nodes does the graph have?"), ("components", "How many connected components are there, single nodes included?"),
            ("is_connected", "Is the graph connected?"), ("node_count", "What is the number of vertices?"),
            ("components", "How many connected components does it have?"), ("edge_count", "How many edges are there?")]
    for i in range(12):
        n = rng.randint(7, 10)
        used = rng.randint(4, n - 2)
        H = connected_graph(used, used + rng.randint(0, 2))
        G = nx.Graph()
        G.add_nodes_from(H.nodes)
        G.add_edges_from(H.edges)
        for j in range(used, n):
            G.add_node(f"isolated{j}")
        e = ", ".join(f"{u}-{v}" if i % 2 else f"({u}, {v})" for u, v in H.edges)
        task, tq = asks[i % len(asks)]
        text = forms[i % len(forms)].format(n=n, e=e)
        if task == "node_count":
            add(compose(text, tq), "declared", task, "value", n, G, ["node_count", "order"])
        elif task == "components":
            add(compose(text, tq), "declared", task, "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
        elif task == "is_connected":
            add(compose(text, tq), "declared", task, "value", False, G, ["is_connected"])
        else:
            add(compose(text, tq), "declared", task, "value", G.number_of_edges(), G, ["edge_count", "size"])


def gen_capacities():
    """Flow networks in NLGraph's prose with 'capacity', and weighted prose with named nodes."""
    for i in range(8):
        G = flow_net(rng.randint(5, 7), rng.randint(7, 10))
        G = nx.relabel_nodes(G, {x: str(k) for k, x in enumerate(G.nodes)})
        nodes = list(G.nodes)
        s, t = nodes[0], nodes[-1]
        parts = [f"an edge from node {u} to node {v} with capacity {d['weight']}" for u, v, d in G.edges(data=True)]
        text = (f"In a directed graph, the nodes are numbered from 0 to {len(nodes) - 1}, and the edges are:\n" + ",\n".join(parts) + ".")
        tq = ["Q: What is the maximum flow from node {s} to node {t}?", "What is the maximum flow from {s} to {t}?",
              "How much flow can go from node {s} to node {t} at most?", "Find the max flow from source {s} to sink {t}."][i % 4].format(s=s, t=t)
        add(compose(text, tq), "nlprose", "max_flow", "value", maxflow(G, s, t), G, ["maximum_flow"], key="value")
    units = [("km", "road"), ("minutes", "walk"), ("dollars", "ticket")]
    for i in range(8):
        names = rng.sample(CITIES, rng.randint(5, 7))
        G = weighted(connected_graph(len(names), len(names) + 2, names=names), 2, 90)
        unit, what = units[i % 3]
        if what == "road":
            sent = lambda u, v, w: rng.choice([f"{u} is linked to {v} with weight {w}.", f"The edge between {u} and {v} has weight {w}."])
            tq = "What is the minimum total weight of a path from {u} to {v}?"
        elif what == "walk":
            sent = lambda u, v, w: rng.choice([f"Walking between {u} and {v} takes {w} minutes.", f"It takes {w} minutes to walk from {u} to {v}."])
            tq = "How many minutes is the fastest walk from {u} to {v}?"
        else:
            sent = lambda u, v, w: rng.choice([f"A ticket between {u} and {v} costs {w} dollars.", f"Travelling between {u} and {v} costs ${w}."])
            tq = "What is the cheapest total fare from {u} to {v}?"
        text = " ".join(sent(u, v, d["weight"]) for u, v, d in G.edges(data=True))
        u, v = pick_pair(G, path=True, far=True)
        add(compose(text, tq.format(u=u, v=v)), "quantities", "shortest_path", "path", sp_len(G, u, v), G,
            ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)


def gen_refuse2():
    # an ellipsis hides edges
    for i, tq in enumerate(["How many edges does the graph have?", "What is the degree of node 5?", "Is there a path from 0 to 9?",
                            "How many nodes are there?"]):
        G = nx.path_graph(4)
        G = nx.relabel_nodes(G, str)
        text = ["Edges: 0-1, 1-2, 2-3, ..., 9-10.", "The edges are (0,1), (1,2), (2,3), … and so on up to (9,10).",
                "0 1\n1 2\n2 3\n...\n", "edges = [(0, 1), (1, 2), (2, 3), ...]"][i]
        refuse(compose(text, tq), ["dashes", "pairs", "edgelines", "pylist"][i], "ambiguous", "an ellipsis stands for edges that are not given", G)
    # two graphs, one question
    for i in range(3):
        A, B = connected_graph(5, 6), connected_graph(5, 6)
        tq = ["Is there an edge between node 1 and node 3?", "What is the degree of node 2?", "How many edges are there?"][i]
        text = f"Graph 1 has edges {r_dashes(A).split(' ', 2)[-1] if False else ', '.join(f'{u}-{v}' for u, v in A.edges)}. Graph 2 has edges {', '.join(f'{u}-{v}' for u, v in B.edges)}."
        refuse(compose(text, tq), "dashes", "ambiguous", "two graphs are given and the question does not say which", A)
    # one edge with two different weights
    for i in range(3):
        G = weighted(connected_graph(5, 6))
        es = list(G.edges(data=True))
        u, v, d = es[0]
        other = d["weight"] + rng.randint(2, 5)
        items = ", ".join(f"({a}, {b}, {x['weight']})" for a, b, x in es) + f", ({u}, {v}, {other})"
        s, t = pick_pair(G, path=True, far=True)
        tq = [f"What is the weight of the shortest path from {s} to {t}?", f"What is the total weight of a minimum spanning tree?",
              f"What is the weight of the edge between {u} and {v}?"][i]
        refuse(compose(f"Weighted edges (u, v, weight): {items}.", tq), "pairs", "ambiguous", f"the edge {u}-{v} is given twice with different weights", G)
    # more questions no tool answers
    for i, tq in enumerate(["What is the edge connectivity of the graph?", "Is the graph isomorphic to the Petersen graph?",
                            "What is the Wiener index?", "How many perfect matchings does the graph have?",
                            "What is the chromatic index of {G}?", "What is the spectral radius of the adjacency matrix?"]):
        G = connected_graph(rng.randint(5, 7), rng.randint(6, 9))
        notation = ["arrows", "tsv", "dot", "matrix_plain", "incident", "nlprose"][i]
        if notation == "arrows":
            G = connected_graph(6, 7, directed=True)
        refuse(compose(RENDER[notation](G), tq.format(G=rng.choice(GNAMES))), notation, "no_tool", "no tool answers this", G,
               if_answered=no_tool_truth(tq, G))


def batch2():
    gen_batch2_structured()
    gen_tlag()
    gen_declared_count()
    gen_capacities()
    gen_refuse2()


# ================================================================ third batch

def gen_directed_relations():
    """One-way relationships: 'X follows Y', 'X reports to Y'."""
    for i in range(12):
        follows = i % 2 == 0
        names = rng.sample(PEOPLE, rng.randint(5, 7))
        if follows:
            G = connected_graph(len(names), len(names) + 2, directed=True, names=names)
            text = " ".join(rng.choice([f"{u} follows {v}.", f"{u} follows {v} on social media."]) for u, v in G.edges)
        else:
            # a reporting tree: everyone but the boss reports to one person
            order = names[:]
            G = nx.DiGraph()
            G.add_nodes_from(order)
            for k in range(1, len(order)):
                G.add_edge(order[k], order[rng.randrange(k)])
            E = list(G.edges)
            rng.shuffle(E)
            G = nx.DiGraph()
            G.add_nodes_from(order)
            G.add_edges_from(E)
            text = " ".join(rng.choice([f"{u} reports to {v}.", f"{u} reports directly to {v}."]) for u, v in G.edges)
        nodes = list(G.nodes)
        kind = (i // 2) % 3
        if kind == 0:
            u = rng.choice([x for x in nodes if G.out_degree(x) > 0])
            tq = rng.choice([f"Who does {u} follow?", f"List everyone {u} follows."]) if follows else rng.choice([f"Who does {u} report to?", f"Who is {u}'s direct manager?"])
            add(compose(text, tq), "relations", "neighbors", "set", sorted(G.successors(u)), G, ["neighbors"])
        elif kind == 1:
            u, v = pick_pair(G.to_undirected(), edge=(i % 4 < 2))
            if G.has_edge(v, u) and not G.has_edge(u, v):
                u, v = v, u
            tq = f"Does {u} follow {v}?" if follows else f"Does {u} report directly to {v}?"
            add(compose(text, tq), "relations", "edge_exists", "value", G.has_edge(u, v), G, ["edge_exists"])
        else:
            u, v = pick_pair(G, path=(i % 4 < 2))
            tq = (f"Following the 'follows' links, is there a chain from {u} to {v}?" if follows
                  else f"Is {v} above {u} in the chain of command (does a chain of 'reports to' lead from {u} to {v})?")
            add(compose(text, tq), "relations", "path_exists", "value", nx.has_path(G, u, v), G, ["path_exists"])


def gen_multiword_structured():
    """Multi-word node names in CSV, DOT, JSON and pairs."""
    for i in range(10):
        names = rng.sample(US + ["San Francisco", "Los Angeles", "Salt Lake City", "Las Vegas"], rng.randint(5, 7))
        G = weighted(connected_graph(len(names), len(names) + 2, names=names), 100, 900)
        notation = ["csv", "dot", "json", "pairs", "tsv"][i % 5]
        if notation == "pairs":
            text = "Roads (city, city, miles): " + ", ".join(f"({u}, {v}, {d['weight']})" for u, v, d in G.edges(data=True)) + "."
        elif notation == "csv":
            text = "city_a,city_b,miles\n" + "\n".join(f"{u},{v},{d['weight']}" for u, v, d in G.edges(data=True))
        elif notation == "tsv":
            text = "from\tto\tmiles\n" + "\n".join(f"{u}\t{v}\t{d['weight']}" for u, v, d in G.edges(data=True))
        else:
            text = RENDER[notation](G)
        if i % 2 == 0:
            u, v = pick_pair(G, path=True, far=True)
            tq = rng.choice([f"What is the shortest distance from {u} to {v}?", f"How many miles is the shortest route between {u} and {v}?"])
            add(compose(text, tq), notation, "shortest_path", "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"],
                key="length", source=u, target=v)
        else:
            u = rng.choice(list(G.nodes))
            tq = rng.choice([f"Which cities are directly connected to {u}?", f"List the neighbours of {u}."])
            add(compose(text, tq), notation, "neighbors", "set", sorted(G.neighbors(u)), G, ["neighbors"])


def gen_one_based():
    """Nodes numbered from 1: node 0 does not exist, the last declared node is isolated."""
    for i in range(8):
        n = rng.randint(6, 9)
        names = [str(k) for k in range(1, n + 1)]
        core = names[:-1]
        H = connected_graph(len(core), len(core) + 1, names=core)
        G = nx.Graph()
        G.add_nodes_from(names)
        G.add_edges_from(H.edges)
        es = ", ".join(f"{u}-{v}" for u, v in H.edges)
        text = [f"The nodes are numbered from 1 to {n}. Edges: {es}.", f"A graph on nodes 1, 2, ..., {n} has the edges {es}."][i % 2]
        kind = i % 4
        if kind == 0:
            add(compose(text, "How many nodes does the graph have?"), "declared", "node_count", "value", n, G, ["node_count", "order"])
        elif kind == 1:
            add(compose(text, f"What is the degree of node {n}?"), "declared", "degree", "value", 0, G, ["degree"])
        elif kind == 2:
            add(compose(text, "How many connected components are there?"), "declared", "components", "value", nx.number_connected_components(G), G,
                ["connected_components"], key="count")
        else:
            refuse(compose(text, "What is the degree of node 0?"), "declared", "unknown_node", "node 0 is outside the declared nodes 1..N", G)


def gen_weighted_arrows():
    for i in range(8):
        n = rng.randint(5, 7)
        G = weighted(dag(n, n + 3, names=letters(n)), 1, 12)
        style = i % 3
        if style == 0:
            text = "Directed weighted edges: " + ", ".join(f"{u} -> {v} ({d['weight']})" for u, v, d in G.edges(data=True)) + "."
        elif style == 1:
            text = "\n".join(f"{u} -> {v}, weight {d['weight']}" for u, v, d in G.edges(data=True))
        else:
            text = "Edges with costs:\n" + "\n".join(f"{u} -> {v}: {d['weight']}" for u, v, d in G.edges(data=True))
        u, v = pick_pair(G, path=True, far=True)
        tq = ["What is the cheapest path from {u} to {v}?", "Find the minimum total weight from {u} to {v}.",
              "What is the lowest-cost route from {u} to {v} and its cost?", "Shortest weighted distance from {u} to {v}?"][i % 4].format(u=u, v=v)
        add(compose(text, tq), "arrows", "shortest_path", "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"],
            key="length", source=u, target=v)


def gen_node_data2():
    """Embeddings and labels written other ways."""
    for i in range(10):
        n = rng.randint(4, 6)
        G = connected_graph(n, n + rng.randint(0, 2))
        if i % 2 == 0:
            dim = 2
            feats = {v: [rng.randint(0, 2) for _ in range(dim)] for v in G.nodes}
            k = 1 + i % 3
            out = gnn(G, feats, k)
            if (i // 2) % 2 == 0:
                fs = " ".join(f"The feature vector of node {v} is ({', '.join(str(x) for x in feats[v])})." for v in G.nodes)
            else:
                fs = " ".join(f"x_{v} = [{', '.join(str(x) for x in feats[v])}]." for v in G.nodes)
            rule = rng.choice(["A GNN layer sets every node's vector to the sum of its neighbours' vectors.",
                               "Message passing: in each round every node sums the vectors of its neighbours."])
            text = f"Edges: {', '.join(f'({u}, {v})' for u, v in G.edges)}. {fs} {rule}"
            tq = rng.choice([f"What are the node vectors after {k} round(s)?", f"Give every node's vector after {WORDS[k]} layer(s)."])
            add(compose(text, tq), "node_data", "gnn", "embedding", {v: out[v] for v in G.nodes}, G, ["gnn_sum_aggregation"], key="features")
        else:
            n = rng.randint(6, 8)
            G = connected_graph(n, n + 3)
            target = rng.choice(list(G.nodes))
            while G.degree(target) < 2:
                G.add_edge(target, rng.choice([x for x in G.nodes if x != target and not G.has_edge(target, x)]))
            nb = list(G.neighbors(target))
            classes = ["A", "B", "C"] if i % 4 == 1 else ["red", "blue", "green"]
            maj = rng.choice(classes)
            labels = {x: (maj if j < len(nb) // 2 + 1 else rng.choice([c for c in classes if c != maj])) for j, x in enumerate(nb)}
            for x in G.nodes:
                if x != target and x not in labels:
                    labels[x] = rng.choice(classes)
            if i % 4 == 1:
                ls = " ".join(f"Node {x} is in class {labels[x]}." for x in G.nodes if x in labels)
                tq = f"Which class is node {target} most likely in?"
            else:
                ls = " ".join(f"Node {x} is coloured {labels[x]}." for x in G.nodes if x in labels)
                tq = f"Predict the colour of node {target} from its neighbours."
            add(compose(f"Edges: {', '.join(f'{u}-{v}' for u, v in G.edges)}. {ls}", tq), "node_data", "node_label", "label", maj, G, [])


CHORE_ORDER = ["invite friends", "buy flour", "bake the cake", "cook dinner", "set the table", "wash the dishes", "clean the kitchen"]


def gen_chores():
    """Chores with rules that follow a sensible order, so every rule reads naturally."""
    for i in range(6):
        n = rng.randint(4, 6)
        names = sorted(rng.sample(CHORE_ORDER, n), key=CHORE_ORDER.index)
        pairs = [(names[a], names[b]) for a in range(n) for b in range(a + 1, n)]
        rng.shuffle(pairs)
        G = nx.DiGraph()
        G.add_nodes_from(names)
        G.add_edges_from((names[k], names[k + 1]) for k in range(n - 1) if rng.random() < 0.7)
        for u, v in pairs:
            if G.number_of_edges() >= n + 1:
                break
            G.add_edge(u, v)
        if not nx.is_weakly_connected(G):
            G.add_edges_from((names[k], names[k + 1]) for k in range(n - 1))
        E = list(G.edges)
        rng.shuffle(E)
        sents = [rng.choice([f"You have to {u} before you {v}.", f"First {u}, then {v}.", f"Don't {v} until you {u}."]) for u, v in E]
        tq = ["In what order should I do these chores?", "Give an order for all the chores that respects every rule.",
              "List the chores in an order I can follow."][i % 3]
        H = nx.DiGraph()
        H.add_nodes_from(names)
        H.add_edges_from(E)
        add(compose(" ".join(sents), tq), "precedence", "topo", "order", None, H, ["topological_sort"])


def batch3():
    gen_directed_relations()
    gen_multiword_structured()
    gen_one_based()
    gen_weighted_arrows()
    gen_node_data2()
    gen_chores()


# ================================================================ fourth batch: thin tasks, more hands

def gen_thin_tasks():
    # diameter, written several ways
    diam_q = ["What's the diameter?", "What is the largest number of hops needed to get between two nodes?",
              "Of all pairs of nodes, which pair is farthest apart, and how far? (the diameter)", "Compute the graph diameter.",
              "What is the maximum eccentricity over all nodes (the diameter)?", "diameter of this network?"]
    for i, tq in enumerate(diam_q):
        notation = ["pairs", "adjlist", "edgelines", "json", "dashes", "nlprose"][i]
        G = connected_graph(rng.randint(6, 8), rng.randint(7, 9))
        add(compose(RENDER[notation](G), tq), notation, "diameter", "value", nx.diameter(G), G, ["diameter"])
    # bipartite, in prose and in notation
    bip_q = [("relations", "Is it possible to split these people into two teams so that no two friends are on the same team?"),
             ("dashes", "Can you 2-colour this graph?"), ("edgelines", "Is this graph two-colourable (bipartite)?"),
             ("relations", "Can the people be seated at two tables so that friends never share a table?"),
             ("pylist", "Does the graph contain an odd cycle, or is it bipartite? Answer: is it bipartite?"),
             ("adjlist", "Is the graph bipartite, yes or no?")]
    for i, (notation, tq) in enumerate(bip_q):
        n = rng.randint(5, 7)
        if i % 2 == 0:
            # even cycle plus chords between sides: bipartite
            G = nx.Graph()
            names = rng.sample(PEOPLE, n) if notation == "relations" else [str(k) for k in range(n)]
            G.add_nodes_from(names)
            left, right = names[: n // 2], names[n // 2:]
            for u in left:
                G.add_edge(u, rng.choice(right))
            for v in right:
                if G.degree(v) == 0:
                    G.add_edge(rng.choice(left), v)
            if not nx.is_connected(G):
                comps = [sorted(c) for c in sorted(nx.connected_components(G), key=min)]
                for a, b in zip(comps, comps[1:]):
                    u = next(x for x in a if x in left) if any(x in left for x in a) else None
                    v = next(x for x in b if x in right) if any(x in right for x in b) else None
                    if u and v:
                        G.add_edge(u, v)
                    else:
                        G.add_edge(next(x for x in a if x in right), next(x for x in b if x in left))
        else:
            names = rng.sample(PEOPLE, n) if notation == "relations" else None
            G = connected_graph(n, n + 2, names=names)
        text = " ".join(f"{u} and {v} are friends." for u, v in G.edges) if notation == "relations" else RENDER[notation](G)
        add(compose(text, tq), notation, "bipartite", "value", nx.is_bipartite(G), G, ["is_bipartite"], key="bipartite")
    # components listed
    comp_q = ["Group the nodes by connected component.", "Which nodes belong together in the same piece of the graph? List the groups.",
              "Give me each connected component as a list of nodes.", "Partition the vertices into connected components."]
    for i, tq in enumerate(comp_q):
        notation = ["edgelines", "pairs", "dashes", "json"][i]
        G = two_parts(rng.randint(3, 5), rng.randint(2, 3), 5, 2)
        add(compose(RENDER[notation](G), tq), notation, "components_list", "partition",
            sorted(sorted(c) for c in nx.connected_components(G)), G, ["connected_components"], key="components")
    # DAGs
    dag_q = ["Is there a directed cycle, or is this a DAG? Is it a DAG?", "Does this directed graph have no cycles at all (is it a DAG)?",
             "DAG or not?", "Is the graph acyclic when edge directions are followed?"]
    for i, tq in enumerate(dag_q):
        notation = ["arrows", "dot", "csv", "edgelines"][i]
        G = dag(rng.randint(5, 7), 8)
        if i % 2:
            order = list(nx.topological_sort(G))
            G.add_edge(order[-1], order[1])
        add(compose(RENDER[notation](G), tq), notation, "dag", "dag", nx.is_directed_acyclic_graph(G), G,
            ["is_dag", "is_directed_acyclic_graph"], neg_tools=["cycle_check"])
    # minimum spanning trees in prose and tables
    for i in range(5):
        names = rng.sample(["the school", "the library", "the town hall", "the station", "the hospital", "the museum", "the park"], rng.randint(5, 6))
        G = weighted(connected_graph(len(names), len(names) + 3, names=names), 2, 30)
        if i % 2 == 0:
            text = " ".join(f"Laying cable between {u} and {v} costs {d['weight']} thousand dollars." for u, v, d in G.edges(data=True))
            tq = ["What is the cheapest way to connect all the buildings with cable? Give the total cost.",
                  "What is the least total cost to connect every building (a minimum spanning tree)?",
                  "If we only lay the cheapest cables that still connect everything, what do they cost in total?"][i // 2]
            add(compose(text, tq), "quantities", "mst", "value", nx.minimum_spanning_tree(G).size(weight="weight"), G,
                ["minimum_spanning_tree"], key="total_weight")
        else:
            H = nx.relabel_nodes(G, {x: str(k) for k, x in enumerate(G.nodes)})
            notation = ["csv", "pylist"][i // 2 % 2]
            tq = ["Find the weight of the minimum spanning tree.", "What does the lightest spanning tree weigh?"][i // 2 % 2]
            add(compose(RENDER[notation](H), tq), notation, "mst", "value", nx.minimum_spanning_tree(H).size(weight="weight"), H,
                ["minimum_spanning_tree"], key="total_weight")
    # non-neighbours
    nn = [("relations", "Who is not friends with {u}?"), ("quantities", "Which cities have no direct road to {u}?"),
          ("edgelines", "Which nodes have no edge to {u}?"), ("incident", "Which nodes is node {u} not connected to?"),
          ("relations", "Which of these people has {u} never written a paper with?"), ("pairs", "List the vertices that are not adjacent to {u}.")]
    for i, (notation, tq) in enumerate(nn):
        n = rng.randint(5, 7)
        if notation == "relations":
            G = connected_graph(n, n + 1, names=rng.sample(PEOPLE, n))
            verb = "are friends." if i == 0 else "wrote a paper together."
            text = " ".join(f"{u} and {v} {verb}" for u, v in G.edges)
        elif notation == "quantities":
            G = weighted(connected_graph(n, n + 1, names=rng.sample(CITIES, n)), 50, 500)
            text = " ".join(road(u, v, d["weight"], "km") for u, v, d in G.edges(data=True))
        else:
            G = connected_graph(n, n + 1)
            text = RENDER[notation](G)
        u = rng.choice([x for x in G.nodes if G.degree(x) < n - 1])
        add(compose(text, tq.format(u=u)), notation, "non_neighbors", "set", sorted(str(x) for x in nx.non_neighbors(G, u)), G, ["non_neighbors"])
    # Hamiltonian paths in prose
    for i in range(4):
        n = rng.randint(5, 6)
        if i % 2 == 0:
            names = rng.sample(CITIES, n)
            G = weighted(connected_graph(n, n + 2, names=names), 50, 500)
            text = " ".join(road(u, v, d["weight"], "km") for u, v, d in G.edges(data=True))
            tq = "Is there a road trip that visits every city exactly once, using only these roads? If so, give the order."
            notation = "quantities"
        else:
            names = rng.sample(PEOPLE, n)
            G = connected_graph(n, n + 1, names=names)
            text = " ".join(f"{u} and {v} are friends." for u, v in G.edges)
            tq = "Can a letter be passed from friend to friend so that it reaches every person exactly once? Give the chain if it can."
            notation = "relations"
        H = nx.Graph()
        H.add_nodes_from(G.nodes)
        H.add_edges_from(G.edges)
        add(compose(text, tq), notation, "hamilton", "hamilton", hamilton_exists(H), G, ["hamiltonian_path"], key="exists")
    # common neighbours
    cn = [("relations", "Which friends do {u} and {v} have in common?"), ("relations", "Who are the mutual friends of {u} and {v}?"),
          ("dashes", "What are the common neighbours of {u} and {v}?"), ("pairs", "Which nodes are adjacent to both {u} and {v}?"),
          ("adjlist", "List the nodes connected to both {u} and {v}.")]
    for i, (notation, tq) in enumerate(cn):
        n = rng.randint(6, 8)
        names = rng.sample(PEOPLE, n) if notation == "relations" else None
        G = connected_graph(n, n + 4, names=names)
        pairs = [(a, b) for a in G.nodes for b in G.nodes if a < b and len(list(nx.common_neighbors(G, a, b))) > 0]
        u, v = rng.choice(pairs)
        text = " ".join(f"{a} and {b} are friends." for a, b in G.edges) if notation == "relations" else RENDER[notation](G)
        add(compose(text, tq.format(u=u, v=v)), notation, "common_neighbors", "set", sorted(nx.common_neighbors(G, u, v)), G, ["common_neighbors"])
    # node existence: the answer is yes or no, not a refusal
    ex = [("dashes", "Is node {x} in the graph?", False), ("declared", "Does the graph have a node {x}?", True),
          ("pairs", "Is there a vertex called {x}?", False), ("declared", "Is {x} one of the graph's nodes?", True)]
    for i, (notation, tq, want) in enumerate(ex):
        if notation == "declared":
            G, iso = declared_graph()
            x = iso[0]
        else:
            G = connected_graph(6, 7)
            x = str(rng.randint(10, 20))
        add(compose(RENDER[notation](G), tq.format(x=x)), notation, "node_exists", "value", want, G, ["node_exists"])
    # degree distribution
    dd = [("dashes", "What is the degree distribution of the graph?", None), ("edgelines", "How many nodes have each degree?", None),
          ("pairs", "How many nodes have degree 2?", 2), ("relations", "How many people have exactly one friend?", 1),
          ("adjlist", "Give the degree histogram.", None)]
    for i, (notation, tq, k) in enumerate(dd):
        n = rng.randint(6, 8)
        names = rng.sample(PEOPLE, n) if notation == "relations" else None
        G = connected_graph(n, n + 1, names=names)
        text = " ".join(f"{a} and {b} are friends." for a, b in G.edges) if notation == "relations" else RENDER[notation](G)
        if k is None:
            add(compose(text, tq), notation, "degree_distribution", "list", nx.degree_histogram(G), G, ["degree_distribution"], key="histogram")
        else:
            add(compose(text, tq), notation, "degree_distribution", "value", sum(1 for _, d in G.degree if d == k), G, ["degree_distribution"], key="count")


def batch4():
    gen_thin_tasks()


# ================================================================ fifth batch: questions wrapped in ordinary chatter

PREAMBLES = [
    "Hi! I'm stuck on my homework and could use some help.", "Quick one for you.", "My professor gave us this graph in lecture 7.",
    "Hello, I have a graph theory question (problem 3 on the sheet).", "I'm preparing for an exam on Friday.",
    "We model our office network as a graph.", "Sorry if this is basic, I'm new to graphs.", "This came up at work today.",
    "For our 2024 project we drew the following graph.", "Here's something I've been wondering about.",
]
POSTSCRIPTS = [
    "Thanks a lot!", "Thanks in advance :)", "Please explain briefly.", "I need this by tomorrow, thank you!", "Cheers.",
    "Much appreciated.", "", "Just the answer is fine.",
]
WRAPS = [
    "{pre}\n{g}\n{q} {post}", "{pre} {q}\nThe graph:\n{g}\n{post}", "{pre}\n\n{g}\n\nMy question: {q}\n{post}",
    "{q}\n\n{g}\n\n{pre} {post}", "{pre} Here is the graph.\n{g}\nSo, {qlow} {post}",
]


def chatty(g, q):
    i = rot.get("chatty", 0)
    rot["chatty"] = i + 1
    w = WRAPS[i % len(WRAPS)]
    return w.format(pre=PREAMBLES[i % len(PREAMBLES)], post=POSTSCRIPTS[(i * 3) % len(POSTSCRIPTS)], g=g, q=q,
                    qlow=q[0].lower() + q[1:]).strip()


def gen_chatty():
    plan = [("dashes", "shortest_path"), ("pairs", "degree"), ("adjlist", "neighbors"), ("edgelines", "path_exists"),
            ("nlprose", "cycle"), ("json", "node_count"), ("dot", "edge_exists"), ("csv", "components"), ("pylist", "triangles"),
            ("matrix_header", "degree"), ("incident", "edge_count"), ("nlgraph", "path_exists"), ("tsv", "neighbors"),
            ("markdown_table", "shortest_path"), ("arrows", "topo"), ("declared", "node_count"), ("pairs", "hamilton"),
            ("edgelines", "diameter"), ("dashes", "bipartite"), ("adjlist", "components_list")]
    for notation, task in plan:
        if task == "topo":
            G = dag(rng.randint(5, 6), 7)
            g = RENDER[notation](G)
            add(chatty(g, fill("topo")), notation, "topo", "order", None, G, ["topological_sort"])
            continue
        if task == "node_count" and notation == "declared":
            G, _ = declared_graph()
            g = r_declared(G)
            add(chatty(g, "How many nodes does it have, counting the isolated ones?"), notation, task, "value", G.number_of_nodes(), G, ["node_count", "order"])
            continue
        if task in ("path_exists", "components", "components_list"):
            G = two_parts(rng.randint(3, 5), rng.randint(2, 3), 5, 2)
        else:
            G = connected_graph(rng.randint(5, 7), rng.randint(6, 9))
        g = (r_markdown if notation == "markdown_table" else RENDER[notation])(G)
        nodes = list(G.nodes)
        if task == "shortest_path":
            u, v = pick_pair(G, path=True, far=True)
            add(chatty(g, fill("shortest_path", u=u, v=v)), notation, task, "path", sp_len(G, u, v), G,
                ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
        elif task == "degree":
            u = rng.choice(nodes)
            add(chatty(g, fill("degree", u=u)), notation, task, "value", G.degree(u), G, ["degree"])
        elif task == "neighbors":
            u = rng.choice(nodes)
            add(chatty(g, fill("neighbors", u=u)), notation, task, "set", sorted(G.neighbors(u)), G, ["neighbors"])
        elif task == "path_exists":
            u, v = pick_pair(G, path=rng.random() < 0.5)
            add(chatty(g, fill("path_exists", u=u, v=v)), notation, task, "value", nx.has_path(G, u, v), G, ["path_exists"])
        elif task == "cycle":
            add(chatty(g, fill("cycle")), notation, task, "value", not nx.is_forest(G), G, ["cycle_check"])
        elif task == "node_count":
            add(chatty(g, fill("node_count")), notation, task, "value", G.number_of_nodes(), G, ["node_count", "order"])
        elif task == "edge_count":
            add(chatty(g, fill("edge_count")), notation, task, "value", G.number_of_edges(), G, ["edge_count", "size"])
        elif task == "edge_exists":
            u, v = pick_pair(G, edge=rng.random() < 0.5)
            add(chatty(g, fill("edge_exists", u=u, v=v)), notation, task, "value", G.has_edge(u, v), G, ["edge_exists"])
        elif task == "components":
            add(chatty(g, fill("components")), notation, task, "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
        elif task == "components_list":
            add(chatty(g, fill("components_list")), notation, task, "partition", sorted(sorted(c) for c in nx.connected_components(G)), G,
                ["connected_components"], key="components")
        elif task == "triangles":
            add(chatty(g, fill("triangles")), notation, task, "value", triangles(G), G, ["triangle_count"], key="triangles")
        elif task == "hamilton":
            add(chatty(g, fill("hamilton")), notation, task, "hamilton", hamilton_exists(G), G, ["hamiltonian_path"], key="exists")
        elif task == "diameter":
            add(chatty(g, fill("diameter")), notation, task, "value", nx.diameter(G), G, ["diameter"])
        elif task == "bipartite":
            add(chatty(g, fill("bipartite")), notation, task, "value", nx.is_bipartite(G), G, ["is_bipartite"], key="bipartite")
    # people's own words around named graphs
    for i in range(6):
        names = rng.sample(PEOPLE, rng.randint(5, 7))
        G = connected_graph(len(names), len(names) + 2, names=names)
        text = " ".join(rng.choice([f"{u} and {v} are friends.", f"{u} is friends with {v}."]) for u, v in G.edges)
        u, v = pick_pair(G, path=True, far=True)
        qs = [(f"At the party on Saturday, what is the shortest chain of friends from {u} to {v}? How many friendship links does it have?", "shortest_path"),
              (f"We're planning seating for 3 tables. How many friends does {u} have?", "degree"),
              (f"My sister asked me this: are {u} and {v} friends?", "edge_exists"),
              (f"Counting everyone in our group of friends, how many people are there?", "node_count"),
              (f"Who are {u}'s friends? (I need to send 2 invitations each.)", "neighbors"),
              (f"Could gossip starting with {u} eventually reach {v}?", "path_exists")]
        tq, task = qs[i]
        wrapped = chatty(text, tq)
        if task == "shortest_path":
            add(wrapped, "relations", task, "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
        elif task == "degree":
            add(wrapped, "relations", task, "value", G.degree(u), G, ["degree"])
        elif task == "edge_exists":
            add(wrapped, "relations", task, "value", G.has_edge(u, v), G, ["edge_exists"])
        elif task == "node_count":
            add(wrapped, "relations", task, "value", G.number_of_nodes(), G, ["node_count", "order"])
        elif task == "neighbors":
            add(wrapped, "relations", task, "set", sorted(G.neighbors(u)), G, ["neighbors"])
        else:
            add(wrapped, "relations", task, "value", nx.has_path(G, u, v), G, ["path_exists"])


def batch5():
    gen_chatty()


# ================================================================ sixth batch: direction and parameter traps

def gen_traps():
    # undirected edges asked "from v to u": the answer follows the undirected edge
    rev = [("pairs", "Is there an edge from {v} to {u}?", "edge_exists"), ("dashes", "Can you go directly from {v} to {u}?", "edge_exists"),
           ("nlgraph", "Is there an edge from node {v} to node {u}?", "edge_exists"), ("edgelines", "Is there a path from {v} to {u}?", "path_exists"),
           ("nlprose", "Can node {v} reach node {u}?", "path_exists"), ("adjlist", "Is {u} reachable from {v}?", "path_exists")]
    for notation, tq, task in rev:
        G = connected_graph(rng.randint(5, 7), rng.randint(6, 8))
        g = RENDER[notation](G)
        if notation not in ("nlgraph", "nlprose"):  # these say "undirected" themselves
            g = "The graph is undirected.\n" + g
        if task == "edge_exists":
            u, v = rng.choice(list(G.edges))  # rendered as u-v; asked v to u
            add(compose(g, tq.format(u=u, v=v)), notation, task, "value", True, G, ["edge_exists"])
        else:
            u, v = pick_pair(G, path=True, far=True)
            add(compose(g, tq.format(u=u, v=v)), notation, task, "value", True, G, ["path_exists"])
    # a directed graph asked against the arrows: no
    for i, (notation, tq) in enumerate([("arrows", "Is there an edge from {v} to {u}?"), ("dot", "Does an edge go from {v} to {u}?"),
                                        ("json", "Is there a directed edge from {v} to {u}?")]):
        G = dag(rng.randint(5, 6), 7)
        u, v = rng.choice(list(G.edges))
        add(compose(RENDER[notation](G), tq.format(u=u, v=v)), notation, "edge_exists", "value", False, G, ["edge_exists"])
    # parameters that could name several things, or too many things
    amb = [("dashes", "What is the shortest path from node {a} to node {b} or {c}?", "two possible targets"),
           ("pairs", "Is there an edge between {a}, {b} and {c}?", "three nodes for a pair question"),
           ("edgelines", "What is the degree of nodes {a} and {b}?", "two nodes for a one-node question"),
           ("adjlist", "Is there a path from {a} to {b}, {c}?", "the target is two nodes"),
           ("pylist", "What is the degree of node {a} or maybe {b}?", "the node is one of two"),
           ("nlprose", "How far is it from {a} to either {b} or {c}?", "two possible targets")]
    for notation, tq, why in amb:
        G = connected_graph(6, 8)
        a, b, c = rng.sample(list(G.nodes), 3)
        refuse(compose(RENDER[notation](G), tq.format(a=a, b=b, c=c)), notation, "ambiguous", why, G)
    # a node named by a letter when the graph is numbered, and the other way round
    for i, (notation, tq) in enumerate([("dashes", "What is the degree of node B?"), ("pairs", "List the neighbours of node C."),
                                        ("adjlist", "What is the degree of node 3?")]):
        G = connected_graph(6, 7, names=letters(6) if notation == "adjlist" else None)
        refuse(compose(RENDER[notation](G), tq), notation, "unknown_node", "the node named is not in the graph", G)


def batch6():
    gen_traps()


# ================================================================ seventh batch: communities with a clear answer

def planted_communities(sizes, names):
    """Cliques joined in a ring by single edges; kept only when NetworkX's
    greedy modularity and Louvain (several seeds) all find the cliques."""
    while True:
        G = nx.Graph()
        groups, k = [], 0
        for sz in sizes:
            grp = names[k:k + sz]
            k += sz
            groups.append(grp)
            G.add_nodes_from(grp)
            for a, b in itertools.combinations(grp, 2):
                if rng.random() < 0.9:
                    G.add_edge(a, b)
        for ga, gb in zip(groups, groups[1:] + groups[:1]):
            G.add_edge(rng.choice(ga), rng.choice(gb))
        want = sorted(sorted(g) for g in groups)
        found = [sorted(sorted(c) for c in nx.community.greedy_modularity_communities(G))]
        found += [sorted(sorted(c) for c in nx.community.louvain_communities(G, seed=sd)) for sd in range(5)]
        if nx.is_connected(G) and all(f == want for f in found):
            E = list(G.edges)
            rng.shuffle(E)
            H = nx.Graph()
            H.add_nodes_from(names[:k])
            H.add_edges_from(E)
            return H, want


def gen_communities():
    qs = [("relations", "Which friend groups (communities) are there?", "partition"),
          ("dashes", "Which communities are there? List the nodes of each.", "partition"),
          ("edgelines", "How many communities does this graph have?", "count"),
          ("adjlist", "Detect the communities in this network.", "partition"),
          ("relations", "How many distinct circles of friends are there, judging by who is friends with whom?", "count"),
          ("pairs", "Find the community structure: which groups of nodes are densely connected?", "partition")]
    for i, (notation, tq, what) in enumerate(qs):
        sizes = [rng.randint(4, 5) for _ in range(2 + i % 2)]
        total = sum(sizes)
        names = rng.sample(PEOPLE, total) if notation == "relations" else [str(k) for k in range(total)]
        G, want = planted_communities(sizes, names)
        text = " ".join(f"{u} and {v} are friends." for u, v in G.edges) if notation == "relations" else RENDER[notation](G)
        tools = ["louvain_communities", "greedy_modularity_communities"]
        if what == "partition":
            add(compose(text, tq), notation, "communities", "partition", want, G, tools, key="communities")
        else:
            add(compose(text, tq), notation, "communities", "value", len(want), G, tools, key="count")


def batch7():
    gen_communities()


# ================================================================ eighth batch: texts that contradict themselves

def gen_contradictions():
    """Each question asks about exactly what the text contradicts."""
    for i in range(10):
        G = connected_graph(rng.randint(5, 6), rng.randint(6, 7))
        nodes = list(G.nodes)
        es = list(G.edges)
        kind = i % 5
        if kind == 0:
            n_decl = len(nodes) - 2
            text = f"A graph with {n_decl} nodes has the edges {', '.join(f'{a}-{b}' for a, b in es)}."
            tq = ["How many nodes does the graph have?", "How many vertices are there?"][i // 5]
            why = f"it declares {n_decl} nodes but its edges use {len(nodes)}"
        elif kind == 1:
            hi = len(nodes) - 3
            text = f"The nodes are numbered from 0 to {hi}, and the edges are: {' '.join(f'({a},{b})' for a, b in es)}."
            tq = ["How many nodes are there?", f"What is the degree of node {len(nodes) - 1}?"][i // 5]
            why = f"the nodes are numbered up to {hi} but the edges use node {len(nodes) - 1}"
        elif kind == 2:
            text = "Edges: " + ", ".join(f"{a}->{b}" if k % 2 else f"{a}-{b}" for k, (a, b) in enumerate(es)) + "."
            a, b = es[1 + 2 * (i // 5)]  # an edge written with an arrow, asked against it
            tq = [f"Is there an edge from {b} to {a}?", f"Can you go directly from {b} to {a}?"][i // 5]
            why = "some edges are directed and some are not"
        elif kind == 3:
            W = weighted(G.copy())
            a, b = es[0]
            w2 = W[a][b]["weight"] + rng.randint(3, 6)
            text = ("Weighted edges: " + ", ".join(f"({x}, {y}, {d['weight']})" for x, y, d in W.edges(data=True))
                    + f". The edge between {a} and {b} has weight {w2}.")
            tq = [f"What is the total weight of the lightest path from {a} to {b}?", "What is the total weight of a minimum spanning tree?"][i // 5]
            why = f"the edge {a}-{b} has two different weights"
        else:
            a = rng.choice(nodes)
            text = f"Edges: {', '.join(f'{x}-{y}' for x, y in es)}. Node {a} has no edges."
            tq = [f"What is the degree of node {a}?", f"List the neighbours of node {a}."][i // 5]
            why = f"node {a} is said to have no edges but the list gives it some"
        refuse(compose(text, tq), "mixed", "ambiguous", why, G)


def batch8():
    gen_contradictions()


# ================================================================ ninth batch: larger pasted graphs

def gen_large():
    plan = [("edgelines", "shortest_path"), ("csv", "components"), ("pairs", "degree"), ("dashes", "path_exists"),
            ("nlgraph", "edge_count"), ("json", "node_count"), ("adjlist", "triangles"), ("pylist", "neighbors"),
            ("tsv", "diameter"), ("nlprose", "shortest_path")]
    for i, (notation, task) in enumerate(plan):
        n = rng.randint(30, 45)
        if task in ("components", "path_exists"):
            k = n // 2
            A = connected_graph(k, k + 10)
            B = connected_graph(n - k, n - k + 8, names=[str(k + j) for j in range(n - k)])
            G = nx.Graph()
            G.add_nodes_from(list(A.nodes) + list(B.nodes))
            E = list(A.edges) + list(B.edges)
            rng.shuffle(E)
            G.add_edges_from(E)
        else:
            G = connected_graph(n, n + rng.randint(15, 40))
        if notation == "nlprose" and task == "shortest_path":
            G = weighted(G)
        nodes = list(G.nodes)
        g = RENDER[notation](G)
        if task == "shortest_path":
            u, v = pick_pair(G, path=True, far=True)
            t = "shortest_path_weighted" if has_w(G) else "shortest_path"
            add(compose(g, fill(t, u=u, v=v)), notation, task, "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"],
                key="length", source=u, target=v)
        elif task == "components":
            add(compose(g, fill("components")), notation, task, "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
        elif task == "degree":
            u = max(nodes, key=G.degree)
            add(compose(g, fill("degree", u=u)), notation, task, "value", G.degree(u), G, ["degree"])
        elif task == "path_exists":
            u, v = pick_pair(G, path=False)
            add(compose(g, fill("path_exists", u=u, v=v)), notation, task, "value", False, G, ["path_exists"])
        elif task == "edge_count":
            add(compose(g, fill("edge_count")), notation, task, "value", G.number_of_edges(), G, ["edge_count", "size"])
        elif task == "node_count":
            add(compose(g, fill("node_count")), notation, task, "value", G.number_of_nodes(), G, ["node_count", "order"])
        elif task == "triangles":
            add(compose(g, fill("triangles")), notation, task, "value", triangles(G), G, ["triangle_count"], key="triangles")
        elif task == "neighbors":
            u = max(nodes, key=G.degree)
            add(compose(g, fill("neighbors", u=u)), notation, task, "set", sorted(G.neighbors(u)), G, ["neighbors"])
        elif task == "diameter":
            add(compose(g, fill("diameter")), notation, task, "value", nx.diameter(G), G, ["diameter"])


def batch9():
    gen_large()


# ================================================================ tenth batch: what tools and libraries print

def r_nxcode(G):
    cls = "nx.DiGraph()" if G.is_directed() else "nx.Graph()"
    lines = ["import networkx as nx", f"G = {cls}"]
    for u, v, d in G.edges(data=True):
        if "weight" in d:
            lines.append(f"G.add_edge({q(u)}, {q(v)}, weight={d['weight']})")
        else:
            lines.append(f"G.add_edge({q(u)}, {q(v)})")
    return "\n".join(lines)


def r_nx_edgelist(G):
    """nx.write_edgelist's default output: 'u v {data}'."""
    return "\n".join(f"{u} {v} {{'weight': {d['weight']}}}" if "weight" in d else f"{u} {v} {{}}" for u, v, d in G.edges(data=True))


def r_dod(G):
    """nx.to_dict_of_dicts."""
    d = {str(u): {str(v): ({"weight": G[u][v]["weight"]} if "weight" in G[u][v] else {}) for v in G[u]} for u in G.nodes}
    kind = "a directed graph G (nx.DiGraph)" if G.is_directed() else "an undirected graph G (nx.Graph)"
    return f"For {kind}, nx.to_dict_of_dicts(G) gives {json.dumps(d)}"


def r_cypher(G, rel):
    return "\n".join(f"({u})-[:{rel}]->({v})" for u, v in G.edges)


def r_gml(G):
    lines = ["graph [", "  directed 1" if G.is_directed() else "  directed 0"]
    for v in G.nodes:
        lines.append(f"  node [ id {v} ]")
    for u, v, d in G.edges(data=True):
        extra = f" weight {d['weight']}" if "weight" in d else ""
        lines.append(f"  edge [ source {u} target {v}{extra} ]")
    lines.append("]")
    return "GML:\n" + "\n".join(lines)


def gen_printed():
    # networkx code
    code_tasks = ["shortest_path", "degree", "neighbors", "cycle", "path_exists", "edge_count"]
    for i, task in enumerate(code_tasks):
        directed = task == "cycle" and i % 2 == 1
        G = (two_parts(4, 3, 5, 2) if task == "path_exists" else
             directed_for("cycle") if directed else connected_graph(rng.randint(5, 7), rng.randint(6, 9)))
        if task == "shortest_path" and i % 2 == 0:
            G = weighted(G)
        g = r_nxcode(G)
        generic_text(g, "pylist", G, task)
    # write_edgelist output and dict of dicts
    for i in range(4):
        G = weighted(connected_graph(rng.randint(5, 7), rng.randint(7, 9))) if i % 2 == 0 else connected_graph(rng.randint(5, 7), rng.randint(6, 8))
        generic_text("Output of nx.write_edgelist:\n" + r_nx_edgelist(G), "edgelines", G, ["shortest_path", "degree", "mst", "triangles"][i]
                     if has_w(G) or i % 2 else "shortest_path")
    for i in range(3):
        G = weighted(connected_graph(rng.randint(5, 6), rng.randint(6, 8))) if i == 0 else connected_graph(rng.randint(5, 6), rng.randint(6, 8))
        generic_text(r_dod(G), "adjlist", G, ["shortest_path", "neighbors", "edge_count"][i])
    # Cypher-style patterns, one relation
    for i in range(4):
        names = rng.sample(PEOPLE, rng.randint(5, 6))
        if i % 2 == 0:
            G = connected_graph(len(names), len(names) + 2, directed=True, names=names)
            rel = "FOLLOWS"
        else:
            G = dag(len(names), len(names) + 1, names=names)
            rel = "MANAGES"
        text = r_cypher(G, rel)
        nodes = list(G.nodes)
        if i == 0:
            u = rng.choice([x for x in nodes if G.out_degree(x)])
            add(compose(text, f"Whom does {u} follow?"), "cypher", "neighbors", "set", sorted(G.successors(u)), G, ["neighbors"])
        elif i == 1:
            add(compose(text, "Is the MANAGES graph acyclic (a DAG)?"), "cypher", "dag", "dag", True, G,
                ["is_dag", "is_directed_acyclic_graph"], neg_tools=["cycle_check"])
        elif i == 2:
            add(compose(text, "How many people are in this graph?"), "cypher", "node_count", "value", len(nodes), G, ["node_count", "order"])
        else:
            u, v = pick_pair(G, path=True)
            add(compose(text, f"Is there a chain of MANAGES relationships from {u} down to {v}?"), "cypher", "path_exists", "value", True, G, ["path_exists"])
    # GML
    for i in range(4):
        G = connected_graph(rng.randint(5, 6), rng.randint(6, 8), directed=(i == 3))
        if i == 2:
            G = weighted(G)
        generic_text(r_gml(G), "gml", G, ["edge_count", "degree", "shortest_path", "neighbors"][i])


def generic_text(g, notation, G, task):
    """Ask task about G, rendered as g, with the first batch's templates."""
    nodes = list(G.nodes)
    directed = G.is_directed()
    if task == "shortest_path":
        u, v = pick_pair(G, path=True, far=True)
        t = "shortest_path_weighted" if has_w(G) else "shortest_path"
        add(compose(g, fill(t, u=u, v=v)), notation, task, "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"],
            key="length", source=u, target=v)
    elif task == "degree":
        u = rng.choice(nodes)
        add(compose(g, fill("degree", u=u)), notation, task, "value", G.degree(u), G, ["degree"])
    elif task == "neighbors":
        u = rng.choice([x for x in nodes if (G.out_degree(x) if directed else G.degree(x))])
        t = "neighbors_directed" if directed else "neighbors"
        ans = sorted(str(x) for x in (G.successors(u) if directed else G.neighbors(u)))
        add(compose(g, fill(t, u=u)), notation, task, "set", ans, G, ["neighbors"])
    elif task == "cycle":
        ans = not (nx.is_directed_acyclic_graph(G) if directed else nx.is_forest(G))
        add(compose(g, fill("cycle")), notation, task, "value", ans, G, ["cycle_check"])
    elif task == "path_exists":
        u, v = pick_pair(G, path=rng.random() < 0.5)
        add(compose(g, fill("path_exists_directed" if directed else "path_exists", u=u, v=v)), notation, task, "value", nx.has_path(G, u, v), G, ["path_exists"])
    elif task == "edge_count":
        add(compose(g, fill("edge_count")), notation, task, "value", G.number_of_edges(), G, ["edge_count", "size"])
    elif task == "mst":
        add(compose(g, fill("mst")), notation, task, "value", nx.minimum_spanning_tree(G).size(weight="weight"), G, ["minimum_spanning_tree"], key="total_weight")
    elif task == "triangles":
        add(compose(g, fill("triangles")), notation, task, "value", triangles(G), G, ["triangle_count"], key="triangles")
    else:
        raise ValueError(task)


def batch10():
    gen_printed()


# ================================================================ eleventh batch: textbook and hand-written forms

def r_math(G, with_isolated):
    nodes = list(G.nodes)
    es = ", ".join(f"({u}, {v})" if G.is_directed() else f"{{{u}, {v}}}" for u, v in G.edges)
    v = "{" + ", ".join(str(x) for x in nodes) + "}"
    kind = "directed graph" if G.is_directed() else "graph"
    return rng.choice([f"Let G = (V, E) be the {kind} with V = {v} and E = {{{es}}}.", f"Consider the {kind} G = (V, E), where V = {v} and E = {{{es}}}."])


def r_neighbour_prose(G):
    parts = []
    for v in G.nodes:
        nb = list(G.neighbors(v))
        if not nb:
            continue
        joined = nb[0] if len(nb) == 1 else ", ".join(str(x) for x in nb[:-1]) + f" and {nb[-1]}"
        parts.append(rng.choice([f"The neighbours of {v} are {joined}." if len(nb) > 1 else f"The only neighbour of {v} is {joined}.",
                                 f"{v} is adjacent to {joined}."]))
    return " ".join(parts)


def r_links(G):
    """'A links to B and C.' for directed graphs."""
    parts = []
    for v in G.nodes:
        nb = list(G.successors(v))
        if not nb:
            continue
        joined = nb[0] if len(nb) == 1 else ", ".join(nb[:-1]) + f" and {nb[-1]}"
        parts.append(f"Page {v} links to {'page' if len(nb) == 1 else 'pages'} {joined}.")
    return " ".join(parts)


def gen_textbook():
    # G = (V, E) with isolated nodes declared in V
    for i in range(6):
        directed = i % 3 == 2
        n = rng.randint(6, 8)
        names = [str(k) for k in range(1, n + 1)]
        core = names[:-1] if i % 2 == 0 else names
        H = (dag(len(core), len(core) + 2, names=core) if directed else connected_graph(len(core), len(core) + 1, names=core))
        G = nx.DiGraph() if directed else nx.Graph()
        G.add_nodes_from(names)
        G.add_edges_from(H.edges)
        text = r_math(G, i % 2 == 0)
        task = ["node_count", "degree", "topo", "components", "neighbors", "path_exists"][i]
        nodes = list(G.nodes)
        if task == "node_count":
            add(compose(text, "What is |V|, the number of vertices?"), "math", task, "value", n, G, ["node_count", "order"])
        elif task == "degree":
            u = rng.choice(nodes)
            add(compose(text, f"What is deg({u})?"), "math", task, "value", G.degree(u), G, ["degree"])
        elif task == "topo":
            add(compose(text, "Give a topological ordering of V."), "math", task, "order", None, G, ["topological_sort"])
        elif task == "components":
            add(compose(text, "How many connected components does G have?"), "math", task, "value", nx.number_connected_components(G), G,
                ["connected_components"], key="count")
        elif task == "neighbors":
            u = rng.choice([x for x in nodes if G.degree(x)])
            add(compose(text, f"What is N({u}), the neighbourhood of {u}?"), "math", task, "set", sorted(G.neighbors(u)), G, ["neighbors"])
        else:
            u, v = pick_pair(G, path=True)
            add(compose(text, f"Is there a directed path from {u} to {v} in G?"), "math", task, "value", True, G, ["path_exists"])
    # neighbourhoods in prose
    for i in range(5):
        names = letters(rng.randint(5, 7)) if i % 2 else None
        G = connected_graph(len(names) if names else rng.randint(5, 7), 8, names=names)
        text = r_neighbour_prose(G)
        nodes = list(G.nodes)
        task = ["edge_count", "shortest_path", "degree", "triangles", "edge_exists"][i]
        if task == "edge_count":
            add(compose(text, "How many edges does this graph have?"), "adjacency_prose", task, "value", G.number_of_edges(), G, ["edge_count", "size"])
        elif task == "shortest_path":
            u, v = pick_pair(G, path=True, far=True)
            add(compose(text, f"What is the shortest path from {u} to {v}?"), "adjacency_prose", task, "path", sp_len(G, u, v), G,
                ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
        elif task == "degree":
            u = rng.choice(nodes)
            add(compose(text, f"What is the degree of {u}?"), "adjacency_prose", task, "value", G.degree(u), G, ["degree"])
        elif task == "triangles":
            add(compose(text, "How many triangles are there?"), "adjacency_prose", task, "value", triangles(G), G, ["triangle_count"], key="triangles")
        else:
            u, v = pick_pair(G, edge=False)
            add(compose(text, f"Is {u} adjacent to {v}?"), "adjacency_prose", task, "value", False, G, ["edge_exists"])
    # web pages linking to each other
    for i in range(4):
        names = letters(rng.randint(5, 6))
        G = connected_graph(len(names), len(names) + 3, directed=True, names=names)
        text = r_links(G)
        nodes = list(G.nodes)
        if i == 0:
            u = rng.choice([x for x in nodes if G.out_degree(x)])
            add(compose(text, f"Which pages does page {u} link to?"), "relations", "neighbors", "set", sorted(G.successors(u)), G, ["neighbors"])
        elif i == 1:
            u, v = pick_pair(G, path=True, far=True)
            add(compose(text, f"Following links, what is the fewest number of clicks from page {u} to page {v}?"), "relations", "shortest_path", "path",
                sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
        elif i == 2:
            add(compose(text, "Is there a cycle of links (a page you can return to by following links)?"), "relations", "cycle", "value",
                not nx.is_directed_acyclic_graph(G), G, ["cycle_check"])
        else:
            add(compose(text, "How many links are there in total?"), "relations", "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])
    # two-way arrows and brace pairs
    # "u <-> v" is an undirected edge or a pair of arcs: only questions whose
    # answer is the same either way (not degree, edge count or cycles) use it.
    for i in range(6):
        G = two_parts(4, 3, 5, 2) if i == 2 else connected_graph(rng.randint(5, 7), rng.randint(6, 8))
        if i < 3:
            text = "Connections: " + ", ".join(f"{u} ↔ {v}" if i % 2 else f"{u} <-> {v}" for u, v in G.edges) + "."
            notation = "arrows"
        else:
            text = "Edges: " + ", ".join(f"{{{u}, {v}}}" for u, v in G.edges) + "."
            notation = "pairs"
        generic_text(text, notation, G, ["shortest_path", "neighbors", "path_exists", "degree", "cycle", "edge_count"][i])


def batch11():
    gen_textbook()


# ================================================================ twelfth batch: small typographic variations

def gen_typography():
    # decimal weights
    for i in range(4):
        G = connected_graph(rng.randint(5, 7), rng.randint(7, 9))
        for u, v in G.edges:
            G[u][v]["weight"] = rng.randint(5, 95) / 10
        notation = ["pairs", "csv", "nlprose", "pylist"][i]
        generic_text(RENDER[notation](G), notation, G, "shortest_path" if i != 3 else "mst")
    # IDs like v1, n2, and lower-case letters
    for i in range(6):
        n = rng.randint(5, 7)
        if i < 3:
            prefix = ["v", "n", "p"][i]
            names = [f"{prefix}{k}" for k in range(1, n + 1)]
        else:
            names = [chr(ord("a") + k) for k in range(n)]
        directed = i == 4
        G = connected_graph(n, n + 2, directed=directed, names=names)
        if i < 3:
            text = ["Edges: ", "The graph has edges ", "Links: "][i] + ", ".join(f"{u}-{v}" for u, v in G.edges) + "."
            notation = "dashes"
        elif directed:
            text = RENDER["arrows"](G)
            notation = "arrows"
        else:
            text = RENDER["edgelines"](G)
            notation = "edgelines"
        generic_text(text, notation, G, ["degree", "shortest_path", "neighbors", "edge_count", "neighbors", "triangles"][i])
    # other dashes: '--' and the en dash people paste from documents
    for i in range(6):
        G = connected_graph(rng.randint(5, 7), rng.randint(6, 8))
        sep = ["--", "--", "--", "–", "–", "—"][i]
        text = ["Edges: ", "", "The edges are "][i % 3] + ", ".join(f"{u}{sep}{v}" if i % 2 else f"{u} {sep} {v}" for u, v in G.edges) + "."
        generic_text(text.strip(), "dashes", G, ["degree", "shortest_path", "edge_count", "neighbors", "cycle", "triangles"][i])


def batch12():
    gen_typography()


def check_item(it):
    """Self-checks of a rendered item: declared numbering matches the graph's
    nodes, and every node with an edge is named in the question."""
    qtext = it["question"]
    nodes = it.get("nodes", [])
    if it["refuse"] or not nodes:
        return
    for lo, hi in re.findall(r"numbered from (\d+) to (\d+)", qtext):
        if it["notation"] == "bipartite_prose":
            continue
        want = [str(k) for k in range(int(lo), int(hi) + 1)]
        if sorted(nodes, key=lambda x: (len(x), x)) != want:
            raise SystemExit(f"{qtext[:80]!r}: declares {lo}..{hi} but the graph has nodes {nodes}")
    if it["notation"] == "matrix_plain" and nodes != [str(k) for k in range(len(nodes))]:
        raise SystemExit(f"{qtext[:80]!r}: a plain matrix needs nodes 0..n-1 in order, got {nodes}")
    lower = qtext.lower()
    for e in ([] if it["notation"] == "matrix_plain" else it.get("edges", [])):
        for x in e[:2]:
            if x.lower() not in lower:
                raise SystemExit(f"{qtext[:80]!r}: node {x!r} of edge {e} is not in the text")
    if it.get("source") and (it["source"].lower() not in lower or it["target"].lower() not in lower):
        raise SystemExit(f"{qtext[:80]!r}: source or target not in the text")


def main():
    gen_examples()
    gen_generic()
    gen_hamilton()
    gen_declared()
    gen_relations()
    gen_quantities()
    gen_precedence()
    gen_bipartite()
    gen_node_data()
    gen_refuse()
    batch2()
    batch3()
    batch4()
    batch5()
    batch6()
    batch7()
    batch8()
    batch9()
    batch10()
    batch11()
    batch12()
    for it in ITEMS:
        check_item(it)
    seen = set()
    with open(OUT, "w") as f:
        for i, it in enumerate(ITEMS, 1):
            if it["question"] in seen:
                raise SystemExit(f"duplicate question: {it['question'][:80]}")
            seen.add(it["question"])
            it = {"id": f"u{i:03d}", **it}
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    by_n, by_t = {}, {}
    for it in ITEMS:
        by_n[it["notation"]] = by_n.get(it["notation"], 0) + 1
        by_t[it["task"]] = by_t.get(it["task"], 0) + 1
    print(f"{len(ITEMS)} items, {len(by_n)} notations, {len(by_t)} tasks, {sum(it['refuse'] for it in ITEMS)} must be refused")
    print(" ", ", ".join(f"{k} {v}" for k, v in sorted(by_n.items())))
    print(" ", ", ".join(f"{k} {v}" for k, v in sorted(by_t.items())))


if __name__ == "__main__":
    main()
