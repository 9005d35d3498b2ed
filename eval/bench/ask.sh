#!/usr/bin/env bash
# Whole-process latency of `graphagent ask` with the builtin backend on the
# 40-node GTools question (WL degree, directed, item 9: 259 edges written in
# the question), or with QUESTION=prose1000 on a 1,000-edge question in prose
# ("an edge between node 93 and node 244 with weight 2," x 1000 over 250
# nodes, then "Give the shortest path from node 0 to node 1"). Builds the
# binary, runs it RUNS times (default 200) with a fresh home folder, and
# prints p50, p90, p99 and the mean wall time per process, the mean CPU time
# (user+sys) per process, and the load average, since other work on the
# machine lengthens wall times.
#
#   eval/bench/ask.sh [RUNS [BINARY]]   (BINARY: time that build instead, e.g. an older one)
#   QUESTION=prose1000 eval/bench/ask.sh [RUNS [BINARY]]
#   BASELINE=OLD_BINARY eval/bench/ask.sh [RUNS [BINARY]]   (both, alternating run by run)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${2:-}" ]; then
  cp "$2" "$work/graphagent"
else
  go build -o "$work/graphagent" ./cmd/graphagent
fi
python3 - "$work/q.txt" "${QUESTION:-gtools40}" <<'PY'
import json, random, sys
if sys.argv[2] == "prose1000":
    r, n = random.Random(34), 1000
    nodes = n // 4
    lines = [f"In an undirected graph, the nodes are numbered from 0 to {nodes - 1}, and the edges are:"]
    seen = set()
    while len(seen) < n:
        u, v = r.randrange(nodes), r.randrange(nodes)
        if u >= v or (u, v) in seen:
            continue
        seen.add((u, v))
        lines.append(f"an edge between node {u} and node {v} with weight {1 + r.randrange(9)},")
    lines.append("Q: Give the shortest path from node 0 to node 1.\nA:")
    open(sys.argv[1], "w").write("\n".join(lines))
elif sys.argv[2] == "gtools40":
    item = json.load(open("datasets/gtools/WL/Degree_Count/Di/degree_Di.json"))[9]
    open(sys.argv[1], "w").write(item["prompt"])
else:
    sys.exit(f"QUESTION={sys.argv[2]}: want gtools40 or prose1000")
PY
q=$(cat "$work/q.txt")
exes=("$work/graphagent")
if [ -n "${BASELINE:-}" ]; then
  cp "$BASELINE" "$work/baseline"
  exes+=("$work/baseline")
fi
# Each build has its own home folder: builds with other seed sets embed
# alike only their own, and would rewrite a shared memory log each run.
for exe in "${exes[@]}"; do
  "$exe" --home "$exe.home" ask "$q" >"$work/answer.txt"
  echo "answer ($(basename "$exe")): $(cat "$work/answer.txt")"
done
echo "load before: $(uptime | sed 's/.*load average/load average/')"
python3 - "$runs" "$q" "${exes[@]}" <<'PY'
import os, resource, statistics, subprocess, sys, time
runs, q, exes = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
walls = {exe: [] for exe in exes}
cpus = {exe: [] for exe in exes}
# With a baseline the two builds alternate, run by run, so that both see
# the same load.
for _ in range(runs):
    for exe in exes:
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run([exe, "--home", exe + ".home", "ask", q], check=True, stdout=subprocess.DEVNULL)
        walls[exe].append((time.perf_counter() - t0) * 1000)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus[exe].append(((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)) * 1000)
for exe in exes:
    w, c = sorted(walls[exe]), sorted(cpus[exe])
    pct = lambda v, p: v[min(len(v) - 1, int(len(v) * p))]
    print(f"{os.path.basename(exe)}: {runs} runs: wall p50 {pct(w, 0.50):.1f} ms, p90 {pct(w, 0.90):.1f} ms, "
          f"p99 {pct(w, 0.99):.1f} ms, mean {statistics.mean(w):.1f} ms; CPU (user+sys) mean {statistics.mean(c):.1f} ms, "
          f"p50 {pct(c, 0.50):.1f} ms per process; {os.cpu_count()} CPUs")
PY
echo "load after: $(uptime | sed 's/.*load average/load average/')"
