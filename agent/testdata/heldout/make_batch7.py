#!/usr/bin/env python3
"""Held-out batch 7 for graphagent, written blind.

Written without reading how graphagent reads questions (reasoning/, lang/,
tools/graph/read_*.go, the agent's code) and without opening the earlier
batches' items; only the judge (agent/heldout_test.go,
agent/understanding_test.go), make_batch6.py's docstring and generic helpers
(the output schema), the family table of eval/results/heldout-batch6-blind.md
(to avoid its situations) and the tool catalogue (`graphagent tools list`,
`tools run --json` on toy files, to learn each tool's value shape) were read.

The families are situations of people, none of batch 6's: a hospital bed
manager's transfer log, an electrician's job notes, a GitHub issue about a
circular import, a dungeon master's map, a haulage dispatcher's e-mails, a
pond ecologist's gut-content notes, a Reddit post about bike paths, an HR
mentoring export, an SRE postmortem, a researcher's co-author list, a Jira
epic, a parent typing a child's worksheet, an invented eval-harness prompt
format, a farmer's voice note, an Erasmus student's flight question in
learner English, a Minecraft player's typo-laden portal notes, an escape-room
designer, a chef's prep list, a LoRa mesh hobbyist, a GitLab CI file, a
Wikipedia speed-run, a fantasy writer's wars, a housing office, a true-crime
podcast fan's phone records, a financial analyst's cross-holdings, a
conservation report on wildlife corridors, a ferry operator, a chemist's bond
list, LeetCode statements, a DBA's SQL inserts, a NOC engineer's traceroutes,
a registrar's exam clashes, a school carpool chat, an on-call escalation
thread, and chat that gives no usable graph.

Conventions (as batch 6):
  * every graph is built with NetworkX first; the question text is rendered
    from it and every gold answer is computed from it by NetworkX, never
    typed;
  * numbers in the text mean different things (bed numbers, cable sizes,
    RSSI, percentages, dates); only the ones the question is about become
    weights, and "edges" holds [u, v] or [u, v, w] for the judge's checks;
    a hop-count item stores the graph without weights;
  * refuse=true marks items with no graph, data that do not determine the
    answer, an ambiguous ask, a hypothetical change, or something no tool
    computes; when NetworkX can answer it with one scalar, if_answered holds
    that answer;
  * ids are k001..., each item has a family (the situation) and a task.

Run: PYTHONHASHSEED=1 python3 make_batch7.py [OUTDIR] (default: this folder);
it writes OUTDIR/batch7.jsonl deterministically.
"""

import itertools
import json
import os
import random
import sys

import networkx as nx

ITEMS = []
RNG = random.Random(7)


# ---------------------------------------------------------------- helpers

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
        for n in G.nodes:
            assert isinstance(n, str), n
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
    for name in (source, target):
        if name:
            assert G is not None and name in G, name
    ITEMS.append(it)


def wgraph(edges, directed=False, nodes=()):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(nodes)
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


PATH = ["shortest_path", "shortest_path_length"]


def path_item(fam, q, G, s, t, task="shortest_path"):
    ans = num(nx.shortest_path_length(G, s, t, weight="weight"))
    add(fam, task, q, G, check="path", answer=ans, key="length", tools=PATH, source=s, target=t)


def hop_item(fam, q, G, s, t, task="fewest_hops"):
    H = plain(G)
    add(fam, task, q, H, check="path", answer=nx.shortest_path_length(H, s, t), key="length",
        tools=PATH, source=s, target=t)


def nopath_item(fam, q, G, s, t):
    assert not nx.has_path(G, s, t)
    add(fam, "no_path", q, G, check="nopath", answer=None, tools=PATH, source=s, target=t)


def reach_item(fam, q, G, s, t):
    add(fam, "reachability", q, G, answer=nx.has_path(G, s, t), tools=["path_exists"], source=s, target=t)


def degree_item(fam, q, G, n, direction="total", task=""):
    assert n in G, n
    if direction == "in":
        d = G.in_degree(n)
    elif direction == "out":
        d = G.out_degree(n)
    else:
        d = G.degree(n)
    add(fam, task or {"in": "in_degree", "out": "out_degree"}.get(direction, "degree"), q, G,
        answer=d, tools=["degree"])


def set_item(fam, task, q, G, nodes, tools, key=""):
    for n in nodes:
        assert n in G, n
    add(fam, task, q, G, check="set", answer=sorted(str(n) for n in nodes), key=key, tools=tools)


def succ_item(fam, q, G, n):
    set_item(fam, "successors", q, G, list(G.successors(n)) if G.is_directed() else list(G.neighbors(n)),
             ["successors", "neighbors"])


def pred_item(fam, q, G, n, either=False):
    """Predecessors of n; either=True also takes successors/neighbours,
    for texts that list a node's predecessors under the node itself (a
    "needs:" or "blocked by:" list), where a reader may keep either
    direction."""
    tools = ["predecessors", "successors", "neighbors"] if either else ["predecessors"]
    set_item(fam, "predecessors", q, G, list(G.predecessors(n)), tools)


def neigh_item(fam, q, G, n):
    set_item(fam, "neighbors", q, G, list(G.neighbors(n)), ["neighbors", "successors"])


def dag_item(fam, q, G):
    """'Is there a cycle / circular ...?' on a directed graph."""
    add(fam, "cycle", q, G, check="dag", answer=nx.is_directed_acyclic_graph(G),
        tools=["topological_sort"], neg_tools=["cycle_check"])


def ucycle_item(fam, q, G):
    add(fam, "cycle", q, G, answer=len(nx.cycle_basis(G)) > 0, tools=["cycle_check"])


def order_item(fam, q, G):
    assert nx.is_directed_acyclic_graph(G)
    add(fam, "topological_order", q, G, check="order", answer=[str(n) for n in nx.topological_sort(G)],
        tools=["topological_sort"])


def cc_item(fam, q, G):
    n = nx.number_weakly_connected_components(G) if G.is_directed() else nx.number_connected_components(G)
    add(fam, "components", q, G, answer=n, key="count", tools=["connected_components"])


def scc_item(fam, q, G):
    add(fam, "strong_components", q, G, answer=nx.number_strongly_connected_components(G), key="count",
        tools=["strongly_connected_components"])


def connected_item(fam, q, G):
    ok = nx.is_weakly_connected(G) if G.is_directed() else nx.is_connected(G)
    add(fam, "connected", q, G, answer=ok, tools=["is_connected"])


def bip_item(fam, q, G):
    add(fam, "bipartite", q, G, answer=nx.is_bipartite(G), key="bipartite", tools=["is_bipartite"])


def mst_item(fam, q, G):
    w = sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(G, data=True))
    add(fam, "mst_weight", q, G, answer=num(w), key="total_weight", tools=["minimum_spanning_tree"])


def flow_item(fam, q, G, s, t):
    add(fam, "max_flow", q, G, answer=num(nx.maximum_flow_value(G, s, t, capacity="weight")), key="value",
        tools=["maximum_flow"], source=s, target=t)


def maxdeg_item(fam, q, G, direction="total"):
    if direction == "in":
        d = dict(G.in_degree())
    elif direction == "out":
        d = dict(G.out_degree())
    else:
        d = dict(G.degree())
    m = max(d.values())
    set_item(fam, "max_degree_node", q, G, [n for n, k in d.items() if k == m], ["degree_distribution"],
             key="max_nodes")


def count_nodes_item(fam, q, G):
    add(fam, "node_count", q, G, answer=G.number_of_nodes(), tools=["node_count", "order"])


def count_edges_item(fam, q, G):
    add(fam, "edge_count", q, G, answer=G.number_of_edges(), tools=["edge_count", "size"])


def sources_item(fam, q, G):
    set_item(fam, "sources", q, G, [n for n in G if G.in_degree(n) == 0], ["sources_sinks"], key="sources")


def sinks_item(fam, q, G):
    set_item(fam, "sinks", q, G, [n for n in G if G.out_degree(n) == 0], ["sources_sinks"], key="sinks")


def artic_item(fam, q, G):
    set_item(fam, "articulation_points", q, G, list(nx.articulation_points(G)), ["articulation_points"],
             key="nodes")


def bridges_item(fam, q, G):
    add(fam, "bridges_count", q, G, answer=len(list(nx.bridges(G))), key="count", tools=["bridges"])


def common_item(fam, q, G, u, v):
    set_item(fam, "common_neighbors", q, G, list(nx.common_neighbors(G, u, v)), ["common_neighbors"])


def edge_item(fam, q, G, u, v):
    add(fam, "edge_exists", q, G, answer=G.has_edge(u, v), tools=["edge_exists"], source=u, target=v)


def refuse(fam, task, q, why, G=None, if_answered=None):
    add(fam, task, q, G, refuse=True, why=why, if_answered=if_answered)


def spanning_trees(G):
    """The number of spanning trees, by trying every set of n-1 edges (small graphs; no numpy here)."""
    es = list(G.edges)
    return sum(1 for sub in itertools.combinations(es, G.number_of_nodes() - 1)
               if nx.is_tree(nx.Graph(list(sub))) and nx.Graph(list(sub)).number_of_nodes() == G.number_of_nodes())


def ts(day, minute):
    """A log timestamp: 2024-04-DD HH:MM."""
    return f"2024-04-{day:02d} {minute // 60:02d}:{minute % 60:02d}"


