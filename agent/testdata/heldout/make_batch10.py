#!/usr/bin/env python3
"""Held-out batch 10 for graphagent, written blind to the other batches.

Run as: PYTHONHASHSEED=1 python3 make_batch10.py OUTDIR   (writes OUTDIR/batch10.jsonl)

Each item is a person in a situation pasting the data they really have
(an e-mail, a chat message, a spreadsheet copy, a wiki table, YAML, code,
a voice note...) and asking a question about it. Every graph is drawn with
random.Random(seed), rendered into the question from its edge list, and the
gold answer is computed by NetworkX from that same edge list. About a fifth
of the items must be refused (check "refuse"): opinions, missing data,
nodes that are not in the data, two graphs and no saying which, measures
no tool computes.
"""

import itertools
import json
import os
import random
import sys

import networkx as nx

ITEMS = []


def build(nodes, E, directed):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(nodes)
    for e in E:
        if len(e) == 3:
            G.add_edge(e[0], e[1], weight=e[2])
        else:
            G.add_edge(e[0], e[1])
    return G


def add(family, task, question, notation, check, answer, nodes, E, directed, weighted,
        key="", tools=(), source="", target="", also=None, why="", if_answered=None, neg_tools=None):
    it = {
        "family": family,
        "task": task,
        "question": question,
        "notation": notation,
        "check": check,
        "answer": answer,
        "key": key,
        "tools": list(tools),
        "directed": directed,
        "weighted": weighted,
        "nodes": list(nodes),
        "edges": [list(e) for e in E],
        "source": source,
        "target": target,
        "refuse": check == "refuse",
        "why": why,
    }
    if also:
        it["also"] = also
    if if_answered is not None:
        it["if_answered"] = if_answered
    if neg_tools:
        it["neg_tools"] = list(neg_tools)
    ITEMS.append(it)


def refuse(family, task, question, notation, why, nodes=(), E=(), directed=False, weighted=False, if_answered=None):
    add(family, task, question, notation, "refuse", None, nodes, E, directed, weighted, why=why, if_answered=if_answered)


# ---------------------------------------------------------------- graph draws

def tree_edges(rng, nodes):
    """A random spanning tree over nodes (in a shuffled order), edges parent->child."""
    order = nodes[:]
    rng.shuffle(order)
    E = []
    for i in range(1, len(order)):
        E.append((order[rng.randrange(i)], order[i]))
    return E, order


def connected(rng, nodes, extra, directed=False, dag=False):
    """Connected (weakly, if directed) simple graph: a spanning tree plus extra edges."""
    E, order = tree_edges(rng, nodes)
    have = set(frozenset(e) for e in E)
    pos = {n: i for i, n in enumerate(order)}
    tries = 0
    while extra > 0 and tries < 5000:
        tries += 1
        u, v = rng.sample(nodes, 2)
        if frozenset((u, v)) in have:
            continue
        if dag and pos[u] > pos[v]:
            u, v = v, u
        have.add(frozenset((u, v)))
        E.append((u, v))
        extra -= 1
    if directed and not dag:
        E = [(u, v) if rng.random() < 0.5 else (v, u) for u, v in E]
    rng.shuffle(E)
    return E


def weigh(rng, E, lo, hi):
    return [(u, v, rng.randint(lo, hi)) for u, v in E]


def split_graph(rng, groups, extra_each, directed=False):
    E = []
    for g in groups:
        if len(g) >= 2:
            E += connected(rng, g, extra_each, directed)
    rng.shuffle(E)
    return E


def sorted_list(xs):
    return sorted(xs)


def comps(G):
    if G.is_directed():
        cs = nx.weakly_connected_components(G)
    else:
        cs = nx.connected_components(G)
    return sorted(sorted(c) for c in cs)


def pick_pair(rng, G, reachable=True, min_hops=2):
    nodes = list(G.nodes())
    cands = []
    for u in nodes:
        for v in nodes:
            if u == v:
                continue
            r = nx.has_path(G, u, v)
            if reachable and r and nx.shortest_path_length(G, u, v) >= min_hops:
                cands.append((u, v))
            if not reachable and not r:
                cands.append((u, v))
    return rng.choice(cands)


def chromatic(G):
    nodes = sorted(G.nodes(), key=lambda n: -G.degree(n))
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


def tsp_cost(G):
    nodes = list(G.nodes())
    first = nodes[0]
    best = None
    for perm in itertools.permutations(nodes[1:]):
        tour = [first] + list(perm) + [first]
        if all(G.has_edge(tour[i], tour[i + 1]) for i in range(len(tour) - 1)):
            c = sum(G[tour[i]][tour[i + 1]]["weight"] for i in range(len(tour) - 1))
            if best is None or c < best:
                best = c
    return best


def ham_path_exists(G):
    nodes = list(G.nodes())
    n = len(nodes)

    def ext(path, seen):
        if len(path) == n:
            return True
        for m in G.neighbors(path[-1]):
            if m not in seen:
                seen.add(m)
                path.append(m)
                if ext(path, seen):
                    return True
                path.pop()
                seen.discard(m)
        return False
    return any(ext([s], {s}) for s in nodes)


def ham_cycle_exists(G):
    nodes = list(G.nodes())
    n = len(nodes)
    s = nodes[0]

    def ext(path, seen):
        if len(path) == n:
            return G.has_edge(path[-1], s)
        for m in G.neighbors(path[-1]):
            if m not in seen:
                seen.add(m)
                path.append(m)
                if ext(path, seen):
                    return True
                path.pop()
                seen.discard(m)
        return False
    return n >= 3 and ext([s], {s})


def fmtw(w):
    return str(w)


def nums(xs):
    return ", ".join(xs[:-1]) + " and " + xs[-1] if len(xs) > 1 else xs[0]


# ------------------------------------------------------------ 1 beekeepers

APIARIES = ["Hollow Farm", "Mill Lane", "Church Meadow", "Quarry Top", "Beck Cottage", "Orchard End",
            "Fenwick", "Rookery", "Glebe Field", "Windy Ridge", "Station Yard", "Long Acre", "Top Lodge"]


def bee_email(E):
    lines = "\n".join(f"{u} – {v}: {w} km" for u, v, w in E)
    return ("Hi all,\n\nFollowing Saturday's meeting, here are the road distances between our apiaries that Dave "
            "measured with his trip counter (each one is the same both ways):\n\n" + lines +
            "\n\nThanks, Maureen (co-op secretary)")


def bee_tsv(E):
    rows = "\n".join(f"{u}\t{v}\t{w}" for u, v, w in E)
    return "Apiary A\tApiary B\tRoad km\n" + rows


def fam_beekeepers(rng):
    F = "beekeeping co-op passing round the shared honey extractor"
    for k in range(3):
        nodes = rng.sample(APIARIES, rng.randint(8, 12))
        E = weigh(rng, connected(rng, nodes, rng.randint(3, 6)), 2, 14)
        G = build(nodes, E, False)
        s, t = pick_pair(rng, G, True, 2)
        d = nx.dijkstra_path_length(G, s, t)
        if k == 0:
            q = (bee_email(E) + f"\n\n---\nThe extractor is at {s} at the moment and {t} needs it next weekend. "
                 "What's the shortest drive in km, and which way should whoever fetches it go?")
            note = "email"
        elif k == 1:
            q = (f"quick q for the bee group - whats the shortest way by road from {s} to {t}? km please, "
                 "copied the distance sheet below\n\n" + bee_tsv(E))
            note = "tsv"
        else:
            q = (f"Pasting Dave's list again because I lost track. If I drive the extractor from {t} back to {s}, "
                 "how many km is the shortest route?\n\n" + "\n".join(f"- {u} to {v}, {w}km" for u, v, w in E))
            s, t = t, s
            note = "bullets"
        add(F, "shortest_path", q, note, "path", d, nodes, E, False, True, key="length",
            tools=["shortest_path", "shortest_path_length"], source=s, target=t)

    nodes = rng.sample(APIARIES, 10)
    E = weigh(rng, connected(rng, nodes, 6), 2, 15)
    G = build(nodes, E, False)
    mst = nx.minimum_spanning_tree(G).size(weight="weight")
    add(F, "mst", bee_email(E) + "\n\nP.S. Proposal for the AGM: we agree a fixed set of these road legs for passing kit "
        "around, just enough that every apiary can be reached from every other one, and choose them so the total "
        "km of road in the set is as small as possible. What would that total be?",
        "email", "value", mst, nodes, E, False, True, key="total_weight", tools=["minimum_spanning_tree"])

    nodes = rng.sample(APIARIES, 5)
    E = weigh(rng, connected(rng, nodes, 2), 2, 12)
    G = build(nodes, E, False)
    x = max(nodes, key=lambda n: (G.degree(n), n))
    add(F, "neighbors", bee_tsv(E) + f"\n\nWhich apiaries on this sheet have a direct road listed to {x}?",
        "tsv", "set", sorted(G.neighbors(x)), nodes, E, False, True, tools=["neighbors"])

    nodes = rng.sample(APIARIES, 11)
    E = weigh(rng, connected(rng, nodes, 3), 2, 12)
    add(F, "node_count", bee_email(E) + "\n\nHow many different apiaries are mentioned in Dave's list? I want to order "
        "enough jars for one box each.", "email", "value", len(nodes), nodes, E, False, True,
        tools=["node_count", "order"])

    nodes = rng.sample(APIARIES, 8)
    E = weigh(rng, connected(rng, nodes, 3), 2, 12)
    refuse(F, "opinion", bee_email(E) + "\n\nBetween us, which of these apiaries has the calmest bees? I'd like to "
           "send the new member there first.", "email", "temperament of bees is not in the data", nodes, E, False, True)
    s, t = pick_pair(rng, build(nodes, E, False), True, 2)
    refuse(F, "missing_time", bee_tsv(E) + f"\n\nHow many minutes will it take me to drive from {s} to {t}? "
           "I need to be back before the bees get grumpy.", "tsv",
           "only road km are given, no speeds or driving times", nodes, E, False, True)


# ------------------------------------------------------------ 2 theatre understudies

ACTORS = ["Priya", "Tomasz", "Hannah", "Kwame", "Lucille", "Ravi", "Siobhan", "Ezra", "Marguerite", "Dev", "Imogen"]
ROLES = ["Macbeth", "Lady Macbeth", "Banquo", "Macduff", "Duncan", "Malcolm", "First Witch", "Second Witch",
         "Porter", "Ross", "Lennox"]


def understudy_graph(rng, na, nr, p):
    actors = rng.sample(ACTORS, na)
    roles = rng.sample(ROLES, nr)
    E = []
    for a in actors:
        can = [r for r in roles if rng.random() < p]
        if not can:
            can = [rng.choice(roles)]
        for r in can:
            E.append((a, r))
    for r in roles:
        if not any(e[1] == r for e in E):
            E.append((rng.choice(actors), r))
    return actors, roles, E


def understudy_md(actors, E):
    rows = []
    for a in actors:
        rs = [r for x, r in E if x == a]
        rows.append(f"| {a} | {', '.join(rs)} |")
    return "| Cast member | Lines learned well enough to cover |\n|---|---|\n" + "\n".join(rows)


def fam_theatre(rng):
    F = "community theatre stage manager planning understudy cover"
    for k in range(2):
        actors, roles, E = understudy_graph(rng, rng.randint(6, 8), rng.randint(6, 8), 0.3)
        nodes = actors + roles
        G = build(nodes, E, False)
        m = len(nx.bipartite.maximum_matching(G, top_nodes=actors)) // 2
        if k == 0:
            q = ("Our Macbeth opens in three weeks and flu is going round. From the rehearsal notes, this is who "
                 "could step into which part:\n\n" + understudy_md(actors, E) +
                 "\n\nEach cast member can only cover one part on a given night. What's the largest number of parts "
                 "we could have covered at the same time?")
            note = "markdown_table"
        else:
            q = ("Notes from the stage manager's book, cover list:\n" +
                 "\n".join(f"{a} could go on as {r}" for a, r in E) +
                 "\n\nIf we pair each part with a different person (nobody covers two parts at once), how many parts "
                 "can be covered at most, and who covers what?")
            note = "sentences"
        add(F, "matching", q, note, "matching", m, nodes, E, False, False, tools=["maximum_bipartite_matching"])

    actors, roles, E = understudy_graph(rng, 7, 7, 0.35)
    nodes = actors + roles
    G = build(nodes, E, False)
    a = max(actors, key=lambda n: (G.degree(n), n))
    add(F, "neighbors", understudy_md(actors, E) + f"\n\nWhich parts could {a} cover?", "markdown_table", "set",
        sorted(G.neighbors(a)), nodes, E, False, False, tools=["neighbors"])
    pairs = [(r1, r2) for r1, r2 in itertools.combinations(roles, 2) if len(list(nx.common_neighbors(G, r1, r2))) >= 1]
    r1, r2 = rng.choice(pairs)
    add(F, "common_neighbors", understudy_md(actors, E) +
        f"\n\nI need someone who knows both {r1} and {r2} in case we have to double them up. Who on the list could cover both?",
        "markdown_table", "set", sorted(nx.common_neighbors(G, r1, r2)), nodes, E, False, False,
        tools=["common_neighbors"])
    r = max(roles, key=lambda n: (G.degree(n), n))
    add(F, "degree", understudy_md(actors, E) + f"\n\nHow many cast members could go on as {r}?", "markdown_table",
        "value", G.degree(r), nodes, E, False, False, tools=["degree"])
    refuse(F, "opinion", understudy_md(actors, E) + "\n\nHonestly, who would make the most convincing Lady Macbeth?",
           "markdown_table", "asks for an artistic judgement", nodes, E)


