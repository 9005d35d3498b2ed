"""Blind held-out batch 13: people in everyday situations (a school-run rota,
farm channels, a rural grid, a home-made train board game, parish records, the
Wiki Game, allotments, exam clashes, bakery Instagram, a literature review, a
metro map, STRING interactions, a wartime courier network, board interlocks, a
bike courier's one-way streets, a pencil puzzle, island ferries, a pub crawl, a
where-used BOM export, a kidney exchange pool, a house-buying chain, an org
chart, a fan game's type chart, blitz chess results, a snow-day phone tree,
netball fixtures, a pond food web, a molecule's bonds, belay partners, chord
changes, a Discord server, truck capacities and sailing passages) paste what
they have and ask in their own words. Written blind to the question-reading
code and to the earlier batches; every gold is computed by NetworkX 3.6.1 (and
exhaustive search on the same NetworkX graph for the chromatic number, tours
and Hamiltonian paths; PageRank by NetworkX's pure-Python _pagerank_python,
the same power iteration as nx.pagerank, since numpy is not installed) from
the graph printed in the question.

Run:
    PYTHONHASHSEED=1 python3 agent/testdata/heldout/make_batch13.py agent/testdata/heldout
writes agent/testdata/heldout/batch13.jsonl.
"""

import itertools
import json
import os
import sys

import networkx as nx
from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python

ITEMS = []

PATH_TOOLS = ["shortest_path", "shortest_path_length"]
DAG_TOOLS = ["topological_sort"]
DAG_NEG = ["cycle_check"]


def graph_fields(G):
    if G is None:
        return {"directed": False, "weighted": False, "nodes": [], "edges": []}
    weighted = any("weight" in d for _, _, d in G.edges(data=True))
    edges = []
    for u, v, d in G.edges(data=True):
        e = [u, v]
        if weighted:
            e.append(d["weight"])
        edges.append(e)
    return {"directed": G.is_directed(), "weighted": weighted, "nodes": list(G.nodes), "edges": edges}


def add(family, notation, question, task, check, answer, G, key="", tools=(), neg_tools=(),
        source="", target="", also=None, why="", if_answered=None):
    it = {
        "id": "",
        "family": family,
        "question": question.strip("\n"),
        "notation": notation,
        "task": task,
        "check": check,
        "answer": answer,
        "key": key,
        "tools": list(tools),
    }
    if neg_tools:
        it["neg_tools"] = list(neg_tools)
    if check == "refuse":
        it["refuse"] = True
        it["why"] = why
        if if_answered is not None:
            it["if_answered"] = if_answered
    it.update(graph_fields(G))
    if source:
        assert source in G, (family, source)
        it["source"] = source
    if target:
        assert target in G, (family, target)
        it["target"] = target
    if also:
        it["also"] = also
    ITEMS.append(it)


def refuse(family, notation, question, task, why, G=None, if_answered=None):
    add(family, notation, question, task, "refuse", None, G, why=why, if_answered=if_answered)


def und(edges, nodes=()):
    G = nx.Graph()
    G.add_nodes_from(nodes)
    for e in edges:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    return G


def dig(edges, nodes=()):
    G = nx.DiGraph()
    G.add_nodes_from(nodes)
    for e in edges:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    return G


def dist(G, s, t, weighted):
    return nx.shortest_path_length(G, s, t, weight="weight" if weighted else None)


def all_shortest(G, s, t, weighted):
    return [list(p) for p in nx.all_shortest_paths(G, s, t, weight="weight" if weighted else None)]


def tour_cost(G, nodes):
    """Cheapest closed tour visiting every node once along G's edges (None if none)."""
    first, rest = nodes[0], nodes[1:]
    best = None
    for perm in itertools.permutations(rest):
        seq = [first, *perm, first]
        if all(G.has_edge(a, b) for a, b in zip(seq, seq[1:])):
            c = sum(G[a][b]["weight"] for a, b in zip(seq, seq[1:]))
            best = c if best is None else min(best, c)
    return best


def has_ham_path(G):
    for perm in itertools.permutations(list(G.nodes)):
        if all(G.has_edge(a, b) for a, b in zip(perm, perm[1:])):
            return True
    return False


def has_ham_cycle(G):
    ns = list(G.nodes)
    for perm in itertools.permutations(ns[1:]):
        seq = [ns[0], *perm, ns[0]]
        if all(G.has_edge(a, b) for a, b in zip(seq, seq[1:])):
            return True
    return False


def chromatic(G):
    ns = sorted(G.nodes, key=lambda n: (-G.degree(n), n))
    for k in range(1, len(ns) + 1):
        col = {}

        def bt(i):
            if i == len(ns):
                return True
            for c in range(k):
                if all(col.get(m) != c for m in G[ns[i]]):
                    col[ns[i]] = c
                    if bt(i + 1):
                        return True
                    del col[ns[i]]
            return False

        if bt(0):
            return k
    return 0


def sorted_set(xs):
    return sorted(xs)


def partition(comps):
    return sorted(sorted(c) for c in comps)


def in_deg_max(G):
    m = max(d for _, d in G.in_degree())
    return sorted(n for n, d in G.in_degree() if d == m)


# ---------------------------------------------------------------------------
# 1. School-run rota: a drive-time table from Google Maps (complete, undirected).
def carpool():
    fam = "school_run_rota"
    names = ["Home", "Patels", "Okafors", "Lindqvists", "School"]
    m = {
        ("Home", "Patels"): 7, ("Home", "Okafors"): 12, ("Home", "Lindqvists"): 9, ("Home", "School"): 18,
        ("Patels", "Okafors"): 6, ("Patels", "Lindqvists"): 11, ("Patels", "School"): 10,
        ("Okafors", "Lindqvists"): 5, ("Okafors", "School"): 9,
        ("Lindqvists", "School"): 14,
    }
    G = und([(a, b, w) for (a, b), w in m.items()], names)

    def w(a, b):
        return m.get((a, b)) or m.get((b, a))

    rows = ["             " + "".join(f"{n:>12}" for n in names)]
    for a in names:
        rows.append(f"{a:<13}" + "".join(f"{('-' if a == b else w(a, b)):>12}" for b in names))
    table = "\n".join(rows)
    head = ("Drive times I jotted down off Google Maps for the school run (minutes, 8am traffic, "
            "same both ways):\n\n" + table + "\n\n")

    d = dist(G, "Home", "School", True)
    assert all_shortest(G, "Home", "School", True) == [["Home", "Patels", "School"]]
    add(fam, "matrix_table", head + "What's actually the quickest way from ours to school? The direct drive "
        "says 18 but I've a feeling cutting through someone's road is faster.",
        "shortest_path", "path", d, G, key="length", tools=PATH_TOOLS, source="Home", target="School")

    d = dist(G, "Lindqvists", "Patels", True)
    assert len(all_shortest(G, "Lindqvists", "Patels", True)) == 2
    add(fam, "matrix_table", head + "Tom does the Lindqvists -> Patels leg on Thursdays. How long should "
        "that take him at best?", "shortest_path", "path", d, G, key="length", tools=PATH_TOOLS,
        source="Lindqvists", target="Patels")

    c = tour_cost(G, names)
    closure = nx.complete_graph(names)
    fw = dict(nx.floyd_warshall(G))
    for a, b in closure.edges:
        closure[a][b]["weight"] = fw[a][b]
    assert tour_cost(closure, names) == c  # passing a house on the way changes nothing
    add(fam, "matrix_table", head + "Saturday I'm dropping raffle prizes at the other three houses and at "
        "the school office, leaving from ours and coming back to ours at the end, one stop at each. "
        "What's the least driving that can be done in, in minutes?",
        "travelling_salesman", "value", c, G, key="cost", tools=["travelling_salesman"])

    refuse(fam, "matrix_table", head + "Fair's fair - how much should each family chip in for petrol this term?",
           "cost", "only drive times are given: no fuel price, consumption, distances in miles or number of runs", G)


# ---------------------------------------------------------------------------
# 2. Farm irrigation channels: directed capacities in litres a second.
def irrigation():
    fam = "farm_channels"
    E = [("Reservoir", "Top Sluice", 40), ("Reservoir", "West Ditch", 15), ("Top Sluice", "East Ditch", 20),
         ("Top Sluice", "West Ditch", 10), ("Top Sluice", "Mill Pond", 12), ("West Ditch", "Mill Pond", 18),
         ("East Ditch", "Orchard", 14), ("East Ditch", "Lower Field", 8), ("Mill Pond", "Lower Field", 22),
         ("Orchard", "Lower Field", 9), ("Duck Pond", "Orchard", 5)]
    G = dig(E)
    lines = "\n".join(f"  {a} to {b} {'.' * (28 - len(a) - len(b))} {w}" for a, b, w in E)
    head = ("Right, here's the channel layout as best I can put it. Water only goes the one way (downhill), "
            "and the number is roughly what each channel carries in litres a second before it overtops.\n\n"
            + lines + "\n\n")

    v = nx.maximum_flow_value(G, "Reservoir", "Lower Field", capacity="weight")
    add(fam, "dotted_lines", head + "Flat out, how many litres a second can I actually get down to the Lower "
        "Field from the reservoir?", "maximum_flow", "value", v, G, key="value", tools=["maximum_flow"],
        source="Reservoir", target="Lower Field")

    v = nx.maximum_flow_value(G, "Reservoir", "Orchard", capacity="weight")
    add(fam, "dotted_lines", head + "And if it's just the orchard I'm worried about in a dry spell - most the "
        "reservoir can push into the Orchard per second?", "maximum_flow", "value", v, G, key="value",
        tools=["maximum_flow"], source="Reservoir", target="Orchard")

    r = nx.has_path(G, "Duck Pond", "Mill Pond")
    assert r is False
    add(fam, "dotted_lines", head + "Could muck from the Duck Pond ever end up in the Mill Pond?",
        "path_exists", "value", r, G, tools=["path_exists"], source="Duck Pond", target="Mill Pond")

    s = sorted_set(G.successors("Top Sluice"))
    add(fam, "dotted_lines", head + "When I open the Top Sluice, which places does it feed straight into?",
        "successors", "set", s, G, tools=["successors", "neighbors"])

    refuse(fam, "dotted_lines", head + "How long would it take to flood the Lower Field to 10 cm?",
           "time", "the field's area and the volume needed are not given", G)


