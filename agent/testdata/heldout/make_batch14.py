"""Blind held-out batch 14: people in everyday situations paste what they
have (tables, chat logs, notes, exports, prose) and ask about it in their
own words; written blind to the project's reading code and to the earlier
batches. Every gold answer is computed by NetworkX 3.6.1 (or by exhaustive
search on the NetworkX graph) from the graph printed in the question.

Run:
    PYTHONHASHSEED=1 python3 agent/testdata/heldout/make_batch14.py agent/testdata/heldout
writes agent/testdata/heldout/batch14.jsonl.
"""

import itertools
import json
import os
import sys

import networkx as nx
from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python

ITEMS = []


def num(x):
    """A JSON-friendly number: ints stay ints."""
    if isinstance(x, bool):
        return x
    if isinstance(x, float) and x.is_integer():
        return int(x)
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


def wlen(G, s, t):
    return num(nx.dijkstra_path_length(G, s, t, weight="weight"))


def hops(G, s, t):
    return nx.shortest_path_length(G, s, t)


def path_item(fam, nota, q, G, s, t, weighted=True):
    if nx.has_path(G, s, t):
        L = wlen(G, s, t) if weighted else hops(G, s, t)
        add(fam, nota, "shortest_path", q, G, "path", L, ["shortest_path", "shortest_path_length"], key="length",
            source=s, target=t, also={"path_exists": True})
    else:
        add(fam, nota, "no_path", q, G, "nopath", None, ["shortest_path", "shortest_path_length"],
            source=s, target=t, also={"path_exists": False})


def tsp_cost(G, start):
    others = sorted(n for n in G.nodes if n != start)
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


def has_ham_path(G):
    nodes = sorted(G.nodes)
    n = len(nodes)

    def ext(path, seen):
        if len(path) == n:
            return True
        last = path[-1]
        nbrs = G.successors(last) if G.is_directed() else G.neighbors(last)
        for w in sorted(nbrs):
            if w not in seen:
                seen.add(w)
                path.append(w)
                if ext(path, seen):
                    return True
                path.pop()
                seen.discard(w)
        return False

    return any(ext([s], {s}) for s in nodes)


def has_ham_cycle(G):
    nodes = sorted(G.nodes)
    n = len(nodes)
    s = nodes[0]

    def ext(path, seen):
        last = path[-1]
        if len(path) == n:
            return G.has_edge(last, s)
        nbrs = G.successors(last) if G.is_directed() else G.neighbors(last)
        for w in sorted(nbrs):
            if w not in seen:
                seen.add(w)
                path.append(w)
                if ext(path, seen):
                    return True
                path.pop()
                seen.discard(w)
        return False

    return ext([s], {s})


def chromatic(G):
    nodes = sorted(G.nodes, key=lambda x: (-G.degree(x), x))
    for k in range(1, len(nodes) + 1):
        col = {}

        def bt(i):
            if i == len(nodes):
                return True
            v = nodes[i]
            for c in range(k):
                if all(col.get(w) != c for w in G.neighbors(v)):
                    col[v] = c
                    if bt(i + 1):
                        return True
                    del col[v]
            return False

        if bt(0):
            return k
    return 0


def matching_size(G, left):
    M = nx.bipartite.maximum_matching(G, top_nodes=left)
    return len(M) // 2


def maxflow(G, s, t):
    return num(nx.maximum_flow_value(G, s, t, capacity="weight"))


def lines_pairs(edges, fmt):
    return "\n".join(fmt.format(*e) for e in edges)


# ---------------------------------------------------------------- families


def fam_porter():
    fam = "hospital_porter"
    E = [("A&E", "Radiology", 4), ("A&E", "Main Lifts", 3), ("Radiology", "Main Lifts", 2),
         ("Main Lifts", "Ward 3", 5), ("Main Lifts", "Ward 7", 6), ("Main Lifts", "Theatres", 4),
         ("Theatres", "ICU", 2), ("ICU", "Ward 7", 3), ("Ward 3", "Ward 7", 2), ("Pharmacy", "Canteen", 3),
         ("Canteen", "Main Lifts", 2), ("Pharmacy", "Outpatients", 4), ("Outpatients", "A&E", 5),
         ("Maternity", "Ward 3", 4), ("Maternity", "Outpatients", 7), ("Radiology", "Mortuary", 5)]
    G = ugraph(E)
    notes = "\n".join(f"{u} <-> {v} : {w} min" for u, v, w in E)
    text = ("Timed these myself on my rounds last week (walking, with an empty trolley, both directions the same):\n\n"
            + notes + "\n\n(Mortuary corridor is the basement one, keycard only.)\n")
    path_item(fam, "porter_notes", text + "\nI've got a drugs run from Pharmacy up to ICU. What's my quickest way and how many minutes?",
              G, "Pharmacy", "ICU")
    path_item(fam, "porter_notes", "new porter here, my supervisor gave me this:\n\n" + text +
              "\nIf I'm called from A&E to Maternity, how long is the fastest walk?", G, "A&E", "Maternity")
    ap = sorted(nx.articulation_points(G))
    add(fam, "porter_notes", "articulation_points", text +
        "\nEstates want to close corridors around one area at a time for repainting. Which single spots, if they were shut "
        "completely, would leave some department with no way to reach the rest?", G, "set", ap, ["articulation_points"], key="nodes")
    add(fam, "porter_notes", "edge_count", text + "\nHow many corridors did I actually time there?", G, "value",
        G.number_of_edges(), ["edge_count", "size"])
    refuse(fam, "porter_notes", "missing_info", text +
           "\nWhich route from Pharmacy to ICU has the fewest stairs? My knee is playing up.", G,
           "the notes give walking minutes only, nothing about stairs")


def fam_bandtour():
    fam = "band_tour"
    cities = ["Leeds", "Glasgow", "Newcastle", "Manchester", "Bristol", "Norwich"]
    H = {("Leeds", "Glasgow"): 4.0, ("Leeds", "Newcastle"): 1.75, ("Leeds", "Manchester"): 1.0,
         ("Leeds", "Bristol"): 3.5, ("Leeds", "Norwich"): 3.5, ("Glasgow", "Newcastle"): 2.75,
         ("Glasgow", "Manchester"): 3.5, ("Glasgow", "Bristol"): 6.0, ("Glasgow", "Norwich"): 6.5,
         ("Newcastle", "Manchester"): 2.5, ("Newcastle", "Bristol"): 5.0, ("Newcastle", "Norwich"): 4.5,
         ("Manchester", "Bristol"): 3.0, ("Manchester", "Norwich"): 4.25, ("Bristol", "Norwich"): 4.5}
    G = ugraph([(u, v, w) for (u, v), w in H.items()], nodes=cities)

    def h(a, b):
        return H.get((a, b), H.get((b, a)))

    rows = ["| hrs | " + " | ".join(cities) + " |", "|---" * (len(cities) + 1) + "|"]
    for a in cities:
        rows.append("| " + a + " | " + " | ".join("-" if a == b else f"{h(a, b):g}" for b in cities) + " |")
    table = "\n".join(rows)
    intro = ("we're a 4 piece from Leeds booking a short run of gigs in Glasgow, Newcastle, Manchester, Bristol and Norwich. "
             "drummer made this drive-time table off google maps (hours, van speed):\n\n" + table + "\n")
    add(fam, "distance_table", "travelling_salesman", intro +
        "\nWe leave from Leeds, play each city once, and come home to Leeds at the end. What order keeps the total driving "
        "lowest, and how many hours of driving is that?", G, "value", num(tsp_cost(G, "Leeds")), ["travelling_salesman"], key="cost")
    path_item(fam, "distance_table", intro + "\nBristol to Glasgow is the nasty one. Is there any way of doing it in less time than "
              "driving straight there, going via somewhere? What's the fastest it can be done?", G, "Bristol", "Glasgow")
    path_item(fam, "distance_table", intro + "\nquickest drive from Norwich up to Newcastle, hours?", G, "Norwich", "Newcastle")
    refuse(fam, "distance_table", "no_tool", intro + "\nWhich single leg in that table is the longest drive?", G,
           "the longest single entry of a table: no catalogue tool", if_answered=6.5)
    refuse(fam, "distance_table", "not_graph", intro + "\nWhich of these cities will sell the most tickets, do you reckon?", G,
           "ticket sales are not in the text")


