#!/usr/bin/env python3
"""The Markdown table of scripts/engine-peers.sh's run: per benchmark row, ops/s of every provider
(with JMH's error), the best peer among the JDK, ACCP and Conscrypt, and AccelJCE (policy auto)
and each forced library as a ratio of that best peer.

Usage: scripts/engine-peers.py OUTDIR   (reads OUTDIR/*.json; measures nothing)
"""
import glob
import os
import sys

from jmh_rows import entries, fmt

PEERS = ["JDK", "ACCP", "Conscrypt"]
OURS = ["AccelJCE", "AccelJCE-openssl", "AccelJCE-awslc"]


def main(outdir):
    rows = {}
    order = []
    for path in sorted(glob.glob(os.path.join(outdir, "*.json"))):
        for key, provider, e in entries(path):
            if key not in rows:
                rows[key] = {}
                order.append(key)
            m = e["primaryMetric"]
            err = m["scoreError"]
            rows[key][provider] = (float(m["score"]), float(err) if err not in ("NaN", None) else float("nan"))
    providers = [p for p in OURS + PEERS if any(p in r for r in rows.values())]
    head = ["Row"] + providers + ["best peer", "auto / best", "openssl / best", "awslc / best"]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(["---"] + ["--:"] * (len(head) - 1)) + "|")
    for key in order:
        r = rows[key]
        cells = [key]
        for p in providers:
            if p in r:
                s, err = r[p]
                cells.append(f"{fmt(s)} ± {100 * err / s:.0f}%" if s and err == err else fmt(s))
            else:
                cells.append("—")
        peers = [(r[p][0], p) for p in PEERS if p in r]
        if not peers:
            cells += ["—"] * 4
        else:
            best, who = max(peers)
            cells.append(f"{who} {fmt(best)}")
            for p in OURS:
                cells.append(f"{r[p][0] / best:.2f}" if p in r else "—")
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