# ---------------------------------------------------------------------------
# 3. Rural grid: feeders between substations (CSV with kV and notes).
def grid():
    fam = "rural_grid_feeders"
    E = [("F01", "Hollins Cross", "Bramley", 33, ""), ("F02", "Bramley", "Ashby Moor", 33, ""),
         ("F03", "Ashby Moor", "Hollins Cross", 33, "overhead"), ("F04", "Ashby Moor", "Kettle Gap", 11, "long span over the moor"),
         ("F05", "Kettle Gap", "Fenwick", 11, ""), ("F06", "Fenwick", "Stoke Lacy", 11, "underground"),
         ("F07", "Stoke Lacy", "Kettle Gap", 11, ""), ("F08", "Fenwick", "Dunmore", 11, "tree strikes 2022"),
         ("F09", "Dunmore", "Pike Hill", 11, ""), ("F10", "Pike Hill", "Yarrow", 11, "single pole line"),
         ("F11", "Stoke Lacy", "Orton", 11, ""), ("F12", "Orton", "Fenwick", 11, "")]
    G = und([(a, b) for _, a, b, _, _ in E])
    csv = "feeder,from_sub,to_sub,kV,notes\n" + "\n".join(f"{f},{a},{b},{k},{n}" for f, a, b, k, n in E)
    head = "Feeder list out of the outage binder (every line can run either way):\n\n" + csv + "\n\n"

    ap = sorted_set(nx.articulation_points(G))
    add(fam, "csv", head + "Which substations are single points of failure - lose that one sub and "
        "some other sub is cut off from the rest?", "articulation_points", "set", ap, G, key="nodes",
        tools=["articulation_points"])

    nb = len(list(nx.bridges(G)))
    add(fam, "csv", head + "How many feeders are there where that one line going down on its own would "
        "leave somebody without a connection?", "bridges", "value", nb, G, key="count", tools=["bridges"])


    add(fam, "csv", head + "Right now, with every feeder in, is every sub joined up to every other one "
        "somehow?", "is_connected", "value", nx.is_connected(G), G, tools=["is_connected"])

    add(fam, "csv", head + "quick one - how many subs are on this list altogether?", "node_count", "value",
        G.number_of_nodes(), G, tools=["node_count", "order"])



# ---------------------------------------------------------------------------
# 4. Home-made train board game: routes and how many train cards each needs.
def boardgame():
    fam = "homemade_train_game"
    E = [("Bergen", "Oslo", 4), ("Bergen", "Trondheim", 5), ("Trondheim", "Oslo", 5), ("Oslo", "Göteborg", 3),
         ("Oslo", "Stockholm", 5), ("Göteborg", "København", 2), ("Göteborg", "Stockholm", 4),
         ("København", "Malmö", 1), ("Malmö", "Stockholm", 5), ("Stockholm", "Helsinki", 6),
         ("Trondheim", "Tampere", 7), ("Tampere", "Helsinki", 2), ("Stockholm", "Tampere", 6)]
    G = und(E)
    body = ", ".join(f"{a}–{b} ({w})" for a, b, w in E)
    head = ("We made our own Scandinavia board for the train game. Routes, with how many train cards "
            "each one costs to claim: " + body + ".\n\n")

    t = nx.minimum_spanning_tree(G).size(weight="weight")
    add(fam, "inline_list", head + "If I wanted my trains to join up every single city on the board, what's "
        "the fewest cards that could do it?", "minimum_spanning_tree", "value", t, G, key="total_weight",
        tools=["minimum_spanning_tree"])

    d = dist(G, "Bergen", "Malmö", True)
    add(fam, "inline_list", head + "Cheapest way in cards to get from Bergen down to Malmö?", "shortest_path",
        "path", d, G, key="length", tools=PATH_TOOLS, source="Bergen", target="Malmö")

    add(fam, "inline_list", head + "How many routes come out of Stockholm?", "degree", "value",
        G.degree("Stockholm"), G, tools=["degree"])

    refuse(fam, "inline_list", head + "How many points do I get for claiming Oslo–Stockholm?", "score",
           "the scoring table is not given", G)


# ---------------------------------------------------------------------------
# 5. Family history from parish registers: parents -> children.
def genealogy():
    fam = "parish_family_tree"
    fams = [("Josiah Pike", "Ann Lowe", ["Thomas Pike", "Mary Pike", "William Pike"]),
            ("Thomas Pike", "Eliza Crane", ["George Pike", "Harriet Pike"]),
            ("William Pike", "Susan Hart", ["Edwin Pike"]),
            ("George Pike", "Lily Marsh", ["Albert Pike", "Florence Pike"]),
            ("Harriet Pike", "John Voss", ["Edith Voss"]),
            ("Albert Pike", "Nora Quill", ["Ada Pike"])]
    G = nx.DiGraph()
    lines = []
    for p1, p2, kids in fams:
        for k in kids:
            G.add_edge(p1, k)
            G.add_edge(p2, k)
        lines.append(f"{p1} & {p2}: {', '.join(kids)}")
    text = "\n".join(lines)
    head = ("My notes so far from the parish registers and the 1881/1911 censuses. Each line is the two "
            "parents, then their children.\n\n" + text + "\n\n(Mary Pike never married as far as I can tell, "
            "and I've nothing on Edwin's line yet.)\n\n")

    add(fam, "parents_children", head + "Who were George Pike's children?", "successors", "set",
        sorted_set(G.successors("George Pike")), G, tools=["successors", "neighbors"])


    d = dist(G, "Josiah Pike", "Ada Pike", False)
    assert len({len(p) for p in nx.all_simple_paths(G, "Josiah Pike", "Ada Pike")}) == 1
    add(fam, "parents_children", head + "How many generations down from Josiah is Ada?", "shortest_path",
        "path", d, G, key="length", tools=PATH_TOOLS, source="Josiah Pike", target="Ada Pike")

    r = nx.has_path(G, "William Pike", "Edith Voss")
    assert r is False
    add(fam, "parents_children", head + "My cousin swears Edith Voss is William Pike's granddaughter. "
        "Do my notes back that up at all - is she descended from him?", "path_exists", "value", r, G,
        tools=["path_exists"], source="William Pike", target="Edith Voss")

    add(fam, "parents_children", head + "Before I upload this to Ancestry: have I accidentally made anybody "
        "their own ancestor somewhere?", "dag", "dag", nx.is_directed_acyclic_graph(G), G, tools=DAG_TOOLS,
        neg_tools=DAG_NEG)

    refuse(fam, "parents_children", head + "Who are all of Ada's first cousins?", "cousins",
           "no tool lists cousins (children of a parent's siblings)", G)


# ---------------------------------------------------------------------------
# 6. The Wiki Game: which pages link to which.
def wikigame():
    fam = "wiki_game"
    links = {
        "Potato": ["Andes", "Ireland", "Starch", "Vodka"],
        "Andes": ["Inca Empire", "Llama", "Peru"],
        "Ireland": ["Great Famine", "Potato"],
        "Starch": ["Glucose"],
        "Vodka": ["Poland"],
        "Poland": ["Chopin"],
        "Inca Empire": ["Peru", "Llama"],
        "Llama": ["Peru"],
        "Peru": ["Andes", "Inca Empire"],
        "Great Famine": ["Ireland"],
        "Glucose": [],
        "Chopin": ["Poland"],
    }
    G = nx.DiGraph()
    G.add_nodes_from(links)
    for a, bs in links.items():
        for b in bs:
            G.add_edge(a, b)
    text = "\n".join(f"{a} -> {', '.join(bs) if bs else '(no links to any of these)'}" for a, bs in links.items())
    head = ("we're doing the wiki game in the library lol. I wrote down which of these pages link to which "
            "(only the pages we care about, links are one-way obviously):\n\n" + text + "\n\n")

    d = dist(G, "Potato", "Chopin", False)
    add(fam, "arrow_lists", head + "is it possible to get from Potato to Chopin, and if so whats the fewest "
        "clicks?", "shortest_path", "path", d, G, key="length", tools=PATH_TOOLS, source="Potato", target="Chopin")

    r = nx.has_path(G, "Llama", "Potato")
    assert r is False
    add(fam, "arrow_lists", head + "can you get from Llama back to Potato at all", "path_exists", "value", r, G,
        tools=["path_exists"], source="Llama", target="Potato")

    assert not nx.has_path(G, "Peru", "Glucose")
    add(fam, "arrow_lists", head + "ok fastest route from Peru to Glucose?", "shortest_path", "nopath", None, G,
        tools=PATH_TOOLS, source="Peru", target="Glucose")


    add(fam, "arrow_lists", head + "how many links does the Potato page have going out?", "degree", "value",
        G.out_degree("Potato"), G, tools=["degree"])

    refuse(fam, "arrow_lists", head + "which one of these would be the most fun page to start on?", "opinion",
           "a matter of taste, not of the links", G)


