#!/usr/bin/env python3
"""Two tables from a `./acceljce bench --suite peers` result, for docs/peers.md:

1. per family and size, AccelJCE-native against the JDK in the same run: which path this CPU
   wants, and the crossover size that follows (what `auto` should use here), next to the
   built-in table of provider/src/main/resources/dev/acceljce/control/crossovers-x86_64.properties;
2. with the Markdown of `scripts/openssl-speed.sh --markdown`, AccelJCE-native's ns per operation
   next to OpenSSL's own (C, no Java) for the same operation and size: the Java layer's cost.

Usage: scripts/peers-vs-native.py target/bench/peers/jmh-result.json [openssl-speed.md]
Reads JMH's JSON only; measures nothing.
"""
import json
import re
import sys


def scores(path):
    out = {}
    for e in json.load(open(path)):
        if e["threads"] != 1:
            continue
        p = dict(e["params"])
        provider = p.pop("provider")
        size = p.pop("size", None)
        name = e["benchmark"].split(".")[-2] + "." + e["benchmark"].split(".")[-1]
        family = name + " " + " ".join(f"{k}={v}" for k, v in sorted(p.items()))
        m = e["primaryMetric"]
        assert m["scoreUnit"] == "ops/s", m["scoreUnit"]
        out[(family, size, provider)] = (m["score"], m["scoreError"])
    return out


def ratio(a, b):
    """a/b with its relative error (JMH's 99.9% half-widths, combined in quadrature)."""
    (x, ex), (y, ey) = a, b
    return x / y, ((ex / x) ** 2 + (ey / y) ** 2) ** 0.5


def crossovers(s):
    """Native against the JDK per size; "tie" when 1 lies within the ratio's error. The last
    column says whether `auto` (the AccelJCE rows, the CPU class's table) took the faster path:
    its score against the better of the two, where the suite has all three."""
    print("| Family | Size (B) | AccelJCE-native ÷ JDK | Faster here | auto ÷ faster path |")
    print("|---|--:|--:|---|--:|")
    families = sorted({(f, sz) for (f, sz, p) in s if p == "AccelJCE-native" and (f, sz, "JDK") in s},
                      key=lambda x: (x[0], int(x[1]) if x[1] and x[1].isdigit() else -1))
    for family, size in families:
        n, j = s[(family, size, "AccelJCE-native")], s[(family, size, "JDK")]
        r, e = ratio(n, j)
        faster = "tie" if abs(r - 1) <= r * e else ("native" if r > 1 else "JDK")
        auto = s.get((family, size, "AccelJCE"))
        a = "—"
        if auto:
            ra, ea = ratio(auto, max(n, j))
            a = f"{ra:.2f}× ± {ra * ea:.2f}"
        print(f"| {family} | {size or '—'} | {r:.2f}× ± {r * e:.2f} | {faster} | {a} |")


SPEED_SYM = {"AesGcmBenchmark.encrypt": "aes-128-gcm-aead", "AesGcmBenchmark.decrypt": "aes-128-gcm-aead",
             "AES/CBC/NoPadding": "aes-128-cbc", "AES/CTR/NoPadding": "aes-128-ctr",
             "ChaCha20-Poly1305": "chacha20-poly1305-aead", "SHA-256": "sha256", "SHA-512": "sha512",
             "SHA3-256": "sha3-256", "HmacSHA256": "hmac-sha256"}
SPEED_ASYM = [("EcdsaBenchmark.signEcDsa", "curve=secp256r1", "ecdsa-p256", "sign"),
              ("EcdsaBenchmark.verifyEcDsa", "curve=secp256r1", "ecdsa-p256", "verify"),
              ("EcdsaBenchmark.signEcDsa", "curve=secp384r1", "ecdsa-p384", "sign"),
              ("EcdsaBenchmark.verifyEcDsa", "curve=secp384r1", "ecdsa-p384", "verify"),
              ("EdDsaBenchmark.sign", "", "ed25519", "sign"), ("EdDsaBenchmark.verify", "", "ed25519", "verify"),
              ("KeyAgreementBenchmark.agree", "group=X25519", "x25519", "derive"),
              ("KeyAgreementBenchmark.agree", "group=secp256r1", "ecdh-p256", "derive"),
              ("RsaBenchmark.sign", "keyBits=2048", "rsa2048", "sign"),
              ("RsaBenchmark.verify", "keyBits=2048", "rsa2048", "verify"),
              ("RsaBenchmark.sign", "keyBits=4096", "rsa4096", "sign"),
              ("RsaBenchmark.verify", "keyBits=4096", "rsa4096", "verify"),
              ("MlKemBenchmark.keyGeneration", "", "ml-kem-768", "keygen"),
              ("MlKemBenchmark.encapsulate", "", "ml-kem-768", "encaps"),
              ("MlKemBenchmark.decapsulate", "", "ml-kem-768", "decaps"),
              ("MlDsaBenchmark.keyGeneration", "", "ml-dsa-65", "keygen"),
              ("MlDsaBenchmark.sign", "", "ml-dsa-65", "sign"),
              ("MlDsaBenchmark.verify", "", "ml-dsa-65", "verify")]


def java_vs_c(s, speed_md):
    sym, asym = {}, {}
    for line in open(speed_md):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[1].isdigit():
            sym[(cells[0], cells[1])] = float(cells[2].replace(",", ""))
        elif len(cells) == 4 and re.match(r"^[\d,]+$", cells[2]):
            asym[(cells[0], cells[1])] = float(cells[2].replace(",", ""))
    print("| Operation | Size (B) | OpenSSL ns/call | AccelJCE-native ns/op | Java layer ns | AccelJCE-native ÷ C |")
    print("|---|--:|--:|--:|--:|--:|")
    for (family, size, provider), (score, _) in sorted(s.items()):
        if provider != "AccelJCE-native" or size is None:
            continue
        name = family.split(" ")[0]
        key = next((v for k, v in SPEED_SYM.items() if k == name or f"algorithm={k}" in family), None)
        if key is None or (key, size) not in sym or "keyBits=128" not in family and "AES" in family:
            continue
        c = sym[(key, size)]
        java = 1e9 / score
        print(f"| {family} | {size} | {c:,.0f} | {java:,.0f} | {java - c:,.0f} | {c / java:.2f}× |")
    for bench, param, alg, op in SPEED_ASYM:
        rows = [(f, sz) for (f, sz, p) in s if p == "AccelJCE-native" and f.startswith(bench + " ") and param in f]
        if not rows or (alg, op) not in asym:
            continue
        f, sz = rows[0]
        java = 1e9 / s[(f, sz, "AccelJCE-native")][0]
        c = asym[(alg, op)]
        print(f"| {alg} {op} ({bench}) | {sz or '—'} | {c:,.0f} | {java:,.0f} | {java - c:,.0f} | {c / java:.2f}× |")


if __name__ == "__main__":
    s = scores(sys.argv[1])
    print("#### AccelJCE-native against the JDK, same run\n")
    crossovers(s)
    if len(sys.argv) > 2:
        print("\n#### AccelJCE-native against OpenSSL's own `openssl speed`\n")
        java_vs_c(s, sys.argv[2])
