#!/usr/bin/env python3
"""The spread between JMH forks, per benchmark and parameters, from a JMH JSON result.

A JVM can settle in a mode that holds for its whole life (JIT decisions around a native call,
for instance: docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md, "AES-GCM at half speed on Intel AVX-512"), so one fork's
score says little and the error JMH prints across forks hides which fork was the odd one. This
prints every fork's mean, the slowest fork over the fastest, and the median over forks; with a
provider parameter, also each provider's median over the JDK's median at the same parameters.

Usage: scripts/fork-spread.py RESULT.json [--min-spread 0.85] [--by mean|best]
Exits 1 when a row's slowest/fastest fork ratio is under --min-spread (the guard of docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md).
--by best judges each fork by its best iteration instead of its mean: a JVM stuck in a slow mode
has no fast iteration, while a host whose speed swings for seconds at a time (a shared virtual
machine) lowers some iterations of every JVM. Use it with many iterations per fork (8 or more),
and read both columns. Reads JMH's JSON only; measures nothing.
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
    by = argv[argv.index("--by") + 1] if "--by" in argv else "mean"
    if by not in ("mean", "best"):
        print("--by takes mean or best", file=sys.stderr)
        return 2
    rows = []
    for e in json.load(open(path)):
        params = dict(e.get("params") or {})
        provider = params.pop("provider", "")
        name = e["benchmark"].rsplit(".", 2)
        bench = name[-2] + "." + name[-1]
        raw = e["primaryMetric"]["rawData"]
        forks = [statistics.fmean(iterations) for iterations in raw]
        best = [max(iterations) for iterations in raw]
        key = bench + " " + " ".join(f"{k}={v}" for k, v in sorted(params.items()))
        rows.append((key, provider, forks, best, e["primaryMetric"]["scoreUnit"]))
    medians = {(k, p): statistics.median(f) for k, p, f, _, _ in rows}
    failed = []
    print(f"Judged by each fork's {'best iteration' if by == 'best' else 'mean'}.\n")
    print("| benchmark | provider | forks (mean of each) | slowest/fastest (means) | forks (best iteration)"
          " | slowest/fastest (best) | median of means | median / JDK |")
    print("|---|---|---|---|---|---|---|---|")
    for key, provider, forks, best, unit in rows:
        spread = min(forks) / max(forks)
        best_spread = min(best) / max(best)
        judged = best_spread if by == "best" else spread
        jdk = medians.get((key, "JDK"))
        vs_jdk = f"{medians[(key, provider)] / jdk:.2f}" if jdk and provider != "JDK" else ""
        mark = " **(unstable)**" if judged < min_spread else ""
        print(f"| {key} | {provider} | {', '.join(fmt(f) for f in forks)} | {spread:.2f}"
              f"{mark if by == 'mean' else ''} | {', '.join(fmt(f) for f in best)} | {best_spread:.2f}"
              f"{mark if by == 'best' else ''} | {fmt(medians[(key, provider)])} {unit} | {vs_jdk} |")
        if judged < min_spread:
            failed.append(f"{key} {provider}: slowest fork {judged:.2f} of the fastest ({by})")
    if failed:
        print(f"\nforks differ by more than {min_spread:.2f}: " + "; ".join(failed), file=sys.stderr)
        return 1
    return 0


def fmt(x):
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.1f} k" if x >= 1e3 else f"{x:.1f}"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