# ---------------------------------------------------------------------------
# 7. Allotment waiting list: applicants and the plots they'd accept.
def allotments():
    fam = "allotment_waiting_list"
    wants = [("Mrs Abara", ["plot 3", "plot 7"]), ("Dev", ["plot 7"]), ("Hollis family", ["plot 3", "plot 12"]),
             ("Pat Q", ["plot 12", "plot 14"]), ("Sunita", ["plot 14"]), ("Mr Greaves", ["plot 7", "plot 14"])]
    vacant = ["plot 3", "plot 7", "plot 9", "plot 12", "plot 14"]
    G = nx.Graph()
    G.add_nodes_from([p for p, _ in wants])
    G.add_nodes_from(vacant)
    for p, ps in wants:
        for q in ps:
            G.add_edge(p, q)
    text = "\n".join(f"- {p}: {' or '.join(ps)}" for p, ps in wants)
    head = ("Dear committee,\n\nVacant this spring: " + ", ".join(vacant) + ". Here is who is on the waitng "
            "list and which plots each of them told me they'd be happy with:\n\n" + text + "\n\n")
    tail = "\n\nBest wishes,\nJean (secretary)"

    size = len(nx.max_weight_matching(G, maxcardinality=True))
    assert size == len(nx.bipartite.maximum_matching(G, top_nodes=[p for p, _ in wants])) // 2
    add(fam, "email_list", head + "What is the largest number of people we can give a plot to this year, if "
        "everyone only gets one they said yes to?" + tail, "maximum_bipartite_matching", "matching", size, G,
        tools=["maximum_bipartite_matching"])

    zero = sorted_set(n for n in G if G.degree(n) == 0)
    add(fam, "email_list", head + "Which of the vacant plots has nobody on the list asked for?" + tail,
        "degree_distribution", "set", zero, G, key="with_degree", tools=["degree_distribution"])

    add(fam, "email_list", head + "How many people would take plot 14?" + tail, "degree", "value",
        G.degree("plot 14"), G, tools=["degree"])

    refuse(fam, "email_list", head + "Who do you think deserves plot 7 the most?" + tail, "judgement",
           "a judgement about deserving, not something the list settles", G)


# ---------------------------------------------------------------------------
# 8. Exams officer: pairs of exams that share candidates.
def exams():
    fam = "exam_clashes"
    E = [("Maths", "Further Maths"), ("Maths", "Physics"), ("Further Maths", "Physics"), ("Maths", "Chemistry"),
         ("Physics", "Chemistry"), ("Chemistry", "Biology"), ("Biology", "Geography"), ("History", "Geography"),
         ("History", "French"), ("French", "Art"), ("Art", "Music"), ("Computing", "Maths"),
         ("Computing", "Physics"), ("Computing", "Further Maths"), ("Music", "History")]
    G = und(E)
    text = "\n".join(f"{a} / {b}" for a, b in E)
    head = ("These pairs of summer exams share at least one candidate, so they can't go in the same session "
            "(from the entries spreadsheet):\n" + text + "\n\n")

    k = chromatic(G)
    add(fam, "slash_pairs", head + "What's the smallest number of sessions I can fit all of them into?",
        "chromatic_number", "value", k, G, key="chromatic_number", tools=["chromatic_number"])

    b = nx.is_bipartite(G)
    add(fam, "slash_pairs", head + "Head wants it all done in two sessions, a morning and an afternoon. Is that "
        "even possible with these clashes?", "is_bipartite", "value", b, G, key="bipartite", tools=["is_bipartite"])

    add(fam, "slash_pairs", head + "Which exams clash with Chemistry?", "neighbors", "set",
        sorted_set(G.neighbors("Chemistry")), G, tools=["neighbors"])

    add(fam, "slash_pairs", head + "How many clash pairs is that in total?", "edge_count", "value",
        G.number_of_edges(), G, tools=["edge_count", "size"])

    refuse(fam, "slash_pairs", head + "Which hall should Art go in?", "rooms", "no rooms or hall sizes are given", G)


# ---------------------------------------------------------------------------
# 9. Bakery owner: who follows whom on Instagram.
def instagram():
    fam = "bakery_instagram"
    follows = {
        "@bun_intended": ["@crumbandco", "@rye_society", "@flourpower"],
        "@crumbandco": ["@bun_intended", "@rye_society", "@thedailyloaf"],
        "@rye_society": ["@crumbandco"],
        "@flourpower": ["@bun_intended", "@kneadtoknow"],
        "@thedailyloaf": ["@crumbandco", "@rye_society"],
        "@kneadtoknow": ["@bun_intended", "@crumbandco", "@sugarhill_cafe"],
        "@sugarhill_cafe": ["@crumbandco"],
    }
    G = nx.DiGraph()
    for a, bs in follows.items():
        for b in bs:
            G.add_edge(a, b)
    text = "\n".join(f"{a} → {b}" for a, bs in follows.items() for b in bs)
    head = ("I run @bun_intended. I went through the local bakery & cafe accounts and noted who follows who "
            "(A → B means A follows B):\n\n" + text + "\n\n")

    add(fam, "arrows", head + "How many of these accounts follow us?", "degree", "value",
        G.in_degree("@bun_intended"), G, tools=["degree"])

    pr = _pagerank_python(G)["@bun_intended"]  # nx.pagerank without numpy
    add(fam, "arrows", head + "My nephew says Google's PageRank shows who is influential. What's our PageRank "
        "in this little network?", "pagerank", "value", pr, G, tools=["pagerank"])

    add(fam, "arrows", head + "Remind me who we follow?", "successors", "set",
        sorted_set(G.successors("@bun_intended")), G, tools=["successors", "neighbors"])

    mx = in_deg_max(G)
    assert len(mx) == 1
    add(fam, "arrows", head + "Who has the most followers out of this lot?", "degree_distribution", "set", mx, G,
        key="max_nodes", tools=["degree_distribution"])

    refuse(fam, "arrows", head + "Who follows us but we don't follow back?", "set_difference",
           "no tool gives the followers a node does not follow back", G)


# ---------------------------------------------------------------------------
# 10. PhD literature review: which papers in the folder cite which.
def litreview():
    fam = "lit_review_citations"
    cites = {
        "Liu2018": [], "Smith2019": ["Liu2018"], "Kovacs2021": ["Smith2019", "Liu2018"],
        "Adeyemi2020": ["Liu2018"], "Brandt2022": ["Kovacs2021", "Adeyemi2020"],
        "Ortega2023": ["Brandt2022", "Smith2019"], "Nakamura2023": ["Brandt2022"], "Haddad2017": [],
    }
    G = nx.DiGraph()
    G.add_nodes_from(cites)
    for a, bs in cites.items():
        for b in bs:
            G.add_edge(a, b)
    text = "\n".join(f"{a}  cites: {'; '.join(bs) if bs else '-'}" for a, bs in cites.items())
    head = ("From my Zotero notes - for each paper in my 'chapter 2' folder, the other papers in that folder it "
            "cites:\n\n" + text + "\n\n")

    add(fam, "cites_lines", head + "Which papers in the folder cite Smith2019?", "predecessors", "set",
        sorted_set(G.predecessors("Smith2019")), G, tools=["predecessors"])

    sinks = sorted_set(n for n in G if G.out_degree(n) == 0)
    add(fam, "cites_lines", head + "Which ones don't cite anything else in the folder?", "sources_sinks", "set",
        sinks, G, key="sinks", tools=["sources_sinks"])


    add(fam, "cites_lines", head + "How many times does Liu2018 get cited within the folder?", "degree", "value",
        G.in_degree("Liu2018"), G, tools=["degree"])

    refuse(fam, "cites_lines", head + "What's the longest citation chain in here?", "longest_path",
           "no tool finds the longest path of a DAG (and papers vs links is unclear)", G)


