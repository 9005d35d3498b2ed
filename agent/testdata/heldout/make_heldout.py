"""Writes agent/testdata/heldout/batch1.jsonl, batch2.jsonl and batch3.jsonl: the
held-out set — graph questions in the phrasings of other benchmarks
(Talk like a Graph / GraphQA's ten encoders, GraphInstruct / GraphWiz,
GraphArena), of people asking LLMs about graphs, and of people writing
plainly, none of which the repository's other test sets use. The answers
are computed with NetworkX on the graph this script built before rendering
it into text, so the truth never comes from graphagent's own tools.

Run from the repository root:
    python3 agent/testdata/heldout/make_heldout.py
The output is deterministic (seeded per family); commit it with this script.

The fields are those of agent/testdata/understanding/questions.jsonl (see
make_understanding.py for every field and check), plus
  family   where the phrasing comes from (tlag_adjacency, graphwiz, ...)
and one more check:
  nopath   the two nodes are not joined by any path: right when the agent
           answers (exit 0) that there is no path.
  also     other tools whose answer is right too, with that answer (both
           readings of "is X connected to Y?" — edge and path — agree).
"""
import itertools
import json
import os
import random
import sys

import networkx as nx

HERE = os.path.dirname(os.path.abspath(__file__))


class Batch:
    def __init__(self, prefix):
        self.items = []
        self.prefix = prefix

    def add(self, family, question, task, check, answer, G=None, tools=(), key=None, neg_tools=(), refuse=False,
            why=None, source=None, target=None, if_answered=None):
        it = {"family": family, "notation": family, "question": question, "task": task, "check": check,
              "answer": answer, "tools": list(tools), "refuse": refuse}
        if key:
            it["key"] = key
        if neg_tools:
            it["neg_tools"] = list(neg_tools)
        if why:
            it["why"] = why
        if G is not None:
            it["directed"] = G.is_directed()
            it["weighted"] = any("weight" in d for _, _, d in G.edges(data=True))
            it["nodes"] = [str(n) for n in G.nodes]
            it["edges"] = [[str(u), str(v), d["weight"]] if "weight" in d else [str(u), str(v)]
                           for u, v, d in G.edges(data=True)]
        if source is not None:
            it["source"], it["target"] = str(source), str(target)
        if if_answered is not None:
            it["if_answered"] = if_answered
        self.items.append(it)

    def refuse(self, family, question, task, why, G=None, if_answered=None):
        self.add(family, question, task, "refuse", None, G=G, refuse=True, why=why, if_answered=if_answered)

    def write(self, path):
        with open(path, "w") as f:
            for i, it in enumerate(self.items, 1):
                it = {"id": f"{self.prefix}{i:03d}", **it}
                f.write(json.dumps(it, ensure_ascii=False) + "\n")


def relabel(G, names):
    """G with its integer nodes 0..n-1 renamed by names, node order kept."""
    H = G.__class__()
    H.add_nodes_from(names[v] for v in G.nodes)
    for u, v, d in G.edges(data=True):
        H.add_edge(names[u], names[v], **d)
    return H


def triangles(G):
    return sum(nx.triangles(G).values()) // 3


def has_cycle(G):
    if G.is_directed():
        return not nx.is_directed_acyclic_graph(G)
    return not nx.is_forest(G)


def sp_len(G, s, t):
    w = "weight" if any("weight" in d for _, _, d in G.edges(data=True)) else None
    return nx.shortest_path_length(G, s, t, weight=w)


def yes(b):
    return bool(b)


# ------------------------------------------------------------------ Talk like a Graph (GraphQA)

POPULAR = ["James", "Robert", "John", "Michael", "David", "Mary", "Patricia", "Jennifer", "Linda", "Elizabeth",
           "William", "Richard", "Joseph", "Thomas", "Christopher", "Charles", "Daniel", "Matthew", "Anthony",
           "Mark", "Barbara", "Susan", "Jessica", "Sarah", "Karen"]
SOUTH_PARK = ["Eric", "Kenny", "Kyle", "Stan", "Tolkien", "Heidi", "Bebe", "Liane", "Sharon", "Linda", "Gerald",
              "Veronica", "Michael", "Jimbo", "Herbert", "Butters", "Randy", "Tweek", "Craig", "Token"]
GOT = ["Ned", "Cat", "Daenerys", "Jon", "Bran", "Sansa", "Arya", "Cersei", "Jaime", "Petyr", "Robert", "Jorah",
       "Viserys", "Joffrey", "Maester", "Theon", "Rodrik", "Lysa", "Stannis", "Osha"]
POLITICIAN = ["Barack", "Jimmy", "Arnold", "Bernie", "Bill", "Kamala", "Hillary", "Elizabeth", "John", "Ben", "Joe",
              "Alexandria", "Donald", "Richard", "Ronald", "George", "Gerald", "Lyndon", "Dwight", "Harry"]
ALPHABET = [chr(ord("A") + i) for i in range(26)]

TLAG_NAMES = {
    "adjacency": None, "incident": None, "friendship": POPULAR, "coauthorship": POPULAR, "social_network": POPULAR,
    "politician": POLITICIAN, "south_park": SOUTH_PARK, "got": GOT, "expert": ALPHABET,
}


def node_string(names):
    return ", ".join(names[:-1]) + ", and " + names[-1]


def tlag_encode(G, enc):
    """G (nodes 0..n-1 relabelled to names) in one of GraphQA's text encodings."""
    names = [str(v) for v in G.nodes]
    ns = node_string(names)
    E = list(G.edges)
    if enc == "adjacency":
        out = ("In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. "
               f"G describes a graph among nodes {ns}.\n")
        if E:
            out += "The edges in G are: " + " ".join(f"({u}, {v})" for u, v in E)
        return out.strip() + ".\n"
    if enc == "incident":
        out = f"G describes a graph among nodes {ns}.\n"
        if E:
            out += "In this graph:\n"
        for v in G.nodes:
            nb = list(G.neighbors(v))
            if len(nb) > 1:
                out += f"Node {v} is connected to nodes {', '.join(map(str, nb))}.\n"
            elif nb:
                out += f"Node {v} is connected to node {nb[0]}.\n"
        return out
    if enc in ("friendship", "south_park", "got"):
        out = f"G describes a friendship graph among nodes {ns}.\n"
        if E:
            out += "We have the following edges in G:\n"
        return out + "".join(f"{u} and {v} are friends.\n" for u, v in E)
    if enc == "coauthorship":
        out = f"G describes a coauthorship graph among nodes {ns}.\n"
        if E:
            out += "In this coauthorship graph:\n"
        return (out + "".join(f"{u} and {v} wrote a paper together.\n" for u, v in E)).strip() + ".\n"
    if enc in ("social_network", "politician"):
        out = f"G describes a social network graph among nodes {ns}.\n"
        if E:
            out += "We have the following edges in G:\n"
        return out + "".join(f"{u} and {v} are connected.\n" for u, v in E)
    if enc == "expert":
        out = f"You are a graph analyst and you have been given a graph G among nodes {ns}.\n"
        if E:
            out += "G has the following undirected edges:\n"
        return out + "".join(f"{u} -> {v}\n" for u, v in E)
    raise ValueError(enc)


def tlag_graph(rng, kind, n):
    """One of GraphQA's generators on n nodes (small, seeded)."""
    seed = rng.randrange(1 << 30)
    if kind == "er":
        return nx.gnp_random_graph(n, rng.uniform(0.15, 0.5), seed=seed)
    if kind == "ba":
        return nx.barabasi_albert_graph(n, rng.randint(1, 2), seed=seed)
    if kind == "sbm":
        a = n // 2
        return nx.stochastic_block_model([a, n - a], [[0.7, 0.05], [0.05, 0.7]], seed=seed)
    if kind == "star":
        return nx.star_graph(n - 1)
    if kind == "path":
        G = nx.path_graph(n)
        perm = list(range(n))
        rng.shuffle(perm)
        return nx.relabel_nodes(G, dict(enumerate(perm)))
    if kind == "complete":
        return nx.complete_graph(n)
    if kind == "sfn":
        D = nx.scale_free_graph(n, seed=seed)
        G = nx.Graph()
        G.add_nodes_from(range(n))
        G.add_edges_from((u, v) for u, v, _ in D.edges if u != v)
        return G
    raise ValueError(kind)


def plain_graph(G):
    """A copy with nodes in order 0..n-1 (GraphQA lists nodes in order)."""
    H = nx.Graph()
    H.add_nodes_from(sorted(G.nodes))
    H.add_edges_from(G.edges)
    return H


TLAG_TASKS = ["edge_existence", "node_degree", "node_count", "edge_count", "connected_nodes", "disconnected_nodes",
              "cycle_check", "reachability", "shortest_path", "triangle_counting"]


def tlag_question(b, rng, enc, task, G0, variant):
    names = TLAG_NAMES[enc]
    G = relabel(plain_graph(G0), names if names else [str(i) for i in range(len(G0))])
    text = tlag_encode(G, enc)
    nodes = list(G.nodes)
    fam = "tlag_" + enc
    # GraphQA's own wording, and the wording of later reimplementations
    # ("in ascending order", "(excluding node X itself)", "in number of edges").
    if task == "edge_existence":
        u, v = rng.sample(nodes, 2)
        q = f"Q: Is node {u} connected to node {v}?\nA: "
        b.add(fam, text + q, "edge_exists", "value", G.has_edge(u, v), G, ["edge_exists"])
        if G.has_edge(u, v) == nx.has_path(G, u, v):
            # Both readings of "connected" give this answer: a reply by path is right too.
            b.items[-1]["also"] = {"path_exists": nx.has_path(G, u, v)}
    elif task == "node_degree":
        u = rng.choice(nodes)
        q = f"Q: What is the degree of node {u}?\nA: "
        b.add(fam, text + q, "degree", "value", G.degree(u), G, ["degree"])
    elif task == "node_count":
        b.add(fam, text + "Q: How many nodes are in this graph?\nA: ", "node_count", "value", G.number_of_nodes(), G,
              ["node_count", "order"])
    elif task == "edge_count":
        b.add(fam, text + "Q: How many edges are in this graph?\nA: ", "edge_count", "value", G.number_of_edges(), G,
              ["edge_count", "size"])
    elif task == "connected_nodes":
        u = rng.choice(nodes)
        order = "alphabetical" if variant % 2 == 0 else "ascending"
        q = f"Q: List all the nodes connected to {u} in {order} order.\nA: "
        b.add(fam, text + q, "neighbors", "set", sorted(map(str, G.neighbors(u))), G, ["neighbors"])
    elif task == "disconnected_nodes":
        u = rng.choice(nodes)
        if variant % 2 == 0:
            q = f"Q: List all the nodes that are not connected to {u} in alphabetical order.\nA: "
        else:
            q = f"Q: List all the nodes that are not connected to node {u} (excluding node {u} itself).\nA: "
        ans = sorted(str(x) for x in G.nodes if x != u and not G.has_edge(u, x))
        b.add(fam, text + q, "non_neighbors", "set", ans, G, ["non_neighbors"])
    elif task == "cycle_check":
        b.add(fam, text + "Q: Is there a cycle in this graph?\nA: ", "cycle", "value", has_cycle(G), G, ["cycle_check"])
    elif task == "reachability":
        u, v = rng.sample(nodes, 2)
        q = f"Q: Is there a path from node {u} to node {v}?\nA: "
        b.add(fam, text + q, "path_exists", "value", nx.has_path(G, u, v), G, ["path_exists"])
    elif task == "shortest_path":
        pairs = [(u, v) for u, v in itertools.permutations(nodes, 2) if nx.has_path(G, u, v)]
        if variant % 3 == 2:
            nopairs = [(u, v) for u, v in itertools.permutations(nodes, 2) if not nx.has_path(G, u, v)]
            if nopairs:
                u, v = rng.choice(nopairs)
                q = f"Q: What is the length of the shortest path from node {u} to node {v}?\nA: "
                b.add(fam, text + q, "shortest_path", "nopath", None, G, ["shortest_path", "shortest_path_length"],
                      source=u, target=v)
                return
        u, v = rng.choice(pairs)
        if variant % 2 == 0:
            q = f"Q: What is the length of the shortest path from node {u} to node {v}?\nA: "
        else:
            q = f"Q: What is the length, in number of edges, of the shortest path from node {u} to node {v}?\nA: "
        b.add(fam, text + q, "shortest_path", "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"],
              key="length", source=u, target=v)
    elif task == "triangle_counting":
        q = ("Q: How many triangles are in this graph?\nA: " if variant % 2 == 0 else
             "Q: How many triangles (sets of three mutually connected nodes) are in the graph?\nA: ")
        b.add(fam, text + q, "triangles", "value", triangles(G), G, ["triangle_count"], key="triangles")
    else:
        raise ValueError(task)


