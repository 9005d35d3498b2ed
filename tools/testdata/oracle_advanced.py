"""NetworkX oracle for the structural tools (tools/advanced*.go).

Each function takes (G, args) and returns a JSON-able value, or raises where
NetworkX raises (the Go side must then fail too).
"""
import itertools

import networkx as nx
from networkx.algorithms import bipartite


def is_bipartite(G, args):
    return nx.is_bipartite(G)


def maximum_bipartite_matching(G, args):
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    # bipartite.color raises NetworkXError when G is not bipartite. Passing
    # the colour classes as top_nodes avoids AmbiguousSolution on
    # disconnected graphs; the matching size does not depend on the choice.
    color = bipartite.color(G)
    top = {n for n, c in color.items() if c == 0}
    m = bipartite.hopcroft_karp_matching(G, top_nodes=top)
    return {"size": len(m) // 2}


def _hamiltonian_exists(G):
    """Independent exact search: DFS over (visited set, end) with memoised
    failures. Only for small graphs."""
    nodes = list(G)
    n = len(nodes)
    if n == 0:
        raise nx.NetworkXPointlessConcept("null graph")
    idx = {v: i for i, v in enumerate(nodes)}
    succ = [[idx[w] for w in G.successors(v) if w != v] if G.is_directed()
            else [idx[w] for w in G.neighbors(v) if w != v] for v in nodes]
    full = (1 << n) - 1
    dead = set()

    def extend(mask, v):
        if mask == full:
            return True
        if (mask, v) in dead:
            return False
        for w in succ[v]:
            if not mask >> w & 1 and extend(mask | 1 << w, w):
                return True
        dead.add((mask, v))
        return False

    return any(extend(1 << i, i) for i in range(n))


def hamiltonian_path(G, args):
    return {"exists": _hamiltonian_exists(G)}


def _hamiltonian_cycle_exists(G):
    """Exhaustive search over the simple paths from the first node (only for
    small graphs). Self-loops are ignored; an undirected cycle needs 3
    nodes, a directed one 2, and a single node needs a self-loop."""
    nodes = list(G)
    n = len(nodes)
    if n == 0:
        raise nx.NetworkXPointlessConcept("null graph")
    if n == 1:
        return G.has_edge(nodes[0], nodes[0])
    if n == 2 and not G.is_directed():
        return False
    # Depth-first over simple paths from the first node (no memo).
    first = nodes[0]
    seen = {first}

    def extend(v):
        if len(seen) == n:
            return G.has_edge(v, first)
        for w in G.adj[v] if not G.is_directed() else G.succ[v]:
            if w not in seen:
                seen.add(w)
                if extend(w):
                    return True
                seen.discard(w)
        return False

    return extend(first)


def hamiltonian_cycle(G, args):
    return {"exists": _hamiltonian_cycle_exists(G)}


def travelling_salesman(G, args):
    """Brute force over every order of the other nodes (small graphs only):
    the cheapest closed tour from the start visiting each node once along
    edges (directions followed), weights defaulting to 1; self-loops are
    never used; one node is the tour of cost 0; two nodes go there and
    back."""
    nodes = list(G)
    if not nodes:
        raise nx.NetworkXPointlessConcept("null graph")
    start = args.get("source", nodes[0])
    if len(nodes) == 1:
        return {"exists": True, "cost": 0.0}
    others = [v for v in nodes if v != start]
    best = None
    for perm in itertools.permutations(others):
        cycle = [start, *perm, start]
        cost = 0.0
        for u, v in zip(cycle, cycle[1:]):
            if u == v or not G.has_edge(u, v):
                break
            cost += G[u][v].get("weight", 1)
        else:
            if best is None or cost < best:
                best = cost
    return {"exists": best is not None, "cost": best}


def euler_path(G, args):
    source = args.get("source")
    exists = nx.has_eulerian_path(G, source)
    out = {"exists": exists, "circuit": nx.is_eulerian(G)}
    if exists:
        # NetworkX's own path, for reference only: the Go side checks the
        # validity of its path rather than demanding this one.
        out["nx_path_edges"] = len(list(nx.eulerian_path(G, source)))
    return out


def euler_circuit(G, args):
    source = args.get("source")
    eulerian = nx.is_eulerian(G)
    out = {"eulerian": eulerian}
    if eulerian:
        # NetworkX's circuit, for its length only: the Go side checks its
        # own circuit's validity.
        out["nx_circuit_edges"] = len(list(nx.eulerian_circuit(G, source)))
    return out


def minimum_spanning_tree(G, args):
    T = nx.minimum_spanning_tree(G, algorithm="kruskal")
    return {
        "total_weight": T.size(weight="weight"),
        "num_edges": T.number_of_edges(),
        "trees": nx.number_connected_components(G),
    }


def k_core(G, args):
    k = args.get("k")
    core = nx.core_number(G)
    H = nx.k_core(G, k=k, core_number=core)
    kk = k if k is not None else max(core.values())
    return {
        "k": kk,
        "nodes": sorted(H.nodes()),
        "num_edges": H.number_of_edges(),
        "core_numbers": core,
    }


def bridges(G, args):
    return sorted(sorted([u, v]) for u, v in nx.bridges(G))


def articulation_points(G, args):
    return sorted(nx.articulation_points(G))


def graph_coloring(G, args):
    H = G.to_undirected() if G.is_directed() else G
    colors = nx.greedy_color(H, strategy="largest_first")
    return {"colors": colors, "num_colors": (max(colors.values()) + 1) if colors else 0}


def gnn_sum_aggregation(G, args):
    # Dense adjacency matrix A (A[i][j] = 1 for an edge i->j; symmetric and
    # with a single 1 on the diagonal for an undirected self-loop, as
    # nx.to_numpy_array builds it), then X <- A^T X each round: messages flow
    # along edges, so a node sums its predecessors. Pure Python: numpy is not
    # required on the test machines.
    nodes = list(G)
    n = len(nodes)
    A = [[1.0 if G.has_edge(nodes[i], nodes[j]) else 0.0 for j in range(n)] for i in range(n)]
    feats = args.get("features")
    if feats is not None:
        X = [[float(x) for x in feats[v]] for v in nodes]
    elif args.get("init") == "degree":
        X = [[float(G.degree(v))] for v in nodes]
    else:
        X = [[1.0] for _ in nodes]
    dim = len(X[0]) if X else 1
    for _ in range(args["rounds"]):
        X = [[sum(A[i][j] * X[i][k] for i in range(n)) for k in range(dim)] for j in range(n)]
    return {v: X[i] for i, v in enumerate(nodes)}


TOOLS = {
    "is_bipartite": is_bipartite,
    "maximum_bipartite_matching": maximum_bipartite_matching,
    "hamiltonian_path": hamiltonian_path,
    "hamiltonian_cycle": hamiltonian_cycle,
    "euler_path": euler_path,
    "euler_circuit": euler_circuit,
    "travelling_salesman": travelling_salesman,
    "minimum_spanning_tree": minimum_spanning_tree,
    "k_core": k_core,
    "bridges": bridges,
    "articulation_points": articulation_points,
    "graph_coloring": graph_coloring,
    "gnn_sum_aggregation": gnn_sum_aggregation,
}
