#!/usr/bin/env python3
"""The tables of a scripts/tls-stack-matrix.sh run: handshakes per second per stack, and the
target ratios (AccelJCE-TLS against the best of SunJSSE on AccelJCE and Conscrypt's TLS, against
Conscrypt for resumed handshakes, and against the C pair on AWS-LC's libssl).

Usage: scripts/tls-stack-matrix.py OUTDIR   (reads OUTDIR/<case>.json and OUTDIR/c-pair/results.tsv)
"""
import csv
import json
import statistics
import sys
from pathlib import Path

STACKS = [
    ("AccelJCE-TLS", "AccelJCE-TLS"),
    ("AccelJCE", "SunJSSE on AccelJCE"),
    ("ACCP", "SunJSSE on ACCP"),
    ("Conscrypt-TLS", "Conscrypt's TLS"),
]
GROUPS = [("x25519", "X25519", "x25519"), ("secp256r1", "P-256", "secp256r1"),
          ("secp384r1", "P-384", "secp384r1"), ("mlkem", "X25519MLKEM768", "X25519MLKEM768")]
CERTS = [("ec", "p256", "ECDSA P-256"), ("ec384", "p384", "ECDSA P-384"), ("rsa", "rsa2048", "RSA-2048")]


def jmh(path):
    """provider -> (score, error) from one case's JMH json (missing or failed rows are absent)."""
    out = {}
    if not path.exists() or path.stat().st_size == 0:
        return out
    for row in json.loads(path.read_text()):
        raw = sorted(v for fork in row["primaryMetric"]["rawData"] for v in fork)
        out[row["params"]["provider"]] = (statistics.median(raw), raw[0], raw[-1])
    return out


def c_pair(outdir):
    """(library, case) -> median handshakes/s of the C pair."""
    f = outdir / "c-pair" / "results.tsv"
    out = {}
    if f.exists():
        with f.open() as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                out[(row["library"], row["case"])] = float(row["median_per_s"])
    return out


def fmt(v):
    if v is None:
        return "-"
    median, low, high = v
    return f"{median:,.0f} ({low:,.0f}-{high:,.0f})"


def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}"


def main():
    outdir = Path(sys.argv[1])
    c = c_pair(outdir)
    for mode in ("full", "resumed"):
        print(f"\n#### {mode.capitalize()} TLS 1.3 handshakes per second (median of the measured iterations, lowest-highest; the C pair: median of its rounds)\n")
        head = ["key exchange, certificate"] + [name for _, name in STACKS] + ["C, AWS-LC", "C, OpenSSL 3.5"]
        if mode == "full":
            head += ["AccelJCE-TLS / best of SunJSSE on AccelJCE and Conscrypt", "AccelJCE-TLS / C on AWS-LC"]
        else:
            head += ["AccelJCE-TLS / Conscrypt", "AccelJCE-TLS / SunJSSE on AccelJCE", "AccelJCE-TLS / C on AWS-LC"]
        print("| " + " | ".join(head) + " |")
        print("|---|" + "--:|" * (len(head) - 1))
        for short, cgroup, label in GROUPS:
            for cshort, ccert, clabel in CERTS:
                r = jmh(outdir / f"{mode}-{short}-{cshort}.json")
                ours = r.get("AccelJCE-TLS", (None,))[0]
                cells = [fmt(r.get(p)) for p, _ in STACKS]
                awslc = c.get(("awslc", f"tls13:{cgroup}:{ccert}:{mode}"))
                openssl = c.get(("openssl", f"tls13:{cgroup}:{ccert}:{mode}"))
                cells += [f"{awslc:,.0f}" if awslc else "-", f"{openssl:,.0f}" if openssl else "-"]
                sunjsse = r.get("AccelJCE", (None,))[0]
                conscrypt = r.get("Conscrypt-TLS", (None,))[0]
                if mode == "full":
                    best = max([v for v in (sunjsse, conscrypt) if v is not None], default=None)
                    cells += [ratio(ours, best), ratio(ours, awslc)]
                else:
                    cells += [ratio(ours, conscrypt), ratio(ours, sunjsse), ratio(ours, awslc)]
                print(f"| {label}, {clabel} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
