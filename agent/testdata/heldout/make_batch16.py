"""Blind held-out batch 16: people in situations not used by earlier
batches (airport gate walks, ant nests, zine mail-outs, cattle movement
tracing, Ansible roles, neuron wiring, coalition red lines, Wi-Fi channel
plans, submarine cables, wind-farm arrays, pneumatic tubes, tank farms,
dialect surveys, town twinning, Roman itineraries, chatbot flows, foreign
keys, gene regulation, pollinator surveys, job fairs, canoe trips, word
ladders, dominoes, embroidery, photo walks, piano tuning rounds, rowing
doubles, satellite links, bike-share trips, advisor genealogies, relay
translations, chemical storage, theme parks, trade agreements, murder
mystery parties, seaplanes, Zigbee meshes) paste the data about
connections they really have and ask about it in their own words; written
blind to the project's reading code and to the earlier batches' items.
Every gold answer is computed by NetworkX 3.6.1 (or by exhaustive search
on the NetworkX graph) from the graph printed in the question.

Run:
    PYTHONHASHSEED=1 python3 agent/testdata/heldout/make_batch16.py agent/testdata/heldout
writes agent/testdata/heldout/batch16.jsonl. With B16_VARGS=FILE it also
writes, for validation only, the arguments each item's tools take.
"""

import itertools
import json
import os
import random
import sys

import networkx as nx
from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python

ITEMS = []
VARGS = []  # per item: {tool: {arg: value}} for validating with `graphagent tools run`


def num(x):
    """A JSON-friendly number: ints stay ints, floats are rounded to 9 places."""
    if isinstance(x, bool):
        return x
    if isinstance(x, float):
        if x.is_integer():
            return int(x)
        return round(x, 9)
    return x


def graph_fields(G):
    if G is None:
        return {"directed": False, "weighted": False, "nodes": [], "edges": []}
    weighted = any("weight" in d for _, _, d in G.edges(data=True))
    edges = []
    for u, v, d in G.edges(data=True):
        if weighted:
            edges.append([u, v, num(d["weight"])])
        else:
            edges.append([u, v])
    return {"directed": G.is_directed(), "weighted": weighted, "nodes": list(G.nodes()), "edges": edges}


def add(family, notation, task, question, G, check, answer, tools, key="", source="", target="",
        also=None, neg_tools=None, refuse=False, why="", if_answered=None, vargs=None):
    it = {"family": family, "notation": notation, "task": task, "question": question.strip("\n"),
          "check": check, "answer": answer, "key": key, "tools": tools}
    if neg_tools:
        it["neg_tools"] = neg_tools
    if also:
        it["also"] = also
    if refuse:
        it["refuse"] = True
        it["why"] = why
    if if_answered is not None:
        it["if_answered"] = if_answered
    it.update(graph_fields(G))
    it["source"] = source
    it["target"] = target
    ITEMS.append(it)
    VARGS.append(vargs or {})


def refuse(family, notation, task, question, G, why, if_answered=None):
    add(family, notation, task, question, G, "refuse", None, [], refuse=True, why=why, if_answered=if_answered)


def ugraph(edges, nodes=None):
    G = nx.Graph()
    if nodes:
        G.add_nodes_from(nodes)
    for e in edges:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    return G


def dgraph(edges, nodes=None):
    G = nx.DiGraph()
    if nodes:
        G.add_nodes_from(nodes)
    for e in edges:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    return G


# ---- item kinds -------------------------------------------------------------

def route(fam, nota, q, G, s, t):
    """Shortest route by weight (weighted graphs) or in hops."""
    weighted = any("weight" in d for _, _, d in G.edges(data=True))
    if not nx.has_path(G, s, t):
        add(fam, nota, "no_path", q, G, "nopath", None, ["shortest_path", "shortest_path_length"],
            source=s, target=t, also={"path_exists": False},
            vargs={"shortest_path": {"source": s, "target": t}})
        return
    if weighted:
        L = num(nx.dijkstra_path_length(G, s, t, weight="weight"))
        va = {"shortest_path": {"source": s, "target": t},
              "shortest_path_length": {"source": s, "target": t, "weighted": True}}
    else:
        L = nx.shortest_path_length(G, s, t)
        va = {"shortest_path": {"source": s, "target": t},
              "shortest_path_length": {"source": s, "target": t}}
    add(fam, nota, "shortest_path", q, G, "path", L, ["shortest_path", "shortest_path_length"], key="length",
        source=s, target=t, also={"path_exists": True}, vargs=va)


def hops(fam, nota, q, G, s, t):
    """Fewest hops on a weighted graph: only the hop-count tool answers it."""
    add(fam, nota, "hops", q, G, "value", nx.shortest_path_length(G, s, t), ["shortest_path_length"],
        source=s, target=t, vargs={"shortest_path_length": {"source": s, "target": t}})


def reach(fam, nota, q, G, s, t):
    add(fam, nota, "path_exists", q, G, "value", nx.has_path(G, s, t), ["path_exists"], source=s, target=t,
        vargs={"path_exists": {"source": s, "target": t}})


def value(fam, nota, task, q, G, tool, ans, key="", args=None, source="", target="", also=None, neg=None,
          tools=None):
    tools = tools or [tool]
    va = {t: dict(args or {}) for t in tools}
    add(fam, nota, task, q, G, "value", num(ans), tools, key=key, source=source, target=target,
        also=also, neg_tools=neg, vargs=va)


def aset(fam, nota, task, q, G, tools, ans, key="", args=None, source="", target=""):
    va = {t: dict(args or {}) for t in tools}
    add(fam, nota, task, q, G, "set", sorted(ans), tools, key=key, source=source, target=target, vargs=va)


def ncomp(G):
    if G.is_directed():
        return nx.number_weakly_connected_components(G)
    return nx.number_connected_components(G)


def components(fam, nota, q, G):
    value(fam, nota, "components", q, G, "connected_components", ncomp(G), key="count")


def partition(fam, nota, q, G):
    comps = [sorted(c) for c in (nx.weakly_connected_components(G) if G.is_directed() else nx.connected_components(G))]
    add(fam, nota, "partition", q, G, "partition", sorted(comps), ["connected_components"], key="components",
        vargs={"connected_components": {}})


def most_connected(fam, nota, q, G, direction=None):
    if direction == "in":
        d = dict(G.in_degree())
    elif direction == "out":
        d = dict(G.out_degree())
    else:
        d = dict(G.degree())
    m = max(d.values())
    args = {"direction": direction} if direction else {}
    aset(fam, nota, "max_degree", q, G, ["degree_distribution"], [n for n in G if d[n] == m], key="max_nodes",
         args=args)


def degree_of(fam, nota, q, G, n, direction=None):
    if direction == "in":
        d = G.in_degree(n)
    elif direction == "out":
        d = G.out_degree(n)
    else:
        d = G.degree(n)
    args = {"node": n}
    if direction:
        args["direction"] = direction
    value(fam, nota, "degree", q, G, "degree", d, args=args, source=n)


def nbrs(fam, nota, q, G, n):
    if G.is_directed():
        aset(fam, nota, "successors", q, G, ["successors", "neighbors"], list(G.successors(n)), args={"node": n},
             source=n)
    else:
        aset(fam, nota, "neighbors", q, G, ["neighbors"], list(G.neighbors(n)), args={"node": n}, source=n)


def preds(fam, nota, q, G, n):
    aset(fam, nota, "predecessors", q, G, ["predecessors"], list(G.predecessors(n)), args={"node": n}, source=n)


def common(fam, nota, q, G, u, v):
    aset(fam, nota, "common_neighbors", q, G, ["common_neighbors"], list(nx.common_neighbors(G, u, v)),
         args={"u": u, "v": v}, source=u, target=v)


def reached(fam, nota, q, G, s):
    """Everyone reachable from s, s itself included (the question says so)."""
    r = list(nx.descendants(G, s) | {s}) if G.is_directed() else list(nx.node_connected_component(G, s))
    aset(fam, nota, "reachable_set", q, G, ["bfs_order", "dfs_order"], r, args={"source": s}, source=s)


def has_cycle(fam, nota, q, G):
    if G.is_directed():
        c = not nx.is_directed_acyclic_graph(G)
    else:
        c = len(nx.cycle_basis(G)) > 0 or nx.number_of_selfloops(G) > 0
    value(fam, nota, "cycle", q, G, "cycle_check", c)


def acyclic(fam, nota, q, G):
    """'Is it free of circular dependencies?': true when a DAG."""
    add(fam, nota, "dag", q, G, "dag", nx.is_directed_acyclic_graph(G), ["topological_sort"],
        neg_tools=["cycle_check"], vargs={"topological_sort": {}, "cycle_check": {}})


def topo(fam, nota, q, G):
    assert nx.is_directed_acyclic_graph(G)
    add(fam, nota, "topological_sort", q, G, "order", None, ["topological_sort"], vargs={"topological_sort": {}})


def scc_count(fam, nota, q, G):
    value(fam, nota, "scc", q, G, "strongly_connected_components", nx.number_strongly_connected_components(G),
          key="count")


def sources(fam, nota, q, G):
    aset(fam, nota, "sources", q, G, ["sources_sinks"], [n for n in G if G.in_degree(n) == 0], key="sources")


def sinks(fam, nota, q, G):
    aset(fam, nota, "sinks", q, G, ["sources_sinks"], [n for n in G if G.out_degree(n) == 0], key="sinks")


def nbridges(fam, nota, q, G):
    value(fam, nota, "bridges", q, G, "bridges", len(list(nx.bridges(G))), key="count")


def artic(fam, nota, q, G):
    aset(fam, nota, "articulation_points", q, G, ["articulation_points"], list(nx.articulation_points(G)),
         key="nodes")


def mst(fam, nota, q, G):
    T = nx.minimum_spanning_tree(G, weight="weight")
    value(fam, nota, "mst", q, G, "minimum_spanning_tree", T.size(weight="weight"), key="total_weight")


