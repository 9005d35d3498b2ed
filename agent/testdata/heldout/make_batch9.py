#!/usr/bin/env python3
"""Held-out batch 9, written blind to graphagent's readers and to the other
batches' items: people in everyday situations pasting what they have at hand
(rotas, catalogues, switch tables, DAG code, interview notes, timetables...)
and asking a graph question about it.

Every answerable item's graph is built first; the pasted text is rendered
from that graph, and the answer is computed by NetworkX on it.  At the end
the script rebuilds each graph from the item's "nodes" and "edges" fields
and recomputes every answer, so the text, the graph and the answer cannot
disagree.

Usage: PYTHONHASHSEED=1 python3 make_batch9.py OUTDIR   (writes OUTDIR/batch9.jsonl)
"""

import json
import os
import re
import sys
import unicodedata

import networkx as nx

ITEMS = []  # (item dict, compute function or None)


def ug(edges, nodes=(), weighted=False):
    g = nx.Graph()
    g.add_nodes_from(nodes)
    for e in edges:
        if weighted:
            g.add_edge(e[0], e[1], weight=e[2])
        else:
            g.add_edge(e[0], e[1])
    g.graph["weighted"] = weighted
    return g


def dg(edges, nodes=(), weighted=False):
    g = nx.DiGraph()
    g.add_nodes_from(nodes)
    for e in edges:
        if weighted:
            g.add_edge(e[0], e[1], weight=e[2])
        else:
            g.add_edge(e[0], e[1])
    g.graph["weighted"] = weighted
    return g


def edges_of(g):
    out = []
    for u, v, d in g.edges(data=True):
        if g.graph.get("weighted"):
            out.append([u, v, d["weight"]])
        else:
            out.append([u, v])
    return out


def canon(s):
    words = re.split(r"[^\w]+|_", s.lower())
    words = [w for w in words if w]
    if len(words) > 1:
        words = [w for w in words if w not in ("the", "a", "an")]
    return "".join(words)


# ---- what each task computes (used when writing and again when checking)

def f_degree(n, direction="total"):
    def f(g):
        if direction == "in":
            return g.in_degree(n)
        if direction == "out":
            return g.out_degree(n)
        return g.degree(n)
    return f


def f_set(kind, *args):
    def f(g):
        if kind == "neighbors":
            r = list(g.neighbors(args[0]))
        elif kind == "predecessors":
            r = list(g.predecessors(args[0]))
        elif kind == "common":
            r = list(nx.common_neighbors(g, args[0], args[1]))
        elif kind == "articulation":
            r = list(nx.articulation_points(g))
        elif kind == "sources":
            r = [n for n in g.nodes if g.in_degree(n) == 0]
        elif kind == "sinks":
            r = [n for n in g.nodes if g.out_degree(n) == 0]
        else:
            raise ValueError(kind)
        return sorted(r)
    return f


def f_reach(s, t):
    return lambda g: nx.has_path(g, s, t)


def f_sp(s, t, weighted):
    def f(g):
        return nx.shortest_path_length(g, s, t, weight="weight" if weighted else None)
    return f


def f_nopath(s, t):
    def f(g):
        assert not nx.has_path(g, s, t)
        return None
    return f


def f_components(g):
    if g.is_directed():
        return nx.number_weakly_connected_components(g)
    return nx.number_connected_components(g)


def f_scc(g):
    return nx.number_strongly_connected_components(g)


def f_has_cycle(g):
    if g.is_directed():
        return not nx.is_directed_acyclic_graph(g)
    return len(nx.cycle_basis(g)) > 0


def f_is_dag(g):
    return nx.is_directed_acyclic_graph(g)


def f_order(g):
    return list(nx.topological_sort(g))


def f_bridges(g):
    return len(list(nx.bridges(g)))


def f_art_count(g):
    return len(list(nx.articulation_points(g)))


def f_mst(g):
    t = nx.minimum_spanning_tree(g, weight="weight")
    return t.size(weight="weight")


def f_flow(s, t):
    def f(g):
        h = nx.DiGraph()
        for u, v, d in g.edges(data=True):
            h.add_edge(u, v, capacity=d["weight"])
            if not g.is_directed():
                h.add_edge(v, u, capacity=d["weight"])
        return nx.maximum_flow_value(h, s, t)
    return f


def f_bipartite(g):
    return nx.is_bipartite(g)


def f_triangles(g):
    return sum(nx.triangles(g).values()) // 3


def f_density(g):
    return nx.density(g)


def f_diameter(g):
    return nx.diameter(g)


def f_nodes(g):
    return g.number_of_nodes()


def f_edges(g):
    return g.number_of_edges()


def f_matching(left):
    def f(g):
        m = nx.bipartite.hopcroft_karp_matching(g, top_nodes=[n for n in g.nodes if n in left])
        return len(m) // 2
    return f


def item(family, task, notation, question, g, check, fn, key="", tools=(), source=None, target=None,
         also=None, neg_tools=None):
    ans = fn(g)
    d = {
        "id": None,
        "family": family,
        "task": task,
        "question": question,
        "notation": notation,
        "check": check,
        "answer": ans,
        "key": key,
        "tools": list(tools),
    }
    if neg_tools:
        d["neg_tools"] = list(neg_tools)
    if also:
        d["also"] = also
    d["directed"] = g.is_directed()
    d["weighted"] = bool(g.graph.get("weighted"))
    d["nodes"] = list(g.nodes)
    d["edges"] = edges_of(g)
    if source is not None:
        d["source"] = source
    if target is not None:
        d["target"] = target
    ITEMS.append((d, fn))


def refuse(family, task, notation, question, why, g=None):
    d = {
        "id": None,
        "family": family,
        "task": task,
        "question": question,
        "notation": notation,
        "check": "refuse",
        "answer": None,
        "key": "",
        "tools": [],
        "refuse": True,
        "why": why,
        "directed": bool(g is not None and g.is_directed()),
        "weighted": bool(g is not None and g.graph.get("weighted")),
        "nodes": list(g.nodes) if g is not None else [],
        "edges": edges_of(g) if g is not None else [],
    }
    ITEMS.append((d, None))


NB = ["neighbors", "successors", "predecessors"]  # the same answer on undirected graphs
SP = ["shortest_path", "shortest_path_length"]
NOPATH_ALSO = {"path_exists": False}
# a cycle question on a directed graph: a topological order proves there is none, cycle_check answers the negation
DAGQ = {"tools": ["topological_sort"], "neg_tools": ["cycle_check"]}


def later_neighbours(g):
    """For an undirected graph: each node with its neighbours that come later
    in node order, so that every edge is written exactly once."""
    order = {n: i for i, n in enumerate(g.nodes)}
    out = []
    for n in g.nodes:
        later = [m for m in g.neighbors(n) if order[m] > order[n]]
        if later:
            out.append((n, later))
    return out


def and_list(xs, conj="and"):
    xs = list(xs)
    if len(xs) == 1:
        return xs[0]
    return ", ".join(xs[:-1]) + f" {conj} " + xs[-1]


# =====================================================================
# 1. nurse rota coordinator: which wards share staff
# =====================================================================
def nurse():
    fam = "nurse_rota_wards"
    wards = ["ICU", "HDU", "A&E", "Ward 4B", "Ward 5A", "Ward 6", "Paeds", "Maternity", "Neonatal",
             "Day Surgery", "Oncology", "Renal"]
    g = ug([("ICU", "HDU"), ("ICU", "A&E"), ("HDU", "Ward 4B"), ("Ward 4B", "Ward 5A"), ("Ward 5A", "Ward 6"),
            ("Ward 4B", "Ward 6"), ("A&E", "Paeds"), ("Paeds", "Neonatal"), ("Maternity", "Neonatal"),
            ("Day Surgery", "Oncology"), ("Oncology", "Renal")], wards)

    email = ("From: Bernadette Okoye <b.okoye@stmarys.nhs.uk>\nSent: 03 October 2024 07:42\n"
             "Subject: RE: bank staff sharing w/c 14/10 (rota v3.2)\n\nHi all,\n\n"
             "As agreed at Tuesday's huddle, these ward pairs share bank/float staff from the 14th:\n\n")
    email += "\n".join(f"  {u} <-> {v}" for u, v in g.edges) + "\n"
    email += ("\nAny wards not listed keep their own staff only. Queries to ext. 4417.\n\nThanks,\nBernie\n"
              "Rota Coordinator, Nursing Workforce")

    tsv = "Ward\tShares staff with\tManager ext\n"
    for i, n in enumerate(g.nodes):
        tsv += f"{n}\t{', '.join(g.neighbors(n))}\t{4400 + 7 * i}\n"

    prose = ""
    verbs = ["swaps nurses with", "shares staff with", "lends people to (and borrows from)", "pools staff with"]
    for i, (n, later) in enumerate(later_neighbours(g)):
        prose += f"{n} {verbs[i % len(verbs)]} {and_list(later)}. "

    item(fam, "degree", "email_arrows", email + "\n\nQuick one - how many other wards does Ward 4B share staff with now?",
         g, "value", f_degree("Ward 4B"), tools=["degree"])
    item(fam, "neighbors", "spreadsheet_tsv",
         "Which wards can send staff to Paeds? pasted from the rota sheet:\n\n" + tsv, g, "set",
         f_set("neighbors", "Paeds"), tools=NB)
    item(fam, "components_count", "prose",
         "ok so this is how the sharing works after the reshuffle (wk 42): " + prose +
         "\nThat's the lot. If wards that share staff form one pool (and sharing carries on "
         "down the chain), how many separate staff pools do we end up with?", g, "value", f_components,
         key="count", tools=["connected_components"])
    item(fam, "articulation_points", "email_arrows",
         "I'm worried about single points of failure in the sharing arrangement. Which wards, if they were shut "
         "(say for deep cleaning), would break a sharing pool into two or more pieces?\n\n" + email, g, "set",
         f_set("articulation"), key="nodes", tools=["articulation_points"])
    item(fam, "same_component", "spreadsheet_tsv",
         tsv + "\ncan a float nurse from Renal end up coverng Maternity by moving along these sharing links??",
         g, "value", f_reach("Renal", "Maternity"), tools=["path_exists"])
    item(fam, "common_neighbors", "spreadsheet_tsv",
         "Rota sheet below. Which ward shares staff with both Ward 5A and HDU? (want to put the float coordinator "
         "there)\n\n" + tsv, g, "set", f_set("common", "Ward 5A", "HDU"), tools=["common_neighbors"])
    refuse(fam, "refuse_missing_data", "email_arrows",
           email + "\n\nHow many nurses do we need on ICU for the night shift on the 14th?",
           "the pasted sharing list says nothing about staffing levels or demand", g)


