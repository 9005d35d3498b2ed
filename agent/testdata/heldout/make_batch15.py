"""Blind held-out batch 15: people in everyday situations paste the data
about connections they really have (notebook lines, CSV and TSV exports,
YAML and INI configs, chat logs, Discord and WhatsApp messages, DOT and
Mermaid sources, Python snippets, spreadsheet matrices, prose letters and
care notes...) and ask about it in their own words; written blind to the
project's reading code and to the earlier batches' items. Every gold
answer is computed by NetworkX 3.6.1 (or by exhaustive search on the
NetworkX graph) from the graph printed in the question.

Run:
    PYTHONHASHSEED=1 python3 agent/testdata/heldout/make_batch15.py agent/testdata/heldout
writes agent/testdata/heldout/batch15.jsonl.
"""

import itertools
import json
import os
import random
import sys

import networkx as nx
from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python

ITEMS = []


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
        also=None, neg_tools=None, refuse=False, why="", if_answered=None):
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


def path_item(fam, nota, q, G, s, t, weighted=True):
    """A shortest route: by weight when the graph has weights, else in hops."""
    if nx.has_path(G, s, t):
        if weighted:
            L = num(nx.dijkstra_path_length(G, s, t, weight="weight"))
        else:
            L = nx.shortest_path_length(G, s, t)
        add(fam, nota, "shortest_path", q, G, "path", L, ["shortest_path", "shortest_path_length"], key="length",
            source=s, target=t, also={"path_exists": True})
    else:
        add(fam, nota, "no_path", q, G, "nopath", None, ["shortest_path", "shortest_path_length"],
            source=s, target=t, also={"path_exists": False})


def hops_item(fam, nota, q, G, s, t):
    """Fewest hops on a weighted graph: only the hop-count tool answers it."""
    add(fam, nota, "hops", q, G, "value", nx.shortest_path_length(G, s, t), ["shortest_path_length"],
        source=s, target=t)


def reach_item(fam, nota, q, G, s, t):
    add(fam, nota, "path_exists", q, G, "value", nx.has_path(G, s, t), ["path_exists"], source=s, target=t)


def value(fam, nota, task, q, G, answer, tools, key="", also=None, neg_tools=None, source="", target=""):
    add(fam, nota, task, q, G, "value", num(answer), tools, key=key, also=also, neg_tools=neg_tools,
        source=source, target=target)


def setq(fam, nota, task, q, G, answer, tools, key="", source="", target=""):
    add(fam, nota, task, q, G, "set", sorted(answer), tools, key=key, source=source, target=target)


def tsp_cost(G, start):
    others = [n for n in G.nodes if n != start]
    best = None
    for perm in itertools.permutations(others):
        tour = [start] + list(perm) + [start]
        cost = 0
        ok = True
        for a, b in zip(tour, tour[1:]):
            if not G.has_edge(a, b):
                ok = False
                break
            cost += G[a][b]["weight"]
        if ok and (best is None or cost < best):
            best = cost
    return best


def ham_cycle(G):
    nodes = list(G.nodes)
    first = nodes[0]
    for perm in itertools.permutations(nodes[1:]):
        tour = [first] + list(perm) + [first]
        if all(G.has_edge(a, b) for a, b in zip(tour, tour[1:])):
            return True
    return False


def ham_path(G):
    for perm in itertools.permutations(G.nodes):
        if all(G.has_edge(a, b) for a, b in zip(perm, perm[1:])):
            return True
    return False


def chromatic(G):
    nodes = list(G.nodes)
    for k in range(1, len(nodes) + 1):
        for cols in itertools.product(range(k), repeat=len(nodes)):
            c = dict(zip(nodes, cols))
            if all(c[u] != c[v] for u, v in G.edges):
                return k
    return 0


def max_matching(G, left):
    return len(nx.bipartite.hopcroft_karp_matching(G, top_nodes=left)) // 2


def communities_item(fam, nota, q, G):
    """Communities by greedy modularity; Louvain accepted too when its
    partition is the same for several seeds."""
    greedy = sorted(sorted(c) for c in nx.community.greedy_modularity_communities(G))
    tools = ["greedy_modularity_communities"]
    if all(sorted(sorted(c) for c in nx.community.louvain_communities(G, seed=s)) == greedy for s in (0, 1, 42, 7)):
        tools.append("louvain_communities")
    add(fam, nota, "communities", q, G, "partition", greedy, tools, key="communities")


def min_dominating(G):
    nodes = list(G.nodes)
    for k in range(1, len(nodes) + 1):
        for S in itertools.combinations(nodes, k):
            if nx.is_dominating_set(G, S):
                return k
    return 0


# 1. A warden of a tidal nature reserve with crossing times between islets.
def fam_causeway():
    fam = "tidal causeway warden"
    E = [("Mainland Slip", "Holm", 9), ("Holm", "Skerry", 12), ("Holm", "Kelp Bar", 7), ("Kelp Bar", "Skerry", 4),
         ("Skerry", "Gannet Stack", 15), ("Kelp Bar", "Seal Ledge", 11), ("Seal Ledge", "Priory Isle", 6),
         ("Gannet Stack", "Priory Isle", 5), ("Mainland Slip", "Seal Ledge", 25)]
    G = ugraph(E)
    lines = "\n".join(f"{a} ~ {b} : {w} min" for a, b, w in E)
    path_item(fam, "notebook", f"""Crossing times I paced out this spring (walking pace, on the ebb):
{lines}
What's the quickest way on foot from Mainland Slip out to Priory Isle, and how long does it take?""", G,
              "Mainland Slip", "Priory Isle")
    value(fam, "notebook", "mst", f"""The trust wants marker poles along some of the crossings so that every islet can be reached
from every other on poled routes, but poles are expensive so we want the poled crossings to add up to as
few walking minutes as possible. My notebook:
{lines}
What would the poled crossings add up to, in minutes?""", G,
          sum(d["weight"] for _, _, d in nx.minimum_spanning_tree(G).edges(data=True)),
          ["minimum_spanning_tree"], key="total_weight")
    value(fam, "notebook", "degree", f"""{lines}

^ crossings on the reserve. how many of the islets can you walk to directly from Kelp Bar?""", G,
          G.degree("Kelp Bar"), ["degree"])
    refuse(fam, "notebook", "missing_info", f"""{lines}
Which of these crossings will still be safe to walk at 3pm this Saturday?""", G,
           "no tide times or heights are given, only walking minutes")


# 2. A beekeeper's queen-rearing records exported from a hive app.
def fam_queens():
    fam = "beekeeper queen lineage"
    rows = [("Q-01", "", 2016, "Orchard 1"), ("Q-02", "Q-01", 2017, "Orchard 2"), ("Q-03", "Q-01", 2017, "Hedge 1"),
            ("Q-05", "Q-02", 2018, "Orchard 3"), ("Q-06", "Q-02", 2018, "Nuc 4"), ("Q-07", "Q-03", 2018, "Hedge 2"),
            ("Q-09", "Q-05", 2019, "Orchard 1"), ("Q-10", "Q-05", 2019, "Nuc 2"), ("Q-11", "Q-05", 2019, "Hedge 1"),
            ("Q-12", "Q-07", 2020, "Hedge 3"), ("Q-14", "Q-09", 2021, "Orchard 2"), ("Q-15", "Q-12", 2021, "Nuc 1"),
            ("Q-17", "Q-10", 2022, "Orchard 3"), ("Q-18", "Q-10", 2022, "Nuc 3"), ("Q-20", "Q-15", 2023, "Hedge 2")]
    G = dgraph([(m, q) for q, m, _, _ in rows if m], nodes=[q for q, _, _, _ in rows])
    csv = "queen_id,mother,year_mated,hive\n" + "\n".join(f"{q},{m},{y},{h}" for q, m, y, h in rows)
    value(fam, "csv", "out_degree", f"""Exported from my hive app (mother = the queen she was reared from):
{csv}

How many daughter queens did Q-05 give me?""", G, G.out_degree("Q-05"), ["degree"])
    reach_item(fam, "csv", f"""{csv}
is Q-20 descended from Q-03? (mother column = the queen each one was raised from)""", G, "Q-03", "Q-20")
    reach_item(fam, "csv", f"""Quick one. Queen records below, mother column is the queen each was grafted from.
{csv}
Does Q-14 come down from Q-03's line at all?""", G, "Q-03", "Q-14")
    value(fam, "csv", "is_tree", f"""{csv}

Sanity check on my records: does this form one proper family tree, i.e. a single foundress at the top and
every other queen hanging off exactly one mother, no loops?""", G, nx.is_arborescence(G), ["is_tree"], key="tree")
    refuse(fam, "csv", "no_tool", f"""{csv}
Which queen's line gives the calmest, least swarmy colonies? I want to graft from her.""", G,
           "temperament is not in the records; only descent is")


