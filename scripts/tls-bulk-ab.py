#!/usr/bin/env python3
"""Summary of scripts/tls-bulk-ab.sh OUTDIR: per provider, suite and buffer kind, each build's
median over all its rounds of the per-iteration plaintext rate (GB/s), the lowest and highest
iteration, and the ratio B / A of the medians. Two rates: per second of the benchmark thread's
CPU time (sampledBytes / cpuNanos: what one CPU of its own would give; the one to compare on a
shared host) and per wall-clock second (the 'bytes' score: follows the CPU share the thread got)."""
import glob
import json
import os
import re
import statistics
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "."
medians = {}  # -bm sample: (provider, suite, direct, build) -> [median microseconds per op, per fork]
rates = {}  # (provider, suite, direct, build) -> [bytes per CPU second, per iteration]
walls = {}  # the same, bytes per wall-clock second
for path in sorted(glob.glob(os.path.join(out, "[AB]-direct-*-*.json"))):
    build = re.match(r"([AB])-", os.path.basename(path)).group(1)
    try:
        rows = json.load(open(path))
    except ValueError:
        continue  # a run still under way (JMH writes the file at its end)
    for row in rows:
        p = row["params"]
        key0 = (p["provider"], p["suite"].replace("TLS_", "").replace("_SHA256", ""), p["direct"], build)
        if row["mode"] == "sample":
            # the median op time: robust to a time-shared CPU (a 16 KiB op is ~10 us, a time slice ms)
            medians.setdefault(key0, []).append(row["primaryMetric"]["scorePercentiles"]["50.0"])
            continue
        sec = row["secondaryMetrics"]
        flat = lambda name: [x for fork in sec[name]["rawData"] for x in fork]
        key = (p["provider"], p["suite"].replace("TLS_", "").replace("_SHA256", ""), p["direct"], build)
        walls.setdefault(key, []).extend(flat("bytes"))
        if "cpuNanos" in sec:
            per_cpu = [b / c * 1e9 for b, c in zip(flat("sampledBytes"), flat("cpuNanos")) if c > 0]
            rates.setdefault(key, []).extend(per_cpu)

if medians:
    print("\nMedian microseconds per op (one 16 KiB record sealed and opened; -bm sample)\n")
    print("| stack | suite | buffers | A | B | A / B (speed-up) |")
    print("|---|---|---|--:|--:|--:|")
    for provider, suite, direct in sorted({k[:3] for k in medians}):
        a = medians.get((provider, suite, direct, "A"), [])
        b = medians.get((provider, suite, direct, "B"), [])
        if a and b:
            ma, mb = statistics.median(a), statistics.median(b)
            print(f"| {provider} | {suite} | {'direct' if direct == 'true' else 'heap'} | {ma:.2f} | {mb:.2f} | {ma/mb:.2f} |")

for title, table in (("per CPU second of the benchmark thread", rates), ("per wall-clock second", walls)):
    print(f"\nPlaintext GB/s {title}\n")
    print("| stack | suite | buffers | A median (min-max) | B median (min-max) | B / A | iterations |")
    print("|---|---|---|--:|--:|--:|--:|")
    for provider, suite, direct in sorted({k[:3] for k in table}):
        a = table.get((provider, suite, direct, "A"), [])
        b = table.get((provider, suite, direct, "B"), [])
        if not a or not b:
            continue
        ma, mb = statistics.median(a) / 1e9, statistics.median(b) / 1e9
        print(f"| {provider} | {suite} | {'direct' if direct == 'true' else 'heap'} "
              f"| {ma:.2f} ({min(a)/1e9:.2f}-{max(a)/1e9:.2f}) | {mb:.2f} ({min(b)/1e9:.2f}-{max(b)/1e9:.2f}) "
              f"| {mb/ma:.2f} | {len(a)}/{len(b)} |")