# ---------------------------------------------------------------------------
# 11. Tourist with the metro map: lines as station sequences.
def metro():
    fam = "metro_map"
    lines = {"Green": ["Harbour", "Old Town", "Cathedral", "University", "Zoo"],
             "Blue": ["Airport", "Exhibition", "Cathedral", "Central", "Stadium"],
             "Orange": ["Old Town", "Central", "Market", "Riverside"],
             "Yellow": ["University", "Market", "Docklands"]}
    G = nx.Graph()
    for seq in lines.values():
        nx.add_path(G, seq)
    text = "\n".join(f"{k} line: {' – '.join(v)}" for k, v in lines.items())
    head = "Metro map from the hotel leaflet (trains run both ways on every line):\n\n" + text + "\n\n"

    d = dist(G, "Airport", "Docklands", False)
    add(fam, "line_sequences", head + "We land at the Airport and the flat is at Docklands. Fewest stops?",
        "shortest_path", "path", d, G, key="length", tools=PATH_TOOLS, source="Airport", target="Docklands")

    add(fam, "line_sequences", head + "Which stations are just one stop from Central?", "neighbors", "set",
        sorted_set(G.neighbors("Central")), G, tools=["neighbors"])

    add(fam, "line_sequences", head + "What's the most stops we'd ever have to ride between two stations on this "
        "map (taking the shortest way each time)?", "diameter", "value", nx.diameter(G), G, tools=["diameter"])

    add(fam, "line_sequences", head + "If we pick a hotel at the best-placed station, so the furthest station "
        "from it is as close as possible, how many stops is that furthest one?", "radius", "value",
        nx.radius(G), G, tools=["radius"])


    refuse(fam, "line_sequences", head + "What time's the last train out of Zoo?", "timetable",
           "no timetable is given", G)


# ---------------------------------------------------------------------------
# 12. Biology PhD: a STRING export (TSV with a score column).
def string_ppi():
    fam = "string_interactions"
    E = [("TP53", "MDM2", 0.999), ("TP53", "CDKN1A", 0.998), ("TP53", "ATM", 0.995), ("TP53", "CHEK2", 0.993),
         ("ATM", "CHEK2", 0.990), ("TP53", "EP300", 0.987), ("MDM2", "EP300", 0.912), ("BRCA1", "ATM", 0.981),
         ("BRCA1", "CHEK2", 0.976), ("BRCA1", "BRCA2", 0.970), ("BRCA2", "RAD51", 0.999), ("BRCA2", "PALB2", 0.999),
         ("PALB2", "RAD51", 0.980), ("BRCA1", "PALB2", 0.997), ("BRCA1", "RAD51", 0.991), ("CDKN1A", "MDM2", 0.875)]
    G = und([(a, b) for a, b, _ in E])
    tsv = "#node1\tnode2\tcombined_score\n" + "\n".join(f"{a}\t{b}\t{s}" for a, b, s in E)
    head = ("Pasted from the STRING export (physical + functional, score cut-off 0.8), the score column is "
            "just confidence:\n\n" + tsv + "\n\n")

    add(fam, "tsv", head + "How many triangles is TP53 part of?", "triangle_count", "value",
        nx.triangles(G, "TP53"), G, key="triangles", tools=["triangle_count"])

    add(fam, "tsv", head + "What's the local clustering coefficient of BRCA1 (unweighted)?",
        "clustering_coefficient", "value", nx.clustering(G, "BRCA1"), G, tools=["clustering_coefficient"])

    add(fam, "tsv", head + "Which proteins interact with both TP53 and BRCA1?", "common_neighbors", "set",
        sorted_set(nx.common_neighbors(G, "TP53", "BRCA1")), G, tools=["common_neighbors"])

    add(fam, "tsv", head + "For the methods section I need the global transitivity of this network.",
        "transitivity", "value", nx.transitivity(G), G, tools=["transitivity"])

    refuse(fam, "tsv", head + "What is the biggest set of proteins here that all interact with each other?",
           "max_clique", "no tool finds a maximum clique", G,
           if_answered=max(len(c) for c in nx.find_cliques(G)))


# ---------------------------------------------------------------------------
# 13. Historian: a wartime courier network from file notes (prose).
def couriers():
    fam = "wartime_couriers"
    text = ("From the file notes: Marcel worked with Odette and with Lucien. Odette was in touch with Father Brun, "
            "and also with Lucien. Father Brun passed material to Hélène (the wireless operator) and to Gaston. "
            "Gaston also knew Hélène directly. Lucien's only other contact was Mireille, and Mireille ran "
            "messages to Paulette. Quite seperately there was the Lyon pair, Armand and Berthe, who only ever "
            "dealt with each other. Contact in every case went both ways.")
    E = [("Marcel", "Odette"), ("Marcel", "Lucien"), ("Odette", "Father Brun"), ("Odette", "Lucien"),
         ("Father Brun", "Hélène"), ("Father Brun", "Gaston"), ("Gaston", "Hélène"), ("Lucien", "Mireille"),
         ("Mireille", "Paulette"), ("Armand", "Berthe")]
    G = und(E)
    head = text + "\n\n"

    add(fam, "prose", head + "Whose arrest would have split the network, leaving some couriers with no way "
        "to reach others they could reach before?", "articulation_points", "set",
        sorted_set(nx.articulation_points(G)), G, key="nodes", tools=["articulation_points"])

    d = dist(G, "Marcel", "Hélène", False)
    add(fam, "prose", head + "What was the shortest chain of hand-offs from Marcel to Hélène?", "shortest_path",
        "path", d, G, key="length", tools=PATH_TOOLS, source="Marcel", target="Hélène")

    add(fam, "prose", head + "How many separate groups were there with no contact between them at all?",
        "connected_components", "value", nx.number_connected_components(G), G, key="count",
        tools=["connected_components"])

    b = nx.betweenness_centrality(G)["Odette"]
    add(fam, "prose", head + "My supervisor wants Odette's betweenness centrality (the normalised figure).",
        "betweenness_centrality", "value", b, G, tools=["betweenness_centrality"])

    refuse(fam, "prose", head + "How was Marcel connected to Simone?", "missing_node",
           "Simone does not appear in the notes", G)


# ---------------------------------------------------------------------------
# 14. Journalist: interlocking directorships (markdown table).
def interlocks():
    fam = "board_interlocks"
    rows = [("A. Whitcombe", ["Halden Foods", "Marrow Bank", "Tessel Energy"]),
            ("P. Osei", ["Marrow Bank", "Tessel Energy", "Corvane Mining"]),
            ("L. Ferreira", ["Halden Foods", "Corvane Mining"]),
            ("R. Stanhope", ["Tessel Energy"]),
            ("M. Iqbal", ["Briar Pharma", "Quayle Logistics"]),
            ("J. Duchamp", ["Quayle Logistics", "Briar Pharma", "Lumen Retail"]),
            ("K. Varga", ["Halden Foods"])]
    G = nx.Graph()
    for d, cs in rows:
        for c in cs:
            G.add_edge(d, c)
    table = "| Director | Boards (2024 annual reports) |\n|---|---|\n" + "\n".join(
        f"| {d} | {'; '.join(cs)} |" for d, cs in rows)
    head = "Working notes for the interlocks piece:\n\n" + table + "\n\n"

    add(fam, "markdown_table", head + "Which directors sit on both the Marrow Bank and Tessel Energy boards?",
        "common_neighbors", "set", sorted_set(nx.common_neighbors(G, "Marrow Bank", "Tessel Energy")), G,
        tools=["common_neighbors"])

    j = next(nx.jaccard_coefficient(G, [("Halden Foods", "Corvane Mining")]))[2]
    add(fam, "markdown_table", head + "Our data desk wants the Jaccard overlap of the Halden Foods and Corvane "
        "Mining boards.", "jaccard_coefficient", "value", j, G, tools=["jaccard_coefficient"])


    r = nx.has_path(G, "Halden Foods", "Briar Pharma")
    assert r is False
    add(fam, "markdown_table", head + "Is there any chain of shared directors linking Halden Foods to Briar "
        "Pharma?", "path_exists", "value", r, G, tools=["path_exists"], source="Halden Foods", target="Briar Pharma")

    add(fam, "markdown_table", head + "How many separate clusters do these people and companies fall into?",
        "connected_components", "value", nx.number_connected_components(G), G, key="count",
        tools=["connected_components"])

    refuse(fam, "markdown_table", head + "Which of them is paid the most?", "attribute",
           "no pay figures are given", G)


# ---------------------------------------------------------------------------
# 15. Bike courier: one-way and two-way streets with minutes.
def bikecourier():
    fam = "bike_courier_streets"
    segs = [("Depot", "Canal St", 4, True), ("Canal St", "Market Sq", 3, False), ("Market Sq", "Station", 2, True),
            ("Station", "Hospital", 6, False), ("Market Sq", "Bell Lane", 2, False), ("Bell Lane", "Hospital", 3, True),
            ("Hospital", "Uni Library", 4, False), ("Uni Library", "Depot", 9, False),
            ("Uni Library", "Castle Gate", 5, True), ("Castle Gate", "Canal St", 3, False),
            ("Depot", "Bell Lane", 8, False), ("Station", "Ring Road", 5, False)]
    G = nx.DiGraph()
    for a, b, w, both in segs:
        G.add_edge(a, b, weight=w)
        if both:
            G.add_edge(b, a, weight=w)
    text = "\n".join(f"{a} {'<->' if both else '->'} {b}  {w}min" for a, b, w, both in segs)
    head = ("bits of town i ride, -> is one way, <-> both ways, times are mine on the bike:\n" + text + "\n\n")

    d = dist(G, "Depot", "Hospital", True)
    add(fam, "arrow_lines", head + "quickest legal way depot to hospital?", "shortest_path", "path", d, G,
        key="length", tools=PATH_TOOLS, source="Depot", target="Hospital")

    d = dist(G, "Hospital", "Depot", True)
    add(fam, "arrow_lines", head + "and coming back, hospital to the depot, without going the wrong way down "
        "anything?", "shortest_path", "path", d, G, key="length", tools=PATH_TOOLS, source="Hospital", target="Depot")

    r = nx.has_path(G, "Ring Road", "Depot")
    assert r is False
    add(fam, "arrow_lines", head + "if they send me out to the Ring Road drop is there a legal way back to the "
        "depot from there", "path_exists", "value", r, G, tools=["path_exists"], source="Ring Road", target="Depot")

    refuse(fam, "arrow_lines", head + "how much should i charge for depot to uni library", "price",
           "no rates or prices are given", G)


