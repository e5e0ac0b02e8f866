#!/usr/bin/env bash
# `openssl speed` of the bundled OpenSSL (the same source and build recipe as AccelJCE's library,
# statically linked into the `openssl` tool) for the operations and sizes of the peer suite: the
# native limit beside the Java-level numbers of `./acceljce bench --suite`. Prints a Markdown
# table in ns per call (and MB/s, ops/s) and keeps openssl's raw machine-readable output.
#
# Usage: scripts/openssl-speed.sh [--seconds N] [--out FILE.md]
#   The tool is built once with `scripts/build-openssl.sh --with-app` (into the cache; set
#   ACCELJCE_CACHE for another cache directory). Pinned to CPU 1 with taskset, like the JMH forks.
#   --seconds N   seconds per measurement (default 1; openssl's default is 3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=1
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=${2:?}; shift 2 ;;
    --out) out=${2:?}; shift 2 ;;
    *) echo "openssl-speed.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# The tool sits next to the cached library: find it the way build-openssl.sh names the cache.
crate_version=$(sed -n 's/^crate_version=//p' "$root/scripts/build-openssl.sh")
recipe=$(sha256sum "$root/scripts/build-openssl.sh" | cut -c1-16)
app=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}/openssl/$crate_version-$recipe/openssl
if [ ! -x "$app" ]; then
  echo "openssl-speed: no $app; build it with: scripts/build-openssl.sh --with-app" >&2
  exit 1
fi
pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt 1 ]; then pin=(taskset -c 1); fi
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT

sizes=(32 128 512 1024 16384)
run() { "${pin[@]}" "$app" speed -elapsed -mr -seconds "$seconds" "$@" 2>/dev/null >>"$raw" || true; }
for size in "${sizes[@]}"; do
  for aead in aes-128-gcm chacha20-poly1305; do echo "#S:$aead:$size" >>"$raw"; run -aead -evp "$aead" -bytes "$size"; done
  for cipher in aes-128-cbc aes-128-ctr sha256 sha512 sha3-256; do echo "#S:$cipher:$size" >>"$raw"; run -evp "$cipher" -bytes "$size"; done
  echo "#S:hmac-sha256:$size" >>"$raw"; run -hmac sha256 -bytes "$size"
done
# one algorithm per run: openssl's machine-readable lines carry an index, not always the name
for alg in ecdsap256 ecdsap384 ed25519 ecdhx25519 ecdhp256 rsa2048 rsa4096 ML-KEM-768 ML-DSA-65; do
  echo "#A:$alg" >>"$raw"; run "$alg"
done

version=$("$app" version)
python3 - "$raw" "$version" "$seconds" "$(lscpu | sed -n 's/^Model name: *//p')" "${pin[*]:-not pinned}" <<'PY' | tee ${out:+"$out"}
import sys
raw, version, seconds, cpu, pin = sys.argv[1:6]
# openssl 3.5's -mr lines: +F:<i>:<name>:<bytes/s> (one size), +F2 RSA bits:sign:verify:encrypt:decrypt,
# +F4 ECDSA bits:sign:verify, +F5 ECDH bits:ops, +F6 EdDSA bits:name:sign:verify,
# +F9 KEM keygen:encaps:decaps, +F10 signature keygen:sign:verify (all per second)
FIELDS = {"+F2": ("sign", "verify", "encrypt", "decrypt"), "+F4": ("sign", "verify"), "+F5": ("derive",),
          "+F6": ("sign", "verify"), "+F9": ("keygen", "encaps", "decaps"), "+F10": ("keygen", "sign", "verify")}
sym, asym, current, alg = [], [], None, None
for line in open(raw):
    line = line.strip()
    if line.startswith("#S:"):
        _, name, size = line.split(":")
        current, alg = (name, int(size)), None
    elif line.startswith("#A:"):
        current, alg = None, line[3:]
    elif line.startswith("+F:") and current:
        sym.append((current[0], current[1], float(line.split(":")[3])))
    elif alg and line.split(":")[0] in FIELDS:
        f = line.split(":")
        values = f[4:] if f[0] == "+F6" else f[3:] if f[0] in ("+F2", "+F4", "+F5") else f[2:]
        for what, v in zip(FIELDS[f[0]], values):
            asym.append((alg, what, float(v)))
print(f"`openssl speed` of the bundled library ({version}), {seconds} s per measurement, wall clock (-elapsed),"
      f" {pin}; CPU: {cpu}. Regenerate: `scripts/openssl-speed.sh`.\n")
print("| Operation | Size (B) | ns/call | MB/s | calls/s |")
print("|---|--:|--:|--:|--:|")
for name, size, bps in sym:
    calls = bps / size
    print(f"| {name} | {size} | {1e9 / calls:,.1f} | {bps / 1e6:,.1f} | {calls:,.0f} |")
print("\n| Algorithm | Operation | ns/call | calls/s |")
print("|---|---|--:|--:|")
seen = set()
for alg, what, per_second in asym:
    if (alg, what) in seen or per_second <= 0:
        continue  # openssl may report a related line (e.g. RSA as a KEM too): keep the first
    seen.add((alg, what))
    print(f"| {alg} | {what} | {1e9 / per_second:,.0f} | {per_second:,.0f} |")
PY
