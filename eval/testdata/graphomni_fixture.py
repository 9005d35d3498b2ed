"""Write a small GraphOmni split in the benchmark's own file format.

Usage: graphomni_fixture.py SEED PER_TASK DIR

Writes DIR/load_<task>.json for GraphOmni's six tasks (connectivity,
bfsorder, triangle, diameter, cycle, shortest_path): a JSON list of records
with the fields of the dataset's query files (name-id, query, gt_answer,
prompt_type, task_type, serialization_type, graph_info, graph_type,
graph_token, difficulty, model_response/model_extract/model_acc empty), the
queries worded as the published records word them (LTM prompts, "A: Let's
break down this problem:"), most in the Adjacency Set serialization (a
Python dict of sets listing only nodes with edges), some in GraphML, Edge
List, Adjacency Matrix and GML, and some CoT prompts with an example graph
before the one asked about. The golds carry the mistakes the published
files have: a question may name a node the Adjacency Set never shows
(isolated), and about one shortest-path gold in four is a path that is not
shortest. DIR/exact.jsonl gives, per name-id, what NetworkX finds on the
graph the query shows: {"id", "exact", "shown"} (shown: every node the
question names appears in the serialization).
"""
import json
import os
import random
import sys

import networkx as nx

TASKS = ["connectivity", "bfsorder", "triangle", "diameter", "cycle", "shortest_path"]


def adjacency_set(g):
    return str({u: set(g[u]) for u in g.nodes if g.degree(u) > 0})


def matrix(g, n):
    rows = []
    for i in range(n):
        rows.append("[" + " ".join("1" if g.has_edge(i, j) else "0" for j in range(n)) + "]")
    return "[" + "\n ".join(rows) + "]"


def serialize(g, ser):
    if ser == "Adjacency Set":
        return adjacency_set(g)
    if ser == "Edge List":
        return str(list(g.edges()))
    if ser == "Adjacency Matrix":
        return matrix(g, g.number_of_nodes())
    if ser == "GraphML":
        return "\n".join(nx.generate_graphml(g))
    if ser == "Graph Modelling Language":
        return "\n".join(nx.generate_gml(g))
    raise ValueError(ser)


def bfs_order(g, s):
    order, seen, queue = [s], {s}, [s]
    while queue:
        u = queue.pop(0)
        for v in sorted(g[u]):
            if v not in seen:
                seen.add(v)
                order.append(v)
                queue.append(v)
    return order


def query(task, ser, text, a=None, b=None, cot=None):
    if task == "connectivity":
        body = "Determine if there is a path between two nodes in the graph.\nGraph: %s is \n%s\nQ: Is there a path between node %d and node %d?\nA: Let's break down this problem:" % (ser, text, a, b)
    elif task == "bfsorder":
        body = ("Given a graph, your task is to determine the bfs traversal order of this graph starting at node %d. And the graph representation of: "
                "%s is \n%s\nQ: Give the bfs traversal order starting from node %d.\nA: Let's break down this problem:") % (a, ser, text, a)
    elif task == "triangle":
        body = "\n Given a graph, your task is to determine how many triangles in this graph. \nGraph: %s is \n%s\n\nQ: How many triangles are in this graph?\nA: Let's break down this problem:" % (ser, text)
    elif task == "diameter":
        body = "\n Given a graph, your task is to determine the diameter of this graph. \nGraph: %s is \n%s\n\nQ: What is the diameter of this graph?\nA: Let's break down this problem:" % (ser, text)
    elif task == "cycle":
        body = "\n Given a graph representation, your task is determining whether the graph has a cycle \nGraph: %s is \n%s\n\nQ: Is there a cycle in this graph?\nA: Let's break down this problem:" % (ser, text)
    else:
        body = ("Given a graph representation, your task is to compute shortest path between the specified two nodes. And the graph representation of: "
                "%s is \n%s\nQ: Give the shortest path from node %d to node %d.\nA: Let's break down this problem:") % (ser, text, a, b)
    if cot:
        body = cot + "\n\n" + body
    return body