# ---------------------------------------------------------------------------
# 16. Parent with a puzzle book: draw without lifting the pencil.
def pencil():
    fam = "pencil_puzzle"
    intro = ("My daughter's puzzle book says 'draw this without lifting your pencil and without going over any "
             "line twice'. I've labelled the dots. ")
    house = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A"), ("A", "C"), ("B", "D"), ("C", "E"), ("D", "E")]
    G = und(house)
    t = intro + "The lines are: " + ", ".join(a + b for a, b in house) + ".\n\n"
    add(fam, "letter_pairs", t + "Can it actually be done?", "euler_path", "value", nx.has_eulerian_path(G), G,
        key="exists", tools=["euler_path"])
    add(fam, "letter_pairs", t + "She managed it, but now she wants to finish on the same dot she started on. "
        "Possible?", "euler_circuit", "value", nx.is_eulerian(G), G, key="circuit",
        tools=["euler_circuit", "euler_path"])

    bow = [("A", "B"), ("B", "C"), ("C", "A"), ("C", "D"), ("D", "E"), ("E", "C")]
    G = und(bow)
    t = intro + "This one's a bow tie: " + ", ".join(a + "-" + b for a, b in bow) + ".\n\n"
    add(fam, "letter_pairs", t + "Can she do it and end up back where she began?", "euler_circuit", "value",
        nx.is_eulerian(G), G, key="circuit", tools=["euler_circuit", "euler_path"])

    env = [("P", "Q"), ("Q", "R"), ("R", "S"), ("S", "P"), ("P", "R"), ("Q", "S")]
    G = und(env)
    t = (intro + "Page 9 is a square with both diagonals, corners P Q R S: sides PQ, QR, RS, SP and diagonals PR, "
         "QS (they cross in the middle but there's no dot there).\n\n")
    add(fam, "letter_pairs", t + "She's been at it for ages - is it even possible?", "euler_path", "value",
        nx.has_eulerian_path(G), G, key="exists", tools=["euler_path"])

    refuse(fam, "letter_pairs", intro + "The one on page 14 is a sort of star with a circle round it. Can that "
           "one be done?", "euler_path", "the figure is described too vaguely to know its dots and lines")


# ---------------------------------------------------------------------------
# 17. Island-hopping holiday: ferry routes with crossing times.
def ferries():
    fam = "island_ferries"
    E = [("Vella", "Kor", 35), ("Kor", "Mardu", 20), ("Mardu", "Vella", 50), ("Mardu", "Ostra", 25),
         ("Ostra", "Pelle", 40), ("Pelle", "Mardu", 30), ("Ostra", "Lisk", 15), ("Lisk", "Kor", 45)]
    G = und(E)
    text = "\n".join(f"  {a} <> {b}   {w} min" for a, b, w in E)
    head = ("Ferry routes from the timetable booklet (every route sails both directions), with crossing times:\n"
            + text + "\n\n")

    add(fam, "timetable_lines", head + "Mad idea: I'd like to ride every single one of these ferry routes exactly "
        "once during the fortnight. Doesn't matter which island I finish on. Is that possible?", "euler_path",
        "value", nx.has_eulerian_path(G), G, key="exists", tools=["euler_path"])

    d = dist(G, "Vella", "Pelle", True)
    add(fam, "timetable_lines", head + "Shortest time on the water from Vella to Pelle?", "shortest_path", "path",
        d, G, key="length", tools=PATH_TOOLS, source="Vella", target="Pelle")

    add(fam, "timetable_lines", head + "How many different ferry routes are there?", "edge_count", "value",
        G.number_of_edges(), G, tools=["edge_count", "size"])

    add(fam, "timetable_lines", head + "If I did ride every route once, how many minutes would I spend sailing "
        "in total?", "size", "value", G.size(weight="weight"), G, tools=["size"])

    refuse(fam, "timetable_lines", head + "How many different ways are there to ride every route exactly once?",
           "count_trails", "no tool counts Eulerian trails", G)


# ---------------------------------------------------------------------------
# 18. Stag-do organiser: walking minutes between pubs.
def pubcrawl():
    fam = "pub_crawl"
    E = [("The Crown", "Red Lion", 4), ("Red Lion", "The Anchor", 6), ("The Anchor", "Fox & Hounds", 5),
         ("Fox & Hounds", "The Feathers", 3), ("The Feathers", "Black Bull", 7), ("Black Bull", "The Swan", 4),
         ("The Swan", "The Crown", 8), ("The Crown", "The Anchor", 9), ("Red Lion", "The Feathers", 10),
         ("Fox & Hounds", "The Swan", 6)]
    G = und(E)
    text = "\n".join(f"{a} - {b}: {w} mins walk" for a, b, w in E)
    head = ("Stag do Saturday. These are the only direct walks between the pubs that make sense (anything else "
            "means going past another pub):\n" + text + "\n\n")

    add(fam, "dash_lines", head + "Can we get round all seven pubs, each one exactly once, only using those "
        "walks?", "hamiltonian_path", "hamilton", has_ham_path(G), G, tools=["hamiltonian_path"])

    add(fam, "dash_lines", head + "Could we do that and finish back at the pub we started in?", "hamiltonian_cycle",
        "value", has_ham_cycle(G), G, key="exists", tools=["hamiltonian_cycle", "travelling_salesman"])

    c = tour_cost(G, list(G.nodes))
    add(fam, "dash_lines", head + "What's the least total walking for a loop that hits every pub once and ends "
        "back at the first, sticking to these walks?", "travelling_salesman", "value", c, G, key="cost",
        tools=["travelling_salesman"])


    refuse(fam, "dash_lines", head + "Which one has the cheapest pint?", "attribute", "no prices are given", G)


# ---------------------------------------------------------------------------
# 19. Manufacturing engineer: a where-used export from the ERP.
def bom():
    fam = "where_used_export"
    rows = [("BOLT-M6", "BRACKET", 4), ("WASHER-M6", "BRACKET", 4), ("BRACKET", "FRAME", 2),
            ("MOTOR", "DRIVE-UNIT", 1), ("GEARBOX", "DRIVE-UNIT", 1), ("SHAFT", "GEARBOX", 1),
            ("BEARING-6204", "GEARBOX", 2), ("HOUSING", "GEARBOX", 1), ("BOLT-M6", "HOUSING", 6),
            ("DRIVE-UNIT", "CONVEYOR-MOD", 1), ("FRAME", "CONVEYOR-MOD", 1), ("CONTROL-PCB", "CONVEYOR-MOD", 1),
            ("CABLE-LOOM", "CONVEYOR-MOD", 1), ("BEARING-6204", "ROLLER", 2), ("ROLLER", "CONVEYOR-MOD", 8)]
    G = dig([(a, b) for a, b, _ in rows])
    csv = "COMPONENT;USED_IN;QTY_PER\n" + "\n".join(f"{a};{b};{q}" for a, b, q in rows)
    head = "Where-used report exported from the ERP (each row: a component and the assembly it goes into):\n\n" + csv + "\n\n"

    add(fam, "semicolon_csv", head + "Give me an order to build things in, so nothing gets built before the "
        "parts that go into it.", "topological_sort", "order", None, G, tools=["topological_sort"])

    add(fam, "semicolon_csv", head + "Are there any circular references in this BOM?", "dag", "dag",
        nx.is_directed_acyclic_graph(G), G, tools=DAG_TOOLS, neg_tools=DAG_NEG)

    add(fam, "semicolon_csv", head + "What goes directly into the GEARBOX?", "predecessors", "set",
        sorted_set(G.predecessors("GEARBOX")), G, tools=["predecessors", "successors", "neighbors"])

    r = nx.has_path(G, "MOTOR", "FRAME")
    assert r is False
    add(fam, "semicolon_csv", head + "Does the MOTOR end up anywhere inside the FRAME?", "path_exists", "value",
        r, G, tools=["path_exists"], source="MOTOR", target="FRAME")


    refuse(fam, "semicolon_csv", head + "What does a finished CONVEYOR-MOD weigh?", "weight",
           "no part weights are given", G)


