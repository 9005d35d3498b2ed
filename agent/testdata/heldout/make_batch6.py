#!/usr/bin/env python3
"""Held-out batch 6 for graphagent, written blind.

Written without reading how graphagent reads questions (reasoning/, lang/,
tools/graph/read_*.go, the agent's code) and without opening the earlier
batches' items; only the judge (agent/heldout_test.go,
agent/understanding_test.go), make_batch5.py's docstring and helpers (the
output schema) and the tool catalogue (`graphagent tools list/show`) were
read.

The items are about people and situations: a plumber tracing pipes, a
wedding planner's feuds, a DJ's transitions, a hiker's trail notes, a
volunteer rota, supplier tiers with lead times, a teacher's notes on
friendships, systemctl output and a package lock, a board-game map, a
genealogist's notes, a protein-interaction list, bus lines, chess results,
a warehouse picker, a power grid, textbook exercises, benchmark prompts, a
dataframe and a matrix, an e-mail thread about who reports to whom, a Slack
message about microservices, a museum plan, a river network, citations, a
tournament, a course catalogue, a road trip with tolls, a social-network
export, a spreadsheet copy, diagrams-as-code, office cabling, a metro
planner, and chat with no graph at all.

Conventions (as batch 5):
  * every graph is built with NetworkX first; the question text is rendered
    from it and every gold answer is computed from it by NetworkX, never
    typed;
  * numbers in the text mean different things (pipe diameters, bpm,
    credits, years, scores); only the ones the question is about become
    weights, and "edges" holds [u, v] or [u, v, w] for the judge's checks;
  * refuse=true marks items with no graph, data that do not determine the
    answer, a measure needing weights that are not given, an ambiguous ask,
    a hypothetical change, or something no tool computes; when NetworkX can
    answer it with one scalar, if_answered holds that answer;
  * ids are g001..., each item has a family (the situation) and a task.

Run: PYTHONHASHSEED=1 python3 make_batch6.py [OUTDIR] (default: this folder);
it writes OUTDIR/batch6.jsonl deterministically.
"""

import itertools
import json
import os
import sys

import networkx as nx

ITEMS = []


def num(x):
    """A JSON-friendly number: ints stay ints, floats are rounded."""
    if isinstance(x, float):
        if x.is_integer():
            return int(x)
        return round(x, 10)
    return x


def add(family, task, question, G=None, check="value", answer=None, key="",
        tools=(), refuse=False, why="", source="", target="", also=None,
        if_answered=None, neg_tools=(), notation=""):
    it = {"family": family, "task": task, "question": question,
          "notation": notation or family, "check": check}
    if refuse:
        it["check"] = "refuse"
        it["refuse"] = True
        it["why"] = why
        if if_answered is not None:
            it["if_answered"] = num(if_answered)
    else:
        it["answer"] = answer
        it["key"] = key
        it["tools"] = list(tools)
        if neg_tools:
            it["neg_tools"] = list(neg_tools)
        if also:
            it["also"] = also
    if G is not None:
        it["directed"] = G.is_directed()
        w = any("weight" in d for _, _, d in G.edges(data=True))
        it["weighted"] = w
        it["nodes"] = [str(n) for n in G.nodes]
        if w:
            it["edges"] = [[str(u), str(v), num(d.get("weight", 1))] for u, v, d in G.edges(data=True)]
        else:
            it["edges"] = [[str(u), str(v)] for u, v in G.edges]
    if source:
        it["source"] = source
    if target:
        it["target"] = target
    ITEMS.append(it)


def wgraph(edges, directed=False):
    G = nx.DiGraph() if directed else nx.Graph()
    for u, v, w in edges:
        G.add_edge(u, v, weight=w)
    return G


def ugraph(edges, directed=False, nodes=()):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(nodes)
    G.add_edges_from(edges)
    return G


def plain(G):
    """The same graph without weights (hop counts)."""
    H = G.__class__()
    H.add_nodes_from(G.nodes)
    H.add_edges_from(G.edges)
    return H


def sp(G, s, t):
    return num(nx.shortest_path_length(G, s, t, weight="weight"))


def hops(G, s, t):
    return nx.shortest_path_length(G, s, t)


def mflow(G, s, t):
    return num(nx.maximum_flow_value(G, s, t, capacity="weight"))


def has_cycle(G):
    if G.is_directed():
        return not nx.is_directed_acyclic_graph(G)
    return len(nx.cycle_basis(G)) > 0 or nx.number_of_selfloops(G) > 0


def has_hamilton_path(G):
    for p in itertools.permutations(G.nodes):
        if nx.is_path(G, list(p)):
            return True
    return False


def maxdeg_nodes(G, direction="total"):
    if direction == "in":
        d = dict(G.in_degree())
    elif direction == "out":
        d = dict(G.out_degree())
    else:
        d = dict(G.degree())
    m = max(d.values())
    return [str(n) for n, k in d.items() if k == m]


def unique_max(G, direction="total"):
    ns = maxdeg_nodes(G, direction)
    assert len(ns) == 1, ns
    return ns


def chromatic(G):
    """Exact chromatic number by trying k colours (small graphs only)."""
    ns = list(G.nodes)
    for k in range(1, len(ns) + 1):
        for cols in itertools.product(range(k), repeat=len(ns)):
            c = dict(zip(ns, cols))
            if all(c[u] != c[v] for u, v in G.edges):
                return k
    return 0


def pagerank(G):
    """nx.pagerank without numpy/scipy: NetworkX's own power iteration."""
    from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python
    return _pagerank_python(G, alpha=0.85)


def sources(G):
    return [str(n) for n in G if G.in_degree(n) == 0]


def sinks(G):
    return [str(n) for n in G if G.out_degree(n) == 0]


def mst_weight(G):
    return num(sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(G, data=True)))


def bridges(G):
    return [[str(u), str(v)] for u, v in nx.bridges(G)]


PATH = ["shortest_path", "shortest_path_length"]
CC = ["connected_components"]
DEGMAX = ["degree_distribution"]


def path_item(fam, q, G, s, t, task="shortest_path"):
    add(fam, task, q, G, check="path", answer=sp(G, s, t), key="length", tools=PATH, source=s, target=t)


def hop_item(fam, q, G, s, t, task="fewest_hops"):
    H = plain(G)
    add(fam, task, q, H, check="path", answer=hops(H, s, t), key="length", tools=PATH, source=s, target=t)


def reach_item(fam, q, G, s, t):
    add(fam, "reachability", q, G, answer=nx.has_path(G, s, t), tools=["path_exists"], source=s, target=t)


def nopath_item(fam, q, G, s, t):
    assert not nx.has_path(G, s, t)
    add(fam, "no_path", q, G, check="nopath", answer=None, tools=PATH, source=s, target=t)


def refuse(fam, task, q, why, G=None, if_answered=None):
    add(fam, task, q, G, refuse=True, why=why, if_answered=if_answered)


# ---------------------------------------------------------------- plumber
pipes = [("Main stopcock", "Combi boiler", "22mm"), ("Main stopcock", "Kitchen manifold", "15mm"),
         ("Combi boiler", "Hot manifold", "22mm"), ("Hot manifold", "Bath tap (hot)", "15mm"),
         ("Hot manifold", "Basin tap (hot)", "15mm"), ("Kitchen manifold", "Kitchen sink tap", "15mm"),
         ("Kitchen manifold", "Dishwasher valve", "15mm"), ("Kitchen manifold", "Outside tap", "15mm"),
         ("Hot manifold", "Shower mixer", "15mm"), ("Main stopcock", "Loft tank", "22mm"),
         ("Loft tank", "WC cistern", "15mm")]
plumb = ugraph([(u, v) for u, v, _ in pipes], directed=True)
plumb_txt = "\n".join(f"  {u} --> {v}   ({d} copper)" for u, v, d in pipes)
FAM = "plumber"
add(FAM, "successors",
    "Survey notes from 14 Elm Rd, flow direction as I traced it with the thermal camera:\n" + plumb_txt +
    "\n\nwhich outlets does the kitchen manifold feed directly? customer wants to move the dishwasher",
    plumb, check="set", answer=[str(x) for x in plumb.successors("Kitchen manifold")], tools=["successors", "neighbors"])
reach_item(FAM, "pipe run at no.14 (arrows = direction water flows):\n" + plumb_txt +
           "\n\nIf I isolate at the combi boiler, can water coming out of it still get to the WC cistern?",
           plumb, "Combi boiler", "WC cistern")
hop_item(FAM, "Traced this today, sizes in brackets are pipe diameters not lengths:\n" + plumb_txt +
         "\nHow many pipe runs does the water pass through from the Main stopcock to the Shower mixer? (fewest)",
         plumb, "Main stopcock", "Shower mixer")