def main():
    seed, per_task, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    exact = []
    sers = ["Adjacency Set"] * 6 + ["GraphML", "Edge List", "Adjacency Matrix", "Graph Modelling Language"]
    for task in TASKS:
        recs = []
        for i in range(per_task):
            diff = ["easy", "medium", "hard"][i % 3]
            ser = sers[i % len(sers)]
            n = rng.randint(5, 12)
            g = nx.gnp_random_graph(n, rng.uniform(0.15, 0.5), seed=rng.randint(0, 10**9))
            if task in ("diameter", "triangle", "cycle", "shortest_path", "bfsorder") or ser != "Adjacency Set":
                # keep every node on an edge unless the item is about hidden nodes
                for u in list(g.nodes):
                    if g.degree(u) == 0:
                        g.add_edge(u, (u + 1) % n)
            if task == "diameter" and not nx.is_connected(g):
                comps = list(nx.connected_components(g))
                for c1, c2 in zip(comps, comps[1:]):
                    g.add_edge(min(c1), min(c2))
            hide = task == "connectivity" and ser == "Adjacency Set" and i % 3 == 0
            if hide:
                g.add_node(n)  # a node without edges: the Adjacency Set never shows it
                n += 1
            text = serialize(g, ser)
            shown_nodes = {u for u in g.nodes if g.degree(u) > 0} if ser == "Adjacency Set" else set(g.nodes)
            a = b = None
            cot = None
            if i % 5 == 4:
                ex = nx.path_graph(4)
                cot = "Example.\nGraph: %s is \n%s\nQ: an example question\nA: an example answer." % (ser, serialize(ex, ser))
            rec = {"name-id": "%s-%s-LTM-%s-%d" % (task, diff, ser, i), "prompt_type": "LTM", "task_type": task,
                   "serialization_type": ser, "graph_info": matrix(g, n), "graph_type": "ERM", "graph_token": "99",
                   "model_response": {}, "model_extract": {}, "model_acc": {}, "difficulty": diff}
            if task == "connectivity":
                a, b = rng.sample(range(n), 2)
                if hide:
                    a, b = n - 1, rng.randrange(n - 1)
                gt = nx.has_path(g, a, b)
                rec["gt_answer"] = "[%s, [%d, %d]]" % (gt, a, b)
                ex_ans = gt
            elif task == "bfsorder":
                comp = [u for u in g.nodes if g.degree(u) > 0]
                a = rng.choice(comp)
                order = bfs_order(g, a)
                rec["gt_answer"] = "(" + ",".join(map(str, order)) + ")"
                ex_ans = order
            elif task == "triangle":
                t = sum(nx.triangles(g).values()) // 3
                rec["gt_answer"] = str(t)
                ex_ans = t
            elif task == "diameter":
                d = float(nx.diameter(g))
                rec["gt_answer"] = str(d)
                ex_ans = d
            elif task == "cycle":
                c = len(nx.cycle_basis(g)) > 0
                rec["gt_answer"] = str(c)
                ex_ans = c
            else:
                comp = max(nx.connected_components(g), key=len)
                a, b = rng.sample(sorted(comp), 2)
                best = nx.shortest_path(g, a, b)
                gold = best
                longer = [p for p in nx.all_simple_paths(g, a, b, cutoff=len(best)) if len(p) == len(best) + 1]
                if longer and i % 4 == 1:
                    gold = longer[0]
                rec["gt_answer"] = str(gold)
                ex_ans = len(best) - 1
            rec["query"] = query(task, ser, text, a, b, cot)
            asked = [x for x in (a, b) if x is not None]
            exact.append({"id": rec["name-id"], "exact": ex_ans, "shown": all(x in shown_nodes for x in asked)})
            recs.append(rec)
        with open(os.path.join(out, "load_%s.json" % task), "w") as f:
            json.dump(recs, f, indent=4)
    with open(os.path.join(out, "exact.jsonl"), "w") as f:
        for e in exact:
            f.write(json.dumps(e) + "\n")


if __name__ == "__main__":
    main()