# ---------------------------------------------------------------- hospital bed manager: transfer log

def hospital():
    fam = "hospital_transfers"
    E = [("ED", "AMU"), ("ED", "Theatres"), ("ED", "Ward 9"), ("AMU", "Cardiology"), ("AMU", "Ward 7"),
         ("Cardiology", "CCU"), ("CCU", "Cardiology"), ("Theatres", "ICU"), ("ICU", "HDU"), ("HDU", "Ward 7"),
         ("Ward 9", "Ward 7"), ("Ward 7", "Discharge Lounge"), ("Ward 9", "Discharge Lounge")]
    G = ugraph(E, directed=True)
    rows = []
    porters = ["JK", "MB", "AO", "RT"]
    for i in range(22):
        u, v = E[i % len(E)] if i < len(E) else RNG.choice(E)
        day = 1 + i // 5
        rows.append((day, RNG.randrange(0, 24 * 60), RNG.randrange(40000, 49999), u, v,
                     RNG.randrange(1, 30), RNG.choice(porters)))
    rows.sort()
    log = "\n".join(f"{ts(d, m)} | MRN {mrn} | from: {u} | to: {v} | bed {b} | porter {p}"
                    for d, m, mrn, u, v, b, p in rows)
    head = ("Hi all, bed manager at St Aldhelm's here. Pasting last week's internal transfer log "
            "from the PAS export (sorry, it's long, 22 moves):\n\n" + log + "\n\n")
    reach_item(fam, head + "Going only by these transfers, is there a chain of moves that takes a patient from "
               "Theatres all the way to the Discharge Lounge?", G, "Theatres", "Discharge Lounge")
    succ_item(fam, head + "Which units did AMU send patients on to?", G, "AMU")
    degree_item(fam, head + "How many different units sent patients into Ward 7?", G, "Ward 7", "in")
    hop_item(fam, head + "What is the smallest number of transfers that gets a patient from ED to HDU?",
             G, "ED", "HDU")
    dag_item(fam, head + "Is there a loop anywhere in these transfers, i.e. could a patient be moved on "
             "and on and end up back at a unit they had already left?", G)
    refuse(fam, "vague_busiest", head + "Which ward is under the most pressure right now?",
           "'pressure' is not defined by the log (occupancy, inflow, beds are not given)", G)


# ---------------------------------------------------------------- electrician: job notes

def electrician():
    fam = "electrician"
    E = [("CU", "JB1", 6), ("CU", "Hall", 3), ("JB1", "Kitchen", 4), ("JB1", "Utility", 5),
         ("Kitchen", "Utility", 2), ("JB1", "JB2", 7), ("Hall", "JB2", 5), ("JB2", "Lounge", 4),
         ("JB2", "JB3", 9), ("Hall", "JB3", 12), ("JB3", "Garage", 8), ("Utility", "Garage", 11),
         ("JB3", "Loft", 6)]
    G = wgraph(E)
    sizes = {("Utility", "Garage"): "6mm² SWA", ("JB3", "Garage"): "6mm² SWA", ("CU", "Hall"): "10mm²"}
    lines = []
    for i, (u, v, w) in enumerate(E):
        lines.append(f"- {u} to {v}: {w}m, {sizes.get((u, v), '2.5mm² T&E')}, circuit {1 + i % 6}")
    head = ("Job notes, 22 Larch Close rewire (3rd Feb). Cable runs I've pulled in so far, lengths as measured "
            "on the drum:\n" + "\n".join(lines) + "\n(CU = consumer unit, JB = junction box)\n\n")
    path_item(fam, head + "Shortest cable route from the CU out to the Garage, in metres?", G, "CU", "Garage")
    mst_item(fam, head + "If I only kept enough of these runs that every point is still fed, with no "
             "loops, what is the least total cable in metres?", G)
    degree_item(fam, head + "How many runs terminate at JB1?", G, "JB1")
    ucycle_item(fam, head + "Is there a ring anywhere in this lot, any closed loop of runs?", G)
    refuse(fam, "not_graph", head + "What rating MCB should I fit for the garage circuit?",
           "a breaker rating is an electrical-code question, not a graph one")


# ---------------------------------------------------------------- GitHub issue: circular import

def github_imports():
    fam = "github_imports"
    E = [("app.main", "app.api"), ("app.main", "app.config"), ("app.api", "app.models"), ("app.api", "app.auth"),
         ("app.api", "app.schemas"), ("app.auth", "app.models"), ("app.models", "app.db"),
         ("app.db", "app.config"), ("app.schemas", "app.models"), ("app.models", "app.utils"),
         ("app.utils", "app.auth")]
    G = ugraph(E, directed=True)
    by = {}
    for u, v in E:
        by.setdefault(u, []).append(v)
    lst = "\n".join(f"- `{u}` imports " + ", ".join(f"`{v}`" for v in vs) for u, vs in by.items())
    head = ("### ImportError: cannot import name 'Session' from partially initialized module 'app.models' #1432\n\n"
            "**Environment:** Python 3.12.1, Ubuntu 22.04, fastapi 0.110\n\n"
            "Started after #1419 was merged. Traceback ends at line 17 of `app/models.py`. "
            "I went through the top-level imports by hand:\n\n" + lst + "\n\n")
    dag_item(fam, head + "Is there actually a circular import among these modules?", G)
    succ_item(fam, head + "Which modules does app.api import directly?", G, "app.api")
    pred_item(fam, head + "Which modules import app.models directly?", G, "app.models")
    reach_item(fam, head + "Does app.config end up importing app.models, directly or through other modules?",
               G, "app.config", "app.models")
    count_nodes_item(fam, head + "How many modules are involved in total?", G)


# ---------------------------------------------------------------- dungeon master: map description

def dungeon():
    fam = "dnd_dungeon"
    E = [("Entry Hall", "Guard Room", 30), ("Entry Hall", "Well Room", 50), ("Guard Room", "Armory", 20),
         ("Guard Room", "Kennels", 40), ("Well Room", "Crypt", 60), ("Well Room", "Kennels", 25),
         ("Crypt", "Shrine", 30), ("Kennels", "Shrine", 70), ("Shrine", "Vault", 15),
         ("Armory", "Flooded Cell", 35)]
    G = wgraph(E)
    num_of = {n: i + 1 for i, n in enumerate(G.nodes)}
    dirs = ["north", "east", "south", "west", "down a short stair", "through a rusted portcullis"]
    sent = []
    for i, (u, v, w) in enumerate(E):
        sent.append(f"From the {u} (room {num_of[u]}) a {w} ft corridor runs {dirs[i % len(dirs)]} "
                    f"to the {v} (room {num_of[v]}).")
    head = ("Prepping session 14 of my homebrew campaign, the Sunken Crypt of Vael. The party is level 5, "
            "four players. Here's the layout as I wrote it in my notes:\n\n" + " ".join(sent) +
            " There are no other passages; the DC 15 secret door in the Armory is a dead end for now.\n\n")
    path_item(fam, head + "How far, in feet, is the shortest walk from the Entry Hall to the Vault?",
              G, "Entry Hall", "Vault")
    hop_item(fam, head + "What's the fewest corridors they have to go through from the Entry Hall to the Vault?",
             G, "Entry Hall", "Vault")
    degs = dict(G.degree())
    assert min(degs.values()) == 1
    set_item(fam, "dead_ends", head + "Which rooms are dead ends, with only one corridor in or out?", G,
             [n for n, k in degs.items() if k == 1], ["degree_distribution"], key="min_nodes")
    artic_item(fam, head + "Which rooms, if a cave-in sealed them, would split the dungeon into separate parts?", G)
    H = G.copy()
    H.remove_edge("Well Room", "Crypt")
    refuse(fam, "hypothetical", head + "If the players collapse the corridor between the Well Room and the Crypt, "
           "how long is the shortest walk from the Entry Hall to the Shrine then?",
           "a hypothetical change to the map", G,
           if_answered=nx.shortest_path_length(H, "Entry Hall", "Shrine", weight="weight"))


# ---------------------------------------------------------------- haulage dispatcher: e-mails

def dispatcher():
    fam = "dispatcher_email"
    E = [("Leeds", "Wakefield", 25), ("Leeds", "York", 45), ("Leeds", "Selby", 40), ("Wakefield", "Doncaster", 35),
         ("Wakefield", "Sheffield", 40), ("Doncaster", "Sheffield", 30), ("Doncaster", "Goole", 30),
         ("Goole", "Hull", 40), ("Goole", "Selby", 25), ("York", "Hull", 75), ("Selby", "York", 30)]
    G = wgraph(E)
    lines = "\n".join(f"  {u} <> {v}   {w} min" for u, v, w in E)
    head = ("From: Karen Holt <k.holt@northfreight.co.uk>\nTo: night-planning\nSubject: drive times for the "
            "Q3 lanes (ref NF-2291)\n\nEvening all,\n\nAs promised here are the agreed average drive times "
            "between our depots, HGV speeds, including the A63 roadworks:\n\n" + lines +
            "\n\nShout if anything looks off. Trailer 44 is still in the workshop until the 18th.\n\nKaren\n\n"
            "---\nReply from Dev:\n")
    path_item(fam, head + "Karen, what's the quickest run from Hull to Sheffield in minutes, going depot to depot?",
              G, "Hull", "Sheffield")
    hop_item(fam, head + "What is the fewest number of legs from Hull to Wakefield?", G, "Hull", "Wakefield")
    degree_item(fam, head + "How many direct lanes does Goole have?", G, "Goole")
    C = [("Hull", "Goole", 8), ("Hull", "York", 5), ("Goole", "Doncaster", 6), ("Goole", "Selby", 4),
         ("York", "Leeds", 5), ("Selby", "Leeds", 6), ("Doncaster", "Sheffield", 7), ("Leeds", "Sheffield", 3),
         ("Selby", "Doncaster", 2)]
    F = wgraph(C, directed=True)
    cap = "\n".join(f"  {u} -> {v}: {w} trailers/night" for u, v, w in C)
    q = ("Subject: RE: peak week capacity\n\nHi Dev, night trunking slots we have booked per lane (one way only, "
         "these are what the contracts allow):\n\n" + cap + "\n\nAll 40ft curtainsiders. Week 47 is the peak. "
         "What's the maximum number of trailers per night we can get from Hull to Sheffield through this network?")
    flow_item(fam, q, F, "Hull", "Sheffield")
    refuse(fam, "not_graph", head + "Can you sort out the driver rota for next week from this?",
           "a driver rota needs shifts and drivers, not given")