def fam_interloan():
    fam = "library_interloan"
    E = [("Central", "Northgate", 40), ("Central", "Riverside", 30), ("Central", "Hillcrest", 20),
         ("Northgate", "Hillcrest", 15), ("Northgate", "Oakfield", 25), ("Riverside", "Hillcrest", 10),
         ("Riverside", "Mobile Depot", 20), ("Hillcrest", "Oakfield", 30), ("Mobile Depot", "Oakfield", 15),
         ("Oakfield", "Riverside", 5)]
    G = dgraph(E)
    csv = "from_branch,to_branch,crates_per_day,van\n" + "\n".join(
        f"{u},{v},{w},{'V' + str(i + 1)}" for i, (u, v, w) in enumerate(E))
    intro = ("Inter-library loan van schedule (one-way runs; crates per day is the most a run can carry):\n\n" + csv + "\n")
    add(fam, "csv", "maximum_flow", intro +
        "\nOakfield has a big reading-challenge order. If everything starts at Central, what's the most crates a day we can "
        "get to Oakfield with these runs?", G, "value", maxflow(G, "Central", "Oakfield"), ["maximum_flow"], key="value",
        source="Central", target="Oakfield")
    add(fam, "csv", "maximum_flow", intro +
        "\nHow many crates per day could Central push through to Hillcrest at most, counting the indirect runs?", G, "value",
        maxflow(G, "Central", "Hillcrest"), ["maximum_flow"], key="value", source="Central", target="Hillcrest")
    add(fam, "csv", "successors", intro + "\nWhich branches does Riverside send vans to?", G, "set",
        sorted(G.successors("Riverside")), ["successors", "neighbors"])
    add(fam, "csv", "predecessors", intro + "\nwho sends stuff directly into Oakfield?", G, "set",
        sorted(G.predecessors("Oakfield")), ["predecessors"])
    refuse(fam, "csv", "not_graph", intro + "\nHow many books are overdue at Northgate this month?", G,
           "overdue books are not in the schedule")


def fam_volunteers():
    fam = "foodbank_volunteers"
    avail = {"Priya": ["Mon AM", "Wed AM"], "Tom": ["Mon AM"], "Grace": ["Tue PM", "Thu PM", "Sat AM"],
             "Ahmed": ["Mon AM", "Tue PM"], "Lucy": ["Sat AM"], "Sven": ["Sat AM", "Thu PM"]}
    G = nx.Graph()
    G.add_nodes_from(sorted(avail))
    shifts = ["Mon AM", "Tue PM", "Wed AM", "Thu PM", "Sat AM"]
    G.add_nodes_from(shifts)
    for p in sorted(avail):
        for s in avail[p]:
            G.add_edge(p, s)
    text = "Food bank rota sign-up form (responses)\n\nName\tCan do\n" + "\n".join(
        f"{p}\t{', '.join(avail[p])}" for p in sorted(avail)) + "\n"
    add(fam, "tsv", "maximum_bipartite_matching", text +
        "\nEach person only wants one shift a week. What's the most of the five shifts (Mon AM, Tue PM, Wed AM, Thu PM, "
        "Sat AM) I can cover, and who goes where?", G, "matching", matching_size(G, sorted(avail)), ["maximum_bipartite_matching"])
    add(fam, "tsv", "neighbors", text + "\nWho said they can do Sat AM?", G, "set", sorted(G.neighbors("Sat AM")),
        ["neighbors", "predecessors", "successors"])
    add(fam, "tsv", "degree", text + "\nHow many shifts did Grace tick?", G, "value", G.degree("Grace"), ["degree"])
    refuse(fam, "tsv", "missing_info", text + "\nWho's the most reliable of this lot?", G,
           "reliability is not in the sign-ups")
    avail2 = {"Maeve": ["Fri PM"], "Joel": ["Fri PM"], "Ines": ["Fri PM", "Sun AM"], "Kofi": ["Sun AM"],
              "Rosa": ["Wed PM", "Sun AM"]}
    G2 = nx.Graph()
    G2.add_nodes_from(sorted(avail2))
    G2.add_nodes_from(["Wed PM", "Fri PM", "Sun AM"])
    for p in sorted(avail2):
        for s in avail2[p]:
            G2.add_edge(p, s)
    text2 = "the second site's sheet:\n" + "\n".join(f"- {p}: {' / '.join(avail2[p])}" for p in sorted(avail2)) + "\n"
    add(fam, "list", "maximum_bipartite_matching", text2 +
        "\nOne shift per person, one person per shift. Can I fill Wed PM, Fri PM and Sun AM all at once? How many at most?",
        G2, "matching", matching_size(G2, sorted(avail2)), ["maximum_bipartite_matching"])


def fam_marshals():
    fam = "marshal_radio"
    posts = [f"Post {i}" for i in range(1, 10)]
    E = [("Post 1", "Post 2"), ("Post 1", "Post 3"), ("Post 2", "Post 3"), ("Post 2", "Post 4"), ("Post 3", "Post 4"),
         ("Post 4", "Post 5"), ("Post 5", "Post 6"), ("Post 4", "Post 6"), ("Post 6", "Post 7"), ("Post 7", "Post 8"),
         ("Post 8", "Post 9"), ("Post 9", "Post 6")]
    G = ugraph(E, nodes=posts)
    text = ("Rally stage marshal posts. If two posts are in radio range of each other they can't be on the same channel "
            "or they talk over each other. Range overlaps from the recce:\n\n" +
            "\n".join(f"{u} overlaps {v}" for u, v in E) + "\n")
    add(fam, "relations", "chromatic_number", text + "\nWhat's the fewest channels I need to hand out?", G, "value",
        chromatic(G), ["chromatic_number"], key="chromatic_number")
    add(fam, "relations", "is_bipartite", text + "\nCould I get away with just two channels, alternating?", G, "value",
        nx.is_bipartite(G), ["is_bipartite"], key="bipartite")
    add(fam, "relations", "neighbors", text + "\nWhich posts does Post 4 clash with?", G, "set",
        sorted(G.neighbors("Post 4")), ["neighbors", "predecessors", "successors"])
    deg = dict(G.degree())
    mx = max(deg.values())
    add(fam, "relations", "max_degree", text + "\nWhich post is in range of the most other posts?", G, "set",
        sorted(n for n in G if deg[n] == mx), ["degree_distribution"], key="max_nodes")
    refuse(fam, "relations", "missing_info", text + "\nWhat frequency in MHz should Post 7 use?", G,
           "no frequencies are given")