# =====================================================================
# 2. university registrar: prerequisites copied from a PDF catalogue
# =====================================================================
COURSES = {
    "CS 1110": ("Introduction to Computing Using Python", 4, []),
    "MATH 1910": ("Calculus for Engineers", 4, []),
    "CS 2800": ("Discrete Structures", 3, ["CS 1110"]),
    "CS 2110": ("Object-Oriented Programming and Data Structures", 3, ["CS 1110"]),
    "MATH 1920": ("Multivariable Calculus for Engineers", 4, ["MATH 1910"]),
    "MATH 2940": ("Linear Algebra for Engineers", 4, ["MATH 1920"]),
    "ORIE 3500": ("Engineering Probability and Statistics", 4, ["MATH 1920"]),
    "CS 3110": ("Data Structures and Functional Programming", 4, ["CS 2110", "CS 2800"]),
    "CS 3410": ("Computer System Organization and Programming", 4, ["CS 2110"]),
    "CS 4410": ("Operating Systems", 4, ["CS 3410", "CS 3110"]),
    "CS 4780": ("Introduction to Machine Learning", 4, ["CS 2110", "MATH 2940", "ORIE 3500"]),
}


def registrar():
    fam = "registrar_prereqs"
    order = list(COURSES)

    def build(extra=()):
        e = []
        for c in order:
            for p in COURSES[c][2]:
                e.append((p, c))
        e.extend(extra)
        return dg(e, order)

    def pdf(g):
        s = ""
        for i, c in enumerate(order):
            title, cr, _ = COURSES[c]
            pre = list(g.predecessors(c))
            s += f"{c}  {title}  ({cr} credits)\n"
            s += ("Fall, spring. " if i % 2 else "Fall. ") + (
                f"Prerequisite{'s' if len(pre) > 1 else ''}: {', '.join(pre)}.\n" if pre else "Prerequisite: none.\n")
            if i % 3 == 0:
                s += f"Lec 001 MWF 10:10-11:00; Dis 2{i:02d}.\n"
            s += "\n"
        return s

    g = build()
    cat = pdf(g)
    hdr = "Copied out of the 2024-2025 Courses of Study PDF (p. 212-215), sorry about the formatting:\n\n"
    item(fam, "topological_order", "pdf_catalogue",
         hdr + cat + "A transfer student wants to take every course above, one at a time. Give me an order that "
                     "respects all the prerequisites.", g, "order", f_order, tools=["topological_sort"])
    item(fam, "predecessors", "pdf_catalogue",
         "What are the direct prerequisites of CS 4780? (not the whole chain)\n\n" + cat, g, "set",
         f_set("predecessors", "CS 4780"), tools=["predecessors"])
    item(fam, "reachability", "pdf_catalogue",
         hdr + cat + "Does MATH 1910 feed into CS 4410 at all, directly or through a chain of prerequisites?",
         g, "value", f_reach("MATH 1910", "CS 4410"), tools=["path_exists"])
    item(fam, "out_degree", "pdf_catalogue",
         cat + "How many courses in this list name CS 2110 as a prerequisite?", g, "value",
         f_degree("CS 2110", "out"), tools=["degree"])
    item(fam, "sources", "pdf_catalogue",
         "Which of these courses have no prerequisites at all?\n" + cat, g, "set", f_set("sources"),
         key="sources", tools=["sources_sinks"])
    bad = build([("CS 4410", "CS 2110")])
    badcat = pdf(bad)
    item(fam, "dag_check", "pdf_catalogue",
         "Student complaint #20931: she says the new catalogue is circular and nobody could ever finish these. "
         "Here's the relevant bit after the 2025 edit:\n\n" + badcat +
         "Is it actually possible to complete all of them in some order?", bad, "dag", f_is_dag,
         tools=["topological_sort"], neg_tools=["cycle_check"])
    refuse(fam, "refuse_no_tool", "pdf_catalogue",
           cat + "If I take at most three courses per semester, what's the minimum number of semesters to finish "
                 "all of them?",
           "a capacity-constrained scheduling question: no tool computes it", g)


# =====================================================================
# 3. volunteer fire brigade: road closures and driving minutes
# =====================================================================
ROADS = [("Altdorf", "Bürglen", 4), ("Altdorf", "Schattdorf", 5), ("Altdorf", "Flüelen", 6),
         ("Altdorf", "Attinghausen", 5), ("Altdorf", "Seedorf", 7), ("Attinghausen", "Seedorf", 6),
         ("Schattdorf", "Erstfeld", 8), ("Attinghausen", "Erstfeld", 9), ("Erstfeld", "Silenen", 7),
         ("Bürglen", "Spiringen", 12), ("Spiringen", "Unterschächen", 8), ("Flüelen", "Sisikon", 9),
         ("Bürglen", "Schattdorf", 4)]
VILLAGES = ["Altdorf", "Bürglen", "Schattdorf", "Flüelen", "Attinghausen", "Seedorf", "Erstfeld", "Silenen",
            "Spiringen", "Unterschächen", "Sisikon"]


def fire():
    fam = "fire_brigade_roads"

    def net(closed):
        cl = {frozenset(c[:2]) for c in closed}
        return ug([r for r in ROADS if frozenset(r[:2]) not in cl], VILLAGES, weighted=True)

    def msg(closed, minutes=True):
        s = "FW Uri-Nord / Einsatzleitung - Fahrzeiten TLF (Stand 11.02.2025)\n"
        for u, v, w in ROADS:
            s += f"{u} - {v}" + (f": {w} min" if minutes else "") + "\n"
        if closed:
            s += "\nGESPERRT heute / closed today:\n"
            for u, v, why in closed:
                s += f"  {u} - {v} ({why})\n"
        s += "\nPikett Tel. 041 870 12 34"
        return s

    closed = [("Bürglen", "Spiringen", "Murgang, Meldung #4471"), ("Schattdorf", "Erstfeld", "Baustelle bis 28.2.")]
    g = net(closed)
    m = msg(closed)
    item(fam, "shortest_path_weighted", "dispatch_list",
         "The engine is at the Altdorf depot. With today's closures, what's the quickest route to Silenen and how "
         "many minutes?\n\n" + m, g, "path", f_sp("Altdorf", "Silenen", True), key="length", tools=SP,
         source="Altdorf", target="Silenen")
    item(fam, "hop_count", "dispatch_list",
         m + "\n\nnot the minutes this time: how many road legs (village to village) at minimum from Seedorf to "
             "Silenen with the closures?", g, "path", f_sp("Seedorf", "Silenen", False), key="length",
         tools=["shortest_path_length"], source="Seedorf", target="Silenen")
    item(fam, "nopath", "dispatch_list",
         "Kurze Frage: " + m + "\n\nCan we get the TLF from Altdorf to Unterschächen today at all? Fastest way?",
         g, "nopath", f_nopath("Altdorf", "Unterschächen"), tools=SP, source="Altdorf", target="Unterschächen",
         also=NOPATH_ALSO)
    g0 = net([])
    m0 = msg([])
    item(fam, "bridges", "dispatch_list",
         m0 + "\n\nPlanning for winter: how many of these roads are such that closing just that one road would "
              "cut some village off from the others?", g0, "value", f_bridges, key="count", tools=["bridges"])
    item(fam, "mst_weight", "dispatch_list",
         "The Gemeinde only has budget to keep a minimal set of these roads ploughed so that every village stays "
         "connected to every other. If we pick the set with the least total driving time, how many minutes of "
         "road is that in total?\n\n" + m0, g0, "value", f_mst, key="total_weight", tools=["minimum_spanning_tree"])
    item(fam, "articulation_points", "dispatch_list",
         m + "\n\nWith today's closures, which villages are choke points - if a crash blocked that village, "
             "some other villages we can still reach today would be cut off?", g, "set", f_set("articulation"),
         key="nodes", tools=["articulation_points"])
    refuse(fam, "refuse_no_weights", "dispatch_list",
           msg([], minutes=False) + "\n\nHow many minutes does it take the engine from Altdorf to Silenen?",
           "the list gives the roads but no driving times", ug([r[:2] for r in ROADS], VILLAGES))


# =====================================================================
# 4. IT admin: LLDP neighbour tables / NMS export
# =====================================================================
SW_EDGES = [("core-sw1", "core-sw2"), ("core-sw1", "dist-a"), ("core-sw2", "dist-a"), ("core-sw1", "dist-b"),
            ("dist-a", "acc-101"), ("dist-a", "acc-102"), ("dist-b", "acc-201"), ("dist-b", "acc-202"),
            ("acc-201", "acc-202"), ("core-sw2", "fw-edge"), ("dist-b", "srv-rack3")]


