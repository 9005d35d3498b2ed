#!/usr/bin/env python3
"""Held-out batch 8 for graphagent, written blind to the agent's readers.

Each family is one kind of person in one situation pasting one kind of
material. Every answerable item's graph is built first; the pasted text is
rendered from that graph and the answer is computed by NetworkX on it. The
script re-computes every answer from the JSON it writes before writing it.

Usage: PYTHONHASHSEED=1 python3 make_batch8.py OUTDIR  (writes OUTDIR/batch8.jsonl)
"""
import json
import os
import sys

import networkx as nx
from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python  # nx.pagerank without numpy

SP_TOOLS = ["shortest_path", "shortest_path_length"]
NB_TOOLS = ["neighbors", "successors", "predecessors"]


def compute(G, kind, p):
    """Returns the judged fields of an answerable item of this kind."""
    s, t = p.get("source"), p.get("target")
    weighted = any("weight" in d for _, _, d in G.edges(data=True))
    r = {"key": "", "neg_tools": [], "also": {}}
    if kind == "sp":
        if not nx.has_path(G, s, t):
            r.update(check="nopath", answer=None, tools=SP_TOOLS, also={"path_exists": False})
        else:
            w = "weight" if weighted else None
            r.update(check="path", key="length", tools=SP_TOOLS,
                     answer=nx.shortest_path_length(G, s, t, weight=w))
    elif kind == "hops":
        if not nx.has_path(G, s, t):
            r.update(check="nopath", answer=None, tools=SP_TOOLS, also={"path_exists": False})
        elif weighted:
            r.update(check="value", tools=["shortest_path_length"], answer=nx.shortest_path_length(G, s, t))
        else:
            r.update(check="path", key="length", tools=SP_TOOLS, answer=nx.shortest_path_length(G, s, t))
    elif kind == "reach":
        r.update(check="value", tools=["path_exists"], answer=nx.has_path(G, s, t))
    elif kind == "cycle":
        if G.is_directed():
            has = not nx.is_directed_acyclic_graph(G)
        else:
            has = len(nx.cycle_basis(G)) > 0
        r.update(check="value", tools=["cycle_check"], answer=has)
    elif kind == "dag":
        r.update(check="dag", tools=["topological_sort"], neg_tools=["cycle_check"],
                 answer=nx.is_directed_acyclic_graph(G))
    elif kind == "topo":
        assert nx.is_directed_acyclic_graph(G)
        r.update(check="order", tools=["topological_sort"], answer=list(nx.topological_sort(G)))
    elif kind == "deg":
        n, d = p["node"], p.get("direction", "total")
        v = {"in": G.in_degree, "out": G.out_degree}.get(d, G.degree)(n) if G.is_directed() else G.degree(n)
        r.update(check="value", tools=["degree"], answer=v)
    elif kind in ("succ", "pred", "nbrs"):
        n = p["node"]
        f = {"succ": G.successors, "pred": G.predecessors}.get(kind, G.neighbors) if G.is_directed() else G.neighbors
        r.update(check="set", tools=NB_TOOLS, answer=sorted(f(n)))
    elif kind == "cc":
        c = nx.number_weakly_connected_components(G) if G.is_directed() else nx.number_connected_components(G)
        r.update(check="value", key="count", tools=["connected_components"], answer=c)
    elif kind == "connected":
        c = nx.is_weakly_connected(G) if G.is_directed() else nx.is_connected(G)
        r.update(check="value", tools=["is_connected"], answer=c)
    elif kind == "scc":
        r.update(check="value", key="count", tools=["strongly_connected_components"],
                 answer=nx.number_strongly_connected_components(G))
    elif kind == "bridges":
        r.update(check="value", key="count", tools=["bridges"], answer=len(list(nx.bridges(G))))
    elif kind == "art":
        r.update(check="set", key="nodes", tools=["articulation_points"], answer=sorted(nx.articulation_points(G)))
    elif kind == "mst":
        T = nx.minimum_spanning_tree(G, algorithm="kruskal")
        r.update(check="value", key="total_weight", tools=["minimum_spanning_tree"],
                 answer=T.size(weight="weight"))
    elif kind == "flow":
        r.update(check="value", key="value", tools=["maximum_flow"],
                 answer=nx.maximum_flow_value(G, s, t, capacity="weight"))
    elif kind == "chromatic":
        # Exhaustive: the fewest k with a proper k-colouring (gold audit after
        # scoring: the item was written as a refusal, "no exact tool").
        H = nx.Graph(G)
        order = sorted(H, key=lambda v: -H.degree(v))

        def colourable(k, i=0, col={}):
            if i == len(order):
                return True
            v = order[i]
            for c in range(k):
                if all(col.get(w) != c for w in H[v]):
                    col[v] = c
                    if colourable(k, i + 1, col):
                        return True
                    del col[v]
            return False
        k = 1 if H.number_of_nodes() else 0
        while k and not colourable(k, 0, {}):
            k += 1
        r.update(check="value", key="chromatic_number", tools=["chromatic_number"], answer=k)
    elif kind == "bip":
        r.update(check="value", key="bipartite", tools=["is_bipartite"], answer=nx.is_bipartite(G))
    elif kind == "tri":
        n = p.get("node")
        v = nx.triangles(G, n) if n is not None else sum(nx.triangles(G).values()) // 3
        r.update(check="value", key="triangles", tools=["triangle_count"], answer=v)
    elif kind == "common":
        r.update(check="set", tools=["common_neighbors"], answer=sorted(nx.common_neighbors(G, p["u"], p["v"])))
    elif kind == "density":
        r.update(check="value", tools=["density"], answer=nx.density(G))
    elif kind == "diameter":
        d = nx.diameter(G)
        r.update(check="value", tools=["diameter"], answer=d, also={"max_path_length": d})
    elif kind == "nodes":
        r.update(check="value", tools=["node_count", "order"], answer=G.number_of_nodes())
    elif kind == "edges":
        r.update(check="value", tools=["edge_count", "size"], answer=G.number_of_edges())
    elif kind == "maxdeg":
        d = p.get("direction", "total")
        degs = dict({"in": G.in_degree, "out": G.out_degree}.get(d, G.degree)) if G.is_directed() else dict(G.degree)
        m = max(degs.values())
        top = sorted(n for n, v in degs.items() if v == m)
        assert len(top) == 1, top
        r.update(check="set", key="max_nodes", tools=["degree_distribution"], answer=top)
    elif kind in ("sources", "sinks"):
        f = G.in_degree if kind == "sources" else G.out_degree
        r.update(check="set", key=kind, tools=["sources_sinks"], answer=sorted(n for n in G if f(n) == 0))
    elif kind == "betweenness":
        r.update(check="value", tools=["betweenness_centrality"], answer=nx.betweenness_centrality(G)[p["node"]])
    elif kind == "closeness":
        assert not G.is_directed()
        r.update(check="value", tools=["closeness_centrality"], answer=nx.closeness_centrality(G, p["node"]))
    elif kind == "pagerank":
        r.update(check="value", tools=["pagerank"], answer=_pagerank_python(G)[p["node"]])
    elif kind == "clustering":
        r.update(check="value", tools=["clustering_coefficient"], answer=nx.clustering(G, p["node"]))
    else:
        raise ValueError(kind)
    return r


ITEMS = []
SPECS = []  # (kind, params) per item, for the self-check


def graph(edges, directed, nodes=()):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(nodes)
    for e in edges:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    return G


def _base(fam, task, notation, G, text):
    weighted = any("weight" in d for _, _, d in G.edges(data=True))
    edges = [[u, v, d["weight"]] if "weight" in d else [u, v] for u, v, d in G.edges(data=True)]
    return {
        "id": "m%03d" % (len(ITEMS) + 1), "family": fam, "task": task, "question": text,
        "notation": notation, "directed": G.is_directed(), "weighted": weighted,
        "nodes": list(G.nodes), "edges": edges,
    }


def ask(fam, task, notation, G, text, kind, **p):
    it = _base(fam, task, notation, G, text)
    r = compute(G, kind, p)
    it.update(check=r["check"], answer=r["answer"], key=r["key"], tools=r["tools"])
    if r["neg_tools"]:
        it["neg_tools"] = r["neg_tools"]
    if r["also"]:
        it["also"] = r["also"]
    for k in ("source", "target"):
        if k in p:
            it[k] = p[k]
    ITEMS.append(it)
    SPECS.append((kind, p))


