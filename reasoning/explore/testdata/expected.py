"""Expected answers of the explore question set, computed from the triple
files alone (independently of the Go code).

Usage: python3 expected.py DATASETS_DIR questions.jsonl > expected.json

Each question has a gold reading ("gold") written by hand: the query a
person means. This script resolves the gold's entity names against the
datasets' own name tables (a name matches every entity one of whose names
normalises to it: lower case, runs of other characters than letters and
digits one space) and evaluates the query over all the triples:
  pattern  {head | tail, rels, inv_rels?, type?} -> the answer entities' ids
           (inv_rels: relations stating the same with head and tail swapped)
  check    {head, tail, rels}          -> whether a triple exists
  between  {a, b}                      -> the triples linking a and b
  about    {entity}                    -> the triples of the entity
  chain    {entity, steps: [{rels, dir: tail|head}, ...]} -> the entities
                                          reached by following the steps
  path     {from, to, max_hops}        -> the shortest connection length,
                                          triples read in either direction
  decline  {}                          -> the question must be declined
"*_ids" fields give entity ids instead of names.
"""
import csv
import gzip
import json
import os
import sys
from collections import defaultdict

csv.field_size_limit(1 << 30)


def norm(s):
    out, space = [], False
    for ch in s:
        if ch.isalnum():
            if space and out:
                out.append(" ")
            space = False
            out.append(ch.lower())
        else:
            space = True
    return "".join(out)


def table(path):
    if not os.path.exists(path):
        path += ".gz"
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8", newline="") as f:
        yield from csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)


class KG:
    def __init__(self):
        self.triples = set()
        self.names = defaultdict(set)  # normalised name -> ids
        self.type = {}

    def name(self, eid, *names):
        for n in names:
            if n:
                self.names[norm(n)].add(eid)


def load_wn18rr(d):
    g = KG()
    for r in table(os.path.join(d, "wn18rr", "entities.tsv")):
        syn = r["synset"]
        lemma = syn.split(".")[0].replace("_", " ") if "." in syn else ""
        g.name(r["entity_id"], r["entity_id"], r["name"], syn, lemma)
    for split in ("train", "valid", "test"):
        for r in table(os.path.join(d, "wn18rr", split + ".tsv")):
            g.triples.add((r["head"], r["relation"], r["tail"]))
    return g


def load_drugmechdb(d):
    g = KG()
    for r in table(os.path.join(d, "drugmechdb", "nodes.tsv")):
        g.name(r["node_id"], r["node_id"], r["name"])
        g.type[r["node_id"]] = r["type"]
    for r in table(os.path.join(d, "drugmechdb", "edges.tsv")):
        g.triples.add((r["source"], r["relation"], r["target"]))
    for r in table(os.path.join(d, "drugmechdb", "paths.tsv")):
        if r["drug_mesh"] in g.type:
            g.name(r["drug_mesh"], r["drug"], r["drugbank"])
        if r["disease_mesh"] in g.type:
            g.name(r["disease_mesh"], r["disease"])
    return g


def entities(g, gold, key):
    if key + "_ids" in gold:
        return set(gold[key + "_ids"])
    ids = g.names.get(norm(gold[key]), set())
    if not ids:
        raise SystemExit("gold name %r matches no entity" % gold[key])
    return ids


def shortest(g, src, dst, max_hops):
    adj = defaultdict(set)
    for h, _, t in g.triples:
        adj[h].add(t)
        adj[t].add(h)
    if src & dst:
        return 0
    seen, frontier = set(src), set(src)
    for d in range(1, max_hops + 1):
        nxt = set()
        for u in frontier:
            for v in adj[u]:
                if v not in seen:
                    seen.add(v)
                    nxt.add(v)
        if nxt & dst:
            return d
        frontier = nxt
    return -1


def answer(g, gold):
    kind = gold["kind"]
    if kind == "decline":
        return {"declined": True}
    if kind == "pattern":
        rels, inv = set(gold["rels"]), set(gold.get("inv_rels", []))
        typ = gold.get("type")
        if "head" in gold or "head_ids" in gold:
            hs = entities(g, gold, "head")
            out = {t for h, r, t in g.triples if h in hs and r in rels}
            out |= {h for h, r, t in g.triples if t in hs and r in inv}
        else:
            ts = entities(g, gold, "tail")
            out = {h for h, r, t in g.triples if t in ts and r in rels}
            out |= {t for h, r, t in g.triples if h in ts and r in inv}
        if typ:
            out = {e for e in out if g.type.get(e) == typ}
        return {"entities": sorted(out)}
    if kind == "check":
        hs, ts, rels = entities(g, gold, "head"), entities(g, gold, "tail"), set(gold["rels"])
        inv = set(gold.get("inv_rels", []))
        return {"holds": any((h in hs and t in ts and r in rels) or (h in ts and t in hs and r in inv) for h, r, t in g.triples)}
    if kind == "between":
        a, b = entities(g, gold, "a"), entities(g, gold, "b")
        return {"triples": sorted([h, r, t] for h, r, t in g.triples if (h in a and t in b) or (h in b and t in a))}
    if kind == "about":
        e = entities(g, gold, "entity")
        return {"triples": sorted([h, r, t] for h, r, t in g.triples if h in e or t in e)}
    if kind == "chain":
        # steps from the entity outward; "dir": "tail" follows head -> tail
        cur = entities(g, gold, "entity")
        for step in gold["steps"]:
            rels = set(step["rels"])
            if step["dir"] == "tail":
                cur = {t for h, r, t in g.triples if h in cur and r in rels}
            else:
                cur = {h for h, r, t in g.triples if t in cur and r in rels}
        return {"entities": sorted(cur)}
    if kind == "path":
        return {"length": shortest(g, entities(g, gold, "from"), entities(g, gold, "to"), gold.get("max_hops", 4))}
    raise SystemExit("unknown gold kind %r" % kind)


def main():
    datasets, questions = sys.argv[1], sys.argv[2]
    loaders = {"wn18rr": load_wn18rr, "drugmechdb": load_drugmechdb}
    kgs, out = {}, {}
    with open(questions, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            item = json.loads(line)
            name = item["kg"]
            if name not in kgs:
                kgs[name] = loaders[name](datasets)
            out[item["id"]] = answer(kgs[name], item["gold"])
    json.dump(out, sys.stdout, indent=1, sort_keys=True)


main()
