#!/usr/bin/env python3
"""Batch 11 of the held-out set: people in situations pasting their own data.

Written blind to the readers and to the other batches. Every answer is
computed with NetworkX from the graph built from the same data that is
rendered into the question. Run as

    PYTHONHASHSEED=1 python3 make_batch11.py OUTDIR

to write OUTDIR/batch11.jsonl.
"""
import itertools
import json
import os
import random
import sys

import networkx as nx

R = random.Random(20251111)
ITEMS = []


def build(edges, directed=False, nodes=(), weighted=False):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(nodes)
    for e in edges:
        if weighted:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    return G


def num(x):
    x = float(x)
    return int(x) if x.is_integer() else x


def add(family, task, question, notation, check, answer, G, key="", tools=(), source="", target="",
        why="", also=None, neg_tools=None, if_answered=None):
    weighted = any("weight" in d for _, _, d in G.edges(data=True))
    edges = []
    for u, v, d in G.edges(data=True):
        edges.append([u, v, num(d["weight"])] if weighted else [u, v])
    it = {
        "id": "r%03d" % (len(ITEMS) + 1),
        "family": family,
        "task": task,
        "question": question,
        "notation": notation,
        "check": check,
        "answer": answer,
        "key": key,
        "tools": list(tools),
        "directed": G.is_directed(),
        "weighted": weighted,
        "nodes": list(G.nodes()),
        "edges": edges,
        "source": source,
        "target": target,
        "refuse": check == "refuse",
        "why": why,
    }
    if also:
        it["also"] = also
    if neg_tools:
        it["neg_tools"] = list(neg_tools)
    if if_answered is not None:
        it["if_answered"] = if_answered
    ITEMS.append(it)


def refuse(family, task, question, notation, G, why, if_answered=None):
    add(family, task, question, notation, "refuse", None, G, why=why, if_answered=if_answered)


# ---------------------------------------------------------------- answers

def sp(G, s, t, weighted):
    return num(nx.shortest_path_length(G, s, t, weight="weight" if weighted else None))


def path_item(family, task, q, notation, G, s, t, weighted, tools=None):
    assert nx.has_path(G, s, t)
    if tools is None:
        tools = ["shortest_path", "shortest_path_length"] if weighted or not any(
            "weight" in d for _, _, d in G.edges(data=True)) else ["shortest_path_length"]
    add(family, task, q, notation, "path", sp(G, s, t, weighted), G, key="length", tools=tools, source=s, target=t)


def nopath_item(family, task, q, notation, G, s, t):
    assert not nx.has_path(G, s, t)
    add(family, task, q, notation, "nopath", None, G, tools=["shortest_path", "shortest_path_length"], source=s, target=t,
        also={"path_exists": False})


def sset(xs):
    return sorted(xs)


def parts(comps):
    return sorted(sorted(c) for c in comps)


def chromatic(G):
    nodes = list(G.nodes())
    for k in range(1, len(nodes) + 1):
        col = {}

        def bt(i):
            if i == len(nodes):
                return True
            n = nodes[i]
            for c in range(k):
                if all(col.get(m) != c for m in G.neighbors(n)):
                    col[n] = c
                    if bt(i + 1):
                        return True
                    del col[n]
            return False
        if bt(0):
            return k
    return 0


def has_ham_path(G):
    nodes = list(G.nodes())
    n = len(nodes)
    idx = {v: i for i, v in enumerate(nodes)}
    reach = [[False] * n for _ in range(1 << n)]
    for i in range(n):
        reach[1 << i][i] = True
    for mask in range(1 << n):
        for i in range(n):
            if not reach[mask][i]:
                continue
            for w in G.successors(nodes[i]) if G.is_directed() else G.neighbors(nodes[i]):
                j = idx[w]
                if not mask & (1 << j):
                    reach[mask | (1 << j)][j] = True
    return any(reach[(1 << n) - 1])


def has_ham_cycle(G):
    nodes = list(G.nodes())
    first = nodes[0]
    for perm in itertools.permutations(nodes[1:]):
        cyc = [first] + list(perm) + [first]
        if all(G.has_edge(cyc[i], cyc[i + 1]) for i in range(len(cyc) - 1)):
            return True
    return False


def tsp_cost(G):
    nodes = list(G.nodes())
    first = nodes[0]
    best = None
    for perm in itertools.permutations(nodes[1:]):
        cyc = [first] + list(perm) + [first]
        if all(G.has_edge(cyc[i], cyc[i + 1]) for i in range(len(cyc) - 1)):
            c = sum(G[cyc[i]][cyc[i + 1]]["weight"] for i in range(len(cyc) - 1))
            if best is None or c < best:
                best = c
    return num(best)


def matching_size(G):
    return len(nx.max_weight_matching(G, maxcardinality=True))


def mst_weight(G):
    return num(sum(d["weight"] for _, _, d in nx.minimum_spanning_tree(G).edges(data=True)))


def max_degree_nodes(G, direction="total"):
    if direction == "in":
        deg = dict(G.in_degree())
    elif direction == "out":
        deg = dict(G.out_degree())
    else:
        deg = dict(G.degree())
    m = max(deg.values())
    return sorted(n for n, d in deg.items() if d == m)


def sources(G):
    return sorted(n for n in G.nodes() if G.in_degree(n) == 0)


def sinks(G):
    return sorted(n for n in G.nodes() if G.out_degree(n) == 0)


# ------------------------------------------------------------ 1 flatmates
def flatmates():
    fam = "flatmates_splitwise"
    debts = [("Ana", "Ben", 12), ("Ben", "Cleo", 30), ("Cleo", "Ana", 8), ("Dev", "Ben", 15),
             ("Ema", "Dev", 22), ("Cleo", "Finn", 5), ("Gus", "Ema", 9)]
    G = build(debts, directed=True, weighted=True)
    csv = "Debtor,Creditor,Amount (GBP)\n" + "\n".join("%s,%s,%d.00" % d for d in debts)
    q = ("Exported this from Splitwise for our flat, each row is the debtor owing the creditor:\n\n" + csv +
         "\n\nWho owes Ben money?")
    add(fam, "predecessors", q, "csv", "set", sset(G.predecessors("Ben")), G, tools=["predecessors"])
    q = ("ok so our flat money situation is a mess lol. heres the list (first person owes the second):\n" +
         "\n".join("%s owes %s £%d" % d for d in debts) +
         "\nis there a loop somewhere where money just goes round in a circle between some of us??")
    add(fam, "cycle", q, "chat", "value", nx.is_directed_acyclic_graph(G) is False, G, tools=["cycle_check"])
    q = ("Quick q before the house meeting. Ema swears she owes Ben directly, not through anyone. From the "
         "export below (Debtor -> Creditor), does Ema owe Ben directly?\n\n" + csv)
    add(fam, "edge_exists", q, "csv", "value", G.has_edge("Ema", "Ben"), G, tools=["edge_exists"], source="Ema", target="Ben")
    q = ("From our Splitwise export (debtor first, then who they owe):\n\n" + csv +
         "\n\nTo how many different flatmates does Cleo owe money?")
    add(fam, "out_degree", q, "csv", "value", G.out_degree("Cleo"), G, tools=["degree"])
    q = ("Here's who owes who in our flat (debtor -> creditor):\n" + "\n".join("- %s -> %s: £%d" % d for d in debts) +
         "\n\nHonestly who's the stingiest person in the house?")
    refuse(fam, "opinion", q, "bullets", G, "opinion: stinginess is not in the debts list")
    q = ("Splitwise export, debtor owes creditor:\n\n" + csv +
         "\n\nOn what date did Dev borrow the money from Ben? I need it for the spreadsheet.")
    refuse(fam, "missing_data", q, "csv", G, "missing data: no dates are given")


# ------------------------------------------------------------ 2 archaeology
def harris():
    fam = "archaeologist_harris_matrix"
    above = {"101": ["102", "103"], "102": ["104"], "103": ["104", "105"], "104": ["106"],
             "105": ["107"], "106": ["108"], "107": ["108", "109"], "108": ["110"], "109": ["110"],
             "111": ["105"], "110": ["112"]}
    edges = [(u, v) for u in above for v in above[u]]
    G = build(edges, directed=True)
    notes = "\n".join("- [%s] overlies %s" % (u, ", ".join("[%s]" % v for v in above[u])) for u in above)
    intro = ("Trench 3 stratigraphy from today's site diary. 'Overlies' means the first context is on top of, "
             "so later than, each one listed after it:\n\n")
    q = intro + notes + ("\n\nCan you give me one sequence of all the contexts from latest (top) to earliest "
                         "(bottom) that doesn't contradict any of these relationships?")
    add(fam, "topological_sort", q, "bullets", "order", None, G, tools=["topological_sort"])
    q = intro + notes + ("\n\nFollowing the overlies relationships downward from [101], is there a chain that "
                         "reaches [112]? i.e. is 112 stratigraphically below 101?")
    add(fam, "path_exists", q, "bullets", "value", nx.has_path(G, "101", "112"), G, tools=["path_exists"],
        source="101", target="112")
    q = intro + notes + "\n\nWhich contexts have nothing overlying them at all (the topmost ones)?"
    add(fam, "sources", q, "bullets", "set", sources(G), G, key="sources", tools=["sources_sinks"])
    q = intro + notes + ("\n\nI'm worried I recorded a contradiction somewhere. Is the matrix consistent, "
                         "meaning all the contexts can be put in a single top-to-bottom sequence?")
    add(fam, "dag", q, "bullets", "dag", nx.is_directed_acyclic_graph(G), G, tools=["topological_sort"],
        neg_tools=["cycle_check"])
    # a diary with a recording error
    bad = edges + [("110", "103")]
    B = build(bad, directed=True)
    table = "| Upper context | Lower context |\n|---|---|\n" + "\n".join("| %s | %s |" % e for e in bad)
    q = ("Our finds supervisor typed up the Harris matrix relationships as a wiki table (upper context lies on "
         "top of the lower one):\n\n" + table + "\n\nDoes this contain a loop, which would mean a recording error?")
    add(fam, "cycle", q, "markdown_table", "value", not nx.is_directed_acyclic_graph(B), B, tools=["cycle_check"])
    q = intro + notes + "\n\nWhich contexts lie directly beneath [103]?"
    add(fam, "successors", q, "bullets", "set", sset(G.successors("103")), G, tools=["successors", "neighbors"])
    q = intro + notes + "\n\nWhat calendar date does context [107] date to?"
    refuse(fam, "missing_data", q, "bullets", G, "missing data: no dates, only relative order")