def maxflow(fam, nota, q, G, s, t):
    value(fam, nota, "max_flow", q, G, "maximum_flow", nx.maximum_flow_value(G, s, t, capacity="weight"),
          key="value", args={"source": s, "sink": t}, source=s, target=t)


def matching(fam, nota, q, G, left):
    M = nx.bipartite.hopcroft_karp_matching(G, top_nodes=left)
    add(fam, nota, "matching", q, G, "matching", len(M) // 2, ["maximum_bipartite_matching"],
        vargs={"maximum_bipartite_matching": {}})


def chromatic(G):
    nodes = list(G)
    for k in range(1, len(nodes) + 1):
        order = sorted(nodes, key=lambda n: -G.degree(n))
        col = {}

        def bt(i):
            if i == len(order):
                return True
            n = order[i]
            used = {col[m] for m in G.neighbors(n) if m in col}
            for c in range(k):
                if c not in used:
                    col[n] = c
                    if bt(i + 1):
                        return True
                    del col[n]
            return False

        if bt(0):
            return k
    return 0


def chrom(fam, nota, q, G):
    value(fam, nota, "chromatic_number", q, G, "chromatic_number", chromatic(G), key="chromatic_number")


def bipartite(fam, nota, q, G):
    value(fam, nota, "bipartite", q, G, "is_bipartite", nx.is_bipartite(G), key="bipartite")


def euler_path(fam, nota, q, G):
    value(fam, nota, "euler_path", q, G, "euler_path", nx.has_eulerian_path(G), key="exists")


def euler_circuit(fam, nota, q, G):
    value(fam, nota, "euler_circuit", q, G, "euler_circuit", nx.is_eulerian(G), key="circuit")


def ham_exists(G, cycle):
    nodes = list(G)
    n = len(nodes)
    first = nodes[0]
    for perm in itertools.permutations(nodes[1:] if cycle else nodes):
        p = [first] + list(perm) if cycle else list(perm)
        if all(G.has_edge(p[i], p[i + 1]) for i in range(n - 1)) and (not cycle or G.has_edge(p[-1], p[0])):
            return True
    return False


def ham_cycle(fam, nota, q, G):
    value(fam, nota, "hamiltonian_cycle", q, G, "hamiltonian_cycle", ham_exists(G, True), key="exists")


def ham_path(fam, nota, q, G):
    add(fam, nota, "hamiltonian_path", q, G, "hamilton", ham_exists(G, False), ["hamiltonian_path"],
        vargs={"hamiltonian_path": {}})


def tsp_cost(G):
    nodes = list(G)
    best = None
    for perm in itertools.permutations(nodes[1:]):
        p = [nodes[0]] + list(perm) + [nodes[0]]
        if all(G.has_edge(p[i], p[i + 1]) for i in range(len(p) - 1)):
            c = sum(G[p[i]][p[i + 1]]["weight"] for i in range(len(p) - 1))
            if best is None or c < best:
                best = c
    return best


def tsp(fam, nota, q, G, s):
    value(fam, nota, "tsp", q, G, "travelling_salesman", tsp_cost(G), key="cost", args={"source": s}, source=s)


def is_tree(fam, nota, q, G):
    if G.is_directed():
        value(fam, nota, "arborescence", q, G, "is_tree", nx.is_arborescence(G), key="arborescence")
    else:
        value(fam, nota, "tree", q, G, "is_tree", nx.is_tree(G), key="tree")


def count_nodes(fam, nota, q, G):
    value(fam, nota, "node_count", q, G, "node_count", G.number_of_nodes(), tools=["node_count", "order"])


def count_edges(fam, nota, q, G):
    value(fam, nota, "edge_count", q, G, "edge_count", G.number_of_edges(), tools=["edge_count", "size"])


def connected(fam, nota, q, G):
    c = nx.is_weakly_connected(G) if G.is_directed() else nx.is_connected(G)
    value(fam, nota, "is_connected", q, G, "is_connected", c)