# ---------------------------------------------------------------------------
# 20. Transplant coordinator: kidney paired exchange compatibilities.
def kidney():
    fam = "kidney_exchange"
    E = [("P1", "P3"), ("P3", "P5"), ("P5", "P1"), ("P2", "P4"), ("P4", "P2"), ("P6", "P1"), ("P7", "P6"),
         ("P5", "P8"), ("P8", "P4"), ("P6", "P2")]
    G = dig(E, [f"P{i}" for i in range(1, 9)])
    text = "\n".join(f"{a} donor -> {b} recipient : compatible, crossmatch negative" for a, b in E)
    head = ("Paired exchange pool, this cycle. Only the compatible donor/recipient combinations are listed "
            "(everything else is incompatible):\n" + text + "\n\n")

    add(fam, "arrow_lines", head + "Is there any possible swap loop in this pool at all?", "dag", "dag",
        nx.is_directed_acyclic_graph(G), G, tools=DAG_TOOLS, neg_tools=DAG_NEG)

    add(fam, "arrow_lines", head + "Group the pairs so that each group is the pairs that could all end up in "
        "one exchange loop with each other (a pair on its own if it can't be in a loop).",
        "strongly_connected_components", "partition", partition(nx.strongly_connected_components(G)), G,
        key="components", tools=["strongly_connected_components"])

    add(fam, "arrow_lines", head + "Whose donors could give to P4's recipient?", "predecessors", "set",
        sorted_set(G.predecessors("P4")), G, tools=["predecessors"])

    refuse(fam, "arrow_lines", head + "Which pair has the best HLA match?", "attribute",
           "no HLA typing is given", G)



# ---------------------------------------------------------------------------
# 21. House buyer: the chain, from the estate agent's email.
def propertychain():
    fam = "house_chain"
    E = [("Hales", "Duttons"), ("Duttons", "Ms Reyes"), ("Ms Reyes", "Okonkwos"), ("Parrys", "Okonkwos"),
         ("Okonkwos", "Mr Bell")]
    G = dig(E)
    head = ("From: Sarah @ Fieldhouse Estates\nSubject: RE: chain update\n\nHi both, as promised here's the chain "
            "as it stands (→ means 'is buying from'):\n\n  Hales (first-time buyers) → Duttons (that's you) → "
            "Ms Reyes → Okonkwos → Mr Bell (probate sale, not buying)\n  Parrys (first-time buyers) → Okonkwos "
            "(they're selling their flat as well)\n\nSearches are back on everything except the Okonkwos' flat.\n\n"
            "Kind regards, Sarah\n\n---\n")

    add(fam, "email_chain", head + "So how many households are in this chain in total?", "node_count", "value",
        G.number_of_nodes(), G, tools=["node_count", "order"])

    add(fam, "email_chain", head + "Who in the chain isn't buying anything themselves?", "sources_sinks", "set",
        sorted_set(n for n in G if G.out_degree(n) == 0), G, key="sinks", tools=["sources_sinks"])

    add(fam, "email_chain", head + "And who isn't selling anything?", "sources_sinks", "set",
        sorted_set(n for n in G if G.in_degree(n) == 0), G, key="sources", tools=["sources_sinks"])


    refuse(fam, "email_chain", head + "When are we likely to complete?", "date",
           "no dates or timescales are given; not a question about the chain's links", G)


# ---------------------------------------------------------------------------
# 22. HR: org chart CSV (employee reports to manager).
def orgchart():
    fam = "org_chart_csv"
    rows = [("Grace Whitfield", "CEO", "", "Exec"), ("Farah Nadeem", "CTO", "Grace Whitfield", "Tech"),
            ("Luis Ortega", "CFO", "Grace Whitfield", "Finance"), ("Ben Adair", "Eng Manager", "Farah Nadeem", "Tech"),
            ("Priya Rao", "Eng Manager", "Farah Nadeem", "Tech"), ("Chen Wei", "Data Lead", "Farah Nadeem", "Tech"),
            ("Tom Reilly", "Intern", "Ben Adair", "Tech"), ("Sofia Marin", "Developer", "Ben Adair", "Tech"),
            ("Kwame Asante", "Developer", "Priya Rao", "Tech"), ("Hannah Li", "Accountant", "Luis Ortega", "Finance")]
    G = nx.DiGraph()
    G.add_nodes_from(r[0] for r in rows)
    for name, _, mgr, _ in rows:
        if mgr:
            G.add_edge(name, mgr)
    csv = "name,title,reports_to,department\n" + "\n".join(",".join(r) for r in rows)
    head = "Current org chart export (HRIS, 3 June):\n\n" + csv + "\n\n"

    add(fam, "csv", head + "Who are Farah Nadeem's direct reports?", "predecessors", "set",
        sorted_set(G.predecessors("Farah Nadeem")), G, tools=["predecessors", "successors", "neighbors"])

    add(fam, "csv", head + "Is this a clean hierarchy - one boss each, no loops, everybody joined up under the "
        "CEO?", "is_tree", "value", nx.is_tree(G.to_undirected()), G, key="tree", tools=["is_tree"])

    d = dist(G, "Tom Reilly", "Grace Whitfield", False)
    add(fam, "csv", head + "How many reporting steps from the intern, Tom Reilly, up to the CEO?", "shortest_path",
        "path", d, G, key="length", tools=PATH_TOOLS, source="Tom Reilly", target="Grace Whitfield")

    add(fam, "csv", head + "Headcount on this export?", "node_count", "value", G.number_of_nodes(), G,
        tools=["node_count", "order"])

    refuse(fam, "csv", head + "Who earns the most in Tech?", "attribute", "no salaries are given", G)


# ---------------------------------------------------------------------------
# 23. Fan-game designer: a super-effective type chart.
def typechart():
    fam = "fan_game_types"
    E = [("Fire", "Grass"), ("Fire", "Ice"), ("Fire", "Bug"), ("Water", "Fire"), ("Water", "Ground"),
         ("Water", "Rock"), ("Grass", "Water"), ("Grass", "Ground"), ("Grass", "Rock"), ("Electric", "Water"),
         ("Electric", "Flying"), ("Ground", "Fire"), ("Ground", "Electric"), ("Ground", "Rock"), ("Rock", "Fire"),
         ("Rock", "Ice"), ("Rock", "Flying"), ("Rock", "Bug"), ("Flying", "Grass"), ("Flying", "Bug"),
         ("Ice", "Grass"), ("Ice", "Ground"), ("Ice", "Flying"), ("Ice", "Dragon"), ("Dragon", "Dragon"),
         ("Bug", "Grass")]
    G = dig(E)
    text = "\n".join(f"{a} > {b}" for a, b in E)
    head = ("Type chart for my fan game, super-effective hits only (X > Y means X's moves are super effective "
            "against Y):\n" + text + "\n\n")


    add(fam, "gt_lines", head + "Playtesters want a rock-paper-scissors feel. Is there any loop in this chart, "
        "A beats B beats ... beats A?", "dag", "dag", nx.is_directed_acyclic_graph(G), G, tools=DAG_TOOLS, neg_tools=DAG_NEG)


    add(fam, "gt_lines", head + "What is Ice super effective against?", "successors", "set",
        sorted_set(G.successors("Ice")), G, tools=["successors", "neighbors"])

    add(fam, "gt_lines", head + "And what's super effective against Dragon?", "predecessors", "set",
        sorted_set(G.predecessors("Dragon")), G, tools=["predecessors"])

    refuse(fam, "gt_lines", head + "Which types are immune to Electric?", "relation_missing",
           "the chart lists only super-effective hits, not immunities", G)


# ---------------------------------------------------------------------------
# 24. Chess club secretary: blitz results, winner first, draws in the list.
def chess():
    fam = "blitz_chess_results"
    games = [("Ravi", "Ellen", "1-0"), ("Ellen", "Jonah", "1-0"), ("Jonah", "Mo", "1-0"), ("Mo", "Ravi", "1-0"),
             ("Ravi", "Jonah", "1-0"), ("Priscilla", "Ravi", "1-0"), ("Priscilla", "Ellen", "1-0"),
             ("Mo", "Ellen", "½-½"), ("Jonah", "Priscilla", "½-½"), ("Ellen", "Dmitri", "1-0"),
             ("Dmitri", "Mo", "1-0"), ("Priscilla", "Dmitri", "1-0")]
    G = nx.DiGraph()
    for a, b, r in games:
        G.add_node(a)
        G.add_node(b)
        if r == "1-0":
            G.add_edge(a, b)
    text = "\n".join(f"{a} {r} {b}" for a, b, r in games)
    head = ("Blitz night results for the newsleter (winner's name first on decisive games; ½-½ is a draw):\n"
            + text + "\n\n")

    add(fam, "results_lines", head + "Who did Jonah lose to?", "predecessors", "set",
        sorted_set(G.predecessors("Jonah")), G, tools=["predecessors"])

    add(fam, "results_lines", head + "Was there a circle of results anywhere, like A beat B, B beat C and C beat "
        "A?", "dag", "dag", nx.is_directed_acyclic_graph(G), G, tools=DAG_TOOLS, neg_tools=DAG_NEG)

    add(fam, "results_lines", head + "How many games did Mo win?", "degree", "value", G.out_degree("Mo"), G,
        tools=["degree"])

    add(fam, "results_lines", head + "Did anybody beat Priscilla? Who?", "predecessors", "set",
        sorted_set(G.predecessors("Priscilla")), G, tools=["predecessors"])



