#!/usr/bin/env bash
# TLS 1.3 bulk throughput (TlsBulkBenchmark): 16 KiB records sealed by one engine and opened by the
# other, TLS_AES_128_GCM_SHA256 and TLS_CHACHA20_POLY1305_SHA256, for SunJSSE on AccelJCE
# (AccelJCE), SunJSSE on the JDK's providers (JDK), AccelJCE's own stack (AccelJCE-TLS) and
# Conscrypt's (Conscrypt-TLS); heap buffers, then direct ones. The score to compare is the
# secondary "bytes" (plaintext bytes per second). One JMH invocation per buffer kind, pinned to
# CPU 1. Conscrypt takes no TLS 1.3 suite list: its ChaCha20 trial fails with that reason when
# BoringSSL picks AES-GCM (a CPU with AES instructions).
# Messages of 16 KiB (one full record) and 1 KiB (where the per-record cost shows); BULK_SIZES
# picks others ("16384" alone halves the run).
# How long: 16 trials per buffer kind x (15 s warm-up + 15 s measured + ~5 s start) x BULK_FORKS
# (default 2) = ~20 min per buffer kind, ~40 min in all.
# Build first: ./scripts/mvn.sh -q -pl bench -am -DskipTests package
#
# Usage: scripts/tls-bulk.sh OUTDIR [extra JMH options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: tls-bulk.sh OUTDIR [JMH options]}
shift
java="$("$root/scripts/find-jdk.sh")/bin/java"
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || { echo "tls-bulk: no $jar; build it first" >&2; exit 1; }
mkdir -p "$out"
for direct in false true; do
  name=bulk-direct-$direct
  echo "tls-bulk: $name"
  uptime > "$out/$name.load"
  taskset -c "${BULK_CPU:-1}" "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -jar "$jar" TlsBulkBenchmark -p provider=AccelJCE,JDK,AccelJCE-TLS,Conscrypt-TLS \
    -p suite=TLS_AES_128_GCM_SHA256,TLS_CHACHA20_POLY1305_SHA256 -p direct=$direct \
    -p size="${BULK_SIZES:-16384,1024}" "$@" \
    -f "${BULK_FORKS:-2}" -wi 5 -w 3s -i 5 -r 3s -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1 \
    || echo "tls-bulk: $name had failures, see $out/$name.log" >&2
  uptime >> "$out/$name.load"
done
grep -E '^TlsBulkBenchmark' "$out"/bulk-direct-*.log || true