def fam_mastodon():
    fam = "mastodon_follows"
    E = [("@kat", "@dev"), ("@dev", "@kat"), ("@lin", "@kat"), ("@moss", "@kat"), ("@moss", "@dev"), ("@ash", "@lin"),
         ("@ash", "@kat"), ("@dev", "@ash"), ("@pip", "@moss"), ("@dev", "@lin"), ("@lin", "@juno"), ("@dev", "@juno")]
    G = dgraph(E)
    text = ("exported follows from our little instance (each line: who → who they follow)\n\n" +
            "\n".join(f"{u} → {v}" for u, v in E) + "\n")
    add(fam, "arrows", "predecessors", text + "\nwho follows @kat?", G, "set", sorted(G.predecessors("@kat")), ["predecessors"])
    add(fam, "arrows", "out_degree", text + "\nhow many accounts is @dev following?", G, "value", G.out_degree("@dev"), ["degree"])
    add(fam, "arrows", "in_degree", text + "\nHow many followers has @lin got on here?", G, "value", G.in_degree("@lin"), ["degree"])
    pr = _pagerank_python(G)
    add(fam, "arrows", "pagerank", text + "\nWhat's @kat's PageRank in this follow graph (the usual 0.85 damping)?", G, "value",
        pr["@kat"], ["pagerank"], key="@kat")
    sinks = sorted(n for n in G if G.out_degree(n) == 0)
    add(fam, "arrows", "sinks", text + "\nWhich accounts here don't follow anybody?", G, "set", sinks, ["sources_sinks"], key="sinks")
    refuse(fam, "arrows", "not_graph", text + "\nwhat did @kat post yesterday that got everyone following?", G,
           "posts are not in the export")


def fam_cuttings():
    fam = "houseplant_cuttings"
    E = [("Big Bertha", "Bertha Jr"), ("Big Bertha", "Kitchen Monstera"), ("Bertha Jr", "Mini M"), ("Bertha Jr", "Office One"),
         ("Kitchen Monstera", "Gift for Mum"), ("Mini M", "Tiny Tim"), ("Office One", "Swap Cutting")]
    G = dgraph(E)
    text = ("My monstera family tree lol. Every cutting I've taken, mother plant first:\n" +
            "\n".join(f"{v} was cut from {u}" for u, v in E) + "\n")
    add(fam, "prose_lines", "is_tree", text + "\nSo is this a proper tree, everything going back to one plant with no plant "
        "coming from two mothers?", G, "value", nx.is_arborescence(G), ["is_tree"], key="tree")
    path_item(fam, "prose_lines", text + "\nHow many generations is Tiny Tim from Big Bertha?", G, "Big Bertha", "Tiny Tim",
              weighted=False)
    path_item(fam, "prose_lines", text + "\nDoes Swap Cutting go back to Kitchen Monstera at all?", G, "Kitchen Monstera",
              "Swap Cutting", weighted=False)
    sinks = sorted(n for n in G if G.out_degree(n) == 0)
    add(fam, "prose_lines", "sinks", text + "\nWhich ones haven't had any cuttings taken from them yet?", G, "set", sinks,
        ["sources_sinks"], key="sinks")
    refuse(fam, "prose_lines", "not_graph", text + "\nHow often should I water Tiny Tim?", G, "care advice, not in the text")


def fam_crafting():
    fam = "crafting_tree"
    E = [("Copper Ore", "Copper Ingot"), ("Copper Ingot", "Copper Wire"), ("Iron Ore", "Iron Ingot"),
         ("Iron Ingot", "Steel"), ("Coal", "Steel"), ("Copper Wire", "Circuit Board"), ("Iron Ingot", "Circuit Board"),
         ("Steel", "Steel Sword"), ("Wood", "Stick"), ("Stick", "Steel Sword"), ("Circuit Board", "Robot Arm"),
         ("Steel", "Robot Arm"), ("Wood", "Workbench")]
    G = dgraph(E)
    recipes = {}
    for u, v in E:
        recipes.setdefault(v, []).append(u)
    text = ("Crafting notes for the survival game (wiki was down so I wrote it out):\n" +
            "\n".join(f"{p} = " + " + ".join(recipes[p]) for p in recipes) + "\n")
    add(fam, "recipes", "topological_sort", text + "\nCan you put every item in those notes (raw stuff like ore and wood included) into one list, in an order "
        "where nothing comes before the things it's made from?", G, "order", None, ["topological_sort"])
    add(fam, "recipes", "dag", text + "\nAre there any circular recipes in there, where something ends up needing itself?",
        G, "dag", nx.is_directed_acyclic_graph(G), ["topological_sort"], neg_tools=["cycle_check"])
    add(fam, "recipes", "predecessors", text + "\nWhat goes straight into a Robot Arm?", G, "set",
        sorted(G.predecessors("Robot Arm")), ["predecessors"])
    path_item(fam, "recipes", text + "\nDoes Copper Ore end up in the Robot Arm somewhere down the line? How many crafting steps?",
              G, "Copper Ore", "Robot Arm", weighted=False)
    path_item(fam, "recipes", text + "\nCan Wood end up in a Circuit Board somehow?", G, "Wood", "Circuit Board", weighted=False)
    refuse(fam, "recipes", "not_graph", text + "\nHow much gold does a Steel Sword sell for at the trader?", G,
           "prices are not in the notes")


def fam_sewer():
    fam = "sewer_camera"
    E = [("MH1", "MH2"), ("MH2", "MH3"), ("MH3", "MH4"), ("MH4", "MH1"), ("MH2", "MH5"), ("MH5", "MH6"), ("MH6", "MH3"),
         ("MH4", "MH7")]
    G = ugraph(E)
    text = ("Survey sheet, pipe runs between manholes (the crawler can go either way down a pipe):\n"
            "RUN  FROM  TO   DIA(mm)\n" + "\n".join(f"R{i + 1:02d}  {u}   {v}  225" for i, (u, v) in enumerate(E)) + "\n")
    add(fam, "survey_table", "euler_path", text + "\nCan the camera crawler do every pipe run exactly once in one go, "
        "without re-running any pipe? It can start and finish at any manhole.", G, "value", nx.has_eulerian_path(G),
        ["euler_path"], key="exists")
    add(fam, "survey_table", "edge_count", text + "\nHow many runs are on the sheet?", G, "value", G.number_of_edges(),
        ["edge_count", "size"])
    add(fam, "survey_table", "degree", text + "\nHow many pipes meet at MH3?", G, "value", G.degree("MH3"), ["degree"])
    E2 = [("MH10", "MH11"), ("MH11", "MH12"), ("MH12", "MH13"), ("MH13", "MH10"), ("MH11", "MH14"), ("MH14", "MH12")]
    G2 = ugraph(E2)
    text2 = ("Second street, same job:\n" + "\n".join(f"{u} - {v}" for u, v in E2) + "\n")
    add(fam, "dashes", "euler_circuit", text2 + "\nThe van is parked at MH10. Can the crawler cover every pipe once and come "
        "back out at MH10?", G2, "value", nx.is_eulerian(G2), ["euler_circuit", "euler_path"], key="circuit")
    refuse(fam, "survey_table", "missing_info", text + "\nHow deep is MH4?", G, "depths are not on the sheet")


