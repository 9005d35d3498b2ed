"""NetworkX oracle for graphagent's differential tests.

Reads JSON lines {"tool", "graph", "args"} on stdin and writes one JSON line
per case: {"value": ...}, {"error": "ExceptionName: message"} or, where the
installed NetworkX is known to answer differently from 3.x (which the tools
follow), {"skip": "why"}. Tool implementations live in oracle_*.py modules,
each exporting TOOLS, a dict from tool name to a function (G, args) -> JSON-able
value; a function raises VersionSkip (from nxversion.py) to skip a case.
"""
import glob
import importlib.util
import json
import os
import sys

import networkx as nx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from nxversion import VersionSkip  # noqa: E402

TOOLS = {}
for path in sorted(glob.glob(os.path.join(HERE, "oracle_*.py"))):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    TOOLS.update(mod.TOOLS)


def build(g):
    G = nx.DiGraph() if g["directed"] else nx.Graph()
    G.add_nodes_from(g["nodes"] or [])
    for u, v, w in g["edges"] or []:
        if w != "":
            G.add_edge(u, v, weight=float(w), capacity=float(w))
        else:
            G.add_edge(u, v)
    return G


def main():
    out = sys.stdout
    for line in sys.stdin:
        case = json.loads(line)
        G = build(case["graph"])
        fn = TOOLS.get(case["tool"])
        try:
            if fn is None:
                raise KeyError("no oracle for tool " + case["tool"])
            res = {"value": fn(G, case.get("args") or {})}
        except VersionSkip as e:
            res = {"skip": str(e)}
        except Exception as e:  # the Go side checks that it errs too
            res = {"error": type(e).__name__ + ": " + str(e)}
        out.write(json.dumps(res) + "\n")


if __name__ == "__main__":
    main()