# ---------------------------------------------------------------- pond ecologist: gut contents

def food_web():
    fam = "food_web"
    diet = {"Heron": ["Frog", "Minnow", "Perch"], "Pike": ["Minnow", "Frog", "Perch"], "Perch": ["Minnow", "Mayfly larva"],
            "Frog": ["Mayfly larva", "Midge larva"], "Minnow": ["Midge larva", "Algae"],
            "Mayfly larva": ["Algae", "Detritus"], "Midge larva": ["Detritus", "Algae"], "Water vole": ["Reeds"],
            "Otter": ["Pike", "Perch", "Frog"]}
    G = ugraph([(a, b) for a, bs in diet.items() for b in bs], directed=True)
    lines = "\n".join(f"{a} – {', '.join(bs)} ({RNG.randrange(2, 9)} obs.)" for a, bs in diet.items())
    head = ("Pond survey 12/06, Site B, transect 3. Water temp 17.5 °C, pH 7.2. Feeding records from gut "
            "contents and direct observation (predator – prey):\n" + lines + "\n\n")
    pred_item(fam, head + "According to these notes, what eats the Frog?", G, "Frog")
    degree_item(fam, head + "How many different prey does the Pike take?", G, "Pike", "out")
    sources_item(fam, head + "Which species are not eaten by anything in my records?", G)
    reach_item(fam, head + "Is there a food chain leading from the Heron down to Detritus?", G, "Heron", "Detritus")
    reach_item(fam, head + "Does any chain of eating link the Water vole down to Algae?", G, "Water vole", "Algae")
    refuse(fam, "vague_keystone", head + "Which one is the keystone species here?",
           "'keystone' is an ecological judgement no graph measure defines", G)


# ---------------------------------------------------------------- Reddit: bike paths

def bike_paths():
    fam = "reddit_bikepaths"
    E = [("Riverside Park", "Old Mill", 2.4), ("Old Mill", "Elm Junction", 1.1), ("Elm Junction", "Harbor Bridge", 3.0),
         ("Riverside Park", "Harbor Bridge", 4.8), ("Elm Junction", "Stadium", 2.2), ("Stadium", "College Gate", 1.7),
         ("Harbor Bridge", "College Gate", 2.9), ("North Lake", "Quarry Lot", 3.5), ("Quarry Lot", "Pine Hill", 2.0)]
    G = wgraph(E)
    lines = "\n".join(f"* {u} ↔ {v} ({w} km)" for u, v, w in E)
    head = ("**[Discussion] I mapped every fully separated bike path in town so you don't have to**\n\n"
            "posted in r/bikecommuting by u/spokesperson_22 · 14h\n\nAfter 3 weekends and 2 flat tyres, here is "
            "every stretch that is physically separated from cars (no painted lanes!):\n\n" + lines +
            "\n\nEdit: wow 300 upvotes. Edit 2: yes the Harbor Bridge stretch is closed 22:00-06:00.\n\n"
            "Top comment: ")
    path_item(fam, head + "nice! what's the shortest protected ride from Riverside Park to College Gate in km?",
              G, "Riverside Park", "College Gate")
    cc_item(fam, head + "So how many separate networks is that, i.e. pieces you can't ride between without "
            "touching a road?", G)
    nopath_item(fam, head + "What's the shortest protected route from Old Mill to Pine Hill?", G, "Old Mill", "Pine Hill")
    degree_item(fam, head + "How many protected paths meet at Elm Junction?", G, "Elm Junction")
    refuse(fam, "not_graph", head + "which of these paths is the prettiest for a Sunday ride?",
           "prettiness is not in the data")


# ---------------------------------------------------------------- HR system export: mentoring programme

def hr_mentoring():
    fam = "hr_mentoring"
    E = [("Priya Nair", "Tom Berg"), ("Priya Nair", "Lena Ortiz"), ("Priya Nair", "Sam Okafor"),
         ("Lena Ortiz", "Ivy Chen"), ("Marco Rossi", "Dev Patel"), ("Marco Rossi", "Ana Lima"),
         ("Dev Patel", "Kai Mori")]
    G = ugraph(E, directed=True)
    ids = {n: f"EMP-{RNG.randrange(1000, 9999):04d}" for n in G.nodes}
    rows = ["mentor_id,mentor_name,mentee_id,mentee_name,start_date,programme"]
    for u, v in E:
        rows.append(f"{ids[u]},{u},{ids[v]},{v},2024-0{RNG.randrange(1, 9)}-{RNG.randrange(10, 28)},"
                    f"{RNG.choice(['LEAD-24', 'GROW', 'LEAD-24'])}")
    head = ("Exported from Workday (report 'Mentoring pairs – active', run 03/10). Pasting the CSV:\n\n"
            + "\n".join(rows) + "\n\n")
    degree_item(fam, head + "How many mentees does Priya Nair have?", G, "Priya Nair", "out")
    pred_item(fam, head + "Who mentors Ivy Chen?", G, "Ivy Chen")
    cc_item(fam, head + "How many separate mentoring families (groups linked by mentoring) are there?", G)
    add(fam, "is_tree", head + "Is the whole programme one single tree?", G, answer=nx.is_tree(G), key="tree",
        tools=["is_tree"])
    reach_item(fam, head + "Is Ivy Chen somewhere down Priya Nair's mentoring line, directly or through someone?",
               G, "Priya Nair", "Ivy Chen")


# ---------------------------------------------------------------- SRE postmortem: call graph

def sre():
    fam = "sre_postmortem"
    E = [("web-frontend", "api-gateway"), ("api-gateway", "auth-svc"), ("api-gateway", "cart-svc"),
         ("api-gateway", "checkout-svc"), ("cart-svc", "inventory-svc"), ("cart-svc", "redis-session"),
         ("auth-svc", "redis-session"), ("checkout-svc", "payments-svc"), ("checkout-svc", "inventory-svc"),
         ("payments-svc", "ledger-db"), ("checkout-svc", "notif-svc"), ("notif-svc", "auth-svc")]
    G = ugraph(E, directed=True)
    calls = "\n".join(f"    {u:<14} → {v:<14} p99 {RNG.randrange(20, 600)} ms, {RNG.randrange(1, 40) / 10:.1f}k rps"
                      for u, v in E)
    head = ("# Postmortem: checkout errors, 2024-05-14 (SEV-2)\n\n## Timeline (UTC)\n| time | event |\n|---|---|\n"
            "| 09:02 | ledger-db failover starts |\n| 09:07 | 5xx on checkout at 12% |\n| 09:31 | mitigated |\n\n"
            "## Call graph (from tracing, who calls whom)\n" + calls + "\n\n## Questions from the review\n")
    reach_item(fam, head + "Does web-frontend depend, directly or indirectly, on ledger-db?", G, "web-frontend", "ledger-db")
    pred_item(fam, head + "Which services call auth-svc directly?", G, "auth-svc")
    degree_item(fam, head + "How many services does api-gateway call directly?", G, "api-gateway", "out")
    dag_item(fam, head + "Were there any call cycles in this graph?", G)
    hop_item(fam, head + "How many hops is the shortest call chain from web-frontend to ledger-db?",
             G, "web-frontend", "ledger-db")
    refuse(fam, "not_graph", head + "So what was the root cause of the incident?",
           "a root cause is not a graph computation")


# ---------------------------------------------------------------- researcher: co-authors