add(FAM, "sinks", "end points on this system? i.e. outlets that nothing flows on from\n" + plumb_txt, plumb,
    check="set", answer=sinks(plumb), key="sinks", tools=["sources_sinks"])
refuse(FAM, "no_tool", "Elm Rd pipework:\n" + plumb_txt +
       "\nwhat will the water pressure be at the Bath tap (hot) in bar if mains is 3 bar?",
       "pressure needs hydraulics data the notes do not give", plumb)

# ---------------------------------------------------------------- wedding planner
feuds = [("Aunt Margarethe", "Uncle Tomás"), ("Aunt Margarethe", "Cousin Lía"), ("Uncle Tomás", "Grandpa Joe"),
         ("Cousin Lía", "Best man Dev"), ("Grandpa Joe", "Best man Dev"), ("Sophie", "Best man Dev"),
         ("Sophie", "Uncle Tomás"), ("mrs. okafor", "Grandpa Joe"), ("mrs. okafor", "Cousin Lía"), ("Best man Dev", "mrs. okafor")]
wed = ugraph(feuds)
FAM = "wedding"
wed_txt = "\n".join(f"- {u} can't sit with {v}" for u, v in feuds) + "\n(Sophie is the bride's ex, long story)"
add(FAM, "bipartite",
    "OK so the reception has two long tables and I need to keep these people apart (each pair must be at DIFFERENT tables):\n"
    + wed_txt + "\nIs it even possible to split them across the two tables?? please say yes lol",
    wed, answer=nx.is_bipartite(wed), key="bipartite", tools=["is_bipartite"])
add(FAM, "max_degree", "seating nightmare. feuds list:\n" + wed_txt + "\n\nwho is in the most feuds?", wed,
    check="set", answer=unique_max(wed), key="max_nodes", tools=DEGMAX)
add(FAM, "degree", "Guest conflicts (from the bride's mum):\n" + wed_txt +
    "\nHow many people can Best man Dev not be seated next to?", wed, answer=wed.degree("Best man Dev"), tools=["degree"])
refuse(FAM, "ambiguous", "conflicts:\n" + wed_txt + "\nwhat's the best seating plan for everyone to be happy?",
       "'happy' is not defined; no tool optimises it", wed)
wed2 = wed.copy()
wed2.add_edge("Cousin Lía", "Grandpa Joe")
refuse(FAM, "hypothetical", "current no-go pairs:\n" + wed_txt +
       "\nif Cousin Lía and Grandpa Joe fall out at the rehearsal dinner too, could we still do two tables?",
       "a hypothetical change to the graph", wed, if_answered=nx.is_bipartite(wed2))

# ---------------------------------------------------------------- DJ
trans = [("Midnight City", "Strobe", 126), ("Strobe", "Opus", 128), ("Opus", "Latch", 122),
         ("Latch", "Midnight City", 124), ("Midnight City", "Innerbloom", 120), ("Innerbloom", "Opus", 128),
         ("Strobe", "Cola", 124), ("Cola", "Sun Is Shining", 126), ("Sun Is Shining", "Latch", 122)]
dj = ugraph([(u, v) for u, v, _ in trans], directed=True)
dj_txt = "\n".join(f"{u} -> {v} @ {b}bpm" for u, v, b in trans)
FAM = "dj"
add(FAM, "cycle", "my set planner notes (which track I can mix INTO which, bpm of the blend):\n" + dj_txt +
    "\ncan I loop the set forever, i.e. is there a cycle?", dj, answer=has_cycle(dj), tools=["cycle_check"])
hop_item(FAM, "transitions that work:\n" + dj_txt +
         "\nfewest mixes to get from Innerbloom to Sun Is Shining? the numbers are bpm btw", dj, "Innerbloom", "Sun Is Shining")
add(FAM, "hamiltonian", "Transitions I've practised:\n" + dj_txt +
    "\nIs there an order that plays every track exactly once using only these transitions?", dj,
    check="hamilton", answer=has_hamilton_path(dj), tools=["hamiltonian_path"])
add(FAM, "out_degree", dj_txt + "\n\nhow many different tracks can I go to straight out of Strobe?", dj,
    answer=dj.out_degree("Strobe"), tools=["degree"])
refuse(FAM, "no_tool", "mixing graph:\n" + dj_txt + "\nwhich transition will the crowd like most?",
       "taste is not in the data", dj)

# ---------------------------------------------------------------- hiker
trail = [("Trailhead P1", "Col du Lac", 4.2, 350), ("Col du Lac", "Refuge des Aiguilles", 3.1, 420),
         ("Trailhead P1", "Forest Jct", 2.5, 120), ("Forest Jct", "Lac Blanc", 5.0, 610),
         ("Lac Blanc", "Refuge des Aiguilles", 1.8, 90), ("Forest Jct", "Col du Lac", 2.4, 260),
         ("Lac Blanc", "Pointe Noire", 2.2, 480), ("Refuge des Aiguilles", "Pointe Noire", 3.6, 510)]
hike = wgraph([(u, v, d) for u, v, d, _ in trail])
climb = wgraph([(u, v, c) for u, v, _, c in trail])
hike_txt = "\n".join(f"* {u} – {v}: {d} km, +{c} m" for u, v, d, c in trail)
FAM = "hiker"
path_item(FAM, "Trail notes for next weekend (distance, then climb):\n" + hike_txt +
          "\nWhat's the shortest distance in km from Trailhead P1 to Refuge des Aiguilles?", hike, "Trailhead P1", "Refuge des Aiguilles")
path_item(FAM, "my knees are bad so I care about climbing, not distance. segments (km, metres of ascent):\n" + hike_txt +
          "\nwhich way from Trailhead P1 to Pointe Noire has the least total ascent (metres)?", climb, "Trailhead P1", "Pointe Noire",
          task="shortest_path_other_weight")
add(FAM, "node_count", hike_txt + "\n\nhow many distinct waypoints are on my map?", hike, answer=hike.number_of_nodes(),
    tools=["node_count", "order"])
refuse(FAM, "underdetermined", "Trail notes:\n" + hike_txt +
       "\nHow many hours will it take me from Trailhead P1 to Pointe Noire?", "walking speed is not given", hike)

# ---------------------------------------------------------------- volunteer rota
shift = {"Ines": "06:00", "Kwame": "08:00", "Rosa": "10:00", "Yuki": "10:00", "Bartek": "12:00", "Fatima": "14:00"}
handoff = [("Ines", "Kwame"), ("Kwame", "Rosa"), ("Kwame", "Yuki"), ("Rosa", "Bartek"), ("Yuki", "Bartek"),
           ("Bartek", "Fatima"), ("Ines", "Yuki")]
rota = ugraph(handoff, directed=True)
FAM = "volunteers"
rota_txt = "\n".join(f"{u} ({shift[u]}) hands the keys to {v} ({shift[v]})" for u, v in handoff)
add(FAM, "topological_sort", "food bank saturday, key hand-offs:\n" + rota_txt +
    "\nput everyone in an order consistent with the hand-offs please (who has to come before whom)", rota,
    check="order", answer=None, tools=["topological_sort"])
add(FAM, "sources", "Hand-offs this Saturday:\n" + rota_txt + "\nWho doesn't receive the keys from anyone (starts the chain)?",
    rota, check="set", answer=sources(rota), key="sources", tools=["sources_sinks"])
reach_item(FAM, rota_txt + "\n\nDo the keys Rosa has ever end up with Yuki? (both on the 10:00 shift)", rota, "Rosa", "Yuki")

# ---------------------------------------------------------------- supply chain
tiers = [("Shenzhen PCB Co", "Hanoi Assembly", 12), ("Penang Chips", "Hanoi Assembly", 9), ("Penang Chips", "Taipei Modules", 4),
         ("Taipei Modules", "Hanoi Assembly", 6), ("Hanoi Assembly", "Rotterdam DC", 28), ("Taipei Modules", "Rotterdam DC", 31),
         ("Osaka Glass", "Taipei Modules", 5), ("Rotterdam DC", "Plant Köln", 2), ("Hanoi Assembly", "Plant Köln", 33)]
sc = wgraph(tiers, directed=True)
sc_txt = "\n".join(f"{u:<18}| {v:<16}| {d}" for u, v, d in tiers)
FAM = "supply_chain"
sc_head = "supplier          | customer        | lead time (days)\n"
path_item(FAM, "Tier map export (lead times per leg):\n" + sc_head + sc_txt +
          "\n\nQuickest lead time from Penang Chips to Plant Köln, in days, if we pick the fastest chain of legs?", sc,
          "Penang Chips", "Plant Köln")