def itadmin():
    fam = "it_lldp_neighbours"
    g = ug(SW_EDGES)
    ports = {}
    cnt = {}
    for u, v in g.edges:
        for a in (u, v):
            cnt[a] = cnt.get(a, 0) + 1
        ports[(u, v)] = f"Gi1/0/{cnt[u]}"
        ports[(v, u)] = f"Gi1/0/{cnt[v]}"

    def lldp(gr, who):
        s = ""
        for n in who:
            s += f"{n}#show lldp neighbors\nDevice ID        Local Intf   Hold-time  Capability  Port ID\n"
            for m in gr.neighbors(n):
                s += f"{m:<16} {ports[(n, m)]:<12} 120        B,R         {ports[(m, n)]}\n"
            s += f"Total entries displayed: {gr.degree(n)}\n\n"
        return s

    full = lldp(g, list(g.nodes))

    def csv(gr):
        s = "local_device,local_port,remote_device,remote_port,last_seen\n"
        for u, v in gr.edges:
            s += f"{u},{ports[(u, v)]},{v},{ports[(v, u)]},2024-11-0{1 + len(s) % 8} 03:1{len(s) % 10}\n"
        return s

    item(fam, "neighbors", "lldp_table",
         "Which devices hang directly off dist-b? Output from all boxes below.\n\n" + full, g, "set",
         f_set("neighbors", "dist-b"), tools=NB)
    item(fam, "articulation_points", "lldp_table",
         full + "Change CHG-30117: before the maintenance window I need to know which switches are single points "
                "of failure, i.e. if that one box dies some other devices lose their path to the rest.", g, "set",
         f_set("articulation"), key="nodes", tools=["articulation_points"])
    item(fam, "bridges", "nms_csv",
         "LibreNMS neighbour export (csv):\n" + csv(g) + "\nHow many of these links, if the cable got pulled, "
                                                        "would isolate something from the rest?",
         g, "value", f_bridges, key="count", tools=["bridges"])
    item(fam, "shortest_path_unweighted", "nms_csv",
         "how many switch hops from acc-101 to srv-rack3 at best?\n\n" + csv(g), g, "path",
         f_sp("acc-101", "srv-rack3", False), key="length", tools=SP, source="acc-101", target="srv-rack3")
    item(fam, "degree", "lldp_table",
         full + "So how many LLDP neighbours does core-sw1 have in total?", g, "value", f_degree("core-sw1"),
         tools=["degree"])
    down = ug([e for e in SW_EDGES if e != ("core-sw1", "dist-b")], list(g.nodes))
    item(fam, "components_count", "nms_csv",
         "After last night's outage (INC0048812) this is what the NMS still sees:\n" + csv(down) +
         "\nHow many separate islands is the network split into right now?", down, "value", f_components,
         key="count", tools=["connected_components"])
    item(fam, "diameter", "lldp_table",
         full + "Worst case, how many hops apart are the two most distant devices in this LAN?", g, "value",
         f_diameter, tools=["diameter"], also={"max_path_length": f_diameter(g)})
    cable = [3, 45, 40, 60, 25, 30, 20, 22, 5, 2, 15]
    speed = [40, 10, 10, 10, 1, 1, 1, 1, 1, 40, 25]
    gcab = ug([(u, v, cable[i]) for i, (u, v) in enumerate(SW_EDGES)], weighted=True)
    gspd = ug([(u, v, speed[i]) for i, (u, v) in enumerate(SW_EDGES)], weighted=True)

    def runs(gr, col):
        s = f"a_end,b_end,{col}\n"
        for u, v, d in gr.edges(data=True):
            s += f"{u},{v},{d['weight']}\n"
        return s

    item(fam, "mst_weight", "nms_csv",
         "Comms room move (PO 7781-B). These are the possible cable runs with their lengths:\n" +
         runs(gcab, "cable_m") + "\nIf I only install the runs needed to keep every device connected, using the "
         "least cable in total, how many metres is that?", gcab, "value", f_mst, key="total_weight",
         tools=["minimum_spanning_tree"])
    item(fam, "max_flow", "nms_csv",
         runs(gspd, "speed_gbps") + "\nAll links full duplex. How many Gbps can dist-a push to fw-edge in "
         "total if traffic is spread over every path?", gspd, "value", f_flow("dist-a", "fw-edge"), key="value",
         tools=["maximum_flow"])
    refuse(fam, "refuse_no_weights", "lldp_table",
           full + "What's the latency in ms from acc-101 to fw-edge?",
           "the neighbour tables give no latencies", g)
    refuse(fam, "refuse_no_capacities", "lldp_table",
           full + "What's the maximum throughput I can push from acc-101 to fw-edge?",
           "the neighbour tables give no link speeds or capacities", g)


# =====================================================================
# 5. wedding planner: feuds and who knows whom
# =====================================================================
def wedding():
    fam = "wedding_seating"
    feud = [("Aunt Rosa", "Uncle Vito"), ("Lena", "Uncle Vito"), ("Lena", "Marco"), ("Dev", "Marco"),
            ("Chloé", "Björn"), ("Dev", "Tom")]
    gf = ug(feud)
    gf2 = ug(feud + [("Aunt Rosa", "Lena")])

    def feud_text(gr):
        s = "MUST NOT SIT TOGETHER (from the bride's mum, don't ask):\n"
        for u, v in gr.edges:
            s += f"- {u} / {v}\n"
        return s

    knows = [("Priya", "Tom"), ("Priya", "Lena"), ("Tom", "Lena"), ("Tom", "Dev"), ("Priya", "Dev"),
             ("Dev", "Marco"), ("Marco", "Chloé"), ("Chloé", "Björn"), ("Björn", "Marco"), ("Priya", "Chloé"),
             ("Grandma Edie", "Aunt Rosa"), ("Aunt Rosa", "Uncle Vito"), ("Grandma Edie", "Uncle Vito")]
    gk = ug(knows)

    def knows_text(gr):
        s = "Who knows who (so nobody is stuck with strangers):\n"
        for n, later in later_neighbours(gr):
            s += f"* {n} knows {', '.join(later)}\n"
        return s

    item(fam, "bipartite", "bullet_pairs",
         "Wedding is 21 June, 112 guests, but these are the problem ones. " + feud_text(gf) +
         "\nIf I only use two long tables for this lot, can I split them so no two people on the list end up "
         "at the same table?", gf, "value", f_bipartite, key="bipartite", tools=["is_bipartite"])
    item(fam, "bipartite", "bullet_pairs",
         "Update: turns out Aunt Rosa and Lena fell out at the hen do too.\n\n" + feud_text(gf2) +
         "\nStill possible to put them at just two tables with no feuding pair together?", gf2, "value",
         f_bipartite, key="bipartite", tools=["is_bipartite"])
    item(fam, "common_neighbors", "bullet_adjacency",
         knows_text(gk) + "\nWho do both Priya and Marco know? I want to put that person between them.", gk,
         "set", f_set("common", "Priya", "Marco"), tools=["common_neighbors"])
    item(fam, "triangles", "bullet_adjacency",
         "How many trios are there where all three people know each other?\n\n" + knows_text(gk), gk, "value",
         f_triangles, key="triangles", tools=["triangle_count"])
    item(fam, "degree", "bullet_adjacency",
         knows_text(gk) + "\nhow many of these guests does Tom know?", gk, "value", f_degree("Tom"),
         tools=["degree"])
    item(fam, "components_count", "bullet_adjacency",
         "Thinking of grouping tables by social circle. " + knows_text(gk) +
         "\nIf 'knows' chains count as one circle, how many separate circles are there?", gk, "value",
         f_components, key="count", tools=["connected_components"])
    item(fam, "same_component", "bullet_adjacency",
         knows_text(gk) + "\nAre Grandma Edie and Priya connected at all, even through friends of friends?", gk,
         "value", f_reach("Grandma Edie", "Priya"), tools=["path_exists"])
    refuse(fam, "refuse_chromatic", "bullet_pairs",
           feud_text(gf2) + "\nWhat is the minimum number of tables I need so that no feuding pair shares a table?",
           "minimum number of colours (chromatic number): the colouring tool is greedy and gives only an upper bound",
           gf2)
    gs = ug(knows + [("Sam K.", "Lena"), ("Sam P.", "Dev"), ("Sam P.", "Tom")])
    refuse(fam, "refuse_ambiguous", "bullet_adjacency",
           knows_text(gs) + "\nHow many people does Sam know?",
           "two guests are called Sam (Sam K. and Sam P.)", gs)


# =====================================================================
# 6. data engineer: Airflow / dbt dependencies
# =====================================================================
def dataeng():
    fam = "airflow_dbt_deps"
    af = dg([("extract_orders", "clean_orders"), ("extract_customers", "clean_customers"),
             ("clean_orders", "join_customers"), ("clean_customers", "join_customers"), ("clean_orders", "agg_daily"),
             ("join_customers", "load_warehouse"), ("agg_daily", "load_warehouse"),
             ("load_warehouse", "refresh_dashboard"), ("load_warehouse", "notify_slack")])

    def airflow(gr):
        s = ("from airflow import DAG\nfrom airflow.operators.empty import EmptyOperator\nfrom datetime import datetime\n\n"
             "with DAG(\"nightly_sales\", schedule=\"0 2 * * *\", start_date=datetime(2024, 3, 1), catchup=False) as dag:\n")
        for n in gr.nodes:
            s += f"    {n} = EmptyOperator(task_id=\"{n}\")\n"
        s += "\n"
        for n in gr.nodes:
            succ = list(gr.successors(n))
            if len(succ) == 1:
                s += f"    {n} >> {succ[0]}\n"
            elif succ:
                s += f"    {n} >> [{', '.join(succ)}]\n"
        return s

    item(fam, "topological_order", "airflow_python",
         "If this ran on a single worker, in what order could the tasks run?\n```python\n" + airflow(af) + "```",
         af, "order", f_order, tools=["topological_sort"])
    item(fam, "successors", "airflow_python",
         "```\n" + airflow(af) + "```\nwhat runs directly after clean_orders finishes?", af, "set",
         f_set("neighbors", "clean_orders"), tools=["successors", "neighbors"])
    item(fam, "sources", "airflow_python",
         airflow(af) + "\nWhich tasks have no upstream dependencies (they kick off the run)?", af, "set",
         f_set("sources"), key="sources", tools=["sources_sinks"])

    models = {"stg_orders": [], "stg_payments": [], "stg_customers": [],
              "int_order_payments": ["stg_orders", "stg_payments"],
              "fct_orders": ["int_order_payments", "stg_orders"],
              "dim_customers": ["stg_customers", "fct_orders"],
              "rpt_revenue": ["fct_orders", "dim_customers"]}

    def dbt(extra=()):
        e = [(d, m) for m, ds in models.items() for d in ds] + list(extra)
        return dg(e, list(models))

    def dbt_ls(gr):
        s = "$ dbt ls --resource-type model --output json --output-keys name depends_on\n"
        for m in gr.nodes:
            deps = ", ".join(f"\"model.shop.{d}\"" for d in gr.predecessors(m))
            s += f"{{\"name\": \"{m}\", \"depends_on\": {{\"macros\": [], \"nodes\": [{deps}]}}}}\n"
        return s

    gd = dbt()
    item(fam, "predecessors", "dbt_ls_json",
         dbt_ls(gd) + "\nWhat does fct_orders directly depend on?", gd, "set",
         f_set("predecessors", "fct_orders"), tools=["predecessors"])
    item(fam, "reachability", "dbt_ls_json",
         "stg_payments is broken after the source schema change (dbt 1.7.4). Does that affect rpt_revenue "
         "downstream?\n\n" + dbt_ls(gd), gd, "value", f_reach("stg_payments", "rpt_revenue"),
         tools=["path_exists"])
    gc = dbt([("rpt_revenue", "int_order_payments")])
    item(fam, "cycle", "dbt_ls_json",
         "someone added a ref() to int_order_payments and now CI is red. Is there actually a dependency cycle "
         "in here?\n\n" + dbt_ls(gc), gc, "dag", f_is_dag, **DAGQ)
    refuse(fam, "refuse_missing_data", "airflow_python",
           airflow(af) + "\nHow long will the nightly run take end to end?",
           "the DAG gives no task durations", af)


