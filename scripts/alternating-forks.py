#!/usr/bin/env python3
"""The table of scripts/alternating-forks.sh's run: per benchmark row, every provider's median over
all its measured iterations (all forks), its best iteration, each fork's mean, and the first
provider's median and best over the best other provider's. On a host whose speed drops for
seconds at a time, the best iteration is each provider's speed outside those drops (read it
beside the median, never alone). Reads OUTDIR/<provider>-<fork>.json; measures nothing.

With --goal G and several OUTDIRs (e.g. every group of `PEER_TURNS=4 scripts/engine-peers.sh`),
one line per row instead: the first provider's median, the best peer's, their ratio, the ratio of
the best iterations, and whether the median ratio reaches G. --control names providers that are
the first one configured another way: never counted as the best peer, each given its own ratio.

Usage: scripts/alternating-forks.py OUTDIR [FIRST_PROVIDER]   (default first: AccelJCE)
       scripts/alternating-forks.py --goal 0.95 OUTDIR... [--first PROVIDER] [--control P1,P2]
"""
import glob
import os
import re
import statistics
import sys

from jmh_rows import entries, fmt


def collect(outdirs):
    """row -> provider -> list of forks (each a list of iteration scores), rows in file order."""
    rows = {}
    for outdir in outdirs:
        for path in sorted(glob.glob(os.path.join(outdir, "*.json"))):
            if not re.search(r"-\d+\.json$", path):
                continue
            for key, provider, e in entries(path):
                for fork in e["primaryMetric"]["rawData"]:
                    rows.setdefault(key, {}).setdefault(provider, []).append(fork)
    return rows


def medians_and_bests(providers):
    medians = {p: statistics.median([x for f in forks for x in f]) for p, forks in providers.items()}
    bests = {p: max(x for f in forks for x in f) for p, forks in providers.items()}
    return medians, bests


def table(rows, first):
    print("| row | provider | median | best iteration | forks (mean each) | "
          + first + " / best other: medians | bests |")
    print("|---|---|--:|--:|---|--:|--:|")
    for key, providers in rows.items():
        medians, bests = medians_and_bests(providers)
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


def goal_lines(rows, first, goal, controls):
    """One line per row: first against the best provider that is neither first nor a control; a
    control (the same provider configured another way) gets its own ratio to that best."""
    print(f"| row | {first} (median) | best peer (median) | medians | best iterations | forks each | >= {goal} "
          "| controls / best peer |")
    print("|---|--:|---|--:|--:|--:|---|---|")
    short = 0
    for key, providers in rows.items():
        peers = [p for p in providers if p != first and p not in controls]
        if first not in providers or not peers:
            continue
        medians, bests = medians_and_bests(providers)
        m, other = max((medians[p], p) for p in peers)
        best_of_bests = max(bests[p] for p in peers)
        ratio = medians[first] / m
        met = ratio >= goal
        short += not met
        forks = min(len(providers[p]) for p in peers + [first])
        control = ", ".join(f"{c} {medians[c] / m:.2f}" for c in controls if c in providers)
        print(f"| {key} | {fmt(medians[first])} | {other} {fmt(m)} | {ratio:.2f} | "
              f"{bests[first] / best_of_bests:.2f} | {forks} | {'met' if met else '**no**'} | {control} |")
    print(f"\nRows under {goal}: {short}.")


def main(argv):
    if "--goal" in argv:
        i = argv.index("--goal")
        goal = float(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
        options = {"--first": "AccelJCE", "--control": ""}
        for name in options:
            if name in argv:
                i = argv.index(name)
                options[name] = argv[i + 1]
                argv = argv[:i] + argv[i + 2:]
        controls = [c for c in options["--control"].split(",") if c]
        goal_lines(collect(argv), options["--first"], goal, controls)
    else:
        table(collect(argv[:1]), argv[1] if len(argv) > 1 else "AccelJCE")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1:])