def fam_postie():
    fam = "postie_round"
    E = [("Sorting Office", "Elm St/High St", 120), ("Elm St/High St", "Church Rd/High St", 200),
         ("Church Rd/High St", "Church Rd/Mill Ln", 150), ("Church Rd/Mill Ln", "Elm St/Mill Ln", 180),
         ("Elm St/Mill Ln", "Elm St/High St", 160), ("Elm St/Mill Ln", "Sorting Office", 140)]
    G = ugraph(E)
    text = ("my walk, streets between junctions with metres (pedometer-ish):\n" +
            "\n".join(f"{u} to {v}, {w}m" for u, v, w in E) + "\n")
    add(fam, "prose_lines", "euler_circuit", text + "\nCan I walk down every one of these streets exactly once and end up "
        "back at the Sorting Office?", G, "value", nx.is_eulerian(G), ["euler_circuit", "euler_path"], key="circuit")
    add(fam, "prose_lines", "size_weighted", text + "\nhow many metres of street is that altogether?", G, "value",
        num(G.size(weight="weight")), ["size"])
    path_item(fam, "prose_lines", text + "\nShortest walk from the Sorting Office to Church Rd/Mill Ln?", G, "Sorting Office",
              "Church Rd/Mill Ln")
    add(fam, "prose_lines", "degree", text + "\nhow many streets come off Elm St/Mill Ln?", G, "value", G.degree("Elm St/Mill Ln"),
        ["degree"])
    E2 = E + [("Church Rd/High St", "Sorting Office", 210)]
    G2 = ugraph(E2)
    text2 = ("they added Station Approach to my round, which runs Church Rd/High St to Sorting Office, 210m. Full list now:\n" +
             "\n".join(f"{u} to {v}, {w}m" for u, v, w in E2) + "\n")
    refuse(fam, "prose_lines", "no_tool", text2 + "\nIf I have to double back on some streets to get round and home, what's the "
           "least distance I'd walk in total?", G2, "route inspection (Chinese postman): no catalogue tool")


def fam_museum():
    fam = "museum_rooms"
    E = [("Foyer", "Atrium"), ("Atrium", "Egyptian Room"), ("Atrium", "Roman Gallery"), ("Roman Gallery", "Coins"),
         ("Coins", "Egyptian Room"), ("Egyptian Room", "Mummies"), ("Mummies", "Gift Shop"), ("Gift Shop", "Foyer"),
         ("Roman Gallery", "Sculpture Court"), ("Sculpture Court", "Atrium")]
    G = ugraph(E)
    text = ("Doorways on the ground floor (from the fire plan, every doorway works both ways):\n" +
            "\n".join(f"* {u} / {v}" for u, v in E) + "\n")
    add(fam, "bullets", "hamiltonian_path", text + "\nFor the school tours I'd love a route that goes through every room once "
        "and never back into a room they've already seen. Possible? Start and end wherever.", G, "hamilton",
        has_ham_path(G), ["hamiltonian_path"])
    add(fam, "bullets", "hamiltonian_cycle", text + "\nAnd one that starts at the Foyer, sees each room once and comes back to "
        "the Foyer?", G, "value", has_ham_cycle(G), ["hamiltonian_cycle", "travelling_salesman"], key="exists")
    add(fam, "bullets", "degree", text + "\nhow many doorways does the Atrium have?", G, "value", G.degree("Atrium"), ["degree"])
    path_item(fam, "bullets", text + "\nFewest doorways from the Foyer to the Coins room?", G, "Foyer", "Coins", weighted=False)
    add(fam, "bullets", "edge_count", text + "\nHow many doorways is that in total? Each needs a new sign.", G, "value",
        G.number_of_edges(), ["edge_count", "size"])


def fam_trains():
    fam = "factory_game_trains"
    E = [("Iron Mine", "Smelter", 120), ("Smelter", "Main Base", 80), ("Main Base", "Smelter", 90),
         ("Main Base", "Oil Field", 200), ("Oil Field", "Refinery", 60), ("Refinery", "Main Base", 150),
         ("Copper Mine", "Smelter", 140), ("Main Base", "Outpost", 300), ("Smelter", "Refinery", 250)]
    G = dgraph(E)
    text = ("my train network in the factory game, all tracks are one-way (lengths in tiles):\n```\n" +
            "\n".join(f"{u} -> {v}  [{w}]" for u, v, w in E) + "\n```\n")
    path_item(fam, "code_block", text + "\nshortest way by track length from Iron Mine to Refinery?", G, "Iron Mine", "Refinery")
    path_item(fam, "code_block", text + "\nhow does a train get from the Outpost back to the Smelter?", G, "Outpost", "Smelter")
    path_item(fam, "code_block", text + "\nCan a train from the Oil Field reach the Outpost? how many tiles if so", G,
              "Oil Field", "Outpost")
    add(fam, "code_block", "successors", text + "\nWhere can trains go straight to from Main Base?", G, "set",
        sorted(G.successors("Main Base")), ["successors", "neighbors"])
    refuse(fam, "code_block", "missing_info", text + "\nHow much iron ore per minute reaches Main Base?", G,
           "no throughput is given, only track lengths")


def fam_scada():
    fam = "plant_network"
    E = [("SW-CORE", "SW-A"), ("SW-CORE", "SW-B"), ("SW-A", "SW-B"), ("SW-A", "PLC-1"), ("SW-A", "PLC-2"),
         ("SW-B", "HMI-1"), ("SW-B", "SW-C"), ("SW-C", "PLC-3"), ("SW-C", "PLC-4"), ("PLC-3", "PLC-4"), ("SW-C", "HIST")]
    G = ugraph(E, nodes=["SW-CORE", "SW-A", "SW-B", "SW-C", "PLC-1", "PLC-2", "PLC-3", "PLC-4", "HMI-1", "HIST", "ENG-LAPTOP"])
    text = ("Cabling audit, line 2 (patch list, copper + fibre):\n\nport_a;port_b;media\n" +
            "\n".join(f"{u};{v};{'fibre' if 'SW' in u and 'SW' in v else 'cat6'}" for u, v in E) +
            "\n\nENG-LAPTOP is on the bench, not patched in yet.\n")
    add(fam, "semicolon_csv", "articulation_points", text + "\nWhich boxes are single points of failure, i.e. if that one "
        "device dies some other devices lose contact with the rest?", G, "set", sorted(nx.articulation_points(G)),
        ["articulation_points"], key="nodes")
    add(fam, "semicolon_csv", "bridges", text + "\nHow many of these cables, if one got cut, would split the network?", G, "value",
        len(list(nx.bridges(G))), ["bridges"], key="count")
    add(fam, "semicolon_csv", "neighbors", text + "\nWhat's plugged straight into SW-C?", G, "set", sorted(G.neighbors("SW-C")),
        ["neighbors", "predecessors", "successors"])
    add(fam, "semicolon_csv", "is_connected", text + "\nIs everything on line 2 connected together right now?", G, "value",
        nx.is_connected(G), ["is_connected"])
    add(fam, "semicolon_csv", "components", text + "\nHow many separate islands of kit is that?", G, "value",
        nx.number_connected_components(G), ["connected_components"], key="count")


