"""NetworkX's values of the measures of scenarios.Report.

Reads one JSON object per line from stdin: {"directed", "weighted", "nodes":
[ids in order], "edges": [[u, v, weight or null]]}; writes one JSON object per
line with the measures, computed by NetworkX.
"""
import json
import sys

import networkx as nx

try:  # nx.pagerank needs NumPy and SciPy; without them use NetworkX's own
    import numpy  # noqa: F401
    import scipy  # noqa: F401

    _pagerank = nx.pagerank
except ImportError:
    from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python as _pagerank


def top(scores, order, k=5):
    pos = {n: i for i, n in enumerate(order)}
    ranked = sorted(order, key=lambda n: (-scores[n], pos[n]))
    return [[n, scores[n]] for n in ranked[:k]]


def measures(case):
    g = nx.DiGraph() if case["directed"] else nx.Graph()
    g.add_nodes_from(case["nodes"])
    for u, v, w in case["edges"]:
        if w is None:
            g.add_edge(u, v)
        else:
            g.add_edge(u, v, weight=w)
    order = list(g.nodes)
    out = {
        "nodes": g.number_of_nodes(),
        "edges": g.number_of_edges(),
        "self_loops": nx.number_of_selfloops(g),
        "isolated": nx.number_of_isolates(g),
        "density": nx.density(g),
        "histogram": nx.degree_histogram(g),
        "clustering": nx.average_clustering(g),
    }
    weak = list(nx.weakly_connected_components(g) if g.is_directed() else nx.connected_components(g))
    out["components"] = len(weak)
    out["largest"] = max(len(c) for c in weak)
    comps = weak
    if g.is_directed():
        strong = list(nx.strongly_connected_components(g))
        out["strong_components"] = len(strong)
        out["strong_largest"] = max(len(c) for c in strong)
        comps = strong
    size = max(len(c) for c in comps)
    # Ties for the largest component: any of their diameters is right.
    out["diameters"] = sorted({nx.diameter(g.subgraph(c)) for c in comps if len(c) == size})
    out["top_degree"] = top(dict(g.degree()), order)
    out["top_pagerank"] = top(_pagerank(g), order)
    out["top_betweenness"] = top(nx.betweenness_centrality(g), order)
    comms = nx.community.louvain_communities(g, seed=0)
    out["communities"] = len(comms)
    try:
        out["modularity"] = nx.community.modularity(g, comms)
    except ZeroDivisionError:  # no edge weight at all
        out["modularity"] = None
    return out


for line in sys.stdin:
    if line.strip():
        print(json.dumps(measures(json.loads(line))), flush=True)
