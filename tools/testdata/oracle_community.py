"""NetworkX oracle for the community detection tools.

Each function returns NetworkX's communities (members sorted as strings, the
communities in NetworkX's order) and the modularity of that partition, or
raises what NetworkX raises.
"""
import collections
import itertools

import networkx as nx


def _int_keyed(G):
    """G with integer node keys when every ID is an integer, adjacency orders
    kept exactly (relabel_nodes would re-add the edges in another order), so
    that ties compare nodes as Python compares ints, as graphagent does."""
    try:
        keys = {n: int(n) for n in G}
    except ValueError:
        return G
    if any(str(k) != n for n, k in keys.items()):
        return G
    H = G.__class__()
    for n, d in G.nodes(data=True):
        H.add_node(keys[n], **d)
    for u, nbrs in G._adj.items():
        for v, d in nbrs.items():
            H._adj[keys[u]][keys[v]] = d
    if G.is_directed():
        for u, nbrs in G._pred.items():
            for v, d in nbrs.items():
                H._pred[keys[u]][keys[v]] = d
    return H


def _answer(G, comms, weight, resolution):
    out = {"communities": [sorted(str(n) for n in c) for c in comms]}
    out["modularity"] = (
        nx.community.modularity(G, comms, weight=weight, resolution=resolution)
        if G.size() > 0
        else 0
    )
    return out


def louvain_communities(G, args):
    weight = "weight" if args.get("weighted", True) else None
    res = args.get("resolution", 1)
    kw = dict(weight=weight, resolution=res, threshold=args.get("threshold", 0.0000001), seed=args.get("seed", 0))
    if args.get("max_level"):
        # NetworkX 2.8 has no max_level; this is how 3.x implements it.
        levels = itertools.islice(nx.community.louvain_partitions(G, **kw), args["max_level"])
        comms = collections.deque(levels, maxlen=1).pop()
    else:
        comms = nx.community.louvain_communities(G, **kw)
    return _answer(G, comms, weight, res)


def greedy_modularity_communities(G, args):
    weight = "weight" if args.get("weighted", False) else None
    res = args.get("resolution", 1)
    H = _int_keyed(G)
    comms = nx.community.greedy_modularity_communities(H, weight=weight, resolution=res)
    return _answer(H, comms, weight, res)


TOOLS = {
    "louvain_communities": louvain_communities,
    "greedy_modularity_communities": greedy_modularity_communities,
}
