"""NetworkX oracle for tools/named: builds each requested named graph.

Reads JSON lines {"name": "balanced_tree", "args": [2, 4]} on stdin (a list
argument stays a list) and writes one JSON line per graph:
{"version": "3.6.1", "directed": false, "nodes": ["0", ...],
 "adj": [["1", "2"], ...]} with the nodes in G's order and each node's
neighbours in G.adj order, or {"error": "..."} when NetworkX raises.
"""
import json
import sys

import networkx as nx


def main():
    out = sys.stdout
    for line in sys.stdin:
        case = json.loads(line)
        try:
            G = getattr(nx, case["name"])(*case["args"])
            res = {
                "version": nx.__version__,
                "directed": G.is_directed(),
                "nodes": [str(n) for n in G],
                "adj": [[str(v) for v in G.adj[n]] for n in G],
            }
        except Exception as e:  # the Go side reports it
            res = {"error": type(e).__name__ + ": " + str(e)}
        out.write(json.dumps(res) + "\n")


if __name__ == "__main__":
    main()