def fam_santa():
    fam = "secret_santa"
    E = [("Nan", "Uncle Ray"), ("Uncle Ray", "Chloe"), ("Chloe", "Nan"), ("Dad", "Mia"), ("Mia", "Auntie Jo"),
         ("Auntie Jo", "Sam"), ("Sam", "Dad")]
    G = dgraph(E)
    text = ("The hat draw for family secret santa (giver buys for receiver):\n" +
            "\n".join(f"{u} buys for {v}" for u, v in E) + "\n")
    add(fam, "relations", "scc_count", text + "\nMum reckons the draw split us into separate little loops rather than one "
        "big chain. How many loops are there?", G, "value", nx.number_strongly_connected_components(G),
        ["strongly_connected_components"], key="count")
    add(fam, "relations", "hamiltonian_cycle", text + "\nDoes the draw make one single circle going through all seven of us?",
        G, "value", has_ham_cycle(G), ["hamiltonian_cycle", "travelling_salesman"], key="exists")
    add(fam, "relations", "predecessors", text + "\nWho got Nan?", G, "set", sorted(G.predecessors("Nan")), ["predecessors"])
    add(fam, "relations", "successors", text + "\nwho is Auntie Jo buying for", G, "set", sorted(G.successors("Auntie Jo")),
        ["successors", "neighbors"])
    refuse(fam, "relations", "missing_info", text + "\nWhat's the spending limit this year?", G, "no budget is given")


def fam_pedigree():
    fam = "horse_pedigree"
    E = [("Storm King", "Bramble"), ("Lady Fern", "Bramble"), ("Storm King", "Jupiter"), ("Mayfly", "Jupiter"),
         ("Bramble", "Willow"), ("Jupiter", "Willow"), ("Jupiter", "Pebble"), ("Old Copper", "Pebble"),
         ("Willow", "Sunny Side")]
    G = dgraph(E)
    par = {}
    for u, v in E:
        par.setdefault(v, []).append(u)
    text = ("Stud book extract (foal: sire x dam)\n" + "\n".join(f"{f}: {' x '.join(par[f])}" for f in par) + "\n")
    add(fam, "record_lines", "predecessors", text + "\nWho are Willow's parents?", G, "set", sorted(G.predecessors("Willow")),
        ["predecessors"])
    path_item(fam, "record_lines", text + "\nIs Sunny Side descended from Storm King? how many generations back?", G,
              "Storm King", "Sunny Side", weighted=False)
    path_item(fam, "record_lines", text + "\nDoes Pebble have Lady Fern anywhere in her line?", G, "Lady Fern", "Pebble",
              weighted=False)
    add(fam, "record_lines", "sources", text + "\nWhich horses in the extract have no parents recorded?", G, "set",
        sorted(n for n in G if G.in_degree(n) == 0), ["sources_sinks"], key="sources")
    refuse(fam, "record_lines", "no_tool", text + "\nWhat is Willow's coefficient of inbreeding?", G,
           "inbreeding coefficient: no catalogue tool")


def fam_breadboard():
    fam = "breadboard_nets"
    E = [("R1.1", "VCC"), ("R1.2", "LED1.A"), ("LED1.K", "GND"), ("C1.1", "VCC"), ("C1.2", "GND"), ("U1.8", "VCC"),
         ("U1.1", "GND"), ("U1.3", "R2.1"), ("R2.2", "LED2.A"), ("LED2.K", "Q1.C"), ("SW1.1", "U1.2"), ("SW1.2", "J1.1")]
    G = ugraph(E)
    text = ("jumpers on my breadboard as wired (each line = one wire between two points):\n" +
            "\n".join(f"{u} -- {v}" for u, v in E) + "\n")
    add(fam, "dashes", "components", text + "\nHow many separate nets does that come to?", G, "value",
        nx.number_connected_components(G), ["connected_components"], key="count")
    comps = [sorted(c) for c in nx.connected_components(G)]
    comps.sort()
    add(fam, "dashes", "partition", text + "\nGroup the points into nets for me please (which points are wired together)",
        G, "partition", comps, ["connected_components"], key="components")
    path_item(fam, "dashes", text + "\nIs C1.2 tied to LED1.K?", G, "C1.2", "LED1.K", weighted=False)
    path_item(fam, "dashes", text + "\nis LED2.K wired through to GND? I think that's why LED2 won't light", G, "LED2.K", "GND",
              weighted=False)
    refuse(fam, "dashes", "missing_info", text + "\nWhat value is R2?", G, "component values are not given")


def fam_obsidian():
    fam = "notes_vault_links"
    E = [("Index", "Projects"), ("Index", "Reading List"), ("Projects", "Garden Plan"), ("Projects", "Kitchen Reno"),
         ("Garden Plan", "Seeds 2024"), ("Kitchen Reno", "Budget"), ("Garden Plan", "Budget"), ("Reading List", "Dune"),
         ("Dune", "Reading List"), ("Daily 03-12", "Kitchen Reno"), ("Daily 03-12", "Dune"), ("Budget", "Projects")]
    G = dgraph(E, nodes=["Index", "Projects", "Reading List", "Garden Plan", "Kitchen Reno", "Seeds 2024", "Budget", "Dune",
                         "Daily 03-12", "Inbox"])
    out = {}
    for u, v in E:
        out.setdefault(u, []).append(v)
    lines = []
    for n in G.nodes:
        links = out.get(n, [])
        lines.append(f"## {n}.md\n" + (" ".join(f"[[{x}]]" for x in links) if links else "(no links)"))
    text = "Dumped the links out of my notes vault (each note and the [[wikilinks]] in it):\n\n" + "\n".join(lines) + "\n"
    add(fam, "wikilinks", "predecessors", text + "\nWhat are the backlinks to Budget, i.e. which notes link to it?", G, "set",
        sorted(G.predecessors("Budget")), ["predecessors"])
    add(fam, "wikilinks", "sources", text + "\nWhich notes have nothing linking to them at all?", G, "set",
        sorted(n for n in G if G.in_degree(n) == 0), ["sources_sinks"], key="sources")
    pr = _pagerank_python(G)
    add(fam, "wikilinks", "pagerank", text + "\nIf I ran PageRank over the vault (damping 0.85), what would Projects score?",
        G, "value", pr["Projects"], ["pagerank"], key="Projects")
    add(fam, "wikilinks", "sinks", text + "\nwhich notes are dead ends (they don't link out anywhere)?", G, "set",
        sorted(n for n in G if G.out_degree(n) == 0), ["sources_sinks"], key="sinks")
    refuse(fam, "wikilinks", "not_graph", text + "\nCan you summarise what my Garden Plan note says?", G,
           "note contents are not in the text")


