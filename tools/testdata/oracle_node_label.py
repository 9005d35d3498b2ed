"""Oracle for predict_node_label, written independently of the Go code from
the rules its documentation states: given labels stay; every other node is
labelled in synchronous rounds by the majority label of its neighbours
labelled before the round (successors and predecessors alike); a tie leaves a
node undecided for the round, and for good when it ties in round 1; rounds
stop when one labels nothing. The labels come in args["labels"]."""
from collections import Counter


def _neighbours(G, u):
    nb = set(G.successors(u)) | set(G.predecessors(u)) if G.is_directed() else set(G[u])
    nb.discard(u)
    return nb


def _predict(G, labels):
    cur = dict(labels)
    pred = {u: {"label": l, "method": "given"} for u, l in labels.items()}
    frozen = set()
    rnd = 1
    while True:
        decided = {}
        for u in G:
            if u in cur or u in frozen:
                continue
            votes = Counter(cur[v] for v in _neighbours(G, u) if v in cur)
            if not votes:
                continue
            top = max(votes.values())
            tied = sorted(l for l, c in votes.items() if c == top)
            p = {"method": "neighbour majority" if rnd == 1 else "label propagation", "votes": dict(votes), "round": rnd}
            if len(tied) > 1:
                p["tied"] = tied
                if rnd == 1:
                    frozen.add(u)
            else:
                p["label"] = tied[0]
                decided[u] = tied[0]
            pred[u] = p
        if not decided:
            return pred
        cur.update(decided)
        rnd += 1


def predict_node_label(G, args):
    labels = args["labels"]
    if not labels:
        raise ValueError("no labelled node")
    pred = _predict(G, labels)
    if args.get("node") is not None:
        n = str(args["node"])
        return dict(pred.get(n, {}), node=n)
    return [dict(pred.get(u, {}), node=u) for u in G if u not in labels]


TOOLS = {"predict_node_label": predict_node_label}