def refuse(fam, task, notation, G, text, why):
    it = _base(fam, task, notation, G, text)
    it.update(check="refuse", answer=None, key="", tools=[], refuse=True, why=why)
    ITEMS.append(it)
    SPECS.append(None)


# ---------------------------------------------------------------- families

def school_timetabler():
    fam = "school timetabler, room adjacencies from the fire plan"
    links = [("Rm 1.01", "Rm 1.02"), ("Rm 1.02", "Rm 1.03"), ("Rm 1.03", "Main Hall"), ("Rm 1.01", "Main Hall"),
             ("Main Hall", "Library"), ("Main Hall", "Staff Room"), ("Library", "Science Lab B"),
             ("Science Lab B", "Rm 2.14"), ("Rm 2.14", "Rm 2.15"), ("Rm 2.15", "Art Studio"),
             ("Art Studio", "Rm 2.14"), ("Main Hall", "Gym"), ("Gym", "Music Rm"), ("Library", "Staff Room")]
    G = graph(links, False)
    plan = "\n".join("  %s <-> %s" % e for e in links)
    head = "Door links between rooms (copied off the fire evacuation plan, rev 3, dated 2024-09-02):\n" + plan + "\n"
    ask(fam, "hop count", "arrow list", G,
        "Hi! I'm doing next term's timetable and want to avoid long walks between lessons.\n\n" + head +
        "\nA class goes from the Gym to Rm 2.14 straight after period 2. What's the smallest number of doors they have to go through?",
        "hops", source="Gym", target="Rm 2.14")
    ask(fam, "articulation points", "arrow list", G,
        head + "\nDuring exams some rooms get locked completely. Which single rooms, if locked, would cut some other rooms off from the rest of the school?",
        "art")
    ask(fam, "degree", "arrow list", G,
        "quick one - how many doors does the Library have to other rooms? (plan below, from 2024)\n\n" + head, "deg", node="Library")
    ask(fam, "neighbours", "arrow list", G,
        head + "\nWhich rooms open directly onto the Main Hall? Need it for the assembly seating plan, ticket #4471.",
        "nbrs", node="Main Hall")
    refuse(fam, "data not given", "arrow list", G,
        head + "\nWhich corridor is the most crowded between period 3 and period 4?",
        "the plan gives only which rooms share a door; no counts of pupils or times")


def genealogist():
    fam = "genealogist, family tree from a forum post"
    fams = [(("Johann Weiß", "Elisabeth Brandt"), ["Anna Weiß", "Karl Weiß", "Friedrich Weiß"]),
            (("Karl Weiß", "Zofia Nowak"), ["Heinrich Weiß", "Marta Weiß"]),
            (("Jan Kowalski", "Marta Weiß"), ["Maria Kowalska"]),
            (("Maria Kowalska", "Piotr Zieliński"), ["Tomasz Zieliński", "Ewa Zielińska"]),
            (("Peter Schmid", "Anna Weiß"), ["Lotte Schmid"])]
    born = {"Johann Weiß": 1821, "Elisabeth Brandt": 1826, "Anna Weiß": 1850, "Karl Weiß": 1852, "Friedrich Weiß": 1855,
            "Zofia Nowak": 1858, "Heinrich Weiß": 1879, "Marta Weiß": 1881, "Jan Kowalski": 1877, "Maria Kowalska": 1904,
            "Piotr Zieliński": 1901, "Tomasz Zieliński": 1930, "Ewa Zielińska": 1933, "Peter Schmid": 1848, "Lotte Schmid": 1874}
    edges = [(p, c) for ps, cs in fams for p in ps for c in cs]
    G = graph(edges, True)
    lines = []
    for (a, b), cs in fams:
        lines.append("%s (b. %d) married %s (b. %d); their children: %s." % (
            a, born[a], b, born[b], ", ".join("%s (%d)" % (c, born[c]) for c in cs)))
    post = ("Re: Weiß / Kowalski line, Silesia — help please!\nPosted by oma_gerda » 14 Mar 2023, 21:07\n\n"
            "Here is what I have so far from the parish books:\n\n" + "\n".join(lines) + "\n")
    ask(fam, "reachability", "forum prose", G,
        post + "\nCan someone confirm from this: is Tomasz Zieliński a direct descendant of Johann Weiß?",
        "reach", source="Johann Weiß", target="Tomasz Zieliński")
    ask(fam, "reachability (no)", "forum prose", G,
        "Going by the tree below, is Lotte Schmid descended from Zofia Nowak at all?\n\n" + post,
        "reach", source="Zofia Nowak", target="Lotte Schmid")
    ask(fam, "generations", "forum prose", G,
        post + "\nHow many generations are there between Johann Weiß and Ewa Zielińska? (Johann's child = 1 generation)",
        "hops", source="Johann Weiß", target="Ewa Zielińska")
    ask(fam, "children", "forum prose", G,
        post + "\nWho were Karl Weiß's children according to this?", "succ", node="Karl Weiß")
    ask(fam, "parents", "forum prose", G,
        post + "\nAnd who are listed as the parents of Maria Kowalska?", "pred", node="Maria Kowalska")
    ask(fam, "node count", "forum prose", G,
        post + "\nHow many different people are in this tree so far?", "nodes")
    refuse(fam, "data not given", "forum prose", G,
        post + "\nWhich of them lived the longest?",
        "only birth years are given, no dates of death")


def home_network():
    fam = "home-network tinkerer, LLDP neighbour tables"
    links = [("router-main", "switch-core", "Gi0/1", "Gi1/0/24"), ("router-main", "ap-office", "Gi0/2", "eth0"),
             ("switch-core", "ap-office", "Gi1/0/3", "eth1"), ("switch-core", "switch-attic", "Gi1/0/9", "Gi0/8"),
             ("switch-core", "nas-01", "Gi1/0/5", "enp3s0"), ("switch-core", "pi-hole", "Gi1/0/6", "eth0"),
             ("switch-core", "desktop-ryzen", "Gi1/0/7", "enp5s0"), ("desktop-ryzen", "nas-01", "enp6s0", "enp4s0"),
             ("switch-attic", "ap-attic", "Gi0/1", "eth0"), ("switch-attic", "cam-garage", "Gi0/4", "eth0"),
             ("ap-office", "printer-hp", "eth2", "nic0")]
    G = graph([(a, b) for a, b, _, _ in links], False)
    out = []
    for dev in ["router-main", "switch-core", "switch-attic", "ap-office", "desktop-ryzen"]:
        rows = [l for l in links if l[0] == dev]
        out.append("%s# show lldp neighbors\nCapability codes: (R) Router, (B) Bridge, (W) WLAN Access Point, (S) Station\n"
                   "Device ID        Local Intf     Hold-time  Capability  Port ID" % dev)
        for _, b, li, pi in rows:
            out.append("%-16s %-14s %-10s %-11s %s" % (b, li, "120", "B" if "switch" in b else "W" if b.startswith("ap-") else "S", pi))
        out.append("Total entries displayed: %d\n" % len(rows))
    dump = "\n".join(out)
    ask(fam, "bridges", "cli output", G,
        "ran lldp on every box in the house, output below.\n\n" + dump +
        "\nwhich cables are single points of failure, i.e. if that one cable gets unplugged something drops off the network? how many are there?",
        "bridges")
    ask(fam, "articulation points", "cli output", G,
        dump + "\nIf one device dies (power cut on that socket), which devices would take others offline with them?", "art")
    ask(fam, "hop count", "cli output", G,
        "How many hops is it from pi-hole to cam-garage?\n\n" + dump, "hops", source="pi-hole", target="cam-garage")
    ask(fam, "diameter", "cli output", G,
        dump + "\nWhat's the diameter of my network (in hops)?", "diameter")
    ask(fam, "edge count", "cli output", G,
        dump + "\nHow many links are there in total? Each cable is listed once above.", "edges")
    refuse(fam, "data not given", "cli output", G,
        dump + "\nWhich link is the bottleneck for my 4K streaming to the living room TV?",
        "no link speeds or traffic are given, and no living-room TV is in the output")