# ------------------------------------------------------------ 3 EV road trip
def ev_trip():
    fam = "ev_road_trip"
    legs = [("Glasgow", "Stirling", 42), ("Stirling", "Perth", 53), ("Perth", "Dundee", 35),
            ("Dundee", "Aberdeen", 107), ("Perth", "Aviemore", 135), ("Aviemore", "Inverness", 48),
            ("Inverness", "Aberdeen", 168), ("Glasgow", "Oban", 150), ("Oban", "Fort William", 70),
            ("Fort William", "Inverness", 105), ("Edinburgh", "Stirling", 58), ("Edinburgh", "Perth", 70),
            ("Glasgow", "Edinburgh", 76)]
    G = build(legs, weighted=True, nodes=["Stornoway"])
    lst = "\n".join("%s - %s: %d km" % l for l in legs)
    base = ("Planning an EV trip round Scotland. These are the legs between rapid chargers I've found, with "
            "road distance (you can drive them either way):\n\n" + lst +
            "\n\nStornoway also has a charger but there's no road link to it in my list.\n\n")
    path_item(fam, "shortest_path", base + "What's the shortest total distance in km from Glasgow to Aberdeen?",
              "edgelines", G, "Glasgow", "Aberdeen", True)
    q = base + ("I don't care about km for this one: what's the smallest number of legs (charger to charger hops) "
                "to get from Oban to Dundee?")
    path_item(fam, "hops", q, "edgelines", G, "Oban", "Dundee", False, tools=["shortest_path_length"])
    nopath_item(fam, "nopath", base + "How far is it by road from Glasgow to Stornoway?", "edgelines", G,
                "Glasgow", "Stornoway")
    q = base + "Which chargers are one leg away from Perth?"
    add(fam, "neighbors", q, "edgelines", "set", sset(G.neighbors("Perth")), G, tools=["neighbors"])
    q = base + "Which of these chargers is the fastest, in kW?"
    refuse(fam, "missing_data", q, "edgelines", G, "missing data: charger power is not given")
    q = base + "How much will I spend on electricity driving Glasgow to Inverness the shortest way?"
    refuse(fam, "missing_data", q, "edgelines", G, "missing data: distances only, no prices or consumption")


# ------------------------------------------------------------ 4 lab manager
def lab_conflicts():
    fam = "lab_manager_microscope_clashes"
    clash = {"EXP-01": ["EXP-02", "EXP-03"], "EXP-02": ["EXP-03", "EXP-05"], "EXP-03": ["EXP-04"],
             "EXP-04": ["EXP-05", "EXP-06"], "EXP-05": ["EXP-06"], "EXP-06": ["EXP-07"], "EXP-07": ["EXP-08"],
             "EXP-08": ["EXP-01", "EXP-04"]}
    edges = [(u, v) for u in clash for v in clash[u]]
    G = build(edges)
    table = "| Experiment | Clashes with |\n|---|---|\n" + "\n".join(
        "| %s | %s |" % (u, ", ".join(clash[u])) for u in clash)
    intro = ("Hi all, confocal booking for next week. Two experiments that clash (same samples, same "
             "incubator) can't be on the confocal on the same day. Clashes go both ways:\n\n" + table + "\n\n")
    q = intro + "What's the minimum number of days I need so that no two clashing experiments share a day?"
    add(fam, "chromatic_number", q, "markdown_table", "value", chromatic(G), G, key="chromatic_number",
        tools=["chromatic_number"])
    q = intro + ("Could I split them into just a morning shift and an afternoon shift with no clashing pair in "
                 "the same shift?")
    add(fam, "bipartite", q, "markdown_table", "value", nx.is_bipartite(G), G, key="bipartite", tools=["is_bipartite"])
    q = intro + "Which experiment clashes with the largest number of other experiments?"
    add(fam, "max_degree", q, "markdown_table", "set", max_degree_nodes(G), G, key="max_nodes",
        tools=["degree_distribution"])
    q = intro + "How many groups of three experiments all clash with each other pairwise?"
    add(fam, "triangles", q, "markdown_table", "value", sum(nx.triangles(G).values()) // 3, G, key="triangles",
        tools=["triangle_count"])
    q = intro + "Which experiment is scientifically the most important, so I can book it first?"
    refuse(fam, "opinion", q, "markdown_table", G, "opinion: importance is not in the clash table")
    # second week, an even cycle
    wk2 = [("qPCR-A", "qPCR-B"), ("qPCR-B", "Live-1"), ("Live-1", "Live-2"), ("Live-2", "FRAP"),
           ("FRAP", "Fix-3"), ("Live-1", "Fix-3"), ("Fix-3", "qPCR-A")]
    H = build(wk2)
    q = ("week after next, clashes (symmetric): " + "; ".join("%s x %s" % e for e in wk2) +
         ". can these go in two shifts so no clashing pair is together?")
    add(fam, "bipartite", q, "pairs", "value", nx.is_bipartite(H), H, key="bipartite", tools=["is_bipartite"])


# ------------------------------------------------------------ 5 terraform
def hcl(resources):
    out = []
    for name, deps in resources:
        typ, nm = name.split(".")
        body = "  # ...\n"
        if deps:
            body += "  depends_on = [%s]\n" % ", ".join(deps)
        out.append('resource "%s" "%s" {\n%s}\n' % (typ, nm, body))
    return "\n".join(out)


def terraform():
    fam = "terraform_depends_on"
    res = [("aws_vpc.main", []), ("aws_subnet.public", ["aws_vpc.main"]), ("aws_subnet.private", ["aws_vpc.main"]),
           ("aws_internet_gateway.gw", ["aws_vpc.main"]),
           ("aws_route_table.public", ["aws_internet_gateway.gw", "aws_subnet.public"]),
           ("aws_security_group.web", ["aws_vpc.main"]),
           ("aws_db_instance.app", ["aws_subnet.private", "aws_security_group.web"]),
           ("aws_instance.web", ["aws_subnet.public", "aws_security_group.web", "aws_db_instance.app"]),
           ("aws_eip.web", ["aws_instance.web"]), ("aws_s3_bucket.logs", [])]
    edges = [(d, n) for n, deps in res for d in deps]
    G = build(edges, directed=True, nodes=[n for n, _ in res])
    code = hcl(res)
    q = ("I stripped the attributes out of our main.tf, leaving only the explicit depends_on lines. A resource "
         "is created only after everything in its depends_on.\n\n```hcl\n" + code +
         "```\n\nIf terraform created these one at a time, what's a valid creation order for all of them?")
    add(fam, "topological_sort", q, "hcl", "order", None, G, tools=["topological_sort"])
    q = ("```hcl\n" + code + "```\nWhich resources does aws_instance.web directly depend on (its depends_on)?")
    add(fam, "predecessors", q, "hcl", "set", sset(G.predecessors("aws_instance.web")), G,
        tools=["predecessors", "successors"])
    q = ("Looking at this (only depends_on kept, a resource waits for all of its depends_on):\n\n```hcl\n" + code +
         "```\n\nwhich resources don't depend on anything, so terraform can start on them straight away?")
    add(fam, "sources", q, "hcl", "set", sources(G), G, key="sources", tools=["sources_sinks"])
    bad = [("module.network", ["module.dns"]), ("module.dns", ["module.certs"]), ("module.certs", ["module.lb"]),
           ("module.lb", ["module.network"]), ("module.app", ["module.lb", "module.db"]), ("module.db", ["module.network"])]
    ebad = [(d, n) for n, deps in bad for d in deps]
    B = build(ebad, directed=True)
    txt = "\n".join("%s depends_on %s" % (n, ", ".join(deps)) for n, deps in bad)
    q = ("terraform plan is hanging with 'Cycle:' errors on our modules. Here are the depends_on edges:\n\n" + txt +
         "\n\nIs there actually a dependency cycle in these?")
    add(fam, "cycle", q, "lines", "value", not nx.is_directed_acyclic_graph(B), B, tools=["cycle_check"])
    q = ("Here are the dependencies between our modules (X depends_on Y means Y must exist first):\n\n" + txt +
         "\n\nSplit the modules into groups where every module in a group depends, directly or through others, on "
         "every other module in that group. Each module in exactly one group; a module on its own is its own group.")
    comps = [c for c in nx.strongly_connected_components(B)]
    add(fam, "scc", q, "lines", "partition", parts(comps), B, key="components",
        tools=["strongly_connected_components"])
    # `terraform graph` output: an arrow points from a resource to a resource it depends on
    dot_edges = [(n, d) for n, deps in res for d in deps]
    D = build(dot_edges, directed=True, nodes=[n for n, _ in res])
    dot = ("digraph {\n  compound = \"true\"\n  newrank = \"true\"\n  subgraph \"root\" {\n" +
           "".join('    "%s" -> "%s"\n' % e for e in dot_edges) +
           "".join('    "%s"\n' % n for n, deps in res if not deps and not any(n in x for _, x in res)) +
           "  }\n}")
    intro_dot = ("Output of `terraform graph` for the same stack. In this graph an arrow goes from a resource to "
                 "a resource it depends on:\n\n```dot\n" + dot + "\n```\n\n")
    q = intro_dot + "According to the graph, which resources does aws_route_table.public depend on directly?"
    add(fam, "successors", q, "dot", "set", sset(D.successors("aws_route_table.public")), D,
        tools=["successors", "neighbors", "predecessors"])
    q = intro_dot + "Does this graph contain a cycle?"
    add(fam, "cycle", q, "dot", "value", not nx.is_directed_acyclic_graph(D), D, tools=["cycle_check"])
    q = ("```hcl\n" + code + "```\nRoughly how much will this stack cost per month on AWS?")
    refuse(fam, "missing_data", q, "hcl", G, "missing data: instance sizes and prices are not in the config")


