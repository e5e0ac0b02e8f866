#!/usr/bin/env python3
"""The tables of docs/seed-studies.md from a `./acceljce bench --suite seeds` result: each seed
figure's numbers beside ours. Reads JMH's JSON (and, for seed 002, the text of `openssl speed
-evp aes-{128,192,256}-cbc` of the bundled library); measures nothing.

Usage: scripts/seed-studies.py target/bench/seeds/jmh-result.json [openssl-speed-cbc.txt]
"""
import json
import math
import re
import sys

SEED000 = {"AES/GCM/NoPadding": (3.33, 6.00, 18.66, 7.20), "SHA-256": (3.74, 5.38, 9.66, 5.79)}
SEED001 = {  # ms for 1M AES-GCM encryptions / 10k ECDSA P-256 signatures or verifications, z/OS
    "encrypt": {"IBMJCE": (1370, 1390, 1415), "IBMJCECCA": (1150, 1180, 1205), "OpenJCEPlus": (1080, 1090, 1100)},
    "signEcDsa": {"IBMJCE": (7525, 7450, 7290), "IBMJCECCA": (5706, 5672, 5695), "OpenJCEPlus": (304, 301, 302)},
    "verifyEcDsa": {"IBMJCE": (12650, 12680, None), "IBMJCECCA": (670, 664, None), "OpenJCEPlus": (622, 620, 624)},
}
SEED002 = {  # openssl speed -evp, 1000s of bytes per second, z13 with CPACF (ibmca), 16..8192 B
    "aes-128-cbc": (166848.23, 404200.51, 966176.46, 1422325.97, 1536445.34),
    "aes-192-cbc": (167041.91, 459028.70, 1013489.78, 1370947.81, 1498835.35),
    "aes-256-cbc": (164065.00, 530333.48, 1062997.07, 1462723.25, 1571415.28),
}
SIZES = ("32", "128", "512")
PROVIDERS = ("AccelJCE", "AccelJCE-native", "JDK", "JDK-sw", "ACCP", "Conscrypt", "BC")


def load(path):
    s = {}
    for e in json.load(open(path)):
        p = e["params"]
        method = e["benchmark"].rsplit(".", 1)[1]
        key = (method, p.get("algorithm"), p.get("keyBits"), p.get("size"), p["provider"])
        s[key] = (e["primaryMetric"]["score"], e["primaryMetric"]["scoreError"])
    return s


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def seed000(s):
    print("| Family | Pair (native on ÷ off) | 32 B | 128 B | 512 B | Method A | Method B |")
    print("|---|---|--:|--:|--:|--:|--:|")
    for alg, (a, b, c, avg) in SEED000.items():
        method, bits = ("encrypt", "128") if alg.startswith("AES") else ("digest", None)
        print(f"| {alg} | seed 000: SunJCE CPACF on ÷ off (IBM z17) | {a:.2f}× | {b:.2f}× | {c:.2f}× | {avg:.2f}× | {avg:.2f}× |")
        for on in ("AccelJCE", "AccelJCE-native", "JDK"):
            pairs = []
            for size in SIZES:
                x = s.get((method, alg, bits, size, on))
                y = s.get((method, alg, bits, size, "JDK-sw"))
                pairs.append((x[0], y[0]) if x and y else None)
            if None in pairs:
                continue
            cells = " | ".join(f"{x / y:.2f}×" for x, y in pairs)
            ma = geomean([x for x, _ in pairs]) / geomean([y for _, y in pairs])
            mb = geomean([x / y for x, y in pairs])
            print(f"| {alg} | ours: {on} ÷ JDK-sw | {cells} | {ma:.2f}× | {mb:.2f}× |")