add(FAM, "predecessors", sc_head + sc_txt + "\n\nwho ships directly into Taipei Modules?", sc, check="set",
    answer=[str(x) for x in sc.predecessors("Taipei Modules")], tools=["predecessors"])
add(FAM, "cycle", "Is there any circular dependency in our supplier map?\n" + sc_head + sc_txt, sc, answer=has_cycle(sc),
    tools=["cycle_check"])
refuse(FAM, "no_tool", sc_head + sc_txt + "\n\nWhat's the critical path, i.e. the LONGEST total lead time from any raw supplier to Plant Köln?",
       "longest path: no tool computes it", sc, if_answered=nx.dag_longest_path_length(sc, weight="weight"))
refuse(FAM, "hypothetical", sc_head + sc_txt +
       "\n\nIf Hanoi Assembly shuts for Tết, what's the fastest Penang Chips -> Plant Köln lead time?",
       "a hypothetical change to the graph", sc,
       if_answered=nx.shortest_path_length(nx.restricted_view(sc, ["Hanoi Assembly"], []), "Penang Chips", "Plant Köln", weight="weight"))

# ---------------------------------------------------------------- teacher
pupils = [("Amélie", "Noah"), ("Noah", "Zara"), ("Zara", "Amélie"), ("Zara", "Omar"), ("Omar", "Lena"),
          ("Lena", "Zara"), ("Finn", "Maya"), ("Maya", "Jonas"), ("Jonas", "Finn"), ("Priya", "Theo")]
cls = ugraph(pupils, nodes=["Amélie", "Noah", "Zara", "Omar", "Lena", "Finn", "Maya", "Jonas", "Priya", "Theo", "Sami"])
FAM = "teacher"
cls_txt = "; ".join(f"{u} & {v}" for u, v in pupils)
add(FAM, "components", "Class 4B, who is friends with whom (from my playground notes): " + cls_txt +
    ". Sami doesn't really play with anyone yet.\nHow many separate friendship groups are there in the class?", cls,
    answer=nx.number_connected_components(cls), key="count", tools=CC)
