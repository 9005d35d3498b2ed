"""Independent edge-set truth for the agent's GTools test.

Reads every GTools item under argv[1] and prints {"items": [{"file", "index",
"directed", "edges"}]}: the edge set of the item's graph as sorted strings
"u-v" or "u-v:w" (w the weight or capacity, integers without ".0";
undirected endpoints ordered as strings; later duplicates override earlier
ones, as in NetworkX). WL graphs come from Python's ast over the prompt's
list, EL graphs from the edge-list file (path prefix ../GTools/Test/
stripped). Direction comes from the folder: Di or Topo is directed.
"""
import ast
import glob
import json
import os
import re
import sys


def fmt(x):
    x = float(x)
    return str(int(x)) if x.is_integer() else repr(x)


def main():
    root = sys.argv[1]
    files = []
    for kind in ("WL", "EL"):
        files += sorted(glob.glob(os.path.join(root, kind, "*", "*.json")) + glob.glob(os.path.join(root, kind, "*", "*", "*.json")))
    out = []
    for f in files:
        rel = os.path.relpath(f, root)
        parts = rel.split(os.sep)
        directed = "Di" in parts or parts[1] == "Topo"
        with open(f) as fh:
            items = json.load(fh)
        for i, it in enumerate(items):
            raw = []
            if parts[0] == "WL":
                m = re.search(r"\[\(.*?\)\]", it["prompt"], re.S)
                for e in ast.literal_eval(m.group(0)):
                    w = None
                    if len(e) > 2:
                        a = e[2] if isinstance(e[2], dict) else {"weight": e[2]}
                        w = a.get("weight", a.get("capacity"))
                    raw.append((str(e[0]), str(e[1]), w))
            else:
                m = re.search(r'the path is "?([^"\s]+?\.edgelist)', it["prompt"])
                path = os.path.join(root, m.group(1).replace("../GTools/Test/", "", 1))
                with open(path) as fh:
                    for line in fh:
                        t = line.split()
                        if len(t) >= 2:
                            raw.append((t[0], t[1], t[2] if len(t) > 2 else None))
            edges = {}
            for u, v, w in raw:
                key = (u, v) if directed else tuple(sorted((u, v)))
                if key not in edges or w is not None:
                    edges[key] = w
            strs = sorted(u + "-" + v + ("" if w is None else ":" + fmt(w)) for (u, v), w in edges.items())
            out.append({"file": rel, "index": i, "directed": directed, "edges": strs})
    json.dump({"items": out}, sys.stdout)


main()
