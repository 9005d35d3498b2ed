#!/usr/bin/env bash
# Whole-process latency of `graphagent ask` with the builtin backend on the
# 40-node GTools question (WL degree, directed, item 9: 259 edges written in
# the question). Builds the binary, runs it RUNS times (default 200) with a
# fresh home folder, and prints p50, p90, p99 and the mean wall time per
# process, the mean CPU time (user+sys) per process, and the load average,
# since other work on the machine lengthens wall times.
#
#   eval/bench/ask.sh [RUNS [BINARY]]   (BINARY: time that build instead, e.g. an older one)
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
python3 - "$work/q.txt" <<'PY'
import json, sys
item = json.load(open("datasets/gtools/WL/Degree_Count/Di/degree_Di.json"))[9]
open(sys.argv[1], "w").write(item["prompt"])
PY
q=$(cat "$work/q.txt")
"$work/graphagent" --home "$work/home" ask "$q" >"$work/answer.txt"
echo "answer: $(cat "$work/answer.txt")"
echo "load before: $(uptime | sed 's/.*load average/load average/')"
python3 - "$runs" "$work/graphagent" "$work/home" "$q" <<'PY'
import os, resource, statistics, subprocess, sys, time
runs, exe, home, q = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
walls = []
r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
for _ in range(runs):
    t0 = time.perf_counter()
    subprocess.run([exe, "--home", home, "ask", q], check=True, stdout=subprocess.DEVNULL)
    walls.append((time.perf_counter() - t0) * 1000)
r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = ((r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)) * 1000 / runs
walls.sort()
pct = lambda p: walls[min(len(walls) - 1, int(len(walls) * p))]
print(f"{runs} runs: wall p50 {pct(0.50):.1f} ms, p90 {pct(0.90):.1f} ms, p99 {pct(0.99):.1f} ms, "
      f"mean {statistics.mean(walls):.1f} ms; CPU (user+sys) {cpu:.1f} ms per process; {os.cpu_count()} CPUs")
PY
echo "load after: $(uptime | sed 's/.*load average/load average/')"