# ------------------------------------------------------------ 6 home assistant
def home_assistant():
    fam = "home_assistant_automation_loops"
    chains = {"doorbell_press": ["porch_light_on", "camera_snapshot"], "porch_light_on": ["hall_light_on"],
              "camera_snapshot": ["notify_phone"], "hall_light_on": ["hall_motion_ignore"],
              "hall_motion_ignore": ["porch_light_on"], "notify_phone": [], "alarm_armed": ["siren_test"],
              "siren_test": ["notify_phone"], "sunset": ["porch_light_on", "blinds_down"], "blinds_down": []}
    edges = [(u, v) for u in chains for v in chains[u]]
    G = build(edges, directed=True, nodes=list(chains))
    yml = "\n".join("%s:\n  fires: [%s]" % (u, ", ".join(chains[u])) for u in chains)
    intro = ("My Home Assistant setup keeps flickering lights. I mapped which automation ends up firing which "
             "other automation (A fires B, one way):\n\n```yaml\n" + yml + "\n```\n\n")
    q = intro + "Is there a feedback loop in here, where an automation eventually fires itself again?"
    add(fam, "cycle", q, "yaml", "value", not nx.is_directed_acyclic_graph(G), G, tools=["cycle_check"])
    q = intro + "If someone presses the doorbell, can that chain end up triggering blinds_down?"
    add(fam, "path_exists", q, "yaml", "value", nx.has_path(G, "doorbell_press", "blinds_down"), G,
        tools=["path_exists"], source="doorbell_press", target="blinds_down")
    q = intro + "Can alarm_armed end up firing notify_phone through some chain?"
    add(fam, "path_exists", q, "yaml", "value", nx.has_path(G, "alarm_armed", "notify_phone"), G,
        tools=["path_exists"], source="alarm_armed", target="notify_phone")
    q = intro + "Which automations does sunset fire directly?"
    add(fam, "successors", q, "yaml", "set", sset(G.successors("sunset")), G, tools=["successors", "neighbors"])
    q = intro + "Which automations don't fire anything else (dead ends)?"
    add(fam, "sinks", q, "yaml", "set", sinks(G), G, key="sinks", tools=["sources_sinks"])
    q = intro + "Will these automations make my electricity bill go up much?"
    refuse(fam, "missing_data", q, "yaml", G, "missing data: no power usage in the automation map")


# ------------------------------------------------------------ 7 mentors
def mentors():
    fam = "bootcamp_mentor_matching"
    can = {"Rosa": ["Tom", "Ines"], "Kwame": ["Tom"], "Lena": ["Ines", "Pavel", "Yuki"], "Omar": ["Pavel"],
           "Dara": ["Yuki", "Zoe"], "Hugo": ["Zoe", "Tom"]}
    edges = [(m, s) for m in can for s in can[m]]
    G = build(edges)
    csv = "mentor,mentees_they_can_take\n" + "\n".join('%s,"%s"' % (m, ", ".join(can[m])) for m in can)
    intro = ("Cohort 14 mentor pairing. Each mentor takes at most one mentee and each mentee gets at most one "
             "mentor. Availability from the form:\n\n" + csv + "\n\n")
    q = intro + "What's the largest number of mentor-mentee pairs I can make at once?"
    add(fam, "matching", q, "csv", "matching", matching_size(G), G, tools=["maximum_bipartite_matching"])
    q = intro + "Can Kwame take Ines? Just checking the form."
    add(fam, "edge_exists", q, "csv", "value", G.has_edge("Kwame", "Ines"), G, tools=["edge_exists"], source="Kwame", target="Ines")
    q = intro + "Which mentees could Lena take?"
    add(fam, "neighbors", q, "csv", "set", sset(G.neighbors("Lena")), G, tools=["neighbors"])
    q = intro + "Which mentor would be the best personal fit for Yuki?"
    refuse(fam, "opinion", q, "csv", G, "opinion: fit is not in the availability form")
    # bigger cohort, generated
    ms = ["Abe", "Bea", "Cal", "Dot", "Eli", "Fay", "Gil", "Hal", "Ivy", "Jon"]
    ss = ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s11", "s12"]
    rng = random.Random(7)
    big = {}
    for m in ms:
        big[m] = sorted(rng.sample(ss[:9], rng.choice([1, 1, 2, 2, 3])))
    edges = [(m, s) for m in ms for s in big[m]]
    H = build(edges)
    lines = "\n".join("%s\t%s" % (m, " ".join(big[m])) for m in ms)
    q = ("pasting from the sheet (mentor<TAB>student IDs they're free for). one student per mentor max, one "
         "mentor per student:\n\nMentor\tFree for\n" + lines +
         "\n\nmax how many mentor/student pairs can we run this term?")
    add(fam, "matching", q, "tsv", "matching", matching_size(H), H, tools=["maximum_bipartite_matching"])


# ------------------------------------------------------------ 8 location scout
def scout():
    fam = "film_location_scout"
    locs = ["Base Camp", "Quarry", "Lighthouse", "Old Mill", "Chapel", "Pier"]
    rng = random.Random(88)
    W = {}
    edges = []
    for a, b in itertools.combinations(locs, 2):
        w = rng.randint(8, 45)
        edges.append((a, b, w))
    G = build(edges, weighted=True)
    grid = "\t" + "\t".join(locs) + "\n"
    for a in locs:
        grid += a + "\t" + "\t".join("-" if a == b else str(G[a][b]["weight"]) for b in locs) + "\n"
    intro = ("Recce day tomorrow. Drive times in minutes between the locations (same both directions), "
             "copied out of my spreadsheet:\n\n" + grid + "\n")
    q = intro + ("I want to leave Base Camp, visit every location exactly once and come back to Base Camp. "
                 "What's the least total driving time?")
    add(fam, "tsp", q, "matrix_tsv", "value", tsp_cost(G), G, key="cost", tools=["travelling_salesman"])
    s, t = "Quarry", "Pier"
    q = intro + ("What's the quickest I can get from the Quarry to the Pier, allowing a stop at other "
                 "locations on the way if it's faster?")
    path_item(fam, "shortest_path", q, "matrix_tsv", G, s, t, True, tools=["shortest_path", "shortest_path_length"])
    q = intro + "Which of these locations will look best on camera at golden hour?"
    refuse(fam, "opinion", q, "matrix_tsv", G, "opinion: how a location looks is not in the drive times")
    # second unit, fewer roads
    roads = [("Unit Base", "Farmhouse", 14), ("Farmhouse", "Ridge", 22), ("Ridge", "Viaduct", 9),
             ("Viaduct", "Unit Base", 30), ("Farmhouse", "Viaduct", 17), ("Ridge", "Woods", 11),
             ("Woods", "Unit Base", 26)]
    H = build(roads, weighted=True)
    txt = "\n".join("* %s <-> %s  %d min" % r for r in roads)
    q = ("Second unit only has these usable tracks (drive times):\n" + txt +
         "\n\nIs there a loop that starts at Unit Base, visits Farmhouse, Ridge, Viaduct and Woods once each and "
         "returns to Unit Base using only these tracks? If so, what's the shortest such loop in minutes?")
    add(fam, "tsp", q, "bullets", "value", tsp_cost(H), H, key="cost", tools=["travelling_salesman"])


# ------------------------------------------------------------ 9 pentester
def pentest():
    fam = "pentester_lateral_movement"
    rng = random.Random(909)
    hosts = (["web-dmz-01", "web-dmz-02", "jump-01", "build-01", "build-02", "git-01", "wiki-01", "hr-app-01",
              "fin-db-01", "fin-app-01", "dc-01", "backup-01", "mon-01", "vpn-01", "dev-ws-07", "dev-ws-12",
              "printsrv-01", "lab-pi-03"])
    edges = [("web-dmz-01", "jump-01"), ("web-dmz-02", "jump-01"), ("jump-01", "build-01"), ("jump-01", "mon-01"),
             ("build-01", "build-02"), ("build-02", "git-01"), ("git-01", "dev-ws-07"), ("dev-ws-07", "dev-ws-12"),
             ("dev-ws-12", "build-01"), ("mon-01", "backup-01"), ("backup-01", "fin-db-01"),
             ("fin-db-01", "fin-app-01"), ("fin-app-01", "dc-01"), ("wiki-01", "hr-app-01"),
             ("hr-app-01", "wiki-01"), ("vpn-01", "wiki-01"), ("printsrv-01", "mon-01"), ("dev-ws-12", "wiki-01")]
    G = build(edges, directed=True, nodes=hosts)
    log = "\n".join("[+] %s: reused creds work -> %s" % e for e in edges)
    intro = ("Internal pentest notes, day 2. Each line means from the first host I could log in to the second "
             "(one direction only; creds don't necessarily work back):\n\n" + log + "\n\n(lab-pi-03 is in scope "
             "but nothing worked on it yet.)\n\n")
    q = intro + "Starting from web-dmz-01, can I eventually pivot to dc-01?"
    add(fam, "path_exists", q, "log", "value", nx.has_path(G, "web-dmz-01", "dc-01"), G, tools=["path_exists"],
        source="web-dmz-01", target="dc-01")
    q = intro + "What's the minimum number of hops from web-dmz-02 to fin-db-01?"
    path_item(fam, "hops", q, "log", G, "web-dmz-02", "fin-db-01", False,
              tools=["shortest_path", "shortest_path_length"])
    q = intro + "how many hops from vpn-01 to dc-01, following the login directions?"
    nopath_item(fam, "nopath", q, "log", G, "vpn-01", "dc-01")
    q = intro + "Which hosts can I reach directly (one login) from jump-01?"
    add(fam, "successors", q, "log", "set", sset(G.successors("jump-01")), G, tools=["successors", "neighbors"])
    q = intro + ("For the report I want the groups of hosts where every host in the group can reach every other "
                 "one in the group by chaining logins. List those groups (singletons included).")
    add(fam, "scc", q, "log", "partition", parts(nx.strongly_connected_components(G)), G, key="components",
        tools=["strongly_connected_components"])
    q = intro + "Which of these hosts holds the most valuable data for the client?"
    refuse(fam, "opinion", q, "log", G, "missing data: data value is not in the login log")
    q = intro + "Which CVE should I use on lab-pi-03 to get in?"
    refuse(fam, "missing_data", q, "log", G, "missing data: no vulnerability information")


# ------------------------------------------------------------ 10 taxi dispatcher
def taxi():
    fam = "taxi_dispatcher_zones"
    cols, rows = "ABCDEF", 5
    G = nx.Graph()
    rng = random.Random(1010)
    names = ["Z%s%d" % (c, r) for r in range(1, rows + 1) for c in cols]
    G.add_nodes_from(names)
    for r in range(1, rows + 1):
        for i, c in enumerate(cols):
            if i + 1 < len(cols) and rng.random() < 0.8:
                G.add_edge("Z%s%d" % (c, r), "Z%s%d" % (cols[i + 1], r))
            if r < rows and rng.random() < 0.7:
                G.add_edge("Z%s%d" % (c, r), "Z%s%d" % (c, r + 1))
    # keep the largest piece only, so every question is about one connected map
    big = max(nx.connected_components(G), key=len)
    G = G.subgraph(sorted(big, key=names.index)).copy()
    adj = "\n".join("%s: %s" % (n, ", ".join(sorted(G.neighbors(n)))) for n in G.nodes())
    intro = ("Dispatch notes for the night shift. Each zone and the zones it borders (a cab can drive straight "
             "from a zone into any bordering zone):\n\n" + adj + "\n\n")
    q = intro + ("I want to park the standby cab in the zone that keeps the worst-case number of zone crossings "
                 "to any other zone as small as possible. Which zone(s)?")
    add(fam, "center", q, "adjlist", "set", sset(nx.center(G)), G, tools=["center"])
    q = intro + "What's the most zone crossings it could ever take to get between two zones, worst case?"
    d = nx.diameter(G)
    add(fam, "diameter", q, "adjlist", "value", d, G, tools=["diameter"], also={"max_path_length": d})
    s, t = "ZA1", "ZF5"
    if s not in G or t not in G:
        raise SystemExit("taxi zones")
    q = intro + "Fare from %s wants to go to %s. Fewest zone crossings?" % (s, t)
    path_item(fam, "hops", q, "adjlist", G, s, t, False, tools=["shortest_path", "shortest_path_length"])
    q = intro + "If a cab is sitting in ZC3, how many zone crossings is its farthest zone?"
    add(fam, "eccentricity", q, "adjlist", "value", nx.eccentricity(G, "ZC3"), G, key="ZC3", tools=["eccentricity"])
    q = intro + "Which zones border ZD2?"
    add(fam, "neighbors", q, "adjlist", "set", sset(G.neighbors("ZD2")), G, tools=["neighbors"])
    q = intro + "Which zone gets the highest fares on a Saturday night?"
    refuse(fam, "missing_data", q, "adjlist", G, "missing data: no fares")
    return G