def hiking_club():
    fam = "hiking club, trail notes with distances in km"
    legs = [("Trailhead P1", "Eagle Rock", 2.4), ("Trailhead P1", "Mill Bridge", 1.8), ("Mill Bridge", "Birch Hut", 3.1),
            ("Eagle Rock", "Birch Hut", 1.2), ("Eagle Rock", "Lac Vert", 4.0), ("Birch Hut", "Lac Vert", 2.2),
            ("Lac Vert", "Col du Loup", 1.9), ("Birch Hut", "Shepherd's Spring", 2.7),
            ("Shepherd's Spring", "Col du Loup", 1.5), ("Col du Loup", "Summit 2140", 1.1),
            ("Shepherd's Spring", "Summit 2140", 3.3)]
    G = graph(legs, False)
    notes = ["- %s to %s: %.1f km%s" % (a, b, w, note) for (a, b, w), note in zip(legs, [
        " (steep, ~300 m up)", "", " (muddy after rain)", "", " via the ridge", "", "", " shady", "", " scramble, grade 2", ""])]
    txt = ("From: Ingrid (trail officer)\nSubject: notes for Saturday 12th\n\nTrail sections (all two-way):\n" +
           "\n".join(notes) + "\n\nMeet 8:30 at the car park, bring 2 L of water.\n")
    ask(fam, "shortest path (weighted)", "email bullets", G,
        txt + "\nWhat is the shortest route in km from Trailhead P1 to Summit 2140?", "sp",
        source="Trailhead P1", target="Summit 2140")
    ask(fam, "fewest sections", "email bullets", G,
        "Not about distance this time: what's the smallest number of trail sections we'd walk going from Mill Bridge to Col du Loup?\n\n" + txt,
        "hops", source="Mill Bridge", target="Col du Loup")
    ask(fam, "minimum spanning tree", "email bullets", G,
        txt + "\nThe club wants to waymark only some sections, but every point above must stay reachable along waymarked sections. "
        "What's the least total km of trail we'd have to waymark?", "mst")
    ask(fam, "shortest path (weighted)", "email bullets", G,
        txt + "\nHow far is it from Lac Vert to Mill Bridge if we take the shortest way?", "sp",
        source="Lac Vert", target="Mill Bridge")
    refuse(fam, "data not given", "email bullets", G,
        txt + "\nHow many hours will it take us to get from the trailhead to the summit?",
        "only distances are given, no walking pace or times")
    refuse(fam, "undefined measure", "email bullets", G,
        txt + "\nWhich section is the most beautiful one to do with the kids?",
        "beauty is not in the data")


def game_designer():
    fam = "game designer, quest dependency list"
    req = {"Tutorial: Wake Up": [], "Meet the Smith": ["Tutorial: Wake Up"], "Gather Iron Ore": ["Tutorial: Wake Up"],
           "Forge the Blade": ["Meet the Smith", "Gather Iron Ore"], "The Lost Amulet": ["Tutorial: Wake Up"],
           "Ferry to Isle 3": ["The Lost Amulet"], "Witch of Ravensholm": ["Ferry to Isle 3"],
           "Dragon's Lair": ["Forge the Blade", "Witch of Ravensholm"], "Epilogue": ["Dragon's Lair"],
           "Fishing Side-Quest": ["Ferry to Isle 3"]}
    edges = [(r, q) for q, rs in req.items() for r in rs]
    G = graph(edges, True, nodes=list(req))
    yml = "# quests.yaml  (build 0.9.4)\n" + "\n".join(
        "- id: \"%s\"\n  requires: [%s]" % (q, ", ".join('"%s"' % r for r in rs)) for q, rs in req.items())
    ask(fam, "topological order", "yaml", G,
        yml + "\n\nGive me an order the player could do all of these quests in so that every requirement is done first.", "topo")
    ask(fam, "prerequisites", "yaml", G,
        "What does \"Dragon's Lair\" directly require?\n" + yml, "pred", node="Dragon's Lair")
    ask(fam, "reachability", "yaml", G,
        yml + "\n\nDoes \"Epilogue\" depend on \"The Lost Amulet\", even indirectly?", "reach",
        source="The Lost Amulet", target="Epilogue")
    ask(fam, "reachability (no)", "yaml", G,
        yml + "\n\nIs \"Fishing Side-Quest\" needed, directly or indirectly, for \"Forge the Blade\"?", "reach",
        source="Fishing Side-Quest", target="Forge the Blade")
    req2 = dict(req)
    req2["Ferry to Isle 3"] = ["The Lost Amulet", "Witch of Ravensholm"]
    edges2 = [(r, q) for q, rs in req2.items() for r in rs]
    G2 = graph(edges2, True, nodes=list(req2))
    yml2 = "# quests.yaml  (build 0.9.5 — Marco changed the ferry)\n" + "\n".join(
        "- id: \"%s\"\n  requires: [%s]" % (q, ", ".join('"%s"' % r for r in rs)) for q, rs in req2.items())
    ask(fam, "cycle (directed)", "yaml", G2,
        "Since Marco's change QA says a save got soft-locked. Is there a circular requirement somewhere?\n\n" + yml2, "cycle")
    ask(fam, "is DAG", "yaml", G2,
        yml2 + "\n\nCan all these quests still be completed in some order, or is that impossible now?", "dag")
    refuse(fam, "data not given", "yaml", G,
        yml + "\n\nHow many hours of playtime is the main storyline?", "no durations are given")


def logistics_clerk():
    fam = "logistics clerk, delivery spreadsheet copied from Excel"
    rows = [("Leeds DC", "York Hub", 40, "K. Patel", 88121), ("Leeds DC", "Wakefield", 15, "S. Moore", 88122),
            ("Wakefield", "Doncaster", 30, "S. Moore", 88123), ("York Hub", "Selby", 25, "J. Lund", 88124),
            ("Wakefield", "Selby", 22, "K. Patel", 88125), ("Selby", "Hull Port", 48, "J. Lund", 88126),
            ("Doncaster", "Hull Port", 70, "A. Nwosu", 88127), ("York Hub", "Scarborough", 66, "A. Nwosu", 88128),
            ("Hull Port", "Scarborough", 75, "J. Lund", 88129), ("York Hub", "Harrogate", 33, "S. Moore", 88130),
            ("Harrogate", "Leeds DC", 25, "K. Patel", 88131)]
    G = graph([(a, b, w) for a, b, w, _, _ in rows], True)
    sheet = "From\tTo\tKm\tDriver\tJob no\n" + "\n".join("%s\t%s\t%d\t%s\t%d" % r for r in rows)
    intro = "These are our one-way delivery legs (trucks only run From -> To):\n\n"
    ask(fam, "shortest path (weighted)", "tsv", G,
        intro + sheet + "\n\nWhat's the shortest run in km from Leeds DC to Hull Port?", "sp", source="Leeds DC", target="Hull Port")
    ask(fam, "no path", "tsv", G,
        "Boss asks for the shortest route from Scarborough back to Wakefield using only these legs.\n\n" + intro + sheet,
        "sp", source="Scarborough", target="Wakefield")
    ask(fam, "out-degree", "tsv", G,
        intro + sheet + "\n\nHow many places does York Hub send trucks to?", "deg", node="York Hub", direction="out")
    ask(fam, "node count", "tsv", G,
        intro + sheet + "\n\nHow many distinct locations are in this sheet?", "nodes")
    refuse(fam, "capacity not given", "tsv", G,
        intro + sheet + "\n\nHow many pallets a day can we move from Leeds DC to Scarborough at most?",
        "no capacities are given; Km is a distance, not a capacity")


def discord_mod():
    fam = "Discord moderator, who-replied-to-whom log"
    log = [("12:01", "bananaLord", "ms_kat"), ("12:02", "ms_kat", "bananaLord"), ("12:04", "zoë_k", "ms_kat"),
           ("12:05", "Grim42", "ms_kat"), ("12:07", "Grim42", "zoë_k"), ("12:09", "RustyNail", "Grim42"),
           ("12:11", "zoë_k", "RustyNail"), ("12:12", "lurker_99", "ms_kat"), ("12:15", "ms_kat", "Grim42"),
           ("12:18", "RustyNail", "lurker_99")]
    G = graph([(a, b) for _, a, b in log], True)
    txt = "#general export, 2025-01-17 (only replies kept)\n" + "\n".join(
        "[%s] %s replied to %s" % r for r in log) + "\n"
    ask(fam, "in-degree", "chat log", G,
        txt + "\nHow many different people replied to ms_kat?", "deg", node="ms_kat", direction="in")
    ask(fam, "successors", "chat log", G,
        txt + "\nWho did Grim42 reply to?", "succ", node="Grim42")
    ask(fam, "max in-degree", "chat log", G,
        "mod question: who got replied to by the most different people in this log?\n" + txt, "maxdeg", direction="in")
    ask(fam, "cycle (directed)", "chat log", G,
        txt + "\nIs there any loop where replies go around and come back to the first person?", "cycle")
    ask(fam, "reachability", "chat log", G,
        txt + "\nIf a rumour only passes along replies (from the replier to the person replied to), can something lurker_99 says reach zoë_k?",
        "reach", source="lurker_99", target="zoë_k")
    refuse(fam, "undefined measure", "chat log", G,
        txt + "\nWho is the most toxic user here and should be banned?", "toxicity is not in the data")