# =====================================================================
# 7. sociologist: interview notes "X mentioned Y as a friend"
# =====================================================================
def sociologist():
    fam = "sociologist_interviews"
    g = dg([("Ana", "Bruno"), ("Ana", "Carla"), ("Bruno", "Ana"), ("Bruno", "Dmitri"), ("Carla", "Dmitri"),
            ("Dmitri", "Eun-ji"), ("Eun-ji", "Farah"), ("Farah", "Eun-ji"), ("Farah", "Dmitri"),
            ("Gonçalo", "Hana"), ("Hana", "Gonçalo"), ("Ikechukwu", "Hana"), ("Jules", "Carla")])

    def notes(gr):
        s = "Fieldwork notes, Lisbon cohort (coded 2023-05)\n\n"
        for i, n in enumerate(gr.nodes):
            succ = list(gr.successors(n))
            s += f"Interview {i + 3:02d} ({10 + i} May), respondent {n}, age {19 + (i * 7) % 40}: "
            if succ:
                s += f"mentioned {and_list(succ)} as {'a friend' if len(succ) == 1 else 'friends'}."
            else:
                s += "did not name anyone as a friend."
            s += [" Long pauses.", " Recorded on device 2.", "", " Follow-up needed."][i % 4] + "\n"
        return s

    t = notes(g)
    item(fam, "in_degree", "interview_notes",
         t + "\nHow many respondents named Dmitri as a friend?", g, "value", f_degree("Dmitri", "in"),
         tools=["degree"])
    item(fam, "out_degree", "interview_notes",
         "For the ego-network table: how many friends did Ana name?\n\n" + t, g, "value", f_degree("Ana", "out"),
         tools=["degree"])
    item(fam, "predecessors", "interview_notes",
         t + "\nWho mentioned Eun-ji?", g, "set", f_set("predecessors", "Eun-ji"), tools=["predecessors"])
    item(fam, "density", "interview_notes",
         t + "\nTreating each mention as a directed tie, what's the density of this friendship network?", g,
         "value", f_density, tools=["density"])
    item(fam, "components_count", "interview_notes",
         "Ignoring the direction of the nominations, into how many separate clusters does the cohort fall?\n" + t,
         g, "value", f_components, key="count", tools=["connected_components"])
    item(fam, "reachability", "interview_notes",
         t + "\nFollowing the nominations in the direction they were made, is there a chain from Jules to Farah?",
         g, "value", f_reach("Jules", "Farah"), tools=["path_exists"])
    refuse(fam, "refuse_ambiguous", "interview_notes",
           t + "\nWho is the most central respondent?",
           "'central' has several measures (in-degree, betweenness, closeness, PageRank...)", g)
    refuse(fam, "refuse_no_tool", "interview_notes",
           t + "\nWhat is the reciprocity of this network, i.e. the share of nominations that were returned?",
           "reciprocity: no tool computes it", g)


# =====================================================================
# 8. airline hobbyist: direct flights and fares
# =====================================================================
FLIGHTS = [("LHR", "DUB", 45, "EI 153"), ("DUB", "LHR", 50, "EI 154"), ("LHR", "KEF", 120, "FI 451"),
           ("KEF", "OSL", 95, "FI 318"), ("OSL", "BGO", 40, "SK 263"), ("BGO", "OSL", 42, "SK 264"),
           ("OSL", "TOS", 70, "DY 370"), ("OSL", "ARN", 55, "SK 489"), ("ARN", "HEL", 60, "AY 804"),
           ("HEL", "RIX", 48, "BT 302"), ("RIX", "TLL", 35, "BT 313"), ("TLL", "HEL", 30, "AY 1014"),
           ("ARN", "RIX", 65, "BT 104"), ("LHR", "OSL", 110, "BA 762"), ("FAE", "KEF", 150, "RC 401")]


def airline():
    fam = "airline_routes_fares"
    g = dg([f[:3] for f in FLIGHTS], weighted=True)

    def table(fares=True):
        s = "FLIGHT   ROUTE        DEP    " + ("FARE" if fares else "") + "\n"
        for i, (u, v, w, no) in enumerate(FLIGHTS):
            s += f"{no:<8} {u} -> {v}   {6 + i % 14:02d}:{(i * 17) % 60:02d}  " + (f"EUR {w}" if fares else "") + "\n"
        return s.rstrip() + "\n"

    t = table()
    hdr = "My spreadsheet of one-way direct flights for the winter schedule (S24/W24), cheapest fare seen:\n"
    item(fam, "shortest_path_weighted", "timetable",
         hdr + t + "\ncheapest way to get frm LHR to HEL using only these flights? total fare pls", g, "path",
         f_sp("LHR", "HEL", True), key="length", tools=SP, source="LHR", target="HEL")
    item(fam, "hop_count", "timetable",
         "Ignoring price, what's the fewest number of flights from LHR to TLL?\n" + t, g, "path",
         f_sp("LHR", "TLL", False), key="length", tools=["shortest_path_length"], source="LHR", target="TLL")
    item(fam, "nopath", "timetable",
         hdr + t + "\nCheapest routing LHR to FAE (Faroes)?", g, "nopath", f_nopath("LHR", "FAE"), tools=SP,
         source="LHR", target="FAE", also=NOPATH_ALSO)
    item(fam, "reachability", "timetable",
         t + "\nIf I fly into TOS, can I get back to LHR on these flights at all?", g, "value",
         f_reach("TOS", "LHR"), tools=["path_exists"])
    item(fam, "edge_count", "timetable",
         "How many direct routes are in my list? " + hdr + t, g, "value", f_edges,
         tools=["edge_count", "size"])
    gn = dg([f[:2] for f in FLIGHTS])
    refuse(fam, "refuse_no_weights", "timetable",
           "Here are the routes I found:\n" + table(fares=False) + "\nWhat's the cheapest way from LHR to RIX?",
           "the list shows no fares", gn)
    refuse(fam, "refuse_missing_data", "timetable",
           hdr + t + "\nWhich is the fastest connection from LHR to RIX, in hours?",
           "only fares and departure times are given, no flight durations or arrivals", g)


# =====================================================================
# 9. warehouse manager: conveyor capacities (boxes/hour)
# =====================================================================
def warehouse():
    fam = "warehouse_conveyors"
    g = dg([("Dock 1", "Sorter A", 600), ("Dock 1", "Sorter B", 300), ("Dock 2", "Sorter B", 450),
            ("Sorter A", "Merge", 400), ("Sorter A", "Shrinkwrap", 250), ("Sorter B", "Merge", 350),
            ("Sorter B", "Returns", 100), ("Merge", "Packing", 700), ("Shrinkwrap", "Packing", 200),
            ("Packing", "Dispatch", 800), ("Returns", "Dispatch", 80)], weighted=True)

    def sheet(gr):
        s = "Belt ID\tFrom\tTo\tRated capacity (boxes/hr)\n"
        for i, (u, v, d) in enumerate(gr.edges(data=True)):
            s += f"CV-{101 + i}\t{u}\t{v}\t{d['weight']}\n"
        return s

    def email(gr):
        s = "Re: peak season throughput (ticket WH-2291, Building 3)\n\nConveyor runs, one way only:\n"
        for u, v, d in gr.edges(data=True):
            s += f"  {u} feeds {v} at up to {d['weight']} boxes an hour\n"
        return s

    item(fam, "max_flow", "spreadsheet_tsv",
         "Hi Dan, quick one before the 2pm call: what's the most boxes per hour we can move from Dock 1 to "
         "Packing? Belt list from the WMS:\n\n" + sheet(g) + "\nCheers, Priti (ext 2231)", g, "value",
         f_flow("Dock 1", "Packing"), key="value", tools=["maximum_flow"])
    item(fam, "max_flow", "email_prose",
         "Max throughput from Dock 2 all the way to Dispatch, boxes/hr?\n\n" + email(g), g, "value",
         f_flow("Dock 2", "Dispatch"), key="value", tools=["maximum_flow"])
    item(fam, "max_flow", "email_prose",
         email(g) + "\nIf only Dock 1 is receiving on Saturday, what's the best case boxes/hour that can reach "
                    "Dispatch?", g, "value", f_flow("Dock 1", "Dispatch"), key="value", tools=["maximum_flow"])
    item(fam, "successors", "spreadsheet_tsv",
         "wich stations does Sorter B feed straight into?\n" + sheet(g), g, "set", f_set("neighbors", "Sorter B"),
         tools=["successors", "neighbors"])
    item(fam, "edge_count", "spreadsheet_tsv",
         sheet(g) + "\nhow many conveyor belts is that?", g, "value", f_edges, tools=["edge_count", "size"])
    refuse(fam, "refuse_no_weights", "spreadsheet_tsv",
           sheet(g) + "\nWhat's the shortest route in metres for a box from Dock 1 to Dispatch?",
           "the numbers are capacities, not lengths", g)
    refuse(fam, "refuse_missing_data", "email_prose",
           email(g) + "\nHow many minutes does a box take to get from Dock 1 to Dispatch?",
           "capacities only: no belt lengths or speeds", g)