# ------------------------------------------------------------ 11 teacher sociogram
def sociogram():
    fam = "teacher_sociogram"
    picks = {"Maya": ["Leo", "Ava", "Noah"], "Leo": ["Maya", "Sam"], "Ava": ["Maya", "Isla"], "Noah": ["Sam"],
             "Sam": ["Leo", "Noah"], "Isla": ["Ava", "Maya"], "Ravi": ["Maya", "Leo"], "Chloe": ["Isla"],
             "Ethan": ["Noah", "Sam", "Ravi"], "Zara": ["Chloe", "Isla"], "Finn": [], "Ruby": ["Maya"],
             "Omar": ["Ethan"], "Lily": ["Ruby", "Zara"]}
    edges = [(k, v) for k in picks for v in picks[k]]
    G = build(edges, directed=True, nodes=list(picks))
    lines = "\n".join("%s chose: %s" % (k, ", ".join(picks[k]) if picks[k] else "(nobody)") for k in picks)
    intro = ("Year 4 sociogram. I asked each child who they'd like to work with on the project; the first name "
             "is the child, then the classmates they chose:\n\n" + lines + "\n\n")
    q = intro + "Which children chose Maya?"
    add(fam, "predecessors", q, "lines", "set", sset(G.predecessors("Maya")), G, tools=["predecessors"])
    q = intro + "Which children were not chosen by anyone? I want to keep an eye on them."
    add(fam, "sources", q, "lines", "set", sources(G), G, key="sources", tools=["sources_sinks"])
    q = intro + "How many classmates chose Sam?"
    add(fam, "in_degree", q, "lines", "value", G.in_degree("Sam"), G, tools=["degree"])
    q = intro + "Who was chosen by the most classmates?"
    add(fam, "max_in_degree", q, "lines", "set", max_degree_nodes(G, "in"), G, key="max_nodes",
        tools=["degree_distribution"])
    q = intro + "Which of these children is a bully?"
    refuse(fam, "opinion", q, "lines", G, "opinion: behaviour is not in the choices")


# ------------------------------------------------------------ 12 solar installer
def solar():
    fam = "solar_installer_cable_runs"
    runs = [("Inverter", "Array N1", 14), ("Inverter", "Array N2", 19), ("Array N1", "Array N2", 6),
            ("Array N2", "Array E1", 11), ("Array N1", "Array E1", 15), ("Array E1", "Garage Roof", 23),
            ("Inverter", "Garage Roof", 31), ("Garage Roof", "Carport", 8), ("Array E1", "Carport", 27),
            ("Inverter", "Battery", 3), ("Battery", "Carport", 35)]
    G = build(runs, weighted=True)
    txt = "\n".join("%s to %s = %dm" % r for r in runs)
    intro = ("Site survey for the Hendersons. Possible cable runs and their lengths (a run works either "
             "direction):\n" + txt + "\n\n")
    q = intro + ("I need every array, the battery and the carport linked back to the inverter through some chain "
                 "of runs. What's the least total metres of cable?")
    add(fam, "mst", q, "edgelines", "value", mst_weight(G), G, key="total_weight", tools=["minimum_spanning_tree"])
    q = intro + "Shortest cable route from the Carport back to the Inverter, in metres?"
    path_item(fam, "shortest_path", q, "edgelines", G, "Carport", "Inverter", True)
    q = intro + "What cable gauge do I need for the Garage Roof run?"
    refuse(fam, "missing_data", q, "edgelines", G, "missing data: currents and voltages are not given")
    rng = random.Random(1212)
    panels = ["P%02d" % i for i in range(1, 17)]
    T = nx.random_labeled_tree(16, seed=1212)
    H = nx.Graph()
    for u, v in T.edges():
        H.add_edge(panels[u], panels[v], weight=rng.randint(2, 12))
    extra = 0
    while extra < 9:
        a, b = rng.sample(panels, 2)
        if not H.has_edge(a, b):
            H.add_edge(a, b, weight=rng.randint(2, 12))
            extra += 1
    rows = "\n".join("| %s | %s | %d |" % (u, v, d["weight"]) for u, v, d in H.edges(data=True))
    q = ("Commercial job, 16 panel strings on the warehouse roof. Candidate interconnects from the designer's "
         "table:\n\n| From | To | Length (m) |\n|---|---|---|\n" + rows +
         "\n\nMinimum total length to connect all 16 strings?")
    add(fam, "mst", q, "markdown_table", "value", mst_weight(H), H, key="total_weight",
        tools=["minimum_spanning_tree"])


# ------------------------------------------------------------ 13 realtor
def realtor():
    fam = "realtor_showing_route"
    houses = ["Office", "12 Elm St", "4 Birch Ln", "88 Cedar Ave", "31 Maple Ct", "7 Oak Rd"]
    rng = random.Random(1313)
    edges = [(a, b, rng.randint(4, 25)) for a, b in itertools.combinations(houses, 2)]
    G = build(edges, weighted=True)
    txt = "\n".join("%s <-> %s: %d min" % e for e in edges)
    intro = "Saturday showings. Drive times between the office and each listing, both ways the same:\n" + txt + "\n\n"
    q = intro + ("What's the shortest round trip starting and ending at the Office that stops at every house "
                 "exactly once?")
    add(fam, "tsp", q, "edgelines", "value", tsp_cost(G), G, key="cost", tools=["travelling_salesman"])
    q = intro + "Which house is going to sell first?"
    refuse(fam, "opinion", q, "edgelines", G, "prediction: not in the drive times")
    q = intro + "Fastest way from 4 Birch Ln to 7 Oak Rd, even if it means cutting through another street stop?"
    path_item(fam, "shortest_path", q, "edgelines", G, "4 Birch Ln", "7 Oak Rd", True)
    # walking tour of an open-house weekend, sparse
    walk = [("Open House A", "Open House B"), ("Open House B", "Open House C"), ("Open House C", "Open House D"),
            ("Open House D", "Open House E"), ("Open House B", "Open House E"), ("Open House A", "Open House F"),
            ("Open House F", "Open House G"), ("Open House G", "Open House A"),
            ("Open House A", "Open House H"), ("Open House A", "Open House I")]
    H = build(walk)
    q = ("Hey, for the neighbourhood open-house walk, these are the footpaths between houses (walkable both "
         "ways): " + ", ".join("%s-%s" % w for w in walk) +
         ". Can a visitor walk a route that visits every open house exactly once (no need to return)?")
    add(fam, "hamiltonian_path", q, "pairs", "hamilton", has_ham_path(H), H, tools=["hamiltonian_path"])