def fam_dnd():
    fam = "dnd_friends"
    E = [("Ana", "Bo"), ("Ana", "Cy"), ("Ana", "Dee"), ("Bo", "Cy"), ("Bo", "Eli"), ("Cy", "Dee"), ("Dee", "Fen"),
         ("Eli", "Fen"), ("Fen", "Gus"), ("Cy", "Hal"), ("Hal", "Gus")]
    G = ugraph(E)
    nb = {n: sorted(G.neighbors(n)) for n in sorted(G)}
    text = ("Trying to put together a new D&D table from people who already get on. Who knows who (it's mutual):\n" +
            "\n".join(f"{n} knows {', '.join(nb[n])}" for n in sorted(nb)) + "\n")
    add(fam, "adjlist", "common_neighbors", text + "\nWho do Ana and Eli both know?", G, "set",
        sorted(nx.common_neighbors(G, "Ana", "Eli")), ["common_neighbors"])
    j = list(nx.jaccard_coefficient(G, [("Bo", "Dee")]))[0][2]
    add(fam, "adjlist", "jaccard", text + "\nHow much do Bo's and Dee's friend circles overlap, as a Jaccard score?", G,
        "value", j, ["jaccard_coefficient"])
    add(fam, "adjlist", "non_neighbors", text + "\nWho doesn't Gus know yet?", G, "set", sorted(nx.non_neighbors(G, "Gus")),
        ["non_neighbors"])
    add(fam, "adjlist", "triangles_node", text + "\nHow many trios are there that include Cy, where all three know each other?",
        G, "value", nx.triangles(G, "Cy"), ["triangle_count"], key="triangles")
    add(fam, "adjlist", "clustering_node", text + "\nWhat's Ana's clustering coefficient?", G, "value",
        nx.clustering(G, "Ana"), ["clustering_coefficient"])
    refuse(fam, "adjlist", "not_graph", text + "\nWho'd make the best DM?", G, "an opinion, not in the text")