# ------------------------------------------------------------ 3 caving survey

CAVE = ["Entrance", "Boulder Choke", "Sump 1", "Sump 2", "Main Chamber", "Pendant Aven", "Mud Crawl", "Rift",
        "Great Hall", "Flood Bypass", "Cascade", "Dry Oxbow", "Far Chamber", "Duck", "Traverse", "Calcite Grotto",
        "Windy Pot", "Bone Cave"]


def fam_caving(rng):
    F = "caving club writing up a survey of passages"
    nodes = rng.sample(CAVE, 12)
    if "Entrance" not in nodes:
        nodes[0] = "Entrance"
    E = weigh(rng, connected(rng, nodes, 4), 5, 120)
    G = build(nodes, E, False)
    t = max(nodes, key=lambda n: (nx.dijkstra_path_length(G, "Entrance", n), n))
    add(F, "shortest_path", "From\tTo\tMetres\n" + "\n".join(f"{u}\t{v}\t{w}" for u, v, w in E) +
        f"\n\nThat's our survey so far. What's the shortest distance in metres from the Entrance to {t}, and "
        "which stations would we pass?", "tsv", "path", nx.dijkstra_path_length(G, "Entrance", t), nodes, E, False, True,
        key="length", tools=["shortest_path", "shortest_path_length"], source="Entrance", target=t)

    nodes = rng.sample(CAVE, 14)
    E = connected(rng, nodes, 3)
    G = build(nodes, E, False)
    ap = sorted(nx.articulation_points(G))
    add(F, "articulation_points", "Passages we've pushed so far (each line = a passage joining two stations, you can "
        "go either way):\n" + "\n".join(f"* {u} <-> {v}" for u, v in E) +
        "\n\nFor the rescue plan: which single stations are such that if that station floods, some part of the "
        "cave gets cut off from the rest?", "bullets", "set", ap, nodes, E, False, False, key="nodes",
        tools=["articulation_points"])

    nodes = rng.sample(CAVE, 11)
    E = connected(rng, nodes, 3)
    G = build(nodes, E, False)
    add(F, "bridges", "Connections in the survey (undirected):\n" + "; ".join(f"{u}–{v}" for u, v in E) +
        "\n\nHow many of these passages are the only link between two parts of the cave, so that a collapse in "
        "that one passage would leave someone stranded?", "inline", "value", len(list(nx.bridges(G))), nodes, E,
        False, False, key="count", tools=["bridges"])

    for has in (True, False):
        nodes = rng.sample(CAVE, 9)
        E = connected(rng, nodes, 2 if has else 0)
        G = build(nodes, E, False)
        cyc = len(nx.cycle_basis(G)) > 0
        add(F, "cycle", "Sketch from the logbook, passages both ways:\n" + "\n".join(f"{u} -- {v}" for u, v in E) +
            "\n\nIs there any round trip in here, i.e. can we go out along one set of passages and come back to "
            "where we started without retracing any passage?", "dashes", "value", cyc, nodes, E, False, False,
            tools=["cycle_check"])

    main = rng.sample(CAVE, 10)
    rest = [n for n in CAVE if n not in main]
    lower = rng.sample(rest, 4)
    nodes = main + lower
    E = weigh(rng, split_graph(rng, [main, lower], 2), 5, 90)
    G = build(nodes, E, False)
    s = rng.choice(main)
    t = rng.choice(lower)
    add(F, "nopath", "Here's everything surveyed including the new Lower Series stuff from Sunday (metres):\n" +
        "\n".join(f"{u} to {v}: {w} m" for u, v, w in E) +
        f"\n\nGoing only by these legs, what's the shortest way from {s} to {t}?", "lines", "nopath", None, nodes, E,
        False, True, tools=["shortest_path", "shortest_path_length", "path_exists"], source=s, target=t)

    nodes = rng.sample(CAVE, 9)
    E = weigh(rng, connected(rng, nodes, 2), 5, 90)
    G = build(nodes, E, False)
    s, t = pick_pair(rng, G, True, 2)
    refuse(F, "missing_time", "From\tTo\tMetres\n" + "\n".join(f"{u}\t{v}\t{w}" for u, v, w in E) +
           f"\n\nHow long will it take a rescue team to get from {s} to {t}? Need a time for the callout sheet.",
           "tsv", "only passage lengths are given, no travel speeds or times", nodes, E, False, True)


# ------------------------------------------------------------ 4 ski resort

SKI = ["Village", "Col du Loup", "Lac Blanc", "Les Arcelles", "Pointe Noire", "Plan du Lac", "Chalet Rouge",
       "Grand Plateau", "Combe Sud", "Téléski Bas", "Roc de Fer", "Bellecôte", "La Forêt", "Snowpark"]


def ski_graph(rng, n):
    nodes = rng.sample(SKI, n)
    E = connected(rng, nodes, rng.randint(2, 5), directed=True)
    kinds = {}
    for u, v in E:
        kinds[(u, v)] = rng.choice(["lift", "lift", "piste", "piste", "piste"])
    return nodes, E, kinds


def ski_text(E, kinds, style):
    if style == 0:
        return "\n".join(f"{'Lift' if kinds[(u, v)] == 'lift' else 'Run'}: {u} → {v}" for u, v in E)
    if style == 1:
        return json.dumps({"segments": [{"from": u, "to": v, "type": kinds[(u, v)]} for u, v in E]}, indent=1,
                          ensure_ascii=False)
    return "| From | To | Type |\n|---|---|---|\n" + "\n".join(f"| {u} | {v} | {kinds[(u, v)]} |" for u, v in E)


def fam_ski(rng):
    F = "snowboarder planning a day on the resort's lifts and runs"
    intro = "Every lift and every run only goes one way (from the first place to the second)."
    for want in (True, False):
        for _ in range(50):
            nodes, E, kinds = ski_graph(rng, rng.randint(8, 11))
            G = build(nodes, E, True)
            try:
                s, t = pick_pair(rng, G, want, 2 if want else 1)
                break
            except IndexError:
                continue
        q = (f"Copied the segments from the resort app. {intro}\n\n" + ski_text(E, kinds, 0) +
             f"\n\nIf I start at {s}, can I get to {t} at all using these?")
        add(F, "path_exists", q, "arrows", "value", nx.has_path(G, s, t), nodes, E, True, False,
            tools=["path_exists"], source=s, target=t)

    nodes, E, kinds = ski_graph(rng, 12)
    G = build(nodes, E, True)
    s, t = pick_pair(rng, G, True, 3)
    add(F, "shortest_path", ski_text(E, kinds, 1) + f"\n\nThis is the resort's segment export; {intro.lower()} "
        f"We're meeting at {t}. Starting from {s}, what's the smallest number of lifts+runs to get there?",
        "json", "path", nx.shortest_path_length(G, s, t), nodes, E, True, False, key="length",
        tools=["shortest_path", "shortest_path_length"], source=s, target=t)

    nodes = rng.sample(SKI, 10)
    a, b, c = nodes[:4], nodes[4:7], nodes[7:]
    E = []
    for grp in (a, b, c):
        for i in range(len(grp)):
            E.append((grp[i], grp[(i + 1) % len(grp)]))
    E += [(a[0], b[0]), (b[1], c[0]), (a[2], c[1])]
    rng.shuffle(E)
    kinds = {e: rng.choice(["lift", "piste"]) for e in E}
    G = build(nodes, E, True)
    scc = sorted(sorted(x) for x in nx.strongly_connected_components(G))
    add(F, "scc", ski_text(E, kinds, 2) + "\n\n" + intro + " Group the places into areas where, within an area, you "
        "can get from any place to any other and back again without leaving that area's lifts and runs... which "
        "groups are there?", "markdown_table", "partition", scc, nodes, E, True, False, key="components",
        tools=["strongly_connected_components"])

    for _ in range(50):
        nodes, E, kinds = ski_graph(rng, 9)
        G = build(nodes, E, True)
        try:
            s, t = pick_pair(rng, G, False)
            break
        except IndexError:
            continue
    add(F, "nopath", f"{intro}\n" + ski_text(E, kinds, 0) + f"\n\nWhat's the quickest way (fewest segments) from "
        f"{s} to {t}? My legs are dead so I don't want to hike.", "arrows", "nopath", None, nodes, E, True, False,
        tools=["shortest_path", "shortest_path_length", "path_exists"], source=s, target=t)

    nodes, E, kinds = ski_graph(rng, 9)
    refuse(F, "opinion", ski_text(E, kinds, 0) + "\n\nWhich of these runs will have the best snow this afternoon?",
           "arrows", "snow conditions are not in the data", nodes, E, True)


# ------------------------------------------------------------ 5 spreadsheet circular reference

def cells(rng, n):
    cols = "BCDEF"
    out = []
    while len(out) < n:
        c = f"{rng.choice(cols)}{rng.randint(2, 19)}"
        if c not in out:
            out.append(c)
    return out


def formulas(nodes, E, rng):
    """E are (referenced, formula cell) pairs; render each formula cell as =A+B."""
    uses = {n: [] for n in nodes}
    for u, v in E:
        uses[v].append(u)
    lines = []
    for n in nodes:
        if uses[n]:
            op = rng.choice(["+", "+", "*", "-"])
            f = op.join(uses[n]) if len(uses[n]) > 1 else uses[n][0]
            if len(uses[n]) > 2 and rng.random() < 0.5:
                f = "SUM(" + ",".join(uses[n]) + ")"
            lines.append(f"{n}: ={f}")
        else:
            lines.append(f"{n}: (typed-in number)")
    return "\n".join(lines)


def fam_spreadsheet(rng):
    F = "bookkeeper untangling a spreadsheet's formulas"
    head = "Here are the cells involved, with their formulas (a cell's formula uses the cells named in it):\n"
    nodes = cells(rng, 22)
    E = connected(rng, nodes, 9, directed=True, dag=True)
    G = build(nodes, E, True)
    add(F, "topological_sort", head + formulas(nodes, E, rng) +
        "\n\nI'm rebuilding this by hand on paper. In what order should I work the cells out so that every cell "
        "comes after all the cells its formula uses?", "formulas", "order", None, nodes, E, True, False,
        tools=["topological_sort"])

    nodes = cells(rng, 9)
    E = connected(rng, nodes, 3, directed=True, dag=True)
    order = list(nx.topological_sort(build(nodes, E, True)))
    E.append((order[-1], order[0]))
    G = build(nodes, E, True)
    add(F, "cycle", "Excel keeps saying 'There are one or more circular references'. " + head +
        formulas(nodes, E, rng) + "\n\nIs there actually a loop in these, where a cell ends up depending on itself?",
        "formulas", "value", not nx.is_directed_acyclic_graph(G), nodes, E, True, False, tools=["cycle_check"])

    nodes = cells(rng, 8)
    E = connected(rng, nodes, 3, directed=True, dag=True)
    G = build(nodes, E, True)
    add(F, "dag", "LibreOffice shows Err:522 somewhere in my budget. " + head + formulas(nodes, E, rng) +
        "\n\nCan these cells be calculated in some order without any circular reference among them?", "formulas",
        "dag", nx.is_directed_acyclic_graph(G), nodes, E, True, False, tools=["topological_sort"],
        neg_tools=["cycle_check"])

    nodes = cells(rng, 10)
    E = connected(rng, nodes, 5, directed=True, dag=True)
    G = build(nodes, E, True)
    x = max(nodes, key=lambda n: (G.in_degree(n), n))
    add(F, "predecessors", head + formulas(nodes, E, rng) + f"\n\nWhich cells does {x}'s formula refer to directly?",
        "formulas", "set", sorted(G.predecessors(x)), nodes, E, True, False,
        tools=["predecessors", "successors", "neighbors"])
    y = max(nodes, key=lambda n: (G.out_degree(n), n))
    add(F, "successors", head + formulas(nodes, E, rng) +
        f"\n\nIf I change {y}, which cells have a formula that mentions {y} directly?", "formulas", "set",
        sorted(G.successors(y)), nodes, E, True, False, tools=["predecessors", "successors", "neighbors"])
    refuse(F, "missing_values", head + formulas(nodes, E, rng) + f"\n\nWhat number will {x} show once it recalculates?",
           "formulas", "the typed-in numbers are not given and arithmetic is not a graph question", nodes, E, True)


