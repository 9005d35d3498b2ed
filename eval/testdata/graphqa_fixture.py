"""Write a small GraphQA (Talk like a Graph) test split in the generator's file format.

Usage: graphqa_fixture.py SEED PER_TASK DIR

Writes DIR/<task>_zero_shot_test.recordio for GraphQA's twelve tasks (and
DIR/cycle_check_zero_cot_test.recordio, DIR/edge_existence_few_shot_test.recordio)
as talk_like_a_graph/graph_tasks_generator.py writes them: TFRecord files of
tf.train.Example records with the features of graph_tasks_utils.py's
create_example_feature (id, question, answer, algorithm, text_encoding,
nnodes, nedges, task_description, graph, directed), the graph feature a
serialized tfgnn GraphTensor example (node set "nodes", edge set "edges"
with both directions of each undirected edge, "weights" when every edge has
one, the SBM "block" node feature, and the _readout edge sets of the
question's nodes). Questions and answers follow graph_tasks.py and
graph_text_encoders.py: the encoders adjacency, incident, friendship,
coauthorship, social_network and random (whose task description, as in
graph_tasks.py, names nodes from a second random dictionary). Golds by
NetworkX, as the generator computes them. DIR/exact.jsonl gives each item's
exact answer ({"id", "exact"}) in the suite's JSON form, for the Go test.

Pure Python and NetworkX: the protocol buffers and the CRC-32C of the
TFRecord framing are written by hand here, so TensorFlow is not needed.
"""
import json
import os
import random
import struct
import sys

import networkx as nx

# --- TFRecord and tf.train.Example, by hand -------------------------------

_CRC_TABLE = []
for _i in range(256):
    _c = _i
    for _ in range(8):
        _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
    _CRC_TABLE.append(_c)


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = _CRC_TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def masked_crc(data):
    c = crc32c(data)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def varint(x):
    out = bytearray()
    x &= (1 << 64) - 1
    while True:
        b = x & 0x7F
        x >>= 7
        if x:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def ld(field, payload):
    return varint(field << 3 | 2) + varint(len(payload)) + payload


def bytes_feature(values):
    return ld(1, b"".join(ld(1, v) for v in values))


def int64_feature(values):
    return ld(3, ld(1, b"".join(varint(v) for v in values)))


def float_feature(values):
    return ld(2, ld(1, b"".join(struct.pack("<f", v) for v in values)))


def example(features):
    entries = b""
    for k in sorted(features):
        entries += ld(1, ld(1, k.encode()) + ld(2, features[k]))
    return ld(1, entries)


def tfrecord(data):
    n = struct.pack("<Q", len(data))
    return n + struct.pack("<I", masked_crc(n)) + data + struct.pack("<I", masked_crc(data))


# --- graph_tasks_utils.to_tfgnn / create_example_feature ------------------


def graph_tensor(graph, node_ids):
    s, t, w = [], [], []
    for u, v, d in graph.edges(data=True):
        s.append(u)
        t.append(v)
        w.append(d.get("weight"))
    if not graph.is_directed():
        s, t, w = s + t, t + s, w + w
    n = graph.number_of_nodes()
    f = {
        "nodes/nodes.#size": int64_feature([n]),
        "nodes/nodes.lpe": float_feature([0.0] * (4 * n)),
        "edges/edges.#size": int64_feature([len(s)]),
        "edges/edges.#source": int64_feature(s),
        "edges/edges.#target": int64_feature(t),
    }
    if all(w):  # as to_tfgnn: an edgeless graph records an empty weights list
        f["edges/edges.weights"] = int64_feature(w)
    if all("block" in graph.nodes[v] for v in graph.nodes):
        f["nodes/nodes.block"] = int64_feature([graph.nodes[v]["block"] for v in graph.nodes])
    if node_ids:
        f["nodes/_readout.#size"] = int64_feature([1])
        sets = ["node"] if len(node_ids) == 1 else ["source", "target"]
        for name, v in zip(sets, node_ids):
            f["edges/_readout/%s.#size" % name] = int64_feature([1])
            f["edges/_readout/%s.#source" % name] = int64_feature([v])
            f["edges/_readout/%s.#target" % name] = int64_feature([0])
    return example(f)


