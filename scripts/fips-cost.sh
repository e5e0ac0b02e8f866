#!/usr/bin/env bash
# Measures what FIPS mode costs (docs/fips.md): the FipsCost benchmarks (bench/), AccelJCE on
# OpenSSL's FIPS provider and on its default provider, in one JMH run pinned to one CPU, and
# records the CPU and the load next to the result. Not part of ./scripts/test.sh (minutes long).
#
# Usage: scripts/fips-cost.sh [--cpu N] [--out FILE.json] [extra JMH options, e.g. -wi 1 -i 1 -r 200ms]
# (FIPS_COST_JAR=FILE: a copy of benchmarks.jar to run, so a build meanwhile does not replace it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cpu=1
out=$root/bench/target/fips-cost.json
while [ $# -gt 0 ]; do
  case "$1" in
    --cpu) cpu=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) break ;;
  esac
done
jar=${FIPS_COST_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || "$root/scripts/mvn.sh" -q -pl bench -am -DskipTests package
java=$("$root/scripts/find-jdk.sh")/bin/java
echo "fips-cost: CPU $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), $(nproc) CPUs; pinned to CPU $cpu"
echo "fips-cost: load before: $(cut -d' ' -f1-3 /proc/loadavg)"
taskset -c "$cpu" "$java" ${JMH_JAVA_OPTS:-} -jar "$jar" 'FipsCost(Default|Fips)Benchmark' -rf json -rff "$out" "$@"
echo "fips-cost: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "fips-cost: JSON in $out"
