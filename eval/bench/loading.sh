#!/usr/bin/env bash
# Whole-process loading of large edge lists: `graphagent tools run node_count`
# (the load alone) on random weighted edge lists of 10^6 and 10^7 lines over
# m/8 nodes, with integer and with string node names, read undirected and
# directed. Builds this tree's binary
# and, when BASE_REV is given, the binary of that revision, and runs them
# alternately, RUNS times each (default 3). Prints a Markdown table: median
# wall and CPU time (user+sys), the largest peak RSS, and the bytes per edge
# of the peak beyond a tiny graph's process and the names (a 16-byte string
# header and the bytes per node, and the node index: 4 bytes per node for
# integer names, the hash table's 8-byte slots for string names); and the
# 10^7 / 10^6 ratios. The load average is printed before and after: the
# machine may be shared, and CPU time is the steadier measure then.
#
#   eval/bench/loading.sh [RUNS [BASE_REV]]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
base=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/new" ./cmd/graphagent
bins="new"
if [ -n "$base" ]; then
  mkdir "$work/src"
  git archive "$base" | tar -x -C "$work/src"
  (cd "$work/src" && go build -o "$work/base" ./cmd/graphagent)
  bins="base new"
fi
mkdir "$work/data"
printf '0 1 1\n' >"$work/data/tiny.txt"
for m in 1000000 10000000; do
  for names in int str; do
    go run ./eval/bench/loadgen -m $m -names $names -out "$work/data/${names}_$m.txt" >"$work/data/${names}_$m.stats"
  done
done
echo "measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs; bins: $bins${base:+ (base = $base)}"
echo "load before: $(uptime | sed 's/.*load average/load average/')"
python3 - "$work" "$runs" $bins <<'PY'
import os, statistics, subprocess, sys, time

work, runs, bins = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

def run(b, tool, f, directed, args=()):
    cmd = [f"{work}/{b}", "--data", f"{work}/data", "tools", "run", tool, "--graph", f,
           "--max-edges", "20000000", "--max-nodes", "20000000", "--timeout", "10m", *args]
    if directed:
        cmd.append("-d")
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode()
    p.stderr.close()
    if status != 0:
        sys.exit(f"{' '.join(cmd)} failed: {err}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss * 1024

tiny = {b: max(run(b, "node_count", "tiny.txt", False)[2] for _ in range(3)) for b in bins}
cases = []
for m in (1000000, 10000000):
    for names in ("int", "str"):
        for directed in (False, True):
            cases.append(("node_count", names, m, directed, ()))
res = {}
for _ in range(runs):
    for c in cases:
        tool, names, m, directed, args = c
        for b in bins:
            res.setdefault((c, b), []).append(run(b, tool, f"{names}_{m}.txt", directed, args))

def stats(names, m):
    nodes, idbytes = map(int, open(f"{work}/data/{names}_{m}.stats").read().split())
    index = 4 * nodes
    if names == "str":
        slots = 16
        while 2 * nodes > slots:
            slots *= 2
        index = 8 * slots
    return nodes, 16 * nodes + idbytes + index

def fmt_t(s):
    return f"{s:.2f} s" if s >= 1 else f"{s*1000:.0f} ms"

print()
print("| names | edges | graph | binary | wall | CPU | peak RSS | bytes/edge beyond names |")
print("|---|---:|---|---|---:|---:|---:|---:|")
summary = {}
for c in cases:
    tool, names, m, directed, _ = c
    for b in bins:
        v = res[(c, b)]
        wall = statistics.median(x[0] for x in v)
        cpu = statistics.median(x[1] for x in v)
        rss = max(x[2] for x in v)
        nodes, namebytes = stats(names, m)
        per = (rss - tiny[b] - namebytes) / m
        summary[(tool, names, m, directed, b)] = (wall, cpu, rss, per)
        print(f"| {names} | {m:,} | {'directed' if directed else 'undirected'} | {b} | {fmt_t(wall)} | {fmt_t(cpu)} | {rss/2**20:.0f} MiB | {per:.1f} |")
print()
print("10^7 / 10^6:")
print()
print("| names | graph | binary | wall ratio | CPU ratio |")
print("|---|---|---|---:|---:|")
for c in cases:
    tool, names, m, directed, _ = c
    if m != 1000000:
        continue
    for b in bins:
        lo, hi = summary[(tool, names, m, directed, b)], summary[(tool, names, 10 * m, directed, b)]
        print(f"| {names} | {'directed' if directed else 'undirected'} | {b} | {hi[0] / lo[0]:.1f}× | {hi[1] / lo[1]:.1f}× |")
print()
print("tiny graph's process peak RSS: " + ", ".join(f"{b} {tiny[b]/2**20:.0f} MiB" for b in bins))
PY
echo "load after: $(uptime | sed 's/.*load average/load average/')"