def record(key, ex, encoding):
    g = ex["graph"]
    f = {
        "id": bytes_feature([str(key).encode()]),
        "question": bytes_feature([ex["question"].encode()]),
        "answer": bytes_feature([ex["answer"].encode()]),
        "algorithm": bytes_feature([ex["algorithm"].encode()]),
        "text_encoding": bytes_feature([encoding.encode()]),
        "nnodes": bytes_feature([ex["nnodes"].encode()]),
        "nedges": bytes_feature([ex["nedges"].encode()]),
        "task_description": bytes_feature([ex["task_description"].encode()]),
        "graph": bytes_feature([graph_tensor(g, ex["node_ids"])]),
        "directed": bytes_feature([str(g.is_directed()).encode()]),
    }
    return tfrecord(example(f))


# --- graph_text_encoders.py's templates ------------------------------------

NAMES = ["Ada", "Basil", "Cora", "Dov", "Edda", "Fitz", "Gus", "Hale", "Ines", "Jory", "Kemp", "Lise",
         "Milo", "Nell", "Otto", "Pia", "Quin", "Rhea", "Sol", "Tamsin"]


def name_dict(encoding):
    if encoding in ("adjacency", "incident"):
        return {i: str(i) for i in range(1000)}
    if encoding == "random":
        # name_dictionaries.create_name_dict(graph, "random_integer"): drawn
        # anew at every call.
        return {i: str(random.randint(0, 1000000)) for i in range(1000)}
    return dict(enumerate(NAMES))


def node_string(names, n):
    keys = sorted(names)
    s = "".join(names[i] + ", " for i in keys[: n - 1])
    return s + "and " + names[keys[n - 1]]


def encode(graph, encoding):
    names = name_dict(encoding)
    n = graph.number_of_nodes()
    if encoding in ("adjacency", "random"):
        if graph.is_directed():
            out = "In a directed graph, (i,j) means that there is an edge from node i to node j. "
        else:
            out = "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. "
        out += "G describes a graph among nodes %s.\n" % node_string(names, n)
        if graph.edges():
            out += "The edges in G are: "
        for i, j in graph.edges():
            out += "(%s, %s) " % (names[i], names[j])
        return out.strip() + ".\n"
    if encoding == "incident":
        out = "G describes a graph among nodes %s.\n" % node_string(names, n)
        if graph.edges():
            out += "In this graph:\n"
        for s in graph.nodes():
            ts = [names[t] for t in graph.neighbors(s)]
            if len(ts) > 1:
                out += "Node %s is connected to nodes %s.\n" % (s, ", ".join(ts))
            elif len(ts) == 1:
                out += "Node %d is connected to node %s.\n" % (s, ts[0])
        return out
    if encoding == "friendship":
        out = "G describes a friendship graph among nodes %s.\n" % node_string(names, n).strip()
        if graph.edges():
            out += "We have the following edges in G:\n"
        for i, j in graph.edges():
            out += "%s and %s are friends.\n" % (names[i], names[j])
        return out
    if encoding == "coauthorship":
        out = "G describes a coauthorship graph among nodes %s.\n" % node_string(names, n).strip()
        if graph.edges():
            out += "In this coauthorship graph:\n"
        for i, j in graph.edges():
            out += "%s and %s wrote a paper together.\n" % (names[i], names[j])
        return out.strip() + ".\n"
    if encoding == "social_network":
        out = "G describes a social network graph among nodes %s.\n" % node_string(names, n).strip()
        if graph.edges():
            out += "We have the following edges in G:\n"
        for i, j in graph.edges():
            out += "%s and %s are connected.\n" % (names[i], names[j])
        return out
    raise ValueError(encoding)


