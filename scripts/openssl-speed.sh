#!/usr/bin/env bash
# `openssl speed` of one OpenSSL build for the operations the benchmarks measure, printed as
# "<operation>\t<ops/s>" lines (docs/performance.md), or with --markdown as the tables of
# docs/peers.md (ns per call beside the Java-level numbers of `./acceljce bench --suite`).
# Usage: scripts/openssl-speed.sh [--markdown] /path/to/openssl [seconds]
# The bundled 3.5's `openssl` comes from `scripts/build-openssl.sh --with-app` (next to the cached
# library, ~/.cache/acceljce/openssl/*/openssl); the system's is /usr/bin/openssl (3.0).
# Post-quantum lines appear only where the build has ML-KEM/ML-DSA. openssl measures user CPU
# time (its default); pinned to CPU 1 with taskset where there is more than one CPU, like the
# benchmark JVMs.
set -euo pipefail
markdown=false
if [ "${1:-}" = --markdown ]; then markdown=true; shift; fi
bin=${1:?usage: openssl-speed.sh [--markdown] /path/to/openssl [seconds]}
secs=${2:-2}
pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt 1 ]; then pin=(taskset -c 1); fi
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
run() { "${pin[@]}" "$bin" speed -mr -seconds "$secs" "$@" 2>/dev/null >>"$raw" || true; }

for size in 32 128 512 1024 16384; do
  # aes-128-gcm: streaming (-evp, one context for every block); -aead: a new IV, AAD and tag per
  # message, as AesGcmBenchmark does
  for alg in aes-128-gcm aes-128-cbc aes-128-ctr sha256 sha512 sha3-256; do
    echo "#S:$alg:$size" >>"$raw"; run -evp "$alg" -bytes "$size"
  done
  for alg in aes-128-gcm chacha20-poly1305; do echo "#S:$alg-aead:$size" >>"$raw"; run -aead -evp "$alg" -bytes "$size"; done
  echo "#S:hmac-sha256:$size" >>"$raw"; run -hmac sha256 -bytes "$size"
done
# one algorithm per run: openssl's machine-readable lines carry an index, not always the name
for alg in ecdsap256 ecdsap384 ed25519 ecdhx25519 ecdhp256 rsa2048 rsa4096 ML-KEM-768 ML-DSA-65; do
  echo "#A:$alg" >>"$raw"; run "$alg"
done

python3 - "$raw" "$markdown" "$("$bin" version)" "$secs" "$(lscpu | sed -n 's/^Model name: *//p')" "${pin[*]:-not pinned}" <<'PY'
import sys
raw, markdown, version, secs, cpu, pin = sys.argv[1:7]
# openssl 3.x -mr lines: +F:<i>:<name>:<bytes/s> (one size), +F2 RSA bits:sign:verify:encrypt:decrypt,
# +F4 ECDSA bits:sign:verify, +F5 ECDH bits:ops, +F6 EdDSA bits:name:sign:verify,
# +F9 KEM keygen:encaps:decaps, +F10 signature keygen:sign:verify (all per second)
FIELDS = {"+F2": ("sign", "verify", "encrypt", "decrypt"), "+F4": ("sign", "verify"), "+F5": ("derive",),
          "+F6": ("sign", "verify"), "+F9": ("keygen", "encaps", "decaps"), "+F10": ("keygen", "sign", "verify")}
NAMES = {"ecdsap256": "ecdsa-p256", "ecdsap384": "ecdsa-p384", "ecdhx25519": "x25519", "ecdhp256": "ecdh-p256",
         "ML-KEM-768": "ml-kem-768", "ML-DSA-65": "ml-dsa-65"}
sym, asym, seen, current, alg = [], [], set(), None, None
for line in open(raw):
    line = line.strip()
    if line.startswith("#S:"):
        _, name, size = line.split(":")
        current, alg = (name, int(size)), None
    elif line.startswith("#A:"):
        current, alg = None, NAMES.get(line[3:], line[3:])
    elif line.startswith("+F:") and current:
        sym.append((current[0], current[1], float(line.split(":")[3])))
    elif alg and line.split(":")[0] in FIELDS:
        f = line.split(":")
        values = f[4:] if f[0] == "+F6" else f[3:] if f[0] in ("+F2", "+F4", "+F5") else f[2:]
        for what, v in zip(FIELDS[f[0]], values):
            # openssl may add a related line (RSA as a KEM and as a generic signature): keep the first
            if (alg, what) not in seen and float(v) > 0:
                seen.add((alg, what))
                asym.append((alg, what, float(v)))
if markdown != "true":
    for name, size, bps in sym:
        print(f"{name} {size} B\t{bps / size:.0f}")
    for name, what, rate in asym:
        print(f"{name} {what}\t{rate:.0f}")
    sys.exit(0)
print(f"`openssl speed` of {version}, {secs} s per measurement (user CPU time), {pin}; CPU: {cpu}.\n")
print("| Operation | Size (B) | ns/call | MB/s | calls/s |")
print("|---|--:|--:|--:|--:|")
for name, size, bps in sym:
    calls = bps / size
    print(f"| {name} | {size} | {1e9 / calls:,.1f} | {bps / 1e6:,.1f} | {calls:,.0f} |")
print("\n| Algorithm | Operation | ns/call | calls/s |")
print("|---|---|--:|--:|")
for name, what, rate in asym:
    print(f"| {name} | {what} | {1e9 / rate:,.0f} | {rate:,.0f} |")
PY
