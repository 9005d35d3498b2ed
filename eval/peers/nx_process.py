"""One whole-process NetworkX run, the peer of `graphagent tools run`.

Usage: python3 nx_process.py TOOL FILE [--directed] [--source S] [--target T]
Reads FILE (an edge list "u v [w]", '#' comments) with nx.read_edgelist,
runs the NetworkX function that graphagent's TOOL mirrors, and prints an
answer sentence and one JSON line {"value": headline} for the comparison.
Everything, from interpreter start-up to the printed answer, is timed by
the caller (eval/peers -process). Without SciPy, PageRank falls back to
NetworkX's pure-Python implementation (_pagerank_python).
"""
import json
import sys

import networkx as nx


def main():
    args = sys.argv[1:]
    tool, path = args[0], args[1]
    directed = "--directed" in args
    opt = {args[i]: args[i + 1] for i in range(2, len(args) - 1) if args[i] in ("--source", "--target")}
    G = nx.read_edgelist(path, data=(("weight", float),),
                         create_using=nx.DiGraph if directed else nx.Graph)
    s, t = opt.get("--source"), opt.get("--target")
    if tool == "node_count":
        value = G.number_of_nodes()
        print("The graph has %d nodes." % value)
    elif tool == "shortest_path":
        p = nx.dijkstra_path(G, s, t, weight="weight")
        value = nx.path_weight(G, p, weight="weight")
        print("A shortest path from %s to %s has length %g: %s." % (s, t, value, " -> ".join(p[:20])))
    elif tool == "pagerank":
        try:
            import scipy  # noqa: F401  nx.pagerank needs NumPy and SciPy
            pr = nx.pagerank(G)
        except ImportError:
            # NetworkX's own pure-Python power iteration: same parameters,
            # same tolerance, slower than the SciPy version.
            from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python
            pr = _pagerank_python(G)
        top = sorted(pr.items(), key=lambda kv: -kv[1])[:5]
        value = top[0][1]
        print("PageRank of %d nodes; the highest are %s." % (len(pr), ", ".join("%s (%.6f)" % kv for kv in top)))
    elif tool == "triangle_count":
        value = sum(nx.triangles(G).values()) // 3
        print("The graph has %d triangles." % value)
    elif tool == "connected_components":
        comps = list(nx.weakly_connected_components(G) if directed else nx.connected_components(G))
        value = len(comps)
        print("The graph has %d connected components." % value)
    elif tool == "clustering_coefficient":
        value = nx.average_clustering(G)
        print("The average clustering coefficient of the graph is %.6f." % value)
    elif tool == "maximum_flow":
        value = nx.maximum_flow_value(G, s, t, capacity="weight")
        print("The maximum flow from %s to %s is %g." % (s, t, value))
    elif tool == "topological_sort":
        order = list(nx.topological_sort(G))
        value = len(order)
        print("A topological order: %s." % ", ".join(order[:20]))
    else:
        sys.exit("unknown tool " + tool)
    print(json.dumps({"value": value}))


if __name__ == "__main__":
    main()