# --- graph_tasks.py's tasks -------------------------------------------------

CLASSES = ["soccer", "baseball", "tennis", "golf", "football", "surfing"]


def is_int(s):
    try:
        int(s)
        return True
    except ValueError:
        return False


def make(task, graph, encoding, state):
    """One example of task on graph: (question, answer, description, node_ids, exact)."""
    names = name_dict(encoding)  # the task's own dictionary, as graph_tasks.py draws it
    q = encode(graph, encoding)
    nodes = list(graph.nodes())
    if task == "cycle_check":
        d = "Q: Is there a cycle in this graph?\nA: "
        try:
            nx.find_cycle(graph)
            return q + d, "Yes, there is a cycle.", d, [], True
        except nx.NetworkXNoCycle:
            return q + d, "No, there is no cycle.", d, [], False
    if task == "edge_existence":
        s, t = random.sample(nodes, k=2)
        d = "Q: Is node %s connected to node %s?\nA: " % (names[s], names[t])
        yes = (s, t) in graph.edges() or (t, s) in graph.edges()
        return q + d, "Yes." if yes else "No.", d, [s, t], yes
    if task == "node_count":
        d = "Q: How many nodes are in this graph?\nA: "
        return q + d, " %d." % len(nodes), d, [], len(nodes)
    if task == "node_degree":
        s = random.sample(nodes, k=1)[0]
        d = "Q: What is the degree of node %s?\nA: " % names[s]
        return q + d, "%d." % graph.degree[s], d, [s], graph.degree[s]
    if task == "edge_count":
        d = "Q: How many edges are in this graph?\nA: "
        return q + d, " %d." % len(graph.edges()), d, [], len(graph.edges())
    if task == "connected_nodes":
        s = random.sample(nodes, k=1)[0]
        d = "Q: List all the nodes connected to %s in alphabetical order.\nA: " % names[s]
        conn = [names[e[1]] for e in graph.edges(s)]
        if conn:
            ans = ", ".join(conn) if is_int(conn[0]) else ", ".join(sorted(conn))
            ans += "."
        else:
            ans = " No nodes."
        return q + d, ans, d, [s], sorted(conn)
    if task == "disconnected_nodes":
        s = random.sample(nodes, k=1)[0]
        d = "Q: List all the nodes that are not connected to %s in alphabetical order.\nA: " % names[s]
        rest = [v for v in nodes if v != s and not graph.has_edge(s, v)]
        dn = [names[v] for v in rest]
        if dn and is_int(dn[0]):
            dn = [str(x) for x in sorted(int(x) for x in dn)]
        ans = ", ".join(sorted(dn)) if dn else "No nodes"
        return q + d, ans + ".", d, [s], sorted(dn)
    if task == "reachability":
        s, t = random.sample(nodes, k=2)
        d = "Q: Is there a path from node %s to node %s?\nA: " % (names[s], names[t])
        yes = nx.has_path(graph, s, t)
        return q + d, "Yes." if yes else "No.", d, [s, t], yes
    if task == "shortest_path":
        s, t = random.sample(nodes, k=2)
        d = "Q: What is the length of the shortest path from node %s to node %s?\nA: " % (names[s], names[t])
        try:
            n = len(nx.shortest_path(graph, s, t)) - 1
            return q + d, str(n) + ".", d, [s, t], n
        except nx.NetworkXNoPath:
            return q + d, "There is no path from node %s to node %s." % (names[s], names[t]), d, [s, t], "no path"
    if task == "triangle_counting":
        d = "Q: How many triangles are in this graph?\nA: "
        k = sum(nx.triangles(graph).values()) // 3
        return q + d, "%i." % k, d, [], k
    if task == "maximum_flow":
        for u, v in graph.edges():
            graph[u][v]["weight"] = random.randint(1, 10)
        q = encode(graph, encoding)
        s, t = random.sample(nodes, k=2)
        d = "Q: What is the maximum capacity of the flow from node %s to node %s?\nA: " % (names[s], names[t])
        f = nx.maximum_flow(graph, s, t, capacity="weight")[0]
        return q + d, str(f) + ".", d, [s, t], f
    if task == "node_classification":
        classes = state["classes"]
        sampled = random.sample(list(graph.nodes(data=True)), k=len(nodes) // 2 + 1)
        for v, data in sampled[:-1]:
            q += "Node " + names[v] + " likes " + classes[data["block"]] + ".\n"
        d = "Q: Does node %s like %s or %s?\nA: " % (names[sampled[-1][0]], classes[0], classes[1])
        ans = classes[sampled[-1][1]["block"]]
        return q + d, ans, d, [sampled[-1][0]], ans
    raise ValueError(task)


def er_graph(rng):
    n = rng.randint(5, 19)
    g = nx.gnp_random_graph(n, rng.uniform(0.1, 0.5), seed=rng.randint(0, 1 << 30))
    return g


def sbm_graph(rng):
    n = rng.randint(5, 19)
    big, small = rng.uniform(0.6, 0.8), rng.uniform(0, 0.05)
    return nx.stochastic_block_model([n // 2, n // 2], [[big, small], [small, big]], seed=rng.randint(0, 1 << 30))


TASKS = ["edge_existence", "node_degree", "node_count", "edge_count", "connected_nodes", "disconnected_nodes",
         "cycle_check", "reachability", "shortest_path", "maximum_flow", "node_classification", "triangle_counting"]
ENCODINGS = ["adjacency", "incident", "friendship", "coauthorship", "social_network", "random"]


def write_task(dirname, task, method, graphs, encodings, exact):
    path = os.path.join(dirname, "%s_%s_test.recordio" % (task, method))
    with open(path, "wb") as out:
        for encoding in encodings:
            state = {"classes": random.sample(CLASSES, k=2)}
            for key, g in enumerate(graphs):
                g = g.copy()
                q, a, d, ids, ex = make(task, g, encoding, state)
                if method == "zero_cot":
                    q += "Let's think step by step. "
                if method == "few_shot":
                    shots = ""
                    for h in graphs[:2]:
                        sq, sa, _, _, _ = make(task, h.copy(), encoding, state)
                        shots += "Example: " + sq + sa + "\n"
                    q = shots + "Example: " + q
                item = {"question": q, "answer": a, "task_description": d, "graph": g, "node_ids": ids,
                        "algorithm": "sbm" if task == "node_classification" else "er",
                        "nnodes": str(g.number_of_nodes()), "nedges": str(g.number_of_edges())}
                out.write(record(key, item, encoding))
                exact.append({"id": "%s/%s/%s/%d" % (task, method, encoding, key), "exact": ex,
                              "names_match": encoding != "random"})


def main():
    seed, per, dirname = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    random.seed(seed)
    os.makedirs(dirname, exist_ok=True)
    exact = []
    for task in TASKS:
        make_graph = sbm_graph if task == "node_classification" else er_graph
        graphs = [make_graph(rng) for _ in range(per)]
        if task != "node_classification" and per >= 3:
            # An edgeless graph: adjacency and coauthorship then end the
            # node list with "..\n" (output.strip() + ".\n").
            graphs[-1] = nx.empty_graph(5)
        write_task(dirname, task, "zero_shot", graphs, ENCODINGS, exact)
        if task == "cycle_check":
            write_task(dirname, task, "zero_cot", graphs, ["adjacency"], exact)
        if task == "edge_existence":
            write_task(dirname, task, "few_shot", graphs, ["friendship"], exact)
    with open(os.path.join(dirname, "exact.jsonl"), "w") as f:
        for e in exact:
            f.write(json.dumps(e) + "\n")


if __name__ == "__main__":
    main()
