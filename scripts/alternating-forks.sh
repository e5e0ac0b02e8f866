#!/usr/bin/env bash
# Rows of one JMH benchmark with the providers' forks taken in turn: fork 1 of every provider,
# then fork 2 of every provider (starting one provider later), and so on, each fork its own JMH
# invocation pinned to CPU 1.
# JMH runs all forks of one parameter set before the next, so on a host whose speed swings for
# minutes (a shared virtual machine: docs/method.md) one provider can get a slow spell and another
# a fast one; taking turns spreads the spells over all of them. Then
# scripts/alternating-forks.py OUTDIR prints every provider's median over all its iterations,
# each fork's mean, and the ratio of the first provider to the best of the others.
# Build first: ./scripts/mvn.sh -DskipTests package
#
# Usage: scripts/alternating-forks.sh OUTDIR BENCHMARK PROVIDERS FORKS [JMH options]
#   e.g. scripts/alternating-forks.sh out EcdsaBenchmark.sign AccelJCE,ACCP,Conscrypt 4 -p curve=secp256r1
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: alternating-forks.sh OUTDIR BENCHMARK PROVIDERS FORKS [JMH options]"
out=${1:?$usage} bench=${2:?$usage} providers=${3:?$usage} forks=${4:?$usage}
shift 4
java="$("$root/scripts/find-jdk.sh")/bin/java"
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || { echo "alternating-forks: no $jar; build it with ./scripts/mvn.sh -DskipTests package" >&2; exit 1; }
mkdir -p "$out"
uptime > "$out/load"
read -r -a order <<< "${providers//,/ }"
n=${#order[@]}
for fork in $(seq 1 "$forks"); do
  # each round starts one provider later, so none is always the first after the previous JVM
  for i in $(seq 0 $((n - 1))); do
    provider=${order[$(((fork - 1 + i) % n))]}
    echo "alternating-forks: fork $fork of $provider"
    taskset -c 1 "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar "$jar" \
      "$bench" -p provider="$provider" "$@" ${JMH_RUN:--f 1 -wi 2 -w 1s -i 3 -r 1s} \
      -rf json -rff "$out/$provider-$fork.json" > "$out/$provider-$fork.log" 2>&1
  done
done
uptime >> "$out/load"