# ------------------------------------------------------------ 6 open-source PR reviews

DEVS = ["mkowalski", "ayo-dev", "jlindqvist", "sarah-h", "tpham", "rgupta", "elenaz", "okafor", "bweiss", "naomi-t",
        "kfischer", "lucasb", "yuki-s", "dmitri_v"]


def review_csv(E):
    return "reviewer,pr_author\n" + "\n".join(f"{u},{v}" for u, v in E)


def fam_reviews(rng):
    F = "open-source maintainer auditing who reviews whose pull requests"
    head = "Export from our review bot for the last release (each row: the reviewer approved a PR written by pr_author):\n"
    nodes = rng.sample(DEVS, 10)
    E = connected(rng, nodes, 8, directed=True)
    G = build(nodes, E, True)
    x = max(nodes, key=lambda n: (G.out_degree(n), n))
    add(F, "successors", head + review_csv(E) + f"\n\nWhose PRs did {x} review?", "csv", "set", sorted(G.successors(x)),
        nodes, E, True, False, tools=["successors", "neighbors"])
    y = max(nodes, key=lambda n: (G.in_degree(n), n))
    add(F, "predecessors", head + review_csv(E) + f"\n\nWho reviewed {y}'s pull requests?", "csv", "set",
        sorted(G.predecessors(y)), nodes, E, True, False, tools=["predecessors"])
    z = rng.choice([n for n in nodes if G.in_degree(n) >= 2 and n != y] or [y])
    add(F, "in_degree", head + review_csv(E) + f"\n\nHow many different people reviewed {z}'s work?", "csv", "value",
        G.in_degree(z), nodes, E, True, False, tools=["degree"])

    for _ in range(100):
        nodes = rng.sample(DEVS, 9)
        E = connected(rng, nodes, 4, directed=True)
        G = build(nodes, E, True)
        src = sorted(n for n in nodes if G.in_degree(n) == 0)
        if src:
            break
    add(F, "sources", "bus-factor check. rows are `reviewer -> author`:\n" + "\n".join(f"{u} -> {v}" for u, v in E) +
        "\n\nwho on this list never had a PR reviewed by anyone here? (i.e. never shows up on the author "
        "side)", "arrows", "set", src, nodes, E, True, False, key="sources", tools=["sources_sinks"])

    refuse(F, "opinion", head + review_csv(E) + "\n\nWho is the most careful reviewer of the bunch?", "csv",
           "review quality is not in the data", nodes, E, True)

    n1 = rng.sample(DEVS, 7)
    n2 = rng.sample(DEVS, 7)
    E1 = connected(rng, n1, 3, directed=True)
    E2 = connected(rng, n2, 3, directed=True)
    both = [n for n in n1 if n in n2]
    who = both[0] if both else n1[0]
    refuse(F, "ambiguous_graph", "Two exports, one per repo:\n\n-- core --\n" + review_csv(E1) + "\n\n-- docs --\n" +
           review_csv(E2) + f"\n\nHow many PRs did {who} review?", "csv",
           "two review graphs and the question does not say which (or whether to merge them); counts of PRs are "
           "not given either", sorted(set(n1) | set(n2)), [], True)


# ------------------------------------------------------------ 7 kubernetes network policies

PODS = ["frontend", "api-gateway", "auth", "orders", "payments", "inventory", "postgres", "redis", "search",
        "notifier", "metrics", "admin-ui", "batch-jobs", "ledger"]


def netpol_yaml(nodes, E):
    allow = {n: [] for n in nodes}
    for u, v in E:
        allow[u].append(v)
    out = ["# allowed egress, summarised from our NetworkPolicies", "policies:"]
    for n in nodes:
        out.append(f"  - pod: {n}")
        if allow[n]:
            out.append("    may_connect_to: [" + ", ".join(allow[n]) + "]")
        else:
            out.append("    may_connect_to: []")
    return "\n".join(out)


def fam_k8s(rng):
    F = "platform engineer reviewing Kubernetes network policies for lateral movement"
    note = ("\n\n(may_connect_to means that pod can open connections to those pods; it does not work the other "
            "way round unless listed.)")
    for want in (True, False):
        for _ in range(100):
            nodes = rng.sample(PODS, rng.randint(9, 12))
            E = connected(rng, nodes, 3, directed=True)
            G = build(nodes, E, True)
            try:
                s, t = pick_pair(rng, G, want, 2)
                break
            except IndexError:
                continue
        add(F, "path_exists", netpol_yaml(nodes, E) + note + f"\n\nPen-test question: if an attacker gets a shell in "
            f"{s}, could they eventually reach {t} by hopping from pod to pod along allowed connections?", "yaml",
            "value", nx.has_path(G, s, t), nodes, E, True, False, tools=["path_exists"], source=s, target=t)

    nodes = rng.sample(PODS, 12)
    E = connected(rng, nodes, 6, directed=True)
    G = build(nodes, E, True)
    s, t = pick_pair(rng, G, True, 3)
    add(F, "shortest_path", netpol_yaml(nodes, E) + note + f"\n\nStarting in {s}, what's the minimum number of hops "
        f"an attacker needs to reach {t}?", "yaml", "path", nx.shortest_path_length(G, s, t), nodes, E, True, False,
        key="length", tools=["shortest_path", "shortest_path_length"], source=s, target=t)
    x = max(nodes, key=lambda n: (G.out_degree(n), n))
    add(F, "successors", netpol_yaml(nodes, E) + note + f"\n\nWhich pods is {x} allowed to open connections to directly?",
        "yaml", "set", sorted(G.successors(x)), nodes, E, True, False, tools=["successors", "neighbors"])

    for _ in range(100):
        nodes = rng.sample(PODS, 10)
        E = connected(rng, nodes, 2, directed=True)
        G = build(nodes, E, True)
        try:
            s, t = pick_pair(rng, G, False)
            break
        except IndexError:
            continue
    add(F, "nopath", netpol_yaml(nodes, E) + note + f"\n\nShow me the shortest chain of allowed connections from {s} "
        f"to {t}.", "yaml", "nopath", None, nodes, E, True, False,
        tools=["shortest_path", "shortest_path_length", "path_exists"], source=s, target=t)
    refuse(F, "missing_data", netpol_yaml(nodes, E) + note + "\n\nWhich of these pods is using the most CPU right now?",
           "yaml", "resource usage is not in the data", nodes, E, True)
    refuse(F, "missing_weights", netpol_yaml(nodes, E) + note + f"\n\nWhat's the lowest-latency route from {s} to "
           f"{nodes[0] if nodes[0] != s else nodes[1]} in milliseconds?", "yaml", "no latencies are given", nodes, E, True)


# ------------------------------------------------------------ 8 VFX render dependencies

def vfx_nodes(rng, n):
    shot = rng.choice(["010", "020", "045", "110", "230"])
    stages = ["plate", "track", "roto", "paint", "lidar", "layout", "anim", "fx_smoke", "fx_debris", "lighting",
              "matte", "cfx", "comp_pre", "comp", "grade", "denoise", "review"]
    return [f"{s}_{shot}" for s in rng.sample(stages, n)]


def vfx_code(E):
    return ("import networkx as nx\n\nG = nx.DiGraph()  # edge a -> b: b needs a's output before it can render\n" +
            "\n".join(f'G.add_edge("{u}", "{v}")' for u, v in E))


def fam_vfx(rng):
    F = "VFX coordinator scheduling a shot's render dependencies"
    nodes = vfx_nodes(rng, 11)
    E = connected(rng, nodes, 5, directed=True, dag=True)
    G = build(nodes, E, True)
    add(F, "topological_sort", "Our farm scheduler died so I'm queueing by hand. This is the dependency graph from "
        "the pipeline script:\n\n```python\n" + vfx_code(E) + "\n```\n\nGive me an order to submit every task so nothing "
        "is submitted before the tasks it needs.", "python", "order", None, nodes, E, True, False,
        tools=["topological_sort"])

    nodes = vfx_nodes(rng, 9)
    E = connected(rng, nodes, 3, directed=True, dag=True)
    order = list(nx.topological_sort(build(nodes, E, True)))
    E.append((order[-1], order[1]))
    G = build(nodes, E, True)
    add(F, "dag", "Someone added a 'feedback' dependency and now the scheduler hangs.\n\n```python\n" + vfx_code(E) +
        "\n```\n\nIs this still a valid dependency graph with no loop in it, i.e. can all tasks be ordered?",
        "python", "dag", nx.is_directed_acyclic_graph(G), nodes, E, True, False, tools=["topological_sort"],
        neg_tools=["cycle_check"])

    nodes = vfx_nodes(rng, 12)
    E = connected(rng, nodes, 6, directed=True, dag=True)
    G = build(nodes, E, True)
    x = max(nodes, key=lambda n: (G.in_degree(n), n))
    add(F, "predecessors", "```python\n" + vfx_code(E) + f"\n```\n\nwhat does {x} wait on directly? (just the immediate "
        "inputs)", "python", "set", sorted(G.predecessors(x)), nodes, E, True, False, tools=["predecessors"])
    src = sorted(n for n in nodes if G.in_degree(n) == 0)
    add(F, "sources", "```python\n" + vfx_code(E) + "\n```\n\nWhich tasks can start right away because they don't "
        "need anything else first?", "python", "set", src, nodes, E, True, False, key="sources",
        tools=["sources_sinks"])
    refuse(F, "missing_time", "```python\n" + vfx_code(E) + "\n```\n\nIf the farm runs everything as early as "
           "possible, how many hours until the last task finishes?", "python",
           "no task durations are given", nodes, E, True)


# ------------------------------------------------------------ 9 farmers' market stalls

def stall_post(nodes, E):
    adj = {n: [] for n in nodes}
    for u, v in E:
        adj[u].append(v)
        adj[v].append(u)
    return "\n".join(f"{n} is next to " + ", ".join(adj[n]) + "." if adj[n]
                     else f"{n} stands on its own by the car park." for n in nodes)


def fam_market(rng):
    F = "farmers' market manager allocating stalls so neighbours don't sell the same thing"
    nodes = [f"Stall {i}" for i in range(1, 13)]
    E = connected(rng, nodes, 8)
    G = build(nodes, E, False)
    add(F, "chromatic_number", "Posting on the traders' forum:\n\nThe new layout in the square (being next to each "
        "other goes both ways, obviously):\n" + stall_post(nodes, E) + "\n\nTwo stalls that are next to each other "
        "must sell different kinds of produce. What is the smallest number of produce categories I need so that I "
        "can give every stall a category?", "sentences", "value", chromatic(G), nodes, E, False, False,
        key="chromatic_number", tools=["chromatic_number"])

    for bip in (True, False):
        for _ in range(200):
            nodes = [f"Stall {i}" for i in range(1, rng.randint(9, 12))]
            E = connected(rng, nodes, 3)
            G = build(nodes, E, False)
            if nx.is_bipartite(G) == bip:
                break
        add(F, "bipartite", "Layout for the Christmas market:\n" + stall_post(nodes, E) + "\n\nCan I alternate just "
            "food and crafts, so that no two stalls that are next to each other are both food or both crafts?",
            "sentences", "value", nx.is_bipartite(G), nodes, E, False, False, key="bipartite", tools=["is_bipartite"])

    nodes = [f"Stall {i}" for i in range(1, 29)]
    E = connected(rng, nodes, 12)
    G = build(nodes, E, False)
    x = rng.choice(nodes)
    add(F, "degree", stall_post(nodes, E) + f"\n\nHow many stalls is {x} next to?", "sentences", "value",
        G.degree(x), nodes, E, False, False, tools=["degree"])
    mx = max(d for _, d in G.degree())
    add(F, "max_degree", "| Stall | Next to |\n|---|---|\n" + "\n".join(
        f"| {u} | {v} |" for u, v in E) + "\n\n(one row per pair of neighbouring stalls)\n\nWhich stall has the most "
        "neighbours? That's where I'll put the coffee van.", "markdown_table", "set",
        sorted(n for n in nodes if G.degree(n) == mx), nodes, E, False, False, key="max_nodes",
        tools=["degree_distribution"])
    refuse(F, "missing_data", stall_post(nodes, E) + "\n\nWhich stall gets the most customers walking past on a "
           "Saturday?", "sentences", "footfall is not in the data", nodes, E)
    refuse(F, "missing_weights", stall_post(nodes, E) + "\n\nHow many metres is it to walk from Stall 1 to Stall 9?",
           "sentences", "no distances are given, only which stalls are next to each other", nodes, E)


