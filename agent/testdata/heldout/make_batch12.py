#!/usr/bin/env python3
"""Blind held-out batch 11: people in situations paste graphs and ask.

Run: PYTHONHASHSEED=1 python3 make_batch12.py OUTDIR  (writes OUTDIR/batch12.jsonl; written as batch 11 by a second blind writer, renamed to batch 12)
Every gold answer is computed by NetworkX from the edge list printed into
the question. Deterministic: random.Random(seed) only, sorted iteration.
"""
import json
import os
import random
import sys

import networkx as nx

ITEMS = []


def edges_of(G, weighted):
    out = []
    for u, v, d in G.edges(data=True):
        out.append([u, v, d["weight"]] if weighted else [u, v])
    return out


def add(family, task, question, notation, check, answer, G, key="", tools=(), source="", target="",
        refuse=False, why="", also=None, neg_tools=None, weighted=None):
    if weighted is None:
        weighted = any("weight" in d for _, _, d in G.edges(data=True))
    it = {
        "id": "s%03d" % (len(ITEMS) + 1),
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
        "edges": edges_of(G, weighted),
        "source": source,
        "target": target,
        "refuse": refuse,
        "why": why,
    }
    if also:
        it["also"] = also
    if neg_tools:
        it["neg_tools"] = neg_tools
    ITEMS.append(it)


def rand_graph(rng, names, m, directed=False, wlo=None, whi=None, connected=True, dag=False):
    """A random graph on names with m edges; weights integer in [wlo, whi]."""
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(names)
    n = len(names)
    if connected:
        order = names[:]
        rng.shuffle(order)
        for i in range(1, n):
            u, v = order[rng.randrange(i)], order[i]
            if dag and names.index(u) > names.index(v):
                u, v = v, u
            elif directed and not dag and rng.random() < 0.5:
                u, v = v, u
            G.add_edge(u, v)
    tries = 0
    while G.number_of_edges() < m and tries < 10000:
        tries += 1
        u, v = rng.sample(names, 2)
        if dag and names.index(u) > names.index(v):
            u, v = v, u
        if G.has_edge(u, v) or (directed and G.has_edge(v, u) and dag):
            continue
        G.add_edge(u, v)
    if wlo is not None:
        for u, v in sorted(G.edges()):
            G[u][v]["weight"] = rng.randint(wlo, whi)
    # rebuild with edges in a shuffled but seeded order, nodes in names order
    H = nx.DiGraph() if directed else nx.Graph()
    H.add_nodes_from(names)
    es = sorted(G.edges(data=True), key=lambda e: (e[0], e[1]))
    rng.shuffle(es)
    for u, v, d in es:
        H.add_edge(u, v, **d)
    return H


# ---------- renderings ----------

def r_arrows(G, sep=" -> ", unit=""):
    lines = []
    for u, v, d in G.edges(data=True):
        w = (" (%s%s)" % (d["weight"], unit)) if "weight" in d else ""
        lines.append("%s%s%s%s" % (u, sep, v, w))
    return "\n".join(lines)


def r_table(G, headers, delim="\t", wfmt="{}"):
    lines = [delim.join(headers)]
    for u, v, d in G.edges(data=True):
        row = [u, v] + ([wfmt.format(d["weight"])] if "weight" in d else [])
        lines.append(delim.join(row))
    return "\n".join(lines)


def r_md(G, headers, wfmt="{}"):
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    for u, v, d in G.edges(data=True):
        row = [u, v] + ([wfmt.format(d["weight"])] if "weight" in d else [])
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def r_adj(G, joiner=", ", fmt="{}: {}", bullet=""):
    lines = []
    for n in G.nodes():
        nb = list(G.successors(n)) if G.is_directed() else list(G.neighbors(n))
        lines.append(bullet + fmt.format(n, joiner.join(nb) if nb else "(none)"))
    return "\n".join(lines)


def sp_item(fam, G, s, t, q, notation, unit_weighted=True):
    w = "weight" if any("weight" in d for _, _, d in G.edges(data=True)) else None
    if nx.has_path(G, s, t):
        L = nx.shortest_path_length(G, s, t, weight=w)
        add(fam, "shortest_path", q, notation, "path", L, G, key="length",
            tools=["shortest_path", "shortest_path_length"], source=s, target=t)
    else:
        add(fam, "shortest_path", q, notation, "nopath", None, G,
            tools=["shortest_path", "shortest_path_length"], source=s, target=t)


def pick2(rng, G, reachable=True):
    ns = list(G.nodes())
    for _ in range(200):
        s, t = rng.sample(ns, 2)
        if nx.has_path(G, s, t) == reachable and (not reachable or nx.shortest_path_length(G, s, t) >= 2):
            return s, t
    s, t = rng.sample(ns, 2)
    return s, t


