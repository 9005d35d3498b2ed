"""NetworkX answers of the neighbourhood tools (tools/basic_neighbourhood.go)."""
import networkx as nx


def _pair(fn):
    def run(G, a):
        return next(iter(fn(G, [(a["u"], a["v"])])))[2]
    return run


def predecessors(G, a):
    n = a["node"]
    return list(G.predecessors(n)) if G.is_directed() else list(G.neighbors(n))


def successors(G, a):
    n = a["node"]
    return list(G.successors(n)) if G.is_directed() else list(G.neighbors(n))


def sources_sinks(G, a):
    if not G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for undirected type")
    return {
        "sources": [v for v in G if G.in_degree(v) == 0],
        "sinks": [v for v in G if G.out_degree(v) == 0],
    }


TOOLS = {
    "predecessors": predecessors,
    "successors": successors,
    "sources_sinks": sources_sinks,
    "transitivity": lambda G, a: nx.transitivity(G),
    "jaccard_coefficient": _pair(nx.jaccard_coefficient),
    "adamic_adar_index": _pair(nx.adamic_adar_index),
    "resource_allocation_index": _pair(nx.resource_allocation_index),
    "preferential_attachment": _pair(nx.preferential_attachment),
}