# ------------------------------------------------------------ 10 festival crowd flow

ZONES = ["Main Gate", "North Gate", "Food Court", "Market Street", "Bridge", "Meadow Path", "Camping",
         "Big Top", "Main Stage", "Second Stage", "Bar Tent", "Wellbeing Field", "Lakeside"]


def flow_graph(rng, n):
    nodes = ["Main Gate"] + rng.sample([z for z in ZONES if z not in ("Main Gate", "Main Stage")], n - 2) + ["Main Stage"]
    E = []
    mid = nodes[1:-1]
    for m in mid:
        if rng.random() < 0.6:
            E.append(("Main Gate", m))
        if rng.random() < 0.5:
            E.append((m, "Main Stage"))
    for _ in range(n):
        u, v = rng.sample(mid, 2)
        if (u, v) not in E and (v, u) not in E:
            E.append((u, v))
    if not any(e[0] == "Main Gate" for e in E):
        E.append(("Main Gate", mid[0]))
    if not any(e[1] == "Main Stage" for e in E):
        E.append((mid[-1], "Main Stage"))
    E = [(u, v, rng.choice([20, 30, 40, 50, 60, 80, 100, 120])) for u, v in E]
    rng.shuffle(E)
    return nodes, E


def flow_html(E):
    rows = "\n".join(f"  <tr><td>{u}</td><td>{v}</td><td>{c}</td></tr>" for u, v, c in E)
    return ("<table>\n  <tr><th>From</th><th>To</th><th>Max people / minute</th></tr>\n" + rows + "\n</table>")


def fam_festival(rng):
    F = "festival safety officer checking crowd capacity of one-way walkways"
    for k in range(2):
        for _ in range(100):
            nodes, E = flow_graph(rng, rng.randint(8, 11))
            G = build(nodes, E, True)
            if nx.has_path(G, "Main Gate", "Main Stage"):
                break
        val = nx.maximum_flow_value(G, "Main Gate", "Main Stage", capacity="weight")
        if k == 0:
            q = ("From the site plan (walkways are one-way during the headline set, in the direction listed):\n" +
                 flow_html(E) + "\n\nWhat is the most people per minute we can move from the Main Gate to the Main "
                 "Stage at once, using all the walkways together?")
            note = "html_table"
        else:
            q = ("Voice note, transcribed: ok so for the safety case, one way walkways, " +
                 ", ".join(f"{u} to {v} carries {c} people a minute" for u, v, c in E) +
                 ". what's the max throughput from Main Gate to Main Stage, people per minute, if we use every "
                 "route in parallel?")
            note = "voice"
        add(F, "max_flow", q, note, "value", val, nodes, E, True, True, key="value", tools=["maximum_flow"],
            source="Main Gate", target="Main Stage")

    nodes, E = flow_graph(rng, 10)
    G = build(nodes, E, True)
    mid = [n for n in nodes if n not in ("Main Gate", "Main Stage")]
    for _ in range(100):
        s, t = rng.sample(mid, 2)
        if nx.has_path(G, s, t) and not G.has_edge(s, t):
            break
    val = nx.maximum_flow_value(G, s, t, capacity="weight")
    add(F, "max_flow", flow_html(E) + f"\n\nAfter the last act everyone at {s} heads to {t}. Following only the "
        f"walkway directions above, how many people per minute can flow from {s} to {t} at most?", "html_table",
        "value", val, nodes, E, True, True, key="value", tools=["maximum_flow"], source=s, target=t)
    x = rng.choice(mid)
    add(F, "path_exists", flow_html(E) + f"\n\nWith the one-way system on, can someone at {x} still walk to the Main "
        "Gate?", "html_table", "value", nx.has_path(G, x, "Main Gate"), nodes, E, True, True, tools=["path_exists"],
        source=x, target="Main Gate")
    refuse(F, "missing_data", flow_html(E) + "\n\nHow many people will actually turn up on Saturday night?",
           "html_table", "attendance forecast is not in the data", nodes, E, True, True)


# ------------------------------------------------------------ 11 ham radio net

CALLS = ["G4KJT", "M0XPR", "G3WVU", "2E0HLB", "M7ACD", "G8NQO", "M0TSE", "G0FYD", "2E1PJK", "M6RAW", "G4ZLE",
         "M0BUX", "G7HNC", "2E0SAV", "M1KQF", "G6TYR", "M0JWD", "G4EAX", "2E0MNB", "M7LQS", "G3OPC", "M0HVT",
         "G8RDK", "2E1FYW", "M6CGU", "G0SBN"]


def net_voice(E):
    parts = []
    for u, v in E:
        parts.append(rng_phrase(u, v))
    return " ".join(parts)


def rng_phrase(u, v):
    h = sum(ord(c) for c in u + v) % 3
    return [f"{u} is hearing {v} fine.", f"{u} and {v} can work each other.", f"{v} copies {u}, five and nine."][h]


def fam_hamradio(rng):
    F = "net controller of an amateur radio emergency net working out relays"
    pre = ("Transcript of my notes from tonight's net. Reception went both ways on every pair I logged, and if a "
           "pair isn't mentioned they couldn't hear each other.\n\n")
    nodes = rng.sample(CALLS, 11)
    E = connected(rng, nodes, 3)
    G = build(nodes, E, False)
    s, t = pick_pair(rng, G, True, 3)
    add(F, "shortest_path", pre + net_voice(E) + f"\n\nIf {s} has traffic for {t}, over how many hops does the "
        "message have to go at minimum, passing it station to station?", "voice", "path",
        nx.shortest_path_length(G, s, t), nodes, E, False, False, key="length",
        tools=["shortest_path", "shortest_path_length"], source=s, target=t)

    nodes = rng.sample(CALLS, 24)
    k = rng.randint(4, 6)
    cut = sorted(rng.sample(range(1, 24), k - 1))
    groups = [nodes[a:b] for a, b in zip([0] + cut, cut + [24])]
    E = split_graph(rng, groups, 1)
    G = build(nodes, E, False)
    heard = "\n".join(f"{u} <> {v}" for u, v in E)
    isolated = [n for n in nodes if G.degree(n) == 0]
    extra = ("\nAlso checked in but heard by nobody: " + ", ".join(isolated) + ".") if isolated else ""
    add(F, "components", "Two-way contacts logged on the net (<> means they heard each other):\n" + heard + extra +
        "\n\nHow many separate groups of stations are there, where messages can be relayed within a group but "
        "not between groups?", "pairs", "value", nx.number_connected_components(G), nodes, E, False, False,
        key="count", tools=["connected_components"])
    g1 = max(groups, key=len)
    g2 = [g for g in groups if g is not g1][0]
    s, t = g1[0], g2[-1]
    add(F, "nopath", "Two-way contacts logged on the net (<> means they heard each other):\n" + heard + extra +
        f"\n\nWhat's the shortest relay chain from {s} to {t}?", "pairs", "nopath", None, nodes, E, False, False,
        tools=["shortest_path", "shortest_path_length", "path_exists"], source=s, target=t)

    nodes = rng.sample(CALLS, 12)
    E = connected(rng, nodes, 2)
    G = build(nodes, E, False)
    add(F, "articulation_points", pre + net_voice(E) + "\n\nWhich stations are critical, in the sense that if that "
        "one station goes off air, some of the others can no longer relay to each other?", "voice", "set",
        sorted(nx.articulation_points(G)), nodes, E, False, False, key="nodes", tools=["articulation_points"])

    nodes = rng.sample(CALLS, 10)
    E = connected(rng, nodes, 3)
    G = build(nodes, E, False)
    add(F, "diameter", pre + net_voice(E) + "\n\nWorst case: across every pair of stations, what is the largest "
        "number of hops a message needs if it always takes the shortest relay chain?", "voice", "value",
        nx.diameter(G), nodes, E, False, False, tools=["diameter", "max_path_length"])
    refuse(F, "missing_weights", pre + net_voice(E) + "\n\nWhich of these links had the strongest signal?", "voice",
           "no signal reports are given per link", nodes, E)
    gone = [c for c in CALLS if c not in nodes][0]
    refuse(F, "node_missing", pre + net_voice(E) + f"\n\nHow many hops from {nodes[0]} to {gone}?", "voice",
           f"{gone} is not in the log, so nobody is known to hear it", nodes, E)


# ------------------------------------------------------------ 12 sourdough starter

BAKERS = ["Tom", "Meg", "Ana", "Ruth", "Jonas", "Priti", "Oskar", "Bea", "Cal", "Dina", "Femi", "Gus", "Hal", "Ines"]


def fam_sourdough(rng):
    F = "baking club tracing who gave sourdough starter to whom"
    for k in range(3):
        nodes = rng.sample(BAKERS, rng.randint(9, 12))
        E, order = tree_edges(rng, nodes)
        rng.shuffle(E)
        G = build(nodes, E, True)
        lines = [f"{u} gave some to {v}" for u, v in E]
        chat = ("ok so i tried to write down the starter family tree from the group chat lol\n" + "\n".join(lines) +
                "\n(direction matters: the first person gave starter to the second)")
        if k == 0:
            deep = max(nodes, key=lambda n: (nx.shortest_path_length(G, order[0], n), n))
            add(F, "shortest_path", chat + f"\n\nhow many handovers is {deep}'s jar from {order[0]}'s original one?",
                "chat", "path", nx.shortest_path_length(G, order[0], deep), nodes, E, True, False, key="length",
                tools=["shortest_path", "shortest_path_length"], source=order[0], target=deep)
        elif k == 1:
            a, b = rng.sample(nodes[1:], 2)
            add(F, "path_exists", chat + f"\n\ndoes {b}'s starter come from {a}'s, even if it went through other "
                "people in between?", "chat", "value", nx.has_path(G, a, b), nodes, E, True, False,
                tools=["path_exists"], source=a, target=b)
            c = max(nodes, key=lambda n: (G.out_degree(n), n))
            add(F, "out_degree", chat + f"\n\nhow many people did {c} personally hand starter to (directly, not counting who they passed it on to)?",
                "chat", "value", G.out_degree(c), nodes, E, True, False, tools=["degree", "successors"])
        else:
            add(F, "sinks", chat + "\n\nwho hasn't passed any on yet? i want to nag them to share", "chat", "set",
                sorted(n for n in nodes if G.out_degree(n) == 0), nodes, E, True, False, key="sinks",
                tools=["sources_sinks"])
    nodes = rng.sample(BAKERS, 10)
    E1, _ = tree_edges(rng, nodes[:6])
    E2, _ = tree_edges(rng, nodes[6:])
    E = E1 + E2
    rng.shuffle(E)
    G = build(nodes, E, True)
    add(F, "sources", "Starter lineage (giver → receiver):\n" + "\n".join(f"{u} → {v}" for u, v in E) +
        "\n\nWhose starter didn't come from anyone else in the club, i.e. who started their own?", "arrows", "set",
        sorted(n for n in nodes if G.in_degree(n) == 0), nodes, E, True, False, key="sources",
        tools=["sources_sinks"])


# ------------------------------------------------------------ 13 pharmacist drug interactions

DRUGS = ["warfarin", "aspirin", "ibuprofen", "omeprazole", "clopidogrel", "simvastatin", "clarithromycin",
         "amiodarone", "digoxin", "lisinopril", "spironolactone", "metformin", "sertraline", "tramadol",
         "citalopram", "fluconazole", "levothyroxine", "paracetamol"]


def interaction_report(E, nodes):
    sev = ["minor", "moderate", "major"]
    lines = [f"  {u} + {v}  [{sev[(len(u) + len(v)) % 3]}]" for u, v in E]
    alone = [n for n in nodes if not any(n in e for e in E)]
    out = "INTERACTION CHECK — current medication list\n" + "\n".join(lines)
    if alone:
        out += "\n  No interactions found for: " + ", ".join(alone)
    return out