def coauthors():
    fam = "coauthors"
    papers = [("2019", ["Alvarez", "Brandt", "Chen"], "Sparse priors for tiny data", "NeurIPS"),
              ("2020", ["Chen", "Dubois"], "On the rank of noisy kernels", "COLT"),
              ("2021", ["Brandt", "Chen", "Eriksen", "Fofana"], "Calibration under shift", "ICML"),
              ("2021", ["Dubois", "Garcia"], "Kernel two-sample tests revisited", "AISTATS"),
              ("2022", ["Garcia", "Hoang", "Ito"], "Fast permutation tests", "JMLR 23(4)"),
              ("2023", ["Alvarez", "Eriksen"], "A note on priors", "arXiv 2303.01234"),
              ("2023", ["Fofana", "Alvarez"], "Shift happens", "TMLR")]
    G = nx.Graph()
    for _, authors, _, _ in papers:
        for i, a in enumerate(authors):
            G.add_node(a)
            for b in authors[i + 1:]:
                G.add_edge(a, b)
    lines = "\n".join(f"{y} — {', '.join(a)}: '{t}' ({v})" for y, a, t, v in papers)
    head = ("Notes for the collaboration section of my ERC application (page limit 2!). Papers and who wrote "
            "them together, surnames only:\n" + lines + "\n\n")
    common_item(fam, head + "Who has written with both Alvarez and Fofana?", G, "Alvarez", "Fofana")
    degree_item(fam, head + "How many different co-authors does Chen have?", G, "Chen")
    hop_item(fam, head + "What's the collaboration distance (co-author hops) from Alvarez to Ito?", G, "Alvarez", "Ito")
    add(fam, "triangles_node", head + "How many trios of people who have all written with each other include Chen?",
        G, answer=nx.triangles(G, "Chen"), key="triangles", tools=["triangle_count"])
    add(fam, "clustering_node", head + "What's the local clustering coefficient of Chen in this co-author network?",
        G, answer=num(nx.clustering(G, "Chen")), tools=["clustering_coefficient"])
    refuse(fam, "vague_influential", head + "Who is the most influential researcher in this group?",
           "'influential' is not defined (degree, betweenness, citations?)", G)


# ---------------------------------------------------------------- Jira epic: blockers

def jira():
    fam = "jira_blockers"
    E = [("PLAT-101", "PLAT-104"), ("PLAT-101", "PLAT-105"), ("PLAT-102", "PLAT-105"), ("PLAT-103", "PLAT-106"),
         ("PLAT-104", "PLAT-107"), ("PLAT-105", "PLAT-107"), ("PLAT-105", "PLAT-108"), ("PLAT-106", "PLAT-108"),
         ("PLAT-108", "PLAT-109"), ("PLAT-107", "PLAT-109")]
    G = ugraph(E, directed=True)
    titles = {"PLAT-101": "Set up token service", "PLAT-102": "Schema for sessions", "PLAT-103": "Vendor SDK upgrade",
              "PLAT-104": "Admin UI for tokens", "PLAT-105": "Migrate auth tokens", "PLAT-106": "Retry queue",
              "PLAT-107": "Deprecate v1 login", "PLAT-108": "Session replay", "PLAT-109": "GA launch"}
    rows = ["Key | Summary | Status | Story points | Blocked by"]
    for n in G.nodes:
        bl = ", ".join(sorted(G.predecessors(n))) or "—"
        rows.append(f"{n} | {titles[n]} | {RNG.choice(['To Do', 'In Progress', 'To Do'])} | "
                    f"{RNG.choice([1, 2, 3, 5, 8])} | {bl}")
    head = ("Epic PLAT-100 'Auth revamp', sprint 31 planning. Exported the child issues with their 'is blocked by' "
            "links:\n\n" + "\n".join(rows) + "\n\n")
    order_item(fam, head + "In what order can the team pick these up so nothing starts before its blockers are done?", G)
    pred_item(fam, head + "What is directly blocking PLAT-108?", G, "PLAT-108", either=True)
    sources_item(fam, head + "Which tickets aren't blocked by anything, i.e. could start today?", G)
    dag_item(fam, head + "Is there any circular blocking in the epic?", G)
    degree_item(fam, head + "How many tickets are directly waiting on PLAT-105?", G, "PLAT-105", "out")
    refuse(fam, "not_graph", head + "When will the epic be done if we do 20 points a sprint?",
           "needs velocity planning across statuses, not a graph tool")


# ---------------------------------------------------------------- parent typing a worksheet

def homework():
    fam = "parent_homework"
    E = [("Ashby", "Brook", 4), ("Ashby", "Carlow", 7), ("Brook", "Carlow", 2), ("Brook", "Dunmore", 6),
         ("Carlow", "Elton", 5), ("Dunmore", "Elton", 1), ("Dunmore", "Fenwick", 8), ("Elton", "Fenwick", 3),
         ("Brook", "Fenwick", 9)]
    G = wgraph(E)
    sent = ". ".join(f"{u} to {v} is {w} miles" for u, v, w in E)
    head = ("Hi, my daughter (Year 5) has this on her maths homework and I'm embarrassed to say I'm not sure "
            "how to check it. It says: 'The map shows the roads between six villages. " + sent + ".' ")
    path_item(fam, head + "Q1. What is the shortest distance from Ashby to Fenwick?", G, "Ashby", "Fenwick")
    count_edges_item(fam, head + "Q2. How many roads are there on the map?", G)
    maxdeg_item(fam, head + "Q3. Which village has the most roads?", G)
    hop_item(fam, head + "Q4. What is the smallest number of roads you need to use to get from Ashby to Fenwick?",
             G, "Ashby", "Fenwick")
    refuse(fam, "not_graph", head + "Q5 is about the picture: which village is furthest north? Thanks!!",
           "positions on the picture are not given")


# ---------------------------------------------------------------- invented eval-harness prompt format

def harness_text(n_id, nodes, edges, directed, query, emit):
    sep = "=>" if directed else "~"
    return (f"### GRAPH-EVAL v0.3 | item {n_id:04d} | seed={RNG.randrange(10, 99)} | split=test\n"
            f"NODES := {{{', '.join(nodes)}}}\n"
            f"{'ARCS' if directed else 'EDGES'} := {{{', '.join(f'{u}{sep}{v}' for u, v in edges)}}}\n"
            f"QUERY := \"{query}\"\nEMIT := {emit}\n### END")


def harness():
    fam = "eval_harness"
    rng = random.Random(3)

    def rand_digraph(n, m, dag=False):
        ns = [f"v{i}" for i in range(n)]
        G = nx.DiGraph()
        G.add_nodes_from(ns)
        while G.number_of_edges() < m:
            a, b = rng.sample(range(n), 2)
            if dag and a > b:
                a, b = b, a
            G.add_edge(ns[a], ns[b])
        return G

    G = rand_digraph(9, 13)
    scc_item(fam, harness_text(417, list(G.nodes), list(G.edges), True,
                               "How many strongly connected components does the digraph have?", "single integer"), G)
    G = rand_digraph(10, 16)
    s = max(G, key=lambda n: (len(nx.descendants(G, n)), n))
    t = max(nx.descendants(G, s), key=lambda n: (nx.shortest_path_length(G, s, n), n))
    hop_item(fam, harness_text(418, list(G.nodes), list(G.edges), True,
                               f"Length (number of arcs) of a shortest directed path from {s} to {t}.",
                               "single integer"), G, s, t)
    G = rand_digraph(8, 14)
    degree_item(fam, harness_text(419, list(G.nodes), list(G.edges), True, "In-degree of node v5.",
                                  "single integer"), G, "v5", "in")
    G = rand_digraph(8, 11, dag=True)
    order_item(fam, harness_text(420, list(G.nodes), list(G.edges), True,
                                 "Give a topological ordering of all nodes.", "comma-separated node list"), G)
    U = nx.Graph()
    U.add_nodes_from(f"v{i}" for i in range(8))
    while U.number_of_edges() < 10:
        a, b = rng.sample(range(8), 2)
        U.add_edge(f"v{a}", f"v{b}")
    bip_item(fam, harness_text(421, list(U.nodes), list(U.edges), False,
                               "Is the graph bipartite?", "yes|no"), U)
    refuse(fam, "missing_reference", harness_text(422, list(U.nodes), list(U.edges), False,
                                                  "Graph edit distance between this graph and G_ref.",
                                                  "single integer"),
           "the reference graph G_ref is not given", U)


# ---------------------------------------------------------------- farmer: voice-note transcript

def farmer():
    fam = "farmer_voice_note"
    E = [("Top Field", "Barn Ditch"), ("Barn Ditch", "Lower Meadow"), ("Barn Ditch", "Long Acre"),
         ("Long Acre", "Willow Drain"), ("Lower Meadow", "Willow Drain"), ("Willow Drain", "Pond"),
         ("Orchard", "Long Acre"), ("Sheep Pen", "Orchard")]
    G = ugraph(E, directed=True)
    text = ("[Voice note, 1:47, transcribed automatically]\n"
            "Okay, um, so, this is Gareth, recording this on the quad so sorry about the noise. Right. So the water "
            "off the Top Field goes, uh, into the Barn Ditch, yeah, and the Barn Ditch, it splits, one half goes "
            "down to Lower Meadow and the other, um, the other into Long Acre. Then Long Acre drains into the, what "
            "do we call it, the Willow Drain. Lower Meadow also goes into the Willow Drain. And the Willow Drain "
            "empties into the Pond, obviously. Oh and the Sheep Pen, that runs off into the Orchard, and the Orchard "
            "runs into Long Acre. Water only goes downhill, so it's all one way. We had like 40 mil of rain on "
            "Tuesday so, yeah. ")
    reach_item(fam, text + "Question is, um, can muck from the Sheep Pen end up in the Pond?", G, "Sheep Pen", "Pond")
    reach_item(fam, text + "And can water from Lower Meadow get to the Orchard at all?", G, "Lower Meadow", "Orchard")
    succ_item(fam, text + "So where does the Barn Ditch send its water, directly I mean?", G, "Barn Ditch")
    degree_item(fam, text + "How many, uh, fields or ditches run straight into the Willow Drain?", G,
                "Willow Drain", "in")
    refuse(fam, "missing_data", text + "How many litres a day end up in the Pond, roughly?",
           "no flows or capacities are given", G)


