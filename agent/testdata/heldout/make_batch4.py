#!/usr/bin/env python3
"""Write batch4.jsonl: a blind held-out batch of graph questions as people
paste them (dispatchers, students, DevOps engineers, genealogists, ...).

Written without looking at how graphagent reads questions. Every graph is
built here with NetworkX first; the question text is rendered from that
graph, and the answer is what NetworkX computes on it.

Conventions (judgeUnderstanding / judgeHeldout in agent/*_test.go):
  * "path": answer is the optimal length; key "length" (shortest_path's
    {length, path}); any optimal path is accepted.
  * "dag": answer is whether the graph is acyclic; topological_sort (an
    order) and cycle_check (negated, via neg_tools) are both right.
  * refuse=true items with "no tool computes X": check/tools describe a
    future tool (predecessors, jaccard, transitivity, ...) and if_answered
    holds NetworkX's answer.
  * sources/sinks of a DAG are degree_distribution's min_nodes with
    direction in/out (min in-degree of a DAG is 0).

Usage: python3 make_batch4.py [OUTDIR]   (default: this file's folder)
"""

import json
import os
import sys

import networkx as nx

ITEMS = []


def _num(x):
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def graph(edges, directed=False, nodes=(), weighted=None):
    """Build a graph from [(u, v)] or [(u, v, w)]; isolated nodes via nodes."""
    G = nx.DiGraph() if directed else nx.Graph()
    for n in nodes:
        G.add_node(n)
    for e in edges:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2], capacity=e[2])
        else:
            G.add_edge(e[0], e[1])
    G.graph["weighted"] = any(len(e) == 3 for e in edges) if weighted is None else weighted
    G.graph["elist"] = [tuple(e) for e in edges]
    return G


def S(edges):
    """Edges with the node names as strings (numbered nodes)."""
    return [tuple(str(x) if i < 2 else x for i, x in enumerate(e)) for e in edges]


def E(G):
    """G's edges as (u, v) in the order and orientation they were given."""
    if "elist" in G.graph:
        return [(e[0], e[1]) for e in G.graph["elist"]]
    return list(G.edges())


def EW(G):
    """G's edges as (u, v, {"weight": w}) in the order they were given."""
    if "elist" in G.graph:
        return [(e[0], e[1], {"weight": e[2]} if len(e) > 2 else {}) for e in G.graph["elist"]]
    return list(G.edges(data=True))


def add(family, task, question, G, check="value", answer=None, key="", tools=(),
        refuse=False, why="", source=None, target=None, if_answered=None,
        neg_tools=None, also=None):
    w = G.graph.get("weighted", False)
    edges = []
    for u, v, d in EW(G):
        edges.append([str(u), str(v), _num(d["weight"])] if w else [str(u), str(v)])
    assert len(edges) == G.number_of_edges()
    it = {
        "id": "d%03d" % (len(ITEMS) + 1),
        "family": family,
        "notation": family,
        "question": question.strip("\n"),
        "task": task,
        "check": check,
        "answer": answer,
        "key": key,
        "tools": list(tools),
        "refuse": refuse,
        "why": why,
        "directed": G.is_directed(),
        "weighted": w,
        "nodes": [str(n) for n in G.nodes],
        "edges": edges,
    }
    if source is not None:
        it["source"] = source
    if target is not None:
        it["target"] = target
    if neg_tools:
        it["neg_tools"] = list(neg_tools)
    if also:
        it["also"] = also
    if if_answered is not None:
        it["if_answered"] = if_answered
    ITEMS.append(it)


# ---- answer helpers (NetworkX) ---------------------------------------------

def wdist(G, s, t):
    return _num(nx.dijkstra_path_length(G, s, t, weight="weight"))


def hops(G, s, t):
    return nx.shortest_path_length(G, s, t)


def mst_weight(G):
    return _num(sum(d["weight"] for _, _, d in nx.minimum_spanning_tree(G, weight="weight").edges(data=True)))


def ncomp(G):
    return nx.number_weakly_connected_components(G) if G.is_directed() else nx.number_connected_components(G)


def comps(G):
    return sorted(sorted(c) for c in nx.connected_components(G))


def max_degree_nodes(G):
    m = max(d for _, d in G.degree())
    return sorted(n for n, d in G.degree() if d == m)


def flow(G, s, t):
    return _num(nx.maximum_flow_value(G, s, t, capacity="capacity"))


def matching_size(G):
    return len(nx.max_weight_matching(G, maxcardinality=True))


def has_ham_path(G):
    n = G.number_of_nodes()
    nodes = list(G.nodes)
    idx = {v: i for i, v in enumerate(nodes)}
    adj = [0] * n
    for u, v in G.edges():
        adj[idx[u]] |= 1 << idx[v]
        if not G.is_directed():
            adj[idx[v]] |= 1 << idx[u]
    dp = [0] * (1 << n)
    for i in range(n):
        dp[1 << i] = 1 << i
    for mask in range(1 << n):
        ends = dp[mask]
        if not ends:
            continue
        for i in range(n):
            if ends >> i & 1:
                nxt = adj[i] & ~mask
                j = 0
                while nxt:
                    if nxt & 1:
                        dp[mask | 1 << j] |= 1 << j
                    nxt >>= 1
                    j += 1
    return dp[(1 << n) - 1] != 0


def sources(G):
    return sorted(n for n in G if G.in_degree(n) == 0)


def sinks(G):
    return sorted(n for n in G if G.out_degree(n) == 0)


def sorted_succ(G, n):
    return sorted(G.successors(n)) if G.is_directed() else sorted(G.neighbors(n))


def sorted_pred(G, n):
    return sorted(G.predecessors(n))


def jaccard(G, a, b):
    return list(nx.jaccard_coefficient(G, [(a, b)]))[0][2]


PATH_TOOLS = ["shortest_path", "shortest_path_length"]
NOPRED = "no tool computes predecessors (in-neighbours) of a node in a directed graph"
DAG = dict(check="dag", tools=["topological_sort"], neg_tools=["cycle_check"])


def need_unique_max(G):
    m = max_degree_nodes(G)
    assert len(m) == 1, m
    return m


# ============================================================================
# 1. Logistics dispatcher: route tables out of spreadsheets and wikis.
# ============================================================================
F = "b4_dispatcher"
uk = graph([("Leeds", "York", 40), ("Leeds", "Manchester", 70), ("York", "Hull", 60),
            ("Manchester", "Sheffield", 60), ("Leeds", "Sheffield", 55),
            ("Sheffield", "Nottingham", 70), ("Hull", "Nottingham", 150),
            ("York", "Sheffield", 80), ("Nottingham", "Leicester", 45),
            ("Sheffield", "Leicester", 110), ("Manchester", "Stoke", 65),
            ("Stoke", "Leicester", 120)])
tsv = "Origin\tDestination\tDistance\n" + "\n".join(
    f"{u}\t{v}\t{d['weight']} km" for u, v, d in EW(uk))
add(F, "shortest_path", f"""
Copied this straight out of our depot sheet:

{tsv}

All roads are two-way. What's the shortest distance by road from Hull to Leicester?
""", uk, "path", wdist(uk, "Hull", "Leicester"), "length", PATH_TOOLS, source="Hull", target="Leicester")

md = "| Road | Length |\n|------|--------|\n" + "\n".join(
    f"| {u} – {v} | {d['weight']} km |" for u, v, d in EW(uk))
add(F, "mst", f"""
From the ops wiki (Northern region roads):

{md}

The council will only grit some of these roads this winter. We need every depot to still be reachable from every other one over gritted roads, and we want as few km gritted as possible. How many km of road is that in total?
""", uk, "value", mst_weight(uk), "total_weight", ["minimum_spanning_tree"])

add(F, "refuse_no_times", f"""
{tsv}

How many minutes does the drive from Leeds to Leicester take for one of our 7.5 t trucks?
""", uk, refuse=True, why="the table gives distances in km only, no travel times or speeds")

lanes = graph([("ATL", "CHI", 420), ("ATL", "DAL", 310), ("DAL", "DEN", 380),
               ("CHI", "DEN", 290), ("DEN", "SEA", 510), ("CHI", "SEA", 880),
               ("DAL", "PHX", 260), ("PHX", "SEA", 640), ("SEA", "PDX", 120),
               ("PHX", "DEN", 150)], directed=True)
lane_txt = "\n".join(f"{u} -> {v}   ${d['weight']}" for u, v, d in EW(lanes))
add(F, "shortest_path", f"""
Carrier lane rates this quarter (one-way lanes, price per trailer):

{lane_txt}

Cheapest way to get a trailer from ATL to SEA using these lanes — what does it cost?
""", lanes, "path", wdist(lanes, "ATL", "SEA"), "length", PATH_TOOLS, source="ATL", target="SEA")

add(F, "reachability", f"""
lane sheet (one-way):
{lane_txt}

Customer in Seattle wants to send empties back to Atlanta. With only these lanes, is there any sequence of lanes that gets a trailer from SEA to ATL at all?
""", lanes, "value", nx.has_path(lanes, "SEA", "ATL"), "", ["path_exists"], source="SEA", target="ATL")

add(F, "refuse_missing_node", f"""
{lane_txt}

(one-way lanes, $ per trailer). What's the cheapest lane sequence from ATL to Miami (MIA)?
""", lanes, refuse=True, why="MIA is not in the lane table")

# ============================================================================
# 2. Student pasting a textbook / course-site exercise verbatim.
# ============================================================================
F = "b4_textbook"
eu = graph([("a", "b"), ("a", "c"), ("b", "c"), ("b", "d"), ("b", "e"), ("c", "d"),
            ("c", "e"), ("d", "e"), ("d", "f"), ("e", "f")])
es = ", ".join(u + v for u, v in E(eu))
assert nx.is_eulerian(eu)
add(F, "euler_circuit", f"""
Exercise 4.2. Let G be the graph with vertex set V = {{a, b, c, d, e, f}} and edge set
E = {{{es}}}.
(a) Does G have an Euler circuit? Justify your answer.
""", eu, "value", nx.is_eulerian(eu), "circuit", ["euler_path", "euler_circuit"])

