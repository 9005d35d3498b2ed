"""Independent truth for the GTools extraction test.

Reads every GTools item under the folder given as argv[1] and prints one JSON
object: {"items": [{"file", "index", "kind", "edges"}]}, where for WL items
"edges" is the edge set built with Python's ast from the prompt's list, as
canonical strings "u-v", "u-v:w" (weight) or "u-v:cN" (capacity), sorted;
undirected endpoints ordered as strings. Later duplicates override earlier
ones, as in NetworkX.
"""
import ast
import glob
import json
import os
import re
import sys


def fmt(x):
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return repr(x) if isinstance(x, float) else str(x)


def main():
    root = sys.argv[1]
    files = sorted(glob.glob(os.path.join(root, "WL", "*", "*.json")) + glob.glob(os.path.join(root, "WL", "*", "*", "*.json")))
    files += sorted(glob.glob(os.path.join(root, "EL", "*", "*.json")) + glob.glob(os.path.join(root, "EL", "*", "*", "*.json")))
    out = []
    for f in files:
        rel = os.path.relpath(f, root)
        kind = rel.split(os.sep)[0]
        with open(f) as fh:
            items = json.load(fh)
        for i, it in enumerate(items):
            rec = {"file": rel, "index": i, "kind": kind, "edges": None}
            if kind == "WL":
                m = re.search(r"\[\(.*?\)\]", it["prompt"], re.S)
                lst = ast.literal_eval(m.group(0))
                directed = "directed graph" in it["prompt"] and "undirected graph" not in it["prompt"]
                edges = {}
                for e in lst:
                    u, v = str(e[0]), str(e[1])
                    key = (u, v) if directed else tuple(sorted((u, v)))
                    attrs = {}
                    if len(e) > 2:
                        attrs = e[2] if isinstance(e[2], dict) else {"weight": e[2]}
                    if key in edges:
                        edges[key].update(attrs)
                    else:
                        edges[key] = dict(attrs)
                strs = []
                for (u, v), a in edges.items():
                    s = u + "-" + v
                    if "weight" in a:
                        s += ":" + fmt(a["weight"])
                    if "capacity" in a:
                        s += ":c" + fmt(a["capacity"])
                    strs.append(s)
                rec["edges"] = sorted(strs)
                rec["directed"] = directed
            out.append(rec)
    json.dump({"items": out}, sys.stdout)


main()