def gen_tlag(b):
    rng = random.Random(9001)
    kinds = ["er", "ba", "sbm", "star", "path", "complete", "sfn"]
    encs = list(TLAG_NAMES)
    i = 0
    for enc in encs:
        for k in range(10):
            task = TLAG_TASKS[(k + 3 * encs.index(enc)) % len(TLAG_TASKS)]
            kind = kinds[(i * 3 + k) % len(kinds)]
            n = rng.randint(5, 11)
            if kind == "complete":
                n = min(n, 6)
            G = tlag_graph(rng, kind, n)
            tlag_question(b, rng, enc, task, G, k + i)
            i += 1


# ------------------------------------------------------------------ GraphInstruct / GraphWiz

def gw_nodes(G):
    return f"The nodes are numbered from 0 to {len(G) - 1}"


def gw_edges(G, style):
    if G.is_directed():
        if style == "w":
            return " ".join(f"({u}->{v},{d['weight']})" for u, v, d in G.edges(data=True))
        if style == "wl":
            return " ".join(f"({u}->{v},weight:{d['weight']})" for u, v, d in G.edges(data=True))
        return " ".join(f"({u}->{v})" for u, v in G.edges)
    if style == "w":
        return " ".join(f"({u},{v},{d['weight']})" for u, v, d in G.edges(data=True))
    return " ".join(f"({u}, {v})" for u, v in G.edges)


def rand_graph(rng, n, p, directed=False):
    G = nx.gnp_random_graph(n, p, seed=rng.randrange(1 << 30), directed=directed)
    H = G.__class__()
    H.add_nodes_from(range(n))
    E = list(G.edges)
    rng.shuffle(E)
    H.add_edges_from(E)
    return H


def rand_dag(rng, n, p):
    order = list(range(n))
    rng.shuffle(order)
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    E = [(order[i], order[j]) for i in range(n) for j in range(i + 1, n) if rng.random() < p]
    rng.shuffle(E)
    G.add_edges_from(E)
    return G


