"""NetworkX oracle for degree_distribution: nx.degree_histogram, and the same
count over in- or out-degrees for directed graphs."""
import networkx as nx


def degree_distribution(G, args):
    direction = args.get("direction", "total")
    if not G.is_directed() or direction == "total":
        # NetworkX 2.8 raises on the empty graph; 3.x returns [].
        hist = nx.degree_histogram(G) if len(G) else []
        degs = dict(G.degree())
    else:
        degs = dict(G.in_degree() if direction == "in" else G.out_degree())
        hist = [0] * (max(degs.values(), default=-1) + 1)
        for d in degs.values():
            hist[d] += 1
    out = {
        "histogram": hist,
        "mean": sum(degs.values()) / len(degs) if degs else 0,
        "min": min(degs.values(), default=0),
        "max": max(degs.values(), default=0),
        "max_nodes": sorted(n for n, d in degs.items() if d == max(degs.values())),
        "min_nodes": sorted(n for n, d in degs.items() if d == min(degs.values())),
    }
    if args.get("per_node"):
        out["per_node"] = [[n, d] for n, d in degs.items()]
    if "degree" in args:
        k = args["degree"]
        out["count"] = hist[k] if k < len(hist) else 0
        out["with_degree"] = sorted(n for n, d in degs.items() if d == k)
    return out


TOOLS = {"degree_distribution": degree_distribution}