# ---------------------------------------------------------------- Erasmus student: flights (learner English)

def erasmus():
    fam = "erasmus_flights"
    E = [("Porto", "Lisbon", 25), ("Porto", "Madrid", 40), ("Lisbon", "Barcelona", 55), ("Madrid", "Barcelona", 30),
         ("Madrid", "Milan", 60), ("Barcelona", "Milan", 35), ("Barcelona", "Berlin", 70), ("Milan", "Vienna", 45),
         ("Vienna", "Krakow", 30), ("Berlin", "Krakow", 40), ("Krakow", "Berlin", 42), ("Milan", "Berlin", 65)]
    G = wgraph(E, directed=True)
    fl = ", ".join(f"{u} to {v} {w} euro" for u, v, w in E)
    head = ("Hello everybody, sorry for my english. I am student of erasmus in Porto and I want make a travel to "
            "Krakow with the low cost airline before the exams (12 of june). The flights what exist are, and only in "
            "this direction!: " + fl + ". ")
    path_item(fam, head + "What is the most cheap way from Porto to Krakow, how much euro?", G, "Porto", "Krakow")
    hop_item(fam, head + "And with how many flights minimum I can arrive from Porto to Krakow?", G, "Porto", "Krakow")
    nopath_item(fam, head + "For come back, what is the cheapest from Krakow to Porto?", G, "Krakow", "Porto")
    degree_item(fam, head + "How many flights are going out from Barcelona?", G, "Barcelona", "out")
    refuse(fam, "missing_data", head + "Is it more cheap to go in june or in july?",
           "prices by month are not given")


# ---------------------------------------------------------------- Minecraft player: portals (typos)

def minecraft():
    fam = "minecraft_portals"
    E = [("spawn", "base", 120), ("spawn", "villige", 200), ("base", "villige", 90), ("base", "mesa", 340),
         ("villige", "ice spikes", 410), ("mesa", "ice spikes", 160), ("mesa", "jungle", 220),
         ("monument", "swamp", 80)]
    G = wgraph(E)
    lines = "\n".join(f"{u} - {v} {w} blocks" for u, v, w in E)
    head = ("ok so my nether hub on our smp has ice boat tunels conected like this (distances are in the nether, "
            "world seed is 8876 if anyone cares lol):\n" + lines + "\n")
    path_item(fam, head + "whats the shortest way from spawn to ice spikes in blocks??", G, "spawn", "ice spikes")
    degree_item(fam, head + "how many tunels go out of base", G, "base")
    connected_item(fam, head + "is evrything conected or are some portals cut off", G)
    hop_item(fam, head + "whats the least tunels from spawn to jungle", G, "spawn", "jungle")
    refuse(fam, "vague", head + "wich portal shoud i build next??", "a design choice, not a computation")


# ---------------------------------------------------------------- escape-room designer

def escape_room():
    fam = "escape_room"
    E = [("cipher wheel", "lockbox"), ("bookshelf", "UV torch"), ("UV torch", "painting"), ("lockbox", "safe"),
         ("painting", "safe"), ("radio", "exit door"), ("safe", "exit door"), ("bookshelf", "lockbox")]
    G = ugraph(E, directed=True)
    gives = {("cipher wheel", "lockbox"): "the 4-digit code (1 9 8 4) for",
             ("bookshelf", "UV torch"): "a hidden", ("UV torch", "painting"): "the light that reveals the numbers on the",
             ("lockbox", "safe"): "the first half of the combination for", ("painting", "safe"): "the second half of the combination for",
             ("radio", "exit door"): "the frequency clue for the keypad on the", ("safe", "exit door"): "the key for the",
             ("bookshelf", "lockbox"): "a brass key that also fits the"}
    sent = " ".join(f"Solving the {u} gives players {gives[(u, v)]} {v}." for u, v in E)
    head = ("Designing room 2 ('The Archivist') for our escape venue, 60 minute slot, 2-6 players. Puzzle flow so far: "
            + sent + " ")
    order_item(fam, head + "Can you give me an order to solve everything in so each puzzle comes after what it needs?", G)
    sources_item(fam, head + "Which puzzles can players start on straight away?", G)
    pred_item(fam, head + "What do players have to have solved right before they can open the safe?", G, "safe")
    reach_item(fam, head + "Does the bookshelf actually lead (eventually) to the exit door?", G, "bookshelf", "exit door")
    count_nodes_item(fam, head + "How many puzzles are in the room in total?", G)


# ---------------------------------------------------------------- chef: prep list

def chef():
    fam = "chef_prep"
    steps = {"roast bones": [], "make stock": ["roast bones"], "reduce jus": ["make stock"],
             "blanch beans": [], "confit duck": [], "crisp skin": ["confit duck"],
             "make purée": [], "plate up": ["reduce jus", "blanch beans", "crisp skin", "make purée"],
             "mise en place": []}
    steps["blanch beans"] = ["mise en place"]
    steps["make purée"] = ["mise en place"]
    G = nx.DiGraph()
    for s, before in steps.items():
        G.add_node(s)
        for b in before:
            G.add_edge(b, s)
    mins = {s: RNG.choice([10, 15, 20, 45, 60, 90]) for s in steps}
    lines = "\n".join(f"- {s} ({mins[s]} min)" + (f" — after: {', '.join(b)}" if b else "") for s, b in steps.items())
    head = ("Saturday service, table of 40 at 19:30, duck main. My prep list for the commis (times are hands-on):\n"
            + lines + "\n\n")
    order_item(fam, head + "Give me an order for the whole list so nothing is started before the steps it comes after.", G)
    pred_item(fam, head + "What has to be finished directly before plate up?", G, "plate up", either=True)
    count_nodes_item(fam, head + "How many prep steps is that altogether?", G)
    reach_item(fam, head + "Does roast bones feed into plate up at all, through the other steps?", G, "roast bones", "plate up")
    refuse(fam, "no_tool", head + "With two cooks working in parallel, what's the earliest we can be plating up?",
           "a two-worker schedule with durations: no tool computes it", G)


# ---------------------------------------------------------------- LoRa mesh hobbyist

def lora():
    fam = "lora_mesh"
    E = [("gw-hill", "barn-2"), ("gw-hill", "church"), ("barn-2", "church"), ("church", "school"),
         ("school", "pub"), ("pub", "bus-stop"), ("school", "shop"), ("shop", "pub"), ("bus-stop", "farm-7"),
         ("farm-7", "weir")]
    G = ugraph(E)
    lines = "\n".join(f"{u:<9}<->  {v:<9} RSSI -{RNG.randrange(80, 125)} dBm  SNR {RNG.randrange(-12, 9)} dB"
                      for u, v in E)
    head = ("Meshtastic village project update: 9 nodes up now, firmware 2.3.4. These are the links that "
            "actually hold (from `meshtastic --nodes` over a week, one line per link):\n```\n" + lines + "\n```\n")
    hop_item(fam, head + "How many hops is it from gw-hill to weir at best?", G, "gw-hill", "weir")
    artic_item(fam, head + "Which nodes, if they died, would cut part of the mesh off from the rest?", G)
    bridges_item(fam, head + "How many single links are there whose loss would split the mesh?", G)
    degree_item(fam, head + "How many direct links does school have?", G, "school")
    refuse(fam, "missing_data", head + "What would the end-to-end packet loss be from gw-hill to weir?",
           "packet loss per link is not given", G)


# ---------------------------------------------------------------- GitLab CI file

def gitlab():
    fam = "gitlab_ci"
    needs = {"lint": [], "unit_tests": ["lint"], "build_image": ["lint"], "integration_tests": ["build_image"],
             "scan_image": ["build_image"], "deploy_staging": ["integration_tests", "scan_image"],
             "e2e_tests": ["deploy_staging"], "deploy_prod": ["e2e_tests", "unit_tests"], "docs": []}
    stage = {"lint": "test", "unit_tests": "test", "build_image": "build", "integration_tests": "test",
             "scan_image": "test", "deploy_staging": "deploy", "e2e_tests": "test", "deploy_prod": "deploy",
             "docs": "build"}
    G = nx.DiGraph()
    for j, ns in needs.items():
        G.add_node(j)
        for n in ns:
            G.add_edge(n, j)
    y = ["stages: [build, test, deploy]", "", "variables:", "  DOCKER_TLS_CERTDIR: \"/certs\"", ""]
    for j, ns in needs.items():
        y.append(f"{j}:")
        y.append(f"  stage: {stage[j]}")
        y.append("  script: [\"make " + j.replace("_", "-") + "\"]")
        y.append(f"  needs: [{', '.join(ns)}]")
        y.append("")
    head = ("Our `.gitlab-ci.yml` (trimmed, runner tags removed):\n```yaml\n" + "\n".join(y) + "```\n")
    order_item(fam, head + "In what order would these jobs run if they ran one at a time, respecting needs?", G)
    pred_item(fam, head + "Which jobs does deploy_prod need directly?", G, "deploy_prod", either=True)
    reach_item(fam, head + "If lint fails, does that hold up deploy_prod through the needs chain?", G, "lint", "deploy_prod")
    dag_item(fam, head + "Is there a cycle in the needs graph?", G)
    count_nodes_item(fam, head + "How many jobs does the pipeline have?", G)


# ---------------------------------------------------------------- Wikipedia speed-run

