#!/usr/bin/env python3
"""Per-library comparison table for docs/performance.md.

Columns: AccelJCE on the bundled OpenSSL 3.5, AccelJCE on the system OpenSSL 3.0, the JDK's
provider, and `openssl speed` of both builds (scripts/openssl-speed.sh), all in operations per
second. Usage:

  scripts/library-table.py --bundled a.json [b.json ...] --system c.json [...] \
      --speed35 speed-3.5.tsv --speed30 speed-3.0.tsv

JMH JSON files of the bundled runs carry both providers; the system runs only AccelJCE (the JDK
column does not depend on OpenSSL). Bundled runs that also measured provider `AccelJCE-auto` (the
default policy: each message on the faster path) get a column of their own.
"""
import argparse
import json

# JMH benchmark (class.method) + parameters -> the `openssl speed` line measuring the same operation
def speed_key(bench, p):
    cls, method = bench.rsplit(".", 2)[-2:]
    size = p.get("size")
    if cls == "AesGcmBenchmark":
        return f"aes-128-gcm {size} B"
    if cls == "DigestBenchmark" and p.get("algorithm") == "SHA-256":
        return f"sha256 {size} B"
    if cls == "EcdsaBenchmark" and size == "32":
        return "ecdsa-p256 " + ("sign" if method == "signEcDsa" else "verify")
    if cls == "EdDsaBenchmark" and size == "32":
        return "ed25519 " + method
    if cls == "RsaBenchmark" and method in ("sign", "verify"):
        return f"rsa{p.get('keyBits')} {method}"
    if cls == "KeyAgreementBenchmark" and p.get("group") == "X25519":
        return "x25519 derive"
    if cls == "MlKemBenchmark":
        return "ml-kem-768 " + {"encapsulate": "encaps", "decapsulate": "decaps", "keygen": "keygen"}.get(method, method)
    if cls == "MlDsaBenchmark":
        return "ml-dsa-65 " + method
    return None


def label(bench, p):
    cls, method = bench.rsplit(".", 2)[-2:]
    extras = [f"{k}={v}" for k, v in sorted(p.items()) if k != "provider"]
    return f"{cls.replace('Benchmark', '')}.{method} " + " ".join(extras)


def load(files, only=None):
    out = {}
    for f in files or []:
        for r in json.load(open(f)):
            p = dict(r.get("params", {}))
            prov = p.get("provider")
            if only and prov != only:
                continue
            key = (r["benchmark"], tuple(sorted((k, v) for k, v in p.items() if k != "provider")))
            out.setdefault(key, {})[prov] = r["primaryMetric"]["score"]
    return out


def speeds(f):
    d = {}
    if f:
        for line in open(f):
            if "\t" in line:
                k, v = line.rstrip("\n").split("\t")
                d[k] = float(v)
    return d


def fmt(v):
    if v is None:
        return "—"
    return f"{v:,.0f}" if v >= 100 else f"{v:,.1f}"


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--bundled", nargs="*")
    a.add_argument("--system", nargs="*")
    a.add_argument("--speed35")
    a.add_argument("--speed30")
    args = a.parse_args()
    bundled = load(args.bundled)
    system = load(args.system, only="AccelJCE")
    s35, s30 = speeds(args.speed35), speeds(args.speed30)
    auto = any("AccelJCE-auto" in v for v in bundled.values())
    head = ["Operation", "AccelJCE + OpenSSL 3.5"] + (["AccelJCE auto + 3.5"] if auto else []) + [
        "AccelJCE + OpenSSL 3.0", "JDK 25", "openssl speed 3.5", "openssl speed 3.0", "AccelJCE 3.5 / JDK"] + (
        ["auto / JDK"] if auto else [])
    print("| " + " | ".join(head) + " |")
    print("| --- |" + " ---: |" * (len(head) - 1))
    for key in sorted(set(bundled) | set(system), key=lambda k: (k[0], [(n, v.zfill(8)) for n, v in k[1]])):
        bench, params = key[0], dict(key[1])
        b = bundled.get(key, {})
        acc35, jdk = b.get("AccelJCE"), b.get("JDK")
        acc30 = system.get(key, {}).get("AccelJCE")
        sk = speed_key(bench, params)
        ratio = f"{acc35 / jdk:.2f}×" if acc35 and jdk else "—"
        cells = [label(bench, params), fmt(acc35)]
        if auto:
            cells.append(fmt(b.get("AccelJCE-auto")))
        cells += [fmt(acc30), fmt(jdk), fmt(s35.get(sk)) if sk else "—", fmt(s30.get(sk)) if sk else "—", ratio]
        if auto:
            a35 = b.get("AccelJCE-auto")
            cells.append(f"{a35 / jdk:.2f}×" if a35 and jdk else "—")
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