# 3. A volunteer at a heritage coast-watch society writing up which lamps can see which.
def fam_lamps():
    fam = "coast-watch signal lamps"
    E = [("Carn Point", "Gull Rock"), ("Carn Point", "Old Watch"), ("Gull Rock", "Old Watch"),
         ("Old Watch", "Mizzen Head"), ("Mizzen Head", "Black Dyke"), ("Mizzen Head", "Fennick"),
         ("Black Dyke", "Fennick"), ("Fennick", "Saltcote"), ("Saltcote", "Trow Hill"),
         ("Saltcote", "St Ebbas"), ("Trow Hill", "St Ebbas")]
    G = ugraph(E)
    prose = ("From Carn Point the keeper could see the lamps at Gull Rock and at Old Watch, and Gull Rock and Old Watch "
             "could see each other across the bay. Old Watch had a clear line to Mizzen Head and nothing else inland. "
             "Mizzen Head could signal both Black Dyke and Fennick, which were in sight of one another. Fennick's only "
             "other line was to Saltcote. From Saltcote one saw Trow Hill and St Ebbas, and those two could see each "
             "other too.")
    setq(fam, "prose", "articulation_points", f"""I'm writing up the old lamp-signal chain for the society newsletter. From the 1890s log:
"{prose}"
Which stations were the weak links — the ones where if that lamp went dark the chain would be split?""", G,
         list(nx.articulation_points(G)), ["articulation_points"], key="nodes")
    value(fam, "prose", "bridges", f"""{prose}
How many single sight-lines were there where losing just that one line (fog, say) would split the chain into two parts?""",
          G, len(list(nx.bridges(G))), ["bridges"], key="count")
    path_item(fam, "prose", f"""Log extract: {prose}
A message lit at Carn Point had to reach St Ebbas. What's the least number of lamp-to-lamp relays it needs, and by which stations?""",
              G, "Carn Point", "St Ebbas", weighted=False)
    value(fam, "prose", "betweenness", f"""{prose}
For my chart: what's the (normalised) betweenness centrality of Mizzen Head in this chain?""", G,
          nx.betweenness_centrality(G)["Mizzen Head"], ["betweenness_centrality"], key="Mizzen Head")


