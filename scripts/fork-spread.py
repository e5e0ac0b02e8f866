#!/usr/bin/env python3
"""The spread between JMH forks, per benchmark and parameters, from a JMH JSON result.

A JVM can settle in a mode that holds for its whole life (JIT decisions around a native call,
for instance: docs/performance.md, "AES-GCM at half speed on Intel AVX-512"), so one fork's
score says little and the error JMH prints across forks hides which fork was the odd one. This
prints every fork's mean, the slowest fork over the fastest, and the median over forks; with a
provider parameter, also each provider's median over the JDK's median at the same parameters.

Usage: scripts/fork-spread.py RESULT.json [--min-spread 0.85]
Exits 1 when a row's slowest/fastest fork ratio is under --min-spread (the guard of issue 27).
Reads JMH's JSON only; measures nothing.
"""
import json
import statistics
import sys


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    path = argv[0]
    min_spread = float(argv[argv.index("--min-spread") + 1]) if "--min-spread" in argv else 0.85
    rows = []
    for e in json.load(open(path)):
        params = dict(e.get("params") or {})
        provider = params.pop("provider", "")
        name = e["benchmark"].rsplit(".", 2)
        bench = name[-2] + "." + name[-1]
        forks = [statistics.fmean(iterations) for iterations in e["primaryMetric"]["rawData"]]
        key = bench + " " + " ".join(f"{k}={v}" for k, v in sorted(params.items()))
        rows.append((key, provider, forks, e["primaryMetric"]["scoreUnit"], e.get("jvmArgs", [])))
    medians = {(k, p): statistics.median(f) for k, p, f, _, _ in rows}
    failed = []
    print("| benchmark | provider | forks (mean of each) | slowest/fastest | median | median / JDK |")
    print("|---|---|---|---|---|---|")
    for key, provider, forks, unit, _ in rows:
        spread = min(forks) / max(forks)
        jdk = medians.get((key, "JDK"))
        vs_jdk = f"{medians[(key, provider)] / jdk:.2f}" if jdk and provider != "JDK" else ""
        mark = " **(unstable)**" if spread < min_spread else ""
        print(f"| {key} | {provider} | {', '.join(fmt(f) for f in forks)} | {spread:.2f}{mark} |"
              f" {fmt(medians[(key, provider)])} {unit} | {vs_jdk} |")
        if spread < min_spread:
            failed.append(f"{key} {provider}: slowest fork {spread:.2f} of the fastest")
    if failed:
        print(f"\nforks differ by more than {min_spread:.2f}: " + "; ".join(failed), file=sys.stderr)
        return 1
    return 0


def fmt(x):
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.1f} k" if x >= 1e3 else f"{x:.1f}"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