def phd_citations():
    fam = "PhD student, citation list from a reference manager"
    cites = {"garcia2022survey": ["mueller2019graph", "lee2017deep", "okafor2021bench"],
             "okafor2021bench": ["mueller2019graph", "smith2015kernels"],
             "mueller2019graph": ["smith2015kernels", "lee2017deep"],
             "lee2017deep": ["smith2015kernels"], "tanaka2020flow": ["lee2017deep"],
             "smith2015kernels": [], "novak2023note": ["garcia2022survey", "tanaka2020flow"]}
    G = graph([(a, b) for a, bs in cites.items() for b in bs], True, nodes=list(cites))
    txt = "Exported from Zotero 6.0.30, collection 'chapter 2':\n\n" + "\n".join(
        "%s  ->  cites: %s" % (a, ", ".join(bs) if bs else "(none)") for a, bs in cites.items()) + "\n"
    ask(fam, "predecessors", "export", G,
        txt + "\nWhich of these papers cite lee2017deep directly?", "pred", node="lee2017deep")
    ask(fam, "reachability", "export", G,
        "Does novak2023note build on smith2015kernels, directly or through a chain of citations?\n\n" + txt, "reach",
        source="novak2023note", target="smith2015kernels")
    ask(fam, "pagerank", "export", G,
        txt + "\nMy supervisor wants the PageRank score (standard damping 0.85) of lee2017deep in this citation graph.",
        "pagerank", node="lee2017deep")
    ask(fam, "cycle (directed)", "export", G,
        txt + "\nSanity check: are there any circular citations?", "cycle")
    ask(fam, "edge count", "export", G,
        txt + "\nHow many citation links are there in total?", "edges")
    refuse(fam, "undefined measure", "export", G,
        txt + "\nWhich one is the best paper, the one I should read first?", "\"best\" is not defined by the data")


def devops_compose():
    fam = "DevOps engineer, docker-compose depends_on"
    deps = {"postgres": [], "redis": [], "auth-svc": ["postgres"], "api": ["postgres", "redis", "auth-svc"],
            "worker": ["redis", "api"], "web": ["api"], "nginx": ["web", "api"]}
    G = graph([(d, s) for s, ds in deps.items() for d in ds], True, nodes=list(deps))

    def compose(ds, ver):
        out = ["version: \"%s\"" % ver, "services:"]
        for s, d in ds.items():
            out.append("  %s:" % s)
            out.append("    image: registry.local/%s:1.4.2" % s)
            if d:
                out.append("    depends_on:")
                out += ["      - %s" % x for x in d]
        return "\n".join(out)
    y = compose(deps, "3.8")
    ask(fam, "start order", "docker-compose", G,
        "```yaml\n" + y + "\n```\nIn what order do these containers have to start so each one's dependencies are already up?", "topo")
    ask(fam, "direct dependencies", "docker-compose", G,
        "```yaml\n" + y + "\n```\nWhat does api depend on directly?", "pred", node="api")
    ask(fam, "reachability", "docker-compose", G,
        "Does nginx depend on redis, even transitively? compose file:\n```yaml\n" + y + "\n```", "reach",
        source="redis", target="nginx")
    ask(fam, "dependents", "docker-compose", G,
        "```yaml\n" + y + "\n```\nWhich services list api directly under depends_on?", "succ", node="api")
    deps2 = dict(deps)
    deps2["auth-svc"] = ["postgres", "worker"]
    G2 = graph([(d, s) for s, ds in deps2.items() for d in ds], True, nodes=list(deps2))
    y2 = compose(deps2, "3.9")
    ask(fam, "is DAG", "docker-compose", G2,
        "After my last commit `docker compose up` hangs. Is this startup order even possible?\n```yaml\n" + y2 + "\n```", "dag")
    refuse(fam, "data not given", "docker-compose", G,
        "```yaml\n" + y + "\n```\nHow much RAM does this whole stack need?", "no memory figures are in the file")


def choir_director():
    fam = "choir director, who stands next to whom"
    pairs = [("Agnes", "Bruno"), ("Bruno", "Chiara"), ("Chiara", "Dmitri"), ("Agnes", "Elif"), ("Bruno", "Fionn"),
             ("Chiara", "Gwen"), ("Dmitri", "Hugo"), ("Elif", "Fionn"), ("Fionn", "Gwen"), ("Gwen", "Hugo")]
    G = graph(pairs, False)
    prose = ("Dear all, for the concert on 21 June (warm-up 6:45pm) this is who stands next to whom, "
             "sideways in the row or directly behind:\n" +
             "\n".join("%s stands next to %s." % p for p in pairs) + "\n")
    ask(fam, "neighbours", "prose sentences", G,
        prose + "\nWho are Fionn's neighbours?", "nbrs", node="Fionn")
    ask(fam, "bipartite", "prose sentences", G,
        prose + "\nI'd like to give everyone a red or a blue folder so that nobody has the same colour as anyone standing next to them. Is that possible?",
        "bip")
    ask(fam, "degree", "prose sentences", G,
        "How many people stand next to Gwen?\n\n" + prose, "deg", node="Gwen")
    ask(fam, "triangles", "prose sentences", G,
        prose + "\nAre there any three singers who all stand next to each other? How many such trios?", "tri")
    refuse(fam, "undefined measure", "prose sentences", G,
        prose + "\nWho is our strongest singer?", "singing ability is not in the data")


def chess_club():
    fam = "chess club, who-played-whom crosstable"
    games = [("Oskar Lind", "Priya Rao"), ("Oskar Lind", "Mateo Ruiz"), ("Priya Rao", "Mateo Ruiz"),
             ("Priya Rao", "Yuki Sato"), ("Mateo Ruiz", "Yuki Sato"), ("Yuki Sato", "Lena Hoff"),
             ("Lena Hoff", "Oskar Lind"),
             ("Bram de Vries", "Chen Wei"), ("Chen Wei", "Nadia Saleh"), ("Nadia Saleh", "Bram de Vries"),
             ("Nadia Saleh", "Tom O'Neill")]
    G = graph(games, False)
    res = ["1-0", "½-½", "0-1", "1-0", "1-0", "0-1", "½-½", "1-0", "0-1", "1-0", "½-½"]
    txt = ("Club night results, autumn 2024 (Rd = round)\nRd  White            Black            Result\n" +
           "\n".join("%-3d %-16s %-16s %s" % (i + 1, a, b, r) for i, ((a, b), r) in enumerate(zip(games, res))) + "\n")
    ask(fam, "common neighbours", "table", G,
        txt + "\nWhich opponents have both Priya Rao and Oskar Lind played?", "common", u="Priya Rao", v="Oskar Lind")
    ask(fam, "degree", "table", G,
        txt + "\nHow many different opponents has Yuki Sato faced?", "deg", node="Yuki Sato")
    ask(fam, "components", "table", G,
        "We seem to have separate groups that never play each other. Counting by who has played whom (directly or through others), how many separate groups are there?\n\n" + txt,
        "cc")
    ask(fam, "same component", "table", G,
        txt + "\nAre Tom O'Neill and Lena Hoff in the same group, linked through a chain of games?", "reach",
        source="Tom O'Neill", target="Lena Hoff")
    ask(fam, "density", "table", G,
        txt + "\nWhat's the density of the who-played-whom graph?", "density")
    refuse(fam, "undefined measure", "table", G,
        txt + "\nWho's the best player in the club?", "no rating or scoring rule is given to define 'best'")