def fam_lunch():
    fam = "office_lunches"
    people = ["Hana", "Ivo", "Jess", "Kai", "Lena", "Marc", "Nia", "Omar", "Pia"]
    pairs = [("Hana", "Ivo"), ("Hana", "Jess"), ("Hana", "Kai"), ("Ivo", "Jess"), ("Ivo", "Kai"), ("Jess", "Kai"),
             ("Kai", "Lena"), ("Lena", "Marc"), ("Marc", "Nia"), ("Jess", "Lena"), ("Omar", "Pia"), ("Nia", "Omar"),
             ("Ivo", "Lena")]
    G = ugraph(pairs, nodes=people)
    text = ("Lunch roulette log, pairs who've had lunch together this quarter:\n" +
            "; ".join(f"{u} & {v}" for u, v in pairs) + ".\n")
    kc = sorted(nx.k_core(G, 3).nodes)
    add(fam, "inline_pairs", "k_core", text + "\nI'd like the biggest group where everyone in it has eaten with at least 3 "
        "others from the same group. Who's in it?", G, "set", kc, ["k_core"], key="nodes")
    add(fam, "inline_pairs", "density", text + "\nWhat fraction of all possible pairs of these nine people have actually "
        "had lunch together?", G, "value", nx.density(G), ["density"])
    add(fam, "inline_pairs", "triangles", text + "\nHow many trios are there where each of the three has lunched with "
        "the other two?", G, "value", sum(nx.triangles(G).values()) // 3, ["triangle_count"], key="triangles")
    add(fam, "inline_pairs", "average_clustering", text + "\nHow cliquey is it on average? I mean the average clustering "
        "coefficient over the nine of us.", G, "value", nx.average_clustering(G), ["clustering_coefficient"])
    add(fam, "inline_pairs", "transitivity", text + "\nwhat's the transitivity of this lunch network?", G, "value",
        nx.transitivity(G), ["transitivity"])


def fam_bus():
    fam = "town_bus"
    E = [("Bus Station", "Market Sq"), ("Market Sq", "Library"), ("Library", "Hospital"), ("Hospital", "Retail Park"),
         ("Bus Station", "Rail Station"), ("Rail Station", "College"), ("College", "Hospital"), ("Market Sq", "Leisure Centre"),
         ("Leisure Centre", "Oak Estate"), ("Retail Park", "Airfield")]
    G = ugraph(E)
    text = ("Town hopper bus, stop to next stop (buses run both ways):\n" +
            "\n".join(f"{u} - {v}" for u, v in E) + "\n")
    add(fam, "dashes", "center", text + "\nWe're moving the depot. Which stop(s) keep the furthest stop as few stops away "
        "as possible?", G, "set", sorted(nx.center(G)), ["center"])
    add(fam, "dashes", "eccentricity", text + "\nFrom the Library, how many stops away is the furthest stop?", G, "value",
        nx.eccentricity(G, "Library"), ["eccentricity"], key="Library")
    add(fam, "dashes", "diameter", text + "\nWhat's the worst case, the most stops between any two stops on the network?",
        G, "value", nx.diameter(G), ["diameter", "max_path_length"])
    add(fam, "dashes", "radius", text + "\nwhat's the radius of this network in stops?", G, "value", nx.radius(G), ["radius"])
    add(fam, "dashes", "avg_path_length", text + "\nOn average how many stops is a journey between two different stops, "
        "taking the fewest stops each time?", G, "value", nx.average_shortest_path_length(G), ["avg_path_length"])
    refuse(fam, "dashes", "missing_info", text + "\nWhen's the last bus from the Airfield on a Sunday?", G,
           "no timetable is given")


def fam_heating():
    fam = "district_heating"
    E = [("Energy Centre", "School", 18), ("Energy Centre", "Pool", 25), ("School", "Pool", 12), ("School", "Flats A", 20),
         ("Pool", "Flats A", 9), ("Pool", "Town Hall", 30), ("Flats A", "Flats B", 6), ("Flats B", "Town Hall", 15),
         ("Town Hall", "Library", 8), ("Flats B", "Library", 21), ("School", "Surgery", 14), ("Surgery", "Library", 40)]
    G = ugraph(E)
    text = ("Feasibility study, possible trench routes for the heat network with estimated cost in £k:\n\n"
            "Route | Cost (£k) | Notes\n" + "\n".join(
                f"{u} - {v} | {w} | {'under the road' if w > 20 else ''}" for u, v, w in E) + "\n")
    T = nx.minimum_spanning_tree(G)
    add(fam, "pipe_table", "minimum_spanning_tree", text + "\nEvery building has to be on the network, but we can't afford "
        "more trench than we need. What's the cheapest total in £k to connect them all?", G, "value",
        num(T.size(weight="weight")), ["minimum_spanning_tree"], key="total_weight")
    add(fam, "pipe_table", "mst_edges", text + "\nIn that cheapest layout, how many trench routes get dug?", G, "value",
        T.number_of_edges(), ["minimum_spanning_tree"], key="num_edges")
    path_item(fam, "pipe_table", text + "\nIf we only did a single pipe run from the Energy Centre to the Library, what's "
              "the cheapest route cost?", G, "Energy Centre", "Library")
    refuse(fam, "pipe_table", "missing_info", text + "\nWhat will the cheapest network cost after next year's inflation?", G,
           "the inflation rate is not given")
    add(fam, "pipe_table", "node_count", text + "\nHow many buildings (counting the energy centre) are in the study?", G,
        "value", G.number_of_nodes(), ["node_count", "order"])


def fam_brewery():
    fam = "brewery_hoses"
    E = [("Mash Tun", "Kettle", 60), ("Mash Tun", "Hot Liquor Tank", 20), ("Hot Liquor Tank", "Kettle", 30),
         ("Kettle", "Whirlpool", 70), ("Whirlpool", "FV1", 40), ("Whirlpool", "FV2", 25), ("FV1", "Bright Tank", 35),
         ("FV2", "Bright Tank", 35), ("Bright Tank", "Canning Line", 50), ("FV2", "Canning Line", 10)]
    G = dgraph(E)
    text = ("Hose/pump rig for brew day, direction of flow and max litres per minute for each hose:\n" +
            "\n".join(f"{u} => {v} @ {w} L/min" for u, v, w in E) + "\n")
    add(fam, "arrows", "maximum_flow", text + "\nWhat's the most litres per minute I can get from the Kettle all the way to the "
        "Canning Line?", G, "value", maxflow(G, "Kettle", "Canning Line"), ["maximum_flow"], key="value",
        source="Kettle", target="Canning Line")
    add(fam, "arrows", "maximum_flow", text + "\nand from the Mash Tun to the Whirlpool, max L/min?", G, "value",
        maxflow(G, "Mash Tun", "Whirlpool"), ["maximum_flow"], key="value", source="Mash Tun", target="Whirlpool")
    add(fam, "arrows", "successors", text + "\nWhere can the Whirlpool pump out to?", G, "set",
        sorted(G.successors("Whirlpool")), ["successors", "neighbors"])


def fam_rumour():
    fam = "office_rumour"
    E = [("Bev", "Carl"), ("Bev", "Dana"), ("Carl", "Ed"), ("Dana", "Ed"), ("Ed", "Fay"), ("Fay", "Gio"), ("Dana", "Hugo"),
         ("Hugo", "Gio"), ("Gio", "The Boss")]
    G = dgraph(E)
    text = ("ok so piecing together how the redundancy rumour got round. From the Teams chats:\n" +
            "\n".join(f"- {u} told {v}" for u, v in E) + "\nBev started it (obviously).\n")
    path_item(fam, "bullets", text + "\nWhat's the fewest retellings it took to get from Bev to The Boss?", G, "Bev", "The Boss",
              weighted=False)
    add(fam, "bullets", "predecessors", text + "\nWho told Gio?", G, "set", sorted(G.predecessors("Gio")), ["predecessors"])
    add(fam, "bullets", "sinks", text + "\nwho heard it but kept it to themselves?", G, "set",
        sorted(n for n in G if G.out_degree(n) == 0), ["sources_sinks"], key="sinks")
    path_item(fam, "bullets", text + "\nCould it have got back to Bev from Hugo through these chats?", G, "Hugo", "Bev",
              weighted=False)
    refuse(fam, "bullets", "not_graph", text + "\nIs the rumour actually true though?", G, "not in the chats")


def fam_ward():
    fam = "ward_contacts"
    E = [("Bed 1", "Bed 2"), ("Bed 2", "Bed 3"), ("Bed 1", "Bed 3"), ("Bed 3", "Bed 4"), ("Bed 4", "Bed 5"),
         ("Bed 6", "Bed 7"), ("Bed 7", "Bed 8"), ("Bed 5", "Bed 9"), ("Bed 9", "Bed 4")]
    G = ugraph(E, nodes=[f"Bed {i}" for i in range(1, 11)])
    text = ("IPC contact list for Ward 12 (patients who shared a bay or bathroom, last 7 days):\n" +
            "\n".join(f"{u}, {v}" for u, v in E) + "\nBed 10 was in a side room the whole week.\n")
    add(fam, "pairs", "components", text + "\nHow many separate contact clusters are there (counting anyone on their own)?",
        G, "value", nx.number_connected_components(G), ["connected_components"], key="count")
    add(fam, "pairs", "degree", text + "\nHow many direct contacts has Bed 4 had?", G, "value", G.degree("Bed 4"), ["degree"])
    add(fam, "pairs", "betweenness", text + "\nWhat's Bed 4's betweenness centrality in this contact network?", G, "value",
        nx.betweenness_centrality(G)["Bed 4"], ["betweenness_centrality"], key="Bed 4")
    add(fam, "pairs", "closeness", text + "\nand Bed 3's closeness centrality?", G, "value", nx.closeness_centrality(G)["Bed 3"],
        ["closeness_centrality"], key="Bed 3")
    add(fam, "pairs", "triangles", text + "\nHow many triangles of contact are there in total?", G, "value",
        sum(nx.triangles(G).values()) // 3, ["triangle_count"], key="triangles")
    refuse(fam, "pairs", "not_graph", text + "\nWhich of them has norovirus?", G, "diagnoses are not in the list")


def fam_dungeon():
    fam = "dungeon_map"
    E = [("Entrance", "Guard Room"), ("Guard Room", "Armoury"), ("Guard Room", "Long Hall"), ("Long Hall", "Crypt"),
         ("Long Hall", "Well Room"), ("Well Room", "Shrine"), ("Crypt", "Shrine"), ("Shrine", "Dragon Lair"),
         ("Well Room", "Cells")]
    G = ugraph(E)
    text = ("Session prep!! Map for Saturday, rooms and which ones have a passage between them:\n" +
            "\n".join(f"{u} <--> {v}" for u, v in E) + "\n")
    deg1 = sorted(n for n in G if G.degree(n) == 1)
    add(fam, "arrows_both", "dead_ends", text + "\nWhich rooms are dead ends (only one way in or out)?", G, "set", deg1,
        ["degree_distribution"], key="with_degree")
    path_item(fam, "arrows_both", text + "\nFewest passages from the Entrance to the Dragon Lair?", G, "Entrance", "Dragon Lair",
              weighted=False)
    add(fam, "arrows_both", "cycle", text + "\nIs there a loop anywhere, so the party could get round behind the monsters?",
        G, "value", bool(nx.cycle_basis(G)), ["cycle_check"])
    add(fam, "arrows_both", "node_count", text + "\nhow many rooms is that?", G, "value", G.number_of_nodes(),
        ["node_count", "order"])


def fam_likes():
    fam = "dating_app_likes"
    E = [("Zoe", "Liam"), ("Liam", "Zoe"), ("Ava", "Liam"), ("Noah", "Ava"), ("Ava", "Noah"), ("Mia", "Liam"),
         ("Liam", "Ella"), ("Ella", "Noah"), ("Mia", "Noah"), ("Zoe", "Noah")]
    G = dgraph(E)
    text = ("Running the speed-dating night app. Export of who swiped yes on who:\n"
            "liker,liked\n" + "\n".join(f"{u},{v}" for u, v in E) + "\n")
    add(fam, "csv", "edge_exists", text + "\nDid Ella say yes to Liam?", G, "value", G.has_edge("Ella", "Liam"), ["edge_exists"],
        source="Ella", target="Liam")
    add(fam, "csv", "in_degree", text + "\nHow many yeses did Noah get?", G, "value", G.in_degree("Noah"), ["degree"])
    ind = dict(G.in_degree())
    mx = max(ind.values())
    add(fam, "csv", "max_in_degree", text + "\nWho got the most yeses?", G, "set", sorted(n for n in G if ind[n] == mx),
        ["degree_distribution"], key="max_nodes")
    add(fam, "csv", "successors", text + "\nWho did Mia say yes to?", G, "set", sorted(G.successors("Mia")),
        ["successors", "neighbors"])
    refuse(fam, "csv", "not_graph", text + "\nWill Zoe and Liam actually hit it off?", G, "a prediction about people")


def fam_cleaner():
    fam = "cleaner_round"
    flats = ["Home", "Flat 2B", "Harbour View", "The Loft", "Mill Cottage"]
    D = {("Home", "Flat 2B"): 12, ("Home", "Harbour View"): 20, ("Home", "The Loft"): 9, ("Home", "Mill Cottage"): 25,
         ("Flat 2B", "Harbour View"): 10, ("Flat 2B", "The Loft"): 14, ("Flat 2B", "Mill Cottage"): 18,
         ("Harbour View", "The Loft"): 22, ("Harbour View", "Mill Cottage"): 11, ("The Loft", "Mill Cottage"): 16}
    G = ugraph([(u, v, w) for (u, v), w in D.items()], nodes=flats)
    text = ("Changeover Saturday. Driving minutes between my holiday lets (and home):\n" +
            "\n".join(f"{u} <> {v}: {w} mins" for (u, v), w in D.items()) + "\n")
    add(fam, "prose_lines", "travelling_salesman", text + "\nI need to do all four lets and get back home. What's the "
        "shortest round in minutes?", G, "value", num(tsp_cost(G, "Home")), ["travelling_salesman"], key="cost")
    path_item(fam, "prose_lines", text + "\nQuickest from The Loft to Harbour View, minutes?", G, "The Loft", "Harbour View")
    refuse(fam, "prose_lines", "missing_info", text + "\nHow long does it take me to clean Mill Cottage?", G,
           "cleaning times are not given")
    refuse(fam, "prose_lines", "no_tool", text + "\nIf a guest at Flat 2B checks out late, how should I reshuffle the rest "
           "of the day?", G, "scheduling with time windows: nothing in the text says when anything happens")


def fam_distros():
    fam = "distro_lineage"
    E = [("Debian", "Ubuntu"), ("Debian", "Raspberry Pi OS"), ("Ubuntu", "Linux Mint"), ("Ubuntu", "Pop OS"),
         ("Ubuntu", "elementary OS"), ("Debian", "MX Linux"), ("Arch", "Manjaro"), ("Arch", "EndeavourOS")]
    G = dgraph(E)
    text = ("From my lecture slides, 'based on' relationships:\n" +
            "\n".join(f"{v} is based on {u}" for u, v in E) + "\n")
    add(fam, "prose_lines", "predecessors", text + "\nWhat is Linux Mint based on directly?", G, "set",
        sorted(G.predecessors("Linux Mint")), ["predecessors"])
    path_item(fam, "prose_lines", text + "\nDoes Pop OS ultimately come from Debian?", G, "Debian", "Pop OS", weighted=False)
    path_item(fam, "prose_lines", text + "\nIs Manjaro descended from Debian in any way?", G, "Debian", "Manjaro", weighted=False)
    add(fam, "prose_lines", "is_tree", text + "\nDoes all of this form one single family tree?", G, "value",
        nx.is_tree(G.to_undirected()), ["is_tree"], key="tree")
    add(fam, "prose_lines", "components", text + "\nHow many separate families of distros are on the slide?", G, "value",
        nx.number_weakly_connected_components(G), ["connected_components"], key="count")
    refuse(fam, "prose_lines", "not_graph", text + "\nWhich one's best for gaming?", G, "an opinion, not in the slide")


def fam_tutoring():
    fam = "tutoring_pairs"
    can = {"Mr Osei": ["Maths", "Physics"], "Ms Hart": ["English"], "Dr Lund": ["Chemistry", "Physics", "Biology"],
           "Mrs Khan": ["Maths"]}
    need = {"Ellie": ["Maths"], "Ravi": ["Physics", "Maths"], "Tomas": ["Maths"], "June": ["Chemistry"], "Ola": ["English"]}
    G = nx.Graph()
    G.add_nodes_from(sorted(can))
    G.add_nodes_from(sorted(need))
    for t in sorted(can):
        for s in sorted(need):
            if set(can[t]) & set(need[s]):
                G.add_edge(t, s)
    text = ("Tutor agency, this term. I've gone through who could teach whom (the tutor teaches a subject the student "
            "needs):\n" +
            "\n".join(f"  {t} ({'/'.join(can[t])}) could take: {', '.join(sorted(G.neighbors(t)))}" for t in sorted(can)) +
            "\nStudents: " + ", ".join(f"{s} ({'/'.join(need[s])})" for s in sorted(need)) +
            "\nA tutor can only take one student in the Tuesday slot, and each student only needs one tutor.\n")
    add(fam, "two_lists", "maximum_bipartite_matching", text + "\nHow many students can get a Tuesday tutor at most?", G,
        "matching", matching_size(G, sorted(can)), ["maximum_bipartite_matching"])
    add(fam, "two_lists", "neighbors", text + "\nWhich students could Mr Osei take?", G, "set", sorted(G.neighbors("Mr Osei")),
        ["neighbors", "predecessors", "successors"])
    add(fam, "two_lists", "degree", text + "\nHow many tutors could Ravi go to?", G, "value", G.degree("Ravi"), ["degree"])
    refuse(fam, "two_lists", "missing_info", text + "\nWhat's Dr Lund's hourly rate?", G, "rates are not given")


def fam_offtopic():
    fam = "missing_or_unusable"
    refuse(fam, "none", "missing_graph", "Here's the wiring diagram for the shed, which socket is on a dead end circuit? "
           "(screenshot attached)", None, "the diagram is an attachment that is not in the text")
    refuse(fam, "none", "missing_graph", "What's the shortest route between the two warehouses in our network? Ask me if "
           "you need anything.", None, "no network is given")
    refuse(fam, "none", "not_graph", "My sister and I can't agree: is a tomato a fruit or a vegetable?", None,
           "not a graph question")
    G = ugraph([("Kim", "Lou"), ("Lou", "Max"), ("Max", "Kim"), ("Max", "Ned")])
    refuse(fam, "pairs", "node_absent", "Climbing wall partners this month: Kim-Lou, Lou-Max, Max-Kim, Max-Ned.\n"
           "Who has Orla climbed with?", G, "Orla is not in the list")
    G2 = ugraph([("A", "B"), ("B", "C"), ("C", "D")])
    refuse(fam, "pairs", "ambiguous", "Two versions of the bell rope rota, not sure which is current:\n"
           "v1: A-B, B-C, C-D\nv2: A-C, B-D, D-A\nHow many ringers does C swap with?", G2,
           "two conflicting graphs, the question does not say which one")
    G3 = ugraph([("Quay", "Square"), ("Square", "Station"), ("Station", "Hospital")])
    refuse(fam, "dashes", "missing_info", "The little shuttle bus goes Quay - Square - Station - Hospital and back.\n"
           "How many minutes does it take from the Quay to the Hospital?", G3,
           "no times are given, only the order of the stops")


FAMILIES = [fam_porter, fam_bandtour, fam_interloan, fam_volunteers, fam_marshals, fam_mastodon, fam_cuttings,
            fam_crafting, fam_sewer, fam_postie, fam_museum, fam_trains, fam_scada, fam_santa, fam_pedigree,
            fam_breadboard, fam_obsidian, fam_dnd, fam_lunch, fam_bus, fam_heating, fam_brewery, fam_rumour,
            fam_ward, fam_dungeon, fam_likes, fam_cleaner, fam_distros, fam_tutoring, fam_offtopic]


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for f in FAMILIES:
        f()
    with open(os.path.join(out_dir, "batch14.jsonl"), "w") as fh:
        for i, it in enumerate(ITEMS, 1):
            rec = {"id": f"w{i:03d}"}
            rec.update(it)
            fh.write(json.dumps(rec, ensure_ascii=False, sort_keys=False) + "\n")


if __name__ == "__main__":
    main()