add(FAM, "triangles", "friendships in 4B: " + cls_txt + "\nhow many little trios are there where all three are friends with each other?",
    cls, answer=sum(nx.triangles(cls).values()) // 3, key="triangles", tools=["triangle_count"])
add(FAM, "common_neighbors", "4B friendships: " + cls_txt + "\nWhich children are friends with both Amélie and Omar?", cls,
    check="set", answer=sorted(nx.common_neighbors(cls, "Amélie", "Omar")), tools=["common_neighbors"])
add(FAM, "clustering", "For my report on Zara's social integration. Friend pairs: " + cls_txt +
    "\nWhat's Zara's local clustering coefficient?", cls, answer=num(nx.clustering(cls, "Zara")), tools=["clustering_coefficient"])
refuse(FAM, "underdetermined", "In 4B there are 11 pupils and 10 friendships. Is every child connected to every other through friends?",
       "counts alone do not determine connectivity")

# ---------------------------------------------------------------- sysadmin
units = [("multi-user.target", "basic.target"), ("multi-user.target", "sshd.service"), ("multi-user.target", "nginx.service"),
         ("nginx.service", "network-online.target"), ("sshd.service", "network.target"), ("network-online.target", "network.target"),
         ("basic.target", "sysinit.target"), ("sysinit.target", "local-fs.target"), ("network.target", "systemd-networkd.service"),
         ("systemd-networkd.service", "sysinit.target")]
sysd = ugraph(units, directed=True)


def systree(G, n, depth=0, out=None):
    out = [] if out is None else out
    pre = "" if depth == 0 else "  " * (depth - 1) + ("├─" if depth else "")
    out.append(("● " if depth else "") + pre + n)
    for c in G.successors(n):
        systree(G, c, depth + 1, out)
    return out


sys_txt = "$ systemctl list-dependencies multi-user.target --no-pager\n" + "\n".join(systree(sysd, "multi-user.target"))
FAM = "sysadmin"
reach_item(FAM, sys_txt + "\n\nso does nginx.service end up depending on local-fs.target somewhere down the tree?", sysd,
           "nginx.service", "local-fs.target")
add(FAM, "successors", sys_txt + "\n\nwhat does network-online.target pull in directly?", sysd, check="set",
    answer=[str(x) for x in sysd.successors("network-online.target")], tools=["successors", "neighbors"])
add(FAM, "cycle", "before I reboot prod: any ordering cycle in this?\n" + sys_txt, sysd, answer=has_cycle(sysd), tools=["cycle_check"])
add(FAM, "node_count", sys_txt + "\nhow many distinct units are involved?", sysd, answer=sysd.number_of_nodes(),
    tools=["node_count", "order"])

lock = {"my-app": ["express", "lodash", "pg"], "express": ["body-parser", "debug"], "body-parser": ["debug", "bytes"],
        "pg": ["pg-pool", "buffer-writer"], "pg-pool": [], "debug": ["ms"], "ms": [], "bytes": [], "lodash": [],
        "buffer-writer": []}
pkg = nx.DiGraph()
for p, ds in lock.items():
    pkg.add_node(p)
for p, ds in lock.items():
    for d in ds:
        pkg.add_edge(d, p)  # install d before p
lock_txt = json.dumps({"name": "my-app", "lockfileVersion": 3, "packages": {
    ("node_modules/" + p if p != "my-app" else ""): {"version": "1.0.%d" % i, "dependencies": {d: "^1.0.0" for d in ds}}
    for i, (p, ds) in enumerate(lock.items())}}, indent=2)
add(FAM, "topological_sort", "trimmed package-lock.json:\n```\n" + lock_txt +
    "\n```\nIn what order do I install these so that every package comes after everything it depends on?", pkg,
    check="order", answer=None, tools=["topological_sort"])
pkgd = pkg.reverse(copy=True)
reach_item(FAM, "```\n" + lock_txt + "\n```\ndoes my-app (transitively) depend on ms?", pkgd, "my-app", "ms")

# ---------------------------------------------------------------- board game
borders = {"Vestria": ["Ostmark", "Kell", "Drava"], "Ostmark": ["Kell", "Sundholm"], "Kell": ["Drava", "Sundholm", "Irun"],
           "Drava": ["Irun", "Port Malen"], "Sundholm": ["Irun", "Hollow Fen"], "Irun": ["Port Malen"],
           "Port Malen": [], "Hollow Fen": ["Ashgrove"], "Ashgrove": []}
prov = nx.Graph()
for p, ns in borders.items():
    prov.add_node(p)
    for n in ns:
        prov.add_edge(p, n)
prov_txt = "\n".join(f"{p}: borders {', '.join(ns)}" if ns else f"{p}: (see above)" for p, ns in borders.items())
FAM = "board_game"
add(FAM, "max_degree", "Playtesting my map for 'Crowns of Irun'. Adjacencies:\n" + prov_txt +
    "\nWhich province touches the most others? want to make it the capital", prov, check="set", answer=unique_max(prov),
    key="max_nodes", tools=DEGMAX)
add(FAM, "diameter", "map v3 adjacency\n" + prov_txt + "\nWhat's the max number of moves between the two farthest-apart provinces (1 move = 1 border)?",
    prov, answer=nx.diameter(prov), tools=["diameter"])
add(FAM, "bipartite", prov_txt + "\n\ncan I colour the provinces with only 2 colours so neighbours always differ?", prov,
    answer=nx.is_bipartite(prov), key="bipartite", tools=["is_bipartite"])
add(FAM, "articulation", "Province borders:\n" + prov_txt +
    "\nIf one province is captured and blocks movement, which single provinces would cut the map in two?", prov,
    check="set", answer=[str(n) for n in nx.articulation_points(prov)], key="nodes", tools=["articulation_points"])
refuse(FAM, "no_tool", prov_txt + "\n\ncan this map be drawn flat on the board without any borders crossing?",
       "planarity: no tool checks it", prov, if_answered=nx.check_planarity(prov)[0])

# ---------------------------------------------------------------- genealogist
born = {"Maria Olsen": "1902-1988", "Erik Olsen": "b. 1925", "Ingrid Dahl": "née Olsen, b. 1928", "Per Olsen": "b. 1951",
        "Kari Berg": "b. 1954", "Lars Dahl": "b. 1950", "Sofie Dahl": "b. 1979", "Henrik Olsen": "b. 1980"}
kids = [("Maria Olsen", "Erik Olsen"), ("Maria Olsen", "Ingrid Dahl"), ("Erik Olsen", "Per Olsen"), ("Erik Olsen", "Kari Berg"),
        ("Ingrid Dahl", "Lars Dahl"), ("Lars Dahl", "Sofie Dahl"), ("Per Olsen", "Henrik Olsen")]
fam = ugraph(kids, directed=True)
fam_txt = "\n".join(f"{v} ({born[v]}), child of {u} ({born[u]})" for u, v in kids)
FAM = "genealogy"
reach_item(FAM, "from grandma's bible + the parish records:\n" + fam_txt +
           "\nIs Sofie Dahl a descendant of Maria Olsen?", fam, "Maria Olsen", "Sofie Dahl")
add(FAM, "successors", fam_txt + "\n\nlist the children of Erik Olsen", fam, check="set",
    answer=[str(x) for x in fam.successors("Erik Olsen")], tools=["successors", "neighbors"])
add(FAM, "tree", "Parent-child links I've got so far:\n" + fam_txt + "\nIs this a proper tree (one ancestor at the top, no loops)?",
    fam, answer=nx.is_arborescence(fam), key="arborescence", tools=["is_tree"])
hop_item(FAM, fam_txt + "\n\nHow many generations apart are Maria Olsen and Henrik Olsen?", fam,
         "Maria Olsen", "Henrik Olsen")
refuse(FAM, "no_tool", fam_txt + "\nSo what is Kari Berg to Sofie Dahl? second cousin? once removed??",
       "kinship terms: no tool names relationships", fam)

# ---------------------------------------------------------------- protein interactions
ppi = [("TP53", "MDM2", 0.999), ("TP53", "ATM", 0.98), ("ATM", "CHEK2", 0.97), ("CHEK2", "TP53", 0.99),
       ("BRCA1", "BARD1", 0.999), ("BRCA1", "ATM", 0.95), ("BRCA1", "TP53", 0.92), ("MDM2", "MDM4", 0.99),
       ("MDM4", "TP53", 0.97), ("BRCA1", "CHEK2", 0.9), ("PALB2", "BRCA1", 0.99), ("TP53", "CDKN1A", 0.999)]
prot = ugraph([(u, v) for u, v, _ in ppi])
ppi_txt = "\n".join(f"{u}\t{v}\tcombined_score={s}" for u, v, s in ppi)
FAM = "protein"
add(FAM, "clustering", "STRING export (physical interactions), column 3 is confidence:\n" + ppi_txt +
    "\nClustering coefficient of TP53 in this network? (ignore the scores)", prot, answer=num(nx.clustering(prot, "TP53")),
    tools=["clustering_coefficient"])
add(FAM, "triangles", ppi_txt + "\n\nhow many triangles does this PPI network contain in total?", prot,
    answer=sum(nx.triangles(prot).values()) // 3, key="triangles", tools=["triangle_count"])
add(FAM, "max_degree", "bio 320 lab, interaction list:\n" + ppi_txt + "\nwhich protein is the hub (most interaction partners)?",
    prot, check="set", answer=unique_max(prot), key="max_nodes", tools=DEGMAX)
add(FAM, "k_core", "interactions:\n" + ppi_txt + "\nWhich proteins are in the 3-core?", prot, check="set",
    answer=sorted(str(n) for n in nx.k_core(prot, 3)), key="nodes", tools=["k_core"])
add(FAM, "betweenness", ppi_txt + "\nwhat is the betweenness centrality of BRCA1 (normalised)?", prot,
    answer=num(nx.betweenness_centrality(prot)["BRCA1"]), tools=["betweenness_centrality"])

# ---------------------------------------------------------------- commuter
lines = {"Bus 12": ["Hauptbahnhof", "Rathausplatz", "Universität", "Klinikum Nord"],
         "Bus 7": ["Westpark", "Rathausplatz", "Markthalle", "Zoo"],
         "Tram 3": ["Zoo", "Stadion", "Klinikum Nord"],
         "Night bus N2": ["Flughafen", "Gewerbegebiet Süd"]}
bus = nx.Graph()
for l, st in lines.items():
    nx.add_path(bus, st)
bus_txt = "\n".join(f"{l}: {' - '.join(st)}" for l, st in lines.items())
FAM = "commuter"
hop_item(FAM, "my city's lines (stops in order):\n" + bus_txt +
         "\nwhat's the fewest stops I have to ride from Westpark to Klinikum Nord, changing wherever?", bus, "Westpark", "Klinikum Nord")
nopath_item(FAM, "Lines:\n" + bus_txt + "\nShortest way from Hauptbahnhof to Flughafen on these lines?", bus, "Hauptbahnhof", "Flughafen")
add(FAM, "components", bus_txt + "\n\nare all stops connected? how many separate networks are there?", bus,
    answer=nx.number_connected_components(bus), key="count", tools=CC,
    also={"is_connected": nx.is_connected(bus)})
refuse(FAM, "underdetermined", bus_txt + "\nwhich bus should I catch at 7:40 to be at Universität by 8?",
       "no timetable is given", bus)

# ---------------------------------------------------------------- chess club
games = [("Ivanova", "Chen"), ("Chen", "O'Brien"), ("O'Brien", "Ivanova"), ("Ivanova", "Nakamura"), ("Nakamura", "Chen"),
         ("Ivanova", "da Silva"), ("da Silva", "O'Brien"), ("Nakamura", "da Silva"), ("Chen", "da Silva")]
chess = ugraph(games, directed=True)
chess_txt = "\n".join(f"Rd {i}: {u} 1-0 {v}" for i, (u, v) in enumerate(games, 1))
FAM = "chess_club"
add(FAM, "max_out_degree", "Club ladder, autumn (winner listed first, 1-0):\n" + chess_txt + "\nwho won the most games?", chess,
    check="set", answer=unique_max(chess, "out"), key="max_nodes", tools=DEGMAX)
add(FAM, "in_degree", chess_txt + "\n\nhow many games did da Silva lose?", chess, answer=chess.in_degree("da Silva"), tools=["degree"])
add(FAM, "cycle", "results:\n" + chess_txt + "\nIs there a rock-paper-scissors loop, A beat B beat C ... beat A?", chess,
    answer=has_cycle(chess), tools=["cycle_check"])
refuse(FAM, "ambiguous", chess_txt + "\n\nso who's the best player in the club?", "'best' is not defined (wins, rating, ...)", chess)

# ---------------------------------------------------------------- warehouse
aisles = [("Packing", "A1", 12), ("A1", "A2", 8), ("A2", "A3", 8), ("Packing", "B1", 15), ("B1", "B2", 8),
          ("B2", "B3", 8), ("A3", "B3", 20), ("A1", "B1", 6), ("B3", "Cold room", 11), ("A2", "B2", 6)]
wh = wgraph(aisles)
wh_txt = "\n".join(f"{u} <-> {v}   {d} m" for u, v, d in aisles)
FAM = "warehouse"
path_item(FAM, "picker route sheet, walking distances between points:\n" + wh_txt +
          "\nshortest walk from Packing to the Cold room in metres?", wh, "Packing", "Cold room")
add(FAM, "avg_path", wh_txt + "\n\nWhat's the average walking distance (m) between two points, over all pairs?", wh,
    answer=num(nx.average_shortest_path_length(wh, weight="weight")), tools=["avg_path_length"])
# Gold audit (stop 32): written as a refusal ("travelling salesman: no
# tool"); the Cold room hangs off B3 alone, so no tour visits every point
# once and comes back, which travelling_salesman states exactly.
add(FAM, "no_tool", "Aisle distances:\n" + wh_txt +
    "\nI need to visit every point once and come back to Packing. shortest tour?", wh,
    answer=any(all(wh.has_edge(c[i], c[(i + 1) % len(c)]) for i in range(len(c)))
               for c in ([list(wh)[0]] + list(p) for p in itertools.permutations(list(wh)[1:]))),
    key="exists", tools=["travelling_salesman"])
add(FAM, "mst", "We're running a conveyor/cable along the aisles, cost is per metre.\n" + wh_txt +
    "\nminimum total metres to connect every point?", wh, answer=mst_weight(wh), key="total_weight", tools=["minimum_spanning_tree"])

# ---------------------------------------------------------------- power grid
grid = [("Plant Nordsee", "Sub Husum", 900), ("Plant Nordsee", "Sub Heide", 600), ("Sub Husum", "Sub Kiel", 500),
        ("Sub Heide", "Sub Kiel", 300), ("Sub Heide", "Sub Hamburg-West", 450), ("Sub Kiel", "Sub Hamburg-West", 400),
        ("Sub Hamburg-West", "City Hamburg", 1200), ("Sub Kiel", "City Hamburg", 200)]
pg = wgraph(grid, directed=True)
pg_txt = "\n".join(f"line {u} => {v}, thermal limit {c} MW" for u, v, c in grid)
FAM = "power_grid"
add(FAM, "max_flow", "Control room, winter peak. Line ratings (power flows in the direction shown):\n" + pg_txt +
    "\nHow many MW can we move from Plant Nordsee to City Hamburg at most?", pg, answer=mflow(pg, "Plant Nordsee", "City Hamburg"),
    key="value", tools=["maximum_flow"])
pgu = nx.Graph()
pgu.add_edges_from([(u, v) for u, v, _ in grid] + [("City Hamburg", "Sub Altona"), ("Sub Altona", "Sub Wedel")])
pgu_txt = "\n".join(f"{u} -- {v}" for u, v in pgu.edges)
add(FAM, "bridges", "Single-line diagram as edges:\n" + pgu_txt + "\nWhich lines are N-1 critical, i.e. losing just that one splits the grid?",
    pgu, check="partition", answer=bridges(pgu), key="bridges", tools=["bridges"])
pg2 = pg.copy()
pg2.remove_edge("Sub Heide", "Sub Hamburg-West")
refuse(FAM, "hypothetical", pg_txt + "\n\nIf line Sub Heide => Sub Hamburg-West trips, what's the max transfer Plant Nordsee to City Hamburg?",
       "a hypothetical change to the graph", pg, if_answered=mflow(pg2, "Plant Nordsee", "City Hamburg"))

# ---------------------------------------------------------------- textbook exercise
tb = wgraph([(1, 2, 7), (1, 3, 9), (1, 6, 14), (2, 3, 10), (2, 4, 15), (3, 4, 11), (3, 6, 2), (4, 5, 6), (5, 6, 9)])
tb_e = ", ".join(f"{{{u},{v}}}" for u, v in tb.edges)
tb_w = ", ".join(f"w({u},{v}) = {d['weight']}" for u, v, d in tb.edges(data=True))
FAM = "textbook"
tbs = nx.relabel_nodes(tb, str)
path_item(FAM, "Exercise 6.4. Let G = (V, E) be the weighted graph with V = {1, 2, 3, 4, 5, 6} and\nE = {" + tb_e +
          "},\nwith weights " + tb_w + ".\n(a) Use Dijkstra's algorithm to ﬁnd the length of a shortest path from vertex 1 to vertex 5.",
          tbs, "1", "5")
add(FAM, "mst", "Exercise 6.7 (copied from the PDF, sorry for the formatting)\nConsider the graph of Exercise 6.4: edges " + tb_w +
    ".\nFind the weight of a min-\nimum spanning tree of G.", tbs, answer=mst_weight(tbs), key="total_weight", tools=["minimum_spanning_tree"])
tb2 = ugraph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("a", "c"), ("d", "e"), ("e", "f")])
add(FAM, "euler", "Problem 3. The graph H has vertex set {a,b,c,d,e,f} and edge set {ab, bc, cd, da, ac, de, ef}.\n"
    "Does H have an Euler trail? Justify.", tb2, answer=nx.has_eulerian_path(tb2), key="exists", tools=["euler_path"])