def board_game_bracket():
    fam = "board-game group, tournament results"
    wins = [("Ana", "Ben"), ("Cleo", "Dev"), ("Eli", "Fay"), ("Gus", "Hana"), ("Ana", "Cleo"), ("Eli", "Gus"),
            ("Eli", "Ana"), ("Dev", "Ben"), ("Fay", "Hana"), ("Hana", "Dev")]
    G = graph(wins, True)
    txt = ("Catan night #12 (Sat 3 Feb) — all the results:\n" +
           "\n".join("%s beat %s" % w for w in wins) + "\n")
    ask(fam, "successors", "prose sentences", G, txt + "\nWho did Eli beat?", "succ", node="Eli")
    ask(fam, "reachability", "prose sentences", G,
        txt + "\nIs there a chain of wins from Gus to Ben (Gus beat someone who beat someone ... who beat Ben)?", "reach",
        source="Gus", target="Ben")
    ask(fam, "cycle (directed)", "prose sentences", G,
        txt + "\nIs there a rock-paper-scissors loop anywhere, like A beat B, B beat C, ..., and someone beat A?", "cycle")
    ask(fam, "node count", "prose sentences", G, "How many players played? " + txt, "nodes")
    ask(fam, "in-degree", "prose sentences", G, txt + "\nHow many times did Hana lose?", "deg", node="Hana", direction="in")
    refuse(fam, "prediction", "prose sentences", G,
        txt + "\nWho will win the next game night?", "a prediction the results cannot determine")


def plumber():
    fam = "plumber, pipe capacities in litres per minute"
    pipes = [("mains", "valve V1", 60), ("valve V1", "boiler", 35), ("valve V1", "manifold", 30),
             ("boiler", "manifold", 20), ("boiler", "shower", 15), ("manifold", "kitchen tap", 12),
             ("manifold", "shower", 18), ("manifold", "garden hose", 25), ("kitchen tap", "garden hose", 5)]
    G = graph(pipes, True)
    txt = ("Job 2024-117, Mrs. Okonkwo's house. Pipe runs (flow direction -> , max L/min):\n" +
           "\n".join("  %s -> %s   %d L/min" % p for p in pipes) + "\n")
    ask(fam, "max flow", "arrow list", G,
        txt + "\nWhat's the most water per minute that can reach the shower from the mains?", "flow", source="mains", target="shower")
    ask(fam, "max flow", "arrow list", G,
        "Max throughput from valve V1 to the garden hose?\n" + txt, "flow", source="valve V1", target="garden hose")
    ask(fam, "edge count", "arrow list", G, txt + "\nHow many pipe runs have I listed?", "edges")
    refuse(fam, "data not given", "arrow list", G,
        txt + "\nHow long will it take to fill her 200 L hot-water cylinder?",
        "no cylinder is in the pipe list and nothing says how the flow is split; the graph does not determine it")
    pipes2 = [("mains", "valve V1"), ("valve V1", "boiler"), ("boiler", "shower"), ("valve V1", "shower")]
    G2 = graph(pipes2, True)
    refuse(fam, "capacity not given", "arrow list", G2,
        "New job: mains -> valve V1, valve V1 -> boiler, boiler -> shower, valve V1 -> shower. What's the max flow from mains to shower?",
        "no capacities are given")


def language_teacher():
    fam = "language teacher, vocabulary prerequisites"
    pre = [("los artículos", "el género"), ("el género", "adjetivos"), ("ser", "adjetivos"), ("ser", "estar"),
           ("estar", "gerundio"), ("verbos -ar", "gerundio"), ("verbos -ar", "pretérito"),
           ("adjetivos", "comparativos"), ("pretérito", "imperfecto"), ("estar", "imperfecto")]
    G = graph(pre, True)
    txt = ("Spanish A2 plan — each topic needs the one before the arrow first:\n" +
           "\n".join("%s => %s" % p for p in pre) + "\n")
    ask(fam, "topological order", "arrow list", G,
        txt + "\nCan you give me a teaching order that respects all of this?", "topo")
    ask(fam, "prerequisites", "arrow list", G,
        txt + "\nWhat do students need to know right before 'imperfecto' (direct prerequisites only)?", "pred", node="imperfecto")
    ask(fam, "is DAG", "arrow list", G,
        "Is there a valid order at all, or did I create a circular prerequisite?\n" + txt, "dag")
    ask(fam, "reachability (no)", "arrow list", G,
        txt + "\nDoes 'comparativos' depend, even indirectly, on 'verbos -ar'?", "reach", source="verbos -ar", target="comparativos")
    refuse(fam, "undefined measure", "arrow list", G,
        txt + "\nWhich topic is the hardest for my students?", "difficulty is not in the data")


def bus_enthusiast():
    fam = "bus-route enthusiast, timetable with departure times"
    routes = {"Route 7": [("Depot Lane", "06:00"), ("Market Sq", "06:07"), ("Elm St", "06:12"), ("Central Stn", "06:20")],
              "Route 12": [("Market Sq", "06:30"), ("Hospital", "06:41"), ("Uni Campus", "06:49")],
              "Route 3A": [("Elm St", "07:02"), ("Uni Campus", "07:06"), ("Riverside", "07:15")],
              "Route 22": [("Central Stn", "07:10"), ("Riverside", "07:31")],
              "Ferry F1": [("Quay North", "08:00"), ("Isle Pier", "08:25")]}

    def mins(hm):
        h, m = hm.split(":")
        return int(h) * 60 + int(m)
    edges = []
    for stops in routes.values():
        for (a, ta), (b, tb) in zip(stops, stops[1:]):
            edges.append((a, b, mins(tb) - mins(ta)))
    G = graph(edges, False)
    tt = "\n".join("%-9s " % r + "  ".join("%s %s" % s for s in stops) for r, stops in routes.items())
    txt = ("Weekday timetable (valid from 01/09/2025). Every route runs back the same way with the same "
           "times between stops; a stop's name is the same stop on every route.\n" + tt + "\n")
    ask(fam, "shortest path (weighted)", "timetable", G,
        txt + "\nCounting only riding time between stops (ignore waiting for connections), what's the quickest trip from Depot Lane to Riverside, in minutes?",
        "sp", source="Depot Lane", target="Riverside")
    ask(fam, "fewest stops", "timetable", G,
        txt + "\nWhat's the fewest number of stop-to-stop hops from Hospital to Central Stn?", "hops",
        source="Hospital", target="Central Stn")
    ask(fam, "reachability (no)", "timetable", G,
        txt + "\nCan I get from Market Sq to Isle Pier with these routes?", "reach", source="Market Sq", target="Isle Pier")
    ask(fam, "no path", "timetable", G,
        "What's the quickest way from Riverside to Quay North? Riding time only.\n" + txt, "sp",
        source="Riverside", target="Quay North")
    ask(fam, "node count", "timetable", G, txt + "\nHow many distinct stops are served?", "nodes")
    refuse(fam, "data not given", "timetable", G,
        txt + "\nHow much does a ticket from Depot Lane to Uni Campus cost?", "no fares are given")


def app_developer():
    fam = "mobile-app developer, screen navigation flows"
    flows = [("SplashScreen", "OnboardingScreen", "first launch"), ("SplashScreen", "LoginScreen", "returning user"),
             ("OnboardingScreen", "LoginScreen", "tap Get started"), ("LoginScreen", "HomeScreen", "sign in ok"),
             ("HomeScreen", "SearchScreen", "tap search"), ("HomeScreen", "CartScreen", "tap cart icon"),
             ("HomeScreen", "SettingsScreen", "tap gear"), ("SearchScreen", "ProductScreen", "tap result"),
             ("ProductScreen", "CartScreen", "Add to cart"), ("CartScreen", "CheckoutScreen", "Checkout"),
             ("CheckoutScreen", "OrderDoneScreen", "pay ok"), ("SettingsScreen", "HomeScreen", "back"),
             ("SettingsScreen", "LicensesScreen", "tap Licenses"), ("ProductScreen", "HomeScreen", "back")]
    G = graph([(a, b) for a, b, _ in flows], True)
    kt = ("// NavGraph.kt (v2.3.1)\n" + "\n".join(
        "navigate(from = %s, to = %s)  // %s" % f for f in flows) + "\n")
    ask(fam, "shortest path", "kotlin code", G,
        kt + "\nFewest screen transitions from SplashScreen to CheckoutScreen?", "sp",
        source="SplashScreen", target="CheckoutScreen")
    ask(fam, "sinks", "kotlin code", G,
        kt + "\nWhich screens are dead ends (you can't navigate anywhere from them)?", "sinks")
    ask(fam, "reachability", "kotlin code", G,
        "Can the user get back to HomeScreen from ProductScreen using these navigations?\n" + kt, "reach",
        source="ProductScreen", target="HomeScreen")
    ask(fam, "no path", "kotlin code", G,
        kt + "\nWhat's the shortest way from HomeScreen to OnboardingScreen?", "sp", source="HomeScreen", target="OnboardingScreen")
    ask(fam, "out-degree", "kotlin code", G,
        kt + "\nHow many different screens can you go to directly from HomeScreen?", "deg", node="HomeScreen", direction="out")
    refuse(fam, "data not given", "kotlin code", G,
        kt + "\nWhich screen do users spend the most time on?", "no usage or time data")