# ------------------------------------------------------------ 14 quilting guild
def quilting():
    fam = "quilting_guild_fabric_swaps"
    rng = random.Random(1414)
    names = ["Agnes", "Bev", "Carol", "Doreen", "Edna", "Flo", "Gwen", "Hilda", "Irene", "June", "Kath", "Lorna",
             "Mavis", "Nell", "Olive", "Pam", "Queenie", "Rita", "Sybil", "Tess", "Una", "Val", "Wendy", "Yvonne"]
    groups = [names[0:9], names[9:16], names[16:22]]
    G = nx.Graph()
    G.add_nodes_from(names)
    for grp in groups:
        T = nx.random_labeled_tree(len(grp), seed=rng.randint(0, 10**6))
        for u, v in T.edges():
            G.add_edge(grp[u], grp[v])
        for _ in range(len(grp) // 2):
            a, b = rng.sample(grp, 2)
            G.add_edge(a, b)
    # Wendy and Yvonne have not swapped with anyone
    swaps = list(G.edges())
    rng.shuffle(swaps)
    swaps = [tuple(sorted(e)) for e in swaps]
    txt = "\n".join("%s swapped with %s" % e for e in swaps)
    intro = ("Minutes of the Tuesday guild: fabric swaps so far this season (a swap is mutual):\n" + txt +
             "\nWendy and Yvonne haven't swapped with anyone yet.\n\n")
    comps = list(nx.connected_components(G))
    q = intro + ("If we count two members as in the same swap circle when they're linked by any chain of swaps, "
                 "how many separate circles are there (counting someone on her own as a circle)?")
    add(fam, "components", q, "minutes", "value", len(comps), G, key="count", tools=["connected_components"])
    q = intro + "Please list the swap circles (chains of swaps), everyone included."
    add(fam, "components", q, "minutes", "partition", parts(comps), G, key="components", tools=["connected_components"])
    q = intro + "Who has swapped with the most different people?"
    add(fam, "max_degree", q, "minutes", "set", max_degree_nodes(G), G, key="max_nodes", tools=["degree_distribution"])
    q = intro + "Could a fat quarter passed along swaps get from Agnes to Rita?"
    add(fam, "path_exists", q, "minutes", "value", nx.has_path(G, "Agnes", "Rita"), G, tools=["path_exists"],
        source="Agnes", target="Rita")
    q = intro + "How many sets of three ladies have all swapped with one another?"
    add(fam, "triangles", q, "minutes", "value", sum(nx.triangles(G).values()) // 3, G, key="triangles",
        tools=["triangle_count"])
    q = intro + "Whose quilt was the prettiest at the show?"
    refuse(fam, "opinion", q, "minutes", G, "opinion")
    q = intro + ("What's the largest group of members in which every member has swapped with every other "
                 "member of the group? Just the size.")
    refuse(fam, "no_tool", q, "minutes", G, "no tool computes the maximum clique",
           if_answered=max(len(c) for c in nx.find_cliques(G)))


# ------------------------------------------------------------ 15 coauthors
def coauthors():
    fam = "phd_coauthor_network"
    rng = random.Random(1515)
    first = ["Alvarez", "Baptiste", "Chen", "Dubois", "Eriksen", "Fischer", "Gupta", "Haddad", "Ito", "Jansen",
             "Kowalski", "Larsen", "Moreau", "Nakamura", "Okafor", "Petrov", "Quinn", "Rossi", "Silva", "Tanaka",
             "Urban", "Varga", "Weber", "Xu", "Yilmaz", "Zhang", "Abara", "Bianchi", "Costa", "Duarte",
             "Evans", "Ferreira", "Green", "Holm", "Iqbal"]
    G = nx.connected_watts_strogatz_graph(len(first), 4, 0.25, seed=1515)
    G = nx.relabel_nodes(G, {i: first[i] for i in range(len(first))})
    H = nx.Graph()
    H.add_nodes_from(first)
    H.add_edges_from(sorted(tuple(sorted(e)) for e in G.edges()))
    G = H
    lines = "\n".join("%s; %s" % e for e in G.edges())
    intro = ("I scraped my field's co-author pairs from DBLP (one line per pair of surnames who have written a "
             "paper together):\n\n" + lines + "\n\n")
    me, prof = "Okafor", "Chen"
    q = intro + ("I'm Okafor. My 'Chen number', like an Erdos number: how many co-authorship steps from me to "
                 "Chen?")
    path_item(fam, "hops", q, "pairs_semicolon", G, me, prof, False, tools=["shortest_path", "shortest_path_length"])
    a, b = "Gupta", "Ito"
    q = intro + "Which people have co-authored with both Gupta and Ito?"
    add(fam, "common_neighbors", q, "pairs_semicolon", "set", sset(nx.common_neighbors(G, a, b)), G,
        tools=["common_neighbors"])
    q = intro + ("What fraction of Fischer's co-authors have also written with each other? (the local clustering "
                 "coefficient)")
    add(fam, "clustering", q, "pairs_semicolon", "value", nx.clustering(G, "Fischer"), G,
        tools=["clustering_coefficient"])
    q = intro + ("How much of a broker is Weber? Give Weber's normalised betweenness centrality in the "
                 "co-author graph.")
    add(fam, "betweenness", q, "pairs_semicolon", "value", nx.betweenness_centrality(G)["Weber"], G, key="Weber",
        tools=["betweenness_centrality"])
    q = intro + "How many distinct co-author pairs are in that list?"
    add(fam, "edge_count", q, "pairs_semicolon", "value", G.number_of_edges(), G, tools=["edge_count", "size"])
    q = intro + "Which of these people has the highest h-index?"
    refuse(fam, "missing_data", q, "pairs_semicolon", G, "missing data: no citation counts")
    return G


# ------------------------------------------------------------ 16 crypto tracing
def crypto():
    fam = "crypto_wallet_tracing"
    tx = [("0xA11ce", "0xB0b01", 40), ("0xA11ce", "0xC4r01", 25), ("0xB0b01", "0xD00d5", 18),
          ("0xB0b01", "0xE11e9", 30), ("0xC4r01", "0xD00d5", 20), ("0xC4r01", "0xF00d1", 10),
          ("0xD00d5", "0xEXCH", 35), ("0xE11e9", "0xEXCH", 12), ("0xF00d1", "0xEXCH", 8),
          ("0xE11e9", "0xF00d1", 9), ("0x9f3e2", "0xC4r01", 14)]
    G = build(tx, directed=True, weighted=True)
    rows = "\n".join("%s,%s,%d" % t for t in tx)
    intro = ("Chain analysis for a stolen-funds case. Transfers between wallets, with how much each transfer "
             "could have carried at most (ETH). Direction is from -> to:\n\nfrom,to,max_eth\n" + rows + "\n\n")
    q = intro + ("Treating those as capacities, what's the maximum amount of ETH that could have moved from "
                 "0xA11ce to the exchange wallet 0xEXCH?")
    add(fam, "max_flow", q, "csv", "value", num(nx.maximum_flow_value(G, "0xA11ce", "0xEXCH", capacity="weight")), G,
        key="value", tools=["maximum_flow"], source="0xA11ce", target="0xEXCH")
    q = intro + "Could funds from 0x9f3e2 have reached 0xE11e9 along these transfers?"
    add(fam, "path_exists", q, "csv", "value", nx.has_path(G, "0x9f3e2", "0xE11e9"), G, tools=["path_exists"],
        source="0x9f3e2", target="0xE11e9")
    q = intro + "Which wallets did 0xB0b01 send to directly?"
    add(fam, "successors", q, "csv", "set", sset(G.successors("0xB0b01")), G, tools=["successors", "neighbors"])
    q = intro + "Who is the real-world owner of 0x9f3e2?"
    refuse(fam, "missing_data", q, "csv", G, "missing data: identities are not in the transfers")
    q = intro + "What's the maximum that could have moved from 0xC4r01 to 0xEXCH?"
    add(fam, "max_flow", q, "csv", "value", num(nx.maximum_flow_value(G, "0xC4r01", "0xEXCH", capacity="weight")), G,
        key="value", tools=["maximum_flow"], source="0xC4r01", target="0xEXCH")


# ------------------------------------------------------------ 17 kafka
def kafka():
    fam = "kafka_stream_topology"
    flow = {"orders-raw": ["order-enricher"], "order-enricher": ["orders-enriched"],
            "orders-enriched": ["fraud-scorer", "warehouse-sink", "email-notifier"],
            "fraud-scorer": ["fraud-alerts"], "fraud-alerts": ["ops-dashboard"],
            "customers-cdc": ["order-enricher", "crm-sync"], "crm-sync": ["crm-updates"],
            "warehouse-sink": [], "email-notifier": [], "ops-dashboard": [], "crm-updates": []}
    edges = [(u, v) for u in flow for v in flow[u]]
    G = build(edges, directed=True, nodes=list(flow))
    yml = "topology:\n" + "\n".join("  - from: %s\n    to: [%s]" % (u, ", ".join(flow[u])) for u in flow if flow[u])
    intro = ("Our streams topology, topics and the apps between them; each entry means data flows from -> to:\n\n"
             "```yaml\n" + yml + "\n```\n\n")
    q = intro + "Is there any loop where a record could flow back into a topic or app it already passed?"
    add(fam, "cycle", q, "yaml", "value", not nx.is_directed_acyclic_graph(G), G, tools=["cycle_check"])
    q = intro + "Can a change in customers-cdc end up on ops-dashboard?"
    add(fam, "path_exists", q, "yaml", "value", nx.has_path(G, "customers-cdc", "ops-dashboard"), G,
        tools=["path_exists"], source="customers-cdc", target="ops-dashboard")
    q = intro + "Which nodes are terminal, i.e. nothing flows out of them?"
    add(fam, "sinks", q, "yaml", "set", sinks(G), G, key="sinks", tools=["sources_sinks"])
    q = intro + ("For the redeploy I need an order where every topic/app comes after everything that feeds it. "
                 "Give me one covering all of them.")
    add(fam, "topological_sort", q, "yaml", "order", None, G, tools=["topological_sort"])
    q = intro + "What's the throughput in messages per second on orders-enriched?"
    refuse(fam, "missing_data", q, "yaml", G, "missing data: no throughput metrics")
    q = intro + "How many hops does a record take from orders-raw to ops-dashboard?"
    path_item(fam, "hops", q, "yaml", G, "orders-raw", "ops-dashboard", False,
              tools=["shortest_path", "shortest_path_length"])


# ------------------------------------------------------------ 18 VBA call graph
def vba():
    fam = "vba_macro_call_graph"
    calls = {"Main": ["LoadData", "BuildReport"], "LoadData": ["OpenWorkbook", "CleanRows"],
             "CleanRows": ["TrimCell", "CleanRows"], "BuildReport": ["FormatSheet", "AddCharts"],
             "FormatSheet": ["ApplyStyle"], "ApplyStyle": ["FormatSheet"], "AddCharts": ["ApplyStyle"],
             "OpenWorkbook": [], "TrimCell": [], "ExportPdf": ["FormatSheet"]}
    G = build([(u, v) for u in calls for v in calls[u]], directed=True, nodes=list(calls))
    code = []
    for f, cs in calls.items():
        body = "".join("    Call %s\n" % c for c in cs) or "    ' ...\n"
        code.append("Sub %s()\n%sEnd Sub\n" % (f, body))
    src = "```vba\n" + "\n".join(code) + "```\n"
    q = "Inherited this Excel macro mess:\n\n" + src + "\nDoes Main ever end up (directly or indirectly) calling ApplyStyle?"
    add(fam, "path_exists", q, "vba", "value", nx.has_path(G, "Main", "ApplyStyle"), G, tools=["path_exists"],
        source="Main", target="ApplyStyle")
    q = src + "\nIs there any recursion in here, i.e. a Sub that can end up calling itself?"
    add(fam, "cycle", q, "vba", "value", not nx.is_directed_acyclic_graph(G), G, tools=["cycle_check"])
    q = src + ("\nGroup the Subs into sets that can all call each other back and forth (mutually recursive "
               "groups); a Sub on its own is its own group.")
    add(fam, "scc", q, "vba", "partition", parts(nx.strongly_connected_components(G)), G, key="components",
        tools=["strongly_connected_components"])
    q = src + "\nDoes ExportPdf ever reach TrimCell through its calls?"
    add(fam, "path_exists", q, "vba", "value", nx.has_path(G, "ExportPdf", "TrimCell"), G, tools=["path_exists"],
        source="ExportPdf", target="TrimCell")
    q = src + "\nWhich of these Subs is the slowest to run?"
    refuse(fam, "missing_data", q, "vba", G, "missing data: no timings")


# ------------------------------------------------------------ 19 LaTeX thesis
def latex():
    fam = "latex_thesis_includes"
    inc = {"thesis.tex": ["frontmatter.tex", "ch1-intro.tex", "ch2-background.tex", "ch3-methods.tex",
                          "ch4-results.tex", "appendix.tex"],
           "frontmatter.tex": ["abstract.tex", "acknowledgements.tex"],
           "ch2-background.tex": ["sec2-1-history.tex", "sec2-2-related.tex"],
           "ch3-methods.tex": ["sec3-1-data.tex", "sec3-2-model.tex"],
           "ch4-results.tex": ["sec4-1-tables.tex", "sec4-2-figures.tex"],
           "appendix.tex": ["proofs.tex"]}
    G = build([(u, v) for u in inc for v in inc[u]], directed=True)
    listing = "\n".join("%% %s\n%s" % (u, "\n".join("\\input{%s}" % v for v in inc[u])) for u in inc)
    intro = ("My thesis is split into files. Here's every \\input, grouped by the file it's in "
             "(parent file first, in the comment line):\n\n```latex\n" + listing + "\n```\n\n")
    q = intro + ("Is this a clean tree, i.e. every file except thesis.tex pulled in from exactly one place and "
                 "no loops?")
    add(fam, "is_tree", q, "latex", "value", nx.is_tree(G), G, key="tree", tools=["is_tree"])
    q = intro + "How many .tex files are involved in total, thesis.tex included?"
    add(fam, "node_count", q, "latex", "value", G.number_of_nodes(), G, tools=["node_count", "order"])
    q = intro + "Which files does ch3-methods.tex pull in directly?"
    add(fam, "successors", q, "latex", "set", sset(G.successors("ch3-methods.tex")), G,
        tools=["successors", "neighbors"])
    q = intro + "How many pages will the compiled PDF be?"
    refuse(fam, "missing_data", q, "latex", G, "missing data: no page counts")
    inc2 = dict(inc)
    inc2["sec4-2-figures.tex"] = ["macros.tex"]
    inc2["sec3-2-model.tex"] = ["macros.tex"]
    H = build([(u, v) for u in inc2 for v in inc2[u]], directed=True)
    listing2 = "\n".join("%s: %s" % (u, ", ".join(inc2[u])) for u in inc2)
    q = ("after my supervisor's edits the \\input structure is (file: files it inputs):\n" + listing2 +
         "\n\nis it still a tree, with no file pulled in from two places?")
    add(fam, "is_tree", q, "adjlist", "value", nx.is_tree(H), H, key="tree", tools=["is_tree"])


# ------------------------------------------------------------ 20 zookeeper
def zoo():
    fam = "zookeeper_enclosure_planning"
    bad = [("meerkats", "fennec foxes"), ("fennec foxes", "tortoises"), ("tortoises", "lemurs"),
           ("lemurs", "capybaras"), ("capybaras", "meerkats"), ("otters", "capybaras"), ("otters", "flamingos"),
           ("flamingos", "lemurs")]
    G = build(bad)
    txt = "\n".join("- %s and %s can't share a zone" % e for e in bad)
    intro = "Planning the new African/South American walk. From the keepers' notes:\n" + txt + "\n\n"
    q = intro + ("If I only have two zones, can I put every species in one of the two so that no incompatible "
                 "pair shares a zone?")
    add(fam, "bipartite", q, "bullets", "value", nx.is_bipartite(G), G, key="bipartite", tools=["is_bipartite"])
    q = intro + ("What's the smallest number of separate zones I need so that no incompatible pair ends up in "
                 "the same zone?")
    add(fam, "chromatic_number", q, "bullets", "value", chromatic(G), G, key="chromatic_number",
        tools=["chromatic_number"])
    q = intro + "With how many species are the otters incompatible?"
    add(fam, "degree", q, "bullets", "value", G.degree("otters"), G, tools=["degree"])
    q = intro + "Which species will visitors like most?"
    refuse(fam, "opinion", q, "bullets", G, "opinion")
    q = intro + "How many square metres does the capybara paddock need?"
    refuse(fam, "missing_data", q, "bullets", G, "missing data: no sizes")


# ------------------------------------------------------------ 21 building manager
def building():
    fam = "building_manager_floor_doors"
    doors = [("Lobby", "Corridor A"), ("Corridor A", "Room 101"), ("Corridor A", "Room 102"),
             ("Room 101", "Room 102"), ("Corridor A", "Stairwell"), ("Stairwell", "Corridor B"),
             ("Corridor B", "Room 110"), ("Corridor B", "Room 111"), ("Room 111", "Store"),
             ("Corridor B", "Kitchen"), ("Kitchen", "Room 112"), ("Room 112", "Corridor B"),
             ("Lobby", "Reception"), ("Reception", "Corridor A")]
    G = build(doors)
    txt = "\n".join("%s <-> %s" % d for d in doors)
    intro = ("Facilities ticket: third floor refit. Doors between spaces (each door can be used both ways):\n"
             + txt + "\n\n")
    q = intro + ("If one space is closed off completely during painting, which spaces would cut the floor into "
                 "separate parts? List every such space.")
    add(fam, "articulation_points", q, "arrows_both", "set", sset(nx.articulation_points(G)), G, key="nodes",
        tools=["articulation_points"])
    q = intro + ("How many of these doors are single points of failure, i.e. if that one door is jammed shut, "
                 "some space becomes unreachable from the rest?")
    add(fam, "bridges", q, "arrows_both", "value", len(list(nx.bridges(G))), G, key="count", tools=["bridges"])
    q = intro + "Fewest doors to go through from the Lobby to the Store?"
    path_item(fam, "hops", q, "arrows_both", G, "Lobby", "Store", False, tools=["shortest_path", "shortest_path_length"])
    q = intro + "Can someone walk through every door exactly once, in one go (they can end somewhere else)?"
    add(fam, "euler_path", q, "arrows_both", "value", nx.has_eulerian_path(G), G, key="exists", tools=["euler_path"])
    q = intro + "Which rooms have the worst mobile signal?"
    refuse(fam, "missing_data", q, "arrows_both", G, "missing data")


# ------------------------------------------------------------ 22 karaoke
def karaoke():
    fam = "karaoke_night_duets"
    duets = [("Priya", "Tomas", "Islands in the Stream"), ("Tomas", "Jen", "Shallow"),
             ("Jen", "Priya", "Don't Go Breaking My Heart"), ("Marco", "Liesl", "Summer Nights"),
             ("Liesl", "Bram", "Under Pressure"), ("Jen", "Marco", "Endless Love"),
             ("Aoife", "Kenji", "Time of My Life"), ("Priya", "Marco", "Up Where We Belong")]
    G = build([(a, b) for a, b, _ in duets], nodes=["Gareth"])
    txt = "\n".join("%s & %s - %s" % d for d in duets)
    intro = ("Karaoke night recap for the group chat! Duets tonight:\n" + txt +
             "\n(Gareth came but only did solos)\n\n")
    q = intro + "How many people did Jen do a duet with?"
    add(fam, "degree", q, "chat", "value", G.degree("Jen"), G, tools=["degree"])
    q = intro + ("If we link people who duetted, directly or through a chain of duets, how many separate "
                 "groups are there, Gareth counting as his own group?")
    add(fam, "components", q, "chat", "value", nx.number_connected_components(G), G, key="count",
        tools=["connected_components"])
    q = intro + "How many people were at karaoke, going by this list?"
    add(fam, "node_count", q, "chat", "value", G.number_of_nodes(), G, tools=["node_count", "order"])
    q = intro + "Who sang best?"
    refuse(fam, "opinion", q, "chat", G, "opinion")
    q = intro + "Did Aoife duet with Bram?"
    add(fam, "edge_exists", q, "chat", "value", G.has_edge("Aoife", "Bram"), G, tools=["edge_exists"], source="Aoife", target="Bram")


# ------------------------------------------------------------ 23 DJ
def dj():
    fam = "dj_set_transitions"
    mixes = [("Strobe", "Opus"), ("Opus", "Cola"), ("Cola", "Losing It"), ("Losing It", "Strobe"),
             ("Opus", "Innerbloom"), ("Innerbloom", "Midnight City"), ("Midnight City", "Cola"),
             ("Ghosts n Stuff", "Strobe"), ("Ghosts n Stuff", "Losing It")]
    G = build(mixes)
    txt = "\n".join("%s <> %s" % m for m in mixes)
    intro = ("Prepping Friday's set. Pairs of tracks I know mix cleanly into each other (either order works, "
             "same key/BPM range):\n\n" + txt + "\n\n")
    q = intro + "Can I play every track exactly once, each transition being one of these clean mixes?"
    add(fam, "hamiltonian_path", q, "pairs", "hamilton", has_ham_path(G), G, tools=["hamiltonian_path"])
    q = intro + "Which tracks can I mix into straight out of Opus?"
    add(fam, "neighbors", q, "pairs", "set", sset(G.neighbors("Opus")), G, tools=["neighbors"])
    q = intro + ("Could I do a full loop, playing every track once and mixing the last one back into the first, "
                 "using only these transitions?")
    add(fam, "hamiltonian_cycle", q, "pairs", "value", has_ham_cycle(G), G, key="exists", tools=["hamiltonian_cycle"])
    q = intro + "Which track will the crowd go wildest for?"
    refuse(fam, "opinion", q, "pairs", G, "opinion")
    mixes2 = mixes + [("Innerbloom", "Atlas"), ("Atlas", "Kerala"), ("Kerala", "Innerbloom")]
    H = build(mixes2, nodes=["Windowlicker"])
    txt2 = ", ".join("%s/%s" % m for m in mixes2)
    q = ("clean mix pairs for the long set (either direction): " + txt2 +
         ". Windowlicker is in the crate but doesn't mix with anything. fewest transitions from Ghosts n Stuff to "
         "Kerala?")
    path_item(fam, "hops", q, "pairs", H, "Ghosts n Stuff", "Kerala", False,
              tools=["shortest_path", "shortest_path_length"])
    q = ("clean mix pairs (either direction): " + txt2 +
         ". Windowlicker is in the crate but doesn't mix with anything. how many transitions to get from Strobe to "
         "Windowlicker?")
    nopath_item(fam, "nopath", q, "pairs", H, "Strobe", "Windowlicker")


# ------------------------------------------------------------ 24 esports scrims
def esports():
    fam = "esports_scrim_partners"
    eu = ["Vortex EU", "Nordic Wolves", "Iberia Kings", "Polar Owls"]
    na = ["Texas Heat", "Maple Storm", "Bay Bandits", "Gotham Five"]
    rng = random.Random(2424)
    edges = [(a, b) for a in eu for b in na if rng.random() < 0.55]
    G = build(edges)
    assert set(G.nodes()) == set(eu + na)
    rows = "\n".join("<tr><td>%s</td><td>%s</td></tr>" % e for e in edges)
    html = "<table>\n<tr><th>Team</th><th>Scrimmed vs</th></tr>\n" + rows + "\n</table>"
    intro = "Our scrim log from the coaches' wiki (each row is a scrim between two teams):\n\n" + html + "\n\n"
    q = intro + ("Is this network two-sided, i.e. can the teams be split into two camps so every scrim was "
                 "between the camps?")
    add(fam, "bipartite", q, "html_table", "value", nx.is_bipartite(G), G, key="bipartite", tools=["is_bipartite"])
    q = intro + "What's the density of the scrim network (scrims played over scrims possible between all teams)?"
    add(fam, "density", q, "html_table", "value", nx.density(G), G, tools=["density"])
    q = intro + "Which team or teams have scrimmed the most different opponents?"
    add(fam, "max_degree", q, "html_table", "set", max_degree_nodes(G), G, key="max_nodes",
        tools=["degree_distribution"])
    q = intro + "Who's going to win the spring split?"
    refuse(fam, "opinion", q, "html_table", G, "prediction")
    # a league where scrims also happen inside regions
    league = [("Alpha", "Bravo"), ("Bravo", "Charlie"), ("Charlie", "Alpha"), ("Charlie", "Delta"),
              ("Delta", "Echo"), ("Echo", "Charlie"), ("Echo", "Foxtrot"), ("Foxtrot", "Alpha"), ("Bravo", "Delta")]
    H = build(league)
    q = ("scrims this week: " + ", ".join("%s vs %s" % e for e in league) +
         ". how many triangles are there, three teams who all scrimmed each other?")
    add(fam, "triangles", q, "pairs", "value", sum(nx.triangles(H).values()) // 3, H, key="triangles",
        tools=["triangle_count"])
    q = ("scrims this week: " + ", ".join("%s vs %s" % e for e in league) +
         ". in how many of those three-way all-played-each-other groups is Charlie?")
    add(fam, "triangles_node", q, "pairs", "value", nx.triangles(H, "Charlie"), H, key="triangles",
        tools=["triangle_count"])


# ------------------------------------------------------------ 25 etymology
def etymology():
    fam = "linguist_loanword_borrowing"
    borrow = [("Old Norse", "Old English"), ("Old English", "Middle English"), ("Old French", "Middle English"),
              ("Latin", "Old French"), ("Latin", "Old English"), ("Greek", "Latin"), ("Arabic", "Spanish"),
              ("Arabic", "Medieval Latin"), ("Medieval Latin", "Old French"), ("Persian", "Arabic"),
              ("Middle English", "Scots"), ("Nahuatl", "Spanish"), ("Spanish", "English"),
              ("Middle English", "English"), ("Sanskrit", "Persian"), ("Tupi", "Portuguese"),
              ("Malay", "Portuguese"), ("Portuguese", "English")]
    G = build(borrow, directed=True, nodes=["Basque"])
    txt = "\n".join("%s -> %s" % b for b in borrow)
    intro = ("For my seminar handout, the borrowing links I'm tracking. An arrow means words were borrowed "
             "from the left language into the right one:\n\n" + txt + "\n\n(Basque is on the handout but I "
             "haven't added any links for it.)\n\n")
    q = intro + "Could a word have travelled from Sanskrit into Old French along these arrows?"
    add(fam, "path_exists", q, "arrows", "value", nx.has_path(G, "Sanskrit", "Old French"), G, tools=["path_exists"],
        source="Sanskrit", target="Old French")
    q = intro + "Shortest chain of borrowings from Greek to Scots: how many borrowing steps?"
    path_item(fam, "hops", q, "arrows", G, "Greek", "Scots", False, tools=["shortest_path", "shortest_path_length"])
    q = intro + "Which languages did Middle English borrow from directly?"
    add(fam, "predecessors", q, "arrows", "set", sset(G.predecessors("Middle English")), G, tools=["predecessors"])
    q = intro + "How many borrowing steps from Latin to Basque?"
    nopath_item(fam, "nopath", q, "arrows", G, "Latin", "Basque")
    q = intro + "Which of these languages is the most beautiful?"
    refuse(fam, "opinion", q, "arrows", G, "opinion")
    q = intro + "Which language borrowed from the most languages in this list?"
    add(fam, "max_in_degree", q, "arrows", "set", max_degree_nodes(G, "in"), G, key="max_nodes",
        tools=["degree_distribution"])


# ------------------------------------------------------------ 26 kitchen renovation
def kitchen():
    fam = "kitchen_renovation_contractor"
    before = [("strip out old units", "rewire"), ("strip out old units", "move plumbing"),
              ("rewire", "plaster walls"), ("move plumbing", "plaster walls"), ("plaster walls", "tile splashback"),
              ("plaster walls", "fit base units"), ("lay floor", "fit base units"), ("strip out old units", "lay floor"),
              ("fit base units", "fit worktops"), ("fit worktops", "tile splashback"), ("fit worktops", "install sink"),
              ("move plumbing", "install sink"), ("fit base units", "fit wall units"), ("rewire", "fit appliances"),
              ("fit worktops", "fit appliances"), ("tile splashback", "paint"), ("fit wall units", "paint")]
    G = build(before, directed=True, nodes=["order skip"])
    txt = "\n".join("- %s before %s" % b for b in before)
    intro = ("Job sheet for the Patel kitchen. The order constraints from the site foreman (the first job has to "
             "be finished before the second can start):\n" + txt + "\n- order skip (whenever, no constraint)\n\n")
    q = intro + "Give me an order to do all the jobs in, one after another, that respects every constraint."
    add(fam, "topological_sort", q, "bullets", "order", None, G, tools=["topological_sort"])
    q = intro + "What has to be done directly before we can fit the worktops?"
    add(fam, "predecessors", q, "bullets", "set", sset(G.predecessors("fit worktops")), G, tools=["predecessors"])
    q = intro + "Which jobs can start on day one, with nothing before them?"
    add(fam, "sources", q, "bullets", "set", sources(G), G, key="sources", tools=["sources_sinks"])
    q = intro + "Which jobs have nothing waiting on them, i.e. nothing has to come after them?"
    add(fam, "sinks", q, "bullets", "set", sinks(G), G, key="sinks", tools=["sources_sinks"])
    q = intro + "How many working days will the whole kitchen take?"
    refuse(fam, "missing_data", q, "bullets", G, "missing data: no durations")
    q = intro + "Which tiler in town is the best for the splashback?"
    refuse(fam, "opinion", q, "bullets", G, "opinion and missing data")


# ------------------------------------------------------------ 27 vending firmware
def vending():
    fam = "vending_firmware_state_machine"
    tr = [("Idle", "CoinInserted", "coin"), ("CoinInserted", "CoinInserted", "coin"),
          ("CoinInserted", "Selecting", "button"), ("Selecting", "Dispensing", "paid"),
          ("Selecting", "ReturningChange", "cancel"), ("Dispensing", "ReturningChange", "overpaid"),
          ("Dispensing", "Idle", "done"), ("ReturningChange", "Idle", "done"), ("Dispensing", "Jammed", "motor_fault"),
          ("Jammed", "OutOfService", "timeout"), ("ServiceMode", "Idle", "key_off"), ("OutOfService", "ServiceMode", "key_on")]
    G = build([(a, b) for a, b, _ in tr], directed=True)
    uml = "@startuml\n" + "\n".join("%s --> %s : %s" % t for t in tr) + "\n@enduml"
    intro = "Firmware review for the snack machine controller. State diagram from the repo:\n\n```plantuml\n" + uml + "\n```\n\n"
    q = intro + "Once the machine is Jammed, can it ever get back to Idle by following the transitions?"
    add(fam, "path_exists", q, "plantuml", "value", nx.has_path(G, "Jammed", "Idle"), G, tools=["path_exists"],
        source="Jammed", target="Idle")
    q = intro + "Fewest transitions from Idle to Dispensing?"
    path_item(fam, "hops", q, "plantuml", G, "Idle", "Dispensing", False, tools=["shortest_path", "shortest_path_length"])
    q = intro + ("Which states can all reach each other (strongly connected groups)? I want to be sure there's "
                 "no trap state.")
    add(fam, "scc", q, "plantuml", "partition", parts(nx.strongly_connected_components(G)), G, key="components",
        tools=["strongly_connected_components"])
    q = intro + "How many transitions does it take to get from Idle to the Restocking state?"
    refuse(fam, "node_missing", q, "plantuml", G, "node not in the data: there is no Restocking state")
    tr2 = [t for t in tr if t[1] != "ServiceMode"]
    H = build([(a, b) for a, b, _ in tr2], directed=True)
    uml2 = "@startuml\n" + "\n".join("%s --> %s : %s" % t for t in tr2) + "\n@enduml"
    q = ("Older firmware v1.2 diagram:\n```plantuml\n" + uml2 + "\n```\nWhich states are dead ends, with no "
         "transition out?")
    add(fam, "sinks", q, "plantuml", "set", sinks(H), H, key="sinks", tools=["sources_sinks"])


# ------------------------------------------------------------ 28 WhatsApp group adds
def whatsapp():
    fam = "whatsapp_group_admin_adds"
    adds = [("Sue", "Kim"), ("Sue", "Raj"), ("Kim", "Dan"), ("Kim", "Elle"), ("Raj", "Bo"), ("Raj", "Cyn"),
            ("Dan", "Fern"), ("Elle", "Gil"), ("Elle", "Hana"), ("Bo", "Ike")]
    G = build(adds, directed=True)
    js = ('{"group": "Allotment Road Residents", "events": [\n' +
          ",\n".join('  {"type": "added", "by": "%s", "member": "%s"}' % a for a in adds) + "\n]}")
    intro = ("I'm the admin of our street group. Exported the join events as JSON ('by' added 'member'):\n\n```json\n"
             + js + "\n```\n\n")
    q = intro + "Is this a proper tree, i.e. everyone traces back to exactly one chain of adds with no loops?"
    add(fam, "is_tree", q, "json", "value", nx.is_tree(G), G, key="tree", tools=["is_tree"])
    q = intro + "Who did Elle add?"
    add(fam, "successors", q, "json", "set", sset(G.successors("Elle")), G, tools=["successors", "neighbors"])
    q = intro + "How many people appear in the group according to these events, me (Sue) included?"
    add(fam, "node_count", q, "json", "value", G.number_of_nodes(), G, tools=["node_count", "order"])
    q = intro + "Who posts the most in the group?"
    refuse(fam, "missing_data", q, "json", G, "missing data: no message counts")
    other = [("Tam", "Kim"), ("Tam", "Leo"), ("Leo", "Mo")]
    O = build(adds + other, directed=True)
    q = ("Two groups I admin, join events 'X added Y':\nStreet group: " + ", ".join("%s added %s" % a for a in adds) +
         "\nBook group: " + ", ".join("%s added %s" % a for a in other) +
         "\n\nWho added Kim to the group?")
    refuse(fam, "ambiguous_graph", q, "lines", O, "ambiguous: Kim is in both groups, added by different people")


# ------------------------------------------------------------ 29 dance studio
def dance():
    fam = "dance_studio_partner_pairing"
    ok = [("Lead Aaron", "Follow Bella"), ("Lead Aaron", "Follow Carmen"), ("Lead Diego", "Follow Bella"),
          ("Lead Emil", "Follow Dana"), ("Lead Emil", "Follow Carmen"), ("Lead Femi", "Follow Dana"),
          ("Lead Femi", "Follow Esme"), ("Lead Gio", "Follow Esme")]
    G = build(ok)
    voice = ("[voice note transcript] okay so for the showcase, um, each lead dances with one follow, and each "
             "follow with one lead. who's at the same level: " +
             ", ".join("%s can dance with %s" % e for e in ok) +
             ". so, er, what's the most couples I can put on the floor at the same time?")
    add(fam, "matching", voice, "voice", "matching", matching_size(G), G, tools=["maximum_bipartite_matching"])
    q = ("[voice note transcript] same list as before: " + ", ".join("%s can dance with %s" % e for e in ok) +
         ". which pairing keeps the height difference in every couple smallest?")
    refuse(fam, "missing_weights", q, "voice", G, "missing data: no heights")
    rng = random.Random(2929)
    leads = ["L%d" % i for i in range(1, 10)]
    follows = ["F%d" % i for i in range(1, 10)]
    edges = []
    for l in leads:
        for f in rng.sample(follows[:7], rng.choice([1, 2])):
            edges.append((l, f))
    H = build(edges)
    rows = "\n".join("%s | %s" % (l, " ".join(sorted(f for a, f in edges if a == l))) for l in leads)
    q = ("Saturday class, leads and the follows they're matched in level with:\nlead | follows\n" + rows +
         "\n\nOne partner each, how many couples max?")
    add(fam, "matching", q, "table_pipes", "matching", matching_size(H), H, tools=["maximum_bipartite_matching"])


# ------------------------------------------------------------ 30 conference programme
def conference():
    fam = "conference_programme_chair"
    shared = {"T1 Graph Kernels": ["T2 GNN Pooling", "T5 Spectral Methods"],
              "T2 GNN Pooling": ["T3 Link Prediction", "T5 Spectral Methods"],
              "T3 Link Prediction": ["T4 Knowledge Graphs"], "T4 Knowledge Graphs": ["T6 Graph Databases"],
              "T6 Graph Databases": ["T7 Streaming Graphs"], "T7 Streaming Graphs": ["T3 Link Prediction"],
              "T8 Fairness on Graphs": [], "T5 Spectral Methods": ["T1 Graph Kernels"]}
    edges = [(u, v) for u in shared for v in shared[u]]
    G = build(edges, nodes=list(shared))
    post = ("Posting here for the other PC members. Two talks conflict if they share a speaker or a session "
            "chair, so they can't run in parallel. Conflicts (symmetric):\n\n" +
            "\n".join("* %s: %s" % (u, "; ".join(shared[u]) if shared[u] else "no conflicts") for u in shared) +
            "\n\n")
    q = post + ("If I put talks in parallel tracks within a time slot, what's the minimum number of time slots so "
                "that no two conflicting talks run at the same time?")
    add(fam, "chromatic_number", q, "forum", "value", chromatic(G), G, key="chromatic_number",
        tools=["chromatic_number"])
    q = post + "How many other talks does T3 Link Prediction conflict with?"
    add(fam, "degree", q, "forum", "value", G.degree("T3 Link Prediction"), G, tools=["degree"])
    q = post + "Is the conflict graph connected, or are some talks completely independent of the rest?"
    add(fam, "is_connected", q, "forum", "value", nx.is_connected(G), G, tools=["is_connected"])
    q = post + "Which talk will get the biggest audience?"
    refuse(fam, "opinion", q, "forum", G, "prediction")


# ------------------------------------------------------------ 31 warm intros
def intros():
    fam = "founder_warm_intro_chains"
    knows = {"me": ["Priscilla", "Tobi", "Wen"], "Priscilla": ["Marcus", "Wen"], "Tobi": ["Hiro"],
             "Wen": ["Marcus", "Saoirse"], "Marcus": ["Delphine"], "Hiro": ["Delphine", "Ugo"],
             "Saoirse": ["Ugo"], "Delphine": ["Vera Kaplan"], "Ugo": [], "Vera Kaplan": [],
             "Quentin": ["Zanele"], "Zanele": []}
    edges = [(u, v) for u in knows for v in knows[u]]
    G = build(edges, nodes=list(knows))
    py = "connections = {\n" + "\n".join("    %r: %r," % (u, knows[u]) for u in knows) + "\n}"
    intro = ("Trying to get a warm intro to a VC. I dumped my LinkedIn-ish map into Python (a connection "
             "goes both ways, each pair listed once):\n\n```python\n" + py + "\n```\n\n")
    q = intro + "How many connection hops is it from me to Vera Kaplan along the shortest chain?"
    path_item(fam, "hops", q, "python", G, "me", "Vera Kaplan", False, tools=["shortest_path", "shortest_path_length"])
    q = intro + "Who are the mutual connections of Wen and Priscilla?"
    add(fam, "common_neighbors", q, "python", "set", sset(nx.common_neighbors(G, "Wen", "Priscilla")), G,
        tools=["common_neighbors"])
    q = intro + "How many connection hops from me to Zanele?"
    nopath_item(fam, "nopath", q, "python", G, "me", "Zanele")
    q = intro + "Will Vera Kaplan actually invest if I get the intro?"
    refuse(fam, "prediction", q, "python", G, "prediction")
    q = intro + "Which chain to Vera Kaplan goes through the strongest relationships?"
    refuse(fam, "missing_weights", q, "python", G, "missing data: no relationship strengths")


def verify(it):
    """Re-derive the gold from the item's own node and edge lists, and check
    that every node is spelled in the question as in the answer."""
    G = nx.DiGraph() if it["directed"] else nx.Graph()
    G.add_nodes_from(it["nodes"])
    for e in it["edges"]:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    for n in G.nodes():
        # HCL names a resource by its two labels: resource "aws_eip" "web" is aws_eip.web
        hcl_name = n.count(".") == 1 and 'resource "%s" "%s"' % tuple(n.split(".")) in it["question"]
        assert n in it["question"] or hcl_name, (it["id"], n)
    ck, a, task, key = it["check"], it["answer"], it["task"], it["key"]
    s, t = it["source"], it["target"]
    if ck == "refuse":
        assert it["why"], it["id"]
        return
    tool = it["tools"][0]
    if ck == "path":
        w = "weight" if tool == "shortest_path" and it["weighted"] else None
        assert num(nx.shortest_path_length(G, s, t, weight=w)) == a, it["id"]
    elif ck == "nopath":
        assert not nx.has_path(G, s, t), it["id"]
    elif ck == "order":
        assert nx.is_directed_acyclic_graph(G), it["id"]
    elif ck == "dag":
        assert nx.is_directed_acyclic_graph(G) == a, it["id"]
    elif ck == "matching":
        assert nx.is_bipartite(G) and len(nx.max_weight_matching(G, maxcardinality=True)) == a, it["id"]
    elif ck == "hamilton":
        assert has_ham_path(G) == a, it["id"]
    elif ck == "partition":
        comps = nx.strongly_connected_components(G) if tool == "strongly_connected_components" else \
            nx.connected_components(G)
        assert parts(comps) == a, it["id"]
    elif ck == "set":
        want = None
        if tool == "sources_sinks":
            want = sources(G) if key == "sources" else sinks(G)
        elif tool == "degree_distribution":
            want = max_degree_nodes(G, "in" if G.is_directed() else "total")
        elif tool == "center":
            want = sset(nx.center(G))
        elif tool == "articulation_points":
            want = sset(nx.articulation_points(G))
        if want is not None:
            assert want == a, it["id"]
        else:
            # neighbour-type sets: the answer must be the neighbour set of some node named in the question
            cands = []
            for n in G.nodes():
                for f in (G.predecessors, G.successors) if G.is_directed() else (G.neighbors,):
                    cands.append(sset(f(n)))
            if tool == "common_neighbors":
                cands = [sset(nx.common_neighbors(G, u, v)) for u in G for v in G if u != v]
            assert a in cands, it["id"]
    elif ck == "value":
        checks = {
            "cycle_check": lambda: not nx.is_directed_acyclic_graph(G) if G.is_directed() else bool(nx.cycle_basis(G)),
            "edge_exists": lambda: G.has_edge(s, t),
            "path_exists": lambda: nx.has_path(G, s, t),
            "chromatic_number": lambda: chromatic(G),
            "is_bipartite": lambda: nx.is_bipartite(G),
            "minimum_spanning_tree": lambda: mst_weight(G),
            "travelling_salesman": lambda: tsp_cost(G),
            "maximum_flow": lambda: num(nx.maximum_flow_value(G, s, t, capacity="weight")),
            "connected_components": lambda: nx.number_connected_components(G),
            "diameter": lambda: nx.diameter(G),
            "density": lambda: nx.density(G),
            "is_connected": lambda: nx.is_connected(G),
            "node_count": lambda: G.number_of_nodes(),
            "edge_count": lambda: G.number_of_edges(),
            "is_tree": lambda: nx.is_tree(G),
            "hamiltonian_cycle": lambda: has_ham_cycle(G),
            "euler_path": lambda: nx.has_eulerian_path(G),
            "bridges": lambda: len(list(nx.bridges(G))),
        }
        if tool in checks:
            assert checks[tool]() == a, (it["id"], checks[tool](), a)
        elif tool == "triangle_count" and task == "triangles":
            assert sum(nx.triangles(G).values()) // 3 == a, it["id"]
        elif tool == "eccentricity":
            assert nx.eccentricity(G, key) == a, it["id"]
        elif tool == "betweenness_centrality":
            assert abs(nx.betweenness_centrality(G)[key] - a) < 1e-12, it["id"]
        else:
            assert tool in ("degree", "triangle_count", "clustering_coefficient"), (it["id"], tool)



FAMILIES = [flatmates, harris, ev_trip, lab_conflicts, terraform, home_assistant, mentors, scout, pentest, taxi,
            sociogram, solar, realtor, quilting, coauthors, crypto, kafka, vba, latex, zoo, building, karaoke, dj,
            esports, etymology, kitchen, vending, whatsapp, dance, conference, intros]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(out, exist_ok=True)
    for f in FAMILIES:
        f()
    for it in ITEMS:
        verify(it)
        if it["check"] in ("value", "path", "matching", "hamilton"):
            assert it["answer"] is not None, it["id"]
        if it["check"] in ("set",):
            assert it["answer"], it["id"]
    with open(os.path.join(out, "batch11.jsonl"), "w") as fh:
        for it in ITEMS:
            fh.write(json.dumps(it, ensure_ascii=False, sort_keys=False) + "\n")


if __name__ == "__main__":
    main()