# 4. A knitting circle's group chat about yarn swaps.
def fam_yarn():
    fam = "knitting circle yarn swaps"
    log = [("19:02", "Maud", "swapped my aran with {} last week", "Jo"),
           ("19:03", "Jo", "yes and I did the sock yarn swap with {} too", "Ines"),
           ("19:05", "Ines", "{} and I swapped the mohair", "Maud"),
           ("19:06", "Pearl", "anyone got spare stitch markers?", None),
           ("19:08", "Pearl", "I swapped with {} at the fair", "Tove"),
           ("19:09", "Tove", "and with {} on Tuesday", "Ruth"),
           ("19:11", "Ruth", "me and {} swapped the chunky", "Pearl"),
           ("19:12", "Bea", "swapped the alpaca with {}!", "Maud"),
           ("19:14", "Constance", "did a swap with {} ages ago", "Ruth"),
           ("19:15", "Jo", "oh and {} swapped with me at Easter", "Bea"),
           ("19:17", "Ines", "swapped leftovers with {}", "Tove"),
           ("19:19", "Maud", "last one - I swapped buttons with {} too", "Constance")]
    G = nx.Graph()
    for _, who, _, other in log:
        G.add_node(who)
    for _, who, _, other in log:
        if other:
            G.add_edge(who, other)
    chat = "\n".join(f"[{t}] {who}: {msg.format(other) if other else msg}" for t, who, msg, other in log)
    value(fam, "chat_log", "triangles", f"""{chat}

(copied from our group chat) how many little trios are there where all three have swapped with each other?""", G,
          sum(nx.triangles(G).values()) // 3, ["triangle_count"], key="triangles")
    setq(fam, "chat_log", "common_neighbors", f"""Who have both Maud and Ines swapped with? chat below
{chat}""", G, list(nx.common_neighbors(G, "Maud", "Ines")), ["common_neighbors"])
    value(fam, "chat_log", "clustering", f"""{chat}
What's Jo's local clustering coefficient in this swap network?""", G, nx.clustering(G, "Jo"), ["clustering_coefficient"])
    mx = max(d for _, d in G.degree)
    setq(fam, "chat_log", "max_degree", f"""{chat}
who in the circle has swapped with the most different people?""", G, [n for n, d in G.degree if d == mx],
         ["degree_distribution"], key="max_nodes")
    refuse(fam, "chat_log", "missing_info", f"""{chat}
After all these swaps, who has the most yarn left in their stash?""", G, "no quantities of yarn are given, only who swapped with whom")


# 5. A lifeboat station's pager cascade, as a YAML file.
def fam_pager():
    fam = "lifeboat pager cascade"
    casc = [("station_ops", ["coxswain_dai", "helm_nia"]), ("coxswain_dai", ["mech_owen", "crew_sian"]),
            ("helm_nia", ["crew_ifan", "shore_carys"]), ("crew_sian", ["crew_bryn"]), ("mech_owen", ["tractor_emlyn"]),
            ("crew_ifan", ["crew_lowri"]), ("shore_carys", ["tractor_emlyn"]), ("crew_bryn", []),
            ("crew_lowri", ["crew_gethin"]), ("tractor_emlyn", []), ("crew_gethin", [])]
    G = dgraph([(a, b) for a, bs in casc for b in bs], nodes=[a for a, _ in casc])
    yml = "# pager.yml - who pages whom when a shout comes in\ncascade:\n" + "\n".join(
        f"  {a}: [{', '.join(bs)}]" for a, bs in casc)
    reach_item(fam, "yaml", f"""{yml}

If ops can only get through to Dai, does Lowri still end up getting paged?""", G, "coxswain_dai", "crew_lowri")
    setq(fam, "yaml", "sinks", f"""Our cascade config:
{yml}
Who are the people at the end of a chain, i.e. they don't page anyone else?""", G,
         [n for n in G if G.out_degree(n) == 0], ["sources_sinks"], key="sinks")
    path_item(fam, "yaml", f"""{yml}
how many pages deep is gethin from station_ops? which way does it go""", G, "station_ops", "crew_gethin", weighted=False)
    setq(fam, "yaml", "reachable", f"""{yml}
Starting from helm_nia, list everyone the cascade reaches (Nia herself included).""", G,
         list(nx.descendants(G, "helm_nia")) + ["helm_nia"], ["bfs_order", "dfs_order"])


# 6. A mushroom forager's notes of walking distances between spots.
def fam_forager():
    fam = "mushroom forager spots"
    spots = ["car park", "beech hollow", "fallen oak", "birch ride", "mossy bank", "larch gate"]
    W = {("car park", "beech hollow"): 1.2, ("car park", "fallen oak"): 2.0, ("car park", "birch ride"): 2.6,
         ("car park", "mossy bank"): 3.1, ("car park", "larch gate"): 1.9, ("beech hollow", "fallen oak"): 0.9,
         ("beech hollow", "birch ride"): 1.7, ("beech hollow", "mossy bank"): 2.4, ("beech hollow", "larch gate"): 2.8,
         ("fallen oak", "birch ride"): 1.1, ("fallen oak", "mossy bank"): 1.6, ("fallen oak", "larch gate"): 2.5,
         ("birch ride", "mossy bank"): 0.8, ("birch ride", "larch gate"): 1.4, ("mossy bank", "larch gate"): 1.3}
    G = ugraph([(a, b, w) for (a, b), w in W.items()], nodes=spots)
    notes = "\n".join(f"- {a} to {b} {w}km" for (a, b), w in W.items())
    value(fam, "bullets", "tsp", f"""my foraging notes (paths between spots, km):
{notes}
I want to start at the car park, check every spot once and come back to the car. Shortest total distance?""", G,
          tsp_cost(G, "car park"), ["travelling_salesman"], key="cost")
    path_item(fam, "bullets", f"""{notes}
Shortest walk from the car park to the mossy bank using these paths? (km)""", G, "car park", "mossy bank")
    refuse(fam, "bullets", "no_tool", f"""{notes}
Given these paths, which spot will have chanterelles this week?""", G, "fruiting is not in the data; only distances are")


# 7. An amateur astronomer's star-hopping log.
def fam_stars():
    fam = "star-hopping observing log"
    E = [("Vega", "Epsilon Lyrae", 1.7), ("Vega", "Zeta Lyrae", 2.0), ("Zeta Lyrae", "Sheliak", 4.6),
         ("Zeta Lyrae", "Delta Lyrae", 2.2), ("Delta Lyrae", "Sulafat", 2.9), ("Sheliak", "Sulafat", 2.0),
         ("Sheliak", "M57", 0.9), ("Sulafat", "M57", 1.3), ("Sulafat", "M56", 4.7), ("M57", "M56", 5.4),
         ("Epsilon Lyrae", "Delta Lyrae", 3.8)]
    G = ugraph(E)
    table = "| from | to | separation (°) |\n|---|---|---|\n" + "\n".join(f"| {a} | {b} | {w} |" for a, b, w in E)
    path_item(fam, "markdown_table", f"""Star hops I can do comfortably in the finder:

{table}

What's the smallest total angular distance hopping from Vega to M57?""", G, "Vega", "M57")
    hops_item(fam, "markdown_table", f"""{table}
Forget the degrees — what's the fewest number of hops from Vega to M56?""", G, "Vega", "M56")
    value(fam, "markdown_table", "edge_count", f"""{table}
how many hops have I logged in this table?""", G, G.number_of_edges(), ["edge_count", "size"])


# 8. A groundskeeper marking out pitch lines with a wheeled line marker.
def fam_lines():
    fam = "groundskeeper line marking"
    E1 = [("NW corner", "NE corner"), ("NE corner", "halfway right"), ("halfway right", "SE corner"),
          ("SE corner", "SW corner"), ("SW corner", "halfway left"), ("halfway left", "NW corner"),
          ("halfway left", "centre spot"), ("centre spot", "halfway right")]
    G1 = ugraph(E1)
    seg1 = "\n".join(f"{a} to {b}" for a, b in E1)
    value(fam, "segment_list", "euler_path", f"""Lines to mark on the 5-a-side pitch this morning:
{seg1}
Can I push the line marker along every line exactly once in one continuous go, without going back over a painted line?""",
          G1, nx.has_eulerian_path(G1), ["euler_path"], key="exists")
    value(fam, "segment_list", "euler_circuit", f"""{seg1}
(those are the pitch lines) — is there a way to paint all of them once each and finish back where I started?""",
          G1, nx.is_eulerian(G1), ["euler_circuit"], key="circuit")
    E2 = [("gate", "cone 1"), ("cone 1", "cone 2"), ("cone 2", "cone 3"), ("cone 3", "gate"), ("cone 1", "cone 3"),
          ("cone 2", "flag"), ("cone 3", "flag"), ("gate", "flag"), ("flag", "bench")]
    G2 = ugraph(E2)
    seg2 = "\n".join(f"{a} to {b}" for a, b in E2)
    value(fam, "segment_list", "euler_path", f"""Training grid lines for the under-10s:
{seg2}
One continuous pass, each line once, possible or not?""", G2, nx.has_eulerian_path(G2), ["euler_path"], key="exists")
    refuse(fam, "segment_list", "missing_info", f"""{seg1}
How many litres of white paint will I need for these lines?""", G1, "no line lengths or paint rate are given")


# 9. A model rocketry club's pre-launch checklist.
def fam_rocket():
    fam = "model rocket launch checklist"
    steps = [("Pack recovery wadding", []), ("Fold parachute", ["Pack recovery wadding"]),
             ("Install motor", ["Fold parachute"]), ("Insert igniter", ["Install motor", "Check pad is clear"]),
             ("Check pad is clear", []), ("Slide rocket onto rod", ["Install motor"]),
             ("Clip igniter leads", ["Insert igniter", "Slide rocket onto rod"]), ("Arm controller", ["Clip igniter leads"]),
             ("Countdown", ["Arm controller", "Call range status"]), ("Call range status", ["Check pad is clear"])]
    G = dgraph([(p, s) for s, ps in steps for p in ps], nodes=[s for s, _ in steps])
    lst = "\n".join(f"{i}. {s}" + (f" (after: {', '.join(ps)})" if ps else "") for i, (s, ps) in enumerate(steps, 1))
    add(fam, "checklist", "topological_sort", f"""Club launch checklist — the numbering is just the order I typed them, not the order to do them:
{lst}
Put them in an order that respects every 'after'.""", G, "order", None, ["topological_sort"])
    setq(fam, "checklist", "sources", f"""{lst}
Which steps have nothing they need to wait for, so I can start on them straight away?""", G,
         [n for n in G if G.in_degree(n) == 0], ["sources_sinks"], key="sources")
    steps2 = [("Pack recovery wadding", ["Arm controller"])] + steps[1:]
    G2 = dgraph([(p, s) for s, ps in steps2 for p in ps], nodes=[s for s, _ in steps2])
    lst2 = "\n".join(f"{i}. {s}" + (f" (after: {', '.join(ps)})" if ps else "") for i, (s, ps) in enumerate(steps2, 1))
    value(fam, "checklist", "cycle", f"""Someone edited our checklist and now nobody can follow it. Is there a circular 'after' somewhere?
{lst2}""", G2, not nx.is_directed_acyclic_graph(G2), ["cycle_check"])
    add(fam, "checklist", "dag", f"""{lst}
Is there at least one order of doing these that satisfies all the 'after' notes?""", G, "dag",
        nx.is_directed_acyclic_graph(G), ["topological_sort"], neg_tools=["cycle_check"])


# 10. A tea estate's field officer with tractor-trailer track capacities.
def fam_tea():
    fam = "tea estate leaf transport"
    E = [("Upper Slopes Depot", "Ridge Track", 900), ("Upper Slopes Depot", "Stream Bend", 600),
         ("Ridge Track", "Weighing Shed A", 500), ("Ridge Track", "Stream Bend", 300),
         ("Stream Bend", "Weighing Shed B", 700), ("Weighing Shed A", "Lower Road", 450),
         ("Weighing Shed A", "Factory", 200), ("Weighing Shed B", "Lower Road", 400), ("Weighing Shed B", "Factory", 250),
         ("Lower Road", "Factory", 800)]
    G = dgraph(E)
    tsv = "from\tto\tkg_per_hour\n" + "\n".join(f"{a}\t{b}\t{w}" for a, b, w in E)
    value(fam, "tsv", "max_flow", f"""{tsv}

(one-way tracks, trailer capacity in kg of green leaf per hour) What's the most leaf per hour we can move from the
Upper Slopes Depot to the Factory?""", G, nx.maximum_flow_value(G, "Upper Slopes Depot", "Factory", capacity="weight"),
          ["maximum_flow"], key="value", source="Upper Slopes Depot", target="Factory")
    value(fam, "tsv", "min_cut", f"""Monsoon question. If landslides block tracks, what is the smallest total capacity (kg/h) of tracks
that would have to be blocked to cut the depot off from the factory completely?
{tsv}""", G, nx.minimum_cut_value(G, "Upper Slopes Depot", "Factory", capacity="weight"), ["maximum_flow"], key="value",
          source="Upper Slopes Depot", target="Factory")
    reach_item(fam, "tsv", f"""{tsv}
tracks are one way. can a trailer at Stream Bend get back up to Ridge Track?""", G, "Stream Bend", "Ridge Track")


# 11. A piano teacher fitting pupils into weekly slots.
def fam_piano():
    fam = "piano teacher lesson slots"
    av = [("Mia", ["Tue 4pm", "Wed 5pm"]), ("Theo", ["Tue 4pm"]), ("Ada", ["Mon 4pm", "Tue 4pm", "Thu 4pm"]),
          ("Rafi", ["Wed 5pm"]), ("Jun", ["Tue 4pm", "Wed 5pm"]), ("Elsie", ["Sat 10am", "Thu 4pm"]),
          ("Noor", ["Thu 4pm"])]
    G = ugraph([(p, s) for p, ss in av for s in ss])
    msg = "\n".join(f"{p} — {' or '.join(ss)}" for p, ss in av)
    add(fam, "chat_list", "matching", f"""Sorting out next term. Each kid needs one slot and I can only teach one kid per slot. Who can do what:
{msg}
What's the largest number of pupils I can fit in, and who goes where?""", G, "matching", max_matching(G, [p for p, _ in av]),
        ["maximum_bipartite_matching"])
    value(fam, "chat_list", "degree", f"""{msg}
how many of the kids could take the Tue 4pm slot?""", G, G.degree("Tue 4pm"), ["degree"])
    refuse(fam, "chat_list", "missing_info", f"""{msg}
Which arrangement keeps the parents happiest?""", G, "no preferences or ratings from the parents are given")


# 12. A LAN party organiser splitting gamers with grudges into rooms (Discord message).
def fam_lan():
    fam = "LAN party grudges"
    E = [("tofu_king", "Mossy"), ("Mossy", "DrKettle"), ("DrKettle", "tofu_king"), ("vex", "BananaJoe"),
         ("BananaJoe", "lil_pix"), ("lil_pix", "vex"), ("Grendel", "tofu_king"), ("Grendel", "vex"), ("skye", "Mossy"),
         ("skye", "BananaJoe"), ("Grendel", "skye"), ("Grendel", "lil_pix")]
    G = ugraph(E)
    msg = "ok so these ppl CANNOT be in the same room (long story):\n" + "\n".join(f"{a} vs {b}" for a, b in E)
    value(fam, "discord", "chromatic", f"""{msg}
whats the minimum number of rooms i need so nobody is stuck with someone they have beef with""", G, chromatic(G),
          ["chromatic_number"], key="chromatic_number")
    value(fam, "discord", "bipartite", f"""{msg}
we only have 2 rooms booked. can it work with just two?""", G, nx.is_bipartite(G), ["is_bipartite"], key="bipartite")
    mx = max(d for _, d in G.degree)
    setq(fam, "discord", "max_degree", f"""{msg}
who has beef with the most people lol""", G, [n for n, d in G.degree if d == mx], ["degree_distribution"], key="max_nodes")
    refuse(fam, "discord", "partial", """ok these ppl can't share a room:
tofu_king vs Mossy
Mossy vs DrKettle
vex vs BananaJoe
+ like 6 more pairs, will post them after work
how many rooms do we need minimum?""", ugraph([("tofu_king", "Mossy"), ("Mossy", "DrKettle"), ("vex", "BananaJoe")]),
           "the list is incomplete: more pairs are still to come")


# 13. A drone-racing event's frequency planner (JSON).
def fam_drones():
    fam = "drone racing video channels"
    pilots = ["KITE", "RAZR", "NOVA", "MOTH", "JUNO", "ZIP", "OWL", "FERN", "BOLT"]
    E = [("KITE", "RAZR"), ("KITE", "NOVA"), ("RAZR", "NOVA"), ("NOVA", "MOTH"), ("MOTH", "JUNO"), ("JUNO", "RAZR"),
         ("ZIP", "OWL"), ("OWL", "KITE"), ("MOTH", "KITE")]
    G = ugraph(E, nodes=pilots)
    js = json.dumps({"event": "Quarry Cup heat 3", "pilots": pilots, "interferes": [list(e) for e in E]}, indent=1)
    value(fam, "json", "chromatic", f"""{js}
Pilots who interfere with each other must be on different video channels. Minimum number of channels for this heat?""",
          G, chromatic(G), ["chromatic_number"], key="chromatic_number")
    value(fam, "json", "isolated", f"""Heat file:
{js}
How many pilots don't interfere with anybody?""", G, sum(1 for n in G if G.degree(n) == 0), ["degree_distribution"],
          key="count")
    refuse(fam, "json", "missing_info", f"""{js}
What's the minimum transmit power each pilot can use so nobody interferes?""", G,
           "no powers, distances or signal data are given")


# 14. An orchid society's hybrid registry.
def fam_orchids():
    fam = "orchid hybrid registry"
    crosses = [("Nightfall", "Ember", "Mistral"), ("Starfall", "Nightfall", "Coral Bay"), ("Coral Bay", "Ember", "Tidewater"),
               ("Lantern", "Mistral", "Tidewater"), ("Ghost Moth", "Lantern", "Starfall"), ("Quill", "Coral Bay", "Lantern"),
               ("Hearthglow", "Quill", "Ember")]
    G = dgraph([(p, c) for c, a, b in crosses for p in (a, b)])
    reg = "Paphiopedilum hybrids, grex = seed parent × pollen parent:\n" + "\n".join(
        f"{c} = {a} × {b}  (reg. {2011 + i})" for i, (c, a, b) in enumerate(crosses))
    reach_item(fam, "registry", f"""From our society's registry of members' hybrids (seed parent × pollen parent):
{reg}
Is Tidewater in the ancestry of Ghost Moth?""", G, "Tidewater", "Ghost Moth")
    setq(fam, "registry", "predecessors", f"""{reg}
What are the two parents of Starfall?""", G, list(G.predecessors("Starfall")), ["predecessors"])
    value(fam, "registry", "out_degree", f"""{reg}
How many of these hybrids have Ember as a direct parent?""", G, G.out_degree("Ember"), ["degree"])
    refuse(fam, "registry", "no_tool", f"""{reg}
What is the largest number of generations in any line of descent here (longest parent-to-child chain)?""", G,
           "the longest path in a DAG: no catalogue tool", if_answered=nx.dag_longest_path_length(G))


# 15. A pottery co-op's kiln-sharing log.
def fam_kiln():
    fam = "pottery co-op kiln sharing"
    E = [("Ana", "Bo"), ("Bo", "Cyd"), ("Ana", "Cyd"), ("Cyd", "Dee"), ("Ana", "Dee"), ("Bo", "Dee"),
         ("Dee", "Eli"), ("Eli", "Fay"), ("Fay", "Gus"), ("Eli", "Gus"), ("Gus", "Hal"), ("Fay", "Hal"), ("Eli", "Hal"),
         ("Hal", "Ivo"), ("Ivo", "Jen"), ("Jen", "Kit"), ("Ivo", "Kit"), ("Kit", "Lou"), ("Jen", "Lou"), ("Ivo", "Lou"),
         ("Lou", "Mo"), ("Bo", "Nat"), ("Nat", "Mo")]
    G = ugraph(E)
    pairs = ", ".join(f"{a}+{b}" for a, b in E)
    communities_item(fam, "plus_pairs", f"""Shared kiln loads this year (each pair fired a load together): {pairs}.
Can you find the natural communities / clusters of potters who tend to fire together?""", G)
    value(fam, "plus_pairs", "edge_count", f"""shared firings: {pairs}
how many different pairings is that?""", G, G.number_of_edges(), ["edge_count", "size"])
    setq(fam, "plus_pairs", "k_core", f"""Kiln pairs: {pairs}
Who's in the 3-core of this network (everyone in it has shared with at least 3 others who are also in it)?""", G,
         list(nx.k_core(G, 3).nodes), ["k_core"], key="nodes")
    value(fam, "plus_pairs", "transitivity", f"""{pairs} — those are the potters who shared kiln loads. What's the transitivity of that network?""",
          G, nx.transitivity(G), ["transitivity"])


# 16. A speedrunner's notes on level exits and warps in a platformer.
def fam_speedrun():
    fam = "platformer speedrun warps"
    adj = [("Meadow", ["Cliffs", "Burrow"]), ("Cliffs", ["Meadow", "Ice Cavern"]), ("Burrow", ["Mines"]),
           ("Mines", ["Burrow", "Lava Vault"]), ("Ice Cavern", ["Sky Bridge"]), ("Sky Bridge", ["Ice Cavern", "Cloud Keep"]),
           ("Lava Vault", ["Cloud Keep", "Sunken Ship"]), ("Sunken Ship", ["Reef"]), ("Reef", ["Sunken Ship", "Final Castle"]),
           ("Cloud Keep", ["Final Castle"]), ("Final Castle", [])]
    G = dgraph([(a, b) for a, bs in adj for b in bs], nodes=[a for a, _ in adj])
    md = "\n".join(f"- **{a}** → {', '.join(bs) if bs else '(credits)'}" for a, bs in adj)
    add(fam, "markdown_bullets", "scc", f"""Level exits (incl. secret exits + warp pipes) from my route notes. Exits are one-way:
{md}
Which groups of levels can I bounce back and forth between freely? (strongly connected groups)""", G, "partition",
        sorted(sorted(c) for c in nx.strongly_connected_components(G)), ["strongly_connected_components"], key="components")
    path_item(fam, "markdown_bullets", f"""{md}
fewest levels from Meadow to Final Castle? (count the transitions)""", G, "Meadow", "Final Castle", weighted=False)
    reach_item(fam, "markdown_bullets", f"""{md}
Can you still finish the game (reach Final Castle) if you start a save file from Burrow?""", G, "Burrow", "Final Castle")
    reach_item(fam, "markdown_bullets", f"""{md}
If I fall into Ice Cavern by mistake, is there any way back to Meadow?""", G, "Ice Cavern", "Meadow")


# 17. A volcano observatory technician reading the telemetry relay config.
def fam_seismic():
    fam = "volcano seismic telemetry relays"
    rng = random.Random(1517)
    st = [f"VT{i:02d}" for i in range(1, 31)]
    up = {}
    placed = ["BASE"]
    for s in st:
        up[s] = rng.choice(placed[-8:])
        placed.append(s)
    G = dgraph([(s, u) for s, u in up.items()], nodes=["BASE"] + st)
    backups = {"VT12": "VT03", "VT27": "VT09", "VT19": "BASE"}
    for s, b in backups.items():
        G.add_edge(s, b)
    ini = []
    for s in st:
        ini.append(f"[station.{s}]\nuplink = {up[s]}" + (f"\nbackup = {backups[s]}" if s in backups else "") +
                   f"\nradio = {rng.choice(['900MHz', '2.4GHz'])}")
    ini = "\n\n".join(ini)
    path_item(fam, "ini", f"""relays.ini from the observatory (each station forwards its data to its uplink, and to its backup if it has one):
{ini}

How many radio hops does VT30's data need to reach BASE at best?""", G, "VT30", "BASE", weighted=False)
    setq(fam, "ini", "sources", f"""{ini}

Which stations are at the edge of the network — nobody relays their data through them?""", G,
         [n for n in G if G.in_degree(n) == 0], ["sources_sinks"], key="sources")
    value(fam, "ini", "edge_count", f"""{ini}
How many forwarding links (uplinks plus backups) are configured in total?""", G, G.number_of_edges(), ["edge_count", "size"])
    value(fam, "ini", "in_degree", f"""{ini}
How many stations send their data straight to BASE?""", G, G.in_degree("BASE"), ["degree"])


# 18. A bird-ringing group's recapture export.
def fam_ringing():
    fam = "bird ringing recaptures"
    rows = [("DA1840", "Marsh Hide", "Reedbed North"), ("DA1841", "Reedbed North", "Marsh Hide"),
            ("DA1855", "Willow Carr", "Marsh Hide"), ("DA1861", "Willow Carr", "Reedbed North"),
            ("DA1870", "Sea Wall", "Willow Carr"), ("DA1872", "Sea Wall", "Marsh Hide"), ("DA1890", "Scrape", "Sea Wall"),
            ("DA1902", "Willow Carr", "Marsh Hide"), ("DA1911", "Reedbed North", "Scrape"), ("DA1920", "Heath Edge", "Scrape")]
    G = dgraph([(a, b) for _, a, b in rows])
    tab = "ring_no | ringed_at | recaptured_at\n" + "\n".join(f"{r} | {a} | {b}" for r, a, b in rows)
    setq(fam, "pipe_table", "predecessors", f"""Recaptures export from our ringing database:
{tab}
From which sites have birds turned up at Marsh Hide?""", G, list(G.predecessors("Marsh Hide")), ["predecessors"])
    setq(fam, "pipe_table", "sources", f"""{tab}
Are there sites we've only ringed birds at and never recaptured any bird from elsewhere? Which?""", G,
         [n for n in G if G.in_degree(n) == 0], ["sources_sinks"], key="sources")
    refuse(fam, "pipe_table", "missing_info", f"""{tab}
How many kilometres did DA1870 fly?""", G, "no distances between the sites are given")


# 19. A neighbourhood watch coordinator's notes on walkie-talkie range.
def fam_walkie():
    fam = "neighbourhood watch walkie-talkies"
    names = ["Greta", "Hollis", "Pam", "Ulla", "Vic", "Ned", "Oona", "Rex", "Sadie", "Tam", "Ward", "Yusuf", "Zelda",
             "Abe", "Bette", "Colm", "Dot", "Evan", "Flo", "Gil", "Hope", "Ike", "Jem", "Kay", "Len", "Mo", "Nell",
             "Otto", "Pia", "Quin", "Ros", "Sol", "Tess", "Uri", "Val", "Wes"]
    rng = random.Random(1519)
    pos = {n: (rng.random(), rng.random()) for n in names}
    E = []
    for a, b in itertools.combinations(names, 2):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if (x1 - x2) ** 2 + (y1 - y2) ** 2 < 0.038:
            E.append((a, b))
    G = ugraph(E, nodes=names)
    lines = []
    for n in names:
        nb = [m for m in G[n] if names.index(m) > names.index(n)]
        if nb:
            lines.append(f"{n}'s handset reaches {', '.join(nb[:-1]) + ' and ' + nb[-1] if len(nb) > 1 else nb[0]}")
        elif G.degree(n) == 0:
            lines.append(f"{n} — reaches nobody from home")
    notes = "\n".join(lines)
    value(fam, "range_notes", "components", f"""Range test results from Saturday (if A reaches B, B reaches A too):
{notes}
Counting relays through each other, how many separate groups are there that can talk among themselves?""", G,
          nx.number_connected_components(G), ["connected_components"], key="count")
    a, b = "Greta", "Wes"
    reach_item(fam, "range_notes", f"""{notes}
Could Greta get a message to Wes by passing it along handset to handset?""", G, a, b)
    setq(fam, "range_notes", "neighbors", f"""{notes}
Who can Greta reach directly, without a relay?""", G, list(G["Greta"]), ["neighbors"])
    value(fam, "range_notes", "isolated", f"""{notes}
How many members can't reach anyone at all?""", G, sum(1 for n in G if G.degree(n) == 0), ["degree_distribution"], key="count")
    value(fam, "range_notes", "node_count", f"""{notes}
how many members did we test altogether?""", G, G.number_of_nodes(), ["node_count", "order"])


# 20. A care-home activities coordinator's notes on who sits with whom at bingo.
def fam_bingo():
    fam = "care home bingo tables"
    E = [("Edna", "Mabel"), ("Edna", "Florence"), ("Mabel", "Florence"), ("Florence", "Albert"), ("Albert", "Stanley"),
         ("Stanley", "Doris"), ("Doris", "Irene"), ("Irene", "Walter"), ("Albert", "Irene"), ("Walter", "Gladys"),
         ("Gladys", "Doris")]
    G = ugraph(E)
    prose = ("Edna always sits with Mabel and Florence, and Mabel and Florence get on too. Florence also chats with Albert. "
             "Albert is pals with Stanley and with Irene. Stanley sits with Doris. Doris gets on with Irene and with "
             "Gladys. Irene and Walter are close, and Walter partners Gladys at the quiz.")
    setq(fam, "care_prose", "center", f"""Notes for the new activities assistant: {prose}
If I want to pass news around by word of mouth, which residents are the most central — the fewest steps from
the person furthest from them?""", G, nx.center(G), ["center"])
    setq(fam, "care_prose", "neighbors", f"""{prose}
Who are Doris's friends, going by these notes?""", G, list(G["Doris"]), ["neighbors"])
    value(fam, "care_prose", "density", f"""{prose}
What's the density of this little friendship network?""", G, nx.density(G), ["density"])
    value(fam, "care_prose", "avg_path", f"""{prose}
On average, how many steps apart are two residents in this friendship web?""", G, nx.average_shortest_path_length(G),
          ["avg_path_length"])
    value(fam, "care_prose", "closeness", f"""{prose}
Can you give me Albert's closeness centrality?""", G, nx.closeness_centrality(G)["Albert"], ["closeness_centrality"],
          key="Albert")


# 21. A festival site manager's WhatsApp about golf-cart times.
def fam_carts():
    fam = "festival site golf carts"
    E = [("Main Stage", "Bar 3", 4), ("Main Stage", "Medical", 6), ("Bar 3", "Artist Village", 5), ("Medical", "Gate B", 3),
         ("Artist Village", "Gate B", 7), ("Artist Village", "Woodland Stage", 9), ("Gate B", "Car Park 2", 8),
         ("Woodland Stage", "Car Park 2", 4), ("Medical", "Production Office", 2), ("Production Office", "Bar 3", 3)]
    G = ugraph(E)
    wa = "\n".join(f"[12/07, 09:{10 + i:02d}] Kez (Site): {a} to {b} is like {w} mins on the cart" for i, (a, b, w) in enumerate(E))
    path_item(fam, "whatsapp", f"""{wa}
[12/07, 09:31] Kez (Site): so whats the quickest run from Main Stage to Car Park 2?""", G, "Main Stage", "Car Park 2")
    value(fam, "whatsapp", "max_path", f"""{wa}

Taking the quickest route every time, what's the longest cart trip between any two points on site, in minutes?""", G,
          max(max(d.values()) for _, d in nx.all_pairs_dijkstra_path_length(G)), ["max_path_length"])
    refuse(fam, "whatsapp", "missing_info", f"""{wa}
how much fuel does a cart burn going Main Stage to Car Park 2?""", G, "no fuel consumption data, only minutes")


# 22. A developer's i18n locale fallback config.
def fam_locales():
    fam = "app locale fallbacks"
    fb = {"pt-BR": ["pt-PT", "es"], "pt-PT": ["pt-BR"], "gl": ["es", "pt-PT"], "ca": ["es"], "es": ["en"],
          "eu": ["es", "fr"], "fr-CA": ["fr"], "fr": ["en"], "en": []}
    G = dgraph([(a, b) for a, bs in fb.items() for b in bs], nodes=list(fb))
    js = json.dumps({"fallbackLocales": fb}, indent=2)
    value(fam, "json", "cycle", f"""i18n config:
```json
{js}
```
does our fallback chain have a loop anywhere? (a locale falling back, eventually, to itself)""", G,
          not nx.is_directed_acyclic_graph(G), ["cycle_check"])
    reach_item(fam, "json", f"""{js}
If a string is missing in fr-CA, can it ever end up being shown from the es catalogue?""", G, "fr-CA", "es")
    setq(fam, "json", "successors", f"""{js}
Which locales does eu fall back to directly?""", G, list(G.successors("eu")), ["successors", "neighbors"])


# 23. A sixth-form teacher running a student council election with endorsements.
def fam_council():
    fam = "student council endorsements"
    E = [("Ravi", "Tamsin"), ("Ola", "Tamsin"), ("Kai", "Tamsin"), ("Tamsin", "Bex"), ("Bex", "Tamsin"),
         ("Jonah", "Bex"), ("Mei", "Ola"), ("Ola", "Bex"), ("Priti", "Kai"), ("Kai", "Ravi"), ("Dev", "Mei"),
         ("Lotte", "Tamsin"), ("Lotte", "Jonah")]
    G = dgraph(E, nodes=["Ravi", "Ola", "Kai", "Tamsin", "Bex", "Jonah", "Mei", "Priti", "Dev", "Lotte", "Hugo"])
    lines = "\n".join(f"{a} endorsed {b}" for a, b in E) + "\nHugo hasn't endorsed anyone (and nobody endorsed him)"
    pr = _pagerank_python(G)
    value(fam, "relation_lines", "pagerank", f"""Endorsements so far:
{lines}
What is Tamsin's PageRank score in this endorsement network?""", G, pr["Tamsin"], ["pagerank"], key="Tamsin")
    value(fam, "relation_lines", "in_degree", f"""{lines}
How many endorsements has Bex received?""", G, G.in_degree("Bex"), ["degree"])
    setq(fam, "relation_lines", "sinks", f"""{lines}
Who hasn't endorsed anybody yet?""", G, [n for n in G if G.out_degree(n) == 0], ["sources_sinks"], key="sinks")
    refuse(fam, "relation_lines", "no_tool", f"""{lines}
So who's going to win the vote on Friday?""", G, "the election result is not computable from endorsements")


# 24. A film club's "if you liked X, watch Y" list as a Python dict.
def fam_films():
    fam = "film club watch-next list"
    recs = {"Stalker": ["Solaris", "Mirror"], "Solaris": ["Mirror", "Ivan's Childhood"], "Mirror": ["Nostalghia"],
            "Ivan's Childhood": ["Come and See"], "Come and See": [], "Nostalghia": ["The Sacrifice"],
            "The Sacrifice": [], "Andrei Rublev": ["Stalker", "Mirror"], "Persona": ["The Sacrifice"]}
    G = dgraph([(a, b) for a, bs in recs.items() for b in bs], nodes=list(recs))
    code = "watch_next = {\n" + "\n".join(f"    {json.dumps(a)}: {json.dumps(bs)}," for a, bs in recs.items()) + "\n}"
    setq(fam, "python_dict", "successors", f"""```python
{code}
```
according to our club list, what should someone watch after Solaris?""", G, list(G.successors("Solaris")),
         ["successors", "neighbors"])
    setq(fam, "python_dict", "reachable", f"""{code}
If a newcomer starts with Andrei Rublev and keeps following the watch-next suggestions, which films could they end up
seeing? List them all, Andrei Rublev included.""", G, list(nx.descendants(G, "Andrei Rublev")) + ["Andrei Rublev"],
         ["bfs_order", "dfs_order"])
    value(fam, "python_dict", "cycle", f"""{code}
Can the suggestions ever send you round in a circle?""", G, not nx.is_directed_acyclic_graph(G), ["cycle_check"])


# 25. A harbour master's marina diagram in DOT.
def fam_marina():
    fam = "marina pontoon walkways"
    E = [("Shore Gate", "Pontoon A", 18), ("Pontoon A", "A1", 6), ("Pontoon A", "A2", 9), ("Pontoon A", "Pontoon B", 22),
         ("Pontoon B", "B1", 5), ("Pontoon B", "B2", 7), ("Pontoon B", "Fuel Berth", 14), ("Shore Gate", "Fuel Berth", 30),
         ("Fuel Berth", "Visitor Hammerhead", 11), ("Pontoon B", "Visitor Hammerhead", 16)]
    G = ugraph(E)
    dot = "graph marina {\n" + "\n".join(f'  "{a}" -- "{b}" [label="{w} m"];' for a, b, w in E) + "\n}"
    path_item(fam, "dot", f"""{dot}
Shortest walk along the pontoons from the Shore Gate to the Visitor Hammerhead, in metres?""", G, "Shore Gate",
              "Visitor Hammerhead")
    value(fam, "dot", "mst", f"""We need to run shore power to every berth along the walkways, using the least cable.
Diagram (walkway lengths in metres):
{dot}
Minimum total cable length if it follows the walkways?""", G,
          sum(d["weight"] for _, _, d in nx.minimum_spanning_tree(G).edges(data=True)), ["minimum_spanning_tree"],
          key="total_weight")
    value(fam, "dot", "degree", f"""{dot}
How many walkways meet at Pontoon B?""", G, G.degree("Pontoon B"), ["degree"])
    refuse(fam, "dot", "missing_info", f"""{dot}
Which berth is cheapest to rent for a week?""", G, "no berth prices are given")


# 26. A badminton club captain tracking doubles partnerships.
def fam_badminton():
    fam = "badminton doubles partners"
    E = [("Priya", "Sam"), ("Priya", "Tomek"), ("Priya", "Liesl"), ("Sam", "Tomek"), ("Sam", "Ngozi"), ("Tomek", "Aoife"),
         ("Liesl", "Ngozi"), ("Ngozi", "Aoife"), ("Aoife", "Bram"), ("Bram", "Priya"), ("Carmen", "Sam")]
    G = ugraph(E)
    people = list(G.nodes)
    lists = "\n".join(f"{p}: {', '.join(G[p])}" for p in people)
    setq(fam, "per_person_lists", "non_neighbors", f"""Partners each player has had this season:
{lists}
Who hasn't Priya partnered with yet?""", G, list(nx.non_neighbors(G, "Priya")), ["non_neighbors"])
    value(fam, "per_person_lists", "jaccard", f"""{lists}
What's the Jaccard similarity between Priya's and Sam's sets of partners?""", G,
          next(nx.jaccard_coefficient(G, [("Priya", "Sam")]))[2], ["jaccard_coefficient"])
    refuse(fam, "per_person_lists", "no_tool", f"""{lists}
Who is the strongest player in the club?""", G, "no match results or ratings are given")
    refuse(fam, "per_person_lists", "no_tool", f"""{lists}
What's the biggest group of players in which every pair has already partnered each other?""", G,
           "maximum clique: no catalogue tool", if_answered=max(len(c) for c in nx.find_cliques(G)))


# 27. Someone moving house writing sticky notes about what goes in the van first.
def fam_van():
    fam = "moving van loading order"
    rules = [("WARDROBE", "MATTRESS"), ("WASHING MACHINE", "BOOKS"), ("BOOKS", "DESK"), ("DESK", "LAMP"),
             ("WARDROBE", "BOOKS"), ("MATTRESS", "PLANTS"), ("LAMP", "PLANTS"), ("FREEZER", "DESK"), ("BIKE", "PLANTS")]
    G = dgraph(rules, nodes=["WARDROBE", "WASHING MACHINE", "FREEZER", "BIKE", "BOOKS", "MATTRESS", "DESK", "LAMP",
                             "PLANTS", "TV"])
    notes = "sticky notes on the fridge:\n" + "\n".join(f"* {a} must go in before {b}" for a, b in rules) + \
        "\n* TV — whenever, wrap it well"
    add(fam, "sticky_notes", "topological_sort", f"""{notes}
give me a loading order that doesn't break any of these""", G, "order", None, ["topological_sort"])
    setq(fam, "sticky_notes", "sinks", f"""{notes}
Which things can go in last (nothing has to go in after them)?""", G, [n for n in G if G.out_degree(n) == 0],
         ["sources_sinks"], key="sinks")
    refuse(fam, "sticky_notes", "missing_info", f"""{notes}
Will all of this fit in a 3.5 tonne Luton van?""", G, "no sizes or volumes are given")


# 28. A council's contact-centre manager with the phone menu (IVR) as a Mermaid flowchart.
def fam_ivr():
    fam = "council phone menu"
    E = [("Welcome", "Bins"), ("Welcome", "Council Tax"), ("Welcome", "Housing"), ("Bins", "Missed collection"),
         ("Bins", "New bin"), ("Council Tax", "Pay now"), ("Council Tax", "Moving home"), ("Moving home", "Housing"),
         ("Housing", "Repairs"), ("Housing", "Welcome"), ("Repairs", "Emergency repair"), ("Repairs", "Advisor"),
         ("Missed collection", "Advisor"), ("New bin", "Pay now")]
    G = dgraph(E)
    ids = {n: chr(65 + i) for i, n in enumerate(G.nodes)}
    seen = set()

    def box(n):
        if n in seen:
            return ids[n]
        seen.add(n)
        return f"{ids[n]}[{n}]"
    mm = "flowchart TD\n" + "\n".join(f"  {box(a)} --> {box(b)}" for a, b in E)
    path_item(fam, "mermaid", f"""```mermaid
{mm}
```
How many menu choices does a caller have to make at minimum to get from Welcome to an Advisor?""", G, "Welcome", "Advisor",
              weighted=False)
    value(fam, "mermaid", "cycle", f"""{mm}
Can a caller get stuck going round in circles in this menu?""", G, not nx.is_directed_acyclic_graph(G), ["cycle_check"])
    setq(fam, "mermaid", "sinks", f"""{mm}
Which options are dead ends, where the menu offers nothing further?""", G, [n for n in G if G.out_degree(n) == 0],
         ["sources_sinks"], key="sinks")
    value(fam, "mermaid", "node_count", f"""{mm}
how many screens does the menu have in total?""", G, G.number_of_nodes(), ["node_count", "order"])
    refuse(fam, "mermaid", "missing_info", f"""{mm}
What's the average wait time before a caller reaches an Advisor?""", G, "no call timings are given")


# 29. An e-scooter operator costing cable trenches between charging hubs (spreadsheet matrix).
def fam_scooters():
    fam = "e-scooter hub trenching"
    hubs = ["Depot", "Station Sq", "Uni", "Harbour", "Old Town", "Retail Park"]
    C = {("Depot", "Station Sq"): 14, ("Depot", "Uni"): 22, ("Depot", "Retail Park"): 9, ("Station Sq", "Uni"): 8,
         ("Station Sq", "Old Town"): 6, ("Uni", "Harbour"): 12, ("Old Town", "Harbour"): 10, ("Harbour", "Retail Park"): 25,
         ("Old Town", "Retail Park"): 17}
    G = ugraph([(a, b, w) for (a, b), w in C.items()], nodes=hubs)

    def cell(a, b):
        if a == b:
            return "0"
        w = C.get((a, b), C.get((b, a)))
        return str(w) if w is not None else "-"
    mat = "\t" + "\t".join(hubs) + "\n" + "\n".join(a + "\t" + "\t".join(cell(a, b) for b in hubs) for a in hubs)
    value(fam, "matrix", "mst", f"""Trench cost between hubs in £k, copied from the costing sheet ("-" = no feasible trench):
{mat}
We need every hub on the same cable network. Cheapest total, in £k?""", G,
          sum(d["weight"] for _, _, d in nx.minimum_spanning_tree(G).edges(data=True)), ["minimum_spanning_tree"],
          key="total_weight")
    path_item(fam, "matrix", f"""{mat}
(£k per trench, - means can't dig there). Cheapest chain of trenches to get power from the Depot to the Harbour?""", G,
              "Depot", "Harbour")
    value(fam, "matrix", "edge_count", f"""{mat}
How many feasible trenches are on this sheet?""", G, G.number_of_edges(), ["edge_count", "size"])
    refuse(fam, "matrix", "no_tool", f"""{mat}
What's the smallest set of hubs where we can station a mechanic so that every hub either has one or is one trench away from one?""",
           G, "minimum dominating set: no catalogue tool", if_answered=min_dominating(G))


# 30. A historian summarising an 18th-century scientific correspondence.
def fam_letters():
    fam = "historian letter network"
    E = [("Banks", "Herschel"), ("Banks", "Smeaton"), ("Banks", "Franklin"), ("Herschel", "Maskelyne"),
         ("Priestley", "Wedgwood"), ("Wedgwood", "Boulton"), ("Boulton", "Watt"), ("Watt", "Black"),
         ("Franklin", "Priestley"), ("Maskelyne", "Banks"), ("Black", "Hutton"), ("Smeaton", "Boulton")]
    G = dgraph(E)
    prose = ("In the surviving letters, Banks wrote to Herschel (1786), Smeaton (1788) and Franklin (1783). Herschel "
             "wrote to Maskelyne, who in turn wrote back to Banks. Franklin wrote to Priestley; Priestley to Wedgwood, "
             "and Wedgwood to Boulton. Boulton wrote to Watt (1781, 1782), Watt to Black, and Black to Hutton. Smeaton "
             "wrote to Boulton about the engine trials.")
    reach_item(fam, "historian_prose", f"""Chapter draft: "{prose}"
Following the letters in the direction they were sent, is there a chain from Priestley to Hutton?""", G, "Priestley", "Hutton")
    setq(fam, "historian_prose", "successors", f"""{prose}
To whom did Banks write?""", G, list(G.successors("Banks")), ["successors"])
    mx = max(d for _, d in G.out_degree)
    setq(fam, "historian_prose", "max_out_degree", f"""{prose}
Who wrote to the largest number of different correspondents?""", G, [n for n, d in G.out_degree if d == mx],
         ["degree_distribution"], key="max_nodes")
    setq(fam, "historian_prose", "predecessors", f"""{prose}
Who wrote to Boulton?""", G, list(G.predecessors("Boulton")), ["predecessors"])
    reach_item(fam, "historian_prose", f"""{prose}
Could news from Hutton have reached Banks through this chain of letters?""", G, "Hutton", "Banks")
    refuse(fam, "historian_prose", "no_tool", f"""{prose}
What did Banks and Herschel disagree about in their letters?""", G, "letter contents are not in the data")


# 31. A book club member comparing reading lists.
def fam_books():
    fam = "book club reading lists"
    lists = {"Harriet": ["Middlemarch", "Piranesi", "Stoner", "Circe"], "Dom": ["Piranesi", "Stoner", "The Overstory"],
             "Kasia": ["Middlemarch", "Circe", "Beloved", "The Overstory"], "Farid": ["Stoner", "Beloved"],
             "June": ["Circe", "Piranesi"]}
    G = ugraph([(m, b) for m, bs in lists.items() for b in bs])
    txt = "\n".join(f"{m} has read: {'; '.join(bs)}" for m, bs in lists.items())
    value(fam, "member_lists", "jaccard", f"""{txt}
How similar are Harriet's and Kasia's reading, as a Jaccard coefficient of the books they've read?""", G,
          next(nx.jaccard_coefficient(G, [("Harriet", "Kasia")]))[2], ["jaccard_coefficient"])
    setq(fam, "member_lists", "common_neighbors", f"""Which books have both Harriet and Dom read?
{txt}""", G, list(nx.common_neighbors(G, "Harriet", "Dom")), ["common_neighbors"])
    value(fam, "member_lists", "adamic_adar", f"""{txt}
Treating members and books as one network, what's the Adamic-Adar index of Dom and June?""", G,
          next(nx.adamic_adar_index(G, [("Dom", "June")]))[2], ["adamic_adar_index"])
    refuse(fam, "member_lists", "ambiguous", """Harriet has read: Middlemarch; Piranesi; Stoner
Kate has read: Piranesi; Circe
Kate has read: Stoner; Beloved; Middlemarch
(two Kates in the club, I didn't note which was which)
How many books do Harriet and Kate have in common?""", ugraph([("Harriet", "Middlemarch"), ("Harriet", "Piranesi"),
                                                              ("Harriet", "Stoner"), ("Kate", "Piranesi"), ("Kate", "Circe"),
                                                              ("Kate", "Stoner"), ("Kate", "Beloved"), ("Kate", "Middlemarch")]),
           "two different members are both called Kate; the question does not say which")


# 32. A youth football league secretary assigning referees (email).
def fam_referees():
    fam = "youth league referee allocation"
    av = [("Ref Okafor", ["U9 Lions v Hawks", "U11 Rovers v Town"]), ("Ref Barros", ["U11 Rovers v Town"]),
          ("Ref Lindqvist", ["U9 Lions v Hawks", "U13 Athletic v Celtic", "U15 United v Wanderers"]),
          ("Ref Hale", ["U11 Rovers v Town"]), ("Ref Mensah", ["U13 Athletic v Celtic"])]
    G = ugraph([(r, m) for r, ms in av for m in ms])
    email = "Subject: Sunday refs\n\nHi all,\n\nAvailability came back as follows:\n" + "\n".join(
        f"  {r}: can do {', '.join(ms)}" for r, ms in av) + "\n\nOne ref per match, and nobody can do two matches (same kick-off).\n"
    add(fam, "email", "matching", f"""{email}
How many of Sunday's matches can we cover at most, and with whom?

Thanks, Gill""", G, "matching", max_matching(G, [r for r, _ in av]), ["maximum_bipartite_matching"])
    value(fam, "email", "degree", f"""{email}
Quick q: how many refs are available for U11 Rovers v Town?""", G, G.degree("U11 Rovers v Town"), ["degree"])
    refuse(fam, "email", "no_tool", f"""{email}
Which referee is the best choice for the cup final?""", G, "no ratings or experience data are given")


# 33. A cross-country ski centre's trail junctions.
def fam_ski():
    fam = "cross-country ski trails"
    E = [("Lodge", "J1"), ("J1", "J2"), ("J2", "J3"), ("J3", "Lookout"), ("J1", "J4"), ("J4", "J5"), ("J5", "J3"),
         ("J4", "Frozen Lake"), ("Frozen Lake", "Warming Hut"), ("Warming Hut", "J6"), ("J6", "Far Loop")]
    G = ugraph(E)
    trails = ", ".join(f"{a}-{b}" for a, b in E)
    value(fam, "dash_pairs", "eccentricity", f"""Trail segments between junctions (grooming map): {trails}.
Counting segments, how far is the furthest junction from the Lodge?""", G, nx.eccentricity(G, "Lodge"), ["eccentricity"],
          key="Lodge")
    setq(fam, "dash_pairs", "periphery", f"""{trails}
Which points are on the periphery of this trail network (furthest out)?""", G, nx.periphery(G), ["periphery"])
    path_item(fam, "dash_pairs", f"""Grooming map segments: {trails}
Fewest segments from the Lodge out to the Far Loop, and which junctions do I pass?""", G, "Lodge", "Far Loop", weighted=False)
    value(fam, "dash_pairs", "diameter", f"""{trails}
what's the diameter of the trail network in segments?""", G, nx.diameter(G), ["diameter"])
    refuse(fam, "dash_pairs", "missing_info", f"""{trails}
Which segments have the best snow today?""", G, "no snow reports are given")


# 34. Neighbours planning a progressive dinner around the street.
def fam_dinner():
    fam = "street progressive dinner"
    houses = ["No. 2", "No. 5", "No. 8", "No. 11", "No. 14", "No. 17"]
    W = [("No. 2", "No. 5", 3), ("No. 5", "No. 8", 2), ("No. 8", "No. 11", 4), ("No. 11", "No. 14", 3),
         ("No. 14", "No. 17", 2), ("No. 17", "No. 2", 6), ("No. 5", "No. 14", 5), ("No. 8", "No. 17", 7)]
    G = ugraph(W, nodes=houses)
    walks = "\n".join(f"{a} <-> {b}: {w} min walk (via the ginnel)" if i == 6 else f"{a} <-> {b}: {w} min walk"
                      for i, (a, b, w) in enumerate(W))
    value(fam, "double_arrows", "ham_cycle", f"""Progressive dinner! Walking routes we're happy with between houses:
{walks}
Is there a route that visits every house exactly once and ends back at the first house?""", G, ham_cycle(G),
          ["hamiltonian_cycle"], key="exists")
    value(fam, "double_arrows", "tsp", f"""{walks}
We start and finish at No. 2, every house once. What's the least total walking time?""", G, tsp_cost(G, "No. 2"),
          ["travelling_salesman"], key="cost")
    E2 = [("No. 2", "No. 5"), ("No. 5", "No. 8"), ("No. 5", "No. 11"), ("No. 11", "No. 14"), ("No. 8", "No. 17")]
    G2 = ugraph(E2, nodes=houses)
    walks2 = "\n".join(f"{a} <-> {b}" for a, b in E2)
    add(fam, "double_arrows", "ham_path", f"""Revised list after the roadworks — only these walks are OK now:
{walks2}
Can we still go house to house and visit each one exactly once (not coming back)?""", G2, "hamilton", ham_path(G2),
        ["hamiltonian_path"])
    refuse(fam, "double_arrows", "no_tool", f"""{walks}
What's the longest walk we could do without visiting any house twice?""", G, "longest simple path: no catalogue tool")


# 35. A community radio station's volunteer coordinator guessing which show a newcomer will help on.
def fam_radio():
    fam = "community radio volunteers"
    shows = {"Aziz": "Breakfast", "Bryony": "Breakfast", "Cal": "Folk Hour", "Dagny": "Folk Hour", "Esme": "Breakfast",
             "Fitz": "Sports Roundup", "Gwen": "Folk Hour", "Hamid": "Sports Roundup"}
    E = [("Noa", "Cal"), ("Noa", "Dagny"), ("Noa", "Aziz"), ("Noa", "Gwen"), ("Cal", "Dagny"), ("Aziz", "Bryony"),
         ("Esme", "Bryony"), ("Fitz", "Hamid"), ("Pim", "Fitz"), ("Pim", "Hamid"), ("Pim", "Esme"), ("Gwen", "Cal")]
    G = ugraph(E, nodes=list(shows) + ["Noa", "Pim"])
    for n, s in shows.items():
        G.nodes[n]["label"] = s
    roster = "\n".join(f"{n} ({s})" for n, s in shows.items()) + "\nNoa (new)\nPim (new)"
    mates = "\n".join(f"{a} & {b}" for a, b in E)

    def vote(n):
        c = {}
        for m in G[n]:
            if m in shows:
                c[shows[m]] = c.get(shows[m], 0) + 1
        best = max(c.values())
        win = [k for k, v in c.items() if v == best]
        assert len(win) == 1
        return win[0]
    for who in ["Noa", "Pim"]:
        add(fam, "roster_and_pairs", "node_label", f"""Volunteer roster (show they help on):
{roster}
Who's mates with whom:
{mates}
Going by their friends' shows, which show is {who} most likely to end up helping on?""", G, "label", vote(who),
            ["predict_node_label"])


# 36. A school robotics team checking the I2C wiring in their sketch.
def fam_robotics():
    fam = "school robotics I2C wiring"
    E = [("Arduino", "Mux"), ("Mux", "IMU"), ("Mux", "Lidar"), ("Mux", "ColourSensor"), ("Arduino", "OLED"),
         ("OLED", "RTC"), ("Lidar", "ToF2"), ("RTC", "Arduino")]
    G = ugraph(E)
    code = "void setupBus() {\n" + "\n".join(f'  wire("{a}", "{b}");' for a, b in E) + "\n}"
    value(fam, "cpp_snippet", "cycle", f"""```cpp
{code}
```
our mentor says a loop in the wiring will cause trouble. Is there a loop anywhere?""", G, bool(nx.cycle_basis(G)),
          ["cycle_check"])
    value(fam, "cpp_snippet", "bridges", f"""{code}
How many of these wires, if one came loose, would cut some part off from the rest?""", G, len(list(nx.bridges(G))),
          ["bridges"], key="count")
    value(fam, "cpp_snippet", "is_tree", f"""{code}
is this wiring a tree?""", G, nx.is_tree(G), ["is_tree"], key="tree")
    refuse(fam, "cpp_snippet", "no_tool", f"""{code}
What value of pull-up resistor should we use on this bus?""", G, "electrical values are not in the data")


# 37. A taekwondo instructor's sparring log, copied from a spreadsheet of ticks.
def fam_sparring():
    fam = "taekwondo sparring log"
    names = ["Ji-ho", "Marta", "Leon", "Sade", "Finn", "Oksana", "Ravi"]
    E = [("Ji-ho", "Marta"), ("Ji-ho", "Leon"), ("Marta", "Sade"), ("Leon", "Sade"), ("Sade", "Finn"), ("Finn", "Oksana"),
         ("Ji-ho", "Sade"), ("Oksana", "Ravi")]
    G = ugraph(E, nodes=names)
    mat = "\t" + "\t".join(names) + "\n" + "\n".join(
        a + "\t" + "\t".join("✓" if G.has_edge(a, b) else "" for b in names) for a in names)
    value(fam, "tick_matrix", "mean_degree", f"""Sparring log (✓ = have sparred this term), pasted from the sheet:
{mat}
On average, how many different partners has each student sparred with?""", G, sum(d for _, d in G.degree) / len(names),
          ["degree_distribution"], key="mean")
    value(fam, "tick_matrix", "is_connected", f"""{mat}
Is everyone linked to everyone else through some chain of sparring partners?""", G, nx.is_connected(G), ["is_connected"])
    value(fam, "tick_matrix", "degree", f"""{mat}
How many people has Sade sparred with?""", G, G.degree("Sade"), ["degree"])
    value(fam, "tick_matrix", "diameter", f"""{mat}
What's the diameter of this sparring network?""", G, nx.diameter(G), ["diameter"])
    refuse(fam, "tick_matrix", "no_tool", f"""{mat}
Who would win if Leon sparred Oksana?""", G, "no results or grades are given")


# 38. A mycology student's lab notebook of culture plate subcultures.
def fam_plates():
    fam = "mycology culture plates"
    E = [("P1", "P3"), ("P1", "P4"), ("P3", "P7"), ("P3", "P8"), ("P4", "P9"), ("P2", "P5"), ("P5", "P10"),
         ("P5", "P11"), ("P6", "P12")]
    G = dgraph(E, nodes=[f"P{i}" for i in range(1, 13)])
    nb = "\n".join(f"{b} <- subcultured from {a}" for a, b in E) + "\nP1, P2, P6: wild isolates from the log pile"
    value(fam, "lab_notebook", "forest", f"""Lab notebook:
{nb}
Is the plate history a forest (every lineage a tree, no plate from two sources)?""", G, nx.is_forest(G), ["is_tree"],
          key="forest")
    value(fam, "lab_notebook", "components", f"""{nb}
How many separate lineages do I have?""", G, nx.number_weakly_connected_components(G), ["connected_components"],
          key="count")
    reach_item(fam, "lab_notebook", f"""{nb}
Does P11 descend from P1?""", G, "P1", "P11")
    refuse(fam, "lab_notebook", "no_tool", f"""{nb}
Which plate is contaminated with Trichoderma?""", G, "contamination is not in the notebook")


# 39. Refusals: people whose message lacks the graph, or asks what no tool computes.
def fam_refusals():
    refuse("garden railway society layout", "missing", "missing_graph", """Here's our garden railway layout: [image: layout_v3.png]
Which set of points is the single place where a derailment would cut the line in two?""", None,
           "the layout is an image that was not pasted")
    refuse("van delivery round spreadsheet", "missing", "missing_graph", """Hi, the drop-off points and drive times are in the attached spreadsheet (routes_march.xlsx).
What's the quickest route from the depot to the farm shop?""", None, "the spreadsheet was not included")
    G = ugraph([("Aster", "Borage"), ("Borage", "Clary"), ("Clary", "Dill"), ("Dill", "Elecampane")])
    refuse("wildflower seed swap mailing list", "partial", "partial", """Seed-swap chain so far (each pair posted seeds to each other):
Aster - Borage, Borage - Clary, Clary - Dill, Dill - Elecampane, ... and about forty more, I'll dig the rest out.
Fewest posting steps from Aster to Yarrow?""", G, "the list is cut off; Yarrow and most pairs are missing")
    G = ugraph([("Church", "Mill"), ("Mill", "Ford"), ("Ford", "Chapel"), ("Church", "Chapel")])
    refuse("parish footpath volunteers", "dashes", "missing_weights", """Parish footpaths we maintain: Church-Mill, Mill-Ford, Ford-Chapel, Church-Chapel.
How many miles is it from Church to Ford the shortest way?""", G, "no distances are given, only which paths exist")
    G = ugraph([("Ffion", "Tadeusz"), ("Tadeusz", "Grace"), ("Grace", "Ffion"), ("Grace", "Mehmet")])
    refuse("printing co-op shift swaps", "pairs", "unknown_node", """Shift swaps at the print co-op this month: Ffion/Tadeusz, Tadeusz/Grace, Grace/Ffion, Grace/Mehmet.
Who has Olwen swapped shifts with?""", G, "Olwen is not in the list")
    G = ugraph([("Ash", "Birch"), ("Birch", "Cedar"), ("Cedar", "Ash"), ("Cedar", "Elm")])
    refuse("sports day relay teams", "pairs", "ambiguous", """Two drafts of which houses share a practice slot, and I don't know which the head signed off:
Draft 1: Ash-Birch, Birch-Cedar, Cedar-Ash, Cedar-Elm
Draft 2: Ash-Elm, Birch-Elm, Cedar-Birch
Which houses share a slot with Elm?""", G, "two conflicting drafts; the question does not say which one")
    G = ugraph([("Entrance", "Heron"), ("Heron", "Owl"), ("Owl", "Cafe"), ("Entrance", "Stag"), ("Stag", "Owl"),
                ("Stag", "Cafe"), ("Heron", "Stag")])
    refuse("park sculpture trail", "arrows_prose", "no_tool", """Paths on the sculpture trail: Entrance to Heron, Heron to Owl, Owl to Cafe, Entrance to Stag, Stag to Owl,
Stag to Cafe, Heron to Stag (all two-way).
How many different routes are there from the Entrance to the Cafe that never pass the same sculpture twice?""", G,
           "counting all simple paths: no catalogue tool",
           if_answered=len(list(nx.all_simple_paths(G, "Entrance", "Cafe"))))
    pegs = [("Peg 1", "Peg 4"), ("Peg 1", "Peg 5"), ("Peg 1", "Peg 6"), ("Peg 2", "Peg 4"), ("Peg 2", "Peg 5"),
            ("Peg 2", "Peg 6"), ("Peg 3", "Peg 4"), ("Peg 3", "Peg 5"), ("Peg 3", "Peg 6")]
    G = ugraph(pegs)
    refuse("string art craft board", "pairs", "no_tool", "Kids' string-art board. Threads go between: " +
           ", ".join(f"{a}–{b}" for a, b in pegs) + ".\nCan we place the pegs so that no two threads cross?", G,
           "planarity: no catalogue tool", if_answered=nx.check_planarity(G)[0])
    G = ugraph([("Dairy", "Elm Row", 6), ("Elm Row", "Green Lane", 4), ("Dairy", "Green Lane", 11), ("Green Lane", "School", 5),
                ("Elm Row", "School", 12)])
    refuse("milk float round", "edge_lines", "no_tool", """Milk round legs (minutes): Dairy–Elm Row 6, Elm Row–Green Lane 4, Dairy–Green Lane 11, Green Lane–School 5,
Elm Row–School 12.
The quickest way Dairy to School is blocked on Thursdays — what's the second-quickest route?""", G,
           "k-shortest paths: no catalogue tool")
    G = ugraph([("Leila", "Marco"), ("Marco", "Nadia"), ("Nadia", "Leila"), ("Nadia", "Oscar")])
    refuse("youth orchestra friendships", "pairs", "no_tool", """Friendship pairs in the youth orchestra's second violins: Leila & Marco, Marco & Nadia, Nadia & Leila, Nadia & Oscar.
How many friends will Oscar have by the end of next season?""", G, "a prediction about the future; the data is only today's")


FAMILIES = [fam_causeway, fam_queens, fam_lamps, fam_yarn, fam_pager, fam_forager, fam_stars, fam_lines, fam_rocket,
            fam_tea, fam_piano, fam_lan, fam_drones, fam_orchids, fam_kiln, fam_speedrun, fam_seismic, fam_ringing,
            fam_walkie, fam_bingo, fam_carts, fam_locales, fam_council, fam_films, fam_marina, fam_badminton, fam_van,
            fam_ivr, fam_scooters, fam_letters, fam_books, fam_referees, fam_ski, fam_dinner, fam_radio, fam_robotics,
            fam_sparring, fam_plates, fam_refusals]


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for f in FAMILIES:
        f()
    with open(os.path.join(out_dir, "batch15.jsonl"), "w") as fh:
        for i, it in enumerate(ITEMS, 1):
            rec = {"id": f"y{i:03d}"}
            rec.update(it)
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")


if __name__ == "__main__":
    main()
