#!/usr/bin/env python3
"""The table of scripts/alternating-forks.sh's run: per benchmark row, every provider's median over
all its measured iterations (all forks), its best iteration, each fork's mean, and the first
provider's median and best over the best other provider's. On a host whose speed drops for
seconds at a time, the best iteration is each provider's speed outside those drops (read it
beside the median, never alone). Reads OUTDIR/<provider>-<fork>.json; measures nothing.

Usage: scripts/alternating-forks.py OUTDIR [FIRST_PROVIDER]   (default first: AccelJCE)
"""
import glob
import os
import re
import statistics
import sys

from jmh_rows import entries, fmt


def main(outdir, first="AccelJCE"):
    rows = {}  # row -> provider -> list of forks (each a list of iteration scores)
    for path in sorted(glob.glob(os.path.join(outdir, "*.json"))):
        if not re.search(r"-\d+\.json$", path):
            continue
        for key, provider, e in entries(path):
            for fork in e["primaryMetric"]["rawData"]:
                rows.setdefault(key, {}).setdefault(provider, []).append(fork)
    print("| row | provider | median | best iteration | forks (mean each) | "
          + first + " / best other: medians | bests |")
    print("|---|---|--:|--:|---|--:|--:|")
    for key, providers in rows.items():
        medians = {p: statistics.median([x for f in forks for x in f]) for p, forks in providers.items()}
        bests = {p: max(x for f in forks for x in f) for p, forks in providers.items()}
        others = [(m, p) for p, m in medians.items() if p != first]
        best = max(others) if others else None
        best_of_bests = max((b for p, b in bests.items() if p != first), default=None)
        for p, forks in providers.items():
            ratio = ratio_best = ""
            if p == first and best:
                ratio = f"{medians[p] / best[0]:.2f} ({best[1]})"
                ratio_best = f"{bests[p] / best_of_bests:.2f}"
            each = ", ".join(fmt(statistics.mean(f)) for f in forks)
            print(f"| {key} | {p} | {fmt(medians[p])} | {fmt(bests[p])} | {each} | {ratio} | {ratio_best} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main(*sys.argv[1:3])