def triangles(fam, nota, q, G, node=None):
    if node:
        value(fam, nota, "triangles_node", q, G, "triangle_count", nx.triangles(G, node), key="triangles",
              args={"node": node}, source=node)
    else:
        value(fam, nota, "triangles", q, G, "triangle_count", sum(nx.triangles(G).values()) // 3, key="triangles")


def clustering(fam, nota, q, G, node=None):
    if node:
        value(fam, nota, "clustering_node", q, G, "clustering_coefficient", nx.clustering(G, node),
              args={"node": node}, source=node)
    else:
        value(fam, nota, "avg_clustering", q, G, "clustering_coefficient", nx.average_clustering(G))


def ecc(fam, nota, q, G, node):
    value(fam, nota, "eccentricity", q, G, "eccentricity", nx.eccentricity(G, node), args={"node": node},
          source=node)


def between(fam, nota, q, G, node):
    value(fam, nota, "betweenness", q, G, "betweenness_centrality", nx.betweenness_centrality(G)[node],
          args={"node": node}, source=node)


def closeness(fam, nota, q, G, node):
    value(fam, nota, "closeness", q, G, "closeness_centrality", nx.closeness_centrality(G)[node],
          args={"node": node}, source=node)


def prank(fam, nota, q, G, node):
    value(fam, nota, "pagerank", q, G, "pagerank", _pagerank_python(G)[node], args={"node": node}, source=node)


def jaccard(fam, nota, q, G, u, v):
    j = list(nx.jaccard_coefficient(G, [(u, v)]))[0][2]
    value(fam, nota, "jaccard", q, G, "jaccard_coefficient", j, args={"u": u, "v": v}, source=u, target=v)


def edge_there(fam, nota, q, G, u, v):
    value(fam, nota, "edge_exists", q, G, "edge_exists", G.has_edge(u, v), args={"source": u, "target": v},
          source=u, target=v)


def kcore(fam, nota, q, G, k):
    aset(fam, nota, "k_core", q, G, ["k_core"], list(nx.k_core(G, k)), key="nodes", args={"k": k})


# ---- the situations ---------------------------------------------------------

def airport():
    fam = "airport transfer passenger timing gate walks"
    rows = [("Security East", "Gate A1", 4), ("Security East", "Gate A5", 7), ("Gate A1", "Gate A5", 3),
            ("Gate A5", "Skybridge", 5), ("Skybridge", "Gate B2", 6), ("Skybridge", "Gate B9", 9),
            ("Gate B2", "Gate B9", 4), ("Gate B9", "Train Stop T2", 2), ("Train Stop T2", "Gate C4", 3),
            ("Gate C4", "Gate C12", 8), ("Train Stop T2", "Gate C12", 6), ("Gate B2", "Lounge 3", 2),
            ("Lounge 3", "Gate B9", 3), ("Security East", "Lounge 3", 15)]
    G = ugraph(rows)
    tbl = "| From | To | Walk (min) |\n|---|---|---|\n" + "\n".join(f"| {a} | {b} | {w} |" for a, b, w in rows)
    route(fam, "markdown_table", f"""
My connection is tight. Copied this from the airport app's "walking times" page:

{tbl}

I land at Gate A1. Fastest walk to Gate C12, in minutes?""", G, "Gate A1", "Gate C12")
    hops(fam, "markdown_table", f"""
{tbl}

ignoring the minutes — how few corridor segments do I have to walk from Security East to Gate C4? my kid counts them""",
         G, "Security East", "Gate C4")
    refuse(fam, "markdown_table", "prediction", f"""
{tbl}

Which of these gates will be least crowded when my flight boards at 18:40?""", G,
           "a prediction of crowding: nothing in the walking times says it")
    degree_of(fam, "markdown_table", f"""
walking-times table from the terminal map:
{tbl}
how many places can you walk to directly from the Skybridge?""", G, "Skybridge")


def ant_nest():
    fam = "myrmecologist mapping an ant nest's chambers"
    pairs = [("C1", "C2"), ("C2", "C3"), ("C3", "C1"), ("C3", "C4"), ("C4", "C5"), ("C5", "C6"), ("C6", "C4"),
             ("C6", "C7"), ("C7", "C8"), ("C2", "C9"), ("C9", "C10"), ("C10", "C11"), ("C11", "C9"),
             ("C8", "C12")]
    G = ugraph(pairs, nodes=[f"C{i}" for i in range(1, 13)] + ["C13"])
    lines = "\n".join(f"{a} — {b} (tunnel)" for a, b in pairs)
    notes = f"""Plaster cast of nest #7, excavated Tuesday. Chambers numbered from the entrance (C1).
{lines}
C13: isolated chamber, no tunnel found (maybe collapsed)"""
    artic(fam, "notebook_lines", f"""
{notes}

Which chambers are the choke points — if one of them caved in, part of the nest would be cut off from the rest?""", G)
    nbridges(fam, "notebook_lines", f"""
{notes}

How many single tunnels are there whose collapse alone would split the nest?""", G)
    components(fam, "notebook_lines", f"""
{notes}

So how many separate pieces is this nest in, as cast?""", G)
    count_nodes(fam, "notebook_lines", f"""
{notes}

total chambers recorded (incl. the isolated one)?""", G)
    refuse(fam, "notebook_lines", "attribute_not_given", f"""
{notes}

Which chamber had the most larvae in it?""", G, "larvae counts are not in the notes; only tunnels are")


def zine():
    fam = "zine distro mail-out between collectives"
    rows = [("Paper Cuts", "Riso Club", 20), ("Paper Cuts", "Nightjar", 15), ("Riso Club", "Staple Gun", 10),
            ("Nightjar", "Staple Gun", 5), ("Staple Gun", "Loud Library", 12), ("Loud Library", "Nightjar", 4),
            ("Moth Press", "Paper Cuts", 30), ("Moth Press", "Xerox Saints", 8), ("Xerox Saints", "Moth Press", 3),
            ("Fold & Fold", "Quiet Desk", 6)]
    G = dgraph(rows)
    tsv = "sender\trecipient\tcopies\n" + "\n".join(f"{a}\t{b}\t{w}" for a, b, w in rows)
    sources(fam, "tsv", f"""
spring mail-out sheet (tab separated, pasted from our shared sheet):

{tsv}

which collectives only send and never get anything from anyone?""", G)
    reach(fam, "tsv", f"""
{tsv}

if Moth Press slips a flyer into its packages and everyone forwards stuff on in their own packages, could it end up at Loud Library?""",
          G, "Moth Press", "Loud Library")
    reach(fam, "tsv", f"""
{tsv}
Same question the other way: could something from Fold & Fold ever reach Riso Club?""", G, "Fold & Fold",
          "Riso Club")
    value(fam, "tsv", "total_weight", f"""
{tsv}

how many copies got mailed in total this spring?""", G, "size", G.size(weight="weight"), args={"weighted": True})
    scc_count(fam, "tsv", f"""
{tsv}

we want to group collectives that can all get stuff to each other (in both directions, via forwarding). how many such groups are there, counting loners as their own group?""",
              G)


def cattle():
    fam = "veterinary epidemiologist tracing cattle movements"
    rnd = random.Random(16)
    holds = [f"UK{rnd.randint(100000, 999999)}" for _ in range(38)]
    holds = list(dict.fromkeys(holds))
    edges = set()
    for i in range(1, len(holds)):
        j = rnd.randrange(0, i)
        edges.add((holds[j], holds[i]) if rnd.random() < 0.8 else (holds[i], holds[j]))
    while len(edges) < 50:
        a, b = rnd.sample(holds, 2)
        if (b, a) not in edges:
            edges.add((a, b))
    edges = sorted(edges)
    rnd.shuffle(edges)
    rows = []
    for k, (a, b) in enumerate(edges):
        rows.append((f"MV{5000 + k}", f"2024-03-{1 + k % 28:02d}", a, b, rnd.randint(1, 40)))
    G = dgraph([(a, b) for _, _, a, b, _ in rows])
    csv = "movement_id,date,from_holding,to_holding,head\n" + "\n".join(",".join(map(str, r)) for r in rows)
    src = holds[3]
    reached(fam, "csv_export", f"""
Suspected bTB at holding {src}. Export from the movement database below (movements out of a holding are animals leaving it).

{csv}

List every holding that could have received animals that passed through {src} (onward moves count), and include {src} itself.""",
            G, src)
    tgt = holds[17]
    reach(fam, "csv_export", f"""
{csv}

Is there any chain of movements by which cattle from {holds[0]} could have ended up at {tgt}?""", G, holds[0], tgt)
    degree_of(fam, "csv_export", f"""
From how many different holdings did {holds[1]} recieve cattle? (distinct sources only)

{csv}""", G, holds[1], "in")
    refuse(fam, "csv_export", "prediction", f"""
{csv}

What's the probability that {tgt} is already infected?""", G, "an infection probability needs a disease model; the movements alone do not give it")
    most_connected(fam, "csv_export", f"""
{csv}

Which holding sent animals out to the most other holdings?? need it for the report asap""", G, "out")


def ansible():
    fam = "sysadmin ordering Ansible role dependencies"
    deps = {"webapp": ["nginx", "python_runtime", "app_user"], "nginx": ["common", "firewall"],
            "python_runtime": ["common"], "app_user": ["common"], "firewall": ["common"],
            "monitoring": ["common", "firewall"], "backup": ["app_user"], "common": []}
    G = dgraph([(d, r) for r, ds in deps.items() for d in ds], nodes=list(deps))
    yml = "\n".join(f"# roles/{r}/meta/main.yml\ndependencies:" + ("".join(f"\n  - role: {d}" for d in ds) if ds else " []")
                    for r, ds in deps.items())
    topo(fam, "yaml", f"""
I'm flattening our roles into one playbook without the meta dependencies. Here are the meta files:

{yml}

Give me an order to list the roles in so every role comes after the roles it depends on.""", G)
    acyclic(fam, "yaml", f"""
{yml}

before I refactor: is this dependency set free of circular dependencies?""", G)
    sinks(fam, "yaml", f"""
{yml}

Which roles does no other role depend on (the top-level ones)?""", G)
    G2 = G.copy()
    G2.add_edge("monitoring", "common")
    yml2 = yml.replace("# roles/common/meta/main.yml\ndependencies: []",
                       "# roles/common/meta/main.yml\ndependencies:\n  - role: monitoring  # added by Priya for metrics")
    has_cycle(fam, "yaml", f"""
Priya changed common's meta. Now ansible-playbook hangs-ish. Here's the current state:

{yml2}

is there a dependency loop now?""", G2)
    refuse(fam, "yaml", "partial_graph", f"""
{yml.split("# roles/firewall")[0]}
... (the other meta files are on the build server, I'll paste later)

What's the full install order?""", None, "only part of the meta files are given; the rest are promised later")


def neurons():
    fam = "neuroscience student reading a worm connectome table"
    rows = [("ASHL", "AVAL", 7), ("ASHL", "AVDL", 4), ("ASHR", "AVAR", 6), ("AVDL", "AVAL", 3), ("AVAL", "VA08", 9),
            ("AVAR", "VA08", 5), ("AVAL", "AVAR", 2), ("AVAR", "AVAL", 2), ("AWCL", "AIYL", 8), ("AIYL", "AIZL", 6),
            ("AIZL", "RIAL", 5), ("RIAL", "AIZL", 1), ("AIZL", "AVAL", 2), ("VA08", "DA07", 3), ("DA07", "AVAL", 1),
            ("ALML", "AVDL", 2), ("PVCL", "AVBL", 6), ("AVBL", "DB05", 7)]
    G = dgraph(rows)
    txt = "Pre\tPost\tSynapses\n" + "\n".join(f"{a}\t{b}\t{w}" for a, b, w in rows)
    reach(fam, "tsv", f"""
From the supplementary table (chemical synapses only, pre → post):

{txt}

Can a signal starting in AWCL reach motor neuron DA07 through these synapses?""", G, "AWCL", "DA07")
    reach(fam, "tsv", f"""
{txt}

and can anything from PVCL get to VA08?""", G, "PVCL", "VA08")
    scc_count(fam, "tsv", f"""
{txt}

How many strongly connected components does this circuit have (single neurons count)?""", G)
    degree_of(fam, "tsv", f"""
{txt}

How many different postsynaptic partners does AVAL have in this table?""", G, "AVAL", "out")
    preds(fam, "tsv", f"""
{txt}

Which neurons synapse onto AIZL?""", G, "AIZL")


def coalition():
    fam = "political reporter mapping coalition red lines"
    pairs = [("Greens", "National Front"), ("Greens", "Agrarian League"), ("Social Democrats", "National Front"),
             ("Liberals", "Left Alliance"), ("Liberals", "National Front"), ("Christian Union", "Left Alliance"),
             ("Christian Union", "Pirates"), ("Agrarian League", "Pirates"), ("Left Alliance", "National Front"),
             ("Social Democrats", "Pirates")]
    G = ugraph(pairs)
    prose = """After the election, here's who has publicly ruled out governing with whom. The Greens have ruled out
the National Front and the Agrarian League. The Social Democrats won't sit with the National Front, nor with the
Pirates. The Liberals have excluded the Left Alliance and the National Front. The Christian Union said no to the
Left Alliance and to the Pirates. The Agrarian League ruled out the Pirates, and the Left Alliance refuses any deal
with the National Front."""
    bipartite(fam, "news_prose", f"""
{prose}

Could all these parties be split into two camps so that nobody who ruled someone out is in the same camp as them?""", G)
    chrom(fam, "news_prose", f"""
{prose}

If parties that ruled each other out can't be in the same bloc, what's the smallest number of blocs you'd need?""", G)
    most_connected(fam, "news_prose", f"""
{prose}

Which party has been ruled out by (or has ruled out) the most others?""", G)
    refuse(fam, "news_prose", "attribute_not_given", f"""
{prose}

Which two-party coalition would get a majority of seats?""", G, "seat counts are not given; only the red lines are")
    edge_there(fam, "news_prose", f"""
{prose}

quick check — is there a red line between the Liberals and the Greens?""", G, "Liberals", "Greens")


def wifi():
    fam = "network engineer planning Wi-Fi channels in a co-working floor"
    adj = {"AP-3F-01": ["AP-3F-02", "AP-3F-04"], "AP-3F-02": ["AP-3F-01", "AP-3F-03", "AP-3F-05"],
           "AP-3F-03": ["AP-3F-02", "AP-3F-06"], "AP-3F-04": ["AP-3F-01", "AP-3F-05", "AP-3F-07"],
           "AP-3F-05": ["AP-3F-02", "AP-3F-04", "AP-3F-06", "AP-3F-08"], "AP-3F-06": ["AP-3F-03", "AP-3F-05", "AP-3F-09"],
           "AP-3F-07": ["AP-3F-04", "AP-3F-08"], "AP-3F-08": ["AP-3F-05", "AP-3F-07", "AP-3F-09", "AP-3F-04"],
           "AP-3F-09": ["AP-3F-06", "AP-3F-08"]}
    adj["AP-3F-04"].append("AP-3F-08")
    G = ugraph([(a, b) for a, bs in adj.items() for b in bs])
    txt = "\n".join(f"{a}  overlaps(-67dBm): {', '.join(sorted(set(G.neighbors(a))))}" for a in sorted(G))
    chrom(fam, "survey_tool_output", f"""
Ekahau-ish survey export, APs whose cells overlap at -67 dBm:

{txt}

Overlapping APs must be on different channels. Minimum number of channels?""", G)
    degree_of(fam, "survey_tool_output", f"""
{txt}

how many neighbours does AP-3F-05 hear?""", G, "AP-3F-05")
    triangles(fam, "survey_tool_output", f"""
{txt}

how many groups of three APs that all overlap with each other are there?""", G)
    refuse(fam, "survey_tool_output", "attribute_not_given", f"""
{txt}

Which AP has the worst signal-to-noise ratio?""", G, "no SNR figures are given; only overlaps")


def surgery():
    fam = "theatre coordinator avoiding equipment clashes between surgeons"
    pairs = [("Mr Okafor", "Ms Lindqvist"), ("Mr Okafor", "Dr Haddad"), ("Ms Lindqvist", "Dr Haddad"),
             ("Dr Haddad", "Mr Petrov"), ("Mr Petrov", "Dr Chen"), ("Dr Chen", "Ms Lindqvist"),
             ("Mrs Adeyemi", "Dr Chen")]
    G = ugraph(pairs, nodes=["Mr Okafor", "Ms Lindqvist", "Dr Haddad", "Mr Petrov", "Dr Chen", "Mrs Adeyemi",
                             "Mr Baptiste"])
    mail = """Subject: Thursday lists - shared kit

Hi all, reminder of who shares the one arthroscopy stack / the C-arm and so can't operate in the same slot:
Mr Okafor & Ms Lindqvist; Mr Okafor & Dr Haddad; Ms Lindqvist & Dr Haddad; Dr Haddad & Mr Petrov;
Mr Petrov & Dr Chen; Dr Chen & Ms Lindqvist; Mrs Adeyemi & Dr Chen.
Mr Baptiste doesn't need any shared kit this week.
Thanks, Jo (theatre coordinator)"""
    chrom(fam, "email", f"""
{mail}

What is the smallest number of time slots that lets every surgeon operate without a kit clash?""", G)
    degree_of(fam, "email", f"""
{mail}

How many colleagues does Dr Haddad clash with?""", G, "Dr Haddad")
    refuse(fam, "email", "weights_missing", f"""
{mail}

How many hours will Thursday's lists take in total?""", G, "no operation durations are given")


def cables():
    fam = "telecoms hobbyist reading a submarine cable list"
    rows = [("Marseille", "Alexandria", 2800), ("Marseille", "Palermo", 900), ("Palermo", "Alexandria", 1900),
            ("Alexandria", "Jeddah", 1600), ("Jeddah", "Djibouti", 1200), ("Djibouti", "Mumbai", 3100),
            ("Jeddah", "Mumbai", 4200), ("Mumbai", "Colombo", 1600), ("Colombo", "Singapore", 2700),
            ("Mumbai", "Singapore", 3900), ("Singapore", "Jakarta", 900), ("Lisbon", "Marseille", 2300),
            ("Lisbon", "Dakar", 2900)]
    names = ["SEA-ME-A", "Sicilia-1", "MedLink", "RedSea-2", "HornNet", "Arabian Loop", "Hejaz-India",
             "Palk Strait", "Bay Express", "IndoSing", "Java-Link", "Atlantic Rim", "West Africa 3"]
    G = ugraph(rows)
    lst = "\n".join(f"* {n}: {a} – {b} ({w:,} km)" for n, (a, b, w) in zip(names, rows))
    route(fam, "wiki_list", f"""
Cables I've noted down (landing points, route length):
{lst}

What's the shortest total cable length a packet would ride from Marseille to Singapore, just over these?""", G,
          "Marseille", "Singapore")
    nbridges(fam, "wiki_list", f"""
{lst}

how many of these cables are single points of failure, i.e. cutting just that one cable disconnects some landing point from the others?""",
             G)
    mst(fam, "wiki_list", f"""
{lst}

Thought experiment: if you kept only enough cables to keep every landing point connected and chose the shortest total length, how many km would that be?""",
        G)
    value(fam, "wiki_list", "diameter", f"""
{lst}

Worst case, how many cable hops separate two landing points here (taking the fewest-hop route each time)?""", G,
          "diameter", nx.diameter(G))
    refuse(fam, "wiki_list", "attribute_not_given", f"""
{lst}

which of these cables has the most capacity in Tbps?""", G, "capacities are not in the list")


def windfarm():
    fam = "offshore wind engineer laying out inter-array cables"
    rows = [("WTG01", "WTG02", 0.82), ("WTG02", "WTG03", 0.79), ("WTG03", "WTG04", 0.85), ("WTG01", "OSS", 1.40),
            ("WTG02", "OSS", 1.10), ("WTG03", "OSS", 1.25), ("WTG04", "WTG05", 0.80), ("WTG05", "OSS", 1.95),
            ("WTG05", "WTG06", 0.81), ("WTG06", "OSS", 2.30), ("WTG06", "WTG07", 0.78), ("WTG04", "WTG07", 1.60),
            ("WTG07", "WTG08", 0.84), ("WTG08", "OSS", 2.75)]
    G = ugraph(rows)
    csv = "von;nach;laenge_km\n" + "\n".join(f"{a};{b};{str(w).replace('.', ',')}" for a, b, w in rows)
    mst(fam, "csv_semicolon", f"""
Candidate cable routes from our layout tool (German export, so ; and decimal commas):

{csv}

We need every turbine connected to the offshore substation (OSS), cheapest total cable length. How many km of cable is that?""",
        G)
    count_nodes(fam, "csv_semicolon", f"""
{csv}

how many positions (turbines plus the OSS) are in this file?""", G)
    route(fam, "csv_semicolon", f"""
{csv}

shortst cable distance in km from WTG08 to the OSS along these routes?""", G, "WTG08", "OSS")
    refuse(fam, "csv_semicolon", "weights_missing", f"""
{csv}

What would the cheapest layout cost in euros?""", G, "no price per km or per cable type is given")


def pneumatic():
    fam = "hospital estates engineer on the pneumatic tube system"
    rows = [("Pharmacy", "Diverter D1", 60), ("Pharmacy", "Diverter D2", 40), ("Diverter D1", "Diverter D3", 35),
            ("Diverter D2", "Diverter D3", 25), ("Diverter D1", "Lab", 30), ("Diverter D3", "Emergency Dept", 45),
            ("Diverter D2", "Emergency Dept", 10), ("Lab", "Diverter D3", 20), ("Emergency Dept", "Lab", 15)]
    G = dgraph(rows)
    log = "\n".join(f"Line {i + 1}: {a} -> {b}, rated {w} carriers/h" for i, (a, b, w) in enumerate(rows))
    maxflow(fam, "maintenance_log", f"""
Tube system, one-way lines as rated after Friday's service:
{log}

During a major incident, how many carriers per hour can we get from Pharmacy to the Emergency Dept at most?""", G,
            "Pharmacy", "Emergency Dept")
    maxflow(fam, "maintenance_log", f"""
{log}
max carriers per hour Pharmacy → Lab if everything's routed well?""", G, "Pharmacy", "Lab")
    reach(fam, "maintenance_log", f"""
{log}

can the Lab send a carrier back to Pharmacy with these lines?""", G, "Lab", "Pharmacy")
    refuse(fam, "maintenance_log", "prediction", f"""
{log}

Which diverter is going to fail next?""", G, "a failure prediction; the ratings do not say it")


def tankfarm():
    fam = "refinery shift operator moving crude through the tank farm"
    rows = [("Tank T1", "Manifold M1", 1200), ("Tank T2", "Manifold M1", 800), ("Manifold M1", "Pump P1", 1500),
            ("Manifold M1", "Pump P2", 900), ("Pump P1", "Crude Unit", 1000), ("Pump P2", "Crude Unit", 1100),
            ("Tank T2", "Pump P2", 300)]
    G = dgraph(rows)
    notes = "\n".join(f"{a} → {b} @ {w:,} bbl/h" for a, b, w in rows)
    maxflow(fam, "pid_notes", f"""
Line-up from the P&ID, max rates:
{notes}

If we only draw from Tank T1, what's the most bbl/h we can deliver to the Crude Unit?""", G, "Tank T1", "Crude Unit")
    maxflow(fam, "pid_notes", f"""
{notes}

and from Tank T2 on its own?""", G, "Tank T2", "Crude Unit")
    refuse(fam, "pid_notes", "no_tool_multi_source", f"""
{notes}

Drawing from T1 and T2 at the same time, but T1 can't give more than 700 bbl/h because of its level — how much reaches the Crude Unit?""",
           G, "a two-source flow with a cap on one source: no single source-sink call expresses it without adding a super-source")


def dialects():
    fam = "linguistics fieldworker grouping mutually intelligible dialects"
    pairs = [("Vall Alta", "Vall Baixa"), ("Vall Baixa", "Riberenc"), ("Riberenc", "Costaner"),
             ("Muntanyenc", "Pastoral"), ("Pastoral", "Serrà"), ("Illenc", "Illenc Nord"),
             ("Vall Alta", "Riberenc")]
    extra = ["Fronterer"]
    G = ugraph(pairs, nodes=extra)
    prose = """Notes from the recordings: speakers of Vall Alta and Vall Baixa understood each other without trouble,
and Vall Baixa speakers also followed Riberenc easily. Riberenc and Costaner were mutually intelligible. Vall Alta
speakers also understood Riberenc. Muntanyenc and Pastoral speakers got along fine, as did Pastoral and Serrà.
Illenc and Illenc Nord are close. Fronterer speakers didn't follow any of the others."""
    components(fam, "field_notes", f"""
{prose}

If we chain intelligibility (A understands B, B understands C → same cluster), how many clusters are there, Fronterer included?""",
               G)
    partition(fam, "field_notes", f"""
{prose}

Give me the clusters themselves (chaining intelligibility).""", G)
    reach(fam, "field_notes", f"""
{prose}

Is Costaner linked to Vall Alta through some chain of intelligible varieties?""", G, "Costaner", "Vall Alta")
    refuse(fam, "field_notes", "ambiguous", f"""
{prose}

Oh and the Serrà recordings might have been mislabelled as Pastoral for half the speakers. Which cluster is Serrà in then?""",
           G, "the user says the data itself may be mislabelled: the answer depends on what the true labels are")


def twinning():
    fam = "council clerk checking town twinning links"
    adj = {"Oberstadt": ["Montclair", "Kilbride", "Wieliczka Nowa"], "Montclair": ["San Vito", "Oberstadt"],
           "Kilbride": ["Port Aven", "Oberstadt"], "Port Aven": ["Kilbride", "Ribadella"],
           "Ribadella": ["Port Aven", "San Vito"], "San Vito": ["Montclair", "Ribadella"],
           "Wieliczka Nowa": ["Oberstadt"], "Haarby": ["Lillesund"], "Lillesund": ["Haarby", "Tórshamn"],
           "Tórshamn": ["Lillesund"], "Grünfeld": []}
    G = ugraph([(a, b) for a, bs in adj.items() for b in bs], nodes=list(adj))
    txt = "\n".join(f"- {a} — twinned with " + (", ".join(bs) if bs else "(no partners yet)") for a, bs in adj.items())
    route(fam, "bullets", f"""
From the twinning associations' page:
{txt}

Through the fewest twinning links, how many steps from Wieliczka Nowa to Ribadella?""", G, "Wieliczka Nowa",
          "Ribadella")
    route(fam, "bullets", f"""
{txt}

How many twinning steps from Oberstadt to Tórshamn?""", G, "Oberstadt", "Tórshamn")
    common(fam, "bullets", f"""
{txt}

Which towns are twinned with both Montclair and Ribadella?""", G, "Montclair", "Ribadella")
    components(fam, "bullets", f"""
{txt}
How many separate twinning "families" does this make (Grünfeld alone counts as one)?""", G)
    has_cycle(fam, "bullets", f"""
{txt}

Does the twinning network contain a loop, i.e. a ring of towns that comes back to where it started?""", G)


def roman():
    fam = "classics teacher reading a Roman road itinerary"
    rows = [("Vindolanda", "Coria", 14), ("Coria", "Vinovia", 28), ("Vindolanda", "Magnis", 7),
            ("Magnis", "Luguvalium", 21), ("Coria", "Habitancum", 20), ("Habitancum", "Bremenium", 9),
            ("Vinovia", "Cataractonium", 22), ("Luguvalium", "Brocavum", 22), ("Brocavum", "Cataractonium", 48),
            ("Bremenium", "Trimontium", 30), ("Vinovia", "Eboracum", 44)]
    G = ugraph(rows)
    txt = "\n".join(f"From {a} to {b}, {w} miles (m.p.)" for a, b, w in rows)
    route(fam, "itinerary_prose", f"""
For my Year 9s, a made-up itinerary in the style of the Antonine one:

{txt}

What's the shortest way in Roman miles from Luguvalium to Eboracum?""", G, "Luguvalium", "Eboracum")
    route(fam, "itinerary_prose", f"""
{txt}

and Trimontium to Brocavum, shortest in miles?""", G, "Trimontium", "Brocavum")
    ecc(fam, "itinerary_prose", f"""
{txt}

Counting stages (not miles): from Coria, what's the most stages you'd need to reach the furthest fort?""", G, "Coria")
    is_tree(fam, "itinerary_prose", f"""
Is the road network below a tree, i.e. connected but with no way to go round in a loop?

{txt}""", G)


def chatbot():
    fam = "conversation designer auditing a support chatbot flow"
    flow = {"greeting": ["menu"], "menu": ["track_order", "returns", "talk_to_human", "faq"],
            "track_order": ["order_lookup"], "order_lookup": ["order_found", "order_missing"],
            "order_found": ["menu"], "order_missing": ["talk_to_human"], "returns": ["return_policy", "refund_form"],
            "return_policy": ["refund_form", "menu"], "refund_form": ["refund_confirm"], "refund_confirm": [],
            "faq": ["faq_answer"], "faq_answer": ["menu"], "talk_to_human": [], "promo_popup": ["menu"]}
    G = dgraph([(a, b) for a, bs in flow.items() for b in bs], nodes=list(flow))
    js = json.dumps({"nodes": [{"id": k, "next": v} for k, v in flow.items()]}, indent=1)
    sinks(fam, "json_export", f"""
Exported our bot's flow from the builder:

{js}

Which nodes are dead ends (the conversation can't go anywhere after them)?""", G)
    reach(fam, "json_export", f"""
{js}

Can a user who starts at greeting ever get to refund_confirm?""", G, "greeting", "refund_confirm")
    has_cycle(fam, "json_export", f"""
{js}

can users end up going round in circles in this flow?""", G)
    preds(fam, "json_export", f"""
whcih nodes lead straight into talk_to_human? flow export below
{js}""", G, "talk_to_human")
    sources(fam, "json_export", f"""
{js}

Which nodes can nobody ever arrive at from another node (entry points only)?""", G)


def foreign_keys():
    fam = "DBA loading tables in foreign-key order"
    refs = {"customers": [], "addresses": ["customers"], "products": ["suppliers"], "suppliers": [],
            "orders": ["customers", "addresses"], "order_items": ["orders", "products"],
            "invoices": ["orders"], "payments": ["invoices", "customers"], "audit_log": []}
    G = dgraph([(r, t) for t, rs in refs.items() for r in rs], nodes=list(refs))
    ddl = []
    for t, rs in refs.items():
        cols = ["  id bigint PRIMARY KEY"]
        for r in rs:
            cols.append(f"  {r[:-1]}_id bigint REFERENCES {r}(id)")
        ddl.append(f"CREATE TABLE {t} (\n" + ",\n".join(cols) + "\n);")
    sql = "\n".join(ddl)
    topo(fam, "sql_ddl", f"""
{sql}

I have to bulk-load these with FK checks on. In which order can I load the tables so every referenced table is loaded before the tables that reference it?""",
         G)
    sources(fam, "sql_ddl", f"""
{sql}

which tables don't reference anything, so I can load them first?""", G)
    reached(fam, "sql_ddl", f"""
{sql}

If I truncate customers with CASCADE, which tables get hit, directly or through a chain? include customers itself""",
            G, "customers")
    refuse(fam, "sql_ddl", "attribute_not_given", f"""
{sql}

which table has the most rows?""", G, "row counts are not given")


def genes():
    fam = "systems biologist checking a gene regulatory network"
    rows = [("lexA", "-|", "recA"), ("recA", "-|", "lexA"), ("lexA", "-|", "umuD"), ("lexA", "-|", "sulA"),
            ("crp", "->", "araC"), ("araC", "->", "araB"), ("araC", "-|", "araC"), ("crp", "->", "lacZ"),
            ("lacI", "-|", "lacZ"), ("fnr", "->", "narG"), ("narL", "->", "narG"), ("fnr", "->", "narL"),
            ("crp", "->", "fnr")]
    G = dgraph([(a, b) for a, _, b in rows])
    sif = "\n".join(f"{a}\t{s}\t{b}" for a, s, b in rows)
    has_cycle(fam, "sif", f"""
SIF-ish list from our curation (-> activates, -| represses):

{sif}

Are there any feedback loops in this network (self-regulation counts)?""", G)
    preds(fam, "sif", f"""
{sif}

which genes regulate narG?""", G, "narG")
    degree_of(fam, "sif", f"""
How many targets does crp regulate directly in this list?

{sif}""", G, "crp", "out")
    reach(fam, "sif", f"""
{sif}
Does crp influence narG, even indirectly?""", G, "crp", "narG")
    refuse(fam, "sif", "attribute_not_given", f"""
{sif}

What's the expression level of araB after arabinose is added?""", G, "expression levels need a dynamic model and data, not the wiring")


def pollinators():
    fam = "ecologist tabulating a plant–pollinator survey"
    plants = ["Knapweed", "Bird's-foot trefoil", "Bramble", "Ragwort", "Foxglove"]
    insects = ["Bombus terrestris", "Bombus pascuorum", "Apis mellifera", "Episyrphus balteatus", "Andrena sp."]
    mat = [[1, 1, 0, 0, 1], [0, 1, 0, 0, 1], [1, 1, 1, 1, 0], [0, 0, 1, 1, 1], [0, 1, 0, 0, 0]]
    G = ugraph([(p, i) for p, row in zip(plants, mat) for i, x in zip(insects, row) if x])
    hdr = "plant," + ",".join(insects)
    csv = hdr + "\n" + "\n".join(p + "," + ",".join(map(str, row)) for p, row in zip(plants, mat))
    degree_of(fam, "matrix_csv", f"""
Visitation matrix from the June transects (1 = seen visiting):

{csv}

How many plant species was Bombus pascuorum recorded on?""", G, "Bombus pascuorum")
    common(fam, "matrix_csv", f"""
{csv}

Which pollinators do Knapweed and Ragwort share?""", G, "Knapweed", "Ragwort")
    matching(fam, "matrix_csv", f"""
{csv}

For next year, each volunteer follows one insect species on one plant species it was seen on, no plant or insect used twice. How many such insect–plant pairs can we set up at most?""",
             G, plants)
    most_connected(fam, "matrix_csv", f"""
{csv}

which species (plant or insect) has the most links in this matrix?""", G)


def jobfair():
    fam = "careers adviser scheduling job fair interviews"
    want = {"Amira": ["Siemens", "Arup"], "Ben": ["Arup"], "Chloé": ["Arup", "BBC", "NHS Digital"],
            "Dmitri": ["Siemens"], "Esi": ["BBC"], "Farhan": ["NHS Digital", "Ocado"], "Gwen": ["Ocado"],
            "Hiro": ["Siemens", "Arup"]}
    G = ugraph([(c, e) for c, es in want.items() for e in es])
    tbl = "Candidate | Employers they'd like to meet\n" + "\n".join(f"{c} | {', '.join(es)}" for c, es in want.items())
    matching(fam, "form_responses", f"""
How many 2pm interviews can we fill at most? Each employer only has one slot left at 2pm and each student can only do one. Form responses:

{tbl}""", G, list(want))
    degree_of(fam, "form_responses", f"""
{tbl}

How many students want to meet Arup?""", G, "Arup")
    refuse(fam, "form_responses", "no_tool", f"""
{tbl}

Students ranked their choices in the order listed. Give me the assignment that maximises total satisfaction.""", G,
           "a weighted assignment by preference rank: no catalogue tool solves it")


def canoe():
    fam = "scout leader pairing paddlers for a canoe trip"
    ok = {"Dave": ["Maya", "Theo", "Isla"], "Priya": ["Theo"], "Kwame": ["Isla", "Noah"], "Sue": ["Maya"],
          "Luis": ["Noah", "Ruby"]}
    G = ugraph([(a, k) for a, ks in ok.items() for k in ks], nodes=list(ok) + ["Zac"])
    msg = """[18:02] Leader Tom: ok who's happy going stern with which kid?? (kid has to be ok with it too)
[18:05] Dave: maya, theo or isla all fine w me
[18:06] Priya: Theo only, the others don't know me yet
[18:09] Kwame: isla or noah
[18:11] Sue: Maya (her mum asked)
[18:15] Luis: noah or ruby
[18:20] Leader Tom: Zac hasn't said who he'd go with, leave him for now"""
    matching(fam, "whatsapp", f"""
{msg}

each canoe = one adult + one kid. how many canoes can go out with a pair everyone's ok with?""", G, list(ok))
    nbrs(fam, "whatsapp", f"""
{msg}
which kids could go with Dave?""", G, "Dave")
    refuse(fam, "whatsapp", "ambiguous", f"""
{msg}
[18:22] Dave: wait there are two Isla's this year, Isla M and Isla K, I meant Isla K
[18:23] Kwame: mine's the other one I think??

so how many canoes can we fill now?""", G, "which Isla Kwame means is unresolved in the chat")


def word_ladder():
    fam = "puzzle setter checking a word-ladder clue"
    steps = [("COLD", "CORD"), ("CORD", "CARD"), ("CARD", "WARD"), ("WARD", "WARM"), ("COLD", "BOLD"),
             ("BOLD", "BOND"), ("BOND", "BAND"), ("BAND", "WAND"), ("WAND", "WARD"), ("CORD", "WORD"),
             ("WORD", "WARD"), ("CORD", "CORM"), ("CORM", "WORM"), ("WORM", "WARM")]
    G = ugraph(steps)
    txt = ", ".join(f"{a}/{b}" for a, b in steps)
    route(fam, "inline_pairs", f"""
Allowed one-letter changes for this week's ladder (either direction): {txt}.
Shortest ladder from COLD to WARM — how many changes?""", G, "COLD", "WARM")
    nbrs(fam, "inline_pairs", f"""
{txt} — these are the legal single-letter moves. From CORD, which words can you go to in one move?""", G, "CORD")
    count_edges(fam, "inline_pairs", f"""
moves list: {txt}
how many moves have I listed?""", G)


def dominoes():
    fam = "parent and child laying a domino train"
    tiles = [(3, 5), (5, 1), (1, 3), (3, 6), (6, 2), (2, 4), (4, 6), (6, 0)]
    G = nx.Graph()
    for a, b in tiles:
        G.add_edge(str(a), str(b))
    txt = " ".join(f"[{a}|{b}]" for a, b in tiles)
    euler_path(fam, "domino_tiles", f"""
My daughter has these dominoes left: {txt}
Can she lay ALL of them in a single line, matching ends, the usual way?""", G)
    euler_circuit(fam, "domino_tiles", f"""
{txt}
could these close up into a ring instead (every tile used, the two ends meeting)?""", G)
    tiles2 = tiles + [(0, 5)]
    G2 = nx.Graph()
    for a, b in tiles2:
        G2.add_edge(str(a), str(b))
    txt2 = " ".join(f"[{a}|{b}]" for a, b in tiles2)
    euler_circuit(fam, "domino_tiles", f"""
She found another one under the sofa, so now: {txt2}
Ring with all of them possible now?""", G2)
    refuse(fam, "domino_tiles", "no_tool_count", f"""
{txt}
How many different lines could she make using all of them?""", G,
           "counting all Eulerian trails: no catalogue tool counts them")


def embroidery():
    fam = "embroiderer planning a continuous backstitch motif"
    segs = [("top", "left"), ("top", "right"), ("left", "right"), ("left", "bottom"), ("right", "bottom"),
            ("bottom", "tail")]
    G = ugraph(segs)
    txt = "\n".join(f"  {a} ---- {b}" for a, b in segs)
    euler_path(fam, "ascii_sketch", f"""
Stitch lines of my little motif (the points are where lines meet):
{txt}
Can I stitch every line exactly once without cutting the thread and restarting?""", G)
    degree_of(fam, "ascii_sketch", f"""
{txt}
how many lines meet at the 'bottom' point?""", G, "bottom")
    G2 = G.copy()
    G2.add_edge("tail", "left")
    txt2 = txt + "\n  tail ---- left"
    euler_path(fam, "ascii_sketch", f"""
If I add one more line so it becomes:
{txt2}
can it be done in one go now?""", G2)


def photowalk():
    fam = "photographer planning a sunrise photo walk"
    pairs = [("Harbour Steps", "Lighthouse"), ("Lighthouse", "Old Fort"), ("Old Fort", "Chapel Hill"),
             ("Chapel Hill", "Market Square"), ("Market Square", "Harbour Steps"), ("Old Fort", "Harbour Steps"),
             ("Market Square", "Clock Tower"), ("Clock Tower", "Chapel Hill")]
    G = ugraph(pairs)
    prose = """Viewpoints and the footpaths between them: Harbour Steps connects to the Lighthouse and to the Old
Fort; the Lighthouse path continues to the Old Fort; from the Old Fort a path climbs to Chapel Hill; Chapel Hill
drops down to Market Square and also to the Clock Tower; Market Square links back to the Harbour Steps and to the
Clock Tower."""
    ham_path(fam, "prose_paths", f"""
{prose}

I want to hit every viewpoint exactly once before the light goes (don't care where I end). Is there a route like that — which one?""",
             G)
    ham_cycle(fam, "prose_paths", f"""
{prose}

Could I do a loop that visits each viewpoint once and finishes back where I started?""", G)
    route(fam, "prose_paths", f"""
{prose}
fewest paths to walk from the Lighthouse to the Clock Tower?""", G, "Lighthouse", "Clock Tower")


def piano():
    fam = "piano tuner planning a day's round of clients"
    names = ["Home", "Mrs Ellery", "St Anne's School", "Mr Vos", "The Grange"]
    m = [[0, 12, 25, 18, 30], [12, 0, 15, 20, 22], [25, 15, 0, 11, 14], [18, 20, 11, 0, 16], [30, 22, 14, 16, 0]]
    G = nx.Graph()
    for i, j in itertools.combinations(range(5), 2):
        G.add_edge(names[i], names[j], weight=m[i][j])
    hdr = "\t" + "\t".join(names)
    tbl = hdr + "\n" + "\n".join(names[i] + "\t" + "\t".join(str(x) for x in m[i]) for i in range(5))
    tsp(fam, "distance_matrix", f"""
Driving minutes between everyone (copied out of my spreadsheet):

{tbl}

Start and finish at Home, visit all four clients once. Least total driving time?""", G, "Home")
    route(fam, "distance_matrix", f"""
{tbl}

quickest drive from Mrs Ellery to The Grange, allowing a stop in between if it's faster?""", G, "Mrs Ellery",
          "The Grange")
    refuse(fam, "distance_matrix", "constraint", f"""
{tbl}

Same round, but St Anne's only lets me in between 1 and 2pm and each tuning takes an hour — what's the best order?""",
           G, "time windows and service times: no catalogue tool solves a TSP with time windows")


def rowing():
    fam = "rowing club captain looking at double-sculls partnerships"
    pairs = [("Ana", "Ben"), ("Ana", "Cleo"), ("Ben", "Cleo"), ("Cleo", "Dev"), ("Dev", "Eli"), ("Eli", "Cleo"),
             ("Fay", "Gus"), ("Gus", "Ana"), ("Ben", "Dev"), ("Hal", "Ivy")]
    G = ugraph(pairs)
    log = "\n".join(f"{d} {a} & {b} (double, {k} km)" for d, (a, b), k in
                    zip(["Sat", "Sun", "Tue", "Thu", "Sat", "Sun", "Tue", "Wed", "Thu", "Fri"], pairs,
                        [12, 8, 10, 14, 9, 11, 7, 12, 10, 6]))
    triangles(fam, "logbook", f"""
Outings book, last fortnight:
{log}

How many trios are there where all three have sculled with each other in pairs?""", G)
    clustering(fam, "logbook", f"""
{log}

What's Cleo's clustering coefficient in the who-rowed-with-whom network?""", G, "Cleo")
    most_connected(fam, "logbook", f"""
{log}

who's been out with the most different partners?""", G)
    components(fam, "logbook", f"""
Quick one for the committee — how many seperate groups of rowers do we have, if you link people who've sculled together?
{log}""", G)
    refuse(fam, "logbook", "ambiguous_weights", f"""
{log}

Who has rowed the most kilometres in total?""", G,
           "a per-rower total of km (the sum of a node's edge weights): no catalogue tool sums them, and the question gives no weights per rower")


def satellites():
    fam = "space-ops student tracing inter-satellite laser links"
    planes, per = 3, 6
    names = [f"SAT-{p}{s}" for p in "ABC" for s in range(1, per + 1)]
    G = nx.Graph()
    G.add_nodes_from(names)
    for pi, p in enumerate("ABC"):
        for s in range(1, per + 1):
            G.add_edge(f"SAT-{p}{s}", f"SAT-{p}{s % per + 1}")
            if pi < planes - 1:
                G.add_edge(f"SAT-{p}{s}", f"SAT-{'ABC'[pi + 1]}{s}")
    yml = "links:\n" + "\n".join(f"  - [{u}, {v}]" for u, v in G.edges())
    route(fam, "yaml", f"""
ISL config of our toy constellation (3 planes x 6 sats, each link bidirectional):

{yml}

Min number of laser hops from SAT-A1 to SAT-C4?""", G, "SAT-A1", "SAT-C4")
    value(fam, "yaml", "diameter", f"""
{yml}

What's the largest hop count between any two satellites (taking the best route each time)?""", G, "diameter",
          nx.diameter(G))
    aset(fam, "yaml", "center", f"""
{yml}

which satellites have the smallest worst-case hop count to everyone else?""", G, ["center"], nx.center(G))
    value(fam, "yaml", "radius", f"""
radius of the ISL graph (in hops) pls:
{yml}""", G, "radius", nx.radius(G))
    value(fam, "yaml", "avg_path_length", f"""
{yml}

average number of hops between two satellites, over all pairs?""", G, "avg_path_length",
          nx.average_shortest_path_length(G))


def bikeshare():
    fam = "city data analyst looking at bike-share station flows"
    rows = [("Central Stn", "Riverside", 140), ("Riverside", "Central Stn", 95), ("Central Stn", "University", 210),
            ("University", "Central Stn", 180), ("University", "Hospital", 60), ("Hospital", "University", 40),
            ("Riverside", "Old Town", 75), ("Old Town", "Central Stn", 120), ("Old Town", "Riverside", 30),
            ("Hospital", "Central Stn", 55), ("Stadium", "Central Stn", 20), ("Central Stn", "Stadium", 5)]
    G = dgraph(rows)
    csv = "start_station,end_station,trips_may\n" + "\n".join(f"{a},{b},{w}" for a, b, w in rows)
    prank(fam, "csv_export", f"""
{csv}

PageRank of Central Stn on this trip network, weighting by trips (damping 0.85)?""", G, "Central Stn")
    degree_of(fam, "csv_export", f"""
{csv}

how many different stations send riders to Central Stn?""", G, "Central Stn", "in")
    hops(fam, "csv_export", f"""
{csv}

Just hops: fewest rides to get a bike from Stadium to Hospital following these routes? (ignore the trip counts)""",
         G, "Stadium", "Hospital")
    refuse(fam, "csv_export", "prediction", f"""
{csv}

How many trips will Riverside → Old Town have in June?""", G, "a forecast; May's counts do not determine June")


def advisors():
    fam = "grad student tracing an academic advisor genealogy"
    adv = {"Gauss": ["Dedekind", "Riemann", "Bessel*"], "Dedekind": ["Weber*"], "Riemann": ["Prym", "Roch"],
           "Prym": ["Jung"], "Roch": [], "Weber*": ["Minkowski*", "Hilbert*"], "Hilbert*": ["Weyl*", "Courant*"],
           "Bessel*": [], "Jung": [], "Minkowski*": [], "Weyl*": [], "Courant*": []}
    G = dgraph([(a, s) for a, ss in adv.items() for s in ss], nodes=list(adv))
    txt = "\n".join(f"* Advisor: {a}; Students: {', '.join(ss) if ss else '—'}" for a, ss in adv.items())
    note = "(* = I made these links up for the exercise, don't quote them)"
    is_tree(fam, "bullets", f"""
{txt}
{note}

Is this a proper rooted tree with everyone descending from one founder, each person having a single advisor?""", G)
    reached(fam, "bullets", f"""
{txt}
{note}

Who are all of Dedekind's academic descendants? Put Dedekind himself in the list too.""", G, "Dedekind")
    route(fam, "bullets", f"""
{txt}
{note}

How many advisor generations from Gauss down to Courant*?""", G, "Gauss", "Courant*")
    count_edges(fam, "bullets", f"""
{txt}
{note}
how many advisor–student links in total?""", G)


def relay_translation():
    fam = "literary agent tracking relay translations of a novel"
    rows = [("Icelandic", "English"), ("Icelandic", "Danish"), ("English", "Japanese"), ("English", "Portuguese"),
            ("English", "Turkish"), ("Danish", "German"), ("German", "Czech"), ("German", "Hungarian"),
            ("Japanese", "Korean")]
    G = dgraph(rows)
    mail = """Dear Karin,

As promised, how the translations of the novel were made (X → Y means the Y edition was translated from X):
""" + "\n".join(f"{a} → {b}" for a, b in rows) + """

Best, Magnús"""
    is_tree(fam, "email", f"""
{mail}

Is every edition traceable to the Icelandic original through exactly one chain of translations?""", G)
    route(fam, "email", f"""
{mail}

how many translation steps separate the Korean edition from the original?""", G, "Icelandic", "Korean")
    value(fam, "email", "node_count", f"""
{mail}

how many language editions are there, counting the original?""", G, "node_count", G.number_of_nodes(),
          tools=["node_count", "order"])
    nbrs(fam, "email", f"""
{mail}

Which editions were translated directly from English?""", G, "English")


def chemicals():
    fam = "lab safety officer assigning chemical storage cabinets"
    pairs = [("nitric acid", "acetone"), ("nitric acid", "ethanol"), ("nitric acid", "sodium hydroxide"),
             ("sodium hydroxide", "hydrochloric acid"), ("hydrochloric acid", "bleach"), ("bleach", "ammonia"),
             ("bleach", "acetone"), ("hydrogen peroxide", "acetone"), ("hydrogen peroxide", "ethanol"),
             ("ammonia", "hydrochloric acid")]
    G = ugraph(pairs, nodes=["sodium chloride"])
    txt = "INCOMPATIBLE — do not store together:\n" + "\n".join(f"  {a}  ✗  {b}" for a, b in pairs) + \
          "\n(sodium chloride: no restrictions)"
    chrom(fam, "compat_chart", f"""
{txt}

Fewest cabinets so nothing incompatible shares one?""", G)
    bipartite(fam, "compat_chart", f"""
{txt}

Could we get away with just two cabinets?""", G)
    nbrs(fam, "compat_chart", f"""
{txt}

what can't go next to bleach?""", G, "bleach")
    aset(fam, "compat_chart", "non_neighbors", f"""
{txt}

Which of the other chemicals are fine to store with acetone?""", G, ["non_neighbors"],
         list(nx.non_neighbors(G, "acetone")), args={"node": "acetone"}, source="acetone")


def themepark():
    fam = "theme park ops manager looking at the park path map"
    pairs = [("Main Gate", "Carousel"), ("Carousel", "Log Flume"), ("Carousel", "Food Court"),
             ("Food Court", "Log Flume"), ("Food Court", "Haunted Mine"), ("Haunted Mine", "Dragon Coaster"),
             ("Dragon Coaster", "Splash Zone"), ("Log Flume", "Splash Zone"), ("Splash Zone", "Kiddie Land"),
             ("Kiddie Land", "Petting Farm"), ("Haunted Mine", "Sky Wheel"), ("Sky Wheel", "Dragon Coaster"),
             ("Food Court", "First Aid"), ("Main Gate", "Gift Shop")]
    G = ugraph(pairs)
    ids = {n: f"n{i}" for i, n in enumerate(G)}
    mer = "graph LR\n" + "\n".join(f"  {ids[a]}[{a}] --- {ids[b]}[{b}]" for a, b in pairs)
    aset(fam, "mermaid", "center", f"""
```mermaid
{mer}
```
We want to put the new info kiosk where the furthest attraction is as few path segments away as possible. Which spot(s)?""",
         G, ["center"], nx.center(G))
    between(fam, "mermaid", f"""
```mermaid
{mer}
```
what's the (normalised) betweenness centrality of Food Court on this path map?""", G, "Food Court")
    artic(fam, "mermaid", f"""
```mermaid
{mer}
```
Which junctions, if closed for maintenance, would cut part of the park off?""", G)
    route(fam, "mermaid", f"""
```mermaid
{mer}
```
fewest path segments from Gift Shop to Petting Farm?""", G, "Gift Shop", "Petting Farm")
    closeness(fam, "mermaid", f"""
Need the closeness centrality of the Haunted Mine for my report. Park map source:
```mermaid
{mer}
```""", G, "Haunted Mine")


def trade():
    fam = "economics student exploring a free-trade agreement network"
    pairs = [("Chile", "Peru"), ("Chile", "Mexico"), ("Peru", "Mexico"), ("Mexico", "Canada"), ("Canada", "Chile"),
             ("Canada", "Peru"), ("Japan", "Mexico"), ("Japan", "Chile"), ("Japan", "Australia"),
             ("Australia", "Chile"), ("Australia", "New Zealand"), ("New Zealand", "Chile"), ("Vietnam", "Japan"),
             ("Vietnam", "Chile")]
    G = ugraph(pairs)
    js = json.dumps({"agreements": [{"parties": [a, b]} for a, b in pairs]})
    clustering(fam, "json_api", f"""
{js}

(that's from the trade database API). Average clustering coefficient of this FTA network?""", G)
    value(fam, "json_api", "transitivity", f"""
{js}
what's the transitivity of this network?""", G, "transitivity", nx.transitivity(G))
    value(fam, "json_api", "density", f"""
How dense is this network — what share of all possible country pairs actually have an agreement?
{js}""", G, "density", nx.density(G))
    jaccard(fam, "json_api", f"""
{js}
Jaccard similarity of Peru's and Japan's agreement partners?""", G, "Peru", "Japan")
    kcore(fam, "json_api", f"""
{js}

Which countries are in the 3-core (each has agreements with at least 3 others inside the group)?""", G, 3)


def murder_mystery():
    fam = "host of a murder-mystery dinner party checking the secrets web"
    knows = [("Colonel Mustard", "Lady Ashworth"), ("Lady Ashworth", "the Vicar"), ("the Vicar", "Colonel Mustard"),
             ("Dr Black", "the Vicar"), ("Miss Scarlett", "Dr Black"), ("the Butler", "Miss Scarlett"),
             ("the Butler", "Lady Ashworth"), ("Professor Plum", "the Butler")]
    G = dgraph(knows, nodes=["Mrs Peacock"])
    notes = "\n".join(f"- {a} knows {b}'s secret" for a, b in knows) + "\n- Mrs Peacock: knows nobody's secret, nobody knows hers"
    preds(fam, "host_notes", f"""
Character sheets cheat list:
{notes}

Who knows the Vicar's secret?""", G, "the Vicar")
    reach(fam, "host_notes", f"""
{notes}

If each guest can blackmail the people whose secret they know into spilling the secrets THEY know, can Professor Plum eventually learn Colonel Mustard's secret?""",
          G, "Professor Plum", "Colonel Mustard")
    scc_count(fam, "host_notes", f"""
{notes}

How many strongly connected groups are there (people who can all get each other's secrets by chaining), loners counted?""",
              G)
    edge_there(fam, "host_notes", f"""
{notes}

Does Dr Black know Miss Scarlett's secret directly?""", G, "Dr Black", "Miss Scarlett")
    refuse(fam, "host_notes", "no_graph_answer", f"""
{notes}

so who's the murderer?""", G, "a whodunit: the secrets web does not decide who the murderer is")


def seaplane():
    fam = "travel agent planning seaplane hops between atolls"
    rows = [("Malé", "Baa Atoll", 35), ("Malé", "Ari Atoll", 25), ("Ari Atoll", "Baa Atoll", 30),
            ("Baa Atoll", "Raa Atoll", 20), ("Ari Atoll", "Vaavu", 28), ("Vaavu", "Meemu", 18),
            ("Raa Atoll", "Lhaviyani", 22)]
    G = ugraph(rows, nodes=["Addu"])
    tbl = "ROUTE                 MIN\n" + "\n".join(f"{a + ' - ' + b:<22}{w}" for a, b, w in rows) + \
          "\n(Addu: domestic jet only, no seaplane)"
    route(fam, "fixed_width", f"""
seaplane legs this season (either direction):
{tbl}

Guest is at Meemu and wants to get to Lhaviyani — least flying time in minutes?""", G, "Meemu", "Lhaviyani")
    route(fam, "fixed_width", f"""
{tbl}

how long by seaplane from Malé to Addu?""", G, "Malé", "Addu")
    connected(fam, "fixed_width", f"""
{tbl}

is every place here connected to every other by seaplane, possibly with changes?""", G)
    refuse(fam, "fixed_width", "no_graph", """
Can you tell me the quickest seaplane routing from Malé to Fuvahmulah? I don't have the schedule on me but you probably know it.""",
           None, "no route data is given")


def zigbee():
    fam = "home-automation tinkerer reading a Zigbee network map"
    links = [("Coordinator", "Plug Hall"), ("Coordinator", "Plug Kitchen"), ("Plug Hall", "Bulb Landing"),
             ("Plug Hall", "Sensor Door"), ("Plug Kitchen", "Sensor Fridge"), ("Plug Kitchen", "Plug Garage"),
             ("Plug Garage", "Sensor Shed"), ("Bulb Landing", "Sensor Bath"), ("Bulb Landing", "Bulb Bedroom")]
    G = ugraph(links)
    dot = "graph zigbee {\n" + "\n".join(f'  "{a}" -- "{b}" [label="lqi {90 - 7 * i}"];' for i, (a, b) in
                                         enumerate(links)) + "\n}"
    is_tree(fam, "dot", f"""
zigbee2mqtt networkmap (graphviz) output:

{dot}

Is my mesh actually just a tree right now (no redundant routes)?""", G)
    artic(fam, "dot", f"""
{dot}

which devices, if unplugged, would strand other devices from the coordinator?""", G)
    route(fam, "dot", f"""
{dot}

how many hops is Sensor Shed from the Coordinator?""", G, "Coordinator", "Sensor Shed")
    refuse(fam, "dot", "weights_misused", f"""
{dot}

Which route from Sensor Bath to the Coordinator has the best overall link quality, multiplying the LQIs?""", G,
           "a product of link qualities: no catalogue tool maximises a product of edge labels")


def quiz_refusals():
    """Realistic requests no catalogue tool answers or with the graph missing."""
    fam = "mixed requests no tool should answer"
    G = ugraph([("Ada", "Bo"), ("Bo", "Cai"), ("Cai", "Ada"), ("Cai", "Dina"), ("Dina", "Eun"), ("Eun", "Cai"),
                ("Bo", "Dina")])
    txt = "Ada-Bo, Bo-Cai, Cai-Ada, Cai-Dina, Dina-Eun, Eun-Cai, Bo-Dina"
    refuse("book swap circle", "inline_pairs", "no_tool_clique", f"""
Book swap circle, who's swapped with whom: {txt}.
What's the biggest group where every pair has swapped with each other?""", G,
           "maximum clique: no catalogue tool computes it")
    refuse("book swap circle", "inline_pairs", "no_tool_independent", f"""
swaps so far: {txt}
I want to pick as many people as possible who have NOT swapped with each other, for a fresh round. How many?""", G,
           "maximum independent set: no catalogue tool computes it")
    refuse("book swap circle", "inline_pairs", "no_tool_longest", f"""
{txt} (swaps)
what's the longest chain of swaps with no one repeated?""", G, "longest simple path: no catalogue tool computes it")
    G2 = ugraph([("Depot", "Farm A", 4), ("Farm A", "Farm B", 3), ("Depot", "Farm B", 8), ("Farm B", "Farm C", 2),
                 ("Farm A", "Farm C", 6)])
    refuse("egg round", "inline_pairs", "no_tool_kth", """
Egg round, distances in miles: Depot–Farm A 4, Farm A–Farm B 3, Depot–Farm B 8, Farm B–Farm C 2, Farm A–Farm C 6.
The shortest way to Farm C is blocked by roadworks — what's the second-shortest route from the Depot?""", G2,
           "second-shortest path: no catalogue tool computes k shortest paths")
    refuse("egg round", "inline_pairs", "no_tool_avoid", """
Depot–Farm A 4 mi, Farm A–Farm B 3, Depot–Farm B 8, Farm B–Farm C 2, Farm A–Farm C 6.
Shortest from the Depot to Farm C without going through Farm B (the bridge there is out)?""", G2,
           "a shortest path avoiding a node: no single catalogue tool call expresses the constraint")
    refuse(fam, "prose", "no_graph", """
What's the shortest path from my house to my office? I drive it every day, it's about 20 minutes.""", None,
           "no graph is given")
    refuse(fam, "prose", "no_tool_isomorphism", """
Two club structures: club one has Ann–Bea, Bea–Cat, Cat–Ann, Cat–Dot. Club two has Wu–Xi, Xi–Yo, Yo–Zed, Zed–Wu.
Are these two clubs structured the same way (same shape of friendships)?""", None,
           "graph isomorphism between two graphs: no catalogue tool compares two graphs")
    refuse(fam, "prose", "partial_graph", """
Attached is our office seating graph (seating.xlsx). Which desk cluster is the biggest?""", None,
           "the data is in an attachment that is not included")
    refuse(fam, "prose", "weights_missing", """
Hiking huts: Alpha–Beta, Beta–Gamma, Alpha–Gamma, Gamma–Delta. Which is the quickest route from Alpha to Delta in hours?""",
           ugraph([("Alpha", "Beta"), ("Beta", "Gamma"), ("Alpha", "Gamma"), ("Gamma", "Delta")]),
           "quickest in hours, but no times are given; only links")
    refuse(fam, "prose", "no_tool_vertex_cover", """
Corridors in the dorm: 1-2, 2-3, 3-4, 4-1, 2-4, 4-5. Where should we put the fewest RAs so every corridor has an RA at one of its ends?""",
           ugraph([("1", "2"), ("2", "3"), ("3", "4"), ("4", "1"), ("2", "4"), ("4", "5")]),
           "minimum vertex cover: no catalogue tool computes it")
    refuse(fam, "prose", "no_tool_dominating", """
Village lanes: Mill–Church, Church–Green, Green–Forge, Forge–Mill, Green–Pond. Fewest defibrillator sites so every place either has one or is one lane from one?""",
           ugraph([("Mill", "Church"), ("Church", "Green"), ("Green", "Forge"), ("Forge", "Mill"), ("Green", "Pond")]),
           "minimum dominating set: no catalogue tool computes it")
    refuse(fam, "prose", "no_tool_steiner", """
Fibre-free village plan: Hall–Pub 300 m, Pub–School 200 m, Hall–School 450 m, School–Farm 600 m, Pub–Farm 700 m, Hall–Church 250 m.
Cheapest set of trenches connecting just the Hall, the School and the Farm (others optional)?""",
           ugraph([("Hall", "Pub", 300), ("Pub", "School", 200), ("Hall", "School", 450), ("School", "Farm", 600),
                   ("Pub", "Farm", 700), ("Hall", "Church", 250)]),
           "a Steiner tree over chosen terminals: no catalogue tool computes it")


def main():
    for f in [airport, ant_nest, zine, cattle, ansible, neurons, coalition, wifi, surgery, cables, windfarm,
              pneumatic, tankfarm, dialects, twinning, roman, chatbot, foreign_keys, genes, pollinators, jobfair,
              canoe, word_ladder, dominoes, embroidery, photowalk, piano, rowing, satellites, bikeshare, advisors,
              relay_translation, chemicals, themepark, trade, murder_mystery, seaplane, zigbee, quiz_refusals]:
        f()
    out = os.path.join(sys.argv[1], "batch16.jsonl")
    with open(out, "w", encoding="utf-8") as fh:
        for i, it in enumerate(ITEMS):
            rec = {"id": f"z{i + 1:03d}"}
            rec.update(it)
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    if os.environ.get("B16_VARGS"):
        with open(os.environ["B16_VARGS"], "w", encoding="utf-8") as fh:
            json.dump([{"id": f"z{i + 1:03d}", "vargs": va} for i, va in enumerate(VARGS)], fh, ensure_ascii=False)


if __name__ == "__main__":
    main()
