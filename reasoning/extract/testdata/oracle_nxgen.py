# The NetworkX generators' graphs, for TestNetworkXGenerators: one
# {"fn": name, "args": [ints]} per line in, {"nodes": [...], "edges":
# [[u, v], ...]} out, nodes as strings, each undirected edge once with
# its ends sorted as strings.
import json
import sys

import networkx as nx

for line in sys.stdin:
    c = json.loads(line)
    g = getattr(nx, c["fn"])(*c["args"])
    edges = sorted(sorted([str(u), str(v)]) for u, v in g.edges())
    print(json.dumps({"nodes": sorted(str(n) for n in g.nodes()), "edges": edges}))