# =====================================================================
# 10. teenager: group chat, who talks to whom
# =====================================================================
def teen():
    fam = "teen_group_chat"
    ed = [("maya", "leo", 1204), ("maya", "jess", 388), ("leo", "jess", 97), ("jess", "kai", 612),
          ("kai", "zoë", 45), ("kai", "ty", 230), ("zoë", "ty", 19), ("ty", "bex", 77), ("bex", "omar", 501),
          ("omar", "nina", 64), ("bex", "nina", 130), ("leo", "kai", 12)]
    g = ug(ed, weighted=True)

    def dm_list(gr):
        s = "screenshot of my dm stats thing lol (msgs since jan):\n"
        for u, v, d in gr.edges(data=True):
            s += f"{u} & {v} - {d['weight']:,} msgs\n"
        return s

    ug_plain = ug([e[:2] for e in ed])

    def slang(gr):
        s = ""
        bits = ["talks w", "is always texting", "dms", "literally never stops messaging"]
        for i, (n, later) in enumerate(later_neighbours(gr)):
            s += f"{n} {bits[i % 4]} {and_list(later, 'n')}, "
        return s.rstrip(", ") + "."

    t = dm_list(g)
    item(fam, "degree", "chat_stats",
         t + "\nhow many ppl does kai actually talk to", g, "value", f_degree("kai"), tools=["degree"])
    item(fam, "common_neighbors", "slang_prose",
         "ok so in our gc " + slang(ug_plain) + " who do maya and kai BOTH talk to??", ug_plain, "set",
         f_set("common", "maya", "kai"), tools=["common_neighbors"])
    item(fam, "triangles", "chat_stats",
         "how many little trios r there where all 3 talk to each other\n" + t, g, "value", f_triangles,
         key="triangles", tools=["triangle_count"])
    item(fam, "articulation_points", "slang_prose",
         slang(ug_plain) + " is there anyone who's like the only link holding the friend groups together? like if "
                           "they left the chat ppl would get split up", ug_plain, "set", f_set("articulation"),
         key="nodes", tools=["articulation_points"])
    split = ug([e[:2] for e in ed if e[:2] != ("ty", "bex")])
    item(fam, "components_count", "slang_prose",
         "after the drama on 14/2 ty n bex stopped talking. now " + slang(split) +
         " how many separate friend groups r there now", split, "value", f_components, key="count",
         tools=["connected_components"])
    item(fam, "density", "chat_stats",
         t + "\nmy stats teacher says networks have a 'density'. whats the density of ours", g, "value", f_density,
         tools=["density"])
    refuse(fam, "refuse_cannot_determine", "chat_stats",
           t + "\ndoes kai like me?? be honest", "a feeling the message counts cannot tell", g)


# =====================================================================
# 11. teacher: class pen-pal pairs
# =====================================================================
def teacher():
    fam = "teacher_penpals"
    leeds = ["Amir", "Bella", "Charlie", "Daisy", "Ethan", "Freya"]
    lyon = ["Léa", "Hugo", "Inès", "Théo", "Manon"]
    g = ug([("Amir", "Léa"), ("Amir", "Hugo"), ("Bella", "Hugo"), ("Charlie", "Inès"), ("Daisy", "Inès"),
            ("Daisy", "Théo"), ("Ethan", "Manon"), ("Freya", "Manon"), ("Bella", "Léa")], leeds + lyon)

    def lst(gr):
        s = "Pen pals 2024/25 - Year 5 (Leeds) <-> CM2 Mme Roux (Lyon)\n"
        for u, v in gr.edges:
            s += f"{u} - {v}\n"
        return s

    t = lst(g)
    item(fam, "matching", "pairs_list",
         t + "\nNext term each child should write to exactly one pen pal. Keeping only pairs from this list, "
             "what's the largest number of pairs I can keep so nobody has two?", g, "matching", f_matching(leeds),
         tools=["maximum_bipartite_matching"])
    item(fam, "degree", "pairs_list",
         "How many pen pals does Daisy have?\n" + t, g, "value", f_degree("Daisy"), tools=["degree"])
    item(fam, "node_count", "pairs_list",
         t + "\nHow many children are involved altogether (both schools)?", g, "value", f_nodes,
         tools=["node_count", "order"])
    item(fam, "edge_count", "pairs_list",
         "For the parents' newsletter (deadline 12 Nov): how many pen-pal pairs do we have? " + t, g, "value",
         f_edges, tools=["edge_count", "size"])
    item(fam, "neighbors", "pairs_list",
         t + "\nWho writes to Inès?", g, "set", f_set("neighbors", "Inès"), tools=NB)
    mixed = ug([("Amir", "Bella"), ("Bella", "Charlie"), ("Charlie", "Daisy"), ("Daisy", "Amir"), ("Ethan", "Freya"),
                ("Freya", "Léa"), ("Léa", "Ethan")])
    item(fam, "bipartite", "pairs_list",
         "Mixed club this year, no fixed classes. Pairs so far:\n" + "\n".join(f"{u} - {v}" for u, v in mixed.edges) +
         "\nCan I split these children into two groups so that every pair has one child from each group?", mixed,
         "value", f_bipartite, key="bipartite", tools=["is_bipartite"])
    refuse(fam, "refuse_cannot_determine", "pairs_list",
           t + "\nHow many letters will have been sent by the end of June?",
           "the pairs list says nothing about how often children write", g)


# =====================================================================
# 12. microservices team: call graph from tracing
# =====================================================================
def microservices():
    fam = "microservices_tracing"
    ed = [("api-gateway", "auth-svc", 3), ("api-gateway", "cart-svc", 8), ("api-gateway", "catalog-svc", 6),
          ("cart-svc", "inventory-svc", 5), ("cart-svc", "redis-cache", 1), ("cart-svc", "checkout-svc", 12),
          ("checkout-svc", "payments-svc", 40), ("checkout-svc", "inventory-svc", 7),
          ("payments-svc", "ledger-db", 9), ("catalog-svc", "redis-cache", 2), ("inventory-svc", "ledger-db", 15),
          ("checkout-svc", "notify-svc", 4)]
    g = dg(ed, weighted=True)
    spans = [(i * 7919) % 50000 + 120 for i in range(len(ed) + 1)]  # span counts per caller/callee pair
    gu = dg([(u, v, spans[i]) for i, (u, v, _) in enumerate(ed)], weighted=True)

    def jaeger(gr):
        s = "Jaeger > System Architecture > DAG (last 1h, env=prod-eu-2)\n"
        for i, (u, v, d) in enumerate(gr.edges(data=True)):
            s += f"{u} → {v}   p50 {d['weight']} ms   (op: {['GET', 'POST'][i % 2]} /v2/{v.split('-')[0]})\n"
        return s

    def deps(gr):
        s = "caller,callee,span_count\n"
        for u, v, d in gr.edges(data=True):
            s += f"{u},{v},{d['weight']}\n"
        return s

    item(fam, "successors", "tracing_export",
         jaeger(g) + "\nWhich services does checkout-svc call directly?", g, "set",
         f_set("neighbors", "checkout-svc"), tools=["successors", "neighbors"])
    item(fam, "predecessors", "dependency_csv",
         "we want to migrate ledger-db; who calls it directly?\n" + deps(gu), gu, "set",
         f_set("predecessors", "ledger-db"), tools=["predecessors"])
    item(fam, "reachability", "dependency_csv",
         deps(gu) + "\nDoes catalog-svc end up hitting ledger-db anywhere down its call chain?", gu, "value",
         f_reach("catalog-svc", "ledger-db"), tools=["path_exists"])
    item(fam, "cycle", "tracing_export",
         "Architecture review JIRA ARCH-88: do we have any circular call dependency in prod?\n" + jaeger(g), g,
         "dag", f_is_dag, **DAGQ)
    gc = dg([(u, v, spans[i]) for i, (u, v, _) in enumerate(ed)] + [("notify-svc", "cart-svc", spans[-1])], weighted=True)
    item(fam, "cycle", "dependency_csv",
         "After adding the 'resend cart reminder' feature (v2.14.0):\n" + deps(gc) +
         "\nIs there a circular dependency now?", gc, "dag", f_is_dag, **DAGQ)
    item(fam, "shortest_path_weighted", "tracing_export",
         jaeger(g) + "\nSumming p50s, what's the lowest-latency call chain from api-gateway to ledger-db?", g,
         "path", f_sp("api-gateway", "ledger-db", True), key="length", tools=SP, source="api-gateway",
         target="ledger-db")
    item(fam, "hop_count", "tracing_export",
         "Fewest service hops from api-gateway to ledger-db (count hops, not ms)?\n" + jaeger(g), g, "path",
         f_sp("api-gateway", "ledger-db", False), key="length", tools=["shortest_path_length"],
         source="api-gateway", target="ledger-db")
    refuse(fam, "refuse_cannot_determine", "tracing_export",
           jaeger(g) + "\nWhich service caused yesterday's spike of 500 errors?",
           "the call graph has no error data", g)


