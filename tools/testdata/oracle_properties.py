"""NetworkX oracle for the centrality and Graph-ToolFormer toolx property tools.

Each function takes the graph and the tool's arguments and returns what
NetworkX answers, with node IDs as strings; exceptions propagate so the Go
side can check that the tool errs too.
"""
import networkx as nx
from nxversion import NX_MAJOR, VersionSkip

try:  # nx.pagerank needs NumPy and SciPy; without them use NetworkX's own
    # pure-Python power iteration, the same algorithm and stopping rule.
    import numpy  # noqa: F401
    import scipy  # noqa: F401

    _pagerank = nx.pagerank
except ImportError:
    from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python as _pagerank


def _weight(args):
    return "weight" if args.get("weighted") else None


def _node_or_all(result, args):
    if args.get("node") is not None:
        return result[str(args["node"])]
    return result


def pagerank(G, args):
    pr = _pagerank(G, alpha=args.get("alpha", 0.85))
    return _node_or_all(pr, args)


def betweenness_centrality(G, args):
    return _node_or_all(nx.betweenness_centrality(G), args)


def closeness_centrality(G, args):
    if args.get("node") is not None:
        return nx.closeness_centrality(G, u=str(args["node"]))
    return nx.closeness_centrality(G)


def order(G, args):
    return G.order()


def size(G, args):
    if args.get("weighted"):
        return G.size(weight="weight")
    return G.size()


def density(G, args):
    return nx.density(G)


def eccentricity(G, args):
    if args.get("node") is not None:
        return nx.eccentricity(G, v=str(args["node"]))
    return nx.eccentricity(G)


def radius(G, args):
    return nx.radius(G)


def diameter(G, args):
    return nx.diameter(G)


def center(G, args):
    return list(nx.center(G))


def periphery(G, args):
    return list(nx.periphery(G))


def shortest_path_length(G, args):
    return nx.shortest_path_length(G, str(args["source"]), str(args["target"]), weight=_weight(args))


def avg_path_length(G, args):
    # NetworkX 3.0 requires a directed graph to be strongly connected; 2.x
    # accepted a weakly connected one and averaged over the reachable pairs.
    if NX_MAJOR < 3 and G.is_directed() and len(G) > 0:
        if nx.is_weakly_connected(G) and not nx.is_strongly_connected(G):
            raise VersionSkip(
                "NetworkX %s averages over a weakly connected digraph; 3.x raises" % nx.__version__
            )
    return nx.average_shortest_path_length(G, weight=_weight(args))


def _pair_lengths(G, args):
    """Shortest-path lengths of all ordered pairs of distinct, reachable nodes."""
    w = _weight(args)
    if w is None:
        it = nx.all_pairs_shortest_path_length(G)
    else:
        it = nx.all_pairs_dijkstra_path_length(G, weight=w)
    vals = [d for u, dist in it for v, d in dist.items() if u != v]
    if not vals:
        raise ValueError("no two distinct nodes are joined by a path")
    return vals


def min_path_length(G, args):
    return min(_pair_lengths(G, args))


def max_path_length(G, args):
    return max(_pair_lengths(G, args))


TOOLS = {
    "pagerank": pagerank,
    "betweenness_centrality": betweenness_centrality,
    "closeness_centrality": closeness_centrality,
    "order": order,
    "size": size,
    "density": density,
    "eccentricity": eccentricity,
    "radius": radius,
    "diameter": diameter,
    "center": center,
    "periphery": periphery,
    "shortest_path_length": shortest_path_length,
    "avg_path_length": avg_path_length,
    "min_path_length": min_path_length,
    "max_path_length": max_path_length,
}
