"""Times NetworkX or igraph on graphagent's peer-comparison graphs.

Usage: python3 peers.py --lib networkx|igraph --algo A[,B...] --timeout S FILE [FILE...]
Each FILE is an edge list "u v w" whose first line is a comment
"# directed=0|1 source=S target=T". Prints one JSON line per (file, algo):
{"file", "algo", "lib", "seconds", "value"} or {"skipped": reason}.
Reading the file is not timed; each algorithm is run once (more runs when fast,
keeping the best), as graphagent's side is.
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
        "connected_components": lambda: nx.number_connected_components(G) if not G.is_directed()
        else nx.number_weakly_connected_components(G),
        "triangle_count": lambda: sum(nx.triangles(G).values()) // 3,
        "maximum_flow": lambda: nx.maximum_flow_value(G, s, t, capacity="weight"),
        "diameter": lambda: nx.diameter(G),
        "pagerank": lambda: max(nx.pagerank(G).values()),
    }


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


def ig_algos(g, s, t):
    return {
        "shortest_path": lambda: g.distances(source=[s], target=[t], weights="weight")[0][0],
        "connected_components": lambda: len(g.connected_components(mode="weak")),
        "triangle_count": lambda: len(g.list_triangles()),
        "maximum_flow": lambda: g.maxflow_value(s, t, capacity="weight"),
        "diameter": lambda: g.diameter(directed=g.is_directed(), unconn=True),
        "pagerank": lambda: max(g.pagerank(weights="weight")),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True, choices=["networkx", "igraph"])
    ap.add_argument("--algo", required=True)
    ap.add_argument("--skip", default="", help="algo@edges pairs to skip, comma separated")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    skip = set(x for x in a.skip.split(",") if x)
    for path in a.files:
        directed, s, t = header(path)
        G = load_nx(path, directed) if a.lib == "networkx" else load_ig(path, directed)
        m = G.number_of_edges() if a.lib == "networkx" else G.ecount()
        algos = nx_algos(G, s, t) if a.lib == "networkx" else ig_algos(G, s, t)
        for name in a.algo.split(","):
            rec = {"file": path, "algo": name, "lib": a.lib}
            if "%s@%d" % (name, m) in skip:
                rec["skipped"] = "too slow at this size"
            else:
                best, value, total = None, None, 0.0
                for _ in range(5):
                    t0 = time.perf_counter()
                    value = algos[name]()
                    dt = time.perf_counter() - t0
                    total += dt
                    best = dt if best is None else min(best, dt)
                    if total > 1.0:
                        break
                rec["seconds"] = best
                rec["value"] = value
            print(json.dumps(rec), flush=True)


if __name__ == "__main__":
    main()