def seed001(s):
    for method, title, ops, alg in (("encrypt", "AES-GCM encrypt, ms for 1,000,000 messages", 1e6, "AES/GCM/NoPadding"),
                                    ("signEcDsa", "SHA256withECDSA P-256 sign, ms for 10,000", 1e4, "SHA256withECDSA"),
                                    ("verifyEcDsa", "SHA256withECDSA P-256 verify, ms for 10,000", 1e4, "SHA256withECDSA")):
        print(f"\n{title} (lower is better; ours = {int(ops):,} ÷ JMH ops/s):\n")
        print("| Provider | Where | 32 B | 128 B | 512 B |")
        print("|---|---|--:|--:|--:|")
        for name, ms in SEED001[method].items():
            print(f"| {name} | seed 001, z/OS | " + " | ".join("—" if m is None else f"{m:,}" for m in ms) + " |")
        for p in PROVIDERS:
            cells = []
            for size in SIZES:
                x = s.get((method, alg, "128" if method == "encrypt" else None, size, p))
                cells.append(f"{ops / x[0] * 1000:,.0f}" if x else "—")
            if any(c != "—" for c in cells):
                print(f"| {p} | ours | " + " | ".join(cells) + " |")


def seed002(s, speed_text):
    ours_c = {}
    if speed_text:
        aead = False  # the lines after "-aead:" are `openssl speed -aead -evp aes-128-gcm`
        for line in open(speed_text):
            aead = aead or line.strip() == "-aead:"
            m = re.match(r"^(aes-\d+-(cbc|gcm))\s+(.*)$", line.strip(), re.IGNORECASE)
            if m:
                ours_c[m.group(1).lower() + ("-aead" if aead else "")] = [float(v.rstrip("k")) for v in m.group(3).split()]
    sizes = ("16", "64", "256", "1024", "8192")
    print("| Cipher | Source | 16 B | 64 B | 256 B | 1 KiB | 8 KiB |")
    print("|---|---|--:|--:|--:|--:|--:|")
    for cipher, row in SEED002.items():
        bits = cipher.split("-")[1]
        print(f"| {cipher} | seed 002: `openssl speed -evp`, z13 CPACF | " + " | ".join(f"{v / 1000:,.0f}" for v in row) + " |")
        if cipher in ours_c:
            print(f"| {cipher} | ours: `openssl speed -evp`, bundled 3.5.5 | "
                  + " | ".join(f"{v / 1000:,.0f}" for v in ours_c[cipher][:5]) + " |")
        for p in ("AccelJCE", "AccelJCE-native", "JDK"):
            cells = []
            for size in sizes:
                x = s.get(("encrypt", "AES/CBC/NoPadding", bits, size, p))
                cells.append(f"{x[0] * int(size) / 1e6:,.0f}" if x else "—")
            print(f"| {cipher} | ours: {p}, JMH, init + doFinal per message | " + " | ".join(cells) + " |")
    print("\nAES-128-GCM at the same sizes (not in seed 002's table), MB/s:\n")
    print("| Source | 16 B | 64 B | 256 B | 1 KiB | 8 KiB |")
    print("|---|--:|--:|--:|--:|--:|")
    for label in ("aes-128-gcm",):  # the -aead run uses other sizes (2, 31, 136, ...)
        if label in ours_c:
            print(f"| `openssl speed` {label} | " + " | ".join(f"{v / 1000:,.0f}" for v in ours_c[label][:5]) + " |")
    for p in ("AccelJCE", "AccelJCE-native", "JDK"):
        cells = []
        for size in sizes:
            x = s.get(("encrypt", "AES/GCM/NoPadding", "128", size, p))
            cells.append(f"{x[0] * int(size) / 1e6:,.0f}" if x else "—")
        print(f"| {p} (JMH) | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    s = load(sys.argv[1])
    print("### Seed 000, Fig. 3-4\n")
    seed000(s)
    print("\n### Seed 001, Fig. 2-4")
    seed001(s)
    print("\n### Seed 002, Table 1 (MB/s)\n")
    seed002(s, sys.argv[2] if len(sys.argv) > 2 else None)