def fam_pharmacy(rng):
    F = "community pharmacist checking a patient's medication list for interactions"
    for k in range(4):
        nodes = rng.sample(DRUGS, rng.randint(8, 12))
        core = nodes[:-2] if k == 2 else nodes
        E = connected(rng, core, rng.randint(3, 6))
        G = build(nodes, E, False)
        rep = interaction_report(E, nodes)
        if k == 0:
            x = max(nodes, key=lambda n: (G.degree(n), n))
            add(F, "neighbors", rep + f"\n\nWhich of the patient's medicines interact with {x}?", "report", "set",
                sorted(G.neighbors(x)), nodes, E, False, False, tools=["neighbors"])
        elif k == 1:
            pairs = [(a, b) for a, b in itertools.combinations(nodes, 2) if len(list(nx.common_neighbors(G, a, b))) >= 2]
            if not pairs:
                pairs = [(a, b) for a, b in itertools.combinations(nodes, 2) if list(nx.common_neighbors(G, a, b))]
            a, b = rng.choice(pairs)
            add(F, "common_neighbors", rep + f"\n\nThe GP wants to swap out either {a} or {b}. Which medicines on the "
                f"list interact with both {a} and {b}?", "report", "set", sorted(nx.common_neighbors(G, a, b)),
                nodes, E, False, False, tools=["common_neighbors"])
        elif k == 2:
            add(F, "isolated", rep + "\n\nWhich medicines on this list have no interaction with any of the others?",
                "report", "set", sorted(n for n in nodes if G.degree(n) == 0), nodes, E, False, False,
                key="min_nodes", tools=["degree_distribution"])
        else:
            add(F, "triangles", rep + "\n\nHow many sets of three medicines are there where every two of the three "
                "interact with each other?", "report", "value", sum(nx.triangles(G).values()) // 3, nodes, E, False,
                False, key="triangles", tools=["triangle_count"])
    refuse(F, "advice", rep + "\n\nShould the patient just stop taking the aspirin?", "report",
           "clinical advice, not something the interaction graph can decide", nodes, E)


# ------------------------------------------------------------ 14 insurance fraud rings

def claim_ids(rng, n):
    ids = rng.sample(range(1000, 1999), n)
    return [f"CLM-{i}" for i in ids]


def fam_fraud(rng):
    F = "insurance fraud analyst grouping claims that share phone numbers or addresses"
    shared = ["same phone", "same address", "same bank account", "same witness", "same repair garage"]
    for k in range(3):
        n = 30 if k == 1 else rng.randint(12, 18)
        nodes = claim_ids(rng, n)
        cut = sorted(rng.sample(range(2, n - 1), rng.randint(5, 8) if k == 1 else rng.randint(2, 4)))
        groups = [nodes[a:b] for a, b in zip([0] + cut, cut + [n])]
        E = split_graph(rng, groups, 1)
        G = build(nodes, E, False)
        alone = [x for x in nodes if G.degree(x) == 0]
        csv = "claim_a,claim_b,link\n" + "\n".join(f"{u},{v},{rng.choice(shared)}" for u, v in E)
        if alone:
            csv += "\n\nClaims in scope with no shared details: " + ", ".join(alone)
        if k == 0:
            add(F, "components", csv + "\n\nTreating any chain of shared details as one ring, how many separate rings "
                "(including claims that stand alone) does this give?", "csv", "value",
                nx.number_connected_components(G), nodes, E, False, False, key="count",
                tools=["connected_components"])
        elif k == 1:
            add(F, "partition", "Link analysis output:\n" + csv + "\n\nGroup the claims into rings, where two claims "
                "are in the same ring if you can get from one to the other through shared details. List every ring "
                "(a claim with no links is a ring of its own).", "csv", "partition", comps(G), nodes, E, False, False,
                key="components", tools=["connected_components"])
        else:
            x = max(nodes, key=lambda c: (G.degree(c), c))
            add(F, "degree", csv + f"\n\nHow many other claims is {x} directly linked to?", "csv", "value",
                G.degree(x), nodes, E, False, False, tools=["degree"])
    nodes = claim_ids(rng, 10)
    E = connected(rng, nodes, 9)
    G = build(nodes, E, False)
    refuse(F, "no_tool", "claim_a,claim_b\n" + "\n".join(f"{u},{v}" for u, v in E) +
           "\n\nWhat's the biggest group of claims where every claim is linked directly to every other claim in the "
           "group? Just the size.", "csv", "maximum clique size: no tool computes cliques", nodes, E,
           if_answered=max(len(c) for c in nx.find_cliques(G)))


# ------------------------------------------------------------ 15 language exchange meetup

SPANISH = ["Lucía", "Mateo", "Valentina", "Javier", "Camila", "Diego", "Sofía", "Andrés"]
ENGLISH = ["Chloe", "Liam", "Olivia", "Noah", "Grace", "Ethan", "Zoe", "Harvey"]


def fam_language(rng):
    F = "organiser of a Spanish–English language exchange pairing people up"
    for k in range(2):
        es = rng.sample(SPANISH, rng.randint(5, 7))
        en = rng.sample(ENGLISH, rng.randint(5, 7))
        E = []
        for a in es:
            ks = rng.sample(en, rng.randint(1, 3))
            E += [(a, b) for b in ks]
        for b in en:
            if not any(e[1] == b for e in E):
                E.append((rng.choice(es), b))
        nodes = es + en
        G = build(nodes, E, False)
        m = len(nx.bipartite.maximum_matching(G, top_nodes=es)) // 2
        tsv = ("Timestamp\tYour name (Spanish speaker)\tHappy to pair with (English speakers)\n" +
               "\n".join(f"2024-03-0{i % 9 + 1} 19:{10 + i:02d}\t{a}\t" + ", ".join(b for x, b in E if x == a)
                         for i, a in enumerate(es)))
        if k == 0:
            add(F, "matching", "Form responses pasted from Google Sheets:\n" + tsv +
                "\n\nFor tonight everyone practises in pairs (one Spanish speaker with one English speaker they said "
                "they're happy with, nobody in two pairs). How many pairs can I make at most?", "tsv", "matching", m,
                nodes, E, False, False, tools=["maximum_bipartite_matching"])
            b = max(en, key=lambda n: (G.degree(n), n))
            add(F, "neighbors", tsv + f"\n\nWhich Spanish speakers said they'd be happy to pair with {b}?", "tsv",
                "set", sorted(G.neighbors(b)), nodes, E, False, False, tools=["neighbors", "predecessors"])
        else:
            add(F, "matching", "Hola! Quick one. Pairing wishes:\n" + "\n".join(f"- {a}: {', '.join(b for x, b in E if x == a)}"
                                                                                    for a in es) +
                "\n\nEach pair = one of the people on the left with one of the names they listed, and each person in "
                "at most one pair. What's the biggest number of pairs, and who goes with whom?", "bullets",
                "matching", m, nodes, E, False, False, tools=["maximum_bipartite_matching"])
            a = max(es, key=lambda n: (G.degree(n), n))
            add(F, "degree", "Pairing wishes:\n" + "\n".join(f"- {x}: {', '.join(b for y, b in E if y == x)}" for x in es)
                + f"\n\nHow many English speakers is {a} happy to pair with?", "bullets", "value", G.degree(a), nodes, E,
                False, False, tools=["degree"])
    refuse(F, "prediction", tsv + "\n\nWhich of these pairs will still be meeting up in six months?", "tsv",
           "asks for a prediction the data cannot support", nodes, E)


# ------------------------------------------------------------ 16 canal boating

LOCKS = ["Fradley Junction", "Alrewas", "Barton Turns", "Branston", "Shobnall", "Willington", "Swarkestone",
         "Shardlow", "Great Haywood", "Rugeley", "Armitage", "Streethay", "Fazeley", "Hopwas", "Whittington"]


def canal_post(E):
    return "\n".join(f"{u} – {v}: {w} hrs" for u, v, w in E)


def fam_canal(rng):
    F = "narrowboat holiday-maker planning cruising times between moorings"
    pre = "Forum post, r/CanalBoating: times from my logbook, about the same in either direction.\n\n"
    for k in range(2):
        nodes = rng.sample(LOCKS, rng.randint(8, 12))
        E = [(u, v, w / 2) for u, v, w in weigh(rng, connected(rng, nodes, 3), 1, 9)]
        G = build(nodes, E, False)
        s, t = pick_pair(rng, G, True, 2)
        d = nx.dijkstra_path_length(G, s, t)
        add(F, "shortest_path", pre + canal_post(E) + f"\n\nWhat's the quickest cruise from {s} to {t}, in hours?",
            "forum", "path", d, nodes, E, False, True, key="length",
            tools=["shortest_path", "shortest_path_length"], source=s, target=t)
    nodes = rng.sample(LOCKS, 11)
    E = [(u, v, w / 2) for u, v, w in weigh(rng, connected(rng, nodes, 3), 1, 9)]
    G = build(nodes, E, False)
    add(F, "bridges", pre + canal_post(E) + "\n\nCRT closes stretches for repairs sometimes. How many of these "
        "stretches are such that closing just that one would split the network so some moorings can't reach "
        "others?", "forum", "value", len(list(nx.bridges(G))), nodes, E, False, True, key="count", tools=["bridges"])
    for want in (True, False):
        for _ in range(300):
            nodes = rng.sample(LOCKS, rng.randint(6, 8))
            E = [(u, v, w / 2) for u, v, w in weigh(rng, connected(rng, nodes, rng.randint(2, 5)), 1, 9)]
            G = build(nodes, E, False)
            if nx.is_eulerian(G) == want:
                break
        assert nx.is_eulerian(G) == want
        add(F, "euler_circuit", pre + canal_post(E) + "\n\nBucket list: cruise every one of these stretches exactly "
            "once and finish back where we started. Possible?", "forum", "value", nx.is_eulerian(G), nodes, E, False,
            True, key="circuit", tools=["euler_circuit"])
    missing = [n for n in LOCKS if n not in nodes][0]
    refuse(F, "node_missing", pre + canal_post(E) + f"\n\nHow long from {nodes[0]} to {missing} then?", "forum",
           f"{missing} is not in the list, so no time can be given", nodes, E, False, True)


# ------------------------------------------------------------ 17 hut-to-hut trek

HUTS = ["Rifugio Auronzo", "Rifugio Locatelli", "Rifugio Pian di Cengia", "Rifugio Comici", "Rifugio Lavaredo",
        "Rifugio Fonda Savio", "Rifugio Zsigmondy", "Malga Rin Bianco", "Rifugio Carducci", "Rifugio Berti"]


def hut_json(nodes, E):
    return json.dumps({"huts": nodes, "trails": [{"a": u, "b": v, "hours": w} for u, v, w in E]}, indent=2,
                      ensure_ascii=False)


def fam_trek(rng):
    F = "hiker planning a hut-to-hut trek in the Dolomites"
    nodes = rng.sample(HUTS, 9)
    E = [(u, v, w / 2) for u, v, w in weigh(rng, connected(rng, nodes, 5), 2, 11)]
    G = build(nodes, E, False)
    s, t = pick_pair(rng, G, True, 2)
    add(F, "shortest_path", "I exported my planning file from the trail app (hours are walking time, same either way):"
        "\n\n```json\n" + hut_json(nodes, E) + f"\n```\n\nWhat's the least walking time from {s} to {t}?", "json",
        "path", nx.dijkstra_path_length(G, s, t), nodes, E, False, True, key="length",
        tools=["shortest_path", "shortest_path_length"], source=s, target=t)

    for _ in range(200):
        nodes = rng.sample(HUTS, 6)
        E = [(u, v, w / 2) for u, v, w in weigh(rng, connected(rng, nodes, 7), 2, 11)]
        G = build(nodes, E, False)
        if tsp_cost(G) is not None:
            break
    add(F, "tsp", "```json\n" + hut_json(nodes, E) + "\n```\n\nWe want to sleep in each of these huts exactly once and "
        "end up back at the hut we started from, walking only these trails. What's the smallest total walking time "
        "for such a loop?", "json", "value", tsp_cost(G), nodes, E, False, True, key="cost",
        tools=["travelling_salesman"])

    for want in (True, False):
        for _ in range(300):
            nodes = rng.sample(HUTS, 7)
            E = connected(rng, nodes, rng.randint(1, 4))
            G = build(nodes, E, False)
            if ham_cycle_exists(G) == want:
                break
        assert ham_cycle_exists(G) == want
        add(F, "hamiltonian_cycle", "Trails between the huts on our map (all two-way):\n" +
            "\n".join(f"- {u} ↔ {v}" for u, v in E) + "\n\nIs there a round trip that stays one night in every hut, "
            "never visits a hut twice, and uses only these trails to get back to the start?", "bullets", "value",
            want, nodes, E, False, False, key="exists", tools=["hamiltonian_cycle", "travelling_salesman"])
    refuse(F, "missing_data", "```json\n" + hut_json(nodes, [(u, v, 3.0) for u, v in E]) + "\n```\n\nWhich of these "
           "trails will be safest if there's a thunderstorm?", "json", "trail safety in storms is not in the data",
           nodes, [(u, v, 3.0) for u, v in E], False, True)