# ---------------------------------------------------------------------------
# 25. PTA: the snow-day phone tree.
def phonetree():
    fam = "snow_day_phone_tree"
    calls = [("Mrs Adeyemi", ["Kowalski", "Dunn", "Farouk"]), ("Kowalski", ["Byrne", "Lai"]),
             ("Dunn", ["Petrov", "Hughes"]), ("Farouk", ["Lai", "Mendes"]), ("Petrov", ["Quinn"])]
    G = nx.DiGraph()
    for a, bs in calls:
        for b in bs:
            G.add_edge(a, b)
    text = "\n".join(f"{a}{' (chair)' if a == 'Mrs Adeyemi' else ''} rings: {', '.join(bs)}" for a, bs in calls)
    head = ("SNOW DAY PHONE TREE - please keep by the phone!\n" + text +
            "\nEveryone else just waits for their call.\n\n")

    add(fam, "rings_lines", head + "Who does Dunn have to ring?", "successors", "set",
        sorted_set(G.successors("Dunn")), G, tools=["successors", "neighbors"])

    add(fam, "rings_lines", head + "Is this a proper tree - everyone rung by exactly one person, all starting "
        "from Mrs Adeyemi?", "is_tree", "value", nx.is_arborescence(G), G, key="arborescence", tools=["is_tree"])

    d = dist(G, "Mrs Adeyemi", "Quinn", False)
    add(fam, "rings_lines", head + "How many calls down the line is Quinn?", "shortest_path", "path", d, G,
        key="length", tools=PATH_TOOLS, source="Mrs Adeyemi", target="Quinn")

    add(fam, "rings_lines", head + "Who doesn't have to ring anyone?", "sources_sinks", "set",
        sorted_set(n for n in G if G.out_degree(n) == 0), G, key="sinks", tools=["sources_sinks"])

    refuse(fam, "rings_lines", head + "Who rings Mr Okafor?", "missing_node", "Mr Okafor is not on the tree", G)


# ---------------------------------------------------------------------------
# 26. Netball league volunteer: results so far.
def netball():
    fam = "netball_league"
    games = [("Hawks", 34, 29, "Comets"), ("Thunder", 22, 31, "Hawks"), ("Comets", 40, 18, "Vipers"),
             ("Thunder", 27, 27, "Falcons"), ("Vipers", 25, 30, "Lynx"), ("Falcons", 33, 21, "Storm"),
             ("Lynx", 19, 24, "Storm"), ("Storm", 28, 35, "Comets"), ("Hawks", 41, 12, "Lynx"),
             ("Thunder", 30, 26, "Vipers")]
    G = und([(a, d) for a, _, _, d in games])
    text = "\n".join(f"{a} {b}-{c} {d}" for a, b, c, d in games)
    head = ("U14 league, results so far (home team first):\n" + text + "\nEvery team plays every other team "
            "once over the season.\n\n")

    add(fam, "score_lines", head + "Which teams haven't the Hawks played yet?", "non_neighbors", "set",
        sorted_set(nx.non_neighbors(G, "Hawks")), G, tools=["non_neighbors"])

    add(fam, "score_lines", head + "How many matches have been played so far?", "edge_count", "value",
        G.number_of_edges(), G, tools=["edge_count", "size"])


    add(fam, "score_lines", head + "What fraction of the season's fixtures is done?", "density", "value",
        nx.density(G), G, tools=["density"])

    refuse(fam, "score_lines", head + "Who's going to win the league?", "prediction",
           "a prediction, not something the results graph determines", G)


# ---------------------------------------------------------------------------
# 27. Science teacher: a pond food web (energy-flow arrows).
def foodweb():
    fam = "pond_food_web"
    E = [("algae", "water flea"), ("algae", "tadpole"), ("pondweed", "snail"), ("pondweed", "tadpole"),
         ("water flea", "stickleback"), ("water flea", "dragonfly nymph"), ("tadpole", "dragonfly nymph"),
         ("tadpole", "newt"), ("tadpole", "stickleback"), ("snail", "duck"), ("dragonfly nymph", "newt"),
         ("dragonfly nymph", "stickleback"), ("stickleback", "heron"), ("stickleback", "kingfisher"),
         ("newt", "heron"), ("newt", "grass snake")]
    G = dig(E)
    text = "\n".join(f"{a} → {b}" for a, b in E)
    head = ("Year 8 worksheet, pond food web. The arrows show the direction energy flows, i.e. from the thing "
            "eaten to the thing that eats it:\n\n" + text + "\n\n")

    add(fam, "arrows", head + "Which are the top predators - nothing in the web eats them?", "sources_sinks", "set",
        sorted_set(n for n in G if G.out_degree(n) == 0), G, key="sinks", tools=["sources_sinks"])

    add(fam, "arrows", head + "What eats tadpoles?", "successors", "set", sorted_set(G.successors("tadpole")), G,
        tools=["successors", "neighbors"])

    r = nx.has_path(G, "snail", "heron")
    assert r is False
    add(fam, "arrows", head + "Does any of the energy in the snails end up in the heron?", "path_exists", "value",
        r, G, tools=["path_exists"], source="snail", target="heron")

    add(fam, "arrows", head + "Which things in the web don't eat anything else in it?", "sources_sinks", "set",
        sorted_set(n for n in G if G.in_degree(n) == 0), G, key="sources", tools=["sources_sinks"])

    add(fam, "arrows", head + "A pupil asked if a food web can go round in a circle. Does this one have a loop "
        "anywhere?", "dag", "dag", nx.is_directed_acyclic_graph(G), G, tools=DAG_TOOLS, neg_tools=DAG_NEG)

    refuse(fam, "arrows", head + "What's the longest food chain in this web?", "longest_path",
           "no tool finds the longest path of a DAG", G)


# ---------------------------------------------------------------------------
# 28. A-level chemistry: heavy-atom bonds of two molecules.
def molecules():
    fam = "molecule_bonds"
    ring = [("C1", "C2"), ("C2", "C3"), ("C3", "C4"), ("C4", "C5"), ("C5", "C6"), ("C6", "C1"), ("C1", "O1"),
            ("C2", "C7"), ("C7", "C8"), ("C7", "C9"), ("C5", "C10")]
    G = und(ring)
    head = ("Worksheet molecule (menthol), heavy atoms only, all single bonds: "
            + " ".join(f"{a}-{b}" for a, b in ring) + "\n\n")
    add(fam, "bond_list", head + "How many bonds is that?", "edge_count", "value", G.number_of_edges(), G,
        tools=["edge_count", "size"])
    add(fam, "bond_list", head + "How many atoms is C2 bonded to?", "degree", "value", G.degree("C2"), G,
        tools=["degree"])
    add(fam, "bond_list", head + "Does the skeleton contain a ring?", "cycle_check", "value",
        len(nx.cycle_basis(G)) > 0, G, tools=["cycle_check"])
    refuse(fam, "bond_list", head + "How many rings does it have?", "ring_count",
           "no tool counts independent cycles", G, if_answered=G.number_of_edges() - G.number_of_nodes()
           + nx.number_connected_components(G))

    head = ("hexanoic acid skeleton, no H: C6-C5, C5-C4, C4-C3, C3-C2, C2-C1, C1=O1, C1-O2 (the = is a double "
            "bond but count it as one connection)\n\n")
    G = und([("C6", "C5"), ("C5", "C4"), ("C4", "C3"), ("C3", "C2"), ("C2", "C1"), ("C1", "O1"), ("C1", "O2")])
    add(fam, "bond_list", head + "is the skeleton a tree (no rings, all joined up)?", "is_tree", "value",
        nx.is_tree(G), G, key="tree", tools=["is_tree"])


# ---------------------------------------------------------------------------
# 29. Climbing gym: belay partners from the sign-in sheet.
def belay():
    fam = "belay_partners"
    E = [("Kiri", "Sam"), ("Kiri", "Aroha"), ("Sam", "Maya"), ("Aroha", "Maya"), ("Maya", "Dom"), ("Sam", "Dom"),
         ("Maya", "Theo"), ("Maya", "Lena"), ("Theo", "Ivo"), ("Lena", "Ivo"), ("Ivo", "Jess"), ("Theo", "Rua"),
         ("Dom", "Pia"), ("Ivo", "Maya")]
    G = und(E)
    text = "\n".join(f"{a} + {b}" for a, b in E)
    head = "Belay pairs off this month's sign-in sheet (a pair belays each other):\n" + text + "\n\n"

    d = dist(G, "Kiri", "Jess", False)
    add(fam, "plus_pairs", head + "How many belay-partner steps is it from me (Kiri) to Jess?", "shortest_path",
        "path", d, G, key="length", tools=PATH_TOOLS, source="Kiri", target="Jess")

    add(fam, "plus_pairs", head + "What's the largest number of steps between any two climbers, going the "
        "shortest way?", "diameter", "value", nx.diameter(G), G, tools=["diameter"])

    cen = sorted_set(nx.center(G))
    cl = nx.closeness_centrality(G)
    assert len(cen) == 1 and max(cl, key=cl.get) == cen[0]
    add(fam, "plus_pairs", head + "Who's most central, in the sense that the person furthest from them is as few "
        "steps away as possible?", "center", "set", cen, G, tools=["center"])

    add(fam, "plus_pairs", head + "Who's out on the fringes - the people whose furthest climber is the most "
        "steps away?", "periphery", "set", sorted_set(nx.periphery(G)), G, tools=["periphery"])

    add(fam, "plus_pairs", head + "On average, how many steps apart are two climbers?", "avg_path_length", "value",
        nx.average_shortest_path_length(G), G, tools=["avg_path_length"])

    add(fam, "plus_pairs", head + "What's Maya's closeness centrality?", "closeness_centrality", "value",
        cl["Maya"], G, tools=["closeness_centrality"])

    refuse(fam, "plus_pairs", head + "Can I draw this as a poster with no lines crossing?", "planarity",
           "no tool tests planarity", G, if_answered=nx.check_planarity(G)[0])


