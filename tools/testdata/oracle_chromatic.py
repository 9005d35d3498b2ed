"""Oracle for chromatic_number: the fewest colours of a proper colouring of
the underlying simple undirected graph, by an exhaustive search written
here (NetworkX has no exact chromatic number); a self-loop raises, as no
proper colouring exists. Colourings are checked with NetworkX's graph
structure; the search tries k = 1, 2, ... colours in node order."""
import networkx as nx


def _colourable(H, order, k):
    colour = {}

    def place(i):
        if i == len(order):
            return True
        v = order[i]
        taken = {colour[w] for w in H[v] if w in colour}
        for c in range(min(k, max(colour.values(), default=-1) + 2)):
            if c not in taken:
                colour[v] = c
                if place(i + 1):
                    return True
                del colour[v]
        return False

    return place(0)


def chromatic_number(G, args):
    if nx.number_of_selfloops(G):
        raise ValueError("a self-loop: no proper colouring")
    H = nx.Graph(G.to_undirected() if G.is_directed() else G)
    if H.number_of_nodes() == 0:
        return {"chromatic_number": 0}
    order = sorted(H, key=lambda v: -H.degree(v))
    k = 1
    while not _colourable(H, order, k):
        k += 1
    return {"chromatic_number": k}


TOOLS = {"chromatic_number": chromatic_number}