# ------------------------------------------------------------ 18 hackathon team formation

HACKERS = ["Amara", "Ben", "Chen", "Dee", "Elif", "Farid", "Gwen", "Hiro", "Isla", "Jules", "Kofi", "Leah",
           "Mika", "Nils", "Oona", "Pablo"]


def slack_pairs(E):
    return "\n".join(f"• {u} & {v}" for u, v in E)


def fam_hackathon(rng):
    F = "hackathon organiser forming teams from who has worked together before"
    pre = "From the #introductions thread, pairs who've shipped something together before:\n"
    nodes = rng.sample(HACKERS, 12)
    E = connected(rng, nodes, 10)
    G = build(nodes, E, False)
    add(F, "triangles", pre + slack_pairs(E) + "\n\nHow many trios are there where all three have already worked "
        "with each other?", "bullets", "value", sum(nx.triangles(G).values()) // 3, nodes, E, False, False,
        key="triangles", tools=["triangle_count"])
    x = max(nodes, key=lambda n: (nx.triangles(G, n), G.degree(n), n))
    add(F, "clustering", pre + slack_pairs(E) + f"\n\nWhat's {x}'s local clustering coefficient here (the share of "
        f"pairs of {x}'s past collaborators who have also worked with each other)?", "bullets", "value",
        nx.clustering(G, x), nodes, E, False, False, tools=["clustering_coefficient"])
    pairs = [(a, b) for a, b in itertools.combinations(nodes, 2) if not G.has_edge(a, b)
             and len(list(nx.common_neighbors(G, a, b))) >= 2]
    a, b = rng.choice(pairs)
    add(F, "common_neighbors", pre + slack_pairs(E) + f"\n\n{a} and {b} have never worked together. Who has worked "
        "with both of them and could introduce them?", "bullets", "set", sorted(nx.common_neighbors(G, a, b)), nodes,
        E, False, False, tools=["common_neighbors"])

    for _ in range(200):
        nodes = rng.sample(HACKERS, 12)
        A, B, C = nodes[:4], nodes[4:8], nodes[8:]
        E = [e for g in (A, B, C) for e in itertools.combinations(g, 2) if rng.random() < 0.85]
        E += [(rng.choice(A), rng.choice(B)), (rng.choice(B), rng.choice(C))]
        rng.shuffle(E)
        G = build(nodes, E, False)
        if not nx.is_connected(G):
            continue
        lv = sorted(sorted(c) for c in nx.community.louvain_communities(G, seed=0))
        gm = sorted(sorted(c) for c in nx.community.greedy_modularity_communities(G))
        if lv == gm == sorted(sorted(g) for g in (A, B, C)):
            break
    assert lv == gm
    add(F, "communities", "worked-together list (one pair per line):\n" + "\n".join(f"{u} - {v}" for u, v in E) +
        "\n\nI'd like teams that follow the natural clusters in this network. What communities does it split into?",
        "dashes", "partition", lv, nodes, E, False, False, key="communities",
        tools=["louvain_communities", "greedy_modularity_communities"])
    refuse(F, "opinion", pre + slack_pairs(E) + "\n\nWho's the strongest programmer of the lot?", "bullets",
           "skill is not in the data", nodes, E)
    nodes = rng.sample(HACKERS, 8)
    E = connected(rng, nodes, 5)
    G = build(nodes, E, False)
    s, t = rng.sample(nodes, 2)
    longest = max(len(p) - 1 for p in nx.all_simple_paths(G, s, t))
    refuse(F, "no_tool", pre + slack_pairs(E) + f"\n\nFor a silly icebreaker: what's the longest chain of "
           f"past-collaborators from {s} to {t} that never repeats a person? How many links long?", "bullets",
           "longest simple path: no tool computes it (shortest-path tools would give the wrong answer)", nodes, E,
           if_answered=longest)


# ------------------------------------------------------------ 19 leaked memo forwards

STAFF = ["j.barker", "p.osei", "l.moreau", "k.tanaka", "r.silva", "h.novak", "d.kaur", "m.quinn", "s.ahmed",
         "t.berg", "a.costa", "f.nilsen", "c.doyle"]


def fwd_headers(E):
    by = {}
    for u, v in E:
        by.setdefault(u, []).append(v)
    blocks = []
    for u, vs in by.items():
        blocks.append(f"From: {u}@corp.example\nTo: " + ", ".join(f"{v}@corp.example" for v in vs) +
                      "\nSubject: FW: Q3 restructuring (CONFIDENTIAL)")
    return "\n\n".join(blocks)


def fam_memo(rng):
    F = "HR investigator tracing how a confidential memo was forwarded"
    pre = "Mail server export of every forward of the memo (each message went from the sender to the listed recipients):\n\n"
    for _ in range(100):
        nodes = rng.sample(STAFF, 10)
        E = connected(rng, nodes, 3, directed=True, dag=True)
        G = build(nodes, E, True)
        try:
            s, t = pick_pair(rng, G, True, 3)
            break
        except IndexError:
            continue
    add(F, "shortest_path", pre + fwd_headers(E) + f"\n\nWhat is the fewest number of forwards it took to get from "
        f"{s} to {t}?", "email_headers", "path", nx.shortest_path_length(G, s, t), nodes, E, True, False, key="length",
        tools=["shortest_path", "shortest_path_length"], source=s, target=t)
    a, b = rng.sample(nodes, 2)
    add(F, "path_exists", pre + fwd_headers(E) + f"\n\nCould {b} have got the memo as a result of {a} forwarding it, "
        "directly or through others?", "email_headers", "value", nx.has_path(G, a, b), nodes, E, True, False,
        tools=["path_exists"], source=a, target=b)
    add(F, "sinks", pre + fwd_headers(E) + "\n\nWho received it but never forwarded it on?", "email_headers", "set",
        sorted(n for n in nodes if G.out_degree(n) == 0), nodes, E, True, False, key="sinks", tools=["sources_sinks"])
    for _ in range(100):
        nodes = rng.sample(STAFF, 9)
        E = connected(rng, nodes, 2, directed=True, dag=True)
        G = build(nodes, E, True)
        try:
            s, t = pick_pair(rng, G, False)
            break
        except IndexError:
            continue
    add(F, "nopath", pre + fwd_headers(E) + f"\n\nShow the chain of forwards that took it from {s} to {t}.",
        "email_headers", "nopath", None, nodes, E, True, False,
        tools=["shortest_path", "shortest_path_length", "path_exists"], source=s, target=t)
    refuse(F, "missing_data", pre + fwd_headers(E) + "\n\nSo who sent it to the journalist at the Gazette?",
           "email_headers", "the journalist is not in the data", nodes, E, True)


# ------------------------------------------------------------ 20 jazz musicians

MUSOS = ["Nina (piano)", "Otis (bass)", "Rosa (sax)", "Sam (drums)", "Thea (vocals)", "Ugo (trumpet)",
         "Vera (guitar)", "Wes (trombone)", "Yara (vibes)", "Zeke (clarinet)", "Abe (organ)", "Bix (cornet)"]


def fam_jazz(rng):
    F = "jazz promoter mapping which musicians have gigged together"
    names = [m.split(" ")[0] for m in MUSOS]
    for k in range(4):
        nodes = rng.sample(names, rng.randint(8, 12))
        E = connected(rng, nodes, rng.randint(2, 6))
        G = build(nodes, E, False)
        md = "| Musician | Musician | Gigs together |\n|---|---|---|\n" + "\n".join(
            f"| {u} | {v} | {rng.randint(1, 9)} |" for u, v in E)
        pre = "From our wiki's 'Who played with whom' page:\n\n" + md + "\n\n"
        if k == 0:
            bc = nx.betweenness_centrality(G)
            x = max(nodes, key=lambda n: (bc[n], n))
            add(F, "betweenness", pre + f"Ignoring how many gigs, just who has played with whom: what is {x}'s "
                "(normalised) betweenness centrality?", "markdown_table", "value", bc[x], nodes, E, False, False,
                tools=["betweenness_centrality"])
        elif k == 1:
            mx = max(d for _, d in G.degree())
            add(F, "max_degree", pre + "Who has played with the largest number of different musicians?",
                "markdown_table", "set", sorted(n for n in nodes if G.degree(n) == mx), nodes, E, False, False,
                key="max_nodes", tools=["degree_distribution"])
        elif k == 2:
            add(F, "edge_count", pre + "How many different pairings are listed?", "markdown_table", "value",
                G.number_of_edges(), nodes, E, False, False, tools=["edge_count", "size"])
        else:
            add(F, "density", pre + "Out of all the possible pairs of these musicians, what fraction have played "
                "together at least once?", "markdown_table", "value", nx.density(G), nodes, E, False, False,
                tools=["density"])
    x = rng.choice(nodes)
    cc = nx.closeness_centrality(G, x)
    add(F, "closeness", pre + f"Counting hops only (not gigs), what's {x}'s closeness centrality?", "markdown_table",
        "value", cc, nodes, E, False, False, tools=["closeness_centrality"])
    refuse(F, "missing_data", pre + "Which of these pairings got paid the most?", "markdown_table",
           "fees are not in the data", nodes, E)


# ------------------------------------------------------------ 21 orienteering course

def fam_orienteering(rng):
    F = "orienteering club planner laying out controls for a score event"
    for k in range(3):
        n = [24, 32, rng.randint(8, 13)][k]
        nodes = ["Start"] + [f"Control {c}" for c in rng.sample(range(31, 70), n - 1)]
        E = weigh(rng, connected(rng, nodes, rng.randint(3, 7)), 80, 450)
        G = build(nodes, E, False)
        yml = "legs:   # metres along the path network, walkable both ways\n" + "\n".join(
            f"  - [{u}, {v}, {w}]" for u, v, w in E)
        if k == 0:
            add(F, "mst", "From my course-setting notes:\n```yaml\n" + yml + "\n```\n\nI want to hang streamer tape "
                "along some of these legs so every control is linked to the start by taped legs, using as little tape "
                "as possible. How many metres of tape is that (one strand per leg)?", "yaml", "value",
                nx.minimum_spanning_tree(G).size(weight="weight"), nodes, E, False, True, key="total_weight",
                tools=["minimum_spanning_tree"])
        elif k == 1:
            t = max(nodes, key=lambda x: (nx.dijkstra_path_length(G, "Start", x), x))
            add(F, "shortest_path", "```yaml\n" + yml + f"\n```\n\nShortest distance in metres from the Start to {t}, "
                "and the route?", "yaml", "path", nx.dijkstra_path_length(G, "Start", t), nodes, E, False, True,
                key="length", tools=["shortest_path", "shortest_path_length"], source="Start", target=t)
        else:
            add(F, "node_count", "```yaml\n" + yml + "\n```\n\nHow many points (controls plus the start) are on "
                "this map?", "yaml", "value", len(nodes), nodes, E, False, True, tools=["node_count", "order"])
    for want in (True, False):
        for _ in range(300):
            nodes = ["Start"] + [f"Control {c}" for c in rng.sample(range(31, 70), 7)]
            E = connected(rng, nodes, rng.randint(1, 4))
            G = build(nodes, E, False)
            if ham_path_exists(G) == want:
                break
        assert ham_path_exists(G) == want
        add(F, "hamiltonian_path", "Legs on the beginners' map (each can be run either way):\n" +
            "\n".join(f"{u} / {v}" for u, v in E) + "\n\nIs there a route along these legs that visits every point "
            "(the Start and each control) exactly once? It doesn't need to end where it started. If so, give one.",
            "pairs", "hamilton", want, nodes, E, False, False, tools=["hamiltonian_path"])
    refuse(F, "node_missing", "Legs on the beginners' map (each can be run either way):\n" +
           "\n".join(f"{u} / {v}" for u, v in E) + "\n\nHow many legs from the Start to Control 99?", "pairs",
           "Control 99 is not on the map", nodes, E)
    refuse(F, "missing_data", "```yaml\n" + "legs:\n" + "\n".join(f"  - [{u}, {v}]" for u, v in E) +
           "\n```\n\nWhich leg has the most climb?", "yaml", "elevation is not in the data", nodes, E)


# ------------------------------------------------------------ 22 git branch merges

BRANCHES = ["main", "develop", "release/2.3", "release/2.4", "hotfix/login-crash", "feature/dark-mode",
            "feature/search", "feature/payments-v2", "feature/i18n", "hotfix/csv-export", "staging", "spike/graphql",
            "feature/onboarding"]