# =====================================================================
# 13. river authority: tributaries
# =====================================================================
def river():
    fam = "river_tributaries"
    g = dg([("Ashbrook", "Cole Beck"), ("Furze Gill", "Cole Beck"), ("Cole Beck", "River Wend"),
            ("Holme Water", "River Wend"), ("Little Wend", "River Wend"), ("Mill Race", "Little Wend"),
            ("River Wend", "River Tam"), ("Stour Leat", "River Tam"), ("River Tam", "Tam Estuary")])

    def register(gr):
        s = "Gauging station register (extract, rev. 2019/04)\nStation | Watercourse | Discharges into | NGR\n"
        for i, n in enumerate(gr.nodes):
            succ = list(gr.successors(n))
            s += f"{27041 + 13 * i} | {n} | {succ[0] if succ else '(tidal limit)'} | SE {400 + 7 * i} {330 + 3 * i}\n"
        return s

    t = register(g)
    item(fam, "predecessors", "register_table",
         "Morning - for the catchment report (due 30/09) I need to know which watercourses flow directly into "
         "the River Wend. Register extract:\n\n" + t + "\nRegards,\nK. Patel, Hydrometry & Telemetry, 0113 246 8800", g, "set",
         f_set("predecessors", "River Wend"), tools=["predecessors"])
    item(fam, "reachability", "register_table",
         "Pollution incident 2024-117 reported at Furze Gill. Would it reach the Tam Estuary?\n\n" + t, g, "value",
         f_reach("Furze Gill", "Tam Estuary"), tools=["path_exists"])
    item(fam, "nopath", "register_table",
         t + "\nIf we put tracer dye into the River Tam, by which route would it get to Ashbrook, and in how many "
             "reaches?", g, "nopath", f_nopath("River Tam", "Ashbrook"), tools=SP, source="River Tam",
         target="Ashbrook", also=NOPATH_ALSO)
    item(fam, "shortest_path_unweighted", "register_table",
         t + "\nHow many river-to-river joins does water from Mill Race pass through before it reaches the Tam "
             "Estuary (count each step into the next watercourse)?", g, "path",
         f_sp("Mill Race", "Tam Estuary", False), key="length", tools=SP, source="Mill Race", target="Tam Estuary")
    item(fam, "in_degree", "register_table",
         "How many watercourses join the River Tam directly?\n" + t, g, "value", f_degree("River Tam", "in"),
         tools=["degree"])
    refuse(fam, "refuse_ambiguous", "register_table",
           t + "\nWhich one is the main river here?",
           "'main river' is not defined by the register (longest, largest, most tributaries...)", g)
    refuse(fam, "refuse_missing_data", "register_table",
           t + "\nWhat is the mean flow in cumecs at the Tam Estuary?",
           "the register lists connections only, no discharge data", g)


# =====================================================================
# 14. railway modeller: track segments in cm
# =====================================================================
def railway():
    fam = "model_railway_track"
    g = ug([("Fiddle Yard", "Junction A", 45), ("Junction A", "Oakham Station", 60), ("Junction A", "Tunnel Mouth", 80),
            ("Tunnel Mouth", "Viaduct", 35), ("Viaduct", "Junction B", 50), ("Oakham Station", "Junction B", 55),
            ("Junction B", "Goods Yard", 30), ("Goods Yard", "Engine Shed", 20),
            ("Junction B", "Branch Terminus", 110)], weighted=True)

    def post(gr):
        s = ("Layout 'Oakham & District' (00 gauge, 1:76, board 2.4 x 1.2 m) - track plan as laid, "
             "lengths measured with a tape:\n")
        for u, v, d in gr.edges(data=True):
            s += f"  {u} to {v}: {d['weight']} cm\n"
        return s

    t = post(g)
    item(fam, "shortest_path_weighted", "forum_post",
         t.replace("with a tape:\n", "with a tape. What's the shortest run in cm from the Fiddle Yard to the "
                   "Branch Terminus? Plan:\n") + "\nThanks in advance, Dave (Oakham MRC, member no. 0457)", g, "path",
         f_sp("Fiddle Yard", "Branch Terminus", True), key="length", tools=SP, source="Fiddle Yard",
         target="Branch Terminus")
    item(fam, "mst_weight", "forum_post",
         "If I rebuilt this with the least total track that still connects every location, how many cm of track "
         "would I need?\n" + t, g, "value", f_mst, key="total_weight", tools=["minimum_spanning_tree"])
    item(fam, "cycle", "forum_post",
         t + "\nCan a train run round a continuous loop on this layout, or is it all end-to-end?", g, "value",
         f_has_cycle, tools=["cycle_check"])
    item(fam, "degree", "forum_post",
         t + "\nHow many track segments meet at Junction B?", g, "value", f_degree("Junction B"), tools=["degree"])
    item(fam, "bridges", "forum_post",
         "How many of these segments would cut part of the layout off if I lifted just that one?\n" + t, g, "value",
         f_bridges, key="count", tools=["bridges"])
    refuse(fam, "refuse_missing_data", "forum_post",
           t + "\nHow many seconds does my Class 37 take from the Fiddle Yard to the Branch Terminus?",
           "no speeds are given", g)


# =====================================================================
# 15. recipe writer: steps that must precede others
# =====================================================================
def recipe():
    fam = "recipe_steps"
    base = [("soak beans", "boil beans"), ("chop onions", "fry onions"), ("fry onions", "make sofrito"),
            ("make sofrito", "add tomatoes"), ("boil beans", "simmer stew"), ("add tomatoes", "simmer stew"),
            ("simmer stew", "serve"), ("toast bread", "rub garlic on toast"), ("rub garlic on toast", "serve")]
    g = dg(base)

    def needs(gr):
        s = "Draft for the blog (Fabada-ish bean stew, serves 4):\n"
        for n in gr.nodes:
            pre = list(gr.predecessors(n))
            s += f"- {n}" + (f" (after: {', '.join(pre)})" if pre else " (can start any time)") + "\n"
        return s

    def prose(gr):
        s = ""
        for u, v in gr.edges:
            s += f"'{u}' has to be done before '{v}'. "
        return s

    item(fam, "topological_order", "bullet_needs",
         needs(g) + "\nGive me one valid order to write the steps in.", g, "order", f_order,
         tools=["topological_sort"])
    bad = dg(base + [("serve", "toast bread")])
    item(fam, "dag_check", "prose_rules",
         "My tester says the method contradicts itself. The rules: " + prose(bad) +
         "Can all the steps actually be done in some order?", bad, "dag", f_is_dag, tools=["topological_sort"],
         neg_tools=["cycle_check"])
    item(fam, "predecessors", "bullet_needs",
         "What has to be finished right before I can simmer stew?\n" + needs(g), g, "set",
         f_set("predecessors", "simmer stew"), tools=["predecessors"])
    item(fam, "node_count", "prose_rules",
         prose(g) + "\nHow many distinct steps is that?", g, "value", f_nodes, tools=["node_count", "order"])
    item(fam, "reachability", "bullet_needs",
         needs(g) + "\nDoes 'soak beans' have to happen before 'add tomatoes', even indirectly?", g, "value",
         f_reach("soak beans", "add tomatoes"), tools=["path_exists"])
    refuse(fam, "refuse_ambiguous", "bullet_needs",
           needs(g) + "\nWhat has to come right after the beans?",
           "'the beans' may be 'soak beans' or 'boil beans'", g)
    refuse(fam, "refuse_missing_data", "bullet_needs",
           needs(g) + "\nHow long will the whole recipe take from start to finish?",
           "the steps have no durations", g)


# =====================================================================
# 16. translator: glossary "see also" links
# =====================================================================
def translator():
    fam = "translator_glossary"
    g = dg([("Abfindung", "severance pay"), ("severance pay", "indemnité de licenciement"),
            ("indemnité de licenciement", "Abfindung"), ("Kündigung", "notice period"), ("Kündigung", "Abfindung"),
            ("notice period", "préavis"), ("préavis", "Kündigungsfrist"), ("Kündigungsfrist", "notice period"),
            ("Arbeitsvertrag", "employment contract"), ("employment contract", "contrat de travail"),
            ("Arbeitsvertrag", "Probezeit"), ("Probezeit", "période d'essai"), ("Arbeitsvertrag", "Kündigung")])

    def glossary(gr):
        s = "Glossar Arbeitsrecht DE/EN/FR v0.9 (export from Termbase, 2024-06-30)\n"
        for n in gr.nodes:
            succ = list(gr.successors(n))
            if succ:
                s += f"{n}  →  see also: {'; '.join(succ)}\n"
            else:
                s += f"{n}  →  (no cross-reference)\n"
        return s

    t = glossary(g)
    item(fam, "successors", "termbase_export",
         t + "\nWhich entries does 'Kündigung' point to?", g, "set", f_set("neighbors", "Kündigung"),
         tools=["successors", "neighbors"])
    item(fam, "predecessors", "termbase_export",
         "Which entries have a see-also pointing to notice period?\n\n" + t, g, "set",
         f_set("predecessors", "notice period"), tools=["predecessors"])
    item(fam, "shortest_path_unweighted", "termbase_export",
         t + "\nStarting at Arbeitsvertrag, how many see-also clicks at least to reach préavis?", g, "path",
         f_sp("Arbeitsvertrag", "préavis", False), key="length", tools=SP, source="Arbeitsvertrag",
         target="préavis")
    item(fam, "cycle", "termbase_export",
         "Do the cross-references ever loop back on themselves?\n" + t, g, "dag", f_is_dag,
         **DAGQ)
    item(fam, "scc_count", "termbase_export",
         t + "\nHow many strongly connected groups do the see-also links form (terms that can all reach each "
             "other, singletons included)?", g, "value", f_scc, key="count",
         tools=["strongly_connected_components"])
    item(fam, "reachability", "termbase_export",
         t + "\nCan a reader get from Probezeit to Abfindung by following see-also links?", g, "value",
         f_reach("Probezeit", "Abfindung"), tools=["path_exists"])
    refuse(fam, "refuse_ambiguous", "termbase_export",
           t + "\nWhich term is the most important one in this glossary?",
           "'most important' has no single meaning (degree, PageRank, betweenness...)", g)