bp = graph([(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (1, 6), (3, 7), (6, 7)])
bp = nx.relabel_nodes(bp, str)
bp.graph["weighted"] = False
add(F, "bipartite", """
Problem 3 (2 pts). Determine whether the graph H below is bipartite. If it is, give the bipartition; if not, explain why.
V(H) = {1, 2, 3, 4, 5, 6, 7}
E(H) = {""" + ", ".join("{%s,%s}" % e for e in E(bp)) + "}", bp, "value", nx.is_bipartite(bp), "bipartite", ["is_bipartite"])

pet = nx.relabel_nodes(nx.petersen_graph(), str)
pet.graph["weighted"] = False
assert has_ham_path(pet)
add(F, "hamiltonian", """
10.5 #22. The Petersen graph has vertices 0-9 and edges
""" + "; ".join("%s-%s" % e for e in E(pet)) + """.
Does the Petersen graph have a Hamilton path? If so, exhibit one.
""", pet, "hamilton", True, "", ["hamiltonian_path"])

A = [[0, 1, 1, 0, 1], [1, 0, 1, 1, 0], [1, 1, 0, 1, 1], [0, 1, 1, 0, 1], [1, 0, 1, 1, 0]]
am = graph([("v%d" % (i + 1), "v%d" % (j + 1)) for i in range(5) for j in range(i + 1, 5) if A[i][j]])
rows = "\n".join("    [" + " ".join(map(str, r)) + "]" for r in A)
add(F, "edge_count", f"""
Q2. A simple undirected graph G on vertices v1, ..., v5 has adjacency matrix

{rows}

(row i, column j is 1 when vi and vj are adjacent). How many edges does G have?
""", am, "value", am.number_of_edges(), "", ["edge_count", "size"])

al = graph([("v1", "v2"), ("v1", "v3"), ("v2", "v3"), ("v2", "v4"), ("v3", "v5"),
            ("v4", "v5"), ("v4", "v6"), ("v5", "v6"), ("v3", "v6")])
lst = "\n".join(f"  {n}: " + ", ".join(sorted(al.neighbors(n))) for n in al.nodes)
add(F, "degree", f"""
Exercise 5.1. The undirected graph G is given by its adjacency list:
{lst}
Find deg(v3). Then verify the handshake lemma.
""", al, "value", al.degree("v3"), "", ["degree"])

rz = graph([("a", "b", 4), ("a", "c", 2), ("b", "c", 1), ("b", "d", 5), ("c", "d", 8),
            ("c", "e", 10), ("d", "e", 2), ("d", "z", 6), ("e", "z", 3)])
rzt = ", ".join(f"{u}–{v} ({d['weight']})" for u, v, d in EW(rz))
add(F, "shortest_path", f"""
7. Use Dijkstra's algorithm to find the length of a shortest path between a and z in the weighted graph with edges {rzt}.
""", rz, "path", wdist(rz, "a", "z"), "length", PATH_TOOLS, source="a", target="z")

# ============================================================================
# 3. DevOps engineer: service / package dependencies.
# ============================================================================
F = "b4_devops"
svc = graph([("postgres", "auth"), ("postgres", "orders"), ("postgres", "catalog"),
             ("redis", "catalog"), ("kafka", "orders"), ("kafka", "notifications"),
             ("auth", "api-gateway"), ("orders", "api-gateway"), ("catalog", "api-gateway"),
             ("api-gateway", "frontend")], directed=True)
add(F, "topological_sort", """
Each line "A -> B" means A has to be up and healthy before B can start:

""" + "\n".join(f"{u} -> {v}" for u, v in E(svc)) + """

Give me an order to start all of these in.
""", svc, "order", None, "", ["topological_sort"])

pk = graph([("pkg-core", "pkg-utils"), ("pkg-utils", "pkg-log"), ("pkg-log", "pkg-config"),
            ("pkg-config", "pkg-utils"), ("pkg-cli", "pkg-core"), ("pkg-cli", "pkg-config")],
           directed=True)
add(F, "dag", """
our monorepo's internal requirements after last night's merge:

""" + "\n".join(f"{u} requires {v}" for u, v in E(pk)) + """

the build hangs. is there a circular dependency somewhere?
""", pk, answer=nx.is_directed_acyclic_graph(pk), **DAG)

comp = graph([("db", "migrations"), ("db", "api"), ("migrations", "api"), ("cache", "api"),
              ("api", "worker"), ("cache", "worker"), ("api", "web"), ("web", "proxy")],
             directed=True)
yml = "services:\n" + "".join(
    f"  {s}:\n    image: acme/{s}:latest\n" +
    ("    depends_on:\n" + "".join(f"      - {p}\n" for p in sorted(comp.predecessors(s))) if comp.in_degree(s) else "")
    for s in ["proxy", "web", "worker", "api", "migrations", "cache", "db"])
add(F, "topological_sort", f"""
docker-compose.yml:

{yml}
In which order would these containers have to be started so every container's depends_on is already running?
""", comp, "order", None, "", ["topological_sort"])

dep = graph([("frontend", "api-gateway"), ("api-gateway", "auth"), ("api-gateway", "orders"),
             ("api-gateway", "catalog"), ("orders", "postgres"), ("orders", "kafka"),
             ("orders", "auth"), ("catalog", "postgres"), ("catalog", "redis"),
             ("auth", "postgres"), ("notifications", "kafka")], directed=True)
deptxt = "\n".join(f"- {s} depends on " + ", ".join(dep.successors(s)) for s in dep if dep.out_degree(s))
add(F, "neighbors", f"""
Service dependency notes (from the architecture page):

{deptxt}

What does orders depend on directly?
""", dep, "set", sorted_succ(dep, "orders"), "", ["neighbors"])

add(F, "refuse_opinion", f"""
{deptxt}

Should we split orders into two microservices, or is that overkill for a team of four?
""", dep, refuse=True, why="an architecture opinion, not something the dependency graph answers")

ci = graph([("lint", "unit-test"), ("unit-test", "build"), ("build", "integration-test"),
            ("db-migrate", "deploy"), ("integration-test", "deploy"), ("security-scan", "deploy"),
            ("build", "security-scan"), ("deploy", "smoke-test")], directed=True)
add(F, "predecessors", """
Pipeline stages (X before Y means Y can't start until X is done):
""" + "\n".join(f"{u} before {v}" for u, v in E(ci)) + """

What must finish right before deploy can run, i.e. which stages does deploy wait on directly?
""", ci, "set", sorted_pred(ci, "deploy"), "", ["predecessors"], refuse=True, why=NOPRED,
    if_answered=sorted_pred(ci, "deploy"))

# ============================================================================
# 4. Genealogist describing a family tree (edges parent -> child).
# ============================================================================
F = "b4_genealogy"
fam = graph([("Ana", "Carmen"), ("Luis", "Carmen"), ("Ana", "Jorge"), ("Luis", "Jorge"),
             ("Carmen", "Lucía"), ("Pedro", "Lucía"), ("Carmen", "Tomás"), ("Pedro", "Tomás"),
             ("Carmen", "Inés"), ("Pedro", "Inés"),
             ("Jorge", "Sofía"), ("Elena", "Sofía"), ("Tomás", "Mateo"), ("Irene", "Mateo")],
            directed=True)
story = """Ana and Luis had two children, Carmen and Jorge. Carmen married Pedro; their children are Lucía, Tomás and Inés. Jorge and his wife Elena have one daughter, Sofía. Tomás and Irene are the parents of little Mateo."""
add(F, "out_degree", f"""
I'm putting together my grandmother's side of the family:

{story}

How many children does Carmen have?
""", fam, "value", fam.out_degree("Carmen"), "", ["degree"])

pairs = "\n".join(f"{u} -> {v}" for u, v in E(fam))
add(F, "reachability", f"""
Family tree export, one line per parent -> child link:
{pairs}

Is Mateo a descendant of Ana?
""", fam, "value", nx.has_path(fam, "Ana", "Mateo"), "", ["path_exists"], source="Ana", target="Mateo")

add(F, "predecessors", f"""
{story}

Who are Tomás's parents?
""", fam, "set", sorted_pred(fam, "Tomás"), "", ["predecessors"], refuse=True, why=NOPRED,
    if_answered=sorted_pred(fam, "Tomás"))

add(F, "node_count", f"""
Parent -> child links I have so far:
{pairs}

How many different people are in this tree?
""", fam, "value", fam.number_of_nodes(), "", ["node_count", "order"])

add(F, "shortest_path", f"""
{story}

Counting parent-to-child steps, how many generations down from Luis is Mateo?
""", fam, "path", hops(fam, "Luis", "Mateo"), "length", PATH_TOOLS, source="Luis", target="Mateo")

add(F, "refuse_no_data", f"""
{story}

How old was Ana when Carmen was born?
""", fam, refuse=True, why="the tree has no birth dates or ages")

# ============================================================================
# 5. Community manager: who follows whom (edges follower -> followed).
# ============================================================================
F = "b4_social_follow"
fol = graph([("ana", "ben"), ("ana", "cara"), ("ben", "cara"), ("cara", "ana"), ("dev", "ana"),
             ("dev", "cara"), ("dev", "gus"), ("eli", "dev"), ("fay", "eli"), ("eli", "fay"),
             ("gus", "cara"), ("cara", "gus"), ("hal", "ana")], directed=True)
csv = "follower,followed\n" + "\n".join(f"{u},{v}" for u, v in E(fol))
add(F, "neighbors", f"""
Export from the admin panel:

{csv}

Who does dev follow?
""", fol, "set", sorted_succ(fol, "dev"), "", ["neighbors"])

chat = "\n".join(f"@{u} follows @{v}" for u, v in E(fol))
add(F, "in_degree", f"""
{chat}

how many followers does @cara have?
""", fol, "value", fol.in_degree("cara"), "", ["degree"])

add(F, "predecessors", f"""
Follow graph for the beta group:
{chat}

Who follows @ana?
""", fol, "set", sorted_pred(fol, "ana"), "", ["predecessors"], refuse=True, why=NOPRED,
    if_answered=sorted_pred(fol, "ana"))

adjl = "\n".join(f"{u} → " + ", ".join(fol.successors(u)) for u in fol if fol.out_degree(u))
add(F, "out_degree", f"""
Here's who each account follows:
{adjl}

How many accounts does eli follow?
""", fol, "value", fol.out_degree("eli"), "", ["degree"])

add(F, "scc_count", f"""
{csv}

If I group accounts so that everyone in a group can reach everyone else in it by following follow-links (in the follow direction), how many groups are there?
""", fol, "value", nx.number_strongly_connected_components(fol), "count", ["strongly_connected_components"])

add(F, "reachability", f"""
{chat}

Is there a chain of follows leading from @gus to @fay (gus follows someone who follows someone ... who follows fay)?
""", fol, "value", nx.has_path(fol, "gus", "fay"), "", ["path_exists"], source="gus", target="fay")

# ============================================================================
# 6. Teacher: which kids are friends, groups.
# ============================================================================
F = "b4_teacher_friends"
kids = graph([("Mia", "Leo"), ("Leo", "Ava"), ("Ava", "Mia"), ("Ava", "Noah"), ("Noah", "Sam"),
              ("Ava", "Sam"), ("Zoe", "Kai"), ("Kai", "Ivy"), ("Ivy", "Zoe"), ("Ivy", "Ben")],
             nodes=["Mia", "Leo", "Ava", "Noah", "Sam", "Zoe", "Kai", "Ivy", "Ben", "Tia"])
ktxt = ". ".join(f"{u} and {v} are friends" for u, v in E(kids)) + ". Tia is new and has no friends in the class yet."
add(F, "components_count", f"""
Notes from the start of term, 3B: {ktxt}

How many separate friend groups are there in the class (counting Tia on her own)?
""", kids, "value", ncomp(kids), "count", ["connected_components"])

add(F, "components", f"""
Who's friends with whom in my class:
""" + "\n".join(f"{u} - {v}" for u, v in E(kids)) + """
Tia (no friends yet)

Can you list the separate friendship groups?
""", kids, "partition", comps(kids), "components", ["connected_components"])

add(F, "max_degree", f"""
{ktxt}

Which child has the most friends?
""", kids, "set", need_unique_max(kids), "max_nodes", ["degree_distribution"])

add(F, "triangles", f"""
{ktxt}

I'd like to seat kids in trios where all three are friends with each other. How many such trios exist?
""", kids, "value", sum(nx.triangles(kids).values()) // 3, "triangles", ["triangle_count"])

add(F, "jaccard", f"""
{ktxt}

What's the Jaccard similarity between Mia's and Noah's friend sets?
""", kids, "value", jaccard(kids, "Mia", "Noah"), "", ["jaccard"], refuse=True,
    why="no tool computes the Jaccard similarity of two nodes' neighbourhoods",
    if_answered=jaccard(kids, "Mia", "Noah"))

add(F, "refuse_not_in_data", f"""
{ktxt}

Which of these kids is the smartest?
""", kids, refuse=True, why="the friendships say nothing about the children's abilities")

cls = graph([("Omar", "Pia"), ("Pia", "Quinn"), ("Quinn", "Rosa"), ("Rosa", "Omar"),
             ("Rosa", "Sven"), ("Sven", "Tara"), ("Tara", "Uma"), ("Uma", "Sven"), ("Tara", "Omar")])
add(F, "bipartite", """
Gym class, pairs who are friends: """ + "; ".join(f"{u}/{v}" for u, v in E(cls)) + """.
I want two teams with no two friends on the same team (they goof off). Is that possible?
""", cls, "value", nx.is_bipartite(cls), "bipartite", ["is_bipartite"])

# ============================================================================
# 7. Game designer: dungeon rooms and corridors.
# ============================================================================
F = "b4_dungeon"
dun = graph([("Entrance", "Guard Room"), ("Guard Room", "Armory"), ("Guard Room", "Great Hall"),
             ("Armory", "Great Hall"), ("Great Hall", "Library"), ("Great Hall", "Kitchen"),
             ("Kitchen", "Cellar"), ("Library", "Chapel"), ("Chapel", "Crypt"),
             ("Library", "Throne Room"), ("Chapel", "Throne Room"), ("Throne Room", "Treasure Vault")])
dtxt = "\n".join(f"{u} <-> {v}" for u, v in E(dun))
add(F, "shortest_path", f"""
Level 3 layout (corridors, walkable both ways):
{dtxt}

What's the fewest number of corridors a player has to walk through to get from the Entrance to the Treasure Vault?
""", dun, "path", hops(dun, "Entrance", "Treasure Vault"), "length", PATH_TOOLS,
    source="Entrance", target="Treasure Vault")

add(F, "bridges", f"""
corridors = [
""" + "\n".join(f'  ("{u}", "{v}"),' for u, v in E(dun)) + f"""
]

For pacing I want to know how many corridors are chokepoints: corridors that, if a cave-in blocked them, would cut the dungeon into two parts. How many are there?
""", dun, "value", len(list(nx.bridges(dun))), "count", ["bridges"])

add(F, "articulation_points", f"""
{dtxt}

Which rooms are chokepoints, in the sense that if a boss stood in that room you couldn't get around it to the rooms beyond?
""", dun, "set", sorted(nx.articulation_points(dun)), "nodes", ["articulation_points"])

dun2 = graph([("Gate", "Hall"), ("Hall", "Well"), ("Well", "Gate"), ("Hall", "Forge"),
              ("Forge", "Vault"), ("Vault", "Hall"), ("Well", "Pit")])
assert nx.has_eulerian_path(dun2)
add(F, "euler_path", """
Small side dungeon for the tutorial. Corridors: Gate–Hall, Hall–Well, Well–Gate, Hall–Forge, Forge–Vault, Vault–Hall, Well–Pit.
There's an achievement for walking every corridor exactly once (you can start and end anywhere). Is it even achievable?
""", dun2, "value", nx.has_eulerian_path(dun2), "exists", ["euler_path"])

dun3 = graph(list(E(dun)) + [("Sealed Crypt", "Ossuary")])
dun3txt = dtxt + "\nSealed Crypt <-> Ossuary   (not linked to the rest yet)"
add(F, "nopath", f"""
Updated map:
{dun3txt}

Shortest route from the Entrance to the Ossuary?
""", dun3, "nopath", None, "", PATH_TOOLS, source="Entrance", target="Ossuary")

add(F, "refuse_hypothetical", f"""
{dtxt}

If I add a few more secret passages in the next patch, what will the shortest route from the Entrance to the Treasure Vault be?
""", dun, refuse=True, why="the new passages are not described, so the changed graph is unknown")

# ============================================================================
# 8. Network admin: router links with latencies.
# ============================================================================
F = "b4_netadmin"
net = graph([("R1", "R2", 4), ("R1", "R3", 9), ("R2", "R3", 3), ("R2", "R4", 7), ("R3", "R5", 2),
             ("R4", "R5", 6), ("R4", "R6", 5), ("R5", "R6", 8), ("R6", "R7", 3),
             ("R5", "R7", 12), ("R7", "R8", 2)])
shw = "\n".join(f"{u:<4}<-> {v:<4} latency {d['weight']}ms" for u, v, d in EW(net))
add(F, "shortest_path", f"""
$ ./linkdump --core
{shw}

what's the lowest-latency path from R1 to R8 and its total latency?
""", net, "path", wdist(net, "R1", "R8"), "length", PATH_TOOLS, source="R1", target="R8")

add(F, "diameter", f"""
Core links (latency in ms, links are bidirectional):
""" + "\n".join(f"{u},{v},{d['weight']}" for u, v, d in EW(net)) + """

Ignoring latency, what's the largest number of hops between any two routers (network diameter)?
""", net, "value", nx.diameter(net), "", ["diameter"])

add(F, "articulation_points", f"""
{shw}

Which routers are single points of failure, i.e. if that box dies some other routers can no longer reach each other?
""", net, "set", sorted(nx.articulation_points(net)), "nodes", ["articulation_points"])

add(F, "edge_count", f"""
{shw}

How many physical links are in this dump?
""", net, "value", net.number_of_edges(), "", ["edge_count"])

add(F, "refuse_no_bandwidth", f"""
{shw}

What's the available bandwidth between R1 and R8 right now?
""", net, refuse=True, why="the dump only gives latencies, no bandwidth or capacities")

# ============================================================================
# 9. Biologist: tab-separated protein interaction export with a header.
# ============================================================================
F = "b4_biologist_tsv"
ppi_e = [("TP53", "MDM2", 0.999), ("TP53", "CDKN1A", 0.998), ("TP53", "ATM", 0.991),
         ("TP53", "CHEK2", 0.987), ("TP53", "EP300", 0.979), ("TP53", "BRCA1", 0.962),
         ("ATM", "CHEK2", 0.995), ("ATM", "BRCA1", 0.981), ("BRCA1", "BARD1", 0.999),
         ("BRCA1", "RAD51", 0.993), ("BRCA1", "PALB2", 0.997), ("PALB2", "BRCA2", 0.999),
         ("BRCA2", "RAD51", 0.998), ("MDM2", "EP300", 0.941), ("CHEK2", "BRCA1", 0.956),
         ("MDM2", "CDKN1A", 0.902)]
ppiw = graph(ppi_e)
ppi = graph([(u, v) for u, v, _ in ppi_e])
tsvw = "#node1\tnode2\tcombined_score\n" + "\n".join(f"{u}\t{v}\t{w}" for u, v, w in ppi_e)
tsv2 = "protein_A\tprotein_B\n" + "\n".join(f"{u}\t{v}" for u, v, _ in ppi_e)
add(F, "degree", f"""
STRING export for my DNA-damage set:

{tsvw}

How many interaction partners does TP53 have in this network?
""", ppiw, "value", ppiw.degree("TP53"), "", ["degree"])

add(F, "common_neighbors", f"""
{tsv2}

Which proteins interact with both ATM and CHEK2?
""", ppi, "set", sorted(nx.common_neighbors(ppi, "ATM", "CHEK2")), "", ["common_neighbors"])

add(F, "clustering_node", f"""
Interaction list (undirected), tab-separated, header on line 1:
{tsv2}

What is the local clustering coefficient of MDM2?
""", ppi, "value", nx.clustering(ppi, "MDM2"), "", ["clustering_coefficient"])

add(F, "triangles", f"""
{tsv2}

How many closed triangles (three proteins all interacting pairwise) are in this network?
""", ppi, "value", sum(nx.triangles(ppi).values()) // 3, "triangles", ["triangle_count"])

add(F, "jaccard", f"""
{tsv2}

Compute the Jaccard index of the interaction neighbourhoods of ATM and CHEK2.
""", ppi, "value", jaccard(ppi, "ATM", "CHEK2"), "", ["jaccard"], refuse=True,
    why="no tool computes the Jaccard similarity of two nodes' neighbourhoods",
    if_answered=jaccard(ppi, "ATM", "CHEK2"))

add(F, "refuse_not_graph", f"""
{tsvw}

What does BARD1 actually do in the cell?
""", ppiw, refuse=True, why="a question about protein function, which the interaction list does not contain")

# ============================================================================
# 10. Manager: reporting lines in an org chart (edges manager -> report).
# ============================================================================
F = "b4_orgchart"
org = graph([("Kim", "Dana"), ("Kim", "Raj"), ("Kim", "Lena"), ("Dana", "Eli"), ("Dana", "Fern"),
             ("Raj", "Gus"), ("Raj", "Hana"), ("Raj", "Ivan"), ("Lena", "Jo"), ("Gus", "Zoe"),
             ("Gus", "Yan")], directed=True)


def outline(G, n, depth=0):
    s = "  " * depth + ("- " if depth else "") + n + ("  (CEO)" if depth == 0 else "") + "\n"
    for c in G.successors(n):
        s += outline(G, c, depth + 1)
    return s


otl = outline(org, "Kim")
add(F, "out_degree", f"""
Current org chart (indentation = reports to the person above):

{otl}
How many direct reports does Raj have?
""", org, "value", org.out_degree("Raj"), "", ["degree"])

mtxt = "\n".join(f"{u} manages " + " and ".join(org.successors(u)) + "." for u in org if org.out_degree(u))
add(F, "neighbors", f"""
{mtxt}

Who reports directly to Dana?
""", org, "set", sorted_succ(org, "Dana"), "", ["neighbors"])

add(F, "predecessors", f"""
{mtxt}

Who is Hana's manager?
""", org, "set", sorted_pred(org, "Hana"), "", ["predecessors"], refuse=True, why=NOPRED,
    if_answered=sorted_pred(org, "Hana"))

add(F, "reachability", f"""
{otl}
Is Zoe anywhere in Dana's part of the organisation (directly or indirectly under Dana)?
""", org, "value", nx.has_path(org, "Dana", "Zoe"), "", ["path_exists"], source="Dana", target="Zoe")

rep = org.reverse(copy=True)
rep.graph["weighted"] = False
rtxt = "\n".join(f"{u} reports to {v}" for u, v in E(rep))
add(F, "in_degree", f"""
HR dump:
{rtxt}

How many people report directly to Raj?
""", rep, "value", rep.in_degree("Raj"), "", ["degree"])

add(F, "shortest_path", f"""
{mtxt}

How many levels of management are there between Kim and Yan, i.e. how many manager-to-report steps from Kim down to Yan?
""", org, "path", hops(org, "Kim", "Yan"), "length", PATH_TOOLS, source="Kim", target="Yan")

add(F, "refuse_not_in_data", f"""
{otl}
What does Lena earn?
""", org, refuse=True, why="the org chart contains no salaries")

# ============================================================================
# 11. Data scientist: pasting networkx code.
# ============================================================================
F = "b4_nx_code"
nc1 = graph([("a", "b"), ("b", "c"), ("c", "a"), ("d", "e"), ("f", "g"), ("g", "h"), ("h", "f"), ("h", "i")],
            nodes=["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"])
add(F, "components_count", """
```python
import networkx as nx
G = nx.Graph()
G.add_nodes_from("abcdefghij")
G.add_edges_from([""" + ", ".join(f'("{u}", "{v}")' for u, v in E(nc1)) + """])
print(nx.number_connected_components(G))
```
what does this print?
""", nc1, "value", ncomp(nc1), "count", ["connected_components"])

nc2 = graph([(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (2, 7), (7, 8), (3, 8), (6, 9), (9, 1)])
nc2 = nx.relabel_nodes(nc2, str)
nc2.graph["weighted"] = False
add(F, "diameter", """
G = nx.Graph([""" + ", ".join(f"({u}, {v})" for u, v in E(nc2)) + """])
nx.diameter(G)   # <- what value does this return?
""", nc2, "value", nx.diameter(nc2), "", ["diameter"])

nc3 = graph([("u", "v"), ("v", "w"), ("w", "u"), ("w", "x"), ("x", "y"), ("y", "w"), ("y", "z"), ("u", "x")])
assert abs(nx.average_clustering(nc3) - nx.transitivity(nc3)) > 1e-3
code3 = """import networkx as nx
edges = """ + repr([tuple(e) for e in E(nc3)]) + """
G = nx.Graph(edges)"""
add(F, "avg_clustering", f"""
{code3}
print(round(nx.average_clustering(G), 4))

I don't have python on this machine, what would this give?
""", nc3, "value", nx.average_clustering(nc3), "", ["clustering_coefficient"])

add(F, "transitivity", f"""
{code3}
print(nx.transitivity(G))
""", nc3, "value", nx.transitivity(nc3), "", ["transitivity"], refuse=True,
    why="no tool computes transitivity (global clustering: 3 x triangles / connected triples)",
    if_answered=nx.transitivity(nc3))

nc4 = graph([("s", "a", 2.5), ("s", "b", 1.0), ("a", "b", 1.0), ("a", "t", 3.0), ("b", "c", 4.0),
             ("c", "t", 1.5), ("a", "c", 2.0)])
add(F, "shortest_path", """
G = nx.Graph()
G.add_weighted_edges_from([""" + ", ".join(f"('{u}', '{v}', {d['weight']})" for u, v, d in EW(nc4)) + """])
d = nx.dijkstra_path_length(G, 's', 't')
What is d?
""", nc4, "path", wdist(nc4, "s", "t"), "length", PATH_TOOLS, source="s", target="t")

nc5 = graph([("load", "clean"), ("clean", "features"), ("features", "train"), ("train", "evaluate"),
             ("evaluate", "report"), ("features", "report"), ("load", "report")], directed=True)
add(F, "dag", """
D = nx.DiGraph()
D.add_edges_from([""" + ", ".join(f'("{u}", "{v}")' for u, v in E(nc5)) + """])
assert nx.is_directed_acyclic_graph(D)

Will that assert pass?
""", nc5, answer=nx.is_directed_acyclic_graph(nc5), **DAG)

# ============================================================================
# 12. Mermaid diagrams pasted from docs.
# ============================================================================
F = "b4_mermaid"
mm1 = graph([("checkout", "build"), ("build", "unit_tests"), ("build", "lint"), ("unit_tests", "package"),
             ("lint", "package"), ("package", "deploy_staging"), ("deploy_staging", "smoke_tests"),
             ("smoke_tests", "deploy_prod")], directed=True)
add(F, "topological_sort", """
From our CI docs:

```mermaid
graph LR
""" + "\n".join(f"    {u} --> {v}" for u, v in E(mm1)) + """
```

List the jobs in an order the runner could execute them one at a time.
""", mm1, "order", None, "", ["topological_sort"])

mm2 = graph([("Idle", "Connecting"), ("Connecting", "Connected"), ("Connecting", "Failed"),
             ("Failed", "Idle"), ("Connected", "Closing"), ("Closing", "Idle")], directed=True)
add(F, "cycle", """
```mermaid
stateDiagram-v2
""" + "\n".join(f"    {u} --> {v}" for u, v in E(mm2)) + """
```
Can the connection state machine ever loop back to a state it was already in?
""", mm2, "value", len(list(nx.simple_cycles(mm2))) > 0, "", ["cycle_check"])

mm3 = graph([("Start", "Logged in?"), ("Logged in?", "Login page"), ("Logged in?", "Cart"),
             ("Login page", "Cart"), ("Cart", "Payment"), ("Payment", "Confirmation"),
             ("Payment", "Cart")], directed=True)
ids = {"Start": "A", "Logged in?": "B", "Login page": "C", "Cart": "D", "Payment": "E", "Confirmation": "F"}
shape = {"Logged in?": "{%s}", "Start": "([%s])", "Confirmation": "([%s])"}
lab = {("Logged in?", "Login page"): "|no|", ("Logged in?", "Cart"): "|yes|", ("Payment", "Cart"): "|declined|"}
mm3t = []
seen = set()
for u, v in E(mm3):
    parts = []
    for n in (u, v):
        parts.append(ids[n] + ((shape.get(n, "[%s]") % n) if n not in seen else ""))
        seen.add(n)
    mm3t.append(f"    {parts[0]} -->{lab.get((u, v), '')} {parts[1]}")
add(F, "node_count", """
```mermaid
flowchart TD
""" + "\n".join(mm3t) + """
```
How many nodes (steps, decisions included) does this checkout flowchart have?
""", mm3, "value", mm3.number_of_nodes(), "", ["node_count", "order"])

mm4 = graph([("web", "lb"), ("lb", "app1"), ("lb", "app2"), ("app1", "db"), ("app2", "db"),
             ("backup", "archive")])
add(F, "reachability", """
```mermaid
graph TD
""" + "\n".join(f"  {u} --- {v}" for u, v in E(mm4)) + """
```
(undirected links). Is archive connected to web in any way?
""", mm4, "value", nx.has_path(mm4, "web", "archive"), "", ["path_exists"], source="web", target="archive")

mm5 = graph([("signup", "verify_email"), ("verify_email", "profile"), ("signup", "profile"),
             ("profile", "onboarding"), ("onboarding", "first_project"), ("profile", "first_project"),
             ("first_project", "invite_team")], directed=True)
add(F, "shortest_path", """
```mermaid
flowchart LR
""" + "\n".join(f"  {u} --> {v}" for u, v in E(mm5)) + """
```
Following the arrows, what's the minimum number of transitions from signup to invite_team?
""", mm5, "path", hops(mm5, "signup", "invite_team"), "length", PATH_TOOLS, source="signup", target="invite_team")

# ============================================================================
# 13. Graphviz DOT pasted from docs.
# ============================================================================
F = "b4_graphviz"
no = graph([("Oslo", "Bergen", 463), ("Oslo", "Trondheim", 495), ("Oslo", "Kristiansand", 320),
            ("Bergen", "Stavanger", 210), ("Kristiansand", "Stavanger", 235), ("Bergen", "Trondheim", 632),
            ("Trondheim", "Bodø", 710), ("Oslo", "Lillehammer", 180), ("Lillehammer", "Trondheim", 340)])
add(F, "shortest_path", """
graph roads {
  node [shape=box];
""" + "\n".join(f'  "{u}" -- "{v}" [weight={d["weight"]}, label="{d["weight"]} km"];' for u, v, d in EW(no)) + """
}

shortest road distance Stavanger to Bodø?
""", no, "path", wdist(no, "Stavanger", "Bodø"), "length", PATH_TOOLS, source="Stavanger", target="Bodø")

gv2 = graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d"), ("e", "f"),
             ("g", "f"), ("f", "g"), ("h", "a")], directed=True)
add(F, "scc_count", """
digraph G {
""" + "\n".join(f"    {u} -> {v};" for u, v in E(gv2)) + """
}
How many strongly connected components does this digraph have?
""", gv2, "value", nx.number_strongly_connected_components(gv2), "count", ["strongly_connected_components"])

gv3 = graph([("parser", "ast"), ("lexer", "parser"), ("ast", "typecheck"), ("ast", "codegen"),
             ("typecheck", "codegen"), ("optimizer", "codegen"), ("ast", "optimizer"), ("stdlib", "codegen")],
            directed=True)
add(F, "in_degree", """
digraph compiler {
  rankdir=LR;
""" + "\n".join(f"  {u} -> {v};" for u, v in E(gv3)) + """
}
How many arrows point into codegen?
""", gv3, "value", gv3.in_degree("codegen"), "", ["degree"])

gv4 = graph([("root", "bin"), ("root", "etc"), ("root", "home"), ("home", "alice"), ("home", "bob"),
             ("etc", "nginx"), ("etc", "ssh"), ("bob", "projects")])
add(F, "is_tree", """
graph fs {
""" + "\n".join(f"  {u} -- {v}" for u, v in E(gv4)) + """
}
Is this graph a tree?
""", gv4, "value", nx.is_tree(gv4), "tree", ["is_tree"])

gv5 = graph([("src", "a", 8), ("src", "b", 6), ("a", "b", 3), ("a", "c", 4), ("b", "d", 7),
             ("c", "d", 2), ("c", "dst", 6), ("d", "dst", 9)], directed=True)
add(F, "max_flow", """
digraph net {
""" + "\n".join(f'  {u} -> {v} [capacity={d["weight"]}];' for u, v, d in EW(gv5)) + """
}
max flow from src to dst?
""", gv5, "value", flow(gv5, "src", "dst"), "value", ["maximum_flow"])

# ============================================================================
# 14. Cypher / SQL snippets from a database.
# ============================================================================
F = "b4_cypher_sql"
cy = graph([("Ann", "Bob"), ("Bob", "Cid"), ("Ann", "Dee"), ("Dee", "Cid"), ("Cid", "Eve"),
            ("Dee", "Fay"), ("Fay", "Eve"), ("Eve", "Gil")], directed=True)
cyt = "CREATE\n" + ",\n".join(f"  ({n.lower()}:Person {{name: '{n}'}})" for n in cy.nodes) + ",\n" + ",\n".join(
    f"  ({u.lower()})-[:KNOWS]->({v.lower()})" for u, v in E(cy))
add(F, "shortest_path", f"""
{cyt}

Following KNOWS relationships in their direction, how many hops is the shortest chain from Ann to Gil?
""", cy, "path", hops(cy, "Ann", "Gil"), "length", PATH_TOOLS, source="Ann", target="Gil")

rd = graph([("A", "B", 5), ("A", "C", 2), ("C", "B", 1), ("B", "D", 4), ("C", "E", 7), ("D", "E", 1),
            ("D", "F", 6), ("E", "F", 3)])
sql = "CREATE TABLE roads (src TEXT, dst TEXT, km INT);\nINSERT INTO roads VALUES\n" + ",\n".join(
    f"  ('{u}', '{v}', {d['weight']})" for u, v, d in EW(rd)) + ";"
add(F, "shortest_path", f"""
{sql}

Roads are two-way. Shortest distance in km from A to F?
""", rd, "path", wdist(rd, "A", "F"), "length", PATH_TOOLS, source="A", target="F")

sf = graph([("u1", "u2"), ("u3", "u2"), ("u4", "u2"), ("u2", "u1"), ("u5", "u3"), ("u1", "u3"),
            ("u6", "u2"), ("u6", "u5")], directed=True)
add(F, "in_degree", """
CREATE TABLE follows (follower VARCHAR, followee VARCHAR);
INSERT INTO follows (follower, followee) VALUES
""" + ",\n".join(f"('{u}','{v}')" for u, v in E(sf)) + """;

SELECT COUNT(*) FROM follows WHERE followee = 'u2';
-- what number comes back?
""", sf, "value", sf.in_degree("u2"), "", ["degree"])

cy2 = graph([("Ann", "Bea"), ("Cal", "Bea"), ("Cal", "Dov"), ("Eli", "Dov"), ("Eli", "Fio"),
             ("Gus", "Fio"), ("Ann", "Hal")])
add(F, "shortest_path", """
MERGE statements we ran:
""" + "\n".join(f"MERGE (a:User {{name:'{u}'}}) MERGE (b:User {{name:'{v}'}}) MERGE (a)-[:FRIEND]->(b);" for u, v in E(cy2)) + """

MATCH p = shortestPath((a:User {name:'Ann'})-[:FRIEND*]-(g:User {name:'Gus'}))
RETURN length(p)

What does that return?  (note the pattern ignores direction)
""", cy2, "path", hops(cy2, "Ann", "Gus"), "length", PATH_TOOLS, source="Ann", target="Gus")

cy3 = graph([("n1", "n2"), ("n2", "n3"), ("n4", "n5"), ("n5", "n6"), ("n6", "n4"), ("n3", "n1")])
add(F, "is_connected", """
neo4j$ MATCH (a:Node)-[:LINK]->(b:Node) RETURN a.id, b.id;
+-------------+
| a.id | b.id |
+-------------+
""" + "\n".join(f"| \"{u}\" | \"{v}\" |" for u, v in E(cy3)) + """
+-------------+

Ignoring direction, is this all one connected graph, or are there separate pieces?
""", cy3, "value", nx.is_connected(cy3), "", ["is_connected"])

add(F, "refuse_not_graph", f"""
{sql}

Which index should I add to make a recursive CTE over this table fast in Postgres 15?
""", rd, refuse=True, why="a database-tuning question, not a question about the graph")

# ============================================================================
# 15. JSON / YAML configs.
# ============================================================================
F = "b4_json_yaml"
nl = graph([("web", "api"), ("api", "db"), ("api", "cache"), ("worker", "api"), ("worker", "queue"),
            ("api", "queue"), ("admin", "api")])
nlj = ('{\n  "directed": false,\n  "nodes": [' + ", ".join(json.dumps({"id": n}) for n in nl.nodes) + '],\n  "links": [\n'
       + ",\n".join("    " + json.dumps({"source": u, "target": v}) for u, v in E(nl)) + "\n  ]\n}")
json.loads(nlj)
add(F, "degree", f"""
{nlj}

In this topology, how many other services is api directly linked to?
""", nl, "value", nl.degree("api"), "", ["degree"])

ya = graph([("hq", "branch-north"), ("hq", "branch-south"), ("branch-north", "depot-1"),
            ("branch-south", "depot-2"), ("depot-2", "depot-3"), ("kiosk-east", "kiosk-west")])
yy = "sites:\n" + "".join(f"  {u}:\n    links: [" + ", ".join(v for a, v in E(ya) if a == u) + "]\n"
                          for u in ["hq", "branch-north", "branch-south", "depot-2", "kiosk-east"])
add(F, "is_connected", f"""
```yaml
{yy}```
(links are VPN tunnels, usable both ways). Is every site reachable from every other site?
""", ya, "value", nx.is_connected(ya), "", ["is_connected"])

cj = graph([("A", "B", 3), ("A", "C", 1), ("B", "C", 7), ("B", "D", 5), ("C", "D", 2), ("D", "E", 7),
            ("C", "E", 8), ("E", "F", 3), ("D", "F", 6)])
cjj = json.dumps({"edges": [{"from": u, "to": v, "cost": d["weight"]} for u, v, d in EW(cj)]})
add(F, "mst", f"""
{cjj}

undirected cable runs with install cost (k$). We need all sites A-F wired together as cheaply as possible. Minimum total cost?
""", cj, "value", mst_weight(cj), "total_weight", ["minimum_spanning_tree"])

np_ = graph([("frontend", "bff"), ("bff", "orders-svc"), ("bff", "users-svc"), ("orders-svc", "orders-db"),
             ("users-svc", "users-db"), ("reporting", "orders-db"), ("orders-svc", "events")], directed=True)
npy = "allow:\n" + "".join(f"  - from: {u}\n    to: {v}\n" for u, v in E(np_))
add(F, "reachability", f"""
network-policy.yaml (each rule allows traffic only from -> to):
{npy}
Can a compromised frontend pod reach users-db by hopping through allowed connections?
""", np_, "value", nx.has_path(np_, "frontend", "users-db"), "", ["path_exists"], source="frontend", target="users-db")

ad = graph([("A", "B"), ("A", "D"), ("B", "C"), ("C", "D"), ("C", "F"), ("D", "E"), ("E", "F"), ("B", "G")])
adj_json = json.dumps({n: sorted(ad.neighbors(n)) for n in sorted(ad.nodes)})
add(F, "bipartite", f"""
adjacency.json: {adj_json}

Is this graph bipartite?
""", ad, "value", nx.is_bipartite(ad), "bipartite", ["is_bipartite"])

add(F, "refuse_opinion", f"""
{nlj}

Which cloud region should we deploy this in, eu-west-1 or us-east-1?
""", nl, refuse=True, why="a deployment choice the topology cannot answer")

# ============================================================================
# 16. Transit fan: subway lines as stop sequences.
# ============================================================================
F = "b4_transit"
lines = {"Red": ["Airport", "Central", "Market", "Harbor"],
         "Blue": ["University", "Market", "Stadium", "Park"],
         "Green": ["Central", "Museum", "Stadium", "Zoo"],
         "Yellow": ["Harbor", "Docks", "Lighthouse"]}
tr = graph([(s[i], s[i + 1]) for s in lines.values() for i in range(len(s) - 1)])
ltxt = "\n".join(f"{k} line: " + " - ".join(v) for k, v in lines.items())
add(F, "shortest_path", f"""
{ltxt}

Trains run both ways. What's the minimum number of station-to-station segments from University to Airport?
""", tr, "path", hops(tr, "University", "Airport"), "length", PATH_TOOLS, source="University", target="Airport")

add(F, "articulation_points", f"""
my city's metro (lines listed stop by stop):
{ltxt}

Which stations, if closed, would split the network so some stations can't reach others?
""", tr, "set", sorted(nx.articulation_points(tr)), "nodes", ["articulation_points"])

add(F, "node_count", f"""
{ltxt}

How many distinct stations does the system have? (interchanges count once)
""", tr, "value", tr.number_of_nodes(), "", ["node_count", "order"])

add(F, "cycle", f"""
{ltxt}

Is there a loop anywhere, i.e. can you ride out of a station and come back to it without retracing any segment?
""", tr, "value", len(nx.cycle_basis(tr)) > 0, "", ["cycle_check"])

lines2 = {"M1": ["Nord", "Opera", "Centre", "Gare"], "M2": ["Opera", "Parc", "Université"],
          "Tram T3": ["Port", "Plage", "Phare"]}
tr2 = graph([(s[i], s[i + 1]) for s in lines2.values() for i in range(len(s) - 1)])
add(F, "reachability", "\n".join(f"{k}: " + " > ".join(v) for k, v in lines2.items()) + """
(all lines run both ways)

Can I get from Université to Plage on this network without leaving it?
""", tr2, "value", nx.has_path(tr2, "Université", "Plage"), "", ["path_exists"], source="Université", target="Plage")

add(F, "refuse_not_in_data", f"""
{ltxt}

What time does the last Blue line train leave University on Sundays?
""", tr, refuse=True, why="the line list has no timetable")

# ============================================================================
# 17. Chess club organiser: who played / beat whom.
# ============================================================================
F = "b4_chess"
beat = graph([("Magnus", "Hikaru"), ("Hikaru", "Fabi"), ("Fabi", "Magnus"), ("Magnus", "Ding"),
              ("Ding", "Alireza"), ("Alireza", "Hikaru"), ("Magnus", "Alireza"), ("Fabi", "Ding"),
              ("Hikaru", "Ding")], directed=True)
btxt = "\n".join(f"{u} beat {v}" for u, v in E(beat))
add(F, "out_degree", f"""
Club championship, decisive games only:
{btxt}

How many games did Magnus win?
""", beat, "value", beat.out_degree("Magnus"), "", ["degree"])

add(F, "cycle", f"""
{btxt}

Is there a rock-paper-scissors situation anywhere, a cycle like A beat B, B beat C, ..., back to A?
""", beat, "value", len(list(nx.simple_cycles(beat))) > 0, "", ["cycle_check"])

add(F, "predecessors", f"""
Results (winner first):
""" + "\n".join(f"{u} 1-0 {v}" for u, v in E(beat)) + """

Who beat Ding?
""", beat, "set", sorted_pred(beat, "Ding"), "", ["predecessors"], refuse=True, why=NOPRED,
    if_answered=sorted_pred(beat, "Ding"))

add(F, "edge_count", f"""
{btxt}

How many decisive games were there in total?
""", beat, "value", beat.number_of_edges(), "", ["edge_count", "size"])

rr = graph([("Ola", "Per"), ("Ola", "Kari"), ("Ola", "Nils"), ("Per", "Kari"), ("Per", "Liv"),
            ("Kari", "Nils"), ("Nils", "Liv"), ("Ola", "Liv")])
add(F, "density", """
Our round robin so far (pairs that have already played): """ + ", ".join(f"{u}–{v}" for u, v in E(rr)) + """.
What fraction of all possible pairings among these five players has been played?
""", rr, "value", nx.density(rr), "", ["density"])

add(F, "refuse_opinion", f"""
{btxt}

Who will win next year's championship?
""", beat, refuse=True, why="a prediction, not a property of the results graph")

# ============================================================================
# 18. Power-grid / pipeline engineer: capacities and max flow.
# ============================================================================
F = "b4_flow"
grid = graph([("Plant", "Sub A", 300), ("Plant", "Sub B", 200), ("Sub A", "Sub B", 80),
              ("Sub A", "Sub C", 150), ("Sub B", "Sub C", 120), ("Sub B", "Sub D", 90),
              ("Sub C", "City", 220), ("Sub D", "City", 100)], directed=True)
gtxt = "\n".join(f"{u} → {v}: {d['weight']} MW" for u, v, d in EW(grid))
add(F, "max_flow", f"""
Transmission line ratings (power only flows in the direction shown):
{gtxt}

What's the most power we can deliver from the Plant to the City at once?
""", grid, "value", flow(grid, "Plant", "City"), "value", ["maximum_flow"])

pipe = graph([("Pump", "J1", 40), ("Pump", "J2", 25), ("J1", "J2", 10), ("J1", "J3", 20),
              ("J2", "J4", 30), ("J3", "J4", 15), ("J3", "Tank", 25), ("J4", "Tank", 35)], directed=True)
add(F, "max_flow", """
pipe segments (one-way valves), max throughput in L/s:
""" + "\n".join(f"  {u:>4} ==> {v:<4} {d['weight']} L/s" for u, v, d in EW(pipe)) + """
max flow Pump -> Tank?
""", pipe, "value", flow(pipe, "Pump", "Tank"), "value", ["maximum_flow"])

bw = graph([("dc1", "x1", 40), ("dc1", "x2", 10), ("x1", "x2", 25), ("x1", "x3", 10),
            ("x2", "x3", 40), ("x3", "dc2", 60), ("x2", "dc2", 5)], directed=True)
add(F, "max_flow", """
Replication path capacities (Gbps, unidirectional):
""" + "\n".join(f"{u} {v} {d['weight']}" for u, v, d in EW(bw)) + """
What's the max throughput we can push from dc1 to dc2 if we split traffic across paths?
""", bw, "value", flow(bw, "dc1", "dc2"), "value", ["maximum_flow"])

add(F, "refuse_hypothetical", f"""
{gtxt}

If the utility upgrades some of the lines next year, what will the maximum Plant-to-City delivery be?
""", grid, refuse=True, why="which lines are upgraded and to what rating is not given")

add(F, "reachability", f"""
{gtxt}

Can power from Sub D ever reach Sub A through these lines?
""", grid, "value", nx.has_path(grid, "Sub D", "Sub A"), "", ["path_exists"], source="Sub D", target="Sub A")

# ============================================================================
# 19. Project manager: task prerequisites (edges prerequisite -> task).
# ============================================================================
F = "b4_project"
pj = graph([("Survey site", "Pour foundation"), ("Get permit", "Pour foundation"),
            ("Pour foundation", "Frame walls"), ("Order lumber", "Frame walls"),
            ("Frame walls", "Install roof"), ("Frame walls", "Rough plumbing"),
            ("Frame walls", "Rough electrical"), ("Rough plumbing", "Drywall"),
            ("Rough electrical", "Drywall"), ("Install roof", "Drywall"), ("Drywall", "Paint"),
            ("Paint", "Final inspection"), ("Rough electrical", "Final inspection")], directed=True)
ptxt = "\n".join(f"- {u} must be done before {v}" for u, v in E(pj))
add(F, "topological_sort", f"""
House build plan:
{ptxt}

Give me a valid order to do all the tasks in.
""", pj, "order", None, "", ["topological_sort"])

add(F, "sources", f"""
{ptxt}

Which tasks have no prerequisites, so the crew can start on them on day one?
""", pj, "set", sources(pj), "min_nodes", ["degree_distribution"])

ptab = "Task | Depends on\n---|---\n" + "\n".join(
    f"{t} | " + (", ".join(pj.predecessors(t)) or "—") for t in pj)
add(F, "sinks", f"""
{ptab}

Which tasks is nothing else waiting on (nothing lists them as a dependency)?
""", pj, "set", sinks(pj), "min_nodes", ["degree_distribution"])

add(F, "predecessors", f"""
{ptxt}

What exactly has to be finished before Drywall can start (its direct prerequisites)?
""", pj, "set", sorted_pred(pj, "Drywall"), "", ["predecessors"], refuse=True, why=NOPRED,
    if_answered=sorted_pred(pj, "Drywall"))

add(F, "refuse_no_durations", f"""
{ptxt}

How many days will the whole build take?
""", pj, refuse=True, why="the plan gives no task durations")

add(F, "dag", f"""
{ptab}

Before I put this in the scheduler: is the plan consistent, i.e. free of circular dependencies?
""", pj, answer=nx.is_directed_acyclic_graph(pj), **DAG)

add(F, "neighbors", f"""
{ptxt}

Once Frame walls is done, which tasks does that directly unlock?
""", pj, "set", sorted_succ(pj, "Frame walls"), "", ["neighbors"])

# ============================================================================
# 20. Researcher: questions in the style of published graph benchmarks.
# ============================================================================
F = "b4_benchmark"
b1 = graph([(0, 1), (1, 2), (2, 3), (0, 3), (4, 5), (5, 6), (6, 4), (7, 8), (3, 9), (8, 10)])
b1 = nx.relabel_nodes(b1, str)
b1.graph["weighted"] = False
add(F, "connectivity", """
Determine if there is a path between two nodes in the graph. Note that (i,j) means that node i and node j are connected with an undirected edge.
Graph: """ + " ".join(f"({u},{v})" for u, v in E(b1)) + """
Q: Is there a path between node 2 and node 6?
A:""", b1, "value", nx.has_path(b1, "2", "6"), "", ["path_exists"], source="2", target="6")

b2 = graph([(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 5), (2, 3, 8), (3, 4, 3), (2, 5, 10), (4, 5, 1), (5, 6, 2), (4, 6, 6)])
b2 = nx.relabel_nodes(b2, str)
b2.graph["weighted"] = True
add(F, "shortest_path", """
In an undirected graph, the nodes are numbered from 0 to 6, and the edges are:
""" + "\n".join(f"an edge between node {u} and node {v} with weight {d['weight']}," for u, v, d in EW(b2)) + """
Q: Give the shortest path from node 0 to node 6.
A:""", b2, "path", wdist(b2, "0", "6"), "length", PATH_TOOLS, source="0", target="6")

b3 = graph([(0, 3), (1, 3), (1, 4), (3, 2), (4, 2), (2, 5), (4, 6), (6, 5), (0, 7), (7, 6)], directed=True)
b3 = nx.relabel_nodes(b3, str)
b3.graph["weighted"] = False
add(F, "topological_sort", """
Find one of the topology sorting paths of the given graph. In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j. Given a graph, you need to output one of the topology sorting paths of the graph.
Q: The nodes are numbered from 0 to 7, and the edges are: """ + ", ".join(f"({u}->{v})" for u, v in E(b3)) + """. Give one topology sorting path of this graph.
""", b3, "order", None, "", ["topological_sort"])

fr = graph([("James", "Robert"), ("James", "John"), ("Robert", "Michael"), ("John", "Michael"),
            ("Michael", "David"), ("David", "William"), ("William", "Richard"), ("Richard", "James"),
            ("John", "Joseph")])
add(F, "edge_count", """
G describes a friendship graph among James, Robert, John, Michael, David, William, Richard, and Joseph.
We have the following edges in G:
""" + "\n".join(f"{u} and {v} are friends." for u, v in E(fr)) + """
Q: How many edges are in this graph?
A:""", fr, "value", fr.number_of_edges(), "", ["edge_count", "size"])

b5 = graph([(0, 1), (0, 2), (1, 2), (1, 3), (2, 4), (3, 4), (3, 5), (4, 5), (5, 6), (6, 7), (5, 7)])
b5 = nx.relabel_nodes(b5, str)
b5.graph["weighted"] = False
add(F, "hamiltonian", """
Determine whether or not there is a Hamiltonian path in an undirected graph. In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output Yes or No, indicating whether there is a Hamiltonian path in the graph.
Q: The nodes are numbered from 0 to 7, and the edges are: """ + " ".join(f"({u},{v})" for u, v in E(b5)) + """. Is there a path in this graph that visits every node exactly once? If yes, give the path.
""", b5, "hamilton", has_ham_path(b5), "", ["hamiltonian_path"])

b6 = graph([(0, 1, 7), (0, 2, 4), (1, 3, 5), (2, 1, 3), (2, 4, 6), (4, 3, 2), (3, 5, 8), (4, 5, 5)], directed=True)
b6 = nx.relabel_nodes(b6, str)
b6.graph["weighted"] = True
add(F, "max_flow", """
In a directed graph, the nodes are numbered from 0 to 5, and the edges are:
""" + "\n".join(f"an edge from node {u} to node {v} with capacity {d['weight']}," for u, v, d in EW(b6)) + """
Q: What is the maximum flow from node 0 to node 5?
A:""", b6, "value", flow(b6, "0", "5"), "value", ["maximum_flow"])

add(F, "refuse_missing_node", """
Determine if there is a path between two nodes in the graph. Note that (i,j) means that node i and node j are connected with an undirected edge.
Graph: """ + " ".join(f"({u},{v})" for u, v in E(b1)) + """
Q: Is there a path between node 3 and node 12?
A:""", b1, refuse=True, why="node 12 is not in the graph (nodes are 0 to 10)")

add(F, "nopath", """
Given an undirected graph with edges """ + ", ".join(f"<{u}, {v}>" for u, v in E(b1)) + """, what is the length of the shortest path from node 1 to node 7?
""", b1, "nopath", None, "", PATH_TOOLS, source="1", target="7")

b8 = graph([(0, 1), (0, 2), (0, 3), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (4, 6), (6, 7)])
b8 = nx.relabel_nodes(b8, str)
b8.graph["weighted"] = False
add(F, "betweenness", """
Consider the undirected graph with edges """ + ", ".join(f"{u}-{v}" for u, v in E(b8)) + """.
What is the (normalized) betweenness centrality of node 4?
""", b8, "value", nx.betweenness_centrality(b8)["4"], "", ["betweenness_centrality"])

# ============================================================================
# 21. Sloppy chat: typos, abbreviations, no capitals.
# ============================================================================
F = "b4_sloppy_chat"
sc1 = graph([("jen", "max"), ("max", "li"), ("li", "sam"), ("sam", "jen"), ("tom", "ria"), ("kev", "ria")])
add(F, "components_count", """
ok so my frends r: """ + ", ".join(f"{u}-{v}" for u, v in E(sc1)) + """. hw many seperate frend groups r there??
""", sc1, "value", ncomp(sc1), "count", ["connected_components"])

sc2 = graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e")], directed=True)
add(F, "cycle", """
quick q: """ + ", ".join(f"{u}->{v}" for u, v in E(sc2)) + """ (directed btw). any loops in this??
""", sc2, "value", len(list(nx.simple_cycles(sc2))) > 0, "", ["cycle_check"])

sc3 = graph([("hub", "site1", 4), ("hub", "site2", 7), ("site1", "site2", 2), ("site1", "site3", 8),
             ("site2", "site3", 3), ("site3", "site9", 5), ("site2", "site9", 11)])
add(F, "shortest_path", """
shrtest path frm hub to site9 pls, links (2way): """ + " ; ".join(f"{u}-{v} {d['weight']}" for u, v, d in EW(sc3)) + """ thx
""", sc3, "path", wdist(sc3, "hub", "site9"), "length", PATH_TOOLS, source="hub", target="site9")

sc4 = graph([("kev", "amy"), ("kev", "raj"), ("amy", "kev"), ("raj", "lou"), ("lou", "kev"), ("kev", "zed")], directed=True)
add(F, "out_degree", """
""" + ", ".join(f"{u} follows {v}" for u, v in E(sc4)) + """... so hw many ppl does kev follow
""", sc4, "value", sc4.out_degree("kev"), "", ["degree"])

sc5 = graph([("pc1", "sw1"), ("pc2", "sw1"), ("sw1", "rtr"), ("rtr", "sw2"), ("sw2", "pc3"), ("printer", "sw2")])
add(F, "is_connected", """
r evry1 connectd?? """ + " ".join(f"{u}<>{v}" for u, v in E(sc5)) + """ lmk
""", sc5, "value", nx.is_connected(sc5), "", ["is_connected"])

add(F, "refuse_not_graph", """
""" + ", ".join(f"{u}-{v}" for u, v in E(sc1)) + """ lol anyway whats the weather gonna b like in paris tmrw
""", sc1, refuse=True, why="the question is about the weather, not the graph")

# ============================================================================
# 22. Question first, data after.
# ============================================================================
F = "b4_question_first"
fl = graph([("BOS", "ORD", 120), ("BOS", "JFK", 60), ("JFK", "ORD", 95), ("ORD", "DEN", 140),
            ("JFK", "DEN", 230), ("DEN", "SFO", 110), ("ORD", "SFO", 260), ("JFK", "LAX", 280),
            ("LAX", "SFO", 70)])
add(F, "shortest_path", """
What's the cheapest way to fly from BOS to SFO, and how much? Fares (same price either direction):
""" + "\n".join(f"{u}-{v} ${d['weight']}" for u, v, d in EW(fl)), fl, "path",
    wdist(fl, "BOS", "SFO"), "length", PATH_TOOLS, source="BOS", target="SFO")

q2 = graph([(1, 2), (1, 3), (1, 4), (2, 3), (4, 5), (4, 6), (4, 7), (5, 6), (7, 8)])
q2 = nx.relabel_nodes(q2, str)
q2.graph["weighted"] = False
add(F, "max_degree", """
Which node has the highest degree? Edges: """ + ", ".join(f"{u}-{v}" for u, v in E(q2)), q2, "set",
    need_unique_max(q2), "max_nodes", ["degree_distribution"])

q3 = graph([("p", "q"), ("q", "r"), ("r", "s"), ("s", "t"), ("t", "u"), ("u", "p"), ("p", "s")])
add(F, "bipartite", """
Is this graph bipartite?

p q
q r
r s
s t
t u
u p
p s
""", q3, "value", nx.is_bipartite(q3), "bipartite", ["is_bipartite"])

q4 = graph([("A", "B"), ("A", "C"), ("B", "C"), ("B", "D"), ("C", "D"), ("D", "E"), ("C", "E"), ("E", "F")])
add(F, "triangles", """
How many triangles are there? Here's the edge list:
""" + "\n".join(f"{u},{v}" for u, v in E(q4)), q4, "value", sum(nx.triangles(q4).values()) // 3, "triangles", ["triangle_count"])

add(F, "refuse_missing_node", """
Shortest path from A to Z? edges: """ + ", ".join(f"{u}-{v}" for u, v in E(q4)), q4, refuse=True,
    why="Z is not a node of the graph")

q6 = graph([("x1", "x2"), ("x2", "x3"), ("x3", "x4"), ("x4", "x5"), ("x2", "x6"), ("x6", "x7"), ("x3", "x7")])
add(F, "diameter", """
Longest shortest path (in edges) in this graph — i.e. the diameter? Graph: """ + "; ".join(f"{u} {v}" for u, v in E(q6)),
    q6, "value", nx.diameter(q6), "", ["diameter"])

# ============================================================================
# 23. Matchmaking / assignment: bipartite matching.
# ============================================================================
F = "b4_matchmaking"
mt = graph([("Alice", "Priya"), ("Alice", "Quentin"), ("Bernard", "Priya"), ("Chloe", "Quentin"),
            ("Chloe", "Rashid"), ("Dmitri", "Rashid"), ("Dmitri", "Sana"), ("Elif", "Sana"),
            ("Elif", "Priya")])
add(F, "matching", """
Mentoring programme. Each mentor can take one mentee. Who is compatible:
""" + "\n".join(f"{m}: " + ", ".join(sorted(mt.neighbors(m))) for m in ["Alice", "Bernard", "Chloe", "Dmitri", "Elif"]) + """
(mentors on the left, mentees on the right)
What's the largest number of mentor–mentee pairs we can form?
""", mt, "matching", matching_size(mt), "", ["maximum_bipartite_matching"])

sh = graph([("Ana", "Mon"), ("Ana", "Tue"), ("Ben", "Mon"), ("Cai", "Mon"), ("Cai", "Wed"),
            ("Dee", "Tue"), ("Dee", "Wed"), ("Eve", "Wed"), ("Eve", "Thu"), ("Fox", "Fri"), ("Gil", "Fri")])
add(F, "matching", """
Shift sign-up sheet — one person per shift, one shift per person:
""" + "\n".join(f"{w} can do " + " or ".join(sorted(sh.neighbors(w), key=["Mon", "Tue", "Wed", "Thu", "Fri"].index)) for w in ["Ana", "Ben", "Cai", "Dee", "Eve", "Fox", "Gil"]) + """
How many of the five weekday shifts (Mon-Fri) can we fill at most?
""", sh, "matching", matching_size(sh), "", ["maximum_bipartite_matching"])

pr = graph([("S1", "P1"), ("S1", "P2"), ("S2", "P1"), ("S3", "P1"), ("S3", "P2"), ("S4", "P3"),
            ("S4", "P4"), ("S5", "P4"), ("S6", "P4")])
add(F, "matching", """
student,acceptable_projects
""" + "\n".join(f"{s},\"" + ";".join(sorted(pr.neighbors(s))) + "\"" for s in ["S1", "S2", "S3", "S4", "S5", "S6"]) + """

Each project takes exactly one student. Maximum number of students we can place?
""", pr, "matching", matching_size(pr), "", ["maximum_bipartite_matching"])

jb = graph([("applicant 1", "job 1"), ("applicant 1", "job 2"), ("applicant 2", "job 2"),
            ("applicant 2", "job 3"), ("applicant 3", "job 1"), ("applicant 3", "job 3"),
            ("applicant 4", "job 4"), ("applicant 4", "job 2")])
add(F, "matching", """
Applicants and the jobs they're qualified for: """ + "; ".join(f"{u} -> {v}" for u, v in E(jb)) + """.
Find a maximum assignment of applicants to jobs (one job each, one applicant per job). How many get a job?
""", jb, "matching", matching_size(jb), "", ["maximum_bipartite_matching"])

dn = graph([("Ivy", "Jon"), ("Ivy", "Kat"), ("Max", "Jon"), ("Ned", "Jon"), ("Ned", "Lou"), ("Oda", "Lou")])
add(F, "matching", """
Dance class pairing. Leads: Ivy, Max, Ned, Oda. Follows: Jon, Kat, Lou. A lead can dance with a follow they're a height/level match with:
""" + "\n".join(f"{u} ~ {v}" for u, v in E(dn)) + """
Max number of couples we can put on the floor at once?
""", dn, "matching", matching_size(dn), "", ["maximum_bipartite_matching"])

# ============================================================================
# 24. Puzzle fan: tours visiting every place / using every road once.
# ============================================================================
F = "b4_tour_puzzle"
tw = graph([("Avon", "Bray"), ("Bray", "Cork"), ("Cork", "Dale"), ("Dale", "Eton"), ("Eton", "Avon"),
            ("Avon", "Cork"), ("Bray", "Fife"), ("Fife", "Dale")])
assert has_ham_path(tw)
add(F, "hamiltonian", """
Puzzle: a salesman must visit each of these towns exactly once, only using the roads listed (two-way): """ + ", ".join(f"{u}–{v}" for u, v in E(tw)) + """.
Is there such a route? If so, give one.
""", tw, "hamilton", True, "", ["hamiltonian_path"])

st = graph([("Hub", "North"), ("Hub", "South"), ("Hub", "East"), ("Hub", "West"), ("North", "East")])
add(F, "hamiltonian", """
Island hopping: ferries run Hub-North, Hub-South, Hub-East, Hub-West and North-East (both ways).
Can I visit all five islands, each exactly once, using only ferries?
""", st, "hamilton", has_ham_path(st), "", ["hamiltonian_path"])

kb = graph([("North bank", "Island"), ("Island", "South bank"), ("North bank", "East shore"),
            ("South bank", "East shore"), ("Island", "East shore"), ("North bank", "West shore"),
            ("West shore", "South bank")])
add(F, "euler_path", """
A town with four land areas joined by bridges (one bridge per pair listed):
""" + "\n".join(f"* {u} — {v}" for u, v in E(kb)) + """
Can you take a walk that crosses every bridge exactly once?
""", kb, "value", nx.has_eulerian_path(kb), "exists", ["euler_path"])

ec = graph([("P", "Q"), ("Q", "R"), ("R", "S"), ("S", "P"), ("P", "R"), ("Q", "T"), ("T", "R")])
add(F, "euler_circuit", """
Mail carrier's problem: streets """ + ", ".join(f"{u}{v}" for u, v in E(ec)) + """ (intersections P, Q, R, S, T).
Can she walk every street exactly once and end up back where she started?
""", ec, "value", nx.is_eulerian(ec), "circuit", ["euler_path", "euler_circuit"])

kn = graph([("a1", "b3"), ("a1", "c2"), ("a2", "c3"), ("a2", "c1"), ("a3", "b1"), ("a3", "c2"),
            ("b1", "c3"), ("b3", "c1")])
add(F, "hamiltonian", """
A knight on a 3x3 board, center square removed. Legal knight moves between the 8 squares:
""" + ", ".join(f"{u}-{v}" for u, v in E(kn)) + """
Is there a knight's tour that visits all 8 squares exactly once?
""", kn, "hamilton", has_ham_path(kn), "", ["hamiltonian_path"])

# ============================================================================
# 25. Ecologist: food web (edges eater -> eaten).
# ============================================================================
F = "b4_foodweb"
fw = graph([("Fox", "Rabbit"), ("Fox", "Mouse"), ("Owl", "Mouse"), ("Owl", "Shrew"), ("Hawk", "Rabbit"),
            ("Hawk", "Snake"), ("Snake", "Mouse"), ("Snake", "Frog"), ("Frog", "Beetle"), ("Shrew", "Beetle"),
            ("Rabbit", "Grass"), ("Mouse", "Seeds"), ("Beetle", "Grass"), ("Mouse", "Beetle")], directed=True)
fwt = "\n".join(f"{u} eats {v}" for u, v in E(fw))
add(F, "neighbors", f"""
Food web from our field notes:
{fwt}

What does the Snake eat?
""", fw, "set", sorted_succ(fw, "Snake"), "", ["neighbors"])

add(F, "predecessors", f"""
{fwt}

What eats mice?
""", fw, "set", sorted_pred(fw, "Mouse"), "", ["predecessors"], refuse=True, why=NOPRED,
    if_answered=sorted_pred(fw, "Mouse"))

add(F, "sources", f"""
{fwt}

Which species are top predators here, i.e. nothing in this web eats them?
""", fw, "set", sources(fw), "min_nodes", ["degree_distribution"])

add(F, "dag", f"""
{fwt}

Does this web contain any feeding loop (A eats B ... eats A)? Answer whether it's loop-free.
""", fw, answer=nx.is_directed_acyclic_graph(fw), **DAG)

add(F, "longest_chain", f"""
{fwt}

How many links long is the longest food chain in this web?
""", fw, "value", nx.dag_longest_path_length(fw), "", ["dag_longest_path"], refuse=True,
    why="no tool computes the longest path of a DAG", if_answered=nx.dag_longest_path_length(fw))


# ============================================================================

def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    seen = set()
    for it in ITEMS:
        assert it["question"] not in seen, it["id"]
        seen.add(it["question"])
        if it["check"] == "path":
            assert it["key"] == "length" and it["source"] in it["nodes"] and it["target"] in it["nodes"], it["id"]
    with open(os.path.join(out, "batch4.jsonl"), "w", encoding="utf-8") as f:
        for it in ITEMS:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