def merge_log(E):
    return "\n".join(f"Merge branch '{u}' into {v}" for u, v in E)


def fam_git(rng):
    F = "release manager reading a repository's branch merge history"
    pre = "Merge commits from `git log --merges --oneline` (first branch was merged into the second):\n"
    nodes = rng.sample(BRANCHES, 10)
    E = connected(rng, nodes, 3, directed=True, dag=True)
    G = build(nodes, E, True)
    for _ in range(50):
        a, b = rng.sample(nodes, 2)
        if nx.shortest_path_length(G.to_undirected(), a, b) >= 2:
            break
    add(F, "path_exists", pre + merge_log(E) + f"\n\nHas the work on {a} ended up in {b}, directly or through other "
        "merges?", "git_log", "value", nx.has_path(G, a, b), nodes, E, True, False, tools=["path_exists"],
        source=a, target=b)
    x = max(nodes, key=lambda n: (G.in_degree(n), n))
    add(F, "predecessors", pre + merge_log(E) + f"\n\nWhich branches were merged straight into {x}?", "git_log", "set",
        sorted(G.predecessors(x)), nodes, E, True, False, tools=["predecessors"])
    for want in (True, False):
        nodes = rng.sample(BRANCHES, 9)
        E = connected(rng, nodes, 3, directed=True, dag=True)
        if want:
            order = list(nx.topological_sort(build(nodes, E, True)))
            E.append((order[-2], order[1]))
            rng.shuffle(E)
        G = build(nodes, E, True)
        add(F, "cycle", pre + merge_log(E) + "\n\nAre there any back-merges here, i.e. a loop where a branch's "
            "changes flow through other branches back into itself?", "git_log", "value",
            not nx.is_directed_acyclic_graph(G), nodes, E, True, False, tools=["cycle_check"])
    refuse(F, "missing_data", pre + merge_log(E) + "\n\nWhich commit introduced the login crash?", "git_log",
           "commits are not in the data", nodes, E, True)


# ------------------------------------------------------------ 23 tool lending

NEIGHBOURS = ["No. 2 (Pat)", "No. 4 (Lindiwe)", "No. 5 (Greg)", "No. 7 (Aoife)", "No. 9 (Marek)", "No. 11 (Suki)",
              "No. 12 (Femi)", "No. 14 (Rosa)", "No. 15 (Dai)", "No. 18 (Nell)", "No. 21 (Ibrahim)"]


def fam_lending(rng):
    F = "street WhatsApp group keeping a log of who lent tools to whom"
    tools_ = ["hedge trimmer", "ladder", "pressure washer", "drill", "tile cutter", "wheelbarrow", "strimmer",
              "carpet cleaner", "sander", "jump leads"]
    names = [n.split("(")[1].rstrip(")") for n in NEIGHBOURS]

    def log(E):
        return "\n".join(f"[{1 + (2 * i) % 28:02d}/{4 + (2 * i) // 28:02d}] {u}: lent my {tools_[i % len(tools_)]} to {v}"
                         for i, (u, v) in enumerate(E))
    pre = "Scrolling back through the chat, every loan this spring (lender: lent ... to borrower):\n"
    nodes = rng.sample(names, 10)
    E = connected(rng, nodes, 6, directed=True)
    G = build(nodes, E, True)
    x = max(nodes, key=lambda n: (G.out_degree(n), n))
    add(F, "out_degree", pre + log(E) + f"\n\nTo how many different neighbours has {x} lent something?", "chat",
        "value", G.out_degree(x), nodes, E, True, False, tools=["degree", "successors"])
    mx = max(d for _, d in G.in_degree())
    add(F, "max_in_degree", pre + log(E) + "\n\nWho has borrowed from the most different people? (no judgement!)",
        "chat", "set", sorted(n for n in nodes if G.in_degree(n) == mx), nodes, E, True, False, key="max_nodes",
        tools=["degree_distribution"])
    add(F, "edge_count", pre + log(E) + "\n\nHow many loans is that altogether?", "chat", "value",
        G.number_of_edges(), nodes, E, True, False, tools=["edge_count", "size"])
    y = rng.choice([n for n in nodes if G.in_degree(n) > 0])
    add(F, "predecessors", pre + log(E) + f"\n\nWho has {y} borrowed from?", "chat", "set",
        sorted(G.predecessors(y)), nodes, E, True, False, tools=["predecessors"])
    for _ in range(500):
        n1 = rng.sample(names, 6)
        n2 = rng.sample(names, 6)
        E1 = connected(rng, n1, 2, directed=True)
        E2 = connected(rng, n2, 2, directed=True)
        G1, G2 = build(n1, E1, True), build(n2, E2, True)
        m1 = {n for n in n1 if G1.out_degree(n) == max(d for _, d in G1.out_degree())}
        m2 = {n for n in n2 if G2.out_degree(n) == max(d for _, d in G2.out_degree())}
        if not (m1 & m2):
            break
    refuse(F, "ambiguous_graph", "Spring loans:\n" + log(E1) + "\n\nSummer loans:\n" + log(E2) +
           "\n\nWho lent the most?", "chat",
           "two logs and it is not said whether to count one season or both", sorted(set(n1) | set(n2)), [], True)


# ------------------------------------------------------------ 24 streamer raids

STREAMERS = ["pixelpaloma", "GrumpyGrizzly", "katsu_codes", "LunaLoops", "bytebard", "NoodleKnight", "tessarect",
             "SirSpeedsalot", "mossyMage", "QuietQuasar", "retro_rhea", "zedzilla"]


def fam_raids(rng):
    F = "Twitch streamer looking at who raids whom in a small streaming community"
    pre = "Raid log from our Discord bot (A ➜ B means A ended their stream by raiding B):\n"
    for _ in range(500):
        nodes = rng.sample(STREAMERS, 11)
        E = connected(rng, nodes, 7, directed=True)
        for u, v in rng.sample(E, 3):
            E.append((v, u))
        G = build(nodes, E, True)
        if 3 <= nx.number_strongly_connected_components(G) <= 7:
            break
    assert 3 <= nx.number_strongly_connected_components(G) <= 7
    txt = pre + "\n".join(f"{u} ➜ {v}" for u, v in E)
    add(F, "scc_count", txt + "\n\nHow many groups are there where everyone in the group can reach everyone else in "
        "the group by following raids (single streamers count as their own group)?", "arrows", "value",
        nx.number_strongly_connected_components(G), nodes, E, True, False, key="count",
        tools=["strongly_connected_components"])
    y = max(nodes, key=lambda n: (G.in_degree(n), n))
    add(F, "predecessors", txt + f"\n\nWho has raided {y}?", "arrows", "set", sorted(G.predecessors(y)), nodes, E,
        True, False, tools=["predecessors"])
    for _ in range(100):
        a, b = rng.sample(nodes, 2)
        if not G.has_edge(a, b):
            break
    add(F, "path_exists", txt + f"\n\nIf {a} raids and every streamer passes the viewers on along these raid "
        f"links, could {a}'s viewers end up at {b}?", "arrows", "value", nx.has_path(G, a, b), nodes, E, True, False,
        tools=["path_exists"], source=a, target=b)
    refuse(F, "missing_data", txt + "\n\nWhich raid brought the most viewers?", "arrows",
           "raid sizes are not in the data", nodes, E, True)


# ------------------------------------------------------------ 25 anime wiki rivalries

CHARS = ["Kaito Ren", "Sora Hayami", "Mei Kurogane", "Daichi Oda", "Yuna Shirase", "Ryo Tachibana", "Hana Mizuki",
         "Jin Arashi", "Akari Fujimoto", "Takeshi Goda", "Emi Sakuraba", "Shun Kiryu", "Nao Amagi"]


def fam_anime(rng):
    F = "fan-wiki editor mapping rivalries between characters of a shōnen series"
    for want in (True, False):
        for _ in range(300):
            nodes = rng.sample(CHARS, rng.randint(8, 11))
            E = connected(rng, nodes, rng.randint(1, 4))
            G = build(nodes, E, False)
            if nx.is_bipartite(G) == want:
                break
        assert nx.is_bipartite(G) == want
        md = "{| class=\"wikitable\"\n! Character !! Rival\n" + "\n".join(f"|-\n| {u} || {v}" for u, v in E) + "\n|}"
        add(F, "bipartite", "Our rivalry table (MediaWiki markup; a rivalry goes both ways):\n" + md +
            "\n\nFan theory says the cast splits into exactly two factions and every rivalry is between the two "
            "factions, never inside one. Is that even possible with these rivalries?", "mediawiki", "value", want,
            nodes, E, False, False, key="bipartite", tools=["is_bipartite"])
    s, t = pick_pair(rng, G, True, 3)
    add(F, "shortest_path", "Our rivalry table (a rivalry goes both ways):\n" + md +
        f"\n\nDegrees of separation via rivalries: how many steps from {s} to {t}?", "mediawiki", "path",
        nx.shortest_path_length(G, s, t), nodes, E, False, False, key="length",
        tools=["shortest_path", "shortest_path_length"], source=s, target=t)
    x = max(nodes, key=lambda n: (G.degree(n), n))
    add(F, "neighbors", md + f"\n\nWho are {x}'s rivals according to this table?", "mediawiki", "set",
        sorted(G.neighbors(x)), nodes, E, False, False, tools=["neighbors"])
    refuse(F, "opinion", md + "\n\nWho would win in a fight, Kaito or Jin?", "mediawiki",
           "fight outcomes are not in the rivalry table", nodes, E)


# ------------------------------------------------------------ 26 Active Directory group nesting

GROUPS = ["GG-Finance-Users", "GG-Finance-Admins", "GG-AllStaff", "GG-VPN", "GG-Payroll", "GG-HR", "GG-IT-Helpdesk",
          "GG-IT-Admins", "GG-Domain-Print", "GG-Sales", "GG-Sales-EMEA", "GG-FileShare-RW", "GG-Contractors",
          "GG-Exec"]


def ad_export(E):
    return "Name,MemberOf\n" + "\n".join(f"{u},{v}" for u, v in E)


def fam_ad(rng):
    F = "sysadmin auditing nested Active Directory group memberships"
    pre = ("Output of our PowerShell dump (Get-ADGroup ... | Select Name, MemberOf). Each row says the group in Name is "
           "a member of the group in MemberOf:\n")
    for want in (True, False):
        for _ in range(100):
            nodes = rng.sample(GROUPS, 10)
            E = connected(rng, nodes, 3, directed=True, dag=True)
            G = build(nodes, E, True)
            try:
                s, t = pick_pair(rng, G, want, 2)
                break
            except IndexError:
                continue
        add(F, "path_exists", pre + ad_export(E) + f"\n\nDoes membership of {s} end up giving (through the nesting) "
            f"membership of {t}?", "csv", "value", nx.has_path(G, s, t), nodes, E, True, False,
            tools=["path_exists"], source=s, target=t)
    x = max(nodes, key=lambda n: (G.out_degree(n), n))
    add(F, "successors", pre + ad_export(E) + f"\n\nWhich groups is {x} directly a member of?", "csv", "set",
        sorted(G.successors(x)), nodes, E, True, False, tools=["successors", "neighbors"])
    nodes = rng.sample(GROUPS, 9)
    E = connected(rng, nodes, 2, directed=True, dag=True)
    order = list(nx.topological_sort(build(nodes, E, True)))
    E.append((order[-1], order[2]))
    rng.shuffle(E)
    G = build(nodes, E, True)
    add(F, "cycle", pre + ad_export(E) + "\n\nThe token size on some logins is huge and I suspect circular nesting. Is "
        "there a loop where a group ends up (indirectly) a member of itself?", "csv", "value",
        not nx.is_directed_acyclic_graph(G), nodes, E, True, False, tools=["cycle_check"])
    for _ in range(500):
        n1 = ["GG-Contractors", "GG-AllStaff"] + rng.sample(GROUPS[3:12], 5)
        E1 = connected(rng, n1, 2, directed=True, dag=True)
        n2 = ["GG-Contractors", "GG-AllStaff"] + rng.sample(GROUPS[3:12], 5)
        E2 = connected(rng, n2, 2, directed=True, dag=True)
        if nx.has_path(build(n1, E1, True), "GG-Contractors", "GG-AllStaff") != nx.has_path(
                build(n2, E2, True), "GG-Contractors", "GG-AllStaff"):
            break
    refuse(F, "ambiguous_graph", "DC01 dump:\n" + ad_export(E1) + "\n\nDC02 dump (replication looks broken):\n" +
           ad_export(E2) + "\n\nIs GG-Contractors nested inside GG-AllStaff?", "csv",
           "two conflicting dumps and the question does not say which one is authoritative",
           sorted(set(n1) | set(n2)), [], True)


