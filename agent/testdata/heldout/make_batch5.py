#!/usr/bin/env python3
"""Held-out batch 5 for graphagent, written blind.

Written without reading how graphagent reads questions (reasoning/, lang/,
tools/graph/read_*.go, the agent's code) and without opening the earlier
batches; only the judge (agent/heldout_test.go, agent/understanding_test.go)
and the tool catalogue (`graphagent tools list/show`) were read.

The items are about people and situations rather than notations: a nurse
pasting ward transfers, a logistics planner's truck capacities, a gamer's
quest unlocks, a Jira export, a Makefile, a router table, a food web,
contact-tracing notes, a follower CSV, sports results, a courier's stops,
airline fares, a rail map, a family tree, an org chart, citations, a pandas
print, a numpy matrix, a spreadsheet copy, a TikZ figure, a Mermaid
snippet, an API's JSON, a Neo4j result, textbook exercises, benchmark-style
prompts and sloppy chat.

Conventions:
  * every graph is built with NetworkX first; the question text is rendered
    from it and every gold answer is computed from it by NetworkX, never
    typed;
  * weights are minutes, km, euros, capacities... as the situation says;
    "edges" holds [u, v] or [u, v, w] for the judge's path/order checks;
  * refuse=true marks items with no graph, data that do not determine the
    answer, a measure needing weights that are not given, an ambiguous ask,
    or something no tool computes; when NetworkX can answer it, if_answered
    holds its one right scalar answer;
  * ids are f001..., each item has a family (the situation) and a task.

Run: PYTHONHASHSEED=1 python3 make_batch5.py [OUTDIR] (default: this folder);
it writes OUTDIR/batch5.jsonl deterministically.
"""

import itertools
import json
import os
import sys

import networkx as nx

ITEMS = []


