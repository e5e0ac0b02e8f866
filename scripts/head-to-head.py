#!/usr/bin/env python3
"""The table of a HeadToHeadBenchmark run (scripts/head-to-head.sh): per row, the first provider's
operations per second over each second provider's, iteration by iteration (both threads measured
the same second on the same CPU), as the median with the lowest and highest iteration; a race of
the first provider against itself (the A/A rows) shows how evenly the two threads shared the CPU,
the measurement's own noise. Then one line per row: the first provider against its best peer, and
whether it reaches GOAL (default 0.95). Measures nothing.

Usage: scripts/head-to-head.py RESULT.json [GOAL]
"""
import json
import statistics
import sys


def main(path, goal=0.95):
    races = {}  # row -> second provider -> (first's rawData, second's rawData)
    first_name = None
    for e in json.load(open(path)):
        p = e["params"]
        first_name = p["first"]
        m = e["secondaryMetrics"]
        firsts = [x for fork in m["first"]["rawData"] for x in fork]
        seconds = [x for fork in m["second"]["rawData"] for x in fork]
        races.setdefault(p["row"], {})[p["second"]] = (firsts, seconds)
    print(f"| row | against | {first_name} / it, per iteration: median (lowest-highest) | iterations |")
    print("|---|---|--:|--:|")
    summary = []
    for row, seconds in races.items():
        best = None
        for second, (a, b) in seconds.items():
            ratios = sorted(x / y for x, y in zip(a, b) if y > 0)
            med = statistics.median(ratios)
            label = f"{second} (A/A)" if second == first_name else second
            print(f"| {row} | {label} | {med:.2f} ({ratios[0]:.2f}-{ratios[-1]:.2f}) | {len(ratios)} |")
            if second != first_name and (best is None or med < best[0]):
                best = (med, second)
        aa = seconds.get(first_name)
        aa_med = statistics.median(x / y for x, y in zip(*aa)) if aa else None
        summary.append((row, best, aa_med))
    print()
    print(f"| row | {first_name} / best peer (median per iteration) | >= {goal} | A/A |")
    print("|---|--:|---|--:|")
    short = 0
    for row, best, aa_med in summary:
        if best is None:
            continue
        met = best[0] >= goal
        short += not met
        aa = f"{aa_med:.2f}" if aa_med is not None else ""
        print(f"| {row} | {best[0]:.2f} ({best[1]}) | {'met' if met else '**no**'} | {aa} |")
    print(f"\nRows under {goal}: {short}.")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.95)