def food_web():
    fam = "biologist, pond food web"
    eats = [("heron", "frog"), ("heron", "perch"), ("heron", "newt"), ("pike", "perch"), ("pike", "frog"),
            ("perch", "water beetle"), ("frog", "water beetle"), ("frog", "mosquito larva"), ("newt", "mosquito larva"),
            ("water beetle", "mosquito larva"), ("mosquito larva", "algae"), ("water beetle", "daphnia"),
            ("daphnia", "algae"), ("perch", "daphnia")]
    G = graph([(b, a) for a, b in eats], True)  # energy flows from prey to predator
    txt = ("Field notes, Pond 4, June survey (water temp 18.5 C):\n" +
           "; ".join("%s eats %s" % e for e in eats) + ".\n")
    ask(fam, "diet", "prose sentences", G, txt + "\nWhat does the frog eat?", "pred", node="frog")
    ask(fam, "predators", "prose sentences", G, "Who eats the perch?\n" + txt, "succ", node="perch")
    ask(fam, "total degree", "prose sentences", G,
        txt + "\nIn how many feeding links is the water beetle involved (eating or being eaten)?", "deg", node="water beetle")
    ask(fam, "node count", "prose sentences", G, txt + "\nHow many species are in the web?", "nodes")
    ask(fam, "connected", "prose sentences", G,
        txt + "\nIgnoring who eats whom, is this all one connected web?", "connected")
    refuse(fam, "no such tool", "prose sentences", G,
        txt + "\nWhat is the longest food chain in this web, counted in links?",
        "longest path: no tool computes it")


def electrician():
    fam = "electrician, circuit description"
    wires = [("W1", "consumer unit", "JB1"), ("W2", "JB1", "JB2"), ("W3", "JB2", "JB3"), ("W4", "JB3", "consumer unit"),
             ("W5", "JB2", "socket K1"), ("W6", "JB3", "socket K2"), ("W7", "socket K2", "socket K3"),
             ("W8", "JB1", "light L1"), ("W9", "light L1", "switch S1")]
    G = graph([(a, b) for _, a, b in wires], False)
    txt = ("Survey notes, flat 3B (2.5 mm² T&E unless stated):\n" +
           "\n".join("%s runs from %s to %s" % w for w in wires) + "\n")
    ask(fam, "cycle", "prose sentences", G,
        txt + "\nDoes this form a ring circuit anywhere, i.e. a closed loop?", "cycle")
    ask(fam, "bridges", "prose sentences", G,
        txt + "\nHow many of these wires would leave something disconnected if that single wire were cut?", "bridges")
    ask(fam, "articulation points", "prose sentences", G,
        "Which points (junction boxes, sockets, etc.), if they failed open, would disconnect other points from the rest?\n" + txt,
        "art")
    ask(fam, "edge count", "prose sentences", G, txt + "\nHow many wire runs are there?", "edges")
    refuse(fam, "no such measure", "prose sentences", G,
        txt + "\nWhat current flows through W3 when the kettle is on at socket K2?",
        "no loads, voltages or resistances; not a graph question")


def librarian():
    fam = "librarian, courier van runs between branches (minutes)"
    runs = [("Central Library", "Northgate Branch", 14), ("Central Library", "Eastfield Branch", 22),
            ("Northgate Branch", "Eastfield Branch", 9), ("Northgate Branch", "Hillcrest Branch", 17),
            ("Eastfield Branch", "Hillcrest Branch", 12), ("Eastfield Branch", "Docklands Branch", 25),
            ("Hillcrest Branch", "Docklands Branch", 11), ("Docklands Branch", "St. Mary's Branch", 8),
            ("Hillcrest Branch", "St. Mary's Branch", 20)]
    G = graph(runs, False)
    txt = ("| Van run | From | To | Minutes |\n|---|---|---|---|\n" +
           "\n".join("| R%02d | %s | %s | %d |" % (i + 1, a, b, w) for i, (a, b, w) in enumerate(runs)) + "\n")
    ask(fam, "minimum spanning tree", "markdown table", G,
        "We have to cut van runs. Keeping every branch linked (possibly via other branches), what's the smallest total minutes of runs we can keep?\n\n" + txt,
        "mst")
    ask(fam, "shortest path (weighted)", "markdown table", G,
        txt + "\nQuickest way to get a book from Central Library to St. Mary's Branch, in minutes?", "sp",
        source="Central Library", target="St. Mary's Branch")
    ask(fam, "closeness", "markdown table", G,
        txt + "\nWhat's the closeness centrality of Hillcrest Branch (counting runs, not minutes)?", "closeness",
        node="Hillcrest Branch")
    ask(fam, "diameter", "markdown table", G,
        txt + "\nAt most how many van runs does a book need between any two branches (the graph's diameter in runs)?", "diameter")
    refuse(fam, "data not given", "markdown table", G,
        txt + "\nWhich branch has the most overdue books?", "no loan data")


def museum_floor():
    fam = "museum floor-plan, galleries and doorways"
    doors = [("Foyer", "Gallery 1"), ("Foyer", "Shop"), ("Gallery 1", "Gallery 2"), ("Gallery 2", "Gallery 3"),
             ("Gallery 3", "Gallery 4"), ("Gallery 4", "Gallery 1"), ("Gallery 3", "Sculpture Court"),
             ("Sculpture Court", "Café Lumière"), ("Sculpture Court", "Egyptian Room"), ("Egyptian Room", "Vault")]
    G = graph(doors, False)
    txt = ("Ground floor, doorways (visitors can go both ways):\n" +
           ", ".join("%s–%s" % d for d in doors) + "\n")
    ask(fam, "diameter", "dash list", G, txt + "\nWhat's the diameter of this floor plan, in doorways?", "diameter")
    ask(fam, "articulation points", "dash list", G,
        txt + "\nIf we close one room for maintenance, which rooms would cut visitors off from other rooms?", "art")
    ask(fam, "shortest path", "dash list", G,
        "How many doorways from the Shop to the Vault, at minimum?\n" + txt, "sp", source="Shop", target="Vault")
    ask(fam, "bipartite", "dash list", G,
        txt + "\nCould we label every room 'A' or 'B' so that every doorway joins an A room to a B room?", "bip")
    ask(fam, "neighbours", "dash list", G,
        txt + "\nWhich rooms have a doorway into the Sculpture Court?", "nbrs", node="Sculpture Court")
    refuse(fam, "data not given", "dash list", G,
        txt + "\nWhich route do most visitors actually take through the galleries?", "no visitor data")


def small_business():
    fam = "small-business owner, supplier relationships"
    sup = [("Molino Rossi", "Bäckerei Sonnenschein"), ("Hof Lindner", "Bäckerei Sonnenschein"),
           ("Agri Coop Nord", "Molino Rossi"), ("Agri Coop Nord", "Hof Lindner"),
           ("Rotterdam Grain BV", "Agri Coop Nord"), ("Rotterdam Grain BV", "Molino Rossi"),
           ("Papierwerk 24", "Bäckerei Sonnenschein"), ("Papierwerk 24", "Café Kranz"),
           ("Bäckerei Sonnenschein", "Café Kranz"), ("Hof Lindner", "Café Kranz")]
    G = graph(sup, True)
    txt = ("Hi, I run Bäckerei Sonnenschein. Who sells to whom (seller, buyer), from my notes:\n" +
           "\n".join("%s sells to %s" % s for s in sup) + "\n")
    ask(fam, "reachability", "prose sentences", G,
        txt + "\nIs Rotterdam Grain BV upstream of Café Kranz in this supply chain?", "reach",
        source="Rotterdam Grain BV", target="Café Kranz")
    ask(fam, "suppliers", "prose sentences", G,
        txt + "\nWho are my direct suppliers?", "pred", node="Bäckerei Sonnenschein")
    ask(fam, "node count", "prose sentences", G, "How many companies are in this list?\n" + txt, "nodes")
    ask(fam, "betweenness", "prose sentences", G,
        txt + "\nWhat's the betweenness centrality of Agri Coop Nord (directed, normalised)?", "betweenness",
        node="Agri Coop Nord")
    refuse(fam, "undefined measure", "prose sentences", G,
        txt + "\nWhich supplier is the most reliable?", "reliability is not in the data")
    refuse(fam, "ambiguous node", "prose sentences", G,
        txt + "\nDoes my supplier also sell to Café Kranz?",
        "ambiguous: the bakery has three suppliers, and the answer differs between them")