# ------------------------------------------------------------ 27 MLM referral downline

RECRUITS = ["Tanya", "Brett", "Kayleigh", "Dwayne", "Shauna", "Lee", "Marcy", "Cody", "Jolene", "Rick", "Stacey",
            "Wade", "Crystal", "Troy", "Amber", "Dale"]


def fam_mlm(rng):
    F = "journalist investigating an essential-oils MLM's recruitment downline"
    for k in range(4):
        nodes = rng.sample(RECRUITS, rng.randint(10, 15))
        E, order = tree_edges(rng, nodes)
        rng.shuffle(E)
        G = build(nodes, E, True)
        leak = ("A former 'diamond leader' sent me this from the back office (sponsor → recruit, i.e. the first person "
                "signed up the second):\n" + "\n".join(f"{u} → {v}" for u, v in E))
        top = order[0]
        if k == 0:
            add(F, "sinks", leak + "\n\nWho is at the bottom, having recruited nobody at all?", "arrows", "set",
                sorted(n for n in nodes if G.out_degree(n) == 0), nodes, E, True, False, key="sinks",
                tools=["sources_sinks"])
        elif k == 1:
            deep = max(nodes, key=lambda n: (nx.shortest_path_length(G, top, n), n))
            add(F, "shortest_path", leak + f"\n\nHow many levels below {top} is {deep}?", "arrows", "path",
                nx.shortest_path_length(G, top, deep), nodes, E, True, False, key="length",
                tools=["shortest_path", "shortest_path_length"], source=top, target=deep)
        elif k == 2:
            x = max(nodes, key=lambda n: (G.out_degree(n), n))
            add(F, "out_degree", leak + f"\n\nHow many people did {x} sign up personally?", "arrows", "value",
                G.out_degree(x), nodes, E, True, False, tools=["degree", "successors"])
        else:
            add(F, "tree", leak + "\n\nIgnoring the arrows, is this one single tree, connected with no loops?",
                "arrows", "value", nx.is_tree(G.to_undirected()), nodes, E, True, False, key="tree", tools=["is_tree"])
    refuse(F, "missing_data", leak + "\n\nHow much money has Tanya made from her downline?", "arrows",
           "earnings are not in the data", nodes, E, True)


# ------------------------------------------------------------ 28 dog walking

DOGS = ["Biscuit", "Luna", "Otto", "Pepper", "Ziggy", "Maple", "Bruno", "Tilly", "Rocket", "Nala", "Wilf",
        "Juno", "Bear", "Poppy"]


def fam_dogs(rng):
    F = "dog walker grouping client dogs that don't get along"
    nodes = rng.sample(DOGS, 11)
    E = connected(rng, nodes, 6)
    G = build(nodes, E, False)
    txt = "\n".join(f"- {u} can't be walked with {v}" for u, v in E)
    add(F, "chromatic_number", "My notes on the clients (goes both ways — if one can't be walked with the other, "
        "the other can't be walked with the first):\n" + txt + "\n\nWhat is the fewest number of separate walks I "
        "need each day so that no two dogs that clash are on the same walk?", "bullets", "value", chromatic(G), nodes,
        E, False, False, key="chromatic_number", tools=["chromatic_number"])
    x = max(nodes, key=lambda n: (G.degree(n), n))
    add(F, "non_neighbors", "Clash list:\n" + txt + f"\n\nWhich dogs can {x} share a walk with (no clash listed)?",
        "bullets", "set", sorted(n for n in nodes if n != x and not G.has_edge(x, n)), nodes, E, False, False,
        tools=["non_neighbors"])
    nodes = rng.sample(DOGS, 12)
    friends = rng.sample(nodes, 9)
    loners = [n for n in nodes if n not in friends]
    E = split_graph(rng, [friends[:5], friends[5:]], 1)
    G = build(nodes, E, False)
    ftxt = ("Dogs that happily play together at daycare (both ways):\n" +
            "\n".join(f"{u} + {v}" for u, v in E) + "\nNew this week, no playmates yet: " + ", ".join(loners))
    add(F, "components", ftxt + "\n\nIf play groups form through chains of friendships, how many separate play "
        "groups are there (a dog with no playmates is a group of one)?", "pairs", "value",
        nx.number_connected_components(G), nodes, E, False, False, key="count", tools=["connected_components"])
    add(F, "is_connected", ftxt + "\n\nIs everyone linked into one big friendship network?", "pairs", "value",
        nx.is_connected(G), nodes, E, False, False, tools=["is_connected"])
    nodes = rng.sample(DOGS, 9)
    E = connected(rng, nodes, 8)
    G = build(nodes, E, False)
    refuse(F, "no_tool", "Who gets on with whom:\n" + "\n".join(f"{u} + {v}" for u, v in E) +
           "\n\nWhat's the largest pack where every dog gets on with every other dog in it? Just the number.",
           "pairs", "maximum clique size: no tool computes it", nodes, E,
           if_answered=max(len(c) for c in nx.find_cliques(G)))


# ------------------------------------------------------------ 29 forensic chain of custody

HANDLERS = ["Crime Scene Unit", "PC Rahman", "Exhibits Officer", "Evidence Store", "DNA Lab", "Fingerprint Bureau",
            "Digital Forensics", "Courier Hale", "Ballistics", "Toxicology", "CPS Disclosure", "Court Clerk"]


def fam_custody(rng):
    F = "forensic lab quality officer checking an exhibit's chain of custody"
    pre = "Custody log for exhibit JR/14 (each line: handed from → handed to):\n"

    def log(E):
        return "\n".join(f"{u} → {v}" for u, v in E)
    for want in (True, False):
        for _ in range(100):
            nodes = rng.sample(HANDLERS, rng.randint(8, 11))
            E = connected(rng, nodes, 2, directed=True, dag=True)
            G = build(nodes, E, True)
            try:
                s, t = pick_pair(rng, G, want, 2)
                break
            except IndexError:
                continue
        add(F, "path_exists", pre + log(E) + f"\n\nFollowing the handovers in their direction, is there an unbroken "
            f"chain from {s} to {t}?", "log", "value", nx.has_path(G, s, t), nodes, E, True, False,
            tools=["path_exists"], source=s, target=t)
    s, t = pick_pair(rng, G, True, 2)
    add(F, "shortest_path", pre + log(E) + f"\n\nWhat's the fewest handovers between {s} and {t} (in that direction)?",
        "log", "path", nx.shortest_path_length(G, s, t), nodes, E, True, False, key="length",
        tools=["shortest_path", "shortest_path_length"], source=s, target=t)
    x = max(nodes, key=lambda n: (G.in_degree(n) + G.out_degree(n), n))
    add(F, "degree", pre + log(E) + f"\n\nHow many handover lines involve {x}, counting both receiving and "
        "passing on?", "log", "value", G.degree(x), nodes, E, True, False, tools=["degree"])
    refuse(F, "missing_data", pre + log(E) + "\n\nWas the seal on the bag intact when the DNA Lab received it?", "log",
           "seal condition is not in the data", nodes, E, True)


# ------------------------------------------------------------ 30 bell-ringing? no: makerspace machine inductions

MACHINES = ["Laser cutter", "CNC router", "3D printer", "Bandsaw", "Lathe", "Mill", "Welder", "Vinyl cutter",
            "Soldering bench", "Kiln"]
MAKERS = ["Ade", "Birgit", "Carlos", "Dorota", "Eamon", "Fatima", "Gideon", "Hyun", "Ivy", "Jasper"]


def fam_makerspace(rng):
    F = "makerspace coordinator working out who can supervise which machine"
    for k in range(2):
        ms = rng.sample(MAKERS, rng.randint(6, 8))
        mc = rng.sample(MACHINES, rng.randint(6, 8))
        E = []
        for m in ms:
            E += [(m, x) for x in rng.sample(mc, rng.randint(1, 3))]
        for x in mc:
            if not any(e[1] == x for e in E):
                E.append((rng.choice(ms), x))
        nodes = ms + mc
        G = build(nodes, E, False)
        yml = "inductions:\n" + "\n".join(f"  {m}: [{', '.join(x for y, x in E if y == m)}]" for m in ms)
        if k == 0:
            add(F, "matching", "From our members' YAML (who is inducted on what):\n```yaml\n" + yml + "\n```\n\n"
                "Open night: each machine needs one inducted supervisor, and each member can only supervise one "
                "machine at a time. How many machines can run at once at most, and who supervises which?", "yaml",
                "matching", len(nx.bipartite.maximum_matching(G, top_nodes=ms)) // 2, nodes, E, False, False,
                tools=["maximum_bipartite_matching"])
            x = max(mc, key=lambda n: (G.degree(n), n))
            add(F, "neighbors", "```yaml\n" + yml + f"\n```\n\nWho is inducted on the {x}?", "yaml", "set",
                sorted(G.neighbors(x)), nodes, E, False, False, tools=["neighbors"])
        else:
            x = min(mc, key=lambda n: (G.degree(n), n))
            add(F, "degree", "```yaml\n" + yml + f"\n```\n\nHow many members could supervise the {x}?", "yaml",
                "value", G.degree(x), nodes, E, False, False, tools=["degree"])
            refuse(F, "missing_data", "```yaml\n" + yml + "\n```\n\nWhich of these machines is most likely to "
                   "break down this month?", "yaml", "breakdown history is not in the data", nodes, E)


# ------------------------------------------------------------ main

FAMILIES = [
    (fam_beekeepers, 1001), (fam_theatre, 1002), (fam_caving, 1003), (fam_ski, 1004), (fam_spreadsheet, 1005),
    (fam_reviews, 1006), (fam_k8s, 1007), (fam_vfx, 1008), (fam_market, 1009), (fam_festival, 1010),
    (fam_hamradio, 1011), (fam_sourdough, 1012), (fam_pharmacy, 1013), (fam_fraud, 1014), (fam_language, 1015),
    (fam_canal, 1016), (fam_trek, 1017), (fam_hackathon, 1018), (fam_memo, 1019), (fam_jazz, 1020),
    (fam_orienteering, 1021), (fam_git, 1022), (fam_lending, 1023), (fam_raids, 1024), (fam_anime, 1025),
    (fam_ad, 1026), (fam_mlm, 1027), (fam_dogs, 1028), (fam_custody, 1029), (fam_makerspace, 1030),
]


def canon(s):
    import re
    words = re.split(r"[^0-9a-zà-ÿ]+", s.lower())
    words = [w for w in words if w]
    if len(words) > 1:
        words = [w for w in words if w not in ("the", "a", "an")]
    return "".join(words)


def validate(it):
    """Re-derive what can be re-derived and check names against the graph."""
    nodes = it["nodes"]
    assert len({canon(n) for n in nodes}) == len(nodes), (it["family"], nodes)
    ns = set(nodes)
    for e in it["edges"]:
        assert e[0] in ns and e[1] in ns, (it["family"], e)
    if it["refuse"]:
        assert it["why"]
        return
    for k in ("source", "target"):
        if it[k]:
            assert it[k] in ns, (it["family"], it[k])
            assert it[k] in it["question"], (it["family"], it[k])
    G = build(nodes, [tuple(e) for e in it["edges"]], it["directed"])
    c, a = it["check"], it["answer"]
    if c == "set":
        for n in a:
            assert n in ns
    if c == "partition":
        assert sorted(n for comp in a for n in comp) == sorted(nodes)
    if c == "path":
        w = "weight" if it["weighted"] else None
        assert abs(nx.shortest_path_length(G, it["source"], it["target"], weight=w) - a) < 1e-9
    if c == "nopath":
        assert not nx.has_path(G, it["source"], it["target"])
    if c == "order":
        assert nx.is_directed_acyclic_graph(G)
    # every edge endpoint of a pasted graph must be visible in the question text
    for e in it["edges"]:
        assert str(e[0]) in it["question"] and str(e[1]) in it["question"], (it["family"], e)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for fn, seed in FAMILIES:
        fn(random.Random(seed))
    lines = []
    for i, it in enumerate(ITEMS, 1):
        validate(it)
        rec = {"id": f"q{i:03d}"}
        rec.update(it)
        lines.append(json.dumps(rec, ensure_ascii=False))
    with open(os.path.join(out, "batch10.jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    fams = {it["family"] for it in ITEMS}
    ref = sum(it["refuse"] for it in ITEMS)
    checks = sorted({it["check"] for it in ITEMS})
    print(f"{len(ITEMS)} items, {len(fams)} families, {ref} to refuse; checks: {', '.join(checks)}", file=sys.stderr)


if __name__ == "__main__":
    main()