# =====================================================================
# 17. football coach: passes between players
# =====================================================================
def football():
    fam = "football_passes"
    ed = [("Okafor", "Silva", 12), ("Okafor", "Reyes", 8), ("Silva", "Müller", 15), ("Silva", "Reyes", 6),
          ("Reyes", "Tanaka", 9), ("Müller", "Tanaka", 11), ("Müller", "Ndiaye", 7), ("Tanaka", "Ndiaye", 14),
          ("Tanaka", "O'Brien", 5), ("Ndiaye", "Costa", 10), ("O'Brien", "Costa", 4), ("Costa", "Tanaka", 3),
          ("Dubois", "Müller", 2)]
    g = dg(ed, weighted=True)
    shirt = {"Okafor": 1, "Silva": 4, "Reyes": 3, "Müller": 8, "Tanaka": 10, "Ndiaye": 7, "O'Brien": 11,
             "Costa": 9, "Dubois": 14}

    def stats(gr):
        s = "U17 v Harford Town, 2-1 (Sat 9 Nov) - completed passes, from the Veo export\nPasser (No.) | Receiver (No.) | Completed\n"
        for u, v, d in gr.edges(data=True):
            s += f"{u} ({shirt[u]}) | {v} ({shirt[v]}) | {d['weight']}\n"
        return s

    t = stats(g)
    item(fam, "out_degree", "stats_table",
         t + "\nHow many different teammates did Tanaka pass to?", g, "value", f_degree("Tanaka", "out"),
         tools=["degree"])
    item(fam, "in_degree", "stats_table",
         "From how many different players did Costa receive the ball?\n" + t, g, "value",
         f_degree("Costa", "in"), tools=["degree"])
    item(fam, "successors", "stats_table",
         t + "\nWho did Müller pass to?", g, "set", f_set("neighbors", "Müller"), tools=["successors", "neighbors"])
    item(fam, "hop_count", "stats_table",
         t + "\nUsing only pass connections that happened, what's the minimum number of passes to get the ball "
             "from Okafor to Costa?", g, "path", f_sp("Okafor", "Costa", False), key="length",
         tools=["shortest_path_length"], source="Okafor", target="Costa")
    item(fam, "density", "stats_table",
         "What's the density of our passing network (directed, who-passed-to-whom)?\n" + t, g, "value", f_density,
         tools=["density"])
    refuse(fam, "refuse_ambiguous", "stats_table",
           t + "\nWho was our best playmaker?", "'best playmaker' is not one defined measure", g)
    refuse(fam, "refuse_no_tool", "stats_table",
           t + "\nWhat's the longest passing move possible without any player touching the ball twice?",
           "longest simple path: no tool computes it", g)


# =====================================================================
# 18. municipal planner: districts that border each other
# =====================================================================
def municipal():
    fam = "municipal_districts"
    g = ug([("Altstadt", "Nordend"), ("Altstadt", "Westend"), ("Altstadt", "Südviertel"),
            ("Altstadt", "Bahnhofsviertel"), ("Altstadt", "Neue Mitte"), ("Nordend", "Ostpark"),
            ("Nordend", "Riedberg"), ("Westend", "Bahnhofsviertel"), ("Südviertel", "Hafen"),
            ("Neue Mitte", "Südviertel"), ("Ostpark", "Neue Mitte")])

    def minutes(gr):
        s = ("Stadtplanungsamt - Protokoll AG Bezirksgrenzen, 05.03.2025 (TOP 3)\n"
             "Festgestellte gemeinsame Grenzen / shared borders:\n")
        for i, (n, later) in enumerate(later_neighbours(gr)):
            s += f"{i + 1}. {n} grenzt an {', '.join(later)}\n"
        return s

    def table(gr):
        s = "| District | Borders |\n|---|---|\n"
        for n in gr.nodes:
            s += f"| {n} | {', '.join(gr.neighbors(n))} |\n"
        return s

    item(fam, "degree", "meeting_minutes",
         minutes(g) + "\nHow many districts does Altstadt border?", g, "value", f_degree("Altstadt"),
         tools=["degree"])
    item(fam, "neighbors", "markdown_table",
         "Which districts border Südviertel?\n\n" + table(g), g, "set", f_set("neighbors", "Südviertel"), tools=NB)
    item(fam, "triangles", "markdown_table",
         table(g) + "\nHow many triples of districts all border one another (three-way corners)?", g, "value",
         f_triangles, key="triangles", tools=["triangle_count"])
    item(fam, "density", "meeting_minutes",
         minutes(g) + "\nFor the report: what is the density of the district adjacency graph?", g, "value",
         f_density, tools=["density"])
    item(fam, "diameter", "markdown_table",
         table(g) + "\nWhat's the largest number of district borders you'd have to cross to get between any two "
                    "districts (taking the best route each time)?", g, "value", f_diameter,
         tools=["diameter"], also={"max_path_length": f_diameter(g)})
    item(fam, "articulation_points", "meeting_minutes",
         minutes(g) + "\nWhich districts, if closed off entirely (e.g. for a festival), would split the remaining "
                      "city into disconnected parts?", g, "set", f_set("articulation"), key="nodes",
         tools=["articulation_points"])
    refuse(fam, "refuse_no_weights", "meeting_minutes",
           minutes(g) + "\nHow many kilometres is the shortest drive from Riedberg to Hafen?",
           "the protocol gives borders only, no distances", g)
    refuse(fam, "refuse_missing_data", "markdown_table",
           table(g) + "\nWhich district has the most residents?", "no population data is given", g)


# =====================================================================
# 19. open-source maintainer: package imports
# =====================================================================
PY_PKGS = {"myapp": ("0.4.0.dev3", ["flask", "requests"]),
           "flask": ("3.0.2", ["werkzeug", "jinja2", "itsdangerous", "click", "blinker"]),
           "werkzeug": ("3.0.1", ["markupsafe"]), "jinja2": ("3.1.3", ["markupsafe"]),
           "itsdangerous": ("2.1.2", []), "click": ("8.1.7", []), "blinker": ("1.7.0", []),
           "markupsafe": ("2.1.5", []), "requests": ("2.31.0", ["urllib3", "idna", "charset-normalizer", "certifi"]),
           "urllib3": ("2.2.1", []), "idna": ("3.6", []), "charset-normalizer": ("3.3.2", []),
           "certifi": ("2024.2.2", [])}


def oss():
    fam = "oss_package_imports"
    g = dg([(p, d) for p, (_, ds) in PY_PKGS.items() for d in ds], list(PY_PKGS))

    def tree(n, depth, req="", out=None):
        if depth == 0:
            out.append(f"{n}=={PY_PKGS[n][0]}")
        else:
            out.append("  " * (depth - 1) + f"- {n} [required: {req}, installed: {PY_PKGS[n][0]}]")
        for d in PY_PKGS[n][1]:
            tree(d, depth + 1, ">=" + PY_PKGS[d][0].rsplit(".", 1)[0], out)
        return out

    pt = "$ pipdeptree -p myapp\n" + "\n".join(tree("myapp", 0, out=[])) + "\n"
    item(fam, "reachability", "pipdeptree",
         pt + "\nDoes myapp pull in markupsafe, even indirectly?", g, "value", f_reach("myapp", "markupsafe"),
         tools=["path_exists"])
    item(fam, "reachability", "pipdeptree",
         "Is click anywhere in the dependency tree of requests?\n" + pt, g, "value", f_reach("requests", "click"),
         tools=["path_exists"])
    item(fam, "successors", "pipdeptree",
         pt + "\nWhat does flask directly require?", g, "set", f_set("neighbors", "flask"),
         tools=["successors", "neighbors"])
    item(fam, "predecessors", "pipdeptree",
         pt + "\nWhich packages directly require markupsafe?", g, "set", f_set("predecessors", "markupsafe"),
         tools=["predecessors"])
    item(fam, "node_count", "pipdeptree",
         "How many distinct packages are in this tree, counting myapp itself?\n" + pt, g, "value", f_nodes,
         tools=["node_count", "order"])

    mods = [("example.com/billing", "github.com/spf13/cobra@v1.8.0"),
            ("example.com/billing", "github.com/jackc/pgx/v5@v5.5.2"),
            ("example.com/billing", "go.uber.org/zap@v1.26.0"),
            ("github.com/spf13/cobra@v1.8.0", "github.com/spf13/pflag@v1.0.5"),
            ("github.com/spf13/cobra@v1.8.0", "github.com/inconshreveable/mousetrap@v1.1.0"),
            ("github.com/jackc/pgx/v5@v5.5.2", "github.com/jackc/pgpassfile@v1.0.0"),
            ("github.com/jackc/pgx/v5@v5.5.2", "golang.org/x/crypto@v0.17.0"),
            ("golang.org/x/crypto@v0.17.0", "golang.org/x/sys@v0.15.0"),
            ("go.uber.org/zap@v1.26.0", "go.uber.org/multierr@v1.10.0"),
            ("golang.org/x/crypto@v0.17.0", "golang.org/x/text@v0.14.0")]
    gm = dg(mods)
    gmt = "$ go mod graph\n" + "\n".join(f"{u} {v}" for u, v in gm.edges) + "\n"
    item(fam, "cycle", "go_mod_graph",
         gmt + "\nAny import cycle in this module graph?", gm, "dag", f_is_dag, **DAGQ)
    item(fam, "node_count", "go_mod_graph",
         "go 1.21, trying to slim the binary. " + gmt + "\nHow many modules in total appear in the graph, the main "
                                                        "module included?", gm, "value", f_nodes,
         tools=["node_count", "order"])
    refuse(fam, "refuse_missing_data", "pipdeptree",
           pt + "\nWhich of these packages has a known CVE right now?",
           "the tree has no vulnerability data", g)


