#!/usr/bin/env bash
# `openssl speed` of one OpenSSL build for the operations docs/performance.md compares, printed as
# "<operation>\t<ops/s>" lines (AES-GCM and SHA-256 per payload size; public-key ops per second).
# Usage: scripts/openssl-speed.sh /path/to/openssl [seconds]
# The bundled 3.5's `openssl` comes from `scripts/build-openssl.sh --with-app`; the system's is
# /usr/bin/openssl (3.0). Post-quantum lines appear only where the build has ML-KEM/ML-DSA.
set -euo pipefail
bin=${1:?usage: openssl-speed.sh /path/to/openssl [seconds]}
secs=${2:-2}
run() { "$bin" speed -mr -seconds "$secs" "$@" 2>/dev/null || true; }
{
  for size in 32 128 512 1024 16384; do
    run -evp aes-128-gcm -bytes "$size" | sed -n "s/^+F:[0-9]*:AES-128-GCM:\(.*\)/aes-128-gcm $size \1/p"
    run -evp sha256 -bytes "$size" | sed -n "s/^+F:[0-9]*:\(SHA256\|sha256\|SHA2-256\):\(.*\)/sha256 $size \2/p"
  done
  # -mr public-key lines carry operations per second
  run ecdsap256 | sed -n 's/^+F4:[0-9]*:256:\([^:]*\):\([^:]*\).*/ecdsa-p256 sign-rate \1 verify-rate \2/p'
  run rsa2048 rsa4096 | sed -n 's/^+F2:[0-9]*:\([0-9]*\):\([^:]*\):\([^:]*\).*/rsa\1 sign-rate \2 verify-rate \3/p'
  run ecdhx25519 | sed -n 's/^+F5:[0-9]*:253:\([^:]*\).*/x25519 derive-rate \1/p'
  run ed25519 | sed -n 's/^+F6:[0-9]*:253:[^:]*:\([^:]*\):\([^:]*\).*/ed25519 sign-rate \1 verify-rate \2/p'
  run ML-KEM-768 | sed -n 's/^+F9:[0-9]*:\([^:]*\):\([^:]*\):\([^:]*\).*/ml-kem-768 keygen-rate \1 encaps-rate \2 decaps-rate \3/p'
  run ML-DSA-65 | sed -n 's/^+F10:[0-9]*:\([^:]*\):\([^:]*\):\([^:]*\).*/ml-dsa-65 keygen-rate \1 sign-rate \2 verify-rate \3/p'
} | python3 -c '
import sys
for line in sys.stdin:
    f = line.split()
    name = f[0]
    if name in ("aes-128-gcm", "sha256"):
        size, bps = int(f[1]), float(f[2])
        print(f"{name} {size} B\t{bps / size:.0f}")
        continue
    for key, value in zip(f[1::2], f[2::2]):
        v = float(value)
        ops = v
        op = key.rsplit("-", 1)[0]
        print(f"{name} {op}\t{ops:.0f}")
'
