"""Times NetworkX or igraph on graphagent's peer-comparison graphs.

Usage: python3 peers.py --lib networkx|igraph --algo A[,B...] [--skip A@M,...] FILE [FILE...]
       python3 peers.py --lib networkx|igraph --serve FILE
Each FILE is an edge list "u v w" whose first line is a comment
"# directed=0|1 source=S target=T". Prints one JSON line per (file, algo):
{"file", "algo", "lib", "seconds", "cpu", "value"} or {"skipped": reason}
(seconds: the best wall time; cpu: the least process CPU time of a run).
Reading the file is not timed; each algorithm runs at least 3 times unless that
takes over 10 s, up to 5 within a second, keeping the best, as graphagent's side does.

With --serve the process reads FILE, prints {"ready": edges}, then reads one
algorithm name a line from standard input and answers each with its JSON line,
until standard input ends: eval/peers keeps the graph loaded and asks for each
algorithm right after timing graphagent's, so both sides see the same load.
"""
import argparse
import json
import sys
import time


def header(path):
    with open(path) as f:
        first = f.readline()
    kv = dict(p.split("=") for p in first[1:].split())
    return kv["directed"] == "1", int(kv["source"]), int(kv["target"])


def load_nx(path, directed):
    import networkx as nx
    G = nx.DiGraph() if directed else nx.Graph()
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            u, v, w = line.split()
            G.add_edge(int(u), int(v), weight=float(w))
    return G


def nx_algos(G, s, t):
    import networkx as nx
    return {
        "shortest_path": lambda: nx.dijkstra_path_length(G, s, t, weight="weight"),
        "shortest_path_length": lambda: nx.shortest_path_length(G, s, t),
        "bfs_order": lambda: sum(1 for _ in nx.bfs_tree(G, s)),
        "connected_components": lambda: nx.number_connected_components(G) if not G.is_directed()
        else nx.number_weakly_connected_components(G),
        "strongly_connected_components": lambda: nx.number_strongly_connected_components(G),
        "triangle_count": lambda: sum(nx.triangles(G).values()) // 3,
        "clustering_coefficient": lambda: nx.average_clustering(G),
        "transitivity": lambda: nx.transitivity(G),
        "k_core": lambda: max(nx.core_number(G).values()),
        "minimum_spanning_tree": lambda: nx.minimum_spanning_tree(G, weight="weight").size(weight="weight"),
        "bridges": lambda: sum(1 for _ in nx.bridges(G)),
        "articulation_points": lambda: sum(1 for _ in nx.articulation_points(G)),
        "maximum_flow": lambda: nx.maximum_flow_value(G, s, t, capacity="weight"),
        "betweenness_centrality": lambda: max(nx.betweenness_centrality(G).values()),
        "diameter": lambda: nx.diameter(G),
        "pagerank": lambda: max(nx_pagerank(G).values()),
    }


def nx_pagerank(G):
    import networkx as nx
    try:
        import scipy  # noqa: F401  nx.pagerank needs it
        return nx.pagerank(G)
    except ImportError:
        from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python
        return _pagerank_python(G)


def load_ig(path, directed):
    import igraph as ig
    edges, ws = [], []
    n = 0
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            u, v, w = line.split()
            u, v = int(u), int(v)
            edges.append((u, v))
            ws.append(float(w))
            n = max(n, u + 1, v + 1)
    g = ig.Graph(n=n, edges=edges, directed=directed)
    g.es["weight"] = ws
    return g


def ig_betweenness(g):
    # NetworkX's normalisation, which graphagent follows: 1/((n-1)(n-2)),
    # doubled for an undirected graph (igraph counts each pair once).
    n = g.vcount()
    scale = 1.0 / ((n - 1) * (n - 2)) if n > 2 else 1.0
    if not g.is_directed():
        scale *= 2
    return max(g.betweenness(directed=g.is_directed())) * scale


def ig_algos(g, s, t):
    return {
        "shortest_path": lambda: g.distances(source=[s], target=[t], weights="weight")[0][0],
        "shortest_path_length": lambda: g.distances(source=[s], target=[t])[0][0],
        "bfs_order": lambda: len(g.bfs(s)[0]),
        "strongly_connected_components": lambda: len(g.connected_components(mode="strong")),
        "clustering_coefficient": lambda: g.transitivity_avglocal_undirected(mode="zero"),
        "transitivity": lambda: g.transitivity_undirected(),
        "k_core": lambda: max(g.coreness()),
        "minimum_spanning_tree": lambda: sum(g.es[g.spanning_tree(weights="weight", return_tree=False)]["weight"]),
        "bridges": lambda: len(g.bridges()),
        "articulation_points": lambda: len(g.articulation_points()),
        "betweenness_centrality": lambda: ig_betweenness(g),
        "connected_components": lambda: len(g.connected_components(mode="weak")),
        "triangle_count": lambda: len(g.list_triangles()),
        "maximum_flow": lambda: g.maxflow_value(s, t, capacity="weight"),
        "diameter": lambda: g.diameter(directed=g.is_directed(), unconn=True),
        "pagerank": lambda: max(g.pagerank(weights="weight")),
    }


def time_algo(algos, path, name, lib):
    rec = {"file": path, "algo": name, "lib": lib}
    best, best_cpu, value, total = None, None, None, 0.0
    for i in range(5):
        t0, c0 = time.perf_counter(), time.process_time()
        value = algos[name.removesuffix(":directed")]()
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        total += dt
        best = dt if best is None else min(best, dt)
        best_cpu = dc if best_cpu is None else min(best_cpu, dc)
        # As eval/peers' minRuns: at least 3 runs unless they take over 10 s.
        if total > 1.0 and (i + 1 >= 3 or total > 10.0):
            break
    rec["seconds"] = best
    rec["cpu"] = best_cpu
    rec["value"] = value
    return rec


def load(lib, path):
    directed, s, t = header(path)
    G = load_nx(path, directed) if lib == "networkx" else load_ig(path, directed)
    m = G.number_of_edges() if lib == "networkx" else G.ecount()
    algos = nx_algos(G, s, t) if lib == "networkx" else ig_algos(G, s, t)
    return directed, m, algos


def serve(lib, path):
    _, m, algos = load(lib, path)
    print(json.dumps({"ready": m}), flush=True)
    for line in sys.stdin:
        name = line.strip()
        if name:
            print(json.dumps(time_algo(algos, path, name, lib)), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True, choices=["networkx", "igraph"])
    ap.add_argument("--algo", default="")
    ap.add_argument("--serve", action="store_true", help="read one FILE, then algorithm names from standard input")
    ap.add_argument("--skip", default="", help="algo@edges pairs to skip, comma separated")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    if a.serve:
        if len(a.files) != 1:
            ap.error("--serve reads one FILE")
        serve(a.lib, a.files[0])
        return
    skip = set(x for x in a.skip.split(",") if x)
    for path in a.files:
        directed, _, _ = header(path)
        # An algo ending in ":directed" runs on the directed files only, the
        # others on the undirected ones.
        names = [x for x in a.algo.split(",") if x.endswith(":directed") == directed]
        if not names:
            continue
        _, m, algos = load(a.lib, path)
        for name in names:
            if "%s@%d" % (name, m) in skip:
                rec = {"file": path, "algo": name, "lib": a.lib, "skipped": "too slow at this size"}
            else:
                rec = time_algo(algos, path, name, a.lib)
            print(json.dumps(rec), flush=True)


if __name__ == "__main__":
    main()