# =====================================================================
# 20. detective-novel fan: who suspects whom
# =====================================================================
def detective():
    fam = "detective_suspicions"
    g = dg([("Inspector Hale", "Graves"), ("Inspector Hale", "Dr. Pemberton"), ("Lady Ashworth", "Miss Quill"),
            ("Miss Quill", "Colonel Marsh"), ("Colonel Marsh", "Lady Ashworth"), ("Graves", "Tobias"),
            ("Tobias", "Graves"), ("Dr. Pemberton", "Colonel Marsh"), ("Mrs. O'Dell", "Graves"),
            ("Mrs. O'Dell", "Lady Ashworth")])

    def notes(gr):
        s = "My notes up to chapter 14 of 'Death at Wrexley Hall' (1931 ed., p. 203):\n"
        for u, v in gr.edges:
            s += f"{u} suspects {v}.\n"
        return s

    t = notes(g)
    item(fam, "predecessors", "relation_sentences",
         t.replace("p. 203):\n", "p. 203). Who suspects Graves? Here's my list so far:\n") +
         "(no spoilers past ch. 14 please!!)", g, "set", f_set("predecessors", "Graves"), tools=["predecessors"])
    item(fam, "in_degree", "relation_sentences",
         "How many characters suspect Colonel Marsh so far?\n" + t, g, "value", f_degree("Colonel Marsh", "in"),
         tools=["degree"])
    item(fam, "cycle", "relation_sentences",
         t + "\nIs there a circle of suspicion anywhere (A suspects B ... who suspects A)?", g, "dag",
         f_is_dag, **DAGQ)
    item(fam, "scc_count", "relation_sentences",
         t + "\nIf I group characters whose suspicions lead round to each other (mutually reachable), how many "
             "groups is that, counting loners as their own group?", g, "value", f_scc, key="count",
         tools=["strongly_connected_components"])
    item(fam, "reachability", "relation_sentences",
         "Following 'suspects' arrows, does a chain lead from Inspector Hale to Lady Ashworth?\n" + t, g, "value",
         f_reach("Inspector Hale", "Lady Ashworth"), tools=["path_exists"])
    refuse(fam, "refuse_cannot_determine", "relation_sentences",
           t + "\nSo who did it?", "the suspicion graph cannot tell who the murderer is", g)


# =====================================================================
# 21. gardener: companion planting
# =====================================================================
def gardener():
    fam = "gardener_companions"
    g = ug([("tomatoes", "basil"), ("tomatoes", "carrots"), ("tomatoes", "French marigold"), ("carrots", "onions"),
            ("carrots", "radish"), ("lettuce", "radish"), ("lettuce", "carrots"), ("sweet corn", "runner beans"),
            ("runner beans", "squash"), ("sweet corn", "squash"), ("cucumber", "dill"), ("cucumber", "sweet corn")])

    def notes(gr):
        s = "Good neighbours (from Nan's notebook + RHS page, allotment plot 23):\n"
        for n, later in later_neighbours(gr):
            s += f"{n}: {', '.join(later)}\n"
        return s

    t = notes(g)
    item(fam, "neighbors", "colon_lists",
         t + "\nWhat are all the good companions for carrots?", g, "set", f_set("neighbors", "carrots"), tools=NB)
    item(fam, "common_neighbors", "colon_lists",
         "Which plants are good neighbours to both carrots and lettuce?\n" + t, g, "set",
         f_set("common", "carrots", "lettuce"), tools=["common_neighbors"])
    item(fam, "triangles", "colon_lists",
         t + "\nHow many groups of three plants are there where every pair is a good match (like the three "
             "sisters)?", g, "value", f_triangles, key="triangles", tools=["triangle_count"])
    item(fam, "components_count", "colon_lists",
         t + "\nIf plants linked by good-neighbour chains go in the same bed, how many beds do I need?", g,
         "value", f_components, key="count", tools=["connected_components"])
    item(fam, "bipartite", "colon_lists",
         t + "\nCould I sort all of these into two groups so that every good pair has one plant in each group?", g,
         "value", f_bipartite, key="bipartite", tools=["is_bipartite"])
    refuse(fam, "refuse_cannot_determine", "colon_lists",
           t + "\nWhat's the best layout for my 3 x 4 m bed?", "a layout needs sizes, spacing and sun; none given", g)


# =====================================================================
# 22. escape-room designer: rooms and doors
# =====================================================================
def escape():
    fam = "escape_room_doors"
    g = ug([("Lobby", "Library"), ("Lobby", "Greenhouse"), ("Library", "Study"), ("Study", "Vault"),
            ("Library", "Cellar"), ("Cellar", "Secret Passage"), ("Secret Passage", "Study"), ("Greenhouse", "Attic"),
            ("Vault", "Exit")])

    def doors(gr):
        s = "Room graph for 'The Alchemist' (build v2, 60-minute game, max 6 players):\n"
        for u, v in gr.edges:
            s += f"[{u}] <--door--> [{v}]\n"
        return s

    t = doors(g)
    item(fam, "shortest_path_unweighted", "bracket_doors",
         t + "\nMinimum number of doors a team must go through from the Lobby to the Exit?", g, "path",
         f_sp("Lobby", "Exit", False), key="length", tools=SP, source="Lobby", target="Exit")
    item(fam, "articulation_points", "bracket_doors",
         "Which rooms are unavoidable choke points, i.e. if that room were locked, some rooms could no longer "
         "reach each other?\n" + t, g, "set", f_set("articulation"), key="nodes", tools=["articulation_points"])
    item(fam, "bridges", "bracket_doors",
         t + "\nHow many doors are there whose jamming alone would cut the rooms into separate parts?", g, "value",
         f_bridges, key="count", tools=["bridges"])
    item(fam, "diameter", "bracket_doors",
         t + "\nWhat's the diameter of the room graph (most doors between any two rooms on the best route)?", g,
         "value", f_diameter, tools=["diameter"], also={"max_path_length": f_diameter(g)})
    item(fam, "cycle", "bracket_doors",
         "Can players walk in a loop and come back to a room without retracing a door?\n" + t, g, "value",
         f_has_cycle, tools=["cycle_check"])
    one = dg([("Lobby", "Library"), ("Library", "Lobby"), ("Lobby", "Greenhouse"), ("Greenhouse", "Lobby"),
              ("Library", "Study"), ("Study", "Library"), ("Study", "Vault"), ("Vault", "Exit"),
              ("Greenhouse", "Attic"), ("Attic", "Cellar")])

    def one_way(gr):
        s = "Door list v3 - some doors now only open one way (magnet locks):\n"
        done = set()
        for u, v in gr.edges:
            if (u, v) in done:
                continue
            if gr.has_edge(v, u):
                s += f"{u} <-> {v}\n"
                done.add((v, u))
            else:
                s += f"{u} -> {v} (one-way)\n"
            done.add((u, v))
        return s

    item(fam, "nopath", "arrow_doors",
         one_way(one) + "\nA team that ends up in the Cellar: what's their shortest way to the Exit?", one,
         "nopath", f_nopath("Cellar", "Exit"), tools=SP, source="Cellar", target="Exit", also=NOPATH_ALSO)
    item(fam, "reachability", "arrow_doors",
         one_way(one) + "\nCan a team that starts in the Greenhouse still reach the Vault?", one, "value",
         f_reach("Greenhouse", "Vault"), tools=["path_exists"])
    refuse(fam, "refuse_cannot_determine", "bracket_doors",
           t + "\nHow long will an average team take to escape?", "no puzzle times are given", g)


# =====================================================================

def check_all(items):
    fams = set()
    for d, fn in items:
        fams.add(d["family"])
        q = d["question"]
        assert len(q) < 4000, (d["id"], len(q))
        if d["check"] == "refuse":
            assert d["refuse"] and d["why"], d["id"]
            continue
        g = nx.DiGraph() if d["directed"] else nx.Graph()
        g.add_nodes_from(d["nodes"])
        for e in d["edges"]:
            if len(e) == 3:
                g.add_edge(e[0], e[1], weight=e[2])
            else:
                g.add_edge(e[0], e[1])
        g.graph["weighted"] = d["weighted"]
        again = fn(g)
        assert again == d["answer"], (d["id"], again, d["answer"])
        # every node is named in the text, and names stay apart when spelled loosely
        low = unicodedata.normalize("NFC", q)
        for n in d["nodes"]:
            assert n in low, (d["id"], n)
        cs = [canon(n) for n in d["nodes"]]
        assert len(set(cs)) == len(cs), (d["id"], cs)
        for k in ("source", "target"):
            if k in d:
                assert d[k] in g, (d["id"], k)
        if d["check"] == "path":
            assert isinstance(d["answer"], (int, float)) and d["source"] != d["target"]
        if d["check"] == "nopath":
            assert not nx.has_path(g, d["source"], d["target"])
        if d["check"] == "order":
            pos = {n: i for i, n in enumerate(d["answer"])}
            assert all(pos[u] < pos[v] for u, v in g.edges)
        if d["check"] == "set":
            assert isinstance(d["answer"], list)
        if d["check"] in ("value", "dag"):
            assert isinstance(d["answer"], (bool, int, float)), d["id"]
        for t, a in d.get("also", {}).items():
            if t == "max_path_length":
                assert a == max(l for s, m in nx.shortest_path_length(g) for x, l in m.items())
    return fams


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    for fam in (nurse, registrar, fire, itadmin, wedding, dataeng, sociologist, airline, warehouse, teen, teacher,
                microservices, river, railway, recipe, translator, football, municipal, oss, detective, gardener,
                escape):
        fam()
    for i, (d, _) in enumerate(ITEMS):
        d["id"] = f"p{i + 1:03d}"
    fams = check_all(ITEMS)
    n = len(ITEMS)
    nref = sum(1 for d, _ in ITEMS if d["check"] == "refuse")
    assert n >= 110 and len(fams) >= 20, (n, len(fams))
    assert 0.15 <= nref / n <= 0.25, (nref, n)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "batch9.jsonl"), "w", encoding="utf-8") as f:
        for d, _ in ITEMS:
            f.write(json.dumps(d, ensure_ascii=False) + "\n")
    print(f"{n} items, {len(fams)} families, {nref} to refuse", file=sys.stderr)


if __name__ == "__main__":
    main()
