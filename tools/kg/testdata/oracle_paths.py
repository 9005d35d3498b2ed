"""NetworkX oracle for kg.Paths: shortest connection lengths in a knowledge
graph read as an undirected graph.

Input (stdin): JSON {"cases": [{"n": N, "triples": [[h, r, t], ...],
"queries": [[[src...], [dst...], maxHops], ...]}, ...]}.
Output: JSON list (per case) of lists of lengths (-1 when no connection of
at most maxHops exists; 0 when the sets share an entity).
"""
import json
import sys

import networkx as nx

out = []
for case in json.load(sys.stdin)["cases"]:
    g = nx.Graph()
    g.add_nodes_from(range(case["n"]))
    g.add_edges_from((h, t) for h, _, t in case["triples"])
    res = []
    for src, dst, max_hops in case["queries"]:
        lengths = nx.multi_source_dijkstra_path_length(g, set(src), cutoff=max_hops)
        best = min((lengths[d] for d in dst if d in lengths), default=-1)
        res.append(best)
    out.append(res)
json.dump(out, sys.stdout)