def hr_orgchart():
    fam = "HR assistant, org chart from an email"
    rep = [("Ruth Adeyemi", "CEO"), ("Sven Olsen", "Ruth Adeyemi"), ("Mei Lin", "Ruth Adeyemi"), ("Diego Paz", "Sven Olsen"),
           ("Aisha Khan", "Sven Olsen"), ("Jonas Berg", "Sven Olsen"), ("Farah Aziz", "Mei Lin"),
           ("Luca Conti", "Diego Paz"), ("Kofi Mensah", "CEO")]
    G = graph([(m, e) for e, m in rep], True)  # manager -> report
    txt = ("From: hr@company.example\nSubject: RE: RE: org chart for the Q3 review\n\nHi Sam,\nas requested, reporting lines:\n" +
           "\n".join("  %s reports to %s" % r for r in rep) + "\nThanks, Petra\n")
    ask(fam, "direct reports", "email", G, txt + "\nHow many direct reports does Sven Olsen have?", "deg",
        node="Sven Olsen", direction="out")
    ask(fam, "chain length", "email", G,
        txt + "\nHow many levels is Luca Conti below the CEO?", "hops", source="CEO", target="Luca Conti")
    ask(fam, "reports", "email", G, "Who reports directly to Ruth Adeyemi?\n\n" + txt, "succ", node="Ruth Adeyemi")
    ask(fam, "reachability (no)", "email", G,
        txt + "\nIs Farah Aziz anywhere in Sven Olsen's reporting line (under him, directly or indirectly)?", "reach",
        source="Sven Olsen", target="Farah Aziz")
    refuse(fam, "undefined measure", "email", G,
        txt + "\nWho deserves a promotion this quarter?", "not determinable from reporting lines")


def gamer_friends():
    fam = "gamer, friends list JSON export"
    fr = {"xX_Nova_Xx": ["Kite", "Moss", "3lla"], "Kite": ["Moss", "Jun"], "Moss": ["3lla", "Jun"],
          "3lla": ["Rafa"], "Jun": ["Rafa"], "Rafa": [], "Béa": ["Tiago"], "Tiago": []}
    G = graph([(a, b) for a, bs in fr.items() for b in bs], False, nodes=list(fr))
    js = json.dumps({"exported": "2025-03-02T19:44:10Z", "schema": 2,
                     "friends": [{"user": a, "friendsWith": bs} for a, bs in fr.items()]}, indent=1, ensure_ascii=False)
    pre = "friendships are mutual, each listed once:\n"
    ask(fam, "triangles", "json", G, pre + js + "\nhow many friend triangles (three people all friends with each other) are there?", "tri")
    ask(fam, "common neighbours", "json", G, pre + js + "\nWhich friends do Kite and 3lla have in common?", "common",
        u="Kite", v="3lla")
    ask(fam, "components", "json", G, pre + js + "\nHow many separate friend groups (not linked at all) are in here?", "cc")
    ask(fam, "max degree", "json", G, pre + js + "\nWho has the most friends?", "maxdeg")
    ask(fam, "clustering", "json", G, pre + js + "\nWhat is Moss's local clustering coefficient?", "clustering", node="Moss")
    refuse(fam, "undefined measure", "json", G, pre + js + "\nWho is the most important person in my friends list?",
           "'most important' names no measure")


def transit_planner_refusals():
    fam = "city council intern, road segments with km and tolls"
    roads = [("Town Hall", "Bridge St", 3), ("Bridge St", "Old Mill", 4), ("Town Hall", "Park Rd", 2),
             ("Park Rd", "Old Mill", 6), ("Old Mill", "Quarry", 5), ("Park Rd", "School Lane", 1)]
    G = graph(roads, False)
    txt = ("Road segments with km and toll in EUR (two-way):\n" +
           "\n".join("%s - %s: %d km, toll %d EUR" % (a, b, w, (w * 7) % 5 + 1) for a, b, w in roads) + "\n")
    refuse(fam, "ambiguous weight", "prose lines", G,
        txt + "\nWhat's the best route from Town Hall to Quarry?",
        "'best' is ambiguous: shortest km or cheapest toll")
    ask(fam, "shortest path (weighted)", "prose lines", G,
        txt.replace(" and toll in EUR", "").replace(", toll 1 EUR", "").replace(", toll 2 EUR", "").replace(", toll 3 EUR", "")
        .replace(", toll 4 EUR", "").replace(", toll 5 EUR", "") +
        "\nShortest route in km from School Lane to Quarry?", "sp", source="School Lane", target="Quarry")
    refuse(fam, "node not in data", "prose lines", G,
        txt + "\nIs there a road from Town Hall to the Railway Station?", "the Railway Station is not in the data")
    refuse(fam, "no such tool", "prose lines", G,
        txt + "\nHow many different simple routes are there from Town Hall to Quarry?", "counting simple paths: no tool")
    ask(fam, "degree", "prose lines", G, txt + "\nHow many road segments meet at Park Rd?", "deg", node="Park Rd")


def network_student():
    fam = "networking student, homework graph as adjacency list"
    adj = {"R1": ["R2", "R3"], "R2": ["R1", "R4", "R5"], "R3": ["R1", "R4"], "R4": ["R2", "R3", "R6"],
           "R5": ["R2", "R6"], "R6": ["R4", "R5", "R7"], "R7": ["R6"]}
    G = graph([(a, b) for a, bs in adj.items() for b in bs if a < b], False, nodes=list(adj))
    txt = "Lab 5 (CS 2210, due Fri 11:59pm) — topology as adjacency list:\n" + "\n".join(
        "%s: %s" % (a, " ".join(bs)) for a, bs in adj.items()) + "\n"
    ask(fam, "diameter", "adjacency list", G, txt + "Q2: what is the diameter of the topology?", "diameter")
    ask(fam, "hop count", "adjacency list", G, txt + "Q3: min hops R1 to R7?", "hops", source="R1", target="R7")
    ask(fam, "betweenness", "adjacency list", G, "Q4 asks for the betweenness centrality of R6 (normalised). " + txt,
        "betweenness", node="R6")
    ask(fam, "bipartite", "adjacency list", G, txt + "Q5: is the topology bipartite?", "bip")
    ask(fam, "chromatic number", "adjacency list", G,
        txt + "Q6: what's the chromatic number (minimum colours, exact)?", "chromatic")


def data_engineer_airflow():
    fam = "data engineer, Airflow DAG code"
    chains = [["extract_orders", "clean_orders", "join_customers"], ["extract_customers", "join_customers"],
              ["join_customers", "agg_daily", "publish_dashboard"], ["join_customers", "agg_region", "publish_dashboard"],
              ["agg_region", "email_report"], ["extract_fx_rates", "agg_region"]]

    def build(cs):
        return graph([(a, b) for c in cs for a, b in zip(c, c[1:])], True)

    def code(cs):
        return ("with DAG(\"nightly_sales\", schedule=\"0 2 * * *\", start_date=datetime(2024, 1, 1), catchup=False) as dag:\n" +
                "\n".join("    " + " >> ".join(c) for c in cs) + "\n")
    G = build(chains)
    py = code(chains)
    ask(fam, "topological order", "python code", G,
        "Our Airflow DAG:\n```python\n" + py + "```\nIn which order would the tasks run if only one worker is free?", "topo")
    ask(fam, "upstream tasks", "python code", G,
        "```python\n" + py[:py.index("    join_customers >> agg_daily")] +
        "```\n(question: which tasks are directly upstream of publish_dashboard? rest of the file:)\n```python\n" +
        py[py.index("    join_customers >> agg_daily"):] + "```", "pred", node="publish_dashboard")
    ask(fam, "sources", "python code", G,
        "```python\n" + py + "```\nWhich tasks have nothing upstream, so they can kick off right at 02:00?", "sources")
    ask(fam, "reachability (no)", "python code", G,
        "```python\n" + py + "```\nIf extract_fx_rates fails, is agg_daily affected (is it downstream of it at all)?", "reach",
        source="extract_fx_rates", target="agg_daily")
    chains2 = chains + [["publish_dashboard", "clean_orders"]]
    G2 = build(chains2)
    ask(fam, "cycle (directed)", "python code", G2,
        "Airflow refuses to load this after Jo's backfill change — is there a cycle?\n```python\n" + code(chains2) + "```", "cycle")
    refuse(fam, "data not given", "python code", G,
        "```python\n" + py + "```\nWhy did the DAG fail last night at 02:14?", "no run logs are given")