def main(outdir):
    rng = random.Random(1111)

    # 1. Podcast host tracking guest cross-appearances (undirected)
    fam = "podcast_guests"
    shows = ["Deep Cuts", "Byte Night", "The Slow Lane", "Mug Club", "Night Owls", "Soft Launch",
             "Left Field", "Two Mics", "Greenroom", "Hot Take Hour"]
    for k in range(5):
        names = rng.sample(shows, rng.randint(6, 9))
        G = rand_graph(rng, names, len(names) + rng.randint(0, 3))
        data = "\n".join("- %s had a guest from %s" % (u, v) for u, v in G.edges())
        s, t = pick2(rng, G)
        if k == 0:
            q = ("hey so I've been keeping a list of which podcasts have swapped guests (both ways counts, it's a mutual thing):\n"
                 + data + "\n\nif I want an intro from %s to %s through shows that have swapped guests, how many hops is the shortest chain?" % (s, t))
            sp_item(fam, G, s, t, q, "bullets_prose")
        elif k == 1:
            a = rng.choice(names)
            q = ("Guest swaps between podcasts so far (mutual):\n" + data +
                 "\n\nWhich shows has %s swapped guests with directly?" % a)
            add(fam, "neighbors", q, "bullets_prose", "set", sorted(G.neighbors(a)), G,
                tools=["neighbors", "successors", "predecessors"])
        elif k == 2:
            q = (data + "\n\n^ that's every guest swap in our little podcast network. Can you count how many separate clusters of shows there are, i.e. groups that never swapped with each other?")
            H = G.copy()
            H.add_node("Quiet Hours")
            data2 = data + "\n- Quiet Hours (new, no swaps yet)"
            q = (data2 + "\n\n^ that's every guest swap in our little podcast network. How many separate clusters of shows are there — groups with no swap chain between them?")
            add(fam, "components", q, "bullets_prose", "value", nx.number_connected_components(H), H,
                key="count", tools=["connected_components"])
        elif k == 3:
            q = ("Podcast guest swaps (mutual):\n" + data +
                 "\n\nWhich show's listeners would enjoy the crossover most? Like which one has the best vibe?")
            add(fam, "refuse_opinion", q, "bullets_prose", "refuse", None, G, refuse=True,
                why="asks for listener enjoyment/vibe, an opinion no graph tool computes")
        else:
            tri = sum(nx.triangles(G).values()) // 3
            q = ("Our guest-swap log between shows (swaps go both ways):\n" + data +
                 "\n\nHow many trios of shows have all three swapped guests with each other?")
            add(fam, "triangles", q, "bullets_prose", "value", tri, G, key="triangles", tools=["triangle_count"])

    # 2. Wine tourist planning drives between vineyards (weighted minutes)
    fam = "vineyard_drives"
    wineries = ["Cask & Vine", "Hollow Oak", "Sunridge", "Bellmere", "Redstone Cellars", "Lark Hill",
                "Windy Gap", "Old Mill Estate", "Copper Creek", "Three Pines"]
    for k in range(5):
        names = rng.sample(wineries, rng.randint(6, 9))
        G = rand_graph(rng, names, len(names) + 3, wlo=8, whi=40)
        tbl = r_table(G, ["From", "To", "Drive (min)"])
        s, t = pick2(rng, G)
        if k < 2:
            q = ("We're doing a wine weekend and I copied the drive times (either direction) out of my spreadsheet:\n\n" + tbl +
                 "\n\nWhat's the quickest total drive from %s to %s, in minutes?" % (s, t))
            sp_item(fam, G, s, t, q, "tsv")
        elif k == 2:
            mst = nx.minimum_spanning_tree(G).size(weight="weight")
            q = ("Our tasting club wants to put up signposted roads linking all the wineries below using only the existing roads, "
                 "with the least total driving minutes of road to signpost (roads work both ways):\n\n" + tbl +
                 "\n\nWhat's the smallest total (in minutes) that still links every winery?")
            add(fam, "mst", q, "tsv", "value", mst, G, key="total_weight", tools=["minimum_spanning_tree"])
        elif k == 3:
            q = ("drive times between vineyards (minutes):\n" + tbl +
                 "\n\nwhich of these wineries has the best pinot noir?")
            add(fam, "refuse_opinion", q, "tsv", "refuse", None, G, refuse=True,
                why="wine quality is not in the data")
        else:
            q = ("Drive times (min), two-way roads:\n" + tbl +
                 "\n\nHow long is the drive from %s to Vinterra Ridge?" % s)
            add(fam, "refuse_missing_node", q, "tsv", "refuse", None, G, refuse=True,
                why="Vinterra Ridge is not in the table")

    # 3. Tenant with Wi-Fi mesh extenders in an apartment block (single points of failure)
    fam = "mesh_wifi_tenant"
    pods = ["hallway", "kitchen", "bedroom1", "bedroom2", "office", "garage", "attic", "porch", "laundry", "den", "loft"]
    for k in range(5):
        names = rng.sample(pods, rng.randint(6, 10))
        G = rand_graph(rng, names, len(names) + rng.randint(0, 2))
        data = "\n".join("%s <-> %s" % (u, v) for u, v in G.edges())
        if k in (0, 1):
            ap = sorted(nx.articulation_points(G))
            q = ("My mesh app shows which pods can see each other (backhaul links):\n```\n" + data +
                 "\n```\nIf one pod dies, which pods would cut some of the others off? I want to know where to put the UPS.")
            add(fam, "articulation_points", q, "code_block", "set", ap, G, key="nodes", tools=["articulation_points"])
        elif k == 2:
            br = len(list(nx.bridges(G)))
            q = ("pod links from the app:\n" + data +
                 "\n\nHow many individual links are such that if just that link drops, the mesh splits in two?")
            add(fam, "bridges", q, "code_block", "value", br, G, key="count", tools=["bridges"])
        elif k == 3:
            q = ("Backhaul links between my mesh pods:\n" + data +
                 "\n\nWhich link has the worst signal strength? I think it's around -70 dBm somewhere.")
            add(fam, "refuse_missing_data", q, "code_block", "refuse", None, G, refuse=True,
                why="no signal strengths are given")
        else:
            a = rng.choice(names)
            d = G.degree(a)
            q = ("pods and who they see:\n" + data + "\n\nHow many other pods is the %s pod directly linked to?" % a)
            add(fam, "degree", q, "code_block", "value", d, G, tools=["degree"])

    # 4. HOA board secretary: who replies to whose emails (directed)
    fam = "hoa_email_replies"
    people = ["Marjorie", "Dev", "Tomasz", "Lucille", "Bernard", "Ines", "Wally", "Priya", "Gus"]
    for k in range(5):
        names = rng.sample(people, rng.randint(6, 8))
        G = rand_graph(rng, names, len(names) + 3, directed=True)
        data = "\n".join("%s replied to %s" % (u, v) for u, v in G.edges())
        a = rng.choice(names)
        if k == 0:
            a = rng.choice([n for n in names if G.out_degree(n)])
            q = ("From the HOA thread archive (each line: who replied to whose email):\n" + data +
                 "\n\nWhose emails has %s replied to?" % a)
            add(fam, "successors", q, "prose_lines", "set", sorted(G.successors(a)), G, tools=["successors", "neighbors"])
        elif k == 1:
            a = rng.choice([n for n in names if G.in_degree(n)])
            q = ("HOA thread, who replied to whom:\n" + data + "\n\nWho has replied to %s's emails?" % a)
            add(fam, "predecessors", q, "prose_lines", "set", sorted(G.predecessors(a)), G, tools=["predecessors"])
        elif k == 2:
            src = sorted(n for n in G if G.in_degree(n) == 0)
            q = ("Reply log from the HOA list:\n" + data +
                 "\n\nWhich board members have never had anybody reply to them?")
            add(fam, "sources", q, "prose_lines", "set", src, G, key="sources", tools=["sources_sinks"])
        elif k == 3:
            q = ("Reply log from the HOA list:\n" + data + "\n\nWho is the most passive-aggressive person on the board?")
            add(fam, "refuse_opinion", q, "prose_lines", "refuse", None, G, refuse=True, why="tone is not in the reply log")
        else:
            d = G.in_degree(a)
            q = ("HOA emails, who replied to whom:\n" + data + "\n\nHow many different people replied to %s?" % a)
            add(fam, "in_degree", q, "prose_lines", "value", d, G, tools=["degree"])

    # 5. Film production coordinator: call sheet task dependencies (DAG)
    fam = "film_shoot_schedule"
    tasks = ["location scout", "permits", "casting", "costume fitting", "set build", "lighting rig",
             "rehearsal", "principal photography", "pickups", "edit", "color grade", "sound mix"]
    for k in range(5):
        names = tasks[:rng.randint(7, 12)]
        G = rand_graph(rng, names, len(names) + 2, directed=True, dag=True)
        if k == 3:
            # add a back edge to make a cycle: the last task with an ancestor gets an edge back to it
            v = next(n for n in reversed(names) if nx.ancestors(G, n))
            G.add_edge(v, sorted(nx.ancestors(G, v))[0])
        data = "\n".join("* %s must be done before %s" % (u, v) for u, v in G.edges())
        if k in (0, 1):
            q = ("Production coordinator here. Our dependencies for the shoot:\n" + data +
                 "\n\nGive me an order to do all of these in so nothing happens before the stuff it depends on.")
            add(fam, "topological_sort", q, "bullets_prose", "order", None, G, tools=["topological_sort"])
        elif k in (2, 3):
            q = ("Double-checking the shoot plan before I send it to the line producer:\n" + data +
                 "\n\nIs there any circular dependency in this, where something ends up waiting on itself?")
            add(fam, "cycle", q, "bullets_prose", "dag", nx.is_directed_acyclic_graph(G), G,
                tools=["cycle_check"], neg_tools=["cycle_check"])
        else:
            q = ("Shoot dependencies:\n" + data + "\n\nHow many days will the whole thing take?")
            add(fam, "refuse_missing_data", q, "bullets_prose", "refuse", None, G, refuse=True,
                why="no durations are given")

    # 6. Park ranger: trail junctions with distances in km
    fam = "park_trails"
    junc = ["Trailhead", "Fern Gully", "Lookout", "Beaver Pond", "Cedar Fork", "Ridge Camp", "Falls",
            "Boulder Field", "Meadow", "Old Fire Tower", "Spring"]
    for k in range(6):
        names = rng.sample(junc, rng.randint(7, 11))
        G = rand_graph(rng, names, len(names) + 3, wlo=1, whi=9)
        for u, v in G.edges():
            G[u][v]["weight"] = G[u][v]["weight"] / 2.0 + 0.0
        md = r_md(G, ["Junction A", "Junction B", "km"])
        s, t = pick2(rng, G)
        if k < 3:
            q = ("Ranger station trail table (trails are walkable both ways):\n\n" + md +
                 "\n\nA hiker at %s radioed in; what's the shortest walking distance to %s in km?" % (s, t))
            sp_item(fam, G, s, t, q, "markdown_table")
        elif k == 3:
            ecc = nx.eccentricity(G)
            q = ("Trail segments in the park:\n\n" + md +
                 "\n\nIgnoring the km, counting just trail segments: what's the largest number of segments you'd ever need between two junctions, taking the best route?")
            add(fam, "diameter", q, "markdown_table", "value", nx.diameter(G), G, tools=["diameter"])
        elif k == 4:
            q = ("Trail segments:\n\n" + md + "\n\nWhich trail is the steepest?")
            add(fam, "refuse_missing_data", q, "markdown_table", "refuse", None, G, refuse=True, why="no elevation data")
        else:
            odd = [n for n in G if G.degree(n) % 2]
            ex = nx.has_eulerian_path(G)
            q = ("Trail crew wants to walk every trail segment exactly once to inspect it (can start and end anywhere):\n\n" + md +
                 "\n\nIs that possible without repeating a segment?")
            add(fam, "euler_path", q, "markdown_table", "value", ex, G, key="exists", tools=["euler_path"])

    # 7. Animal shelter coordinator: foster families and pets they can take (bipartite matching)
    fam = "foster_matching"
    fams = ["Okafor", "Lindqvist", "Moreau", "Patel", "Haddad", "Nakamura", "Russo"]
    pets = ["Biscuit", "Nala", "Pickles", "Rufus", "Mochi", "Zeus", "Clover", "Pepper"]
    for k in range(5):
        F = rng.sample(fams, rng.randint(4, 6))
        P = rng.sample(pets, rng.randint(4, 7))
        G = nx.Graph()
        G.add_nodes_from(F + P)
        for f in F:
            for p in rng.sample(P, rng.randint(1, 3)):
                G.add_edge(f, p)
        lines = []
        for f in F:
            lines.append("%s family: can take %s" % (f, ", ".join(q for q in P if G.has_edge(f, q))))
        data = "\n".join(lines)
        nooffer = [p for p in P if G.degree(p) == 0]
        if nooffer:
            data += "\nStill no offers for: " + ", ".join(nooffer)
        if k < 3:
            m = len(nx.bipartite.maximum_matching(G, top_nodes=F)) // 2
            q = ("Shelter intake notes — each family can foster ONE animal, each animal needs one home:\n" + data +
                 "\n\nWhat's the most animals we can place at once?")
            add(fam, "matching", q, "prose_lines", "matching", m, G, tools=["maximum_bipartite_matching"])
        elif k == 3:
            q = ("Foster availability:\n" + data + "\n\nWhich family would give %s the happiest home?" % P[0])
            add(fam, "refuse_opinion", q, "prose_lines", "refuse", None, G, refuse=True, why="happiness is an opinion")
        else:
            p = P[0]
            q = ("Foster availability:\n" + data + "\n\nWhich families could take %s?" % p)
            add(fam, "neighbors", q, "prose_lines", "set", sorted(G.neighbors(p)), G,
                tools=["neighbors", "predecessors", "successors"])

    # 8. Flatmates tracking who owes whom (directed, weighted in euros)
    fam = "flatmate_debts"
    mates = ["Jonas", "Aoife", "Kemal", "Sunny", "Bea", "Rafa", "Tuula"]
    for k in range(5):
        names = rng.sample(mates, rng.randint(5, 7))
        G = rand_graph(rng, names, len(names) + 2, directed=True, wlo=5, whi=60)
        data = "\n".join("%s owes %s €%d" % (u, v, d["weight"]) for u, v, d in G.edges(data=True))
        if k == 0:
            q = ("ok flat group chat summary of who owes who:\n" + data +
                 "\n\nis there a loop anywhere, like A owes B owes C owes A? then we could cancel stuff out")
            add(fam, "cycle", q, "chat", "dag", nx.is_directed_acyclic_graph(G), G,
                tools=["cycle_check"], neg_tools=["cycle_check"])
        elif k == 1:
            sc = [sorted(c) for c in nx.strongly_connected_components(G)]
            sc.sort()
            q = ("Debts in the flat (who owes whom):\n" + data +
                 "\n\nSplit us into groups where everyone in a group is connected to everyone else in it by a chain of debts going both ways (A→…→B and B→…→A).")
            add(fam, "scc", q, "chat", "partition", sc, G, key="components", tools=["strongly_connected_components"])
        elif k == 2:
            s, t = pick2(rng, G)
            ok = nx.has_path(G, s, t)
            q = ("who owes who rn:\n" + data + "\n\ncan money flow from %s to %s through a chain of these debts (following who owes who)?" % (s, t))
            add(fam, "path_exists", q, "chat", "value", ok, G, tools=["path_exists"])
        elif k == 3:
            q = ("who owes who:\n" + data + "\n\nwho's the stingiest flatmate lol")
            add(fam, "refuse_opinion", q, "chat", "refuse", None, G, refuse=True, why="stinginess is an opinion")
        else:
            a = rng.choice(names)
            q = ("flat debts:\n" + data + "\n\nhow many people does %s owe money to?" % a)
            add(fam, "out_degree", q, "chat", "value", G.out_degree(a), G, tools=["degree"])

    # 9. Evacuation planner: corridor capacities (people per minute), max flow
    fam = "evacuation_flow"
    rooms = ["Lobby", "East Wing", "West Wing", "Atrium", "Stairwell A", "Stairwell B", "Cafeteria", "Loading Dock", "Exit"]
    for k in range(5):
        names = ["Ballroom"] + rng.sample(rooms[:-1], rng.randint(4, 7)) + ["Exit"]
        G = rand_graph(rng, names, len(names) + 4, directed=True, wlo=20, whi=90, dag=True)
        if not nx.has_path(G, "Ballroom", "Exit"):
            G.add_edge("Ballroom", "Exit", weight=15)
        yaml = "corridors:\n" + "\n".join("  - from: %s\n    to: %s\n    people_per_min: %d" % (u, v, d["weight"])
                                          for u, v, d in G.edges(data=True))
        if k < 3:
            H = nx.DiGraph()
            H.add_nodes_from(G)
            for u, v, d in G.edges(data=True):
                H.add_edge(u, v, capacity=d["weight"])
            f = nx.maximum_flow_value(H, "Ballroom", "Exit")
            q = ("I'm the venue safety officer. Corridors are one-way during an evacuation (direction as listed) and each has a max throughput:\n\n```yaml\n"
                 + yaml + "\n```\n\nWhat's the most people per minute we can get out from the Ballroom to the Exit?")
            add(fam, "max_flow", q, "yaml", "value", f, G, key="value", tools=["maximum_flow"], source="Ballroom", target="Exit")
        elif k == 3:
            q = ("Evacuation corridors:\n```yaml\n" + yaml + "\n```\nHow many minutes will it take to clear 600 guests if half of them panic?")
            add(fam, "refuse_missing_data", q, "yaml", "refuse", None, G, refuse=True,
                why="panic behaviour and corridor lengths are not in the data")
        else:
            q = ("Evacuation corridors (one-way as listed):\n```yaml\n" + yaml + "\n```\nWhich areas have no corridor leading out of them at all?")
            sinks = sorted(n for n in G if G.out_degree(n) == 0)
            add(fam, "sinks", q, "yaml", "set", sinks, G, key="sinks", tools=["sources_sinks"])

    # 10. Gamer managing mod load order (Skyrim-style "requires")
    fam = "mod_load_order"
    mods = ["SkyUI", "SKSE", "USSEP", "Frostfall", "Campfire", "RaceMenu", "XPMSE", "FNIS", "Immersive Armors",
            "iHUD", "MCM Helper", "Address Library"]
    for k in range(5):
        names = rng.sample(mods, rng.randint(6, 10))
        G = rand_graph(rng, names, len(names) + 1, directed=True, dag=True)
        if k == 2:
            G.add_edge(names[-1], names[0])
        js = json.dumps({n: {"requires": [u for u in G.predecessors(n)]} for n in G.nodes()}, indent=2)
        # edge u->v means u must load before v (v requires u)
        if k in (0, 1):
            q = ("modlist.json from my manager (each mod lists what it requires; requirements have to load first):\n```json\n" + js +
                 "\n```\nWhat load order works?")
            add(fam, "topological_sort", q, "json", "order", None, G, tools=["topological_sort"])
        elif k == 2:
            q = ("my mod manager keeps crashing on sort, here's the requires list:\n```json\n" + js +
                 "\n```\nis there a circular requirement somewhere??")
            add(fam, "cycle", q, "json", "dag", nx.is_directed_acyclic_graph(G), G, tools=["cycle_check"], neg_tools=["cycle_check"])
        elif k == 3:
            q = ("```json\n" + js + "\n```\nWhich of these mods will cause the most FPS drop?")
            add(fam, "refuse_missing_data", q, "json", "refuse", None, G, refuse=True, why="performance is not in the data")
        else:
            a = names[-1]
            req = sorted(G.predecessors(a))
            q = ("```json\n" + js + "\n```\nWhat does %s directly require?" % a)
            add(fam, "predecessors", q, "json", "set", req, G, tools=["predecessors"])

    # 11. Scuba dive operator: boat times between dive sites (weighted)
    fam = "dive_boat"
    sites = ["Harbour", "Coral Garden", "Blue Hole", "The Wreck", "Turtle Bay", "Shark Point", "Manta Reef", "Canyon"]
    for k in range(5):
        names = ["Harbour"] + rng.sample(sites[1:], rng.randint(4, 6))
        G = nx.complete_graph(names) if k == 0 else rand_graph(rng, names, len(names) + 3, wlo=5, whi=35)
        if k == 0:
            H = nx.Graph()
            H.add_nodes_from(names)
            for u, v in sorted(G.edges()):
                H.add_edge(u, v, weight=rng.randint(5, 35))
            G = H
        data = "\n".join("%s - %s: %d min" % (u, v, d["weight"]) for u, v, d in G.edges(data=True))
        if k == 0:
            best = None
            import itertools
            others = names[1:]
            for perm in itertools.permutations(others):
                tour = ["Harbour"] + list(perm) + ["Harbour"]
                c = sum(G[tour[i]][tour[i + 1]]["weight"] for i in range(len(tour) - 1))
                best = c if best is None or c < best else best
            q = ("Dive op here. Boat times between sites (same either way):\n" + data +
                 "\n\nWe want to leave the Harbour, hit every site once, and come back. Cheapest total boat time?")
            add(fam, "tsp", q, "prose_lines", "value", best, G, key="cost", tools=["travelling_salesman"])
        elif k in (1, 2):
            s, t = "Harbour", rng.choice(names[1:])
            q = ("Boat legs we run (either direction):\n" + data + "\n\nFastest way from %s to %s in minutes?" % (s, t))
            sp_item(fam, G, s, t, q, "prose_lines")
        elif k == 3:
            q = ("Boat legs:\n" + data + "\n\nWhere will we see the most turtles this week?")
            add(fam, "refuse_opinion", q, "prose_lines", "refuse", None, G, refuse=True, why="sightings are not in the data")
        else:
            q = ("Boat legs:\n" + data + "\n\nHow many legs do we run in total?")
            add(fam, "edge_count", q, "prose_lines", "value", G.number_of_edges(), G, tools=["edge_count", "size"])

    # 12. Conference organiser: speakers who shared a panel (triangles, clustering)
    fam = "conference_panels"
    spk = ["Dr. Osei", "Prof. Halvorsen", "Mei Lin", "R. Castellanos", "J. Whitfield", "A. Novak", "S. Banerjee",
           "K. O'Brien", "T. Mwangi", "L. Fournier"]
    for k in range(5):
        names = rng.sample(spk, rng.randint(6, 9))
        G = rand_graph(rng, names, len(names) + 5)
        csv = r_table(G, ["speaker_1", "speaker_2"], delim=",")
        if k == 0:
            q = ("Exported from our CFP tool — pairs of speakers who have shared a panel:\n```\n" + csv +
                 "\n```\nHow many groups of three speakers have all pairwise shared panels?")
            add(fam, "triangles", q, "csv", "value", sum(nx.triangles(G).values()) // 3, G, key="triangles", tools=["triangle_count"])
        elif k == 1:
            a = rng.choice(names)
            q = ("speaker pairs that shared a panel:\n" + csv + "\n\nIn how many trios where all three shared panels does %s appear?" % a)
            add(fam, "triangles_node", q, "csv", "value", nx.triangles(G, a), G, key="triangles", tools=["triangle_count"])
        elif k == 2:
            a, b = rng.sample(names, 2)
            cn = sorted(nx.common_neighbors(G, a, b))
            q = ("speaker pairs that shared a panel:\n" + csv + "\n\nWho has shared a panel with both %s and %s?" % (a, b))
            add(fam, "common_neighbors", q, "csv", "set", cn, G, tools=["common_neighbors"])
        elif k == 3:
            q = ("speaker pairs that shared a panel:\n" + csv + "\n\nWhich speaker got the best audience feedback?")
            add(fam, "refuse_missing_data", q, "csv", "refuse", None, G, refuse=True, why="feedback is not in the data")
        else:
            q = ("speaker pairs that shared a panel:\n" + csv +
                 "\n\nWhat is the transitivity of this co-panel network (3 × triangles / connected triples)?")
            add(fam, "transitivity", q, "csv", "value", nx.transitivity(G), G, tools=["transitivity"])


    # 13. Running club captain: who runs with whom (communities with obvious groups)
    fam = "running_club"
    for k in range(5):
        a = ["Hana", "Olu", "Piet", "Zara", "Mick"][:rng.randint(4, 5)]
        b = ["Cleo", "Dario", "Femi", "Ysolde", "Bram"][:rng.randint(4, 5)]
        G = nx.Graph()
        G.add_nodes_from(a + b)
        for grp in (a, b):
            for i in range(len(grp)):
                for j in range(i + 1, len(grp)):
                    G.add_edge(grp[i], grp[j])
        G.add_edge(rng.choice(a), rng.choice(b))
        H = nx.Graph()
        H.add_nodes_from(a + b)
        es = list(G.edges())
        rng.shuffle(es)
        H.add_edges_from(es)
        G = H
        data = "\n".join("%s runs with %s" % (u, v) for u, v in G.edges())
        if k == 0:
            gm = sorted(sorted(c) for c in nx.community.greedy_modularity_communities(G))
            lv = sorted(sorted(c) for c in nx.community.louvain_communities(G, seed=0))
            assert gm == lv
            q = ("Club captain here, trying to figure out our natural pace groups from who actually runs together on Sundays:\n" + data +
                 "\n\nWhat clusters/communities do you see?")
            add(fam, "communities", q, "prose_lines", "partition", gm, G, key="communities",
                tools=["greedy_modularity_communities", "louvain_communities"])
        elif k == 1:
            br = len(list(nx.bridges(G)))
            q = ("Sunday running pairs:\n" + data + "\n\nHow many running partnerships are the only link between two otherwise separate parts of the club?")
            add(fam, "bridges", q, "prose_lines", "value", br, G, key="count", tools=["bridges"])
        elif k == 2:
            q = ("Sunday running pairs:\n" + data + "\n\nWho's the fastest runner?")
            add(fam, "refuse_missing_data", q, "prose_lines", "refuse", None, G, refuse=True, why="pace is not in the data")
        elif k == 3:
            q = ("Sunday running pairs:\n" + data + "\n\nCan I split everyone into two squads so no two people who run together end up in the same squad?")
            add(fam, "bipartite", q, "prose_lines", "value", nx.is_bipartite(G), G, key="bipartite", tools=["is_bipartite"])
        else:
            s, t = a[0], b[-1]
            q = ("Sunday running pairs:\n" + data + "\n\nHow many hops apart are %s and %s, going through running partners, at the fewest?" % (s, t))
            sp_item(fam, G, s, t, q, "prose_lines")

    # 14. Aquarium hobbyist: fish species that can't share a tank (chromatic number)
    fam = "aquarium_tanks"
    fish = ["betta", "guppy", "neon tetra", "oscar", "angelfish", "cory catfish", "goldfish", "pleco", "tiger barb", "molly", "cichlid"]
    for k in range(5):
        names = rng.sample(fish, rng.randint(6, 9))
        G = rand_graph(rng, names, len(names) + rng.randint(1, 5), connected=(k != 1))
        data = "\n".join("  %s ✗ %s" % (u, v) for u, v in G.edges())
        iso = [n for n in G if G.degree(n) == 0]
        extra = ("\n  (%s gets along with everyone)" % ", ".join(iso)) if iso else ""
        if k in (0, 1):
            chi = None
            for c in range(1, len(names) + 1):
                # exact: try colourings by brute force over greedy with all strategies, then verify lower bound
                pass
            import itertools
            nodes = list(G.nodes())
            def colorable(c):
                col = {}
                def bt(i):
                    if i == len(nodes):
                        return True
                    for x in range(c):
                        if all(col.get(nb) != x for nb in G.neighbors(nodes[i])):
                            col[nodes[i]] = x
                            if bt(i + 1):
                                return True
                            del col[nodes[i]]
                    return False
                return bt(0)
            chi = next(c for c in range(1, len(nodes) + 1) if colorable(c))
            q = ("Planning my fish room. These pairs can NOT be kept in the same tank:\n" + data + extra +
                 "\n\nWhat's the minimum number of tanks I need so every species is housed and no incompatible pair shares a tank?")
            add(fam, "chromatic", q, "symbol_list", "value", chi, G, key="chromatic_number", tools=["chromatic_number"])
        elif k == 2:
            q = ("Incompatible pairs (can't share a tank):\n" + data + extra + "\n\nHow many litres does the oscar tank need?")
            add(fam, "refuse_missing_data", q, "symbol_list", "refuse", None, G, refuse=True, why="tank volumes are not in the data")
        elif k == 3:
            a = rng.choice(names)
            nn = sorted(set(names) - set(G.neighbors(a)) - {a})
            q = ("Incompatible pairs (can't share a tank):\n" + data + extra + "\n\nWhich species could go in with the %s?" % a)
            add(fam, "non_neighbors", q, "symbol_list", "set", nn, G, tools=["non_neighbors"])
        else:
            q = ("Incompatible pairs:\n" + data + extra + "\n\nCould I get away with just two tanks?")
            add(fam, "bipartite", q, "symbol_list", "value", nx.is_bipartite(G), G, key="bipartite", tools=["is_bipartite"])

    # 15. Walking-tour guide: landmarks joined by walkable streets (Hamiltonian path)
    fam = "walking_tour"
    marks = ["Clock Tower", "Fish Market", "Cathedral", "Old Bridge", "Guildhall", "Botanic Garden", "Castle Gate", "Harbour Steps", "Opera House"]
    for k in range(5):
        names = rng.sample(marks, rng.randint(5, 8))
        G = rand_graph(rng, names, len(names) + rng.randint(0, 4))
        if k == 2:
            G = nx.Graph()
            G.add_nodes_from(names)
            G.add_edges_from((names[0], n) for n in names[1:])
            G.add_edge(names[1], names[2])
        data = "; ".join("%s–%s" % (u, v) for u, v in G.edges())
        if k < 3:
            ex = False
            import itertools
            for perm in itertools.permutations(names):
                if all(G.has_edge(perm[i], perm[i + 1]) for i in range(len(perm) - 1)):
                    ex = True
                    break
            q = ("I run a walking tour. Direct walkable streets between landmarks: " + data +
                 ".\nCan I plan a route that visits every landmark exactly once (start and finish anywhere), only using those streets?")
            add(fam, "hamiltonian_path", q, "inline_pairs", "hamilton", ex, G, tools=["hamiltonian_path"])
        elif k == 3:
            q = ("Direct walkable streets between landmarks: " + data + ".\nWhich landmark do tourists photograph most?")
            add(fam, "refuse_opinion", q, "inline_pairs", "refuse", None, G, refuse=True, why="not in the data")
        else:
            q = ("Direct walkable streets between landmarks: " + data + ".\nHow many landmarks are on my list?")
            add(fam, "node_count", q, "inline_pairs", "value", G.number_of_nodes(), G, tools=["node_count", "order"])

    # 16. Snowplough dispatcher: street segments, cover each once (Euler)
    fam = "snowplough"
    corners = ["Elm/1st", "Elm/2nd", "Oak/1st", "Oak/2nd", "Pine/1st", "Pine/2nd", "Birch/1st", "Birch/2nd"]
    for k in range(5):
        names = rng.sample(corners, rng.randint(5, 8))
        G = rand_graph(rng, names, len(names) + rng.randint(1, 4))
        data = "\n".join("%s\t%s" % (u, v) for u, v in G.edges())
        if k in (0, 1):
            q = ("Dispatcher here. Street segments (two-way) between intersections for tonight's plough:\n" + "corner_a\tcorner_b\n" + data +
                 "\n\nCan one plough drive every segment exactly once and end up back where it started?")
            add(fam, "euler_circuit", q, "tsv", "value", nx.is_eulerian(G), G, key="circuit", tools=["euler_circuit"])
        elif k == 2:
            q = ("Segments:\ncorner_a\tcorner_b\n" + data + "\n\nCan one plough drive every segment exactly once if it doesn't have to return to the start?")
            add(fam, "euler_path", q, "tsv", "value", nx.has_eulerian_path(G), G, key="exists", tools=["euler_path"])
        elif k == 3:
            q = ("Segments:\ncorner_a\tcorner_b\n" + data + "\n\nHow many centimetres of snow fell on Elm?")
            add(fam, "refuse_missing_data", q, "tsv", "refuse", None, G, refuse=True, why="snowfall not in the data")
        else:
            a = rng.choice(names)
            q = ("Segments:\ncorner_a\tcorner_b\n" + data + "\n\nHow many segments meet at %s?" % a)
            add(fam, "degree", q, "tsv", "value", G.degree(a), G, tools=["degree"])

    # 17. Crypto hobbyist: wallet transfer channel limits (directed, max flow)
    fam = "payment_channels"
    wal = ["alice.eth", "bobwallet", "carol_cold", "dex_pool", "eve.sol", "frank_hw", "gina_hot", "hub7"]
    for k in range(5):
        names = rng.sample(wal, rng.randint(5, 8))
        G = rand_graph(rng, names, len(names) + 4, directed=True, wlo=1, whi=12, dag=True)
        s, t = names[0], names[-1]
        if not nx.has_path(G, s, t):
            G.add_edge(s, t, weight=2)
        code = "channels = [\n" + "\n".join("    (%r, %r, %d),  # from, to, max BTC-ish units" % (u, v, d["weight"]) if i == 0 else "    (%r, %r, %d)," % (u, v, d["weight"])
                                            for i, (u, v, d) in enumerate(G.edges(data=True))) + "\n]"
        if k < 3:
            H = nx.DiGraph()
            for u, v, d in G.edges(data=True):
                H.add_edge(u, v, capacity=d["weight"])
            f = nx.maximum_flow_value(H, s, t)
            q = ("playing with a payment-channel sim. channels are one-directional (from, to, capacity):\n```python\n" + code +
                 "\n```\nwhat's the max I can push from %s to %s in total across all routes?" % (s, t))
            add(fam, "max_flow", q, "python", "value", f, G, key="value", tools=["maximum_flow"], source=s, target=t)
        elif k == 3:
            q = ("```python\n" + code + "\n```\nwill %s go up in price next week?" % names[0])
            add(fam, "refuse_opinion", q, "python", "refuse", None, G, refuse=True, why="price prediction")
        else:
            q = ("```python\n" + code + "\n```\ncan anything get from %s back to %s at all, following channel directions?" % (t, s))
            add(fam, "path_exists", q, "python", "value", nx.has_path(G, t, s), G, tools=["path_exists"])

    # 18. Smart-home tinkerer: automations triggering each other (YAML, cycles)
    fam = "home_automations"
    autos = ["motion_hall", "lights_hall", "night_mode", "thermostat_eco", "blinds_close", "tv_off", "door_lock", "alarm_arm", "porch_light"]
    for k in range(5):
        names = rng.sample(autos, rng.randint(5, 8))
        G = rand_graph(rng, names, len(names) + 1, directed=True, dag=True)
        if k in (1, 3):
            G.add_edge(names[-1], names[0])
        yaml = "\n".join("- id: %s\n  triggers: [%s]" % (n, ", ".join(G.successors(n))) for n in G.nodes())
        if k in (0, 1):
            q = ("My Home Assistant automations — each one fires the ones listed under `triggers`:\n```yaml\n" + yaml +
                 "\n```\nCould these end up in an infinite loop, one firing another and eventually itself again?")
            add(fam, "cycle", q, "yaml", "dag", nx.is_directed_acyclic_graph(G), G, tools=["cycle_check"], neg_tools=["cycle_check"])
        elif k == 2:
            a, b = names[0], names[-1]
            q = ("```yaml\n" + yaml + "\n```\nIf %s fires, can it eventually set off %s through the chain?" % (a, b))
            add(fam, "path_exists", q, "yaml", "value", nx.has_path(G, a, b), G, tools=["path_exists"])
        elif k == 3:
            q = ("```yaml\n" + yaml + "\n```\nHow much electricity will these automations save me per month?")
            add(fam, "refuse_missing_data", q, "yaml", "refuse", None, G, refuse=True, why="energy data not given")
        else:
            a = names[0]
            q = ("```yaml\n" + yaml + "\n```\nWhich automations does %s fire directly?" % a)
            add(fam, "successors", q, "yaml", "set", sorted(G.successors(a)), G, tools=["successors", "neighbors"])

    # 19. Startup founder mapping warm intros (unweighted hops)
    fam = "warm_intros"
    ppl = ["me", "Rohan (ex-colleague)", "Tess", "Magnus", "Yuki", "Ferdinand", "Abena", "Carlos", "Investor Ilse", "Sol"]
    for k in range(5):
        names = ppl[:1] + rng.sample(ppl[1:8], rng.randint(5, 7)) + ["Investor Ilse"]
        G = rand_graph(rng, names, len(names) + 2, connected=(k != 2))
        if k == 2 and nx.has_path(G, "me", "Investor Ilse"):
            for nb in list(G.neighbors("Investor Ilse")):
                G.remove_edge("Investor Ilse", nb)
            G.add_edge("Investor Ilse", "Sol")
        data = "\n".join("%s knows %s" % (u, v) for u, v in G.edges())
        if k in (0, 1, 2):
            q = ("Pre-seed founder, trying to reach Investor Ilse through warm intros. Who knows whom (it's mutual):\n" + data +
                 "\n\nHow many hops is the shortest chain of acquaintances from me to Investor Ilse (each 'knows' link is one hop)?")
            sp_item(fam, G, "me", "Investor Ilse", q, "prose_lines")
        elif k == 3:
            q = ("who knows whom:\n" + data + "\n\nWhich of these people would be the most enthusiastic about my pitch?")
            add(fam, "refuse_opinion", q, "prose_lines", "refuse", None, G, refuse=True, why="opinion")
        else:
            bc = nx.betweenness_centrality(G)
            a = max(sorted(bc), key=lambda n: bc[n])
            q = ("who knows whom:\n" + data + "\n\nWhat is the (normalised) betweenness centrality of %s in this network?" % a)
            add(fam, "betweenness", q, "prose_lines", "value", bc[a], G, tools=["betweenness_centrality"])

    # 20. Zip-line park designer: platforms and cable lengths (MST)
    fam = "zipline_park"
    plats = ["P%d" % i for i in range(1, 27)]
    for k in range(5):
        names = plats[:rng.randint(8, 26)]
        G = rand_graph(rng, names, len(names) + 5, wlo=12, whi=80)
        data = "\n".join("%s to %s = %dm" % (u, v, d["weight"]) for u, v, d in G.edges(data=True))
        if k < 3:
            q = ("Designing a treetop course. Possible cable runs between platforms and their lengths:\n" + data +
                 "\n\nI need every platform reachable from every other. Minimum total metres of cable?")
            add(fam, "mst", q, "prose_lines", "value", nx.minimum_spanning_tree(G).size(weight="weight"), G,
                key="total_weight", tools=["minimum_spanning_tree"])
        elif k == 3:
            q = ("Possible cable runs:\n" + data + "\n\nWhat's the cheapest cable supplier near Bristol?")
            add(fam, "refuse_offtopic", q, "prose_lines", "refuse", None, G, refuse=True, why="not in the data")
        else:
            q = ("Possible cable runs:\n" + data + "\n\nWhat is the density of this set of possible runs (runs present / runs possible)?")
            add(fam, "density", q, "prose_lines", "value", nx.density(G), G, tools=["density"])

    # 21. Novelist keeping track of a fantasy map (roads, days' travel)
    fam = "novel_map"
    towns = ["Vessimar", "Orl", "Kethby", "Dunmoor", "Ashen Ford", "Tarrow", "Ysgol", "Brindlemark", "Queln", "Harth"]
    for k in range(5):
        names = rng.sample(towns, rng.randint(7, 10))
        G = rand_graph(rng, names, len(names) + 1, wlo=1, whi=6, connected=(k not in (1, 2)))
        data = "\n".join("The road from %s to %s takes %d days." % (u, v, d["weight"]) for u, v, d in G.edges(data=True))
        iso = [n for n in G if G.degree(n) == 0]
        if iso:
            data += "\n" + " ".join("%s has no roads at all." % n for n in iso)
        if k == 0:
            s, t = pick2(rng, G)
            q = ("I'm writing a fantasy novel and need to keep travel times consistent. My notes (roads go both ways):\n" + data +
                 "\n\nHow many days minimum for my heroine to get from %s to %s?" % (s, t))
            sp_item(fam, G, s, t, q, "prose")
        elif k == 1:
            q = ("My worldbuilding notes (roads go both ways):\n" + data + "\n\nHow many separate regions are there that can't reach each other by road?")
            add(fam, "components", q, "prose", "value", nx.number_connected_components(G), G, key="count", tools=["connected_components"])
        elif k == 2:
            s, t = pick2(rng, G, reachable=False)
            if nx.has_path(G, s, t):
                s, t = pick2(rng, G)
            q = ("Notes:\n" + data + "\n\nHow many days' ride from %s to %s?" % (s, t))
            sp_item(fam, G, s, t, q, "prose")
        elif k == 3:
            q = ("Notes:\n" + data + "\n\nWhich town should my villain be from so it's the most dramatic?")
            add(fam, "refuse_opinion", q, "prose", "refuse", None, G, refuse=True, why="opinion")
        else:
            q = ("Notes (roads both ways):\n" + data + "\n\nIs every town reachable from every other by road?")
            add(fam, "is_connected", q, "prose", "value", nx.is_connected(G), G, tools=["is_connected"])

    # 22. Modular synth patcher: patch cables (directed signal flow)
    fam = "modular_synth"
    mods = ["VCO1", "VCO2", "LFO", "VCF", "VCA", "ENV", "Mixer", "Delay", "Reverb", "Output", "Noise"]
    for k in range(5):
        names = rng.sample(mods, rng.randint(6, 10))
        G = rand_graph(rng, names, len(names) + 1, directed=True, dag=True, connected=(k != 1))
        data = "\n".join("%s out → %s in" % (u, v) for u, v in G.edges())
        loose = [n for n in G if G.degree(n) == 0]
        if loose:
            data += "\n(%s racked but not patched yet)" % ", ".join(loose)
        if k in (0, 1):
            a, b = names[0], names[-1]
            q = ("My eurorack patch right now (cables go out → in):\n" + data +
                 "\n\nDoes any signal from %s actually make it to %s, following the cables?" % (a, b))
            add(fam, "path_exists", q, "arrow_lines", "value", nx.has_path(G, a, b), G, tools=["path_exists"])
        elif k == 2:
            a, b = pick2(rng, G)
            q = ("Patch (out → in):\n" + data + "\n\nHow many cables does the signal pass through at least from %s to %s?" % (a, b))
            sp_item(fam, G, a, b, q, "arrow_lines")
        elif k == 3:
            q = ("Patch (out → in):\n" + data + "\n\nWill this patch sound good for ambient music?")
            add(fam, "refuse_opinion", q, "arrow_lines", "refuse", None, G, refuse=True, why="opinion")
        else:
            srcs = sorted(n for n in G if G.in_degree(n) == 0)
            q = ("Patch (out → in):\n" + data + "\n\nWhich modules have nothing patched into their inputs?")
            add(fam, "sources", q, "arrow_lines", "set", srcs, G, key="sources", tools=["sources_sinks"])

    # 23. Real-estate agent: open-house tour (TSP), drive minutes
    fam = "open_house_tour"
    houses = ["Office", "12 Birch Ln", "4 Quarry Rd", "88 Main St", "7 Heron Ct", "31 Vale Ave", "2 Mill Row"]
    for k in range(4):
        names = ["Office"] + rng.sample(houses[1:], rng.randint(4, 5))
        G = nx.Graph()
        G.add_nodes_from(names)
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                G.add_edge(names[i], names[j], weight=rng.randint(3, 25))
        html = "<table>\n<tr><th>from</th><th>to</th><th>minutes</th></tr>\n" + "\n".join(
            "<tr><td>%s</td><td>%s</td><td>%d</td></tr>" % (u, v, d["weight"]) for u, v, d in G.edges(data=True)) + "\n</table>"
        if k < 2:
            import itertools
            best = min(sum(G[t[i]][t[i + 1]]["weight"] for i in range(len(t) - 1))
                       for p in itertools.permutations(names[1:]) for t in [["Office"] + list(p) + ["Office"]])
            q = ("Realtor here, pasting from our CRM. Drive times between listings (same both ways):\n" + html +
                 "\n\nStarting and ending at the Office and visiting each listing once, what's the least total drive time?")
            add(fam, "tsp", q, "html_table", "value", best, G, key="cost", tools=["travelling_salesman"])
        elif k == 2:
            s, t = names[1], names[2]
            q = ("Drive times between listings:\n" + html + "\n\nShortest drive from %s to %s, allowing stops in between?" % (s, t))
            sp_item(fam, G, s, t, q, "html_table")
        else:
            q = ("Drive times between listings:\n" + html + "\n\nWhich listing will sell for the most?")
            add(fam, "refuse_missing_data", q, "html_table", "refuse", None, G, refuse=True, why="prices not given")


    # 24. Pickleball league organiser: who has played whom (undirected)
    fam = "pickleball_league"
    pl = ["Dot", "Hemi", "Luz", "Arjun", "Nell", "Rocco", "Siobhan", "Theo", "Umi", "Vik", "Wren", "Xiomara"]
    for k in range(6):
        names = rng.sample(pl, rng.randint(7, 12))
        G = rand_graph(rng, names, len(names) + rng.randint(3, 8))
        while k == 0 and len(nx.k_core(G, 3)) == 0:
            G = rand_graph(rng, names, len(names) + rng.randint(6, 12))
        data = "\n".join("%s vs %s" % (u, v) for u, v in G.edges())
        if k == 0:
            core = nx.k_core(G, 3)
            q = ("League results so far (just who played whom):\n" + data +
                 "\n\nFor the playoffs I want the biggest group where everyone in it has played at least 3 others who are also in the group. Who's in it?")
            add(fam, "k_core", q, "prose_lines", "set", sorted(core.nodes()), G, key="nodes", tools=["k_core"])
        elif k == 1:
            c = sorted(nx.center(G))
            q = ("Who played whom:\n" + data + "\n\nWhich players are the most 'central' in the sense that their worst-case number of hops to any other player is smallest?")
            add(fam, "center", q, "prose_lines", "set", c, G, tools=["center"])
        elif k == 2:
            a = rng.choice(names)
            q = ("Who played whom:\n" + data + "\n\nWhat's the eccentricity of %s — the most hops from them to anyone else?" % a)
            add(fam, "eccentricity", q, "prose_lines", "value", nx.eccentricity(G, a), G, tools=["eccentricity"])
        elif k == 3:
            q = ("Who played whom:\n" + data + "\n\nWhat's the largest group of players where every single pair has played each other?")
            add(fam, "refuse_no_tool", q, "prose_lines", "refuse", None, G, refuse=True,
                why="maximum clique size: no tool computes it")
        elif k == 4:
            q = ("Who played whom:\n" + data + "\n\nWho won the most matches?")
            add(fam, "refuse_missing_data", q, "prose_lines", "refuse", None, G, refuse=True, why="results are not given, only pairings")
        else:
            q = ("Who played whom:\n" + data + "\n\nOn average, how many hops apart are two players (shortest chains, over all pairs)?")
            add(fam, "avg_path_length", q, "prose_lines", "value", nx.average_shortest_path_length(G), G, tools=["avg_path_length"])

    # 25. Sysadmin at a university lab: which machines can SSH into which (directed)
    fam = "ssh_jump_hosts"
    hosts = ["laptop", "bastion", "gpu01", "gpu02", "nas", "login2", "db-old", "printer-pi", "jupyter", "backup"]
    for k in range(5):
        names = ["laptop"] + rng.sample(hosts[1:], rng.randint(5, 8))
        G = rand_graph(rng, names, len(names) + 2, directed=True)
        while k == 2 and nx.number_strongly_connected_components(G) == len(G):
            G = rand_graph(rng, names, len(names) + 3, directed=True)
        cfg = "\n".join("Host %s\n    # can ssh to: %s" % (n, " ".join(G.successors(n)) or "-") for n in G.nodes())
        t = names[-1]
        if k in (0, 1):
            q = ("Grad student here. I annotated our ~/.ssh/config with which box can ssh into which (one-way!):\n```\n" + cfg +
                 "\n```\nWhat's the fewest jumps from laptop to %s?" % t)
            sp_item(fam, G, "laptop", t, q, "ssh_config")
        elif k == 2:
            sc = nx.number_strongly_connected_components(G)
            q = ("```\n" + cfg + "\n```\nHow many groups of machines are there where every machine in a group can reach every other one in that group by ssh hops?")
            add(fam, "scc_count", q, "ssh_config", "value", sc, G, key="count", tools=["strongly_connected_components"])
        elif k == 3:
            q = ("```\n" + cfg + "\n```\nWhat's the root password on gpu01?")
            add(fam, "refuse_offtopic", q, "ssh_config", "refuse", None, G, refuse=True, why="credentials are not graph data")
        else:
            a = rng.choice(names[1:])
            q = ("```\n" + cfg + "\n```\nCan %s ssh straight into laptop, in one hop?" % a)
            add(fam, "edge_exists", q, "ssh_config", "value", G.has_edge(a, "laptop"), G, tools=["edge_exists"])

    # 26. Birdwatcher voice note: who shares sightings with whom (transcribed)
    fam = "birders_voice_note"
    bird = ["Gwen", "Hamid", "Ottilie", "Percy", "Roisin", "Stellan", "Tamsin", "Ulrich"]
    for k in range(5):
        names = rng.sample(bird, rng.randint(5, 8))
        G = rand_graph(rng, names, len(names) + rng.randint(0, 3))
        parts = []
        for i, (u, v) in enumerate(G.edges()):
            parts.append(rng.choice(["%s and %s share sightings", "um %s swaps notes with %s", "%s, uh, texts %s whenever something turns up"]) % (u, v))
        data = "[voice note, transcribed] okay so for the rarity alert chain, " + ", ".join(parts) + ". that's everyone I think. these all go both ways."
        if k == 0:
            a = rng.choice(names)
            q = data + " so, question, what's the clustering coefficient for " + a + ", like how many of their contacts also swap with each other?"
            add(fam, "clustering", q, "voice_transcript", "value", nx.clustering(G, a), G, tools=["clustering_coefficient"])
        elif k == 1:
            s, t = pick2(rng, G)
            q = data + " if %s spots a hoopoe, how many hand-offs until %s hears, at best?" % (s, t)
            sp_item(fam, G, s, t, q, "voice_transcript")
        elif k == 2:
            ap = sorted(nx.articulation_points(G))
            q = data + " who are the people that, if they go on holiday, split the alert chain?"
            add(fam, "articulation_points", q, "voice_transcript", "set", ap, G, key="nodes", tools=["articulation_points"])
        elif k == 3:
            q = data + " anyway how fast does a message usually spread, in minutes?"
            add(fam, "refuse_missing_data", q, "voice_transcript", "refuse", None, G, refuse=True, why="no timings")
        else:
            q = data + " is the whole chain one connected thing, nobody left out?"
            add(fam, "is_connected", q, "voice_transcript", "value", nx.is_connected(G), G, tools=["is_connected"])

    # 27. Comic-book continuity nerd: which series reference which (directed)
    fam = "comic_crossovers"
    series = ["Nightfall #1", "Nightfall #2", "Iron Vow", "Starling", "The Hollow", "Ember Saga", "Crimson Tide Annual", "Vantage"]
    for k in range(5):
        names = rng.sample(series, rng.randint(5, 8))
        G = rand_graph(rng, names, len(names) + 2, directed=True, dag=True)
        mer = "```mermaid\ngraph LR\n" + "\n".join('  %s["%s"] --> %s["%s"]' % ("n%d" % names.index(u), u, "n%d" % names.index(v), v)
                                                  for u, v in G.edges()) + "\n```"
        if k == 0:
            q = ("Forum post: I mapped which issue you need to have read before which (arrow = read first):\n" + mer +
                 "\nGive me a reading order that respects every arrow.")
            add(fam, "topological_sort", q, "mermaid", "order", None, G, tools=["topological_sort"])
        elif k == 1:
            a = rng.choice(names)
            q = ("Reading-order chart (arrow = read first):\n" + mer + "\nHow many arrows point into %s?" % a)
            add(fam, "in_degree", q, "mermaid", "value", G.in_degree(a), G, tools=["degree"])
        elif k == 2:
            q = ("Reading-order chart (arrow = read first):\n" + mer + "\nWhich issues are good jumping-on points, with nothing you need to read first?")
            add(fam, "sources", q, "mermaid", "set", sorted(n for n in G if G.in_degree(n) == 0), G, key="sources", tools=["sources_sinks"])
        elif k == 3:
            q = ("Reading-order chart:\n" + mer + "\nWhich one has the best art?")
            add(fam, "refuse_opinion", q, "mermaid", "refuse", None, G, refuse=True, why="opinion")
        else:
            q = ("Reading-order chart (arrow = read first):\n" + mer + "\nWhat's the cheapest way to read from %s to %s in dollars?" % (names[0], names[-1]))
            add(fam, "refuse_no_weights", q, "mermaid", "refuse", None, G, refuse=True, why="no prices are given")

    # 28. Stamp collector club: mutual trades (set-similarity, ambiguity)
    fam = "stamp_traders"
    coll = ["Agnieszka", "Baptiste", "Chidi", "Dagny", "Ezra", "Fumiko", "Gideon", "Hollis"]
    for k in range(5):
        names = rng.sample(coll, rng.randint(6, 8))
        G = rand_graph(rng, names, len(names) + 4)
        md = r_md(G, ["Trader", "Traded with"])
        if k == 0:
            a, b = rng.sample(names, 2)
            q = ("Club newsletter table of completed trades (mutual):\n\n" + md +
                 "\n\nWhat's the Jaccard similarity of %s's and %s's trading partners?" % (a, b))
            add(fam, "jaccard", q, "markdown_table", "value", next(nx.jaccard_coefficient(G, [(a, b)]))[2], G, tools=["jaccard_coefficient"])
        elif k == 1:
            a, b = rng.sample(names, 2)
            q = ("Trades (mutual):\n\n" + md + "\n\nHave %s and %s traded directly?" % (a, b))
            add(fam, "edge_exists", q, "markdown_table", "value", G.has_edge(a, b), G, tools=["edge_exists"])
        elif k == 2:
            H = rand_graph(rng, names, len(names) + 2)
            md2 = r_md(H, ["Trader", "Traded with"])
            q = ("Here's last year's trade table:\n\n" + md + "\n\nand this year's:\n\n" + md2 +
                 "\n\nWho has the most trading partners?")
            add(fam, "refuse_ambiguous", q, "markdown_table", "refuse", None, G, refuse=True,
                why="two tables: unclear which year's graph (or their union) is meant")
        elif k == 3:
            q = ("Trades (mutual):\n\n" + md + "\n\nHow many different spanning trees does this trading network have?")
            add(fam, "refuse_no_tool", q, "markdown_table", "refuse", None, G, refuse=True,
                why="counting spanning trees: no tool computes it")
        else:
            dd = max(d for _, d in G.degree())
            q = ("Trades (mutual):\n\n" + md + "\n\nWhat's the highest number of distinct trading partners any one collector has?")
            add(fam, "max_degree", q, "markdown_table", "value", dd, G, key="max", tools=["degree_distribution"])

    write(outdir, "first")


def write(outdir, tag):
    with open(os.path.join(outdir, "batch12.jsonl"), "w") as f:
        for it in ITEMS:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
