"""NetworkX oracle for the subgraph searches (tools/advanced_subgraph.go).

The pattern comes as args["pattern"] = {"nodes": [...], "edges": [[u, v], ...]}
and takes the graph's direction, as the tools do.
"""
import networkx as nx
from networkx.algorithms import isomorphism


def _pattern(G, args):
    p = args["pattern"]
    P = nx.DiGraph() if G.is_directed() else nx.Graph()
    P.add_nodes_from(p.get("nodes") or [])
    P.add_edges_from(tuple(e) for e in p.get("edges") or [])
    return P


def _matcher(G, args):
    P = _pattern(G, args)
    if G.is_directed():
        return isomorphism.DiGraphMatcher(G, P)
    return isomorphism.GraphMatcher(G, P)


def subgraph_is_isomorphic(G, args):
    return {"exists": _matcher(G, args).subgraph_is_isomorphic()}


def subgraph_is_monomorphic(G, args):
    return {"exists": _matcher(G, args).subgraph_is_monomorphic()}


TOOLS = {
    "subgraph_is_isomorphic": subgraph_is_isomorphic,
    "subgraph_is_monomorphic": subgraph_is_monomorphic,
}