def wiki_race():
    fam = "wiki_race"
    E = [("Banana", "Potassium"), ("Banana", "India"), ("Potassium", "Chemical element"),
         ("Chemical element", "Periodic table"), ("Periodic table", "Dmitri Mendeleev"), ("Dmitri Mendeleev", "Russia"),
         ("India", "Tea"), ("Tea", "China"), ("Tea", "Russia"), ("Russia", "Moscow"), ("China", "Tea"),
         ("Moscow", "Russia")]
    G = ugraph(E, directed=True)
    by = {}
    for u, v in E:
        by.setdefault(u, []).append(v)
    lines = "\n".join(f"[[{u}]] links to: " + ", ".join(f"[[{v}]]" for v in vs) for u, vs in by.items())
    head = ("Wiki race practice with my friends (rules: only click links in the article body, no back button). "
            "I wrote down the links that matter from each article:\n" + lines + "\n")
    hop_item(fam, head + "What's the fewest clicks from Banana to Moscow?", G, "Banana", "Moscow")
    reach_item(fam, head + "Can you get from Moscow back to Banana with these links?", G, "Moscow", "Banana")
    degree_item(fam, head + "How many of these links go out of the Tea article?", G, "Tea", "out")
    pred_item(fam, head + "Which articles link to Russia?", G, "Russia")
    refuse(fam, "missing_graph", head + "What is the average number of clicks between two random Wikipedia articles?",
           "all of Wikipedia is not given")


# ---------------------------------------------------------------- fantasy writer: wars

def fantasy():
    fam = "fantasy_writer"
    E = [("Varn", "Ostmark"), ("Varn", "Kel"), ("Ostmark", "Dunmoor"), ("Kel", "Dunmoor"), ("Dunmoor", "Sarrow"),
         ("Sarrow", "Ilth"), ("Ilth", "Maren")]
    G = ugraph(E)
    sent = " ".join(f"{u} has been at war with {v} since the year {RNG.randrange(300, 990)} of the Second Age."
                    for u, v in E)
    head = ("Worldbuilding help! Book two of my trilogy. The political situation at the start: " + sent +
            " Nobody else is fighting anybody (yet). ")
    bip_item(fam, head + "Could I split all the factions into two alliances so that no two factions at war are in the "
             "same alliance?", G)
    degree_item(fam, head + "How many wars is Dunmoor fighting?", G, "Dunmoor")
    common_item(fam, head + "Which factions are enemies of both Ostmark and Kel?", G, "Ostmark", "Kel")
    connected_item(fam, head + "Is every faction tied into one web of wars, or are there separate conflicts?", G)
    refuse(fam, "not_graph", head + "Which faction would win the war in the end?", "a story decision")


# ---------------------------------------------------------------- housing office

def housing():
    fam = "housing_office"
    accept = {"Aiko": ["Room 101", "Room 102"], "Ben": ["Room 101"], "Chloe": ["Room 102", "Room 103"],
              "Dario": ["Room 103"], "Emma": ["Room 103", "Room 104"], "Femi": ["Room 101", "Room 102"]}
    G = ugraph([(s, r) for s, rs in accept.items() for r in rs])
    lines = "\n".join(f"{s} (student no. {RNG.randrange(2100000, 2199999)}): would accept {' or '.join(rs)}"
                      for s, rs in accept.items())
    head = ("Residence office, Hall C, single rooms for the spring term. Replies to our survey:\n" + lines + "\n")
    add(fam, "matching", head + "What's the largest number of these students we can place, one per room, each in a room "
        "they accept?", G, check="matching", answer=len(nx.bipartite.maximum_matching(G, top_nodes=list(accept))) // 2,
        tools=["maximum_bipartite_matching"])
    degree_item(fam, head + "How many students would accept Room 103?", G, "Room 103")
    C = ugraph([("Aiko", "Ben"), ("Ben", "Chloe"), ("Chloe", "Aiko"), ("Dario", "Emma"), ("Emma", "Femi")])
    q = ("Residence office again. Complaints log (pairs who must not share a floor): Aiko and Ben; Ben and Chloe; "
         "Chloe and Aiko; Dario and Emma; Emma and Femi. We only have two floors. ")
    bip_item(fam, q + "Can we put everyone on one of the two floors with no complaining pair on the same floor?", C)
    degree_item(fam, q + "How many people has Emma got a complaint with?", C, "Emma")
    refuse(fam, "vague", head + "Who would be the best roommate for Ben?", "'best roommate' is not defined", G)


# ---------------------------------------------------------------- true-crime podcast fan: phone records

def true_crime():
    fam = "true_crime_calls"
    E = [("Dana", "Marek"), ("Dana", "Lou"), ("Marek", "Priscilla"), ("Lou", "Marek"), ("Priscilla", "Uncle Ray"),
         ("Uncle Ray", "Dana"), ("Tomasz", "Vee"), ("Vee", "Lou")]
    G = ugraph(E, directed=True)
    rows = ["date       | time  | caller    | callee    | duration"]
    for i, (u, v) in enumerate(E):
        rows.append(f"1998-03-{10 + i:02d} | {RNG.randrange(0, 24):02d}:{RNG.randrange(0, 60):02d} | {u:<9} | {v:<9} | "
                    f"{RNG.randrange(1, 40)}m{RNG.randrange(0, 60):02d}s")
    head = ("Episode 7 of 'Cold Line' finally showed the phone records from the court file, I typed them out "
            "(only the calls the prosecution flagged):\n" + "\n".join(rows) + "\n")
    pred_item(fam, head + "Who called Marek?", G, "Marek")
    degree_item(fam, head + "How many different people did Dana call?", G, "Dana", "out")
    reach_item(fam, head + "Could a message have passed from Tomasz to Uncle Ray through this chain of calls?",
               G, "Tomasz", "Uncle Ray")
    dag_item(fam, head + "Is there a closed loop of calls, one that comes back round to whoever started it?", G)
    refuse(fam, "not_graph", head + "So who do you think did it?", "a verdict, not a computation")


# ---------------------------------------------------------------- analyst: cross-holdings

def crossholdings():
    fam = "crossholdings"
    E = [("Alder Holdings", "Birch Capital", 35), ("Birch Capital", "Cedar Ltd", 60), ("Cedar Ltd", "Alder Holdings", 12),
         ("Birch Capital", "Dogwood plc", 8), ("Elm Partners", "Dogwood plc", 51), ("Dogwood plc", "Fir Ventures", 100),
         ("Elm Partners", "Gorse SA", 20)]
    G = ugraph([(u, v) for u, v, _ in E], directed=True)
    sent = "; ".join(f"{u} holds {p}% of {v}" for u, v, p in E)
    head = ("KYC file 2024/118, beneficial-ownership check. From the registry filings (as of 31 Dec): " + sent + ". ")
    dag_item(fam, head + "Is there circular ownership anywhere in this structure?", G)
    reach_item(fam, head + "Does Alder Holdings hold an interest in Fir Ventures, directly or through a chain?",
               G, "Alder Holdings", "Fir Ventures")
    degree_item(fam, head + "In how many companies does Birch Capital hold shares directly?", G, "Birch Capital", "out")
    pred_item(fam, head + "Who holds shares in Dogwood plc directly?", G, "Dogwood plc")
    W = wgraph(E, directed=True)
    refuse(fam, "no_tool", head + "What's Alder Holdings' effective economic interest in Fir Ventures, in percent?",
           "multiplying stakes along chains: no tool computes it", W)


# ---------------------------------------------------------------- conservation report: corridors

def wildlife():
    fam = "wildlife_corridors"
    E = [("Oakwood", "Fen North"), ("Oakwood", "Heathland"), ("Fen North", "Heathland"), ("Fen North", "Fen South"),
         ("Fen South", "Marsh"), ("Heathland", "Chalk Down"), ("Chalk Down", "Beech Hanger")]
    G = ugraph(E, nodes=["Oakwood", "Fen North", "Fen South", "Heathland", "Chalk Down", "Beech Hanger", "Marsh",
                         "Old Quarry"])
    lines = "\n".join(f"  {i + 1}. {u} – {v} (hedgerow, {RNG.randrange(3, 25)} m wide, surveyed {2015 + i})"
                      for i, (u, v) in enumerate(E))
    head = ("Section 4.2 of the Vale Biodiversity Partnership report (draft 3). Habitat patches: Oakwood, Fen North, "
            "Fen South, Heathland, Chalk Down, Beech Hanger, Marsh and Old Quarry (Old Quarry has no corridor yet). "
            "Functional corridors for dormice:\n" + lines + "\n")
    bridges_item(fam, head + "How many corridors are there whose loss would cut the network apart?", G)
    cc_item(fam, head + "How many separate connected groups of patches are there?", G)
    artic_item(fam, head + "Which patches, if lost, would split the remaining network?", G)
    hop_item(fam, head + "How many corridors does a dormouse need to use at least to get from Oakwood to Beech Hanger?",
             G, "Oakwood", "Beech Hanger")
    refuse(fam, "vague", head + "Which corridor should the partnership fund first?", "a funding priority is a judgement", G)


# ---------------------------------------------------------------- ferry operator