add(FAM, "degree", "Q2 (b) For H = ({a,b,c,d,e,f}, {ab, bc, cd, da, ac, de, ef}), what is deg(d)?", tb2,
    answer=tb2.degree("d"), tools=["degree"])
add(FAM, "tree", "1.3) Is the graph with edges ab, bc, cd, da, ac, de, ef a tree?", tb2, answer=nx.is_tree(tb2), key="tree",
    tools=["is_tree"])
refuse(FAM, "no_tool", "Exercise 9.2: Determine the chromatic number χ(H) of H, where H has edges ab, bc, cd, da, ac, de, ef.",
       "chromatic number: the colouring tool is greedy, not exact", tb2, if_answered=chromatic(tb2))

# ---------------------------------------------------------------- benchmark-style prompts
bm = nx.gnm_random_graph(9, 13, seed=61)
bm.add_edge(7, 8)
bms = nx.relabel_nodes(bm, str)
bm_e = ", ".join(f"({u},{v})" for u, v in bm.edges)
FAM = "benchmark"
BMHEAD = ("In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. "
          "The nodes are numbered from 0 to 8, and the edges are: " + bm_e + ".\n")
reach_item(FAM, BMHEAD + "Q: Is there a path between node 0 and node 8?\nA:", bms, "0", "8")
add(FAM, "edge_count", "You are a graph reasoning assistant.\n" + BMHEAD + "Q: How many edges does the graph have?\nA: Let's think step by step.",
    bms, answer=bms.number_of_edges(), tools=["edge_count", "size"])
add(FAM, "cycle", BMHEAD + "Q: Is there a cycle in this graph?\nA:", bms, answer=has_cycle(bms), tools=["cycle_check"])
hop_item(FAM, BMHEAD + "Q: Give the length of the shortest path from node 2 to node 6 (number of edges).\nA:", bms, "2", "6")
bmw = nx.Graph()
for i, (u, v) in enumerate(bm.edges):
    bmw.add_edge(str(u), str(v), weight=(u * 3 + v * 5 + i) % 7 + 1)
bmw_e = ", ".join(f"an edge between node {u} and node {v} with weight {d['weight']}" for u, v, d in bmw.edges(data=True))
path_item(FAM, "In an undirected graph, the nodes are numbered from 0 to 8, and the edges are: " + bmw_e +
          ".\nQ: Give the shortest path from node 0 to node 5.\nA:", bmw, "0", "5")
bmd = nx.DiGraph([(0, 1), (1, 2), (2, 3), (0, 4), (4, 3), (3, 5), (5, 6), (4, 6)])
bmds = nx.relabel_nodes(bmd, str)
add(FAM, "topological_sort", "In a directed graph with 7 nodes numbered from 0 to 6:\n" +
    "\n".join(f"node {u} should be visited before node {v}" for u, v in bmd.edges) +
    "\nQ: Can all the nodes be visited? Give the solution.\nA:", bmds, check="order", answer=None, tools=["topological_sort"])

# ---------------------------------------------------------------- data scientist
df = wgraph([("berlin", "hamburg", 289), ("berlin", "leipzig", 190), ("leipzig", "münchen", 430), ("hamburg", "köln", 425),
             ("köln", "frankfurt", 190), ("frankfurt", "münchen", 392), ("leipzig", "frankfurt", 395), ("hamburg", "hannover", 152),
             ("hannover", "köln", 288)])
df_txt = "       source     target  distance_km\n" + "\n".join(
    f"{i:<3} {u:>10} {v:>10} {d['weight']:>12}" for i, (u, v, d) in enumerate(df.edges(data=True)))
FAM = "dataframe"
path_item(FAM, ">>> edges.head(20)\n" + df_txt + "\n\n[9 rows x 3 columns]\nbuilt an undirected graph from this df, "
          "what's the shortest distance_km from berlin to münchen?", df, "berlin", "münchen")
add(FAM, "density", "print(edges)\n" + df_txt + "\nundirected. what's the density of the graph?", df, answer=num(nx.density(df)),
    tools=["density"])
add(FAM, "mst", df_txt + "\n\nminimum spanning tree total distance_km?", df, answer=mst_weight(df), key="total_weight",
    tools=["minimum_spanning_tree"])
mat_nodes = ["u0", "u1", "u2", "u3", "u4", "u5"]
matg = ugraph([("u0", "u1"), ("u0", "u2"), ("u1", "u2"), ("u3", "u4"), ("u4", "u5")], nodes=mat_nodes)
M = [[1 if matg.has_edge(a, b) else 0 for b in mat_nodes] for a in mat_nodes]
mat_txt = "array([" + ",\n       ".join("[" + ", ".join(str(x) for x in row) + "]" for row in M) + "])"
add(FAM, "components", "adjacency (rows/cols = users u0..u5 in order):\n>>> A\n" + mat_txt +
    "\nhow many connected components?", matg, answer=nx.number_connected_components(matg), key="count", tools=CC)