def num(x):
    """A JSON-friendly number: ints stay ints."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def add(family, task, question, G=None, check="value", answer=None, key="",
        tools=(), refuse=False, why="", source="", target="", also=None,
        if_answered=None, neg_tools=(), notation=""):
    it = {"family": family, "task": task, "question": question,
          "notation": notation or family, "check": check}
    if refuse:
        it["refuse"] = True
        it["why"] = why
        if if_answered is not None:
            it["if_answered"] = if_answered
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


def wgraph(edges, directed=False, attr="weight"):
    G = nx.DiGraph() if directed else nx.Graph()
    for u, v, w in edges:
        G.add_edge(u, v, **{attr: w})
    return G


def sp(G, s, t):
    return num(nx.shortest_path_length(G, s, t, weight="weight"))


def hops(G, s, t):
    return nx.shortest_path_length(G, s, t)


def mflow(G, s, t, attr="weight"):
    return num(nx.maximum_flow_value(G, s, t, capacity=attr))


def is_dag(G):
    return nx.is_directed_acyclic_graph(G)


def has_cycle(G):
    if G.is_directed():
        return not nx.is_directed_acyclic_graph(G)
    return len(nx.cycle_basis(G)) > 0 or nx.number_of_selfloops(G) > 0


def has_hamilton_path(G):
    """Exact, by trying every order of the nodes (small graphs only)."""
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


def sources(G):
    return [str(n) for n in G if G.in_degree(n) == 0]


def sinks(G):
    return [str(n) for n in G if G.out_degree(n) == 0]


PATH = ["shortest_path", "shortest_path_length"]

# ---------------------------------------------------------------- hospital
ward = wgraph([
    ("ER", "Radiology", 25), ("ER", "Triage Bay", 5), ("Triage Bay", "ICU", 40),
    ("ER", "ICU", 55), ("Radiology", "ICU", 20), ("Radiology", "Ward 7B", 35),
    ("ICU", "Step-Down", 30), ("Step-Down", "Ward 7B", 15), ("Ward 7B", "Discharge Lounge", 45),
    ("Triage Bay", "Ward 7B", 90), ("Step-Down", "Discharge Lounge", 70), ("OR", "ICU", 15),
    ("Radiology", "OR", 30),
], directed=True)
log = "\n".join(f"{u} → {v}   median {d['weight']} min" for u, v, d in ward.edges(data=True))
add("ward_transfers", "weighted_shortest_path",
    f"I'm the night charge nurse. Here's our transfer log export (from → to, median minutes per move):\n{log}\n"
    "A patient just arrived in ER and is booked for Ward 7B. What's the quickest sequence of transfers and how many minutes does it take in total?",
    ward, check="path", answer=sp(ward, "ER", "Ward 7B"), key="length", tools=PATH, source="ER", target="Ward 7B")
add("ward_transfers", "hop_count",
    f"transfer log below, ignore the minutes for now\n{log}\n"
    "what's the smallest number of moves to get someone from ER to the Discharge Lounge?",
    ward, check="path", answer=hops(ward, "ER", "Discharge Lounge"), key="length", tools=["shortest_path_length"],
    source="ER", target="Discharge Lounge")
add("ward_transfers", "predecessors",
    f"Which units send patients straight into ICU (one transfer, no stops in between)?\n\nLog:\n{log}",
    ward, check="set", answer=[str(n) for n in ward.predecessors("ICU")], tools=["predecessors"])
add("ward_transfers", "reachability",
    f"{log}\n\nBased on these transfer routes, can a patient in Ward 7B ever end up back in the ER?",
    ward, answer=nx.has_path(ward, "Ward 7B", "ER"), tools=["path_exists"])
add("ward_transfers", "refuse_missing_data",
    f"{log}\n\nHow many patients went through the ICU last week?",
    ward, refuse=True, why="the log gives routes and times, not patient counts")

# ---------------------------------------------------------------- supply chain
sc = wgraph([
    ("Plant Lyon", "DC North", 40), ("Plant Lyon", "DC South", 25), ("DC North", "Hub Paris", 30),
    ("DC South", "Hub Paris", 20), ("DC South", "Hub Marseille", 15), ("DC North", "Hub Marseille", 10),
    ("Hub Paris", "Store 12", 35), ("Hub Marseille", "Store 12", 30), ("Plant Turin", "DC South", 18),
    ("Plant Turin", "Hub Marseille", 12),
], directed=True, attr="capacity")
rows = "\n".join(f"{u:<14}{v:<15}{d['capacity']:>5}" for u, v, d in sc.edges(data=True))
sctab = f"from          to             trucks/day\n{rows}"
scw = nx.DiGraph()
for u, v, d in sc.edges(data=True):
    scw.add_edge(u, v, weight=d["capacity"])
add("supply_chain", "max_flow",
    f"Logistics planning, lanes with how many trucks a day each lane can take:\n{sctab}\n"
    "How many trucks per day can we get from Plant Lyon to Store 12 at most?",
    scw, answer=mflow(sc, "Plant Lyon", "Store 12", "capacity"), key="value", tools=["maximum_flow"])
add("supply_chain", "max_flow",
    f"{sctab}\n\nSame network. If only Plant Turin is producing this week, what's the max daily throughput into Store 12?",
    scw, answer=mflow(sc, "Plant Turin", "Store 12", "capacity"), key="value", tools=["maximum_flow"])
add("supply_chain", "max_flow",
    f"Question first: what's the most trucks/day we can push from DC South to Hub Paris?\nLanes:\n{sctab}",
    scw, answer=mflow(sc, "DC South", "Hub Paris", "capacity"), key="value", tools=["maximum_flow"])
add("supply_chain", "sources",
    f"{sctab}\n\nWhich sites only ship out and never receive anything in this lane table?",
    scw, check="set", answer=sources(sc), key="sources", tools=["sources_sinks"])
add("supply_chain", "refuse_missing_weights",
    f"{sctab}\n\nWhat is the cheapest way to ship one pallet from Plant Lyon to Store 12?",
    scw, refuse=True, why="only lane capacities are given, no costs")

# ---------------------------------------------------------------- water pipes
wp = wgraph([
    ("Reservoir", "Pump A", 120), ("Reservoir", "Pump B", 80), ("Pump A", "Junction 1", 70),
    ("Pump A", "Junction 2", 60), ("Pump B", "Junction 2", 50), ("Pump B", "Junction 3", 40),
    ("Junction 1", "Tower", 65), ("Junction 2", "Tower", 55), ("Junction 3", "Tower", 30),
    ("Tower", "Village", 140),
])
pipes = "\n".join(f"pipe {u} <-> {v}: {d['weight']} L/s" for u, v, d in wp.edges(data=True))
add("water_pipes", "max_flow",
    f"Municipal water board here. Our pipes (can flow either way) with max flow rate:\n{pipes}\n"
    "What is the maximum rate in L/s we can deliver from the Reservoir to the Village?",
    wp, answer=mflow(wp, "Reservoir", "Village"), key="value", tools=["maximum_flow"])
add("water_pipes", "bridges",
    f"{pipes}\n\nHow many single pipes are there whose failure would cut part of the system off from the rest?",
    wp, answer=len(list(nx.bridges(wp))), key="count", tools=["bridges"])
add("water_pipes", "articulation_points",
    f"{pipes}\n\nWhich stations (pumps/junctions/tower) are single points of failure, i.e. losing that one station splits the network?",
    wp, check="set", answer=[str(n) for n in nx.articulation_points(wp)], key="nodes", tools=["articulation_points"])
add("water_pipes", "max_flow",
    f"how much water per second can go from Pump B to the Tower max? pipes:\n{pipes}",
    wp, answer=mflow(wp, "Pump B", "Tower"), key="value", tools=["maximum_flow"])

# ---------------------------------------------------------------- game quests
q = nx.DiGraph()
q.add_edges_from([
    ("The Lost Sword", "Blacksmith's Favor"), ("The Lost Sword", "Into the Mines"),
    ("Blacksmith's Favor", "Forge the Blade"), ("Into the Mines", "Forge the Blade"),
    ("Into the Mines", "The Deep Dark"), ("Forge the Blade", "Dragon's Lair"),
    ("The Deep Dark", "Dragon's Lair"), ("Herbalist Errand", "Potion Master"),
    ("Potion Master", "Dragon's Lair"), ("Dragon's Lair", "Epilogue"),
])
unlocks = "\n".join(f"- finishing \"{u}\" unlocks \"{v}\"" for u, v in q.edges)
add("game_quests", "topological_order",
    f"ok so in this RPG quests unlock other quests:\n{unlocks}\nin what order can I do all the quests so I never hit a locked one?",
    q, check="order", tools=["topological_sort"])
add("game_quests", "reachability",
    f"{unlocks}\n\nDoes doing Herbalist Errand eventually lead to The Deep Dark being unlocked (directly or down the chain)?",
    q, answer=nx.has_path(q, "Herbalist Errand", "The Deep Dark"), tools=["path_exists"])
add("game_quests", "predecessors",
    f"Quest unlock list from the wiki:\n{unlocks}\nWhich quests directly unlock Dragon's Lair?",
    q, check="set", answer=[str(n) for n in q.predecessors("Dragon's Lair")], tools=["predecessors"])
add("game_quests", "node_count",
    f"{unlocks}\n\nhow many different quests are there in total?",
    q, answer=q.number_of_nodes(), tools=["node_count", "order"])
add("game_quests", "refuse_no_tool",
    f"{unlocks}\n\nWhat's the longest chain of quests I'd have to do one after another (count the unlock steps)?",
    q, refuse=True, why="longest path in a DAG: no tool (nx.dag_longest_path_length)",
    if_answered=nx.dag_longest_path_length(q))

# ---------------------------------------------------------------- course catalogue
cc = nx.DiGraph()
cat = {
    "CS 101": [], "MATH 120": [], "CS 201": ["CS 101"], "CS 210": ["CS 101", "MATH 120"],
    "CS 301": ["CS 201", "CS 210"], "CS 315": ["CS 210"], "CS 340": ["CS 301"],
    "CS 401": ["CS 340", "CS 315"], "STAT 200": ["MATH 120"],
}
for c, pre in cat.items():
    cc.add_node(c)
    for p in pre:
        cc.add_edge(p, c)
catalogue = "\n".join(f"{c}. Prerequisites: {', '.join(p) if p else 'none'}." for c, p in cat.items())
add("course_catalogue", "topological_order",
    f"From the undergraduate catalogue:\n{catalogue}\n\nGive me an order to take all of these so every prerequisite comes before the course that needs it.",
    cc, check="order", tools=["topological_sort"])
add("course_catalogue", "indirect_dependency",
    f"{catalogue}\n\nIs CS 101 required for CS 401, even indirectly?",
    cc, answer=nx.has_path(cc, "CS 101", "CS 401"), tools=["path_exists"])
add("course_catalogue", "indirect_dependency",
    f"{catalogue}\n\nDo I need STAT 200 (directly or through some chain) before taking CS 401?",
    cc, answer=nx.has_path(cc, "STAT 200", "CS 401"), tools=["path_exists"])
add("course_catalogue", "sources",
    f"catalogue excerpt:\n{catalogue}\nwhich courses can a freshman take right away, with no prereqs?",
    cc, check="set", answer=sources(cc), key="sources", tools=["sources_sinks"])
add("course_catalogue", "successors",
    f"{catalogue}\n\nWhich courses list CS 210 directly as a prerequisite?",
    cc, check="set", answer=[str(n) for n in cc.successors("CS 210")], tools=["successors", "neighbors"])
add("course_catalogue", "cycle",
    f"Advisor here, I think the new catalogue has a loop somewhere. Is there any circular prerequisite?\n{catalogue}",
    cc, check="dag", answer=is_dag(cc), tools=["topological_sort"], neg_tools=["cycle_check"])

# ---------------------------------------------------------------- jira blocks
jr = nx.DiGraph()
jr.add_edges_from([("PAY-12", "PAY-15"), ("PAY-15", "PAY-19"), ("PAY-19", "PAY-21"),
                   ("PAY-21", "PAY-15"), ("PAY-12", "PAY-30"), ("PAY-30", "PAY-31"), ("PAY-8", "PAY-12")])
jira = "Issue key,Link type,Linked issue\n" + "\n".join(f"{u},blocks,{v}" for u, v in jr.edges)
add("jira_blocks", "cycle",
    f"Exported our issue links from Jira (CSV):\n{jira}\n\nSprint planning can't find a start order. Is there a circular blocking chain?",
    jr, check="dag", answer=is_dag(jr), tools=["topological_sort"], neg_tools=["cycle_check"])
add("jira_blocks", "successors",
    f"{jira}\n\nWhat does PAY-12 block directly?",
    jr, check="set", answer=[str(n) for n in jr.successors("PAY-12")], tools=["successors", "neighbors"])
jr2 = jr.copy()
jr2.remove_edge("PAY-21", "PAY-15")
jira2 = "Issue key,Link type,Linked issue\n" + "\n".join(f"{u},blocks,{v}" for u, v in jr2.edges)
add("jira_blocks", "topological_order",
    f"{jira2}\n\nok we removed the bad link. give me an order to work these tickets so nothing is started while a blocker is open",
    jr2, check="order", tools=["topological_sort"])
add("jira_blocks", "refuse_missing_data",
    f"{jira2}\n\nHow many story points are left in these tickets?",
    jr2, refuse=True, why="the export has no story points")
add("jira_blocks", "sinks",
    f"{jira2}\n\nWhich issues don't block anything?",
    jr2, check="set", answer=sinks(jr2), key="sinks", tools=["sources_sinks"])

# ---------------------------------------------------------------- makefile build
mk = {
    "app": ["main.o", "util.o", "net.o"], "main.o": ["main.c", "config.h"],
    "util.o": ["util.c", "config.h"], "net.o": ["net.c", "util.h"], "tests": ["app", "test.c"],
}
mkg = nx.DiGraph()
for t, deps in mk.items():
    for d in deps:
        mkg.add_edge(d, t)  # d must exist before t
makefile = "\n".join(f"{t}: {' '.join(d)}\n\t$(CC) ..." for t, d in mk.items())
add("makefile_build", "topological_order",
    f"My Makefile:\n```make\n{makefile}\n```\nIn what order would make build everything (files before the targets that need them)?",
    mkg, check="order", tools=["topological_sort"])
add("makefile_build", "reachability",
    f"```make\n{makefile}\n```\nIf I touch config.h, does `tests` end up being rebuilt?",
    mkg, answer=nx.has_path(mkg, "config.h", "tests"), tools=["path_exists"])
add("makefile_build", "refuse_no_tool",
    f"```make\n{makefile}\n```\nHow many targets/files downstream of util.h need rebuilding when it changes?",
    mkg, refuse=True, why="counting descendants: no tool (len(nx.descendants))",
    if_answered=len(nx.descendants(mkg, "util.h")))
add("makefile_build", "in_degree",
    f"```make\n{makefile}\n```\nhow many direct prerequisites does app have?",
    mkg, answer=mkg.in_degree("app"), tools=["degree"])

# ---------------------------------------------------------------- router table
rt = wgraph([("R1", "R2", 4), ("R1", "R3", 12), ("R2", "R3", 3), ("R2", "R4", 15), ("R3", "R4", 5),
             ("R4", "R5", 2), ("R3", "R6", 20), ("R5", "R6", 6), ("R6", "R7", 9)])
blocks = []
for r in rt.nodes:
    lines = [f"{r}# show neighbors", "Neighbor   Latency(ms)  State"]
    for n in rt.neighbors(r):
        lines.append(f"{n:<11}{rt[r][n]['weight']:<13}FULL")
    blocks.append("\n".join(lines))
rtxt = "\n\n".join(blocks)
add("router_table", "weighted_shortest_path",
    f"Pasted the neighbor tables from all our routers:\n\n{rtxt}\n\nWhat is the lowest-latency path from R1 to R7, and its total latency?",
    rt, check="path", answer=sp(rt, "R1", "R7"), key="length", tools=PATH, source="R1", target="R7")
add("router_table", "hop_count",
    f"{rtxt}\n\nIgnoring latency, how many hops is R1 from R6 at minimum?",
    rt, check="path", answer=hops(rt, "R1", "R6"), key="length", tools=["shortest_path_length"], source="R1", target="R6")
add("router_table", "articulation_points",
    f"{rtxt}\n\nWhich routers, if one of them dies, would partition the network?",
    rt, check="set", answer=[str(n) for n in nx.articulation_points(rt)], key="nodes", tools=["articulation_points"])
add("router_table", "edge_count",
    f"{rtxt}\n\nHow many physical links are there in total? (each link shows up in both routers' tables)",
    rt, answer=rt.number_of_edges(), tools=["edge_count", "size"])
add("router_table", "refuse_missing_weights",
    f"{rtxt}\n\nWhat's the available bandwidth between R2 and R5?",
    rt, refuse=True, why="only latencies are given, no bandwidth")

# ---------------------------------------------------------------- food web
fw = nx.DiGraph()
eats = [("rabbit", "grass"), ("grasshopper", "grass"), ("mouse", "grain"), ("mouse", "grasshopper"),
        ("frog", "grasshopper"), ("snake", "frog"), ("snake", "mouse"), ("hawk", "snake"),
        ("hawk", "mouse"), ("hawk", "rabbit"), ("fox", "rabbit"), ("fox", "mouse")]
for pred, prey in eats:
    fw.add_edge(prey, pred)  # energy flows prey -> predator
fwtxt = "\n".join(f"{a} eats {b}" for a, b in eats)
add("food_web", "predecessors",
    f"Biology homework, meadow food web:\n{fwtxt}\n\nWhat does the hawk eat?",
    fw, check="set", answer=[str(n) for n in fw.predecessors("hawk")], tools=["predecessors"])
add("food_web", "sinks",
    f"{fwtxt}\nIn this food web, which animals are top predators (nothing eats them)?",
    fw, check="set", answer=sinks(fw), key="sinks", tools=["sources_sinks"])
add("food_web", "reachability",
    f"{fwtxt}\nDoes energy from the grain ever reach the fox (through any chain of eating)?",
    fw, answer=nx.has_path(fw, "grain", "fox"), tools=["path_exists"])
add("food_web", "node_count",
    f"How many species are in this food web?\n{fwtxt}",
    fw, answer=fw.number_of_nodes(), tools=["node_count", "order"])
add("food_web", "refuse_missing_data",
    f"{fwtxt}\nHow many rabbits does a fox eat per year?",
    fw, refuse=True, why="the web gives who eats whom, not amounts")

# ---------------------------------------------------------------- contact tracing
ct = nx.Graph()
ct.add_edges_from([("Ana", "Bruno"), ("Bruno", "Carla"), ("Carla", "Dev"), ("Ana", "Carla"),
                   ("Dev", "Emeka"), ("Fatima", "Gus"), ("Gus", "Hana"), ("Bruno", "Dev"), ("Ivo", "Fatima")])
ct.add_node("Jun")
notes = ("contact notes mon-wed:\n- ana sat next to bruno at lunch, also with carla\n"
         "- bruno + carla shared a car; bruno met dev at the gym\n- carla and dev: same office\n"
         "- dev visited emeka\n- fatima, gus: roommates. gus had dinner w/ hana\n- ivo coached fatima\n"
         "- jun worked from home all week, no contacts")
add("contact_tracing", "reachability",
    f"{notes}\n\nAna tested positive. Is there any chain of contacts from Ana to Hana?",
    ct, answer=nx.has_path(ct, "Ana", "Hana"), tools=["path_exists"])
add("contact_tracing", "hop_count",
    f"{notes}\n\nHow many contact steps separate Ana from Emeka?",
    ct, check="path", answer=hops(ct, "Ana", "Emeka"), key="length", tools=PATH, source="Ana", target="Emeka")
add("contact_tracing", "components_count",
    f"{notes}\n\nHow many separate clusters of people are there (count people with no contacts as their own cluster)?",
    ct, answer=nx.number_connected_components(ct), key="count", tools=["connected_components"])
add("contact_tracing", "max_degree",
    f"{notes}\n\nwho had contact with the most different people?",
    ct, check="set", answer=maxdeg_nodes(ct), key="max_nodes", tools=["degree_distribution"])
add("contact_tracing", "refuse_ambiguous",
    f"{notes}\n\nWho is patient zero?",
    ct, refuse=True, why="contacts do not say who infected whom")

# ---------------------------------------------------------------- friendship survey
fs = nx.Graph()
fs.add_edges_from([("Mia", "Noah"), ("Mia", "Olivia"), ("Noah", "Olivia"), ("Olivia", "Pablo"),
                   ("Pablo", "Quinn"), ("Quinn", "Olivia"), ("Noah", "Pablo"), ("Rosa", "Quinn"),
                   ("Rosa", "Sam"), ("Sam", "Mia")])
survey = "Respondent | Named as friends\n" + "\n".join(
    f"{n} | {', '.join(sorted(fs.neighbors(n)))}" for n in fs.nodes)
add("friendship_survey", "common_neighbors",
    f"Class survey (friendship is mutual, each kid listed their friends):\n{survey}\n\nWhich friends do Mia and Pablo have in common?",
    fs, check="set", answer=sorted(nx.common_neighbors(fs, "Mia", "Pablo")), tools=["common_neighbors"])
add("friendship_survey", "triangle_count",
    f"{survey}\n\nHow many trios are there where all three are friends with each other?",
    fs, answer=sum(nx.triangles(fs).values()) // 3, key="triangles", tools=["triangle_count"])
add("friendship_survey", "clustering",
    f"{survey}\n\nWhat's Olivia's local clustering coefficient?",
    fs, answer=nx.clustering(fs, "Olivia"), tools=["clustering_coefficient"])
add("friendship_survey", "edge_exists",
    f"{survey}\n\nAre Rosa and Noah friends?",
    fs, answer=fs.has_edge("Rosa", "Noah"), tools=["edge_exists"])
add("friendship_survey", "degree",
    f"{survey}\n\nHow many friends does Quinn have?",
    fs, answer=fs.degree("Quinn"), tools=["degree"])
add("friendship_survey", "refuse_no_tool",
    f"{survey}\n\nWhat's the biggest group of kids who are all friends with one another? Just the size.",
    fs, refuse=True, why="maximum clique size: no tool",
    if_answered=max(len(c) for c in nx.find_cliques(fs)))

# ---------------------------------------------------------------- follower csv
fo = nx.DiGraph()
fo.add_edges_from([("maya", "leo"), ("leo", "maya"), ("zoe", "maya"), ("kai", "maya"), ("maya", "kai"),
                   ("zoe", "leo"), ("leo", "kai"), ("sol", "zoe"), ("kai", "sol"), ("ben", "maya")])
fcsv = "follower,followed\n" + "\n".join(f"{u},{v}" for u, v in fo.edges)
add("follower_csv", "in_degree",
    f"exported from the app:\n{fcsv}\nhow many followers does maya have?",
    fo, answer=fo.in_degree("maya"), tools=["degree"])
add("follower_csv", "out_degree",
    f"{fcsv}\n\nHow many accounts does leo follow?",
    fo, answer=fo.out_degree("leo"), tools=["degree"])
add("follower_csv", "predecessors",
    f"{fcsv}\n\nWho follows kai?",
    fo, check="set", answer=[str(n) for n in fo.predecessors("kai")], tools=["predecessors"])
add("follower_csv", "scc_count",
    f"{fcsv}\n\nHow many strongly connected components does this follow graph have?",
    fo, answer=nx.number_strongly_connected_components(fo), key="count", tools=["strongly_connected_components"])
add("follower_csv", "max_in_degree",
    f"{fcsv}\n\nWhich account has the most followers?",
    fo, check="set", answer=maxdeg_nodes(fo, "in"), key="max_nodes", tools=["degree_distribution"])
add("follower_csv", "refuse_no_tool",
    f"{fcsv}\n\nWho is maya going to follow next?",
    fo, refuse=True, why="a prediction of future follows: no exact tool")

# ---------------------------------------------------------------- seating conflicts
se = nx.Graph()
se.add_edges_from([("Aunt Marie", "Uncle Joe"), ("Uncle Joe", "Cousin Lea"), ("Cousin Lea", "Grandpa"),
                   ("Grandpa", "Tom"), ("Tom", "Uncle Joe"), ("Sara", "Tom"), ("Sara", "Cousin Lea")])
conf = "\n".join(f"* {u} can't sit with {v}" for u, v in se.edges)
add("seating_conflicts", "bipartite",
    f"Wedding planning nightmare. We have two tables. These pairs can NOT be at the same table:\n{conf}\n"
    "Can we split everyone over the two tables so no feuding pair shares a table?",
    se, answer=nx.is_bipartite(se), key="bipartite", tools=["is_bipartite"])
se2 = se.copy()
se2.add_edge("Sara", "Grandpa")
conf2 = "\n".join(f"* {u} can't sit with {v}" for u, v in se2.edges)
add("seating_conflicts", "bipartite",
    f"Update: one more feud.\n{conf2}\nStill possible with just two tables?",
    se2, answer=nx.is_bipartite(se2), key="bipartite", tools=["is_bipartite"])
add("seating_conflicts", "refuse_no_tool",
    f"{conf}\n\nIn how many different ways can we seat them at the two tables?",
    se, refuse=True, why="counting seatings: no tool")

# ---------------------------------------------------------------- sports results
sr = nx.DiGraph()
games = [("Lions", "Tigers", "3-1"), ("Tigers", "Bears", "2-0"), ("Bears", "Wolves", "1-0"),
         ("Wolves", "Lions", "4-2"), ("Lions", "Hawks", "2-1"), ("Hawks", "Bears", "3-3"),
         ("Eagles", "Hawks", "1-0"), ("Eagles", "Tigers", "2-1")]
for a, b, s in games:
    x, y = map(int, s.split("-"))
    if x != y:
        sr.add_edge(a, b) if x > y else sr.add_edge(b, a)
    else:
        sr.add_node(a)
        sr.add_node(b)
res = "\n".join(f"{a} {s} {b}" for a, b, s in games)
add("sports_results", "edge_exists",
    f"Sunday league results (home score-away score):\n{res}\nDid the Wolves beat the Lions?",
    sr, answer=sr.has_edge("Wolves", "Lions"), tools=["edge_exists"])
add("sports_results", "cycle",
    f"{res}\n\nDraws don't count. Is there a circle of wins, like A beat B, B beat C, ..., and the last one beat A?",
    sr, check="value", answer=has_cycle(sr), tools=["cycle_check"])
add("sports_results", "sources",
    f"{res}\n\n(ignoring draws) Which teams never lost a game?",
    sr, check="set", answer=sources(sr), key="sources", tools=["sources_sinks"])
add("sports_results", "refuse_no_tool",
    f"{res}\n\nWho wins if the Eagles play the Wolves next week?",
    sr, refuse=True, why="predicting a match: no tool")

# ---------------------------------------------------------------- courier stops
cs = wgraph([("Depot", "Bakery", 4), ("Depot", "Pharmacy", 7), ("Bakery", "Pharmacy", 2),
             ("Bakery", "School", 6), ("Pharmacy", "Library", 3), ("School", "Library", 5),
             ("Library", "Hotel", 8), ("School", "Hotel", 4), ("Depot", "Hotel", 15)])
roads = ", ".join(f"{u}-{v} {d['weight']}km" for u, v, d in cs.edges(data=True))
add("courier_stops", "weighted_shortest_path",
    f"courier here. roads between my stops: {roads}. shortest drive from Depot to Hotel in km?",
    cs, check="path", answer=sp(cs, "Depot", "Hotel"), key="length", tools=PATH, source="Depot", target="Hotel")
add("courier_stops", "mst",
    f"Road km: {roads}.\nThe city wants to plow as few km of road as possible while keeping every stop reachable from every other. How many km is that?",
    cs, answer=num(nx.minimum_spanning_tree(cs).size(weight="weight")), key="total_weight", tools=["minimum_spanning_tree"])
add("courier_stops", "hamilton",
    f"Roads: {roads}\nCan I visit every stop exactly once along these roads (not necessarily returning)?",
    cs, check="hamilton", answer=has_hamilton_path(cs), tools=["hamiltonian_path"])
add("courier_stops", "refuse_missing_weights",
    f"Roads: {roads}\nWhat's the fastest route from Depot to Hotel in minutes?",
    cs, refuse=True, why="only km are given, no times or speeds")
add("courier_stops", "refuse_no_tool",
    f"Roads: {roads}\nWhat's the shortest round trip that leaves the Depot, visits every stop and comes back?",
    cs, refuse=True, why="travelling salesman tour: no exact tool")

# ---------------------------------------------------------------- airline fares
af = wgraph([("LIS", "MAD", 49), ("MAD", "LIS", 55), ("LIS", "CDG", 89), ("MAD", "CDG", 39),
             ("CDG", "FRA", 70), ("MAD", "FRA", 120), ("FRA", "WAW", 60), ("CDG", "WAW", 140),
             ("WAW", "KRK", 25), ("OPO", "LIS", 30)], directed=True)
fares = "\n".join(f"{u}->{v}  €{d['weight']}" for u, v, d in af.edges(data=True))
add("airline_fares", "weighted_shortest_path",
    f"One-way fares I found:\n{fares}\nWhat's the cheapest way to get from LIS to KRK, and what does it cost?",
    af, check="path", answer=sp(af, "LIS", "KRK"), key="length", tools=PATH, source="LIS", target="KRK")
add("airline_fares", "weighted_shortest_path",
    f"{fares}\n\nCheapest total fare from OPO to FRA?",
    af, check="path", answer=sp(af, "OPO", "FRA"), key="length", tools=PATH, source="OPO", target="FRA")
add("airline_fares", "no_path",
    f"{fares}\n\nI need the cheapest route from KRK back to LIS.",
    af, check="nopath", tools=["shortest_path", "shortest_path_length"], source="KRK", target="LIS")
add("airline_fares", "out_degree",
    f"{fares}\n\nHow many destinations can I fly to nonstop from MAD?",
    af, answer=af.out_degree("MAD"), tools=["degree"])
af0 = nx.DiGraph(list(af.edges))
routes = ", ".join(f"{u}→{v}" for u, v in af0.edges)
add("airline_fares", "refuse_missing_weights",
    f"The airline serves these routes: {routes}. What's the cheapest fare from LIS to WAW?",
    af0, refuse=True, why="no fares are given")

# ---------------------------------------------------------------- rail map with lines
lines = {
    "Red line": ["Harbor", "Market", "Central", "University", "Stadium"],
    "Blue line": ["Airport", "Old Town", "Central", "Park", "Zoo"],
    "Green line": ["Market", "Old Town", "Museum"],
}
rl = nx.Graph()
for stops in lines.values():
    nx.add_path(rl, stops)
rmap = "\n".join(f"{k}: {' – '.join(v)}" for k, v in lines.items())
add("rail_map", "hop_count",
    f"City metro map:\n{rmap}\nWhat's the fewest number of stops to ride from Harbor to Zoo?",
    rl, check="path", answer=hops(rl, "Harbor", "Zoo"), key="length", tools=PATH, source="Harbor", target="Zoo")
add("rail_map", "node_count",
    f"{rmap}\n\nHow many distinct stations does the network have?",
    rl, answer=rl.number_of_nodes(), tools=["node_count", "order"])
add("rail_map", "diameter",
    f"{rmap}\n\nWhat's the largest number of stops you'd ever need between two stations (taking the best route)?",
    rl, answer=nx.diameter(rl), tools=["diameter", "max_path_length"])
add("rail_map", "articulation_points",
    f"{rmap}\n\nWhich stations, if closed, would split the metro into disconnected parts?",
    rl, check="set", answer=[str(n) for n in nx.articulation_points(rl)], key="nodes", tools=["articulation_points"])
add("rail_map", "refuse_missing_data",
    f"{rmap}\n\nWhich line carries the most passengers?",
    rl, refuse=True, why="no ridership data")
add("rail_map", "refuse_missing_weights",
    f"{rmap}\n\nHow many minutes does it take from Airport to Stadium?",
    rl, refuse=True, why="no travel times are given")

# ---------------------------------------------------------------- family tree
ft = nx.DiGraph()
ft.add_edges_from([("Rosa Alves", "João Alves"), ("Rosa Alves", "Inês Alves"), ("Manuel Alves", "João Alves"),
                   ("Manuel Alves", "Inês Alves"), ("João Alves", "Tiago Alves"), ("Inês Alves", "Beatriz Costa"),
                   ("Pedro Costa", "Beatriz Costa"), ("Beatriz Costa", "Lara Costa")])
tree = "\n".join(f"{u} is a parent of {v}" for u, v in ft.edges)
add("family_tree", "successors",
    f"Genealogy notes:\n{tree}\nWho are Inês Alves's children?",
    ft, check="set", answer=[str(n) for n in ft.successors("Inês Alves")], tools=["successors", "neighbors"])
add("family_tree", "predecessors",
    f"{tree}\n\nWho are Beatriz Costa's parents?",
    ft, check="set", answer=[str(n) for n in ft.predecessors("Beatriz Costa")], tools=["predecessors"])
add("family_tree", "ancestor",
    f"{tree}\n\nIs Manuel Alves an ancestor of Lara Costa?",
    ft, answer=nx.has_path(ft, "Manuel Alves", "Lara Costa"), tools=["path_exists"])
add("family_tree", "ancestor",
    f"{tree}\n\nIs Pedro Costa an ancestor of Tiago Alves?",
    ft, answer=nx.has_path(ft, "Pedro Costa", "Tiago Alves"), tools=["path_exists"])
add("family_tree", "refuse_missing_data",
    f"{tree}\n\nHow old is Lara Costa?",
    ft, refuse=True, why="the tree has no dates")
add("family_tree", "sources",
    f"{tree}\n\nWho are the oldest known ancestors, the people with no parents recorded?",
    ft, check="set", answer=sources(ft), key="sources", tools=["sources_sinks"])

# ---------------------------------------------------------------- org chart
oc = nx.DiGraph()
oc.add_edges_from([("CEO Dana", "CTO Eli"), ("CEO Dana", "CFO Fran"), ("CTO Eli", "Eng Mgr Gil"),
                   ("CTO Eli", "Eng Mgr Hal"), ("Eng Mgr Gil", "Dev Ivy"), ("Eng Mgr Gil", "Dev Jon"),
                   ("Eng Mgr Hal", "Dev Kim"), ("CFO Fran", "Accountant Lou")])
chart = "\n".join(f"{v} reports to {u}" for u, v in oc.edges)
add("org_chart", "is_tree",
    f"HR export:\n{chart}\nIs this a proper tree-shaped hierarchy?",
    oc, answer=nx.is_tree(oc), key="tree", tools=["is_tree"])
add("org_chart", "out_degree",
    f"{chart}\n\nHow many direct reports does CTO Eli have?",
    oc, answer=oc.out_degree("CTO Eli"), tools=["degree"])
add("org_chart", "hop_count",
    f"{chart}\n\nHow many levels of management are there between CEO Dana and Dev Kim, counted as reporting steps?",
    oc, check="path", answer=hops(oc, "CEO Dana", "Dev Kim"), key="length", tools=PATH, source="CEO Dana", target="Dev Kim")
add("org_chart", "sinks",
    f"{chart}\n\nWho has nobody reporting to them?",
    oc, check="set", answer=sinks(oc), key="sinks", tools=["sources_sinks"])
add("org_chart", "refuse_no_tool",
    f"{chart}\n\nWho should be promoted next?",
    oc, refuse=True, why="not a graph question")

# ---------------------------------------------------------------- citations
ci = nx.DiGraph()
ci.add_edges_from([("Smith2019", "Lee2015"), ("Smith2019", "Kumar2017"), ("Kumar2017", "Lee2015"),
                   ("Wang2020", "Smith2019"), ("Wang2020", "Lee2015"), ("Garcia2021", "Wang2020"),
                   ("Garcia2021", "Kumar2017"), ("Okafor2022", "Garcia2021"), ("Okafor2022", "Lee2015")])
cites = "\n".join(f"[{u}] cites [{v}]" for u, v in ci.edges)
add("citations", "in_degree",
    f"Reference lists I scraped:\n{cites}\nHow many times is Lee2015 cited within this set?",
    ci, answer=ci.in_degree("Lee2015"), tools=["degree"])
add("citations", "edge_exists",
    f"{cites}\n\nDoes Garcia2021 cite Smith2019 directly?",
    ci, answer=ci.has_edge("Garcia2021", "Smith2019"), tools=["edge_exists"])
add("citations", "reachability",
    f"{cites}\n\nCan you follow citations from Okafor2022 back to Kumar2017?",
    ci, answer=nx.has_path(ci, "Okafor2022", "Kumar2017"), tools=["path_exists"])
add("citations", "sinks",
    f"{cites}\n\nWhich papers here don't cite any other paper in the set?",
    ci, check="set", answer=sinks(ci), key="sinks", tools=["sources_sinks"])
add("citations", "refuse_ambiguous",
    f"{cites}\n\nWhich paper is the best?",
    ci, refuse=True, why="'best' is not a graph measure")

# ---------------------------------------------------------------- pandas print
pdg = wgraph([("A", "B", 2.5), ("A", "C", 1.0), ("B", "D", 4.0), ("C", "D", 6.5), ("C", "E", 2.0),
              ("E", "D", 1.5), ("D", "F", 3.0), ("E", "F", 7.0)])
df = "  source target  weight\n" + "\n".join(
    f"{i} {u:>6} {v:>6} {d['weight']:>7.1f}" for i, (u, v, d) in enumerate(pdg.edges(data=True)))
add("pandas_print", "weighted_shortest_path",
    f">>> print(edges_df)\n{df}\n\nundirected graph from this dataframe, weight = distance. shortest distance A to F?",
    pdg, check="path", answer=sp(pdg, "A", "F"), key="length", tools=PATH, source="A", target="F")
add("pandas_print", "mst",
    f"{df}\n\n^ that's my df. minimum spanning tree total weight (undirected)?",
    pdg, answer=num(nx.minimum_spanning_tree(pdg).size(weight="weight")), key="total_weight", tools=["minimum_spanning_tree"])
add("pandas_print", "degree",
    f"Treat the rows of this DataFrame as undirected edges.\n{df}\nWhat is the degree of node D?",
    pdg, answer=pdg.degree("D"), tools=["degree"])
add("pandas_print", "refuse_no_tool",
    f"{df}\n\nhow many simple paths are there from A to F in this undirected graph?",
    pdg, refuse=True, why="counting simple paths: no tool",
    if_answered=len(list(nx.all_simple_paths(pdg, "A", "F"))))

# ---------------------------------------------------------------- numpy matrix
npg = nx.Graph()
npg.add_nodes_from(range(6))
npg.add_edges_from([(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 5), (3, 5)])
M = [[1 if npg.has_edge(i, j) else 0 for j in range(6)] for i in range(6)]
mtxt = "array([" + ",\n       ".join("[" + ", ".join(str(int(x)) for x in row) + "]" for row in M) + "])"
add("numpy_matrix", "edge_count",
    f">>> A\n{mtxt}\nThis is a symmetric adjacency matrix (nodes 0-5). How many edges?",
    npg, answer=npg.number_of_edges(), tools=["edge_count", "size"])
add("numpy_matrix", "triangle_count",
    f"adjacency matrix, nodes 0..5:\n{mtxt}\nhow many triangles?",
    npg, answer=sum(nx.triangles(npg).values()) // 3, key="triangles", tools=["triangle_count"])
add("numpy_matrix", "bridges",
    f"{mtxt}\n\n(undirected adjacency matrix, rows/cols = nodes 0 to 5) Which edges are bridges? How many are there?",
    npg, answer=len(list(nx.bridges(npg))), key="count", tools=["bridges"])
add("numpy_matrix", "degree",
    f"Given the adjacency matrix\n{mtxt}\nwith nodes labelled 0 to 5, what is the degree of node 3?",
    npg, answer=npg.degree(3), tools=["degree"])

# ---------------------------------------------------------------- spreadsheet copy
ss = wgraph([("Site A", "Site B", 10), ("Site A", "Site C", 8), ("Site B", "Site D", 6),
             ("Site C", "Site D", 9), ("Site B", "Site C", 4), ("Site D", "Site E", 12), ("Site C", "Site E", 5)],
            directed=True)
sheet = "From\tTo\tCapacity (Gbps)\n" + "\n".join(f"{u}\t{v}\t{d['weight']}" for u, v, d in ss.edges(data=True))
add("spreadsheet_copy", "max_flow",
    f"copied from our capacity sheet:\n{sheet}\n\nmax bandwidth from Site A to Site E? links are one-way as listed",
    ss, answer=mflow(ss, "Site A", "Site E"), key="value", tools=["maximum_flow"])
add("spreadsheet_copy", "out_degree",
    f"{sheet}\n\nHow many outgoing links does Site C have?",
    ss, answer=ss.out_degree("Site C"), tools=["degree"])
add("spreadsheet_copy", "refuse_no_graph",
    "I'll paste the capacity sheet later, but what's the max bandwidth from Site A to Site E?",
    None, refuse=True, why="no graph given")

# ---------------------------------------------------------------- tikz figure
tk = nx.Graph()
tk.add_edges_from([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("a", "c"), ("d", "e"), ("e", "c")])
pos = {"a": (0, 0), "b": (2, 0), "c": (2, 2), "d": (0, 2), "e": (1, 3)}
tikz = ("\\begin{tikzpicture}\n" + "\n".join(f"  \\node[circle,draw] ({n}) at {pos[n]} {{${n}$}};" for n in tk.nodes)
        + "\n" + "\n".join(f"  \\draw ({u}) -- ({v});" for u, v in tk.edges) + "\n\\end{tikzpicture}")
add("tikz_figure", "euler",
    f"For my lecture notes:\n{tikz}\nCan this figure be drawn in one stroke without retracing a line?",
    tk, answer=nx.has_eulerian_path(tk), key="exists", tools=["euler_path"])
add("tikz_figure", "bipartite",
    f"{tikz}\n\nIs the graph drawn here bipartite?",
    tk, answer=nx.is_bipartite(tk), key="bipartite", tools=["is_bipartite"])
add("tikz_figure", "edge_count",
    f"How many edges does this TikZ picture draw?\n{tikz}",
    tk, answer=tk.number_of_edges(), tools=["edge_count", "size"])
add("tikz_figure", "refuse_no_tool",
    f"{tikz}\n\nWhat's the length of its shortest cycle (the girth)?",
    tk, refuse=True, why="girth: no tool", if_answered=nx.girth(tk))

# ---------------------------------------------------------------- mermaid
mm = nx.DiGraph()
mm.add_edges_from([("Checkout", "Validate cart"), ("Validate cart", "Reserve stock"), ("Validate cart", "Charge card"),
                   ("Reserve stock", "Ship"), ("Charge card", "Ship"), ("Ship", "Email receipt"),
                   ("Charge card", "Email receipt")])
ids = {n: f"S{i}" for i, n in enumerate(mm.nodes)}
mer = "```mermaid\nflowchart TD\n" + "\n".join(
    f"    {ids[u]}[{u}] --> {ids[v]}[{v}]" for u, v in mm.edges) + "\n```"
add("mermaid_diagram", "topological_order",
    f"Our order pipeline as a Mermaid flowchart:\n{mer}\nList the steps in an order that respects every arrow.",
    mm, check="order", tools=["topological_sort"])
add("mermaid_diagram", "cycle",
    f"{mer}\nDoes this flowchart have any loop?",
    mm, answer=has_cycle(mm), tools=["cycle_check"])
add("mermaid_diagram", "refuse_missing_weights",
    f"{mer}\nHow long does an order take end to end?",
    mm, refuse=True, why="no durations are given")
add("mermaid_diagram", "predecessors",
    f"{mer}\nWhich steps point directly into Ship?",
    mm, check="set", answer=[str(n) for n in mm.predecessors("Ship")], tools=["predecessors"])

# ---------------------------------------------------------------- json api
ja = nx.Graph()
ja.add_edges_from([("u1", "u2"), ("u2", "u3"), ("u3", "u1"), ("u4", "u5"), ("u6", "u7"), ("u7", "u8"), ("u8", "u6"),
                   ("u8", "u9")])
ja.add_node("u10")
payload = json.dumps({"status": "ok", "data": {"nodes": [{"id": n, "type": "user"} for n in ja.nodes],
                                                "links": [{"source": u, "target": v, "rel": "knows"} for u, v in ja.edges]}},
                     indent=None)
add("json_api", "components_count",
    f"GET /v2/graph returned:\n{payload}\nHow many connected components are there?",
    ja, answer=nx.number_connected_components(ja), key="count", tools=["connected_components"])
add("json_api", "is_connected",
    f"{payload}\n\nis this user graph connected?",
    ja, answer=nx.is_connected(ja), tools=["is_connected"])
add("json_api", "components",
    f"{payload}\n\nGroup the users into their connected groups.",
    ja, check="partition", answer=[sorted(c) for c in nx.connected_components(ja)], key="components",
    tools=["connected_components"])
add("json_api", "degree",
    f"{payload}\n\nwhat's u8's degree?",
    ja, answer=ja.degree("u8"), tools=["degree"])

# ---------------------------------------------------------------- neo4j result
nj = nx.Graph()
nj.add_edges_from([("Kings Cross", "Euston"), ("Euston", "Warren St"), ("Warren St", "Oxford Circus"),
                   ("Oxford Circus", "Bond St"), ("Kings Cross", "Farringdon"), ("Farringdon", "Barbican"),
                   ("Barbican", "Moorgate"), ("Moorgate", "Bank"), ("Oxford Circus", "Tottenham Ct Rd"),
                   ("Tottenham Ct Rd", "Holborn"), ("Holborn", "Bank")])
rows = "\n".join(f"│ \"{u}\" │ \"{v}\" │" for u, v in nj.edges)
neo = ("neo4j$ MATCH (a:Station)-[:ADJACENT]-(b:Station) RETURN a.name, b.name\n"
       "╒══════════════╤══════════════╕\n│ a.name │ b.name │\n╞══════════════╪══════════════╡\n" + rows +
       "\n└──────────────┴──────────────┘")
add("neo4j_result", "hop_count",
    f"{neo}\nHow many hops from Euston to Bank along these adjacencies?",
    nj, check="path", answer=hops(nj, "Euston", "Bank"), key="length", tools=PATH, source="Euston", target="Bank")
add("neo4j_result", "neighbors",
    f"{neo}\nWhich stations are adjacent to Oxford Circus?",
    nj, check="set", answer=sorted(nj.neighbors("Oxford Circus")), tools=["neighbors"])
add("neo4j_result", "cycle",
    f"{neo}\nIs there a loop in this station graph?",
    nj, answer=has_cycle(nj), tools=["cycle_check"])

# ---------------------------------------------------------------- textbook exercises
tb = nx.Graph()
tb.add_edges_from([(1, 2), (2, 3), (3, 4), (4, 1), (1, 3), (2, 4), (4, 5)])
tbe = ", ".join(f"{{{u},{v}}}" for u, v in tb.edges)
add("textbook_exercise", "euler",
    f"Exercise 4.7. Let G = (V, E) with V = {{1,2,3,4,5}} and E = {{{tbe}}}. Does G have an Euler trail? Justify.",
    tb, answer=nx.has_eulerian_path(tb), key="exists", tools=["euler_path"])
add("textbook_exercise", "hamilton",
    f"Exercise 4.8. For the same G (V = {{1,...,5}}, E = {{{tbe}}}), determine whether G has a Hamiltonian path.",
    tb, check="hamilton", answer=has_hamilton_path(tb), tools=["hamiltonian_path"])
add("textbook_exercise", "clustering_avg",
    f"Problem 3. Compute the average clustering coefficient of the graph with edge set {tbe}.",
    tb, answer=nx.average_clustering(tb), tools=["clustering_coefficient"])
pet = nx.petersen_graph()
pete = ", ".join(f"({u},{v})" for u, v in pet.edges)
add("textbook_exercise", "bipartite",
    f"Exercise 2.12 (b). The graph on vertices 0-9 with edges {pete}. Is it bipartite?",
    pet, answer=nx.is_bipartite(pet), key="bipartite", tools=["is_bipartite"])
add("textbook_exercise", "hamilton",
    f"Exercise 2.12 (c). Same graph (edges {pete}): is there a path that visits each vertex exactly once?",
    pet, check="hamilton", answer=has_hamilton_path(pet), tools=["hamiltonian_path"])
add("textbook_exercise", "diameter",
    f"Exercise 2.12 (d). What is the diameter of the graph with edges {pete}?",
    pet, answer=nx.diameter(pet), tools=["diameter", "max_path_length"])
add("textbook_exercise", "refuse_no_tool",
    f"Exercise 2.13. What is the vertex connectivity of the graph with edges {tbe}, i.e. the fewest vertices whose removal disconnects it?",
    tb, refuse=True, why="vertex connectivity: no tool", if_answered=nx.node_connectivity(tb))

# ---------------------------------------------------------------- benchmark prompts
bg = nx.Graph()
bg.add_nodes_from(range(9))
bg.add_edges_from([(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 6), (6, 3), (7, 8), (2, 3)])
nlg = ", ".join(f"({u},{v})" for u, v in bg.edges)
add("benchmark_prompt", "reachability",
    "Determine if there is a path between two nodes in the graph. Note that (i,j) means that node i and node j are "
    f"connected with an undirected edge.\nGraph: {nlg}\nQ: Is there a path between node 0 and node 8?\nA:",
    bg, answer=nx.has_path(bg, 0, 8), tools=["path_exists"])
add("benchmark_prompt", "cycle",
    "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. "
    f"The nodes are numbered from 0 to 8, and the edges are: {nlg}.\nQ: Is there a cycle in this graph?\nA:",
    bg, answer=has_cycle(bg), tools=["cycle_check"])
gqa = "G describes a graph among nodes 0, 1, 2, 3, 4, 5, 6, 7, and 8.\nIn this graph:\n" + "\n".join(
    f"Node {n} is connected to nodes {', '.join(str(m) for m in bg.neighbors(n))}." for n in bg.nodes if bg.degree(n))
add("benchmark_prompt", "degree",
    f"{gqa}\nQ: What is the degree of node 3?\nA:",
    bg, answer=bg.degree(3), tools=["degree"])
add("benchmark_prompt", "hop_count",
    f"{gqa}\nQ: What is the length of the shortest path from node 0 to node 5?\nA:",
    bg, check="path", answer=hops(bg, 0, 5), key="length", tools=PATH, source="0", target="5")
add("benchmark_prompt", "edge_count",
    f"{gqa}\nQ: How many edges are in this graph?\nA:",
    bg, answer=bg.number_of_edges(), tools=["edge_count", "size"])
bw = wgraph([(0, 1, 3), (0, 2, 1), (2, 1, 1), (1, 3, 5), (2, 3, 7), (3, 4, 2), (2, 4, 9)])
nlw = ", ".join(f"an edge between node {u} and node {v} with weight {d['weight']}" for u, v, d in bw.edges(data=True))
add("benchmark_prompt", "weighted_shortest_path",
    "In an undirected graph, the nodes are numbered from 0 to 4, and the edges are: " + nlw +
    ".\nQ: Give the shortest path from node 0 to node 4.\nA:",
    bw, check="path", answer=sp(bw, 0, 4), key="length", tools=PATH, source="0", target="4")
add("benchmark_prompt", "refuse_no_graph",
    "Q: Is there a path between node 2 and node 7?\nA:",
    None, refuse=True, why="no graph given")

# ---------------------------------------------------------------- sloppy chat
ch = nx.Graph()
ch.add_edges_from([("zoë", "rené"), ("rené", "björn"), ("björn", "chloé"), ("chloé", "zoë"), ("björn", "àlex"),
                   ("àlex", "noémie")])
chat = ("lol ok so zoë knows rené, rené knows björn, björn n chloé are besties, chloé also knows zoë, "
        "björn met àlex at uni and àlex dates noémie")
add("chat_typos", "hop_count",
    f"{chat}. how many steps from zoë to noémie?? like degrees of seperation",
    ch, check="path", answer=hops(ch, "zoë", "noémie"), key="length", tools=PATH, source="zoë", target="noémie")
add("chat_typos", "common_neighbors",
    f"{chat}. who do zoë and björn both kno?",
    ch, check="set", answer=sorted(nx.common_neighbors(ch, "zoë", "björn")), tools=["common_neighbors"])
add("chat_typos", "degree",
    f"{chat}\nhow many ppl does björn know",
    ch, answer=ch.degree("björn"), tools=["degree"])
add("chat_typos", "articulation_points",
    f"{chat}. if björn moves away who gets cut off from the group? actually just tell me which ppl are the "
    "critical links (articulation points)",
    ch, check="set", answer=[str(n) for n in nx.articulation_points(ch)], key="nodes", tools=["articulation_points"])
add("chat_typos", "refuse_no_graph",
    "hey quick q whats the shortest path from node A to node F? thx",
    None, refuse=True, why="no graph given")
add("chat_typos", "refuse_no_graph",
    "can u check if my graph is bipartite? its the one i sent yesterday",
    None, refuse=True, why="no graph given")
add("chat_typos", "refuse_ambiguous",
    f"{chat}. whats the shortest route??",
    ch, refuse=True, why="no endpoints given")

# ---------------------------------------------------------------- electrical / pcb
pcb = nx.complete_bipartite_graph(3, 3)
pcb = nx.relabel_nodes(pcb, {0: "VCC", 1: "GND", 2: "SIG", 3: "U1", 4: "U2", 5: "U3"})
nets = "\n".join(f"net {u} -- pin {v}" for u, v in pcb.edges)
add("pcb_layout", "refuse_no_tool",
    f"Netlist:\n{nets}\nCan this be routed on a single copper layer with no crossing traces (is it planar)?",
    pcb, refuse=True, why="planarity: no tool", if_answered=nx.check_planarity(pcb)[0])
add("pcb_layout", "bipartite",
    f"Netlist:\n{nets}\nIs the connection graph bipartite?",
    pcb, answer=nx.is_bipartite(pcb), key="bipartite", tools=["is_bipartite"])
add("pcb_layout", "refuse_no_tool",
    f"Netlist:\n{nets}\nWhat's the minimum number of connections I'd have to cut to split this into two pieces?",
    pcb, refuse=True, why="global edge connectivity: no tool", if_answered=nx.edge_connectivity(pcb))

# ---------------------------------------------------------------- dependency lockfile
pk = nx.DiGraph()
pk.add_edges_from([("webapp", "express"), ("express", "body-parser"), ("express", "debug"), ("body-parser", "debug"),
                   ("debug", "ms"), ("webapp", "lodash"), ("jest", "chalk"), ("webapp", "jest")])
lock = "\n".join(f"{u} depends on {v}" for u, v in pk.edges)
add("package_deps", "indirect_dependency",
    f"npm ls output summarised:\n{lock}\nDoes webapp depend on ms, directly or indirectly?",
    pk, answer=nx.has_path(pk, "webapp", "ms"), tools=["path_exists"])
add("package_deps", "direct_dependency",
    f"{lock}\n\nIs ms a direct dependency of express?",
    pk, answer=pk.has_edge("express", "ms"), tools=["edge_exists"])
add("package_deps", "successors",
    f"{lock}\n\nWhat are webapp's direct dependencies?",
    pk, check="set", answer=[str(n) for n in pk.successors("webapp")], tools=["successors", "neighbors"])
add("package_deps", "is_tree",
    f"{lock}\n\nIs this dependency graph a tree (ignoring direction)?",
    pk, answer=nx.is_tree(pk), key="tree", tools=["is_tree"])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    items = [it for it in ITEMS]
    with open(os.path.join(out, "batch5.jsonl"), "w", encoding="utf-8") as f:
        for i, it in enumerate(items, 1):
            rec = {"id": f"f{i:03d}"}
            rec.update(it)
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")
    n = len(items)
    r = sum(1 for it in items if it.get("refuse"))
    fams = len({it["family"] for it in items})
    print(f"batch5.jsonl: {n} items, {r} to refuse, {fams} families", file=sys.stderr)


if __name__ == "__main__":
    main()