def ferry():
    fam = "ferry_operator"
    E = [("Stornhaven", "Eilean Mor", 35), ("Stornhaven", "Port Ruadh", 50), ("Eilean Mor", "Port Ruadh", 20),
         ("Eilean Mor", "Skerrabost", 45), ("Port Ruadh", "Lochbay", 40), ("Skerrabost", "Lochbay", 15),
         ("Skerrabost", "Tarsay", 55), ("Lochbay", "Tarsay", 30)]
    G = wgraph(E)
    rows = "\n".join(f"{u:<11} | {v:<11} | {w} min | MV {RNG.choice(['Loch Seaforth', 'Hebridean Isles', 'Coll'])}"
                     for u, v, w in E)
    head = ("Winter 2024/25 review of the island routes. Crossing times (either direction, vessel as rostered):\n"
            "From        | To          | Crossing | Vessel\n" + rows + "\n")
    path_item(fam, head + "What's the quickest sailing time from Stornhaven to Tarsay, in minutes, changing ferries "
              "as needed (ignore waiting times)?", G, "Stornhaven", "Tarsay")
    hop_item(fam, head + "What's the fewest crossings from Stornhaven to Tarsay?", G, "Stornhaven", "Tarsay")
    mst_item(fam, head + "If we cut down to the fewest routes that still link every island, keeping the shortest "
             "crossings, how many sailing minutes would that network have in total?", G)
    C = [("Stornhaven", "Eilean Mor", 60), ("Stornhaven", "Port Ruadh", 40), ("Eilean Mor", "Skerrabost", 30),
         ("Port Ruadh", "Lochbay", 45), ("Eilean Mor", "Port Ruadh", 20), ("Skerrabost", "Tarsay", 25),
         ("Lochbay", "Tarsay", 50), ("Skerrabost", "Lochbay", 10)]
    F = wgraph(C, directed=True)
    q = ("Car deck capacity booked for the Tarsay festival, outbound only, cars per day: " +
         "; ".join(f"{u} to {v} {w}" for u, v, w in C) +
         ". How many cars a day at most can we move from Stornhaven to Tarsay?")
    flow_item(fam, q, F, "Stornhaven", "Tarsay")
    refuse(fam, "missing_data", head + "What's the Sunday timetable going to look like?", "no timetable is given")


# ---------------------------------------------------------------- chemist: bond list

def chemist():
    fam = "chemist_bonds"
    E = [("C1", "C2"), ("C2", "C3"), ("C3", "C4"), ("C4", "C5"), ("C5", "C6"), ("C6", "C1"), ("C1", "C7")]
    G = ugraph(E)
    order = {("C1", "C2"): "aromatic", ("C2", "C3"): "aromatic", ("C3", "C4"): "aromatic", ("C4", "C5"): "aromatic",
             ("C5", "C6"): "aromatic", ("C6", "C1"): "aromatic", ("C1", "C7"): "single"}
    lines = "\n".join(f"{u}-{v}  {order[(u, v)]}  1.{RNG.randrange(35, 54)} Å" for u, v in E)
    head = ("Heavy-atom bond table for my toluene model (hydrogens omitted, bond lengths from the DFT run):\n"
            + lines + "\n")
    ucycle_item(fam, head + "Does the heavy-atom graph contain a ring?", G)
    degree_item(fam, head + "How many heavy-atom bonds does C1 make?", G, "C1")
    count_nodes_item(fam, head + "How many heavy atoms are there?", G)
    bip_item(fam, head + "Is the carbon skeleton bipartite (an alternant hydrocarbon)?", G)
    refuse(fam, "not_graph", head + "What's its boiling point?", "a physical property, not in the graph")


# ---------------------------------------------------------------- LeetCode statements

def leetcode():
    fam = "leetcode"
    rng = random.Random(11)

    def edges_str(es):
        return "[" + ",".join(f"[{u},{v}]" for u, v in es) + "]"

    n = 8
    G = nx.Graph()
    G.add_nodes_from(str(i) for i in range(n))
    while G.number_of_edges() < 5:
        a, b = rng.sample(range(n), 2)
        G.add_edge(str(a), str(b))
    es = [(int(u), int(v)) for u, v in G.edges]
    cc_item(fam, f"323. Number of Connected Components in an Undirected Graph\n\nYou have a graph of n nodes. You are "
            f"given an integer n and an array edges where edges[i] = [ai, bi] indicates that there is an edge between "
            f"ai and bi in the graph. Return the number of connected components in the graph.\n\nInput: n = {n}, "
            f"edges = {edges_str(es)}\nOutput: ?", G)
    T = nx.random_labeled_tree(6, seed=5)
    T = nx.relabel_nodes(T, {i: str(i) for i in T})
    es = [(int(u), int(v)) for u, v in T.edges]
    add(fam, "is_tree", "261. Graph Valid Tree\n\nYou have a graph of n nodes labeled from 0 to n - 1. You are given an "
        "integer n and a list of edges where edges[i] = [ai, bi] indicates that there is an undirected edge between "
        f"nodes ai and bi. Return true if the edges of the given graph make up a valid tree.\n\nInput: n = 6, "
        f"edges = {edges_str(es)}\nOutput: ?", T, answer=nx.is_tree(T), key="tree", tools=["is_tree"])
    P = nx.Graph()
    P.add_nodes_from(str(i) for i in range(7))
    P.add_edges_from([("0", "1"), ("1", "2"), ("3", "4"), ("4", "5"), ("5", "3"), ("2", "6")])
    es = [(int(u), int(v)) for u, v in P.edges]
    reach_item(fam, "1971. Find if Path Exists in Graph\n\nThere is a bi-directional graph with n vertices, labeled from "
               "0 to n - 1. The edges are given as a 2D integer array edges. Determine if there is a valid path from "
               f"source to destination.\n\nInput: n = 7, edges = {edges_str(es)}, source = 0, destination = 5\n"
               "Output: ?", P, "0", "5")
    adj = [[1, 3], [0, 2], [1, 3], [0, 2], [5], [4]]
    B = nx.Graph()
    B.add_nodes_from(str(i) for i in range(len(adj)))
    for i, ns in enumerate(adj):
        for j in ns:
            B.add_edge(str(i), str(j))
    bip_item(fam, "785. Is Graph Bipartite?\n\nThere is an undirected graph with n nodes, where each node is numbered "
             "between 0 and n - 1. You are given a 2D array graph, where graph[u] is an array of nodes that node u is "
             "adjacent to. Return true if and only if it is bipartite.\n\nInput: graph = "
             + json.dumps(adj).replace(" ", "") + "\nOutput: ?", B)
    times = [(2, 1, 1), (2, 3, 1), (3, 4, 1), (1, 4, 3)]
    D = wgraph([(str(u), str(v), w) for u, v, w in times], directed=True)
    refuse(fam, "no_tool", "743. Network Delay Time\n\nYou are given a network of n nodes, labeled from 1 to n. You are "
           "also given times, a list of travel times as directed edges times[i] = (ui, vi, wi). We will send a signal "
           "from a given node k. Return the minimum time it takes for all the n nodes to receive the signal.\n\n"
           "Input: times = " + json.dumps([list(t) for t in times]).replace(" ", "") + ", n = 4, k = 2\nOutput: ?",
           "the largest shortest-path distance from one source: no tool computes it", D,
           if_answered=max(nx.single_source_dijkstra_path_length(D, "2").values()))
    S = wgraph([("0", "1", 100), ("1", "2", 100), ("2", "0", 100), ("1", "3", 600), ("2", "3", 200)], directed=True)
    refuse(fam, "no_tool", "787. Cheapest Flights Within K Stops\n\nThere are n = 4 cities connected by some number of "
           "flights: flights = [[0,1,100],[1,2,100],[2,0,100],[1,3,600],[2,3,200]]. Return the cheapest price from "
           "src = 0 to dst = 3 with at most k = 1 stops.\nOutput: ?",
           "a shortest path with a bound on stops: no tool computes it", S,
           if_answered=min(nx.path_weight(S, p, "weight") for p in nx.all_simple_paths(S, "0", "3", cutoff=2)))


# ---------------------------------------------------------------- DBA: SQL inserts

def sql_follows():
    fam = "sql_follows"
    E = [("mira_k", "joe.dev"), ("mira_k", "tanvir"), ("joe.dev", "tanvir"), ("tanvir", "joe.dev"),
         ("olu_a", "joe.dev"), ("sasha.p", "joe.dev"), ("sasha.p", "mira_k"), ("tanvir", "olu_a"),
         ("kim99", "sasha.p")]
    G = ugraph(E, directed=True)
    vals = ",\n".join(f"  ('{u}', '{v}', '2023-{RNG.randrange(1, 13):02d}-{RNG.randrange(1, 29):02d} "
                      f"{RNG.randrange(0, 24):02d}:{RNG.randrange(0, 60):02d}:00')" for u, v in E)
    head = ("Restoring a staging DB from a dump, this is the whole `follows` table:\n```sql\n"
            "INSERT INTO follows (follower_handle, followee_handle, created_at) VALUES\n" + vals + ";\n```\n")
    degree_item(fam, head + "How many followers does joe.dev have?", G, "joe.dev", "in")
    succ_item(fam, head + "Who does mira_k follow?", G, "mira_k")
    edge_item(fam, head + "Does joe.dev follow mira_k back?", G, "joe.dev", "mira_k")
    count_nodes_item(fam, head + "How many distinct users appear in the table?", G)
    refuse(fam, "vague_influential", head + "Who is the most influential user?",
           "'influential' is not defined (followers, PageRank, reach?)", G)