add(FAM, "triangles", ">>> A  # symmetric, users u0..u5\n" + mat_txt + "\nnumber of triangles?", matg,
    answer=sum(nx.triangles(matg).values()) // 3, key="triangles", tools=["triangle_count"])
refuse(FAM, "no_graph", "I have a dataframe with 2M rows of user interactions, how do I get the pagerank of each user? "
       "pandas + networkx is too slow", "no graph is given")

# ---------------------------------------------------------------- email thread: reports-to
org = [("Priya Raman", "Daniel Okoye"), ("Marco Bianchi", "Daniel Okoye"), ("Daniel Okoye", "Helen Fischer"),
       ("Aiko Tanaka", "Helen Fischer"), ("Sven Lund", "Aiko Tanaka"), ("Chloé Martin", "Aiko Tanaka"),
       ("Rahul Mehta", "Marco Bianchi"), ("Helen Fischer", "Jorge Álvarez")]
orgg = ugraph(org, directed=True)
FAM = "email_org"
org_txt = ("From: Helen Fischer\nSubject: RE: RE: reorg — who reports to whom now\n\nHi all,\nquick recap so nobody's confused:\n" +
           "\n".join(f"  - {u} reports to {v}" for u, v in org) +
           "\nThanks, H.\n\n> On Mon, Jorge Álvarez wrote:\n> please confirm the new lines by Friday")
add(FAM, "predecessors", org_txt + "\n\n--\nwho are Aiko Tanaka's direct reports?", orgg, check="set",
    answer=[str(x) for x in orgg.predecessors("Aiko Tanaka")], tools=["predecessors"])
hop_item(FAM, org_txt + "\n\nhow many levels of management between Rahul Mehta and Jorge Álvarez (count the reporting steps)?",
         orgg, "Rahul Mehta", "Jorge Álvarez")
add(FAM, "node_count", org_txt + "\nHow many people are in this org?", orgg, answer=orgg.number_of_nodes(), tools=["node_count", "order"])
add(FAM, "tree", org_txt + "\nIs the reporting structure a tree (ignoring direction)?", orgg, answer=nx.is_tree(orgg.to_undirected()),
    key="tree", tools=["is_tree"])
refuse(FAM, "underdetermined", org_txt + "\nwho has the highest salary?", "salaries are not given", orgg)

# ---------------------------------------------------------------- slack microservices
calls = [("api-gateway", "auth-svc"), ("api-gateway", "orders-svc"), ("orders-svc", "payments-svc"),
         ("orders-svc", "inventory-svc"), ("payments-svc", "ledger-svc"), ("ledger-svc", "notifications"),
         ("inventory-svc", "notifications"), ("notifications", "orders-svc"), ("auth-svc", "users-db")]
ms = ugraph(calls, directed=True)
FAM = "slack_services"
slack = ("**#platform-oncall** :rotating_light:\n@here mapping the call graph for the postmortem, lmk if I missed anything\n" +
         "\n".join(f"• `{u}` → `{v}`" for u, v in calls) + "\n:thread: 4 replies")
add(FAM, "cycle", slack + "\n\nq: do we have a circular call chain anywhere? suspect that's what amplified the retries", ms,
    answer=has_cycle(ms), tools=["cycle_check"])
add(FAM, "scc", slack + "\nhow many strongly connected components?", ms,
    answer=nx.number_strongly_connected_components(ms), key="count", tools=["strongly_connected_components"])
reach_item(FAM, slack + "\n\ncan a request entering at api-gateway end up hitting users-db?", ms, "api-gateway", "users-db")
add(FAM, "predecessors", slack + "\nwhat calls notifications directly?", ms, check="set",
    answer=[str(x) for x in ms.predecessors("notifications")], tools=["predecessors"])
refuse(FAM, "no_tool", slack + "\nwhat's the p99 latency from api-gateway to ledger-svc?", "latencies are not given", ms)

# ---------------------------------------------------------------- museum
rooms = [("Entrance Hall", "Room 1 (Egypt)"), ("Entrance Hall", "Room 2 (Greece)"), ("Room 1 (Egypt)", "Room 2 (Greece)"),
         ("Room 2 (Greece)", "Room 3 (Rome)"), ("Room 3 (Rome)", "Room 4 (Byzantium)"), ("Room 4 (Byzantium)", "Café"),
         ("Room 3 (Rome)", "Café"), ("Café", "Gift Shop"), ("Room 1 (Egypt)", "Room 5 (Mesopotamia)")]
mus = ugraph(rooms)
FAM = "museum"
mus_txt = "Ground floor doors:\n" + "\n".join(f"  door: {u} | {v}" for u, v in rooms)
add(FAM, "euler", mus_txt + "\nCan a guard walk through every doorway exactly once on one round (start/end anywhere)?", mus,
    answer=nx.has_eulerian_path(mus), key="exists", tools=["euler_path"])
add(FAM, "hamiltonian", mus_txt + "\n\nis there a tour that visits every room exactly once?", mus, check="hamilton",
    answer=has_hamilton_path(mus), tools=["hamiltonian_path"])
hop_item(FAM, mus_txt + "\nfewest doors from the Entrance Hall to the Gift Shop?", mus, "Entrance Hall", "Gift Shop")
add(FAM, "center", mus_txt + "\n\nWe want the info desk in the most central room(s) — the ones with the smallest worst-case number of doors to any room.",
    mus, check="set", answer=[str(n) for n in nx.center(mus)], tools=["center"])

# ---------------------------------------------------------------- river
river = [("Spring A", "Confluence 1", 40), ("Spring B", "Confluence 1", 25), ("Confluence 1", "Weir", 55),
         ("Spring B", "Lake Reservoir", 30), ("Lake Reservoir", "Weir", 20), ("Weir", "Town Intake", 35),
         ("Weir", "Delta", 60), ("Town Intake", "Delta", 15)]
rv_txt = "\n".join(f"{u} flows into {v}, channel capacity {c} m³/s" for u, v, c in river)
FAM = "river"
rvs = nx.DiGraph()
for u, v, c in river:
    rvs.add_edge(u, v, weight=c)
add(FAM, "max_flow", "hydrology coursework. channels:\n" + rv_txt + "\nWhat is the maximum flow from Spring B to the Delta in m³/s?",
    rvs, answer=mflow(rvs, "Spring B", "Delta"), key="value", tools=["maximum_flow"])
add(FAM, "sources", rv_txt + "\n\nwhich nodes have nothing flowing into them?", rvs, check="set", answer=sources(rvs),
    key="sources", tools=["sources_sinks"])
refuse(FAM, "ambiguous", rv_txt + "\nhow much water reaches the Delta?",
       "capacity is not flow; the amount depends on the springs' discharge, not given", rvs)

# ---------------------------------------------------------------- citations
cites = {"[1] Page et al. 1999": [], "[2] Kleinberg 1999": [], "[3] Brin & Page 1998": [],
         "[4] Haveliwala 2002": ["[1] Page et al. 1999", "[3] Brin & Page 1998"],
         "[5] Langville & Meyer 2005": ["[1] Page et al. 1999", "[2] Kleinberg 1999", "[4] Haveliwala 2002"],
         "[6] Gleich 2015": ["[1] Page et al. 1999", "[5] Langville & Meyer 2005"],
         "[7] Our paper": ["[5] Langville & Meyer 2005", "[6] Gleich 2015", "[1] Page et al. 1999"]}
cit = nx.DiGraph()
for p, cs in cites.items():
    cit.add_node(p)
    for c in cs:
        cit.add_edge(p, c)
cit_txt = "\n".join(f"{p} cites: {', '.join(c.split(']')[0] + ']' for c in cs) or '—'}" for p, cs in cites.items())
FAM = "citations"
add(FAM, "max_in_degree", "Related-work notes (what cites what):\n" + cit_txt + "\nWhich reference is cited the most here?",
    cit, check="set", answer=unique_max(cit, "in"), key="max_nodes", tools=DEGMAX)
add(FAM, "in_degree", cit_txt + "\n\nhow many of these cite [5]?", cit, answer=cit.in_degree("[5] Langville & Meyer 2005"), tools=["degree"])
add(FAM, "topological_sort", cit_txt + "\n\norder the papers so that each paper comes before everything it cites", cit,
    check="order", answer=None, tools=["topological_sort"])
add(FAM, "pagerank", cit_txt + "\n\nPageRank (alpha 0.85) of [1]?", cit, answer=num(pagerank(cit)["[1] Page et al. 1999"]),
    tools=["pagerank"])

# ---------------------------------------------------------------- tournament
res = [("Lions", "Tigers"), ("Hawks", "Otters"), ("Wolves", "Bears"), ("Foxes", "Eagles"), ("Lions", "Hawks"),
       ("Wolves", "Foxes"), ("Wolves", "Lions")]
tour = ugraph(res, directed=True)
br = ("QF1 Lions 3-1 Tigers\nQF2 Hawks 2-0 Otters\nQF3 Wolves 4-2 Bears\nQF4 Foxes 1-0 Eagles\n"
      "SF1 Lions 2-1 Hawks\nSF2 Wolves 3-3 Foxes (Wolves on pens)\nFINAL Wolves 2-0 Lions")
FAM = "tournament"
reach_item(FAM, "five-a-side cup bracket:\n" + br + "\nwinner→loser: can you trace a chain of wins from Wolves to Otters?", tour,
           "Wolves", "Otters")
add(FAM, "edge_count", br + "\n\nhow many matches were played?", tour, answer=tour.number_of_edges(), tools=["edge_count", "size"])
add(FAM, "tree", br + "\n\nas an undirected graph of who played whom, is it a tree?", tour, answer=nx.is_tree(tour.to_undirected()),
    key="tree", tools=["is_tree"])

# ---------------------------------------------------------------- course catalogue
courses = [("CS 101 Intro to Programming (4 cr)", []), ("MATH 120 Discrete Math (3 cr)", []),
           ("CS 201 Data Structures (4 cr)", ["CS 101", "MATH 120"]), ("CS 220 Computer Systems (4 cr)", ["CS 101"]),
           ("CS 310 Algorithms (3 cr)", ["CS 201", "MATH 120"]), ("CS 330 Operating Systems (4 cr)", ["CS 220", "CS 201"]),
           ("CS 420 Distributed Systems (3 cr)", ["CS 330", "CS 310"]), ("STAT 200 Probability (3 cr)", ["MATH 120"])]
cc = nx.DiGraph()
code = {c.split(" ")[0] + " " + c.split(" ")[1]: c for c, _ in courses}
for c, ps in courses:
    cc.add_node(c.split(" ")[0] + " " + c.split(" ")[1])
for c, ps in courses:
    for p in ps:
        cc.add_edge(p, c.split(" ")[0] + " " + c.split(" ")[1])
cat_txt = "\n".join(f"{c}{'  Prereq: ' + ', '.join(ps) if ps else '  No prerequisites.'}" for c, ps in courses)
FAM = "courses"
add(FAM, "topological_sort", "2026-27 catalogue excerpt:\n" + cat_txt + "\n\nGive me an order to take all of these respecting prereqs.",
    cc, check="order", answer=None, tools=["topological_sort"])
add(FAM, "dag", cat_txt + "\nCan this catalogue actually be completed, i.e. no circular prerequisites?", cc, check="dag",
    answer=nx.is_directed_acyclic_graph(cc), tools=["topological_sort"], neg_tools=["cycle_check"])
add(FAM, "sources", cat_txt + "\n\nwhich courses can a freshman take right away (no prereqs)?", cc, check="set", answer=sources(cc),
    key="sources", tools=["sources_sinks"])
refuse(FAM, "no_tool", cat_txt + "\nWhat's the minimum number of semesters to finish everything if I can take any number of courses per term?",
       "longest chain: no tool computes it", cc, if_answered=nx.dag_longest_path_length(cc) + 1)
reach_item(FAM, cat_txt + "\n\ndo I need CS 220 (directly or indirectly) before CS 420?", cc, "CS 220", "CS 420")

# ---------------------------------------------------------------- road trip
legs = [("Lyon", "Genève", 150, 12.4), ("Lyon", "Grenoble", 112, 9.9), ("Grenoble", "Chambéry", 60, 6.1),
        ("Chambéry", "Genève", 85, 8.7), ("Chambéry", "Annecy", 50, 4.2), ("Annecy", "Genève", 43, 3.5),
        ("Lyon", "Bourg-en-Bresse", 80, 7.0), ("Bourg-en-Bresse", "Genève", 110, 10.3)]
km = wgraph([(u, v, d) for u, v, d, _ in legs])
toll = wgraph([(u, v, t) for u, v, _, t in legs])
legs_txt = "\n".join(f"{u} to {v} is {d} km, toll €{t:.2f}" for u, v, d, t in legs)
FAM = "road_trip"
path_item(FAM, "Planning the drive to see my sister! From my notes:\n" + legs_txt +
          "\nWhat's the cheapest way from Lyon to Genève in tolls? how much in total?", toll, "Lyon", "Genève",
          task="shortest_path_other_weight")
path_item(FAM, legs_txt + "\n\nAnd the shortest in kilometres from Grenoble to Bourg-en-Bresse?", km, "Grenoble", "Bourg-en-Bresse")
refuse(FAM, "underdetermined", legs_txt + "\nwhich route is fastest? leaving friday 5pm", "travel times are not given", km)
add(FAM, "degree", legs_txt + "\n\nhow many direct roads leave Chambéry?", km, answer=km.degree("Chambéry"), tools=["degree"])

# ---------------------------------------------------------------- social export
fol = [("ana_lu", "beto.k"), ("beto.k", "ana_lu"), ("carla99", "ana_lu"), ("dmitri", "ana_lu"), ("ana_lu", "carla99"),
       ("beto.k", "dmitri"), ("erin_h", "dmitri"), ("dmitri", "erin_h"), ("fei", "ana_lu"), ("carla99", "fei")]
soc = ugraph(fol, directed=True)
soc_json = json.dumps({"users": [{"handle": n} for n in soc.nodes], "follows": [{"from": u, "to": v} for u, v in fol]}, indent=1)
FAM = "social_export"
add(FAM, "max_in_degree", "export from our little mastodon instance:\n" + soc_json + "\nwho has the most followers?", soc,
    check="set", answer=unique_max(soc, "in"), key="max_nodes", tools=DEGMAX)
add(FAM, "predecessors", soc_json + "\n\nwho follows dmitri?", soc, check="set", answer=[str(x) for x in soc.predecessors("dmitri")],
    tools=["predecessors"])
add(FAM, "scc", soc_json + "\nHow many strongly connected components does the follow graph have?", soc,
    answer=nx.number_strongly_connected_components(soc), key="count", tools=["strongly_connected_components"])
add(FAM, "edge_exists", soc_json + "\ndoes fei follow carla99?", soc, answer=soc.has_edge("fei", "carla99"), tools=["edge_exists"])
csv_txt = "follower,followee\n" + "\n".join(f"{u},{v}" for u, v in fol)
add(FAM, "out_degree", "followers.csv:\n" + csv_txt + "\n\nhow many accounts does beto.k follow?", soc, answer=soc.out_degree("beto.k"),
    tools=["degree"])
refuse(FAM, "ambiguous", csv_txt + "\nwho is the most influential?", "'influential' is not defined (followers, pagerank, ...)", soc)

# ---------------------------------------------------------------- spreadsheet copy
depots = [("Depot Nord", "Kunde Meier", 14.5), ("Depot Nord", "Kunde Schulz", 9.0), ("Kunde Schulz", "Kunde Meier", 3.5),
          ("Kunde Meier", "Kunde Öztürk", 7.25), ("Kunde Schulz", "Kunde Öztürk", 12.0), ("Kunde Öztürk", "Depot Süd", 6.0),
          ("Depot Nord", "Depot Süd", 30.0)]
sheet = wgraph(depots)
sheet_txt = "Von\tNach\tKosten (EUR)\tFahrer\n" + "\n".join(f"{u}\t{v}\t{str(c).replace('.', ',')}\t{['Jens', 'Ana', 'Olu'][i % 3]}"
                                                        for i, (u, v, c) in enumerate(depots))
FAM = "spreadsheet"
path_item(FAM, "copied from our Excel (German locale, so commas are decimals):\n" + sheet_txt +
          "\ncheapest route Depot Nord -> Depot Süd, roads work both ways?", sheet, "Depot Nord", "Depot Süd")
add(FAM, "mst", sheet_txt + "\n\nminimum total Kosten to link every location (spanning tree)?", sheet, answer=mst_weight(sheet),
    key="total_weight", tools=["minimum_spanning_tree"])
add(FAM, "triangle_sum", sheet_txt + "\n\nwhich triangle of locations has the biggest total Kosten, and what is it?", sheet,
    answer=num(max(sheet[a][b]["weight"] + sheet[b][c]["weight"] + sheet[a][c]["weight"]
                   for a, b, c in itertools.combinations(sheet.nodes, 3)
                   if sheet.has_edge(a, b) and sheet.has_edge(b, c) and sheet.has_edge(a, c))),
    key="sum", tools=["maximum_triangle_sum"])

# ---------------------------------------------------------------- diagrams as code
flow = [("Start", "Validate input"), ("Validate input", "Lookup customer"), ("Lookup customer", "Charge card"),
        ("Charge card", "Send receipt"), ("Charge card", "Retry payment"), ("Retry payment", "Charge card"),
        ("Send receipt", "Done")]
fl = ugraph(flow, directed=True)
ids = {n: f"n{i}" for i, n in enumerate(fl.nodes)}
mer = "```mermaid\nflowchart TD\n" + "\n".join(f"    {ids[u]}[{u}] --> {ids[v]}[{v}]" for u, v in flow) + "\n```"
FAM = "diagram_code"
add(FAM, "cycle", "drew this for the checkout flow:\n" + mer + "\nis there a loop in it?", fl, answer=has_cycle(fl), tools=["cycle_check"])
hop_item(FAM, mer + "\n\nminimum number of steps from Start to Done?", fl, "Start", "Done")
pu_edges = [("Browser", "CDN"), ("Browser", "Load Balancer"), ("Load Balancer", "Web 1"), ("Load Balancer", "Web 2"),
            ("Web 1", "Postgres"), ("Web 2", "Postgres"), ("Web 1", "Redis"), ("Web 2", "Redis"), ("Postgres", "Backup S3")]
pu = ugraph(pu_edges, directed=True)
puml = "@startuml\n" + "\n".join(f'[{u}] --> [{v}]' for u, v in pu_edges) + "\n@enduml"
add(FAM, "sinks", puml + "\nwhich components don't call anything else?", pu, check="set", answer=sinks(pu), key="sinks",
    tools=["sources_sinks"])
add(FAM, "articulation", puml + "\n\ntreating the links as undirected, which single components are points of failure (cut vertices)?",
    pu, check="set", answer=[str(n) for n in nx.articulation_points(pu.to_undirected())], key="nodes", tools=["articulation_points"])
d2 = "\n".join(f"{u.lower().replace(' ', '_')} -> {v.lower().replace(' ', '_')}" for u, v in pu_edges)
pu2 = nx.relabel_nodes(pu, {n: n.lower().replace(" ", "_") for n in pu})
add(FAM, "successors", "d2 diagram:\n" + d2 + "\n\nwhat does load_balancer point to?", pu2, check="set",
    answer=[str(x) for x in pu2.successors("load_balancer")], tools=["successors", "neighbors"])

# ---------------------------------------------------------------- office cabling
cab = [("Server room", "Switch 2F", 18), ("Server room", "Switch 1F", 9), ("Switch 1F", "Reception", 22),
       ("Switch 1F", "Meeting Rm Ada", 15), ("Switch 2F", "Meeting Rm Ada", 11), ("Switch 2F", "Open plan east", 25),
       ("Open plan east", "Open plan west", 14), ("Switch 1F", "Open plan west", 30), ("Reception", "Meeting Rm Ada", 16)]
office = wgraph(cab)
cab_txt = "\n".join(f"{u} — {v}: {m}m of Cat6 needed" for u, v, m in cab)
FAM = "office_it"
add(FAM, "mst", "small office move, possible cable runs and how much cable each would need:\n" + cab_txt +
    "\nLeast total cable to connect everything (tree, no redundancy)?", office, answer=mst_weight(office), key="total_weight",
    tools=["minimum_spanning_tree"])
add(FAM, "is_connected", cab_txt + "\n\nif we pull every one of these runs, is every room connected?", office,
    answer=nx.is_connected(office), tools=["is_connected"])
add(FAM, "closeness", cab_txt + "\nignoring cable lengths, what's the closeness centrality of Switch 1F?", plain(office),
    answer=num(nx.closeness_centrality(plain(office), "Switch 1F")), tools=["closeness_centrality"])
refuse(FAM, "weights_missing", "Rooms: Server room, Switch 1F, Reception, Meeting Rm Ada. Runs: Server room-Switch 1F, "
       "Switch 1F-Reception, Switch 1F-Meeting Rm Ada, Reception-Meeting Rm Ada.\nWhat's the cheapest cabling (in €) to connect all?",
       "costs are not given",
       ugraph([("Server room", "Switch 1F"), ("Switch 1F", "Reception"), ("Switch 1F", "Meeting Rm Ada"), ("Reception", "Meeting Rm Ada")]))

# ---------------------------------------------------------------- metro
metro = {"M1": ["Gare du Sud", "Opéra", "Place Verte", "Université", "Les Moulins"],
         "M2": ["Aéroport", "Parc des Expos", "Place Verte", "Hôpital", "Saint-Roch"],
         "M3": ["Opéra", "Saint-Roch", "Bellevue"]}
met = nx.Graph()
for l, st in metro.items():
    nx.add_path(met, st)
met_txt = "\n".join(f"ligne {l} : {' · '.join(st)}" for l, st in metro.items())
FAM = "metro"
hop_item(FAM, "plan du métro (stations dans l'ordre):\n" + met_txt + "\nfewest stations hops from Aéroport to Bellevue?", met,
         "Aéroport", "Bellevue")
add(FAM, "betweenness", met_txt + "\n\nbetweenness centrality of Place Verte?", met, answer=num(nx.betweenness_centrality(met)["Place Verte"]),
    tools=["betweenness_centrality"])
add(FAM, "neighbors", met_txt + "\nwhich stations are one stop away from Opéra?", met, check="set",
    answer=[str(x) for x in met.neighbors("Opéra")], tools=["neighbors"])
add(FAM, "eccentricity", met_txt + "\n\nfrom Les Moulins, how many stops to the farthest station?", met,
    answer=nx.eccentricity(met, "Les Moulins"), tools=["eccentricity"])
refuse(FAM, "weights_missing", met_txt + "\nquickest journey in minutes from Gare du Sud to Bellevue?",
       "travel times are not given", met)

# ---------------------------------------------------------------- chat without a usable graph
FAM = "chat"
refuse(FAM, "no_graph", "hey can you tell me the shortest path from A to F? thanks!!", "no graph is given")
refuse(FAM, "no_graph", "is my graph bipartite? it's the one from my homework", "no graph is given")
refuse(FAM, "underdetermined", "a graph has 6 vertices and 9 edges. does it have a cycle? and is it connected?",
       "counts do not determine connectivity (a cycle is forced, connectivity is not)")
refuse(FAM, "underdetermined", "My network has 12 routers, each connected to exactly 3 others. What's the diameter?",
       "many 3-regular graphs on 12 nodes, with different diameters")
chat_g = ugraph([("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")])
refuse(FAM, "ambiguous", "edges A-B, B-C, C-A, C-D. which node is the most important?",
       "'important' is not defined (degree, betweenness, ...)", chat_g)
refuse(FAM, "hypothetical", "edges A-B, B-C, C-A, C-D. if I delete C, how many pieces are left?",
       "a hypothetical change to the graph", chat_g,
       if_answered=nx.number_connected_components(nx.restricted_view(chat_g, ["C"], [])))
refuse(FAM, "no_tool", "edges A-B, B-C, C-A, C-D. how many spanning trees does this graph have?",
       "spanning-tree count: no tool computes it", chat_g,
       if_answered=len([T for T in itertools.combinations(chat_g.edges, 3) if nx.is_tree(nx.Graph(list(T)))
                        and nx.Graph(list(T)).number_of_nodes() == 4]))
add(FAM, "degree", "quick one: edges A-B, B-C, C-A, C-D — what's the degree of C?", chat_g, answer=chat_g.degree("C"), tools=["degree"])
add(FAM, "transitivity", "graph: A-B, B-C, C-A, C-D. transitivity?", chat_g, answer=num(nx.transitivity(chat_g)), tools=["transitivity"])

# ---------------------------------------------------------------- more refusals in earlier situations
refuse("hiker", "weights_missing", "Trails: Trailhead P1 – Forest Jct, Forest Jct – Lac Blanc, Lac Blanc – Refuge des Aiguilles, "
       "Trailhead P1 – Col du Lac, Col du Lac – Refuge des Aiguilles.\nshortest in km from Trailhead P1 to the Refuge?",
       "distances are not given",
       ugraph([("Trailhead P1", "Forest Jct"), ("Forest Jct", "Lac Blanc"), ("Lac Blanc", "Refuge des Aiguilles"),
               ("Trailhead P1", "Col du Lac"), ("Col du Lac", "Refuge des Aiguilles")]))
refuse("power_grid", "weights_missing", "lines: Plant Nordsee => Sub Husum, Sub Husum => Sub Kiel, Plant Nordsee => Sub Kiel, "
       "Sub Kiel => City Hamburg. max MW from Plant Nordsee to City Hamburg?", "line ratings are not given",
       ugraph([("Plant Nordsee", "Sub Husum"), ("Sub Husum", "Sub Kiel"), ("Plant Nordsee", "Sub Kiel"), ("Sub Kiel", "City Hamburg")],
              directed=True))
refuse("slack_services", "hypothetical", slack + "\n\nif we remove the notifications -> orders-svc call, is the graph acyclic then?",
       "a hypothetical change to the graph", ms,
       if_answered=nx.is_directed_acyclic_graph(nx.restricted_view(ms, [], [("notifications", "orders-svc")])))
refuse("commuter", "ambiguous", bus_txt + "\nwhat's the best line?", "'best' is not defined", bus)
refuse("protein", "no_tool", ppi_txt + "\n\nwhat's the maximum clique in this network (size)?", "clique number: no tool computes it",
       prot, if_answered=max(len(c) for c in nx.find_cliques(prot)))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(out, "batch6.jsonl"), "w", encoding="utf-8") as f:
        for i, it in enumerate(ITEMS, 1):
            rec = {"id": f"g{i:03d}"}
            rec.update(it)
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n = len(ITEMS)
    r = sum(1 for it in ITEMS if it.get("refuse"))
    fams = len({it["family"] for it in ITEMS})
    print(f"batch6.jsonl: {n} items, {r} to refuse, {fams} families", file=sys.stderr)


if __name__ == "__main__":
    main()