# ---------------------------------------------------------------------------
# 30. Songwriter: chord changes used across recent songs.
def chords():
    fam = "chord_changes"
    E = [("C", "G"), ("C", "Am"), ("C", "F"), ("G", "C"), ("G", "Em"), ("Am", "F"), ("F", "G"), ("F", "C"),
         ("Em", "Am"), ("Dm", "G"), ("Bb", "F"), ("Em", "F")]
    G = dig(E)
    text = ", ".join(f"{a}→{b}" for a, b in E)
    head = "Every chord change I've used in my last five songs (from→to): " + text + "\n\n"

    add(fam, "inline_arrows", head + "After a G, where do I go?", "successors", "set", sorted_set(G.successors("G")),
        G, tools=["successors", "neighbors"])


    r = nx.has_path(G, "Em", "Dm")
    assert r is False
    add(fam, "inline_arrows", head + "Using only changes I already use, can I get from Em round to Dm?",
        "path_exists", "value", r, G, tools=["path_exists"], source="Em", target="Dm")

    add(fam, "inline_arrows", head + "From how many different chords do I move into C?", "degree", "value",
        G.in_degree("C"), G, tools=["degree"])


    refuse(fam, "inline_arrows", head + "What key are these songs in?", "music",
           "a music-theory question, not about the changes graph", G)


# ---------------------------------------------------------------------------
# 31. Discord moderator: who regularly replies to whom.
def discord():
    fam = "discord_reply_camps"
    A = ["ana", "bo", "cy", "dee", "eli"]
    B = ["fin", "gus", "hal", "ivy", "jo"]
    E = [(a, b) for a, b in itertools.combinations(A, 2) if (a, b) != ("bo", "dee")]
    E += [(a, b) for a, b in itertools.combinations(B, 2) if (a, b) != ("gus", "ivy")]
    E += [("eli", "fin"), ("kai", "jo"), ("lu", "ana"), ("lu", "bo")]
    G = und(E)
    text = "\n".join(f"{a} <-> {b}" for a, b in E)
    head = ("mod chat: I pulled who regularly replies to who in #general over the last month (treating it as "
            "mutual):\n" + text + "\n\n")

    greedy = partition(nx.community.greedy_modularity_communities(G))
    louv = partition(nx.community.louvain_communities(G, seed=0))
    assert greedy == louv and len(greedy) == 2
    add(fam, "double_arrows", head + "Does the server naturally split into camps? How many?",
        "communities", "value", len(greedy), G, key="count",
        tools=["greedy_modularity_communities", "louvain_communities"])

    add(fam, "double_arrows", head + "Who's in which camp then?", "communities", "partition", greedy, G,
        key="communities", tools=["greedy_modularity_communities", "louvain_communities"])

    core = sorted_set(nx.k_core(G, 3).nodes)
    add(fam, "double_arrows", head + "Who's in the inner circle - the biggest group where everyone talks to at "
        "least 3 others from the same group?", "k_core", "set", core, G, key="nodes", tools=["k_core"])

    aa = next(nx.adamic_adar_index(G, [("ana", "fin")]))[2]
    add(fam, "double_arrows", head + "Our data-science person says to check the Adamic-Adar index for ana and fin "
        "before we pair them for the event. What is it?", "adamic_adar_index", "value", aa, G,
        tools=["adamic_adar_index"])

    week1 = [("ana", "bo"), ("bo", "cy"), ("dee", "eli")]
    week2 = [("ana", "bo"), ("bo", "cy"), ("cy", "dee"), ("dee", "eli")]
    refuse(fam, "double_arrows", "two exports of who replied to who in #memes:\n\nexport 1:\n" +
           "\n".join(f"{a} <-> {b}" for a, b in week1) + "\n\nexport 2:\n" +
           "\n".join(f"{a} <-> {b}" for a, b in week2) + "\n\nis everyone connected?", "is_connected",
           "two different graphs are pasted and the question does not say which one")


# ---------------------------------------------------------------------------
# 32. Haulage planner: trucks a day each road can take, one way.
def haulage():
    fam = "haulage_capacity"
    E = [("Port", "Ring Depot", 30), ("Port", "Eastfield", 20), ("Ring Depot", "Eastfield", 10),
         ("Ring Depot", "Northgate", 15), ("Eastfield", "Northgate", 10), ("Eastfield", "Retail Park", 25),
         ("Northgate", "Retail Park", 20), ("Ring Depot", "Retail Park", 5)]
    G = dig(E)
    text = "\n".join(f"{a:<11} => {b:<12} max {w} trucks/day" for a, b, w in E)
    head = ("Planning note. Loaded trucks only run these roads in the direction shown (weight limits and the "
            "quarry traffic mean the returns go round by the motorway, which isn't part of this):\n" + text + "\n\n")

    v = nx.maximum_flow_value(G, "Port", "Retail Park", capacity="weight")
    add(fam, "arrow_table", head + "What's the most loaded trucks a day we can get from the Port through to "
        "Retail Park?", "maximum_flow", "value", v, G, key="value", tools=["maximum_flow"], source="Port",
        target="Retail Park")

    v = nx.maximum_flow_value(G, "Port", "Northgate", capacity="weight")
    add(fam, "arrow_table", head + "Same question but Port to Northgate.", "maximum_flow", "value", v, G,
        key="value", tools=["maximum_flow"], source="Port", target="Northgate")

    r = nx.has_path(G, "Northgate", "Port")
    assert r is False
    add(fam, "arrow_table", head + "Can a loaded truck get from Northgate to the Port on these roads?",
        "path_exists", "value", r, G, tools=["path_exists"], source="Northgate", target="Port")

    refuse(fam, "arrow_table", head + "What's the shortest route in km from the Port to Retail Park?",
           "distance", "the numbers are capacities in trucks a day; no distances are given", G)


# ---------------------------------------------------------------------------
# 33. Yacht skipper: logged passages in nautical miles.
def sailing():
    fam = "sailing_passages"
    E = [("Falmouth", "St Mawes", 2), ("St Mawes", "Mevagissey", 14), ("Mevagissey", "Fowey", 9),
         ("Falmouth", "Fowey", 22), ("Helford", "Falmouth", 8), ("Helford", "Coverack", 9),
         ("Hugh Town", "Tresco", 3), ("Tresco", "St Martin's", 4), ("Hugh Town", "St Agnes", 2)]
    G = und(E)
    text = "\n".join(f"{a} - {b}: {w} nm" for a, b, w in E)
    head = ("Passages I've logged over the years (nautical miles, either direction), for planning this "
            "summer:\n" + text + "\n\n")

    d = dist(G, "Coverack", "Fowey", True)
    add(fam, "dash_lines", head + "Shortest way from Coverack to Fowey using passages I know?", "shortest_path",
        "path", d, G, key="length", tools=PATH_TOOLS, source="Coverack", target="Fowey")

    add(fam, "dash_lines", head + "Which places can I get to from Falmouth in a single passage?", "neighbors",
        "set", sorted_set(G.neighbors("Falmouth")), G, tools=["neighbors"])

    add(fam, "dash_lines", head + "Is everywhere here linked to everywhere else by some run of passages?",
        "is_connected", "value", nx.is_connected(G), G, tools=["is_connected"])

    add(fam, "dash_lines", head + "How many separate cruising grounds does that make - groups not linked to "
        "each other?", "connected_components", "value", nx.number_connected_components(G), G, key="count",
        tools=["connected_components"])

    assert not nx.has_path(G, "Fowey", "Tresco")
    add(fam, "dash_lines", head + "Best route from Fowey to Tresco with what I've logged?", "shortest_path",
        "nopath", None, G, tools=PATH_TOOLS, source="Fowey", target="Tresco")

    refuse(fam, "dash_lines", head + "And the second-best route from Coverack to Fowey, in case of weather?",
           "k_shortest", "no tool gives a second-shortest path", G)


FAMILIES = [carpool, irrigation, grid, boardgame, genealogy, wikigame, allotments, exams, instagram, litreview,
            metro, string_ppi, couriers, interlocks, bikecourier, pencil, ferries, pubcrawl, bom, kidney,
            propertychain, orgchart, typechart, chess, phonetree, netball, foodweb, molecules, belay, chords,
            discord, haulage, sailing]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for f in FAMILIES:
        f()
    for i, it in enumerate(ITEMS, 1):
        it["id"] = f"t{i:03d}"
    with open(os.path.join(out, "batch13.jsonl"), "w", encoding="utf-8") as fh:
        for it in ITEMS:
            fh.write(json.dumps(it, ensure_ascii=False, sort_keys=False) + "\n")


if __name__ == "__main__":
    main()
