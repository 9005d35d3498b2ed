"""NetworkX answers for the basic tools (tools/basic*.go).

Each function takes (G, args) and returns a JSON-able value shaped like the Go
tool's value, or raises where NetworkX raises. Sets are turned into lists in
graph insertion order, the order the Go tools document.
"""
import itertools

import networkx as nx


def _order(G):
    return {n: i for i, n in enumerate(G)}


def _in_order(G, nodes):
    o = _order(G)
    return sorted(nodes, key=o.__getitem__)


def _need(G, *nodes):
    for n in nodes:
        if n not in G:
            raise nx.NodeNotFound("node %s not in graph" % n)


def degree(G, a):
    _need(G, a["node"])
    direction = a.get("direction", "total")
    if direction == "total" or not G.is_directed():
        # Undirected graphs have no in_degree: the degree answers.
        return G.degree(a["node"])
    if direction == "in":
        return G.in_degree(a["node"])
    return G.out_degree(a["node"])


def cycle_check(G, a):
    if G.is_directed():
        return not nx.is_directed_acyclic_graph(G)
    try:
        nx.find_cycle(G)
        found = True
    except nx.NetworkXNoCycle:
        found = False
    # cycle_basis is the other usual reading; both must agree.
    assert found == (len(nx.cycle_basis(G)) > 0)
    return found


def shortest_path(G, a):
    s, t = a["source"], a["target"]
    length = nx.shortest_path_length(G, s, t, weight="weight")
    path = nx.shortest_path(G, s, t, weight="weight")
    return {"length": length, "path": path}


def maximum_flow(G, a):
    return nx.maximum_flow_value(G, a["source"], a["sink"], capacity="capacity")


def maximum_triangle_node_sum(G, a):
    """GraphWiz's maximum_triplet_sum (generation/max_triplet.py), over the
    node weights a["node_weights"], raising where it would answer 0 (no
    triangle) and without its floor of 0."""
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    w = {str(k): v for k, v in a["node_weights"].items()}
    best = None
    for n1, n2, n3 in itertools.combinations(list(G.nodes()), 3):
        if G.has_edge(n1, n2) and G.has_edge(n2, n3) and G.has_edge(n3, n1):
            s = w[n1] + w[n2] + w[n3]
            if best is None or s > best:
                best = s
    if best is None:
        raise ValueError("no triangle")
    return best


def maximum_triangle_sum(G, a):
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    best = None
    for u in G:
        for v, w in itertools.combinations([x for x in G[u] if x != u], 2):
            if G.has_edge(v, w):
                s = (G[u][v].get("weight", 1) + G[u][w].get("weight", 1) + G[v][w].get("weight", 1))
                if best is None or s > best:
                    best = s
    if best is None:
        raise ValueError("no triangle")
    return best


def _components(G, comps):
    o = _order(G)
    lists = [sorted(c, key=o.__getitem__) for c in comps]
    lists.sort(key=lambda c: o[c[0]])
    return lists


def connected_components(G, a):
    if G.is_directed():
        comps = _components(G, nx.weakly_connected_components(G))
        return {"count": len(comps), "components": comps, "weak": True}
    comps = _components(G, nx.connected_components(G))
    return {"count": len(comps), "components": comps}


def is_connected(G, a):
    if G.is_directed():
        return nx.is_weakly_connected(G)
    return nx.is_connected(G)


def is_tree(G, a):
    if G.is_directed():
        k = nx.number_weakly_connected_components(G)
    else:
        k = nx.number_connected_components(G)
    out = {"tree": nx.is_tree(G), "forest": nx.is_forest(G), "components": k}
    if G.is_directed():
        out["arborescence"] = nx.is_arborescence(G)
    return out


def strongly_connected_components(G, a):
    comps = _components(G, nx.strongly_connected_components(G))
    return {"count": len(comps), "components": comps}


def neighbors(G, a):
    _need(G, a["node"])
    return list(G.neighbors(a["node"]))


def non_neighbors(G, a):
    _need(G, a["node"])
    return _in_order(G, nx.non_neighbors(G, a["node"]))


def common_neighbors(G, a):
    return _in_order(G, nx.common_neighbors(G, a["u"], a["v"]))


def triangle_count(G, a):
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    node = a.get("node")
    per = a.get("per_node", False)
    out = {}
    if node is not None:
        _need(G, node)
        out["triangles"] = nx.triangles(G, node)
        out["node"] = node
    else:
        out["triangles"] = sum(nx.triangles(G).values()) // 3
    if per:
        out["per_node"] = dict(nx.triangles(G))
    return out


def clustering_coefficient(G, a):
    node = a.get("node")
    if node is not None:
        _need(G, node)
        return nx.clustering(G, node)
    return nx.average_clustering(G)


def bfs_order(G, a):
    _need(G, a["source"])
    return list(nx.bfs_tree(G, a["source"]))


def dfs_order(G, a):
    _need(G, a["source"])
    return list(nx.dfs_preorder_nodes(G, a["source"]))


def _all_pairs(G, a, weighted):
    H = G.reverse() if a.get("reverse") and G.is_directed() else G
    if weighted:
        it = nx.all_pairs_dijkstra_path_length(H, weight="weight")
    else:
        it = nx.all_pairs_shortest_path_length(H)
    return {u: dict(d) for u, d in it}


def _pair_paths(G, a):
    """dijkstra_path and its length for each pair, by weight ("w") and with
    unit weights ("h"); None where no path exists."""
    out = []
    for s, t in a["pairs"]:
        row = {}
        for key, weight in (("w", "weight"), ("h", lambda u, v, d: 1)):
            try:
                # single_source_dijkstra with a target is what
                # dijkstra_path and dijkstra_path_length run.
                row[key] = list(nx.single_source_dijkstra(G, s, t, weight=weight))
            except nx.NetworkXNoPath:
                row[key] = None
        out.append(row)
    return out


TOOLS = {
    # The shared primitives of paths.go (not catalogue tools).
    "paths:pairs": _pair_paths,
    "paths:dijkstra_all": lambda G, a: _all_pairs(G, a, True),
    "paths:bfs_all": lambda G, a: _all_pairs(G, a, False),

    "node_count": lambda G, a: G.number_of_nodes(),
    "edge_count": lambda G, a: G.number_of_edges(),
    "edge_list": lambda G, a: [[u, v, w] for u, v, w in G.edges(data="weight", default=1)],
    "node_list": lambda G, a: list(G.nodes),
    "node_exists": lambda G, a: a["node"] in G,
    "edge_exists": lambda G, a: G.has_edge(a["source"], a["target"]),
    "degree": degree,
    "cycle_check": cycle_check,
    "topological_sort": lambda G, a: list(nx.topological_sort(G)),
    "path_exists": lambda G, a: nx.has_path(G, a["source"], a["target"]),
    "shortest_path": shortest_path,
    "maximum_flow": maximum_flow,
    "maximum_triangle_sum": maximum_triangle_sum,
    "maximum_triangle_node_sum": maximum_triangle_node_sum,
    "connected_components": connected_components,
    "is_connected": is_connected,
    "is_tree": is_tree,
    "strongly_connected_components": strongly_connected_components,
    "neighbors": neighbors,
    "non_neighbors": non_neighbors,
    "common_neighbors": common_neighbors,
    "triangle_count": triangle_count,
    "clustering_coefficient": clustering_coefficient,
    "bfs_order": bfs_order,
    "dfs_order": dfs_order,
}
