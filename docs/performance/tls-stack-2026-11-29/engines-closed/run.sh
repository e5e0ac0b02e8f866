#!/usr/bin/env bash
# Resumed TLS 1.3 secp256r1 + ECDSA P-256: AccelJCE-TLS with engines dropped (Cleaner frees) vs
# closed (freed at once on the benchmark thread), and Conscrypt-TLS (always closed); solo runs
# alternating on CPU 1, nothing else running. Usage: OUT=dir [MODES="resumed full"] [ROUNDS="1 2 3"]
# [BENCH_JAR=...] run.sh (the jar: ./scripts/mvn.sh -DskipTests package, commit 2d8fdbb or later).
set -euo pipefail
out=${OUT:?the output directory}
jar=${BENCH_JAR:-}
root=$(cd "$(dirname "$0")/../../../.." && pwd)
jar=${jar:-$root/bench/target/benchmarks.jar}
java="$("$root/scripts/find-jdk.sh")/bin/java"
one() { # name, provider, engines, mode
  uptime > "$out/$1.load"
  taskset -c 1 "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -jar "$jar" TlsHandshakeBenchmark -p provider="$2" -p protocol=TLSv1.3 -p cert=EC -p group=secp256r1 \
    -p mode="$4" -p engines="$3" -f 1 -wi 6 -w 4s -i 5 -r 2s -rf json -rff "$out/$1.json" > "$out/$1.log" 2>&1
  uptime >> "$out/$1.load"
}
for mode in ${MODES:-resumed full}; do
  for round in ${ROUNDS:-1 2 3}; do
    one "$mode-$round-ours-dropped" AccelJCE-TLS dropped "$mode"
    one "$mode-$round-ours-closed" AccelJCE-TLS closed "$mode"
    one "$mode-$round-conscrypt" Conscrypt-TLS dropped "$mode"
  done
done
echo done
