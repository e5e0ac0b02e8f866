#!/usr/bin/env python3
"""The table of scripts/handshake-race.sh's run: per case and round, each side's median handshakes
per second over its measured iterations and the ratio A / B; per case the median of the rounds'
ratios. Reads OUTDIR/<case>-<round>-<a|b>-<provider>.json; measures nothing.

Usage: scripts/handshake-race.py OUTDIR
"""
import glob
import json
import os
import re
import statistics
import sys


def median_of(path):
    try:
        results = json.load(open(path))
    except ValueError:
        return None
    raw = [x for e in results for fork in e["primaryMetric"]["rawData"] for x in fork]
    return statistics.median(raw) if raw else None


def main(outdir):
    cases = {}  # case -> round -> side -> (provider, median)
    for path in glob.glob(os.path.join(outdir, "*.json")):
        m = re.match(r"(.+)-(\d+)-([ab])-(.+)\.json$", os.path.basename(path))
        if not m:
            continue
        case, rnd, side, provider = m.groups()
        cases.setdefault(case, {}).setdefault(int(rnd), {})[side] = (provider, median_of(path))
    print("| case | round | A (median/s) | B (median/s) | A / B |")
    print("|---|--:|---|---|--:|")
    summary = []
    for case in sorted(cases):
        ratios = []
        for rnd in sorted(cases[case]):
            sides = cases[case][rnd]
            if "a" not in sides or "b" not in sides or None in (sides["a"][1], sides["b"][1]):
                print(f"| {case} | {rnd} | (incomplete) | | |")
                continue
            (pa, a), (pb, b) = sides["a"], sides["b"]
            ratios.append(a / b)
            print(f"| {case} | {rnd} | {pa} {a:.0f} | {pb} {b:.0f} | {a / b:.2f} |")
        if ratios:
            summary.append((case, statistics.median(ratios), min(ratios), max(ratios), len(ratios)))
    print()
    print("| case | A / B, median of rounds (lowest-highest) | rounds |")
    print("|---|--:|--:|")
    for case, med, lo, hi, n in summary:
        print(f"| {case} | **{med:.2f}** ({lo:.2f}-{hi:.2f}) | {n} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1])