def gen_graphwiz(b):
    rng = random.Random(9002)
    fam = "graphwiz"
    und = "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge."
    dirn = "In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j."
    for k in range(4):  # cycle, undirected
        G = rand_graph(rng, rng.randint(6, 12), [0.12, 0.2, 0.3, 0.16][k])
        q = (f"Determine whether or not there is a cycle in an undirected graph. {und} Given a graph, you need to output Yes "
             f"or No, indicating whether there is a cycle in the graph. Q: {gw_nodes(G)}, and the edges are: "
             f"{gw_edges(G, '')}. Is there a cycle in this graph?")
        b.add(fam, q, "cycle", "value", has_cycle(G), G, ["cycle_check"])
    for k in range(3):  # cycle, directed
        G = rand_dag(rng, rng.randint(5, 9), 0.35)
        if k != 1:
            E = list(G.edges)
            u, v = rng.choice(E)
            path = nx.shortest_path(G, u, v)
            if len(path) == 2:
                G.add_edge(v, u)
            else:
                G.add_edge(path[-1], path[0])
        q = (f"Determine whether or not there is a cycle in a directed graph. In a directed graph, (i->j) means that there is "
             f"an edge from node i to node j. Given a graph, you need to output Yes or No, indicating whether there is a cycle "
             f"in the graph. Q: {gw_nodes(G)}, and the edges are: {gw_edges(G, '')}. Does the graph have a cycle?")
        b.add(fam, q, "cycle", "value", has_cycle(G), G, ["cycle_check"])
    for k in range(3):  # connectivity
        G = rand_graph(rng, rng.randint(7, 12), 0.18)
        u, v = rng.sample(range(len(G)), 2)
        q = (f"Determine whether two nodes are connected in an undirected graph. {und} Given a graph and a pair of nodes, "
             f"you need to output Yes or No, indicating whether the node i and node j are connected. Q: {gw_nodes(G)}, and "
             f"the edges are: {gw_edges(G, '')}. Is there a path between node {u} and node {v}?")
        b.add(fam, q, "path_exists", "value", nx.has_path(G, u, v), G, ["path_exists"])
    for k in range(3):  # shortest path, weighted
        G = rand_graph(rng, rng.randint(6, 10), 0.35)
        for x, y in G.edges:
            G[x][y]["weight"] = rng.randint(1, 10)
        comp = max(nx.connected_components(G), key=len)
        u, v = rng.sample(sorted(comp), 2)
        q = (f"Find the shortest path between two nodes in an undirected graph. In an undirected graph, (i,j,k) means that "
             f"node i and node j are connected with an undirected edge with weight k. Given a graph and a pair of nodes, you "
             f"need to output the shortest path between the two nodes. Q: {gw_nodes(G)}, and the edges are: "
             f"{gw_edges(G, 'w')}. Give the weight of the shortest path from node {u} to node {v}.")
        b.add(fam, q, "shortest_path", "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"],
              key="length", source=u, target=v)
    for k in range(4):  # maximum flow
        G = rand_graph(rng, rng.randint(6, 9), 0.35, directed=True)
        for x, y in G.edges:
            G[x][y]["weight"] = rng.randint(1, 10)
        cands = [(s, t) for s, t in itertools.permutations(G.nodes, 2) if nx.has_path(G, s, t) and not G.has_edge(s, t)]
        s, t = rng.choice(cands)
        val = nx.maximum_flow_value(G, s, t, capacity="weight")
        if k < 2:
            q = (f"Find the maximum flow between two nodes in a directed graph. In a directed graph, (i->j,k) means that node "
                 f"i and node j are connected with an directed edge from node i to node j with weight k. Given a graph and a "
                 f"pair of nodes, you need to output the maximum flow between the two nodes. Q: {gw_nodes(G)}, and the edges "
                 f"are: {gw_edges(G, 'w')}. What is the maximum flow from node {s} to node {t}?")
        else:
            q = f"Find the maximum flow between node {s} and node {t} in the directed graph: {gw_edges(G, 'wl')}."
        b.add(fam, q, "max_flow", "value", val, G, ["maximum_flow"], key="value")
    for k in range(3):  # topological sort
        G = rand_dag(rng, rng.randint(5, 8), 0.4)
        q = (f"Find one of the topology sorting paths of the given graph. {dirn} Given a graph, you need to output one of the "
             f"topology sorting paths of the graph. Q: {gw_nodes(G)}, and the edges are: {gw_edges(G, '')}. Give one topology "
             f"sorting path of this graph.")
        b.add(fam, q, "topo", "order", None, G, ["topological_sort"])
    for k in range(3):  # bipartite, directed notation as GraphWiz writes it
        n = rng.randint(6, 9)
        if k % 2 == 0:
            left = set(rng.sample(range(n), n // 2))
            G = nx.DiGraph()
            G.add_nodes_from(range(n))
            for x in left:
                for y in set(range(n)) - left:
                    if rng.random() < 0.4:
                        G.add_edge(*((x, y) if rng.random() < 0.5 else (y, x)))
        else:
            G = rand_graph(rng, n, 0.35, directed=True)
        q = (f"Determine whether or not a graph is bipartite. In a directed graph, (i->j) means that node i and node j are "
             f"connected with an directed edge from node i to node j. Given a graph, you need to output Yes or No, indicating "
             f"whether the graph is bipartite. Q: {gw_nodes(G)}, and the edges are: {gw_edges(G, '')}. Is this graph bipartite?")
        b.add(fam, q, "bipartite", "value", nx.is_bipartite(G), G, ["is_bipartite"], key="bipartite")
    for k in range(2):  # Hamiltonian path
        G = rand_graph(rng, rng.randint(5, 7), [0.5, 0.3][k])
        q = (f"Determine whether or not there is a Hamiltonian path in an undirected graph. {und} Given a graph, you need to "
             f"output Yes or No, indicating whether there is a Hamiltonian path in the graph. Q: {gw_nodes(G)}, and the edges "
             f"are: {gw_edges(G, '')}. Is there a Hamiltonian path in this graph?")
        ham = any(all(G.has_edge(p[i], p[i + 1]) for i in range(len(p) - 1)) for p in itertools.permutations(G.nodes))
        b.add(fam, q, "hamilton", "hamilton", ham, G, ["hamiltonian_path"], key="exists")
    # the triangle task of GraphWiz weighs nodes, not edges: no tool answers it
    G = rand_graph(rng, 6, 0.5)
    wts = {v: rng.randint(1, 10) for v in G.nodes}
    tri = [c for c in itertools.combinations(G.nodes, 3) if all(G.has_edge(x, y) for x, y in itertools.combinations(c, 2))]
    best = max((sum(wts[v] for v in c) for c in tri), default=0)
    q = (f"Find the maximum sum of the weights of three interconnected nodes. In an undirected graph, [i, k] means that node i "
         f"has the weight k. (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need "
         f"to output the maximum sum of the weights of three interconnected nodes. Q: {gw_nodes(G)}, weights of nodes are: "
         + " ".join(f"[{v}, {wts[v]}]" for v in G.nodes) + f", and the edges are: {gw_edges(G, '')}. What is the maximum sum "
         "of the weights of three nodes?")
    b.refuse(fam, q, "no_tool", "node weights summed over a triangle: no tool weighs nodes", G, if_answered=best)
    G2 = rand_graph(rng, 7, 0.4, directed=True)
    q = (f"Determine if a smaller graph is present as an exact match within a larger graph. In a directed graph, (i->j) means "
         f"that node i and node j are connected with a directed edge from node i to node j. Given a graph G and a subgraph G', "
         f"you need to output Yes or No, indicating whether subgraph G' is present within the directed graph G. Q: The nodes "
         f"of graph G are numbered from 0 to 6, and the edges are: {gw_edges(G2, '')}. The nodes of subgraph G' are numbered "
         f"from a to c, and the edges are: (a->b) (b->c) (c->a). Is subgraph G' present within graph G as a direct substructure?")
    b.refuse(fam, q, "no_tool", "subgraph isomorphism: no tool", G2)


# ------------------------------------------------------------------ GraphArena

AUTHORS = ["Wei Wang", "Jun Li", "Hui Zhang", "Maria Garcia", "Yann LeCun", "Geoffrey Hinton", "Yoshua Bengio",
           "Fei-Fei Li", "Andrew Ng", "Daphne Koller", "Jure Leskovec", "Jian Pei", "Philip S. Yu", "Jiawei Han"]
ENTITIES = ["Hirschau", "Germany", "Bavaria", "Amberg-Sulzbach", "Upper Palatinate", "Munich", "Danube",
            "European Union", "Berlin", "Angela Merkel", "Regensburg", "Franconia"]
RELS = ["country", "state", "district", "region", "capital", "river", "memberOf", "leader", "location", "partOf"]
AIRPORTS = ["LAX", "JFK", "ORD", "ATL", "DFW", "SEA", "MIA"]


def named_graph(rng, names, n, p, connected=True):
    while True:
        G = rand_graph(rng, n, p)
        if not connected or nx.is_connected(G):
            break
    pick = rng.sample(names, n)
    return relabel(G, pick)


def gen_grapharena(b):
    rng = random.Random(9003)
    fam = "grapharena"
    for k in range(3):  # common neighbours
        G = named_graph(rng, AUTHORS, rng.randint(7, 10), 0.4)
        pairs = [(u, v) for u, v in itertools.combinations(G.nodes, 2) if len(list(nx.common_neighbors(G, u, v))) >= (1 if k else 0)]
        u, v = rng.choice(pairs)
        q = ("Your task is to find the common neighbors of two nodes in an undirected academic network. In this network, nodes "
             "represent authors and edges represent research collaborations.\n\n**Problem to Solve**\n\n"
             f"- Authors in the network: {', '.join(G.nodes)}\n"
             f"- Research collaborations between these authors: {', '.join(f'{x} and {y}' for x, y in G.edges)}.\n"
             f"Please identify the common neighbors of {u} and {v} in this network.\n"
             "Present your answer in the following format: [AuthorA, AuthorB, AuthorC, AuthorD, ...].")
        b.add(fam, q, "common_neighbors", "set", sorted(nx.common_neighbors(G, u, v)), G, ["common_neighbors"])
    for k in range(3):  # shortest path in a knowledge graph, in hops
        G = named_graph(rng, ENTITIES, rng.randint(7, 10), 0.3)
        rel = {e: rng.choice(RELS) for e in G.edges}
        u, v = max(((x, y) for x, y in itertools.combinations(G.nodes, 2)), key=lambda p: (nx.shortest_path_length(G, *p), rng.random()))
        q = ("Your task is to identify the shortest path between two specified entities in an undirected knowledge graph, "
             "minimizing the number of hops.\n\n**Problem to Solve**\n\n"
             f"- Entities in this knowledge graph: {', '.join(G.nodes)}\n- The relationships between these entities are as follows:\n"
             + "".join(f" - {x} is connected to {y} via the relationship {rel[(x, y)]}.\n" for x, y in G.edges)
             + f"Find the shortest path between {u} and {v}.\nPlease format your answer as [Entity1, Entity2, ..., EntityN].")
        b.add(fam, q, "shortest_path", "path", nx.shortest_path_length(G, u, v), G, ["shortest_path", "shortest_path_length"],
              key="length", source=u, target=v)
    for k in range(2):  # connected components
        names = rng.sample(POPULAR, 9)
        G = nx.Graph()
        G.add_nodes_from(names)
        cut = rng.randint(3, 5)
        for part in (names[:cut], names[cut:]):
            for i in range(1, len(part)):
                G.add_edge(part[rng.randrange(i)], part[i])
        if k == 1:
            G.remove_edges_from(list(G.edges(names[-1])))
        q = ("You are required to identify all connected components in the given social network and output one representative "
             "node from each component.\nWithin a connected component, any node can be reached from any other node through the "
             "edges in the graph. Different connected components are isolated from each other.\n\n**Problem to Solve**\n\n"
             f"- Names in the network: {', '.join(G.nodes)}\n"
             f"- Fiendship connections: {', '.join(f'{x} to {y}' for x, y in G.edges)}\n"
             "Identify all connected components in this network. Note that for each connected component, you should only output "
             "one of its nodes.\nPresent your answer in the following format: [UserA, UserB, UserC, UserD, ...]")
        b.add(fam, q, "components", "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
    for k in range(2):  # diameter
        G = named_graph(rng, ENTITIES, rng.randint(6, 9), 0.3)
        rel = {e: rng.choice(RELS) for e in G.edges}
        q = ("You are required to calculate the diameter of an undirected knowledge graph.\nThe diameter of a graph is the "
             "maximum distance between any pair of nodes in the graph. To compute this, you need to find the shortest path "
             "between all pairs of nodes and then determine the maximum length of these shortest paths.\n\n**Problem to Solve**\n\n"
             f"- Entities in this knowledge graph: {', '.join(G.nodes)}\n- The relationships between these entities are as follows:\n"
             + "".join(f" - {x} is connected to {y} via the relationship {rel[(x, y)]}.\n" for x, y in G.edges)
             + "Please determine the diameter of this graph and output the corresponding path in the following format: "
             "[Entity1, Entity2, ..., EntityN].")
        b.add(fam, q, "diameter", "value", nx.diameter(G), G, ["diameter"])
    # TSP, maximum clique, minimum vertex cover: no tool answers them
    ap = rng.sample(AIRPORTS, 5)
    T = nx.Graph()
    for x, y in itertools.combinations(ap, 2):
        T.add_edge(x, y, weight=rng.randint(300, 4000))
    best = min(sum(T[p[i]][p[(i + 1) % 5]]["weight"] for i in range(5)) for p in itertools.permutations(ap) if p[0] == ap[0])
    q = ("You are required to solve the Travelling Salesman Problem for an undirected flight route network. Your objective is to "
         "determine the shortest possible route that visits each of the listed airports exactly once and returns to the "
         f"starting point.\n\n**Problem to Solve**\n\n- Airports to visit: {', '.join(ap)}\n- Travel distances (in kilometers) "
         "between each pair of airports:\n" + "".join(f"{x} to {y}: {d['weight']}\n" for x, y, d in T.edges(data=True))
         + "Please calculate the shortest tour and format your answer as follows: [Airport A, Airport B, ..., Airport A]")
    b.refuse(fam, q, "no_tool", "travelling salesman: no tool", T, if_answered=best)
    G = named_graph(rng, AUTHORS, 8, 0.45)
    q = ("Given an undirected academic network where nodes represent authors and edges represent research collaborations, your "
         "task is to identify the largest subset of authors such that every pair of authors in this subset is connected by an "
         f"edge.\n\n**Problem to Solve**\n\n- Authors in the network: {', '.join(G.nodes)}\n"
         f"- Research collaborations between these authors: {', '.join(f'{x} and {y}' for x, y in G.edges)}.\n"
         "Identify the clique with the maximum number of authors in this network. Present your answer in the following format: "
         "[AuthorA, AuthorB, AuthorC, AuthorD, ...].")
    b.refuse(fam, q, "no_tool", "maximum clique: no tool", G, if_answered=max(len(c) for c in nx.find_cliques(G)))
    G = named_graph(rng, POPULAR, 8, 0.35)
    q = ("Your task is to solve the Minimum Vertex Cover problem in the given social network. In this network, each node "
         "represents a user, and each edge represents a friendship connection. You need to identify the smallest subset of users "
         "such that every friendship connection has at least one user from this subset.\n\n**Problem to Solve**\n\n"
         f"- Users in the network: {', '.join(G.nodes)}\n- Fiendship connections: {', '.join(f'{x} and {y}' for x, y in G.edges)}.\n"
         "Identify the Minimum Vertex Cover of this network and present your answer in the following format: [UserA, UserB, ...].")
    b.refuse(fam, q, "no_tool", "minimum vertex cover: no tool", G)


# ------------------------------------------------------------------ how people write graphs to chat LLMs

def gen_llmstyle(b):
    rng = random.Random(9004)
    fam = "llm_style"
    L = ALPHABET

    def lettered(n, p, connected=True):
        while True:
            G = rand_graph(rng, n, p)
            if not connected or nx.is_connected(G):
                return relabel(G, L)

    # em dash and en dash edges
    G = lettered(6, 0.4)
    q = "Consider the graph with edges " + ", ".join(f"{u}—{v}" for u, v in G.edges) + f". What is the degree of node {L[2]}?"
    b.add(fam, q, "degree", "value", G.degree(L[2]), G, ["degree"])
    G = lettered(7, 0.35)
    u, v = L[0], L[6]
    q = "Edges: " + "; ".join(f"{x} – {y}" for x, y in G.edges) + f".\nWhat is the shortest path from {u} to {v}?"
    b.add(fam, q, "shortest_path", "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
    G = lettered(6, 0.45)
    q = "Graph (undirected): " + ", ".join(f"{x}—{y}" for x, y in G.edges) + ". How many triangles does it contain?"
    b.add(fam, q, "triangles", "value", triangles(G), G, ["triangle_count"], key="triangles")
    # "0-1, 1-2" with isolated nodes declared
    G = rand_graph(rng, 8, 0.25)
    G.add_nodes_from(range(8))
    q = (f"I have a graph with 8 nodes (0 to 7) and these edges: {', '.join(f'{u}-{v}' for u, v in G.edges)}. "
         "How many connected components are there?")
    b.add(fam, q, "components", "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
    # JSON adjacency list
    G = lettered(6, 0.4)
    adj = {str(v): sorted(G.neighbors(v)) for v in G.nodes}
    q = f"Here is an undirected graph as a JSON adjacency list:\n{json.dumps(adj)}\nWhich nodes are adjacent to {L[1]}?"
    b.add(fam, q, "neighbors", "set", sorted(G.neighbors(L[1])), G, ["neighbors"])
    G = lettered(7, 0.3, connected=False)
    adj = {str(v): sorted(G.neighbors(v)) for v in G.nodes}
    q = f"adjacency = {json.dumps(adj, indent=2)}\n\nIs the graph connected?"
    b.add(fam, q, "is_connected", "value", nx.is_connected(G), G, ["is_connected"])
    # JSON list of edge objects with weights
    G = lettered(6, 0.5)
    for x, y in G.edges:
        G[x][y]["weight"] = rng.randint(1, 9)
    edges = [{"from": x, "to": y, "weight": d["weight"]} for x, y, d in G.edges(data=True)]
    q = f"Given this weighted graph {json.dumps({'edges': edges})}, what is the weight of the minimum spanning tree?"
    b.add(fam, q, "mst", "value", nx.minimum_spanning_tree(G).size(weight="weight"), G, ["minimum_spanning_tree"], key="total_weight")
    G = lettered(6, 0.5)
    for x, y in G.edges:
        G[x][y]["weight"] = rng.randint(1, 9)
    edges = [{"source": x, "target": y, "weight": d["weight"]} for x, y, d in G.edges(data=True)]
    q = f"```json\n{json.dumps(edges, indent=1)}\n```\nUsing the weights, find the cheapest path from {L[0]} to {L[5]}."
    b.add(fam, q, "shortest_path", "path", sp_len(G, L[0], L[5]), G, ["shortest_path", "shortest_path_length"], key="length",
          source=L[0], target=L[5])
    # Markdown tables
    G = lettered(6, 0.45)
    for x, y in G.edges:
        G[x][y]["weight"] = rng.randint(1, 20)
    rows = "".join(f"| {x} | {y} | {d['weight']} |\n" for x, y, d in G.edges(data=True))
    q = f"| Node A | Node B | Distance |\n|---|---|---|\n{rows}\nWhat's the shortest distance between {L[1]} and {L[4]}?"
    b.add(fam, q, "shortest_path", "path", sp_len(G, L[1], L[4]), G, ["shortest_path", "shortest_path_length"], key="length",
          source=L[1], target=L[4])
    D = rand_dag(rng, 6, 0.4)
    D = relabel(D, [f"step{i}" for i in range(6)])
    rows = "".join(f"| {x} | {y} |\n" for x, y in D.edges)
    q = f"Dependencies (the first must happen before the second):\n\n| before | after |\n|:--|:--|\n{rows}\nGive a valid order for all steps."
    b.add(fam, q, "topo", "order", None, D, ["topological_sort"])
    # unicode arrows and double arrows
    Dg = rand_graph(rng, 6, 0.3, directed=True)
    Dg = relabel(Dg, L)
    q = "Directed graph: " + ", ".join(f"{x} → {y}" for x, y in Dg.edges) + ". Does it contain a directed cycle?"
    b.add(fam, q, "cycle", "value", has_cycle(Dg), Dg, ["cycle_check"])
    G = lettered(6, 0.4)
    q = "Links: " + ", ".join(f"{x} <-> {y}" for x, y in G.edges) + f". How many links does {L[3]} have?"
    b.add(fam, q, "degree", "value", G.degree(L[3]), G, ["degree"])
    # "edge list" lines with a colon header and numbers
    G = rand_graph(rng, 7, 0.35)
    q = "edge list:\n" + "\n".join(f"{u} {v}" for u, v in G.edges) + "\n\nhow many edges?"
    b.add(fam, q, "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])
    # YAML-ish adjacency
    G = lettered(6, 0.4)
    yaml = "\n".join(f"{v}: [{', '.join(sorted(G.neighbors(v)))}]" for v in G.nodes)
    q = f"graph:\n{yaml}\nIs the graph bipartite?"
    b.add(fam, q, "bipartite", "value", nx.is_bipartite(G), G, ["is_bipartite"], key="bipartite")
    # NetworkX-style code with add_edge calls
    G = rand_graph(rng, 6, 0.4)
    code = "G = nx.Graph()\n" + "\n".join(f"G.add_edge({u}, {v})" for u, v in G.edges)
    q = f"```python\n{code}\n```\nWhat is nx.diameter(G)?" if nx.is_connected(G) else f"```python\n{code}\n```\nHow many connected components does G have?"
    if nx.is_connected(G):
        b.add(fam, q, "diameter", "value", nx.diameter(G), G, ["diameter"])
    else:
        b.add(fam, q, "components", "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
    # edge pairs in square brackets
    G = rand_graph(rng, 7, 0.3)
    G.add_nodes_from(range(7))
    q = f"edges = {[list(e) for e in G.edges]}\nnumber of nodes = 7\nWhich node has no neighbours?"
    iso = sorted(str(v) for v in G.nodes if G.degree(v) == 0)
    if iso:
        b.refuse(fam, q, "no_tool", "isolated-node listing: no tool lists isolated nodes (degree_distribution counts them)", G)
    else:
        b.add(fam, q.replace("Which node has no neighbours?", "What is the degree of node 3?"), "degree", "value", G.degree(3), G, ["degree"])


# ------------------------------------------------------------------ plain human questions

def gen_human(b):
    rng = random.Random(9005)
    fam = "human"
    # friends
    G = nx.Graph()
    G.add_edges_from([("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Dee"), ("Ann", "Cy"), ("Eve", "Fay")])
    q = "My friends Ann, Bo and Cy all know each other except Ann and Bo... no wait, Ann knows Bo, Bo knows Cy, Ann knows Cy. Cy also knows Dee, and Eve knows Fay. How many people does Cy know?"
    b.refuse(fam, q, "ambiguous", "the writer retracts and restates an edge in one sentence; a reader cannot be sure which holds", G)
    q = "Ann knows Bo, Bo knows Cy, Ann knows Cy, Cy knows Dee and Eve knows Fay. Can Ann reach Fay through people she knows?"
    b.add(fam, q, "path_exists", "value", nx.has_path(G, "Ann", "Fay"), G, ["path_exists"])
    q = "Ann knows Bo, Bo knows Cy, Ann knows Cy, Cy knows Dee and Eve knows Fay. How many people does Cy know?"
    b.add(fam, q, "degree", "value", G.degree("Cy"), G, ["degree"])
    q = "Ann is friends with Bo and Cy. Bo is friends with Cy. Cy is friends with Dee. Eve is friends with Fay. Who are Cy's friends?"
    b.add(fam, q, "neighbors", "set", sorted(G.neighbors("Cy")), G, ["neighbors"])
    # flights with hours
    F = nx.DiGraph()
    F.add_weighted_edges_from([("NYC", "LA", 5), ("LA", "SF", 1), ("NYC", "CHI", 2), ("CHI", "SF", 4), ("CHI", "LA", 4), ("SF", "SEA", 2)])
    q = "flights: NYC to LA 5h, LA to SF 1h, NYC to CHI 2h, CHI to SF 4h, CHI to LA 4h, SF to SEA 2h. What's the fastest way from NYC to SEA?"
    b.add(fam, q, "shortest_path", "path", sp_len(F, "NYC", "SEA"), F, ["shortest_path", "shortest_path_length"], key="length",
          source="NYC", target="SEA")
    q = "Direct flights: NYC→LA (5 hours), LA→SF (1 hour), NYC→CHI (2 hours), CHI→SF (4 hours), CHI→LA (4 hours), SF→SEA (2 hours). Can I fly from SEA to NYC?"
    b.add(fam, q, "path_exists", "value", nx.has_path(F, "SEA", "NYC"), F, ["path_exists"])
    # roads with km
    R = nx.Graph()
    R.add_weighted_edges_from([("Leeds", "York", 40), ("York", "Hull", 60), ("Leeds", "Sheffield", 55), ("Sheffield", "Hull", 95),
                               ("Leeds", "Manchester", 70), ("Manchester", "Sheffield", 60)])
    q = ("Leeds to York is 40 km, York to Hull 60 km, Leeds to Sheffield 55 km, Sheffield to Hull 95 km, Leeds to Manchester "
         "70 km and Manchester to Sheffield 60 km (all roads go both ways). What is the shortest drive from Manchester to Hull?")
    b.add(fam, q, "shortest_path", "path", sp_len(R, "Manchester", "Hull"), R, ["shortest_path", "shortest_path_length"],
          key="length", source="Manchester", target="Hull")
    q = ("Roads (km, two-way): Leeds-York 40, York-Hull 60, Leeds-Sheffield 55, Sheffield-Hull 95, Leeds-Manchester 70, "
         "Manchester-Sheffield 60. I want to pave the fewest km of road so that every town is still connected. How many km is that?")
    b.add(fam, q, "mst", "value", nx.minimum_spanning_tree(R).size(weight="weight"), R, ["minimum_spanning_tree"], key="total_weight")
    # chores / prerequisites
    P = nx.DiGraph()
    P.add_edges_from([("Calculus I", "Calculus II"), ("Calculus II", "Differential Equations"), ("Linear Algebra", "Differential Equations"),
                      ("Calculus I", "Linear Algebra"), ("Programming", "Algorithms"), ("Linear Algebra", "Algorithms")])
    q = ("To take Calculus II you need Calculus I. Differential Equations requires Calculus II and Linear Algebra. Linear Algebra "
         "requires Calculus I. Algorithms requires Programming and Linear Algebra. In what order can I take all these courses?")
    b.add(fam, q, "topo", "order", None, P, ["topological_sort"])
    # office network
    N = nx.Graph()
    N.add_edges_from([("router", "switch1"), ("router", "switch2"), ("switch1", "pc1"), ("switch1", "pc2"), ("switch2", "printer"),
                      ("switch2", "pc3")])
    q = ("Our office network: the router is cabled to switch1 and switch2; switch1 is cabled to pc1 and pc2; switch2 is cabled "
         "to the printer and pc3. Which devices would be cut off from each other if one device failed? I mean, which single "
         "devices are points of failure?")
    b.add(fam, q, "articulation", "set", sorted(nx.articulation_points(N)), N, ["articulation_points"], key="nodes")
    q = ("Our office network: router - switch1, router - switch2, switch1 - pc1, switch1 - pc2, switch2 - printer, "
         "switch2 - pc3. How many hops is it from pc1 to the printer?")
    b.add(fam, q, "shortest_path", "path", sp_len(N, "pc1", "printer"), N, ["shortest_path", "shortest_path_length"], key="length",
          source="pc1", target="printer")
    # family tree-ish, directed "is the parent of"
    T = nx.DiGraph()
    T.add_edges_from([("Rose", "Tom"), ("Rose", "Lily"), ("Tom", "Max"), ("Lily", "Zoe"), ("Lily", "Sam")])
    q = "Rose is the parent of Tom and Lily. Tom is the parent of Max. Lily is the parent of Zoe and Sam. How many people are in this family tree?"
    b.add(fam, q, "node_count", "value", T.number_of_nodes(), T, ["node_count", "order"])
    # pipes with capacities
    W = nx.DiGraph()
    W.add_weighted_edges_from([("reservoir", "A", 10), ("reservoir", "B", 5), ("A", "B", 15), ("A", "town", 4), ("B", "town", 10)])
    q = ("Water flows from the reservoir through pipes: reservoir to A carries 10 units, reservoir to B carries 5, A to B "
         "carries 15, A to town carries 4 and B to town carries 10. How much water can reach the town per hour at most?")
    b.add(fam, q, "max_flow", "value", nx.maximum_flow_value(W, "reservoir", "town", capacity="weight"), W, ["maximum_flow"], key="value")
    # a quick sketch of a graph
    G = nx.Graph()
    G.add_edges_from([("1", "2"), ("2", "3"), ("3", "1"), ("3", "4"), ("4", "5"), ("5", "3")])
    q = "quick one: triangle 1,2,3 and another triangle 3,4,5 sharing node 3. how many edges total?"
    b.add(fam, q, "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])
    q = "Draw a square A, B, C, D (A-B, B-C, C-D, D-A) and add the diagonal A-C. How many triangles are there now?"
    S = nx.Graph([("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"), ("A", "C")])
    b.add(fam, q, "triangles", "value", triangles(S), S, ["triangle_count"], key="triangles")
    q = "In the graph A-B, B-C, C-D, D-A, A-C, which vertices are not adjacent to B?"
    b.add(fam, q, "non_neighbors", "set", sorted(x for x in S.nodes if x != "B" and not S.has_edge("B", x)), S, ["non_neighbors"])
    q = "In the graph A-B, B-C, C-D, D-A, A-C, do B and D share any neighbours? Which?"
    b.add(fam, q, "common_neighbors", "set", sorted(nx.common_neighbors(S, "B", "D")), S, ["common_neighbors"])
    # follows on social media, directed
    Fo = nx.DiGraph([("ana", "ben"), ("ben", "cat"), ("cat", "ana"), ("dan", "ana"), ("ben", "dan")])
    q = "ana follows ben, ben follows cat, cat follows ana, dan follows ana and ben follows dan. Who does ben follow?"
    b.add(fam, q, "neighbors", "set", sorted(Fo.successors("ben")), Fo, ["neighbors"])
    q = "ana follows ben, ben follows cat, cat follows ana, dan follows ana and ben follows dan. Is there a follow cycle?"
    b.add(fam, q, "cycle", "value", has_cycle(Fo), Fo, ["cycle_check"])


# ------------------------------------------------------------------ must be refused

def gen_refuse(b):
    fam = "refuse"
    G = nx.Graph([(0, 1), (1, 2), (2, 3)])
    b.refuse(fam, "The edges are 0-1, 1-2 and 2-3, or maybe 0-1, 1-3 and 2-3, I don't remember. Is there a path from 0 to 3?",
             "ambiguous", "two edge lists offered as alternatives", G)
    b.refuse(fam, "In the graph with edges (0,1) (1,2) (2,3) (3,4), what is the degree of node 9?",
             "unknown_node", "node 9 is not in the graph and no declaration implies it")
    b.refuse(fam, "Alice and Bob are friends. Bob and Carol are friends. Is Alice friends with Dave?",
             "unknown_node", "Dave appears nowhere in the graph")
    b.refuse(fam, "Graph 1 has edges 0-1, 1-2. Graph 2 has edges 0-1, 1-2, 2-0. Does the graph have a cycle?",
             "ambiguous", "two graphs and 'the graph' could be either")
    b.refuse(fam, "Some of the nodes 0 to 5 are connected in a ring, plus a few chords. How many edges are there?",
             "ambiguous", "the edges are not given")
    b.refuse(fam, "What is the shortest path between node 2 and node 5?", "missing_graph", "no graph at all")
    G = nx.Graph([(0, 1), (1, 2), (2, 0), (2, 3)])
    b.refuse(fam, "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. The edges are: "
             "(0,1) (1,2) (2,0) (2,3). Is this graph planar and what is its genus?", "no_tool", "genus: no tool", G)
    G = nx.Graph([("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")])
    b.refuse(fam, "Edges: A-B, B-C, C-D, D-A. Are graphs G and H isomorphic?", "ambiguous", "H is never given", G)
    G = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
    b.refuse(fam, "G describes a graph among nodes 0, 1, 2, and 3.\nThe edges in G are: (0, 1) (1, 2) (2, 3) (3, 0) (0, 2).\n"
             "Q: What is the chromatic polynomial of G evaluated at 3?\nA: ", "no_tool", "chromatic polynomial: no tool", G, if_answered=6)
    G = nx.Graph([("James", "Robert"), ("Robert", "John")])
    b.refuse(fam, "G describes a friendship graph among nodes James, Robert, and John.\nWe have the following edges in G:\n"
             "James and Robert are friends.\nRobert and John are friends.\nQ: Who is the most popular person at school?\nA: ",
             "no_tool", "popularity at school is not a property of this graph", G)
    b.refuse(fam, "My network: the router connects to everything. How many edges does it have?", "ambiguous",
             "'everything' names no nodes")
    D = nx.DiGraph([(0, 1), (1, 2)])
    b.refuse(fam, "Find the maximum flow in the directed graph (0->1,weight:5) (1->2,weight:3).", "missing_parameter",
             "no source or sink is named", D)
    G = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 4)])
    b.refuse(fam, "Q: The nodes are numbered from 0 to 4, and the edges are: (0, 1) (1, 2) (2, 3) (3, 4). What is the length "
             "of the shortest path from node 1?", "missing_parameter", "no target is named", G)
    G = nx.Graph([(0, 1), (1, 2), (2, 0)])
    b.refuse(fam, "Edges 0-1, 1-2, 2-0. What is the minimum number of edges to add to make the graph 4-regular?",
             "no_tool", "regular completion: no tool", G)
    G = nx.Graph([("Ned", "Cat"), ("Cat", "Jon"), ("Jon", "Arya")])
    b.refuse(fam, "G describes a friendship graph among nodes Ned, Cat, Jon, and Arya.\nWe have the following edges in G:\n"
             "Ned and Cat are friends.\nCat and Jon are friends.\nJon and Arya are friends.\nQ: Is node Sansa connected to node Arya?\nA: ",
             "unknown_node", "Sansa is not among the declared nodes", G)


BATCH1 = [gen_tlag, gen_graphwiz, gen_grapharena, gen_llmstyle, gen_human, gen_refuse]


# ================================================================== batch 2
# Written after the fixes made against batch 1 and measured before any fix
# against it: other wordings of the same benchmarks, other chat notations,
# other plain questions.

def gen2_graphqa(b):
    rng = random.Random(9101)
    fam = "b2_graphqa"
    for k, enc in enumerate(["politician", "got", "incident", "adjacency", "south_park", "coauthorship", "expert", "friendship",
                             "social_network", "adjacency"]):
        n = rng.randint(5, 9)
        G0 = tlag_graph(rng, ["er", "ba", "path", "sbm", "er", "star", "er", "ba", "sfn", "er"][k], n)
        names = TLAG_NAMES[enc]
        G = relabel(plain_graph(G0), names if names else [str(i) for i in range(n)])
        text = tlag_encode(G, enc)
        nodes = list(G.nodes)
        u, v = rng.sample(nodes, 2)
        task = k % 5
        if task == 0:
            q = f'Q: What is the degree of node {u}? Provide your final answer as a number.\nA: '
            b.add(fam, text + q, "degree", "value", G.degree(u), G, ["degree"])
        elif task == 1:
            q = (f"Q: List all the nodes that are not connected to {u}. Provide your final answer as a list, following this "
                 "template: [ANSWER]\nanswer = YOUR ANSWER\n[/ANSWER]")
            b.add(fam, text + q, "non_neighbors", "set", sorted(str(x) for x in G.nodes if x != u and not G.has_edge(u, x)), G, ["non_neighbors"])
        elif task == 2:
            q = f"Q: Does node {u} have an edge to node {v}? Answer yes or no.\nA: "
            b.add(fam, text + q, "edge_exists", "value", G.has_edge(u, v), G, ["edge_exists"])
        elif task == 3:
            q = "Q: Count the number of edges in G.\nA: "
            b.add(fam, text + q, "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])
        else:
            q = f"Q: Can you get from node {u} to node {v} by following edges?\nA: "
            b.add(fam, text + q, "path_exists", "value", nx.has_path(G, u, v), G, ["path_exists"])


def gen2_graphwiz(b):
    rng = random.Random(9102)
    fam = "b2_graphwiz"
    dirn = "In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j."
    G = rand_graph(rng, 8, 0.2, directed=True)
    u, v = 0, 5
    q = (f"Determine whether two nodes are connected in a directed graph. {dirn} Given a graph and a pair of nodes, you need to "
         f"output Yes or No, indicating whether the node i can reach node j. Q: {gw_nodes(G)}, and the edges are: "
         f"{gw_edges(G, '')}. Is there a directed path from node {u} to node {v}?")
    b.add(fam, q, "path_exists", "value", nx.has_path(G, u, v), G, ["path_exists"])
    G = rand_graph(rng, 7, 0.4)
    for x, y in G.edges:
        G[x][y]["weight"] = rng.randint(1, 9)
    comp = max(nx.connected_components(G), key=len)
    u, v = sorted(comp)[0], sorted(comp)[-1]
    q = (f"Find the shortest path between two nodes in an undirected graph. In an undirected graph, (i,j,k) means that node i "
         f"and node j are connected with an undirected edge with weight k. Q: {gw_nodes(G)}, and the edges are: "
         f"{gw_edges(G, 'w')}. What is the weight of the shortest path from node {u} to node {v}?")
    b.add(fam, q, "shortest_path", "path", sp_len(G, u, v), G, ["shortest_path", "shortest_path_length"], key="length", source=u, target=v)
    G = rand_graph(rng, 8, 0.3)
    q = (f"Determine whether or not a graph is bipartite. In an undirected graph, (i,j) means that node i and node j are "
         f"connected with an undirected edge. Q: {gw_nodes(G)}, and the edges are: {gw_edges(G, '')}. Is this graph bipartite?")
    b.add(fam, q, "bipartite", "value", nx.is_bipartite(G), G, ["is_bipartite"], key="bipartite")
    D = rand_dag(rng, 7, 0.35)
    q = (f"Find one of the topology sorting paths of the given graph. {dirn} Q: {gw_nodes(D)}, and the edges are: "
         f"{gw_edges(D, '')}. Give one topology sorting path of this graph.")
    b.add(fam, q, "topo", "order", None, D, ["topological_sort"])
    G = rand_graph(rng, 6, 0.6)
    q = (f"Determine whether or not there is a Hamiltonian path in an undirected graph. In an undirected graph, (i,j) means that "
         f"node i and node j are connected with an undirected edge. Q: {gw_nodes(G)}, and the edges are: {gw_edges(G, '')}. "
         "Is there a path in this graph that visits every node exactly once?")
    ham = any(all(G.has_edge(p[i], p[i + 1]) for i in range(len(p) - 1)) for p in itertools.permutations(G.nodes))
    b.add(fam, q, "hamilton", "hamilton", ham, G, ["hamiltonian_path"], key="exists")
    G = rand_graph(rng, 7, 0.45, directed=True)
    for x, y in G.edges:
        G[x][y]["weight"] = rng.randint(1, 12)
    cands = [(s_, t_) for s_, t_ in itertools.permutations(G.nodes, 2) if nx.has_path(G, s_, t_) and not G.has_edge(s_, t_)]
    s_, t_ = rng.choice(cands)
    q = (f"In a directed graph with capacities, (i->j,k) means an edge from node i to node j with capacity k. The edges are: "
         f"{gw_edges(G, 'w')}. How much flow can be sent from node {s_} to node {t_} at most?")
    b.add(fam, q, "max_flow", "value", nx.maximum_flow_value(G, s_, t_, capacity="weight"), G, ["maximum_flow"], key="value")
    G = rand_graph(rng, 9, 0.18)
    q = (f"Determine whether or not there is a cycle in an undirected graph. Q: {gw_nodes(G)}, and the edges are: "
         f"{gw_edges(G, '')}. Does this graph contain a cycle?")
    b.add(fam, q, "cycle", "value", has_cycle(G), G, ["cycle_check"])
    G = rand_graph(rng, 8, 0.3)
    q = (f"Find the number of connected components in an undirected graph. In an undirected graph, (i,j) means that node i and "
         f"node j are connected with an undirected edge. Q: {gw_nodes(G)}, and the edges are: {gw_edges(G, '')}. "
         "How many connected components are there?")
    b.add(fam, q, "components", "value", nx.number_connected_components(G), G, ["connected_components"], key="count")


def gen2_grapharena(b):
    rng = random.Random(9103)
    fam = "b2_grapharena"
    G = named_graph(rng, POPULAR, 8, 0.4)
    u, v = rng.sample(list(G.nodes), 2)
    q = ("Your task is to find the common neighbors of two nodes in an undirected social network. In this network, nodes "
         "represent users and edges represent friendship connections.\n\n**Problem to Solve**\n\n"
         f"- Users in the network: {', '.join(G.nodes)}\n- Fiendship connections: {', '.join(f'{x} and {y}' for x, y in G.edges)}.\n"
         f"Please identify the common neighbors of {u} and {v} in this network.")
    b.add(fam, q, "common_neighbors", "set", sorted(nx.common_neighbors(G, u, v)), G, ["common_neighbors"])
    G = named_graph(rng, AUTHORS, 8, 0.3)
    u, v = max(itertools.combinations(G.nodes, 2), key=lambda p: (nx.shortest_path_length(G, *p), rng.random()))
    q = ("Your task is to identify the shortest path between two specified entities in an undirected academic network, "
         "minimizing the number of hops.\n\n**Problem to Solve**\n\n"
         f"- Authors in the network: {', '.join(G.nodes)}\n- Research collaborations between these authors: "
         f"{', '.join(f'{x} and {y}' for x, y in G.edges)}.\nFind the shortest path between {u} and {v}.")
    b.add(fam, q, "shortest_path", "path", nx.shortest_path_length(G, u, v), G, ["shortest_path", "shortest_path_length"],
          key="length", source=u, target=v)
    G = named_graph(rng, ENTITIES, 7, 0.35)
    q = ("You are required to calculate the diameter of an undirected knowledge graph.\n\n**Problem to Solve**\n\n"
         f"- Entities in this knowledge graph: {', '.join(G.nodes)}\n- The relationships between these entities are as follows:\n"
         + "".join(f" - {x} is connected to {y} via the relationship {rng.choice(RELS)}.\n" for x, y in G.edges)
         + "What is the diameter of this graph?")
    b.add(fam, q, "diameter", "value", nx.diameter(G), G, ["diameter"])
    G1 = named_graph(rng, POPULAR, 5, 0.5)
    q = ("You are required to solve the Graph Edit Distance problem between two molecules. Each edit operation (adding or "
         "deleting an edge, adding or deleting an isolated node, or relabeling a node) has the identity cost.\n"
         "Molecule A:\n- Atoms: C (atom 0), C (atom 1), O (atom 2).\n- Bonds: 0-1, 1-2.\nMolecule B:\n- Atoms: C (atom 0), N (atom 1), O (atom 2).\n"
         "- Bonds: 0-1, 0-2.\nWhat is the minimum edit distance?")
    b.refuse(fam, q, "no_tool", "graph edit distance: no tool")
    G = named_graph(rng, POPULAR, 8, 0.35)
    q = ("Your task is to solve the Maximum Independent Set problem in the given social network.\n\n**Problem to Solve**\n\n"
         f"- Users in the network: {', '.join(G.nodes)}\n- Fiendship connections: {', '.join(f'{x} and {y}' for x, y in G.edges)}.\n"
         "Identify the Maximum Independent Set of this network.")
    b.refuse(fam, q, "no_tool", "maximum independent set: no tool", G)


def gen2_chat(b):
    rng = random.Random(9104)
    fam = "b2_chat"
    L = ALPHABET
    G = relabel(rand_graph(rng, 5, 0.5), L)
    G.add_nodes_from(L[:6])
    q = f"nodes: {', '.join(L[:6])}\nedges: {', '.join(f'{x}-{y}' for x, y in G.edges)}\nwhich node has degree 0?"
    b.refuse(fam, q, "no_tool", "listing the nodes of a given degree: no tool lists them (degree_distribution counts them)", G,
             if_answered=None)
    D = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("D", "E")])
    C = nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    q = "Graph in DOT:\ngraph G { a -- b; b -- c; c -- a; c -- d }\nIs it connected?"
    b.add(fam, q, "is_connected", "value", nx.is_connected(C), C, ["is_connected"])
    q = "graph = {'A': ['B', 'C'], 'B': ['D'], 'C': ['D'], 'D': ['E'], 'E': []}  # directed\nIs there a path from E to A?"
    b.add(fam, q, "path_exists", "value", nx.has_path(D, "E", "A"), D, ["path_exists"])
    G = nx.Graph([("A", "B"), ("A", "C"), ("B", "D")])
    q = "A connects to B and C; B connects to D. How many nodes are there?"
    b.add(fam, q, "node_count", "value", 4, G, ["node_count", "order"])
    G = rand_graph(rng, 6, 0.45)
    csv = "source,target\n" + "\n".join(f"{x},{y}" for x, y in G.edges)
    q = f"Here's my graph in CSV:\n{csv}\n\nWhat's the degree of node 2?"
    b.add(fam, q, "degree", "value", G.degree(2), G, ["degree"])
    G = relabel(rand_graph(rng, 6, 0.5), L)
    yaml = "edges:\n" + "\n".join(f"  - [{x}, {y}]" for x, y in G.edges)
    q = f"{yaml}\nHow many triangles?"
    b.add(fam, q, "triangles", "value", triangles(G), G, ["triangle_count"], key="triangles")
    G = relabel(rand_graph(rng, 6, 0.4), L)
    for x, y in G.edges:
        G[x][y]["weight"] = rng.randint(1, 9)
    q = "Weighted edges (u v w):\n" + "\n".join(f"{x} {y} {d['weight']}" for x, y, d in G.edges(data=True)) + "\nMinimum spanning tree weight?"
    b.add(fam, q, "mst", "value", nx.minimum_spanning_tree(G).size(weight="weight"), G, ["minimum_spanning_tree"], key="total_weight")
    D = relabel(rand_graph(rng, 6, 0.3, directed=True), L)
    q = "Directed edges: " + "; ".join(f"{x}->{y}" for x, y in D.edges) + ". What nodes does C point to?"
    b.add(fam, q, "neighbors", "set", sorted(D.successors("C")), D, ["neighbors"])
    G = nx.Graph([("x", "y"), ("y", "z"), ("z", "x"), ("z", "w")])
    q = 'Using this edge list: [["x","y"],["y","z"],["z","x"],["z","w"]] — is the graph bipartite?'
    b.add(fam, q, "bipartite", "value", nx.is_bipartite(G), G, ["is_bipartite"], key="bipartite")
    G = rand_graph(rng, 7, 0.35)
    q = "edges = " + str([tuple(e) for e in G.edges]) + "\nprint(nx.number_of_edges(G))  # what does this print?"
    b.add(fam, q, "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])


def gen2_human(b):
    fam = "b2_human"
    B = nx.Graph([("Central", "Park St"), ("Park St", "Museum"), ("Central", "Harbor"), ("Harbor", "Airport"), ("Museum", "Airport")])
    q = ("The bus line 1 runs Central – Park St – Museum – Airport, and line 2 runs Central – Harbor – Airport. "
         "What is the fewest number of stops from Park St to Harbor?")
    b.add(fam, q, "shortest_path", "path", nx.shortest_path_length(B, "Park St", "Harbor"), B,
          ["shortest_path", "shortest_path_length"], key="length", source="Park St", target="Harbor")
    F = nx.Graph([("Mom", "Dad"), ("Mom", "Tia"), ("Dad", "Tia"), ("Tia", "Leo")])
    q = "In our family group chat, Mom talks to Dad and Tia, Dad talks to Tia, and Tia talks to Leo. Who does Tia talk to?"
    b.add(fam, q, "neighbors", "set", sorted(F.neighbors("Tia")), F, ["neighbors"])
    N = nx.Graph([("laptop", "router"), ("router", "switch"), ("switch", "server"), ("router", "printer")])
    q = "My laptop connects to the router, the router connects to the switch and the printer, and the switch connects to the server. How many hops from the laptop to the server?"
    b.add(fam, q, "shortest_path", "path", 3, N, ["shortest_path", "shortest_path_length"], key="length", source="laptop", target="server")
    R = nx.Graph()
    R.add_weighted_edges_from([("Oslo", "Bergen", 460), ("Oslo", "Trondheim", 500), ("Bergen", "Trondheim", 640), ("Trondheim", "Bodo", 710)])
    q = "Driving distances: Oslo–Bergen 460 km, Oslo–Trondheim 500 km, Bergen–Trondheim 640 km, Trondheim–Bodo 710 km. What's the shortest drive from Bergen to Bodo?"
    b.add(fam, q, "shortest_path", "path", sp_len(R, "Bergen", "Bodo"), R, ["shortest_path", "shortest_path_length"], key="length",
          source="Bergen", target="Bodo")
    P = nx.DiGraph([("buy flour", "bake bread"), ("bake bread", "make sandwich"), ("buy ham", "make sandwich")])
    q = "I need to buy flour before I bake bread, bake bread before I make a sandwich, and buy ham before I make a sandwich. What order should I do these in?"
    b.add(fam, q, "topo", "order", None, P, ["topological_sort"])
    T = nx.Graph([("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Dee"), ("Dee", "Ann"), ("Ann", "Cy")])
    q = "Ann plays tennis with Bo, Bo with Cy, Cy with Dee, Dee with Ann, and Ann with Cy. How many different pairs play each other?"
    b.add(fam, q, "edge_count", "value", T.number_of_edges(), T, ["edge_count", "size"])
    q = "Ann and Bo are friends, Bo and Cy are friends, Cy and Dee are friends. Can Ann reach Dee through friends?"
    b.add(fam, q, "path_exists", "value", True, nx.Graph([("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Dee")]), ["path_exists"])
    S = nx.Graph([("1", "2"), ("2", "3"), ("3", "4"), ("4", "1")])
    q = "Four computers are wired in a ring: 1-2, 2-3, 3-4, 4-1. If I want to color them so that no two wired computers share a color, is 2 colors enough?"
    b.add(fam, q, "bipartite", "value", nx.is_bipartite(S), S, ["is_bipartite"], key="bipartite")
    K = nx.DiGraph([("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Ann"), ("Cy", "Dee")])
    q = "Ann owes Bo money, Bo owes Cy, Cy owes Ann and Cy owes Dee. Is there a cycle of debts?"
    b.add(fam, q, "cycle", "value", has_cycle(K), K, ["cycle_check"])
    Fo = nx.DiGraph([("Sam", "Kim"), ("Sam", "Lee"), ("Kim", "Lee"), ("Lee", "Sam")])
    q = "Sam follows Kim and Lee; Kim follows Lee; Lee follows Sam. How many people does Lee follow?"
    b.add(fam, q, "degree", "value", Fo.out_degree("Lee"), Fo, ["degree"])
    W = nx.Graph([("kitchen", "hall"), ("hall", "bedroom"), ("hall", "bathroom"), ("bedroom", "bathroom")])
    q = "The kitchen opens onto the hall; the hall opens onto the bedroom and the bathroom; the bedroom opens onto the bathroom. How many doors does the hall have?"
    b.add(fam, q, "degree", "value", W.degree("hall"), W, ["degree"])


def gen2_refuse(b):
    fam = "b2_refuse"
    b.refuse(fam, "Edges: 1-2, 2-3, 3-4 (or was it 3-5?). What is the degree of node 3?", "ambiguous", "the writer is unsure of an edge")
    b.refuse(fam, "Is there a path from A to Z?", "missing_graph", "no graph at all")
    b.refuse(fam, "Ann and Bo are friends. Bo and Cy are friends. How many friends does Zed have?", "unknown_node", "Zed is in no sentence")
    G = nx.Graph([(0, 1), (1, 2), (2, 0)])
    b.refuse(fam, "In the graph 0-1, 1-2, 2-0, what is the graph's automorphism group order?", "no_tool", "automorphisms: no tool", G,
             if_answered=6)
    b.refuse(fam, "Take the graph from my last message and tell me its diameter.", "missing_graph", "no graph was given before")
    G = nx.Graph([("A", "B"), ("B", "C")])
    b.refuse(fam, "A-B, B-C. Which node would a random walker visit most in the long run if it restarts at A with probability 0.15 and never otherwise?", "no_tool",
             "personalised PageRank with restart: no tool takes a restart node", G)


BATCH2 = [gen2_graphqa, gen2_graphwiz, gen2_grapharena, gen2_chat, gen2_human, gen2_refuse]


# ================================================================== batch 3
# Written before reading the readers' code, after batch 2's fixes, and
# measured blind: mostly questions as people type them into a chat or a
# forum post (lists in sentences, bullet lists, "A-B 3km", inline
# "A->B (2)", typos, chatter around the question), other benchmarks'
# styles not in batches 1 and 2 (GraphInstruct's node lists, LeetCode's
# n/edges, LLM4DyG's timed edges, "u v w" lists under a header sentence,
# Markdown tables, NetworkX adjacency lists, GraphML, Pajek), and questions
# that must be refused.

def wgraph(cls, edges):
    G = cls()
    G.add_weighted_edges_from(edges)
    return G


def sp(b, fam, q, G, s, t, **kw):
    b.add(fam, q, "shortest_path", "path", sp_len(G, s, t), G, ["shortest_path", "shortest_path_length"], key="length",
          source=s, target=t, **kw)


def gen3_chat(b):
    """Chat and forum posts that paste a graph in some notation."""
    fam = "b3_chat"
    T = wgraph(nx.Graph, [("Base", "Lake", 3), ("Lake", "Ridge", 2), ("Base", "Ridge", 7), ("Ridge", "Summit", 4)])
    sp(b, fam, "Hi all, quick question for my hiking trip.\nTrails:\n- Base-Lake 3km\n- Lake-Ridge 2km\n- Base-Ridge 7km\n"
       "- Ridge-Summit 4km\nWhat's the shortest route from Base to Summit? thanks!", T, "Base", "Summit")
    P = wgraph(nx.DiGraph, [("extract", "clean", 2), ("clean", "train", 5), ("extract", "features", 3), ("features", "train", 1),
                            ("train", "deploy", 2)])
    sp(b, fam, "My pipeline: extract->clean (2), clean->train (5), extract->features (3), features->train (1), train->deploy (2). "
       "What's the quickest path from extract to deploy?", P, "extract", "deploy")
    G = nx.Graph([("A", "B"), ("B", "C"), ("C", "D"), ("C", "E")])
    b.add(fam, "how many conections does node C have? edges are A-B, B-C, C-D, C-E", "degree", "value", G.degree("C"), G, ["degree"])
    G = nx.Graph([(1, 2), (2, 3), (3, 4), (4, 1), (2, 4)])
    b.add(fam, "Hey! I'm studying for my algorithms exam and I'm stuck. Graph: 1-2, 2-3, 3-4, 4-1, 2-4. Is it bipartite? "
          "I think not because of the triangle but idk. Thanks in advance!!", "bipartite", "value", nx.is_bipartite(G), G,
          ["is_bipartite"], key="bipartite")
    R = wgraph(nx.Graph, [("Avon", "Bree", 12), ("Bree", "Cole", 5), ("Avon", "Cole", 20), ("Cole", "Dunn", 7)])
    sp(b, fam, "Distances between towns: Avon-Bree 12km, Bree-Cole 5km, Avon-Cole 20km, Cole-Dunn 7km. Shortest way from Avon "
       "to Dunn in km?", R, "Avon", "Dunn")
    C = wgraph(nx.Graph, [("HQ", "Lab", 300), ("HQ", "Depot", 200), ("Lab", "Depot", 150), ("Lab", "Store", 400), ("Depot", "Store", 350)])
    b.add(fam, "We need to lay fibre between 4 buildings. Possible links and their costs: HQ–Lab $300, HQ–Depot $200, Lab–Depot "
          "$150, Lab–Store $400, Depot–Store $350. What's the cheapest way to connect all buildings, total cost?", "mst", "value",
          nx.minimum_spanning_tree(C).size(weight="weight"), C, ["minimum_spanning_tree"], key="total_weight")
    W = wgraph(nx.DiGraph, [("source", "a", 8), ("source", "b", 6), ("a", "b", 3), ("a", "sink", 5), ("b", "sink", 9)])
    b.add(fam, "Pipe network (capacities in L/s): source->a 8, source->b 6, a->b 3, a->sink 5, b->sink 9. max flow from source "
          "to sink?", "max_flow", "value", nx.maximum_flow_value(W, "source", "sink", capacity="weight"), W, ["maximum_flow"], key="value")
    G = nx.Graph([(1, 2), (2, 3)])
    G.add_node(4)
    b.add(fam, "nodes 1,2,3,4\nedges 1-2, 2-3\nIs everything connected?", "is_connected", "value", nx.is_connected(G), G, ["is_connected"])
    D = nx.DiGraph([("web", "api"), ("api", "db"), ("api", "cache"), ("worker", "db")])
    b.add(fam, "deps: web -> api, api -> db, api -> cache, worker -> db. what does api depend on directly?", "neighbors", "set",
          sorted(D.successors("api")), D, ["neighbors"])
    G = nx.Graph([("a", "b"), ("a", "c"), ("b", "c"), ("c", "d")])
    b.add(fam, "ok so ive got a graph w/ edges (a,b),(a,c),(b,c),(c,d) whats the degre of c??", "degree", "value", G.degree("c"), G, ["degree"])
    X = wgraph(nx.DiGraph, [("X", "Y", 4), ("Y", "Z", 1), ("X", "Z", 7), ("Z", "W", 2)])
    sp(b, fam, "Routes with toll cost: X->Y (4), Y->Z (1), X->Z (7), Z->W (2). Cheapest from X to W?", X, "X", "W")
    T = wgraph(nx.Graph, [("NYC", "BOS", 4), ("NYC", "DC", 3), ("BOS", "MTL", 5), ("DC", "MTL", 9)])
    sp(b, fam, "Train times:\nNYC - BOS: 4h\nNYC - DC: 3h\nBOS - MTL: 5h\nDC - MTL: 9h\nQuickest from DC to MTL?", T, "DC", "MTL")
    G = nx.Graph([("router", "laptop"), ("router", "phone"), ("router", "switch"), ("switch", "tv")])
    b.add(fam, "who's directly connected to the router? router-laptop, router-phone, router-switch, switch-tv", "neighbors", "set",
          sorted(G.neighbors("router")), G, ["neighbors"])
    G = nx.Graph([("alice", "bob"), ("bob", "carol"), ("dave", "erin")])
    b.add(fam, "- alice <-> bob\n- bob <-> carol\n- dave <-> erin\nhow many ppl in total", "node_count", "value", G.number_of_nodes(), G,
          ["node_count", "order"])
    G = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
    b.add(fam, "how mnay edges r there: 0-1 1-2 2-3 3-0 0-2", "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])
    G = nx.Graph([("printer", "pc1"), ("pc1", "pc2"), ("tv", "console")])
    b.add(fam, "My LAN:\n  • printer — pc1\n  • pc1 — pc2\n  • tv — console\nHow many separate networks?", "components", "value",
          nx.number_connected_components(G), G, ["connected_components"], key="count")
    G = nx.Graph([(1, 2), (2, 3), (3, 5), (1, 4), (4, 5)])
    sp(b, fam, "whats teh shortest path from 1 to 5 in: 1-2, 2-3, 3-5, 1-4, 4-5", G, 1, 5)
    G = nx.Graph([("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"), ("A", "C")])
    ham = any(all(G.has_edge(p[i], p[i + 1]) for i in range(len(p) - 1)) for p in itertools.permutations(G.nodes))
    b.add(fam, "Can I visit every city exactly once? Roads: A-B, B-C, C-D, D-A, A-C", "hamilton", "hamilton", ham, G,
          ["hamiltonian_path"], key="exists")
    G = nx.Graph([("pc1", "pc2"), ("pc2", "pc3"), ("pc4", "pc5")])
    b.add(fam, "Are all 5 computers connected to each other (directly or not)? Links: pc1-pc2, pc2-pc3, pc4-pc5.", "is_connected",
          "value", nx.is_connected(G), G, ["is_connected"])
    M = wgraph(nx.Graph, [("S1", "S2", 5), ("S2", "S3", 3), ("S1", "S3", 10)])
    sp(b, fam, "Server S1 connects to S2 with latency 5ms, S2 to S3 with 3ms, S1 to S3 with 10ms. lowest latency from S1 to S3?",
       M, "S1", "S3")
    G = nx.Graph([("A", "B"), ("A", "C"), ("B", "C"), ("B", "D"), ("C", "D")])
    b.add(fam, "Network: A connected to B, C; B connected to C, D; C connected to D. Count the triangles pls", "triangles", "value",
          triangles(G), G, ["triangle_count"], key="triangles")
    R = wgraph(nx.Graph, [("Alton", "Byrd", 4), ("Byrd", "Cray", 6), ("Alton", "Cray", 9), ("Cray", "Dorn", 3), ("Byrd", "Dorn", 8)])
    b.add(fam, "| from | to | km |\n|------|----|----|\n| Alton | Byrd | 4 |\n| Byrd | Cray | 6 |\n| Alton | Cray | 9 |\n"
          "| Cray | Dorn | 3 |\n| Byrd | Dorn | 8 |\n\nWhich roads should we keep so every village stays reachable with the least "
          "total km? Just the total is fine.", "mst", "value", nx.minimum_spanning_tree(R).size(weight="weight"), R,
          ["minimum_spanning_tree"], key="total_weight")
    D = nx.DiGraph([("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")])
    b.add(fam, "edges (directed): A>B, B>C, C>A, C>D\nany cycles?", "cycle", "value", has_cycle(D), D, ["cycle_check"])
    G = nx.Graph([("u1", "u2"), ("u2", "u3"), ("u3", "u4"), ("u4", "u5"), ("u2", "u5")])
    b.add(fam, "Following up on my last post: the graph is u1-u2, u2-u3, u3-u4, u4-u5, u2-u5. Which nodes are neighbours of "
          "u2? Edit: undirected, sorry.", "neighbors", "set", sorted(G.neighbors("u2")), G, ["neighbors"])
    G = nx.Graph([("hub", "n1"), ("hub", "n2"), ("hub", "n3"), ("n1", "n2")])
    b.add(fam, "Network: hub connects to n1, n2, n3; n1 connects to n2. Which node, if it goes down, splits the network?",
          "articulation", "set", sorted(nx.articulation_points(G)), G, ["articulation_points"], key="nodes")
    G = nx.Graph([("Ann", "Ben"), ("Ben", "Cal"), ("Cal", "Dot"), ("Ann", "Dot")])
    b.add(fam, "Party guests (who knows whom): Ann–Ben, Ben–Cal, Cal–Dot, Ann–Dot. Who does Ann NOT know yet?", "non_neighbors",
          "set", sorted(x for x in G.nodes if x != "Ann" and not G.has_edge("Ann", x)), G, ["non_neighbors"])
    G = nx.Graph([("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Dan"), ("Dan", "Eve"), ("Bob", "Eve")])
    b.add(fam, "Handshakes at the meetup: Ann-Bob, Bob-Cat, Cat-Dan, Dan-Eve, Bob-Eve. What's the diameter of this graph?",
          "diameter", "value", nx.diameter(G), G, ["diameter"])


def gen3_human(b):
    """Graphs described in plain sentences, as people write them."""
    fam = "b3_human"
    F = nx.DiGraph([("Boston", "Denver"), ("Denver", "Phoenix"), ("Boston", "Chicago"), ("Chicago", "Phoenix")])
    b.add(fam, "There are direct flights from Boston to Denver, Denver to Phoenix, Boston to Chicago and Chicago to Phoenix. "
          "Can I fly from Phoenix to Boston?", "path_exists", "value", nx.has_path(F, "Phoenix", "Boston"), F, ["path_exists"])
    G = nx.Graph([("Mia", "Noah"), ("Noah", "Liam"), ("Liam", "Emma"), ("Emma", "Mia")])
    b.add(fam, "So in my class, Mia is friends with Noah, Noah with Liam, Liam with Emma and Emma with Mia. How many friends "
          "does Noah have?", "degree", "value", G.degree("Noah"), G, ["degree"])
    G2 = G.copy()
    G2.add_node("Olivia")
    b.add(fam, "So in my class, Mia is friends with Noah, Noah with Liam, Liam with Emma and Emma with Mia. Olivia is new and "
          "has no friends yet. How many students are in the class?", "node_count", "value", G2.number_of_nodes(), G2,
          ["node_count", "order"])
    G = nx.Graph([("switch", "router"), ("switch", "NAS"), ("switch", "TV"), ("router", "modem")])
    b.add(fam, "The switch is cabled to the router, the NAS and the TV. The router is cabled to the modem. How many devices is "
          "the switch cabled to?", "degree", "value", G.degree("switch"), G, ["degree"])
    D = nx.DiGraph([("B", "A"), ("C", "A"), ("D", "B"), ("D", "C")])
    b.add(fam, "Package A depends on B and C, B depends on D, and C depends on D. In what order should I install them?", "topo",
          "order", None, D, ["topological_sort"])
    T = nx.DiGraph([("Rose", "Tom"), ("Rose", "Lily"), ("Tom", "Max"), ("Lily", "Zoe")])
    b.add(fam, "Family tree (parent -> child): Rose -> Tom, Rose -> Lily, Tom -> Max, Lily -> Zoe. Is there a line of descent "
          "from Lily to Max?", "path_exists", "value", nx.has_path(T, "Lily", "Max"), T, ["path_exists"])
    O = nx.DiGraph([("Dana", "Eli"), ("Dana", "Fay"), ("Eli", "Gus"), ("Eli", "Hal"), ("Fay", "Ivy")])
    b.add(fam, "Org chart: Dana manages Eli and Fay; Eli manages Gus and Hal; Fay manages Ivy. How many people does Eli manage "
          "directly?", "degree", "value", O.out_degree("Eli"), O, ["degree"])
    C = nx.DiGraph([("Algebra", "Calculus"), ("Calculus", "Physics"), ("Algebra", "Statistics")])
    b.add(fam, "Calculus requires Algebra, Physics requires Calculus, and Statistics requires Algebra. Which order should I take "
          "the classes in?", "topo", "order", None, C, ["topological_sort"])
    S = nx.DiGraph([("@kai", "@lu"), ("@lu", "@max"), ("@max", "@kai"), ("@nia", "@kai")])
    b.add(fam, "On my app: @kai follows @lu, @lu follows @max, @max follows @kai, @nia follows @kai. Is there a follow cycle?",
          "cycle", "value", has_cycle(S), S, ["cycle_check"])
    D = nx.DiGraph([("A", "B"), ("B", "C"), ("C", "A")])
    b.add(fam, "Task A waits on B, B waits on C, C waits on A. Is this a deadlock (a cycle)?", "cycle", "value", has_cycle(D), D,
          ["cycle_check"])
    G = nx.Graph([("Jo", "Kim"), ("Kim", "Lou"), ("Lou", "Jo"), ("Lou", "Max")])
    b.add(fam, "Among my coworkers, Jo and Kim talk, Kim and Lou talk, Lou and Jo talk, and Lou and Max talk. How many "
          "triangles of people who all talk to each other are there?", "triangles", "value", triangles(G), G, ["triangle_count"],
          key="triangles")
    b.add(fam, "Among my coworkers, Jo and Kim talk, Kim and Lou talk, Lou and Jo talk, and Lou and Max talk. Who do both Jo "
          "and Max talk to?", "common_neighbors", "set", sorted(nx.common_neighbors(G, "Jo", "Max")), G, ["common_neighbors"])
    F = nx.DiGraph([("Paris", "Berlin"), ("Berlin", "Rome"), ("Rome", "Paris"), ("Paris", "Madrid")])
    b.add(fam, "Flights: Paris→Berlin, Berlin→Rome, Rome→Paris, Paris→Madrid. Is there a direct flight from Paris to Rome?",
          "edge_exists", "value", F.has_edge("Paris", "Rome"), F, ["edge_exists"])
    G = nx.Graph([("Alpha", "Beta"), ("Beta", "Gamma"), ("Beta", "Delta"), ("Delta", "Epsilon")])
    b.add(fam, "Here's our subway map:\n* Red line: Alpha, Beta, Gamma\n* Blue line: Beta, Delta, Epsilon\nHow many stations "
          "are there in total?", "node_count", "value", G.number_of_nodes(), G, ["node_count", "order"])
    B = nx.Graph([("Mill Rd", "Oak St"), ("Oak St", "Town Hall"), ("Town Hall", "Station"), ("Station", "Hospital"),
                  ("Hospital", "Park")])
    sp(b, fam, "Stops on the 12 bus: Mill Rd, Oak St, Town Hall, Station. Stops on the 7 bus: Station, Hospital, Park. "
       "How many stops is it from Oak St to Hospital?", B, "Oak St", "Hospital")
    C = nx.DiGraph([("CS101", "CS201"), ("CS201", "CS301"), ("MATH100", "CS201")])
    b.add(fam, "You have to take CS101 before CS201, CS201 before CS301, and MATH100 before CS201. List the courses in an order "
          "I could take them.", "topo", "order", None, C, ["topological_sort"])
    C = nx.DiGraph([("CS101", "CS201"), ("CS101", "CS250"), ("CS201", "CS301")])
    b.add(fam, "CS101 is a prerequisite of CS201 and CS250. CS201 is a prerequisite of CS301. Give me a valid order.", "topo",
          "order", None, C, ["topological_sort"])
    A = nx.DiGraph([("Ada", "Ben"), ("Ada", "Cleo"), ("Ben", "Dan"), ("Cleo", "Eva"), ("Cleo", "Finn")])
    b.add(fam, "Ada is the mother of Ben and Cleo. Ben is the father of Dan. Cleo is the mother of Eva and Finn. How many people "
          "are in the family?", "node_count", "value", A.number_of_nodes(), A, ["node_count", "order"])
    R = wgraph(nx.Graph, [("Springfield", "Shelbyville", 30), ("Shelbyville", "Capital City", 45), ("Springfield", "Capital City", 90)])
    sp(b, fam, "Springfield to Shelbyville is 30 miles, Shelbyville to Capital City is 45 miles, and Springfield to Capital City "
       "is 90 miles. What's the shortest drive from Springfield to Capital City?", R, "Springfield", "Capital City")
    P = nx.DiGraph([("checkout", "lint"), ("checkout", "test"), ("test", "build"), ("build", "deploy"), ("lint", "deploy")])
    b.add(fam, "CI pipeline: lint and test both run after checkout; build runs after test; deploy runs after build and lint. "
          "Give me an order that works.", "topo", "order", None, P, ["topological_sort"])
    G = nx.Graph([("Ann", "Ben"), ("Ann", "Cal"), ("Ann", "Dot"), ("Ben", "Cal")])
    b.add(fam, "Ann plays chess with Ben, Cal and Dot; Ben plays chess with Cal. How many pairs play chess together?",
          "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])
    L = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("D", "E")])
    sp(b, fam, "Page A links to B and C, B links to D, C links to D, and D links to E. What is the fewest number of clicks "
       "from A to E?", L, "A", "E")
    b.add(fam, "Page A links to B and C, B links to D, C links to D, and D links to E. Can I click my way from E back to A?",
          "path_exists", "value", nx.has_path(L, "E", "A"), L, ["path_exists"])
    K = nx.DiGraph([("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Ann"), ("Dee", "Cy")])
    b.add(fam, "Results this week: Ann beat Bo, Bo beat Cy, Cy beat Ann, and Dee beat Cy. Is there a cycle of wins?", "cycle",
          "value", has_cycle(K), K, ["cycle_check"])
    H = wgraph(nx.DiGraph, [("Home", "Mall", 300), ("Home", "Park", 200), ("Park", "Mall", 100), ("Mall", "Work", 350),
                            ("Park", "Work", 150)])
    b.add(fam, "Cars per hour on one-way streets: Home to Mall 300, Home to Park 200, Park to Mall 100, Mall to Work 350, Park "
          "to Work 150. How many cars per hour can get from Home to Work at most?", "max_flow", "value",
          nx.maximum_flow_value(H, "Home", "Work", capacity="weight"), H, ["maximum_flow"], key="value")
    M = nx.DiGraph([("wake up", "shower"), ("shower", "get dressed"), ("wake up", "make coffee"), ("make coffee", "leave"),
                    ("get dressed", "leave")])
    b.add(fam, "I have to wake up before I shower, shower before I get dressed, wake up before I make coffee, make coffee "
          "before I leave, and get dressed before I leave. What order works?", "topo", "order", None, M, ["topological_sort"])
    G = nx.Graph([("Liam", "Ava"), ("Ava", "Zoe"), ("Ben", "Cara")])
    b.add(fam, "Liam is friends with Ava, Ava is friends with Zoe, and Ben is friends with Cara. Are Liam and Cara connected "
          "through friends?", "path_exists", "value", nx.has_path(G, "Liam", "Cara"), G, ["path_exists"])
    Fo = nx.DiGraph([("Sam", "Kim"), ("Lee", "Kim"), ("Kim", "Sam"), ("Pat", "Lee")])
    b.add(fam, "Sam follows Kim, Lee follows Kim, Kim follows Sam, and Pat follows Lee. Who does Kim follow?", "neighbors", "set",
          sorted(Fo.successors("Kim")), Fo, ["neighbors"])
    T = nx.Graph([("Ann", "Bo"), ("Bo", "Cy"), ("Cy", "Dee")])
    b.add(fam, "Ann plays tennis with Bo, Bo plays tennis with Cy, and Cy plays tennis with Dee. Do Ann and Cy play tennis "
          "together?", "edge_exists", "value", T.has_edge("Ann", "Cy"), T, ["edge_exists"])
    W = wgraph(nx.Graph, [("the Old Mill", "River Bend", 2), ("the Old Mill", "Hilltop", 5), ("River Bend", "Hilltop", 2),
                          ("River Bend", "the Lighthouse", 6), ("Hilltop", "the Lighthouse", 3)])
    W = nx.relabel_nodes(W, {"the Old Mill": "Old Mill", "the Lighthouse": "Lighthouse"})
    sp(b, fam, "The Old Mill connects to River Bend (2 miles) and to Hilltop (5 miles). River Bend connects to Hilltop (2 miles) "
       "and to the Lighthouse (6 miles). Hilltop connects to the Lighthouse (3 miles). What is the shortest walk from the Old "
       "Mill to the Lighthouse?", W, "Old Mill", "Lighthouse")
    G = nx.Graph([("Ann", "Ben"), ("Ben", "Cal"), ("Dot", "Eve")])
    b.add(fam, "Ann is friends with Ben and Ben is friends with Cal. Dot is friends with Eve. How many separate friend groups "
          "are there?", "components", "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
    G = nx.Graph([("Kyoto", "Osaka"), ("Osaka", "Kobe"), ("Kyoto", "Nara"), ("Nara", "Osaka")])
    b.add(fam, "Trains run between Kyoto and Osaka, Osaka and Kobe, Kyoto and Nara, and Nara and Osaka. Which cities can I reach "
          "from Osaka without changing trains?", "neighbors", "set", sorted(G.neighbors("Osaka")), G, ["neighbors"])
    G = nx.Graph([("Tim", "Ula"), ("Ula", "Vic"), ("Vic", "Wes"), ("Wes", "Tim")])
    b.add(fam, "Tim sits next to Ula, Ula next to Vic, Vic next to Wes and Wes next to Tim. Can we split them into two teams "
          "so that no two neighbours are on the same team?", "bipartite", "value", nx.is_bipartite(G), G, ["is_bipartite"],
          key="bipartite")
    E = nx.DiGraph([("Ivy", "Jay"), ("Jay", "Kai"), ("Ivy", "Kai"), ("Kai", "Lea")])
    b.add(fam, "Ivy emailed Jay, Jay emailed Kai, Ivy emailed Kai, and Kai emailed Lea. How many emails were sent?", "edge_count",
          "value", E.number_of_edges(), E, ["edge_count", "size"])


def gen3_bench(b):
    """Other benchmarks' styles, not in batches 1 and 2."""
    rng = random.Random(9303)
    fam = "b3_bench"
    # GraphInstruct (Luo et al.): "Node i is connected to nodes j, k." per node, directed or not.
    D = rand_graph(rng, 7, 0.3, directed=True)
    lines = "".join(f"Node {v} is connected to nodes {', '.join(map(str, D.successors(v)))}.\n" if D.out_degree(v) > 1 else
                    f"Node {v} is connected to node {next(iter(D.successors(v)))}.\n" for v in D.nodes if D.out_degree(v))
    u, v = 0, 6
    b.add(fam, f"Given a directed graph:\n{lines}Is there a directed path from node {u} to node {v}?", "path_exists", "value",
          nx.has_path(D, u, v), D, ["path_exists"])
    G = rand_graph(rng, 7, 0.4)
    lines = "".join(f"Node {v} is connected to nodes {', '.join(map(str, G.neighbors(v)))}.\n" if G.degree(v) > 1 else
                    f"Node {v} is connected to node {next(iter(G.neighbors(v)))}.\n" for v in G.nodes if G.degree(v))
    # Only nodes with edges are written, so only they are in the graph the text gives.
    Gw = G.subgraph([x for x in G.nodes if G.degree(x)]).copy()
    b.add(fam, f"Given an undirected graph:\n{lines}Calculate the number of nodes in the graph.", "node_count", "value",
          Gw.number_of_nodes(), Gw, ["node_count", "order"])
    x = max(G.nodes, key=G.degree)
    b.add(fam, f"Given an undirected graph:\n{lines}What is the clustering coefficient of node {x}?", "clustering", "value",
          nx.clustering(G, x), G, ["clustering_coefficient"])
    # LeetCode: n and edges as arrays.
    G = nx.Graph([(0, 1), (1, 2), (3, 4)])
    b.add(fam, "Given n = 5 and edges = [[0,1],[1,2],[3,4]], return the number of connected components in the graph.",
          "components", "value", nx.number_connected_components(G), G, ["connected_components"], key="count")
    G = nx.Graph([(0, 1), (0, 2), (0, 3), (1, 4)])
    b.add(fam, "Input: n = 5, edges = [[0,1],[0,2],[0,3],[1,4]]\nDoes this undirected graph contain a cycle?", "cycle", "value",
          has_cycle(G), G, ["cycle_check"])
    C = nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3)])
    b.add(fam, "There are numCourses = 4 courses labeled 0 to 3. prerequisites = [[1,0],[2,0],[3,1],[3,2]], where "
          "prerequisites[i] = [a, b] means you must take course b before course a. Return an ordering of courses you should take "
          "to finish all courses.", "topo", "order", None, C, ["topological_sort"])
    # "u v w" under a header sentence.
    G = rand_graph(rng, 6, 0.5)
    for p, q_ in G.edges:
        G[p][q_]["weight"] = rng.randint(1, 9)
    comp = sorted(max(nx.connected_components(G), key=len))
    text = "\n".join(f"{p} {q_} {d['weight']}" for p, q_, d in G.edges(data=True))
    sp(b, fam, "The following is a weighted undirected graph, one edge per line as 'source target weight':\n" + text +
       f"\nCompute the shortest distance from node {comp[0]} to node {comp[-1]}.", G, comp[0], comp[-1])
    # Markdown table of edges.
    G = relabel(rand_graph(rng, 6, 0.45), ALPHABET)
    table = "| source | target |\n|---|---|\n" + "".join(f"| {p} | {q_} |\n" for p, q_ in G.edges)
    b.add(fam, "The graph's edges are given in the table below.\n\n" + table + "\nHow many edges does node C have?", "degree",
          "value", G.degree("C"), G, ["degree"])
    # NetworkX adjacency-list format: a node, then its neighbours.
    G = nx.Graph([(0, 1), (0, 2), (1, 2), (2, 3), (3, 4)])
    adj = "\n".join(f"{v} " + " ".join(str(w) for w in G.neighbors(v) if w > v) for v in G.nodes if any(w > v for w in G.neighbors(v)))
    b.add(fam, "The graph below is in adjacency-list format (each line holds a node followed by its neighbours):\n" + adj +
          "\nHow many edges are in the graph?", "edge_count", "value", G.number_of_edges(), G, ["edge_count", "size"])
    # GPT4Graph: GraphML.
    G = nx.Graph([("n0", "n1"), ("n1", "n2"), ("n2", "n0"), ("n2", "n3")])
    gml = "\n".join(nx.generate_graphml(G))
    b.add(fam, "Here is a graph in GraphML:\n" + gml + "\nWhat is the degree of node n2?", "degree", "value", G.degree("n2"), G,
          ["degree"])
    # Pajek .net
    G = nx.Graph([("a", "b"), ("b", "c"), ("c", "d"), ("a", "c")])
    names = list(G.nodes)
    pajek = f"*Vertices {len(names)}\n" + "".join(f'{i + 1} "{n}"\n' for i, n in enumerate(names)) + "*Edges\n" + \
        "".join(f"{names.index(p) + 1} {names.index(q_) + 1}\n" for p, q_ in G.edges)
    b.add(fam, "Network in Pajek format:\n" + pajek + "How many triangles does it contain?", "triangles", "value", triangles(G), G,
          ["triangle_count"], key="triangles")
    # LLM4DyG: timed edges; a question that ignores time is answerable.
    G = nx.Graph([(0, 1), (1, 2), (2, 3), (0, 3), (1, 3)])
    timed = ", ".join(f"({p}, {q_}, {t})" for t, (p, q_) in enumerate(G.edges))
    b.add(fam, f"In an undirected dynamic graph, (u, v, t) means that node u and node v are linked with an edge at time t. "
          f"Given the edges {timed}, how many nodes does the graph have?", "node_count", "value", G.number_of_nodes(), G,
          ["node_count", "order"])
    # GraphInstruct's degree question on a weighted list "(u, v, w)" with its key sentence.
    G = rand_graph(rng, 6, 0.5)
    for p, q_ in G.edges:
        G[p][q_]["weight"] = rng.randint(1, 9)
    b.add(fam, "Given an undirected graph with edge weights, where (u, v, w) is an edge between u and v of weight w: " +
          ", ".join(f"({p}, {q_}, {d['weight']})" for p, q_, d in G.edges(data=True)) +
          ". Find the total weight of the minimum spanning tree.", "mst", "value", nx.minimum_spanning_tree(G).size(weight="weight"), G,
          ["minimum_spanning_tree"], key="total_weight")
    # An adjacency dictionary as a JSON object of lists.
    D = nx.DiGraph([("s", "a"), ("s", "b"), ("a", "t"), ("b", "a")])
    b.add(fam, 'adjacency = {"s": ["a", "b"], "a": ["t"], "b": ["a"], "t": []}\nThe graph is directed. Give a topological '
          'ordering of its nodes.', "topo", "order", None, D, ["topological_sort"])


def gen3_refuse(b):
    fam = "b3_refuse"
    G = nx.Graph([("A", "B"), ("B", "C"), ("C", "D")])
    b.refuse(fam, "Edges: A-B, B-C, C-D. Hmm, actually I think B-C was removed last week. Is there a path from A to D?",
             "ambiguous", "the writer may have removed an edge", G)
    b.refuse(fam, "Ann follows Bo. Bo follows Cy. What's the shortest path from Ann to Dee?", "unknown_node", "Dee is in no sentence")
    b.refuse(fam, "Roads: A-B 5km, B-C 3km, A-C. What is the shortest distance from A to C?", "ambiguous",
             "one road has no length", if_answered=None)
    G = nx.Graph([(1, 2), (2, 3)])
    b.refuse(fam, "Edges 1-2, 2-3. What's the degree of the node in the middle, and is it also the center?", "ambiguous",
             "no node is named, and two questions", G)
    b.refuse(fam, "Compute the shortest path from A to B in my graph (attached).", "missing_graph", "the graph is not in the text")
    G = nx.Graph([(0, 1), (1, 2), (1, 3), (2, 3)])
    b.refuse(fam, "Edges 0-1 1-2 2-3 1-3. Which has more edges, node 1 or node 2?", "no_tool", "comparing two degrees: no tool", G)
    G = nx.Graph([(0, 1), (1, 2), (0, 2)])
    b.refuse(fam, "In an undirected dynamic graph, (u, v, t) means that node u and node v are linked with an edge at time t. "
             "Given the edges (0, 1, 0), (1, 2, 1), (0, 2, 2), when are node 0 and node 2 first linked?", "no_tool",
             "a temporal question: no tool reads times", G)
    b.refuse(fam, "Graph: 1->2, 2->3, 3-1. Is there a cycle?", "ambiguous", "arrows and an undirected dash mixed: the direction of 3-1 is unknown")
    b.refuse(fam, "times = [[2,1,1],[2,3,1],[3,4,1]], n = 4, k = 2. Return the minimum time it takes for all the n nodes to "
             "receive the signal.", "no_tool", "network delay time (largest shortest distance from k): no tool", if_answered=2)


BATCH3 = [gen3_chat, gen3_human, gen3_bench, gen3_refuse]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    b = Batch("h")
    for g in BATCH1:
        g(b)
    b.write(os.path.join(out, "batch1.jsonl"))
    b2 = Batch("b")
    for g in BATCH2:
        g(b2)
    b2.write(os.path.join(out, "batch2.jsonl"))
    b3 = Batch("c")
    for g in BATCH3:
        g(b3)
    b3.write(os.path.join(out, "batch3.jsonl"))


if __name__ == "__main__":
    main()