def fibre_technician():
    fam = "telecom field technician, fibre segments CSV with cost and length"
    segs = [("SEG-001", "Exchange A", "Cabinet 7", 1200, 850), ("SEG-002", "Cabinet 7", "Cabinet 12", 900, 1300),
            ("SEG-003", "Exchange A", "Cabinet 12", 2500, 1900), ("SEG-004", "Cabinet 12", "Business Park", 700, 400),
            ("SEG-005", "Cabinet 7", "Hamlet Oakley", 1600, 2200), ("SEG-006", "Business Park", "Cabinet 19", 650, 500),
            ("SEG-007", "Cabinet 19", "Cabinet 12", 800, 600), ("SEG-008", "Cabinet 19", "School Mast", 1100, 950)]
    csv = "segment_id,site_a,site_b,cost_eur,length_m\n" + "\n".join("%s,%s,%s,%d,%d" % s for s in segs) + "\n"
    Gc = graph([(a, b, c) for _, a, b, c, _ in segs], False)
    Gl = graph([(a, b, l) for _, a, b, _, l in segs], False)
    ask(fam, "minimum spanning tree", "csv", Gc,
        csv + "\nWhat's the minimum total cost_eur to keep every site connected if we only keep some segments?", "mst")
    ask(fam, "shortest path (weighted)", "csv", Gl,
        "Shortest fibre route by length_m from Exchange A to School Mast?\n\n" + csv, "sp",
        source="Exchange A", target="School Mast")
    ask(fam, "bridges", "csv", Gc,
        csv + "\nHow many segments are single points of failure (cutting that one segment isolates some site)?", "bridges")
    ask(fam, "articulation points", "csv", Gc,
        csv + "\nWhich sites, if they lose power, disconnect other sites?", "art")
    refuse(fam, "prediction", "csv", Gc,
        csv + "\nWhich segment is going to fail next?", "a prediction the data cannot support")


def irrigation_farmer():
    fam = "farmer, irrigation ditches with capacities"
    ditches = [("river gate", "north pond", 120), ("river gate", "west ditch", 80), ("north pond", "west ditch", 30),
               ("north pond", "orchard", 50), ("west ditch", "maize field", 70), ("orchard", "maize field", 25),
               ("orchard", "vineyard", 40), ("maize field", "vineyard", 20)]
    G = graph(ditches, False)
    txt = ("hi, my ditches (water can go either way through each, max m3/hour written after):\n" +
           "\n".join("%s ~ %s .... %d" % d for d in ditches) + "\nfarm plan v2, 2019\n")
    ask(fam, "max flow", "prose lines", G,
        txt + "how much water per hour can i get from the river gate to the vineyard at most?", "flow",
        source="river gate", target="vineyard")
    ask(fam, "max flow", "prose lines", G,
        "max m3/hour from river gate to maize field?\n" + txt, "flow", source="river gate", target="maize field")
    ask(fam, "edge count", "prose lines", G, txt + "how many ditches are there", "edges")
    refuse(fam, "data not given", "prose lines", G,
        txt + "how much water does the maize field need in July?", "crop water needs are not in the data")


def class_survey():
    fam = "teacher, seating-wish survey (Sitzwünsche)"
    picks = {"Mia": ["Lukas", "Emma"], "Lukas": ["Jonas"], "Emma": ["Mia", "Lina"], "Jonas": ["Lukas", "Elias"],
             "Lina": ["Emma"], "Elias": ["Jonas", "Lukas"], "Noah": ["Lukas", "Mia"], "Hannah": ["Emma"]}
    G = graph([(a, b) for a, bs in picks.items() for b in bs], True, nodes=list(picks))
    txt = ("Klasse 5b — Sitzwünsche (each child named up to 2 classmates they'd like to sit with), collected 12.09.:\n" +
           "\n".join("%s: %s" % (a, ", ".join(bs)) for a, bs in picks.items()) + "\n")
    ask(fam, "in-degree", "colon list", G, txt + "\nHow many children want to sit with Lukas?", "deg", node="Lukas", direction="in")
    ask(fam, "max in-degree", "colon list", G, "Who was named by the most classmates?\n" + txt, "maxdeg", direction="in")
    ask(fam, "sources", "colon list", G, txt + "\nWhich children did nobody name?", "sources")
    ask(fam, "successors", "colon list", G, txt + "\nWho did Elias ask for?", "succ", node="Elias")
    refuse(fam, "data not given", "colon list", G,
        txt + "\nWhich two children would get the best marks sitting together?", "marks are not in the data")


def carpool_parent():
    fam = "parent organising a carpool, WhatsApp chat with typos"
    drives = [("Nguyen", "Okafor", 6), ("Okafor", "Brennan", 4), ("Nguyen", "Schulte", 9), ("Schulte", "Brennan", 3),
              ("Brennan", "Greenfield School", 11), ("Schulte", "Greenfield School", 15), ("Dias", "Okafor", 5),
              ("Dias", "Greenfield School", 18)]
    G = graph(drives, False)
    tmpl = ["[07/03/24, 20:1%d] Sarah: from the %s house to the %s house is abt %d min",
            "[07/03/24, 20:1%d] Tom: %s to %s - %d mins i think",
            "[07/03/24, 20:1%d] Sarah: %s -> %s %d minuts (roadworks lol)",
            "[07/03/24, 20:1%d] Priya: and %s to %s is %d min"]
    lines = [(tmpl[i % 4] if "School" not in b else "[07/03/24, 20:1%d] Sarah: %s to %s abt %d min") % (i, a, b, w)
             for i, (a, b, w) in enumerate(drives)]
    txt = "\n".join(lines) + "\n[07/03/24, 20:19] Tom: all drives work both ways obvs\n"
    ask(fam, "shortest path (weighted)", "chat log", G,
        txt + "\nok so whats the quickest drive from Nguyen to Greenfield School?", "sp",
        source="Nguyen", target="Greenfield School")
    ask(fam, "shortest path (weighted)", "chat log", G,
        "quick q before I reply in the group - fastest from Dias to Schulte in minutes?\n" + txt, "sp", source="Dias", target="Schulte")
    ask(fam, "neighbours", "chat log", G, txt + "\nwhich houses have a direct drive listed to Okafor?", "nbrs", node="Okafor")
    refuse(fam, "data not given", "chat log", G,
        txt + "\nwho should drive on tuesday?", "no availability or rule for choosing a driver")


FAMILIES = [school_timetabler, genealogist, home_network, hiking_club, game_designer, logistics_clerk, discord_mod,
            phd_citations, devops_compose, choir_director, chess_club, board_game_bracket, plumber, language_teacher,
            bus_enthusiast, app_developer, food_web, electrician, librarian, museum_floor, small_business, hr_orgchart,
            gamer_friends, transit_planner_refusals, network_student,
            data_engineer_airflow, fibre_technician, irrigation_farmer, class_survey, carpool_parent]


def selfcheck():
    ids = set()
    for it, spec in zip(ITEMS, SPECS):
        assert it["id"] not in ids
        ids.add(it["id"])
        assert len(it["question"]) < 4000, (it["id"], len(it["question"]))
        low = it["question"].lower()
        for n in it["nodes"]:
            assert n.lower() in low, (it["id"], n)
        if spec is None:
            assert it["refuse"] and it["why"]
            continue
        # Rebuild the graph from the JSON and recompute the answer.
        G = graph([tuple(e) for e in it["edges"]], it["directed"], nodes=it["nodes"])
        kind, p = spec
        r = compute(G, kind, p)
        assert json.dumps(r["answer"]) == json.dumps(it["answer"]), (it["id"], r["answer"], it["answer"])
        assert r["check"] == it["check"] and r["tools"] == it["tools"]
        for k in ("source", "target"):
            if k in p:
                assert p[k] in G, (it["id"], p[k])
        for k in ("node", "u", "v"):
            if k in p:
                assert p[k] in G, (it["id"], p[k])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    for f in FAMILIES:
        f()
    selfcheck()
    with open(os.path.join(out, "batch8.jsonl"), "w", encoding="utf-8") as fh:
        for it in ITEMS:
            fh.write(json.dumps(it, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
