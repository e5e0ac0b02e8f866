#!/usr/bin/env bash
# Bulk record throughput (TlsBulkBenchmark) of two builds taken in turn: the same JMH trials from
# benchmark jar A and jar B, one fork each per round, the order of A and B swapped every round,
# heap then direct buffers, pinned to CPU 1. For a change to the record path: A is the build
# before it, B after; SunJSSE on AccelJCE (provider AccelJCE) runs in both as a control, since
# the change does not touch it (a control that moves says the machine moved).
# scripts/tls-bulk-ab.py OUTDIR prints each build's median of the per-iteration plaintext rate, per
# second of the benchmark thread's CPU time (the number to compare on a shared host) and per
# wall-clock second, the spread of its iterations, and B / A.
# How long: ROUNDS x 2 builds x 2 buffer kinds x (providers x suites) trials of ~16 s
# (defaults: 3 x 2 x 2 x 4 x 16 s = ~13 min).
# Build each jar first: ./scripts/mvn.sh -q -pl bench -am -DskipTests package (in each checkout).
#
# Usage: scripts/tls-bulk-ab.sh OUTDIR JAR_A JAR_B [ROUNDS]
#   env: PROVIDERS (default AccelJCE-TLS,AccelJCE), SUITES (default both TLS 1.3 AEAD suites),
#        JMH_RUN (default -f 1 -wi 3 -w 2s -i 4 -r 2s), BULK_CPU (default 1)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: tls-bulk-ab.sh OUTDIR JAR_A JAR_B [ROUNDS]"
out=${1:?$usage} jar_a=${2:?$usage} jar_b=${3:?$usage} rounds=${4:-3}
java="$("$root/scripts/find-jdk.sh")/bin/java"
for j in "$jar_a" "$jar_b"; do [ -f "$j" ] || { echo "tls-bulk-ab: no $j" >&2; exit 1; }; done
mkdir -p "$out"
sha256sum "$jar_a" "$jar_b" > "$out/jars.sha256"
uptime > "$out/load"
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="A B"; else order="B A"; fi
  for build in $order; do
    jar=$jar_a; [ "$build" = B ] && jar=$jar_b
    for direct in false true; do
      name=$build-direct-$direct-$round
      echo "tls-bulk-ab: round $round, build $build, direct=$direct"
      # jmh.ignoreLock: on a shared host another JMH run may hold /tmp/jmh.lock (and then the CPU too)
      taskset -c "${BULK_CPU:-1}" "$java" -Djmh.ignoreLock=true --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
        -jar "$jar" TlsBulkBenchmark -p provider="${PROVIDERS:-AccelJCE-TLS,AccelJCE}" \
        -p suite="${SUITES:-TLS_AES_128_GCM_SHA256,TLS_CHACHA20_POLY1305_SHA256}" -p direct=$direct \
        ${JMH_RUN:--f 1 -wi 3 -w 2s -i 4 -r 2s} -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1 \
        || echo "tls-bulk-ab: $name had failures, see $out/$name.log" >&2
      uptime >> "$out/load"
    done
  done
done
