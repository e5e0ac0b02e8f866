#!/usr/bin/env bash
# The guard of docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md, "AES-GCM at half speed on Intel AVX-512": AES-128-GCM encrypt
# and decrypt at 32 and 128 B through AccelJCE's native path and the JDK, in FORKS JVMs (default
# 6), then scripts/fork-spread.py: every fork's score, the slowest fork over the fastest (the run
# fails when a row is under 0.85) and each median against the JDK's. A JVM can settle in a slow
# mode for its whole life, so one fork's figure (or a calibration inside one JVM) can mislead.
#
# Usage: scripts/gcm-fork-spread.sh [OUTDIR]      (FORKS=6, ITERATIONS=4, BENCH_JAR=bench/target/benchmarks.jar)
# With more ITERATIONS (1 s each) fork-spread.py also judges each fork by its best second, which
# separates a JVM's own mode (every second of it slow) from a host whose speed swings for seconds
# at a time under every JVM (docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md, "How stable the forks are here").
# Pins the benchmark JVMs to CPU 1 when taskset exists; keep other work off that CPU meanwhile.
# About 9 minutes with 6 forks. Extra JVM options for the forks: JVM_OPTS="-Dname=value ...".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/target/gcm-fork-spread}
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
JAVA_HOME=$("$root/scripts/find-jdk.sh")
[ -f "$jar" ] || { echo "gcm-fork-spread: no $jar (run ./scripts/mvn.sh -DskipTests package)" >&2; exit 2; }
mkdir -p "$out"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)
extra=()
[ -n "${JVM_OPTS:-}" ] && extra=(-jvmArgsAppend "$JVM_OPTS")
${pin[@]+"${pin[@]}"} "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
  -cp "$jar" org.openjdk.jmh.Main 'AesGcmBenchmark' -p size=32,128 -p provider=AccelJCE-native,JDK \
  -f "${FORKS:-6}" -wi 4 -w 1 -i "${ITERATIONS:-4}" -r 1 ${extra[@]+"${extra[@]}"} -rf json -rff "$out/result.json" > "$out/jmh.log"
by=mean
[ "${ITERATIONS:-4}" -ge 8 ] && by=best
python3 "$root/scripts/fork-spread.py" "$out/result.json" --by "$by" | tee "$out/spread.md"