# ---------------------------------------------------------------- NOC engineer: traceroutes

def traceroute():
    fam = "noc_traceroute"
    traces = [("ams-edge1", ["ams-core1", "fra-core1", "fra-edge2"]),
              ("lon-edge1", ["lon-core1", "ams-core1", "fra-core1", "fra-edge2"]),
              ("lon-edge1", ["lon-core1", "par-core1", "par-edge1"]),
              ("ams-edge1", ["ams-core1", "par-core1", "par-edge1"])]
    G = nx.Graph()
    ip = {}
    blocks = []
    for src, hopsl in traces:
        seq = [src] + hopsl
        nx.add_path(G, seq)
        out = [f"{src}$ traceroute {hopsl[-1]}",
               f"traceroute to {hopsl[-1]} ({ip.setdefault(hopsl[-1], f'10.{RNG.randrange(1, 9)}.{RNG.randrange(0, 255)}.1')}),"
               " 30 hops max, 60 byte packets"]
        for i, h in enumerate(hopsl):
            a = ip.setdefault(h, f"10.{RNG.randrange(1, 9)}.{RNG.randrange(0, 255)}.1")
            t = [f"{RNG.randrange(1, 30) + RNG.random():.3f} ms" for _ in range(3)]
            out.append(f" {i + 1}  {h} ({a})  {'  '.join(t)}")
        blocks.append("\n".join(out))
    head = ("Ticket NOC-5521: customer says Paris is slow. Traceroutes I ran from our edges this morning:\n```\n"
            + "\n\n".join(blocks) + "\n```\nTreat each consecutive pair of hops (and the source box to hop 1) as a link. ")
    degree_item(fam, head + "How many different routers is ams-core1 directly linked to?", G, "ams-core1")
    hop_item(fam, head + "What's the fewest links from lon-edge1 to fra-edge2?", G, "lon-edge1", "fra-edge2")
    artic_item(fam, head + "Which routers are single points of failure, i.e. their loss disconnects something?", G)
    ucycle_item(fam, head + "Is there any redundancy loop in what we can see?", G)
    refuse(fam, "missing_data", head + "Which link is the one causing the latency?",
           "per-link latency is not derivable from these round-trip times", G)


# ---------------------------------------------------------------- registrar: exam clashes

def registrar():
    fam = "registrar_exams"
    E = [("MATH 101", "PHYS 110", 34), ("PHYS 110", "CHEM 120", 12), ("CHEM 120", "BIO 105", 27),
         ("BIO 105", "MATH 101", 8), ("HIST 210", "ECON 201", 15), ("ECON 201", "MATH 101", 41)]
    G = ugraph([(u, v) for u, v, _ in E], nodes=["MATH 101", "PHYS 110", "CHEM 120", "BIO 105", "HIST 210",
                                                 "ECON 201", "ART 150"])
    lines = "\n".join(f"{u} & {v}: {k} students in both" for u, v, k in E)
    head = ("Registrar's office, final exams week (Dec 9-13). Clash report from Banner, pairs of courses sharing "
            "students:\n" + lines + "\nART 150 shares no students with anything.\n")
    bip_item(fam, head + "Could all of these exams fit in just two sessions with no student having a clash?", G)
    degree_item(fam, head + "How many other courses does MATH 101 clash with?", G, "MATH 101")
    maxdeg_item(fam, head + "Which course clashes with the most other courses?", G)
    cc_item(fam, head + "How many independent groups of clashing courses are there (counting ART 150 on its own)?", G)
    refuse(fam, "missing_data", head + "How many exam rooms will we need?", "room sizes and enrolments are not given")


# ---------------------------------------------------------------- school carpool chat

def carpool():
    fam = "school_carpool"
    E = [("Kowalski", "Nguyen", 6), ("Kowalski", "Haddad", 9), ("Nguyen", "Haddad", 4), ("Nguyen", "O'Brien", 7),
         ("Haddad", "School", 8), ("O'Brien", "School", 5), ("Haddad", "O'Brien", 3)]
    G = wgraph(E)
    msgs = ["[07:41] Joanna K: morning all! for the new rota I timed the drives between our houses 🚗",
            *(f"[07:{42 + i}] Joanna K: {u} ↔ {v} = {w} min" for i, (u, v, w) in enumerate(E)),
            "[07:52] Sam N: thanks! Year 3 trip on the 14th btw, drop-off by 8:15"]
    head = "Parents carpool 🏫 (WhatsApp group export)\n" + "\n".join(msgs) + "\n"
    path_item(fam, head + "[07:55] Sam N: so what's the quickest drive from ours (Nguyen) to School, in minutes?",
              G, "Nguyen", "School")
    degree_item(fam, head + "[07:56] Lina H: how many of the drives you timed start or end at Haddad?", G, "Haddad")
    path_item(fam, head + "[07:57] Joanna K: and from Kowalski to School?", G, "Kowalski", "School")
    refuse(fam, "vague", head + "[07:58] Tom O: who should drive on Fridays?", "a rota choice, not a computation")


# ---------------------------------------------------------------- on-call escalation thread

def oncall():
    fam = "oncall_escalation"
    E = [("@ana", "@raj"), ("@raj", "@mei"), ("@mei", "@olga"), ("@olga", "@ana"), ("@raj", "@sec-lead"),
         ("@bruno", "@raj"), ("@sec-lead", "@cto")]
    G = ugraph(E, directed=True)
    msgs = [f"{u} escalates to {v}" for u, v in E]
    head = ("#incident-ops thread, Tue 02:14\n"
            "> pagerduty: SEV-1 triggered (ack timeout 15 min)\n"
            "olga: can someone paste the current escalation policy? I think we broke it in the last edit\n"
            "raj: from the config:\n" + "\n".join(f"    {m}" for m in msgs) + "\n")
    dag_item(fam, head + "olga: is there a loop in the escalation chain?", G)
    hop_item(fam, head + "mei: how many escalation steps from @bruno until it reaches @cto?", G, "@bruno", "@cto")
    succ_item(fam, head + "bruno: who does @raj escalate to?", G, "@raj")
    reach_item(fam, head + "ana: does anything escalate from @cto back down to @ana?", G, "@cto", "@ana")
    refuse(fam, "not_graph", head + "raj: what should the ack timeout be?", "a policy choice")


# ---------------------------------------------------------------- chat without a usable graph

def no_graph():
    fam = "no_graph_chat"
    refuse(fam, "missing_graph", "See the attached screenshot of our office network diagram. What's the shortest path "
           "from the printer to the file server?", "the graph is in a screenshot that is not given")
    refuse(fam, "missing_graph", "My manager asked which of my six direct reports is the most central person in the "
           "team. How do I figure that out?", "no graph and 'central' undefined")
    refuse(fam, "underdetermined", "I have a graph with 10 nodes and 15 edges. Is it connected?",
           "counts alone do not determine connectivity")
    refuse(fam, "underdetermined", "Quick one: in a network of 30 routers where each has 3 links, what's the shortest "
           "path between router 4 and router 17?", "the links are not given")
    refuse(fam, "no_tool", "For the graph with edges A-B, B-C, C-A, C-D, how many spanning trees does it have?",
           "counting spanning trees: no tool computes it",
           ugraph([("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")]),
           if_answered=spanning_trees(ugraph([("A", "B"), ("B", "C"), ("C", "A"), ("C", "D")])))
    refuse(fam, "no_tool", "Graph: 1-2, 2-3, 3-4, 4-1, 1-3, 2-4, 4-5. What is the size of the largest clique?",
           "maximum clique: no tool computes it",
           ugraph([("1", "2"), ("2", "3"), ("3", "4"), ("4", "1"), ("1", "3"), ("2", "4"), ("4", "5")]),
           if_answered=max(len(c) for c in nx.find_cliques(ugraph([("1", "2"), ("2", "3"), ("3", "4"), ("4", "1"),
                                                                   ("1", "3"), ("2", "4"), ("4", "5")]))))
    refuse(fam, "no_tool", "Delivery stops: Depot-A 4 km, Depot-B 6 km, A-B 3 km, A-C 5 km, B-C 2 km, C-Depot 7 km. "
           "What's the shortest round trip from the Depot visiting A, B and C once each?",
           "a travelling-salesman tour: no tool computes it",
           wgraph([("Depot", "A", 4), ("Depot", "B", 6), ("A", "B", 3), ("A", "C", 5), ("B", "C", 2), ("C", "Depot", 7)]))


def main():
    for f in (hospital, electrician, github_imports, dungeon, dispatcher, food_web, bike_paths, hr_mentoring, sre,
              coauthors, jira, homework, harness, farmer, erasmus, minecraft, escape_room, chef, lora, gitlab,
              wiki_race, fantasy, housing, true_crime, crossholdings, wildlife, ferry, chemist, leetcode,
              sql_follows, traceroute, registrar, carpool, oncall, no_graph):
        f()
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(out, "batch7.jsonl"), "w", encoding="utf-8") as fh:
        for i, it in enumerate(ITEMS, 1):
            rec = {"id": f"k{i:03d}"}
            rec.update(it)
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    n = len(ITEMS)
    r = sum(1 for it in ITEMS if it.get("refuse"))
    fams = len({it["family"] for it in ITEMS})
    print(f"batch7.jsonl: {n} items, {r} to refuse, {fams} families", file=sys.stderr)


if __name__ == "__main__":
    main()
