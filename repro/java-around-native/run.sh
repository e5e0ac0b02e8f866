#!/usr/bin/env bash
# What the Java around one native call costs (AES-GCM on AWS-LC): the library's own
# floor in a C loop, and a perfasm profile of a JMH benchmark attributed to Java source lines.
#
#   ./run.sh floor                        EVP_AEAD seal/open of the bundled AWS-LC, ns per message
#   ./run.sh profile BENCHMARK [JMH ARGS] e.g. AesGcmBenchmark.encrypt -p size=512 -p provider=AccelJCE
#
# Build first (./scripts/mvn.sh -DskipTests package). Needs gcc; profile needs perf and Capstone
# (libcapstone-dev, installed here with apt-get when missing) for a small hsdis plugin. Runs on
# CPU 1 (taskset); keep CPU 0 for everything else. PERF_EVENT=cycles where the CPU's counters
# are visible (the default cpu-clock works in VMs without them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=${WORK:-/tmp/acceljce-java-around-native}
native=$root/openssl-bundle/target/classes/META-INF/acceljce/native/linux-x86_64
mkdir -p "$work"

floor() {
  [ -f "$native/awslc.properties" ] || { echo "run.sh: no $native; build first" >&2; exit 1; }
  local prefix soname
  prefix=$(sed -n 's/^symbolPrefix=//p' "$native/awslc.properties")
  soname=$(sed -n 's/^soname=//p' "$native/awslc.properties")
  cp "$native/libawslc.so" "$work/$soname"
  gcc -O2 -DPREFIX="$prefix" "$here/aead-floor.c" -o "$work/aead-floor" -L"$work" -l:"$soname" -Wl,-rpath,"$work"
  echo "AWS-LC $(sed -n 's/^awslc.version=//p' "$native/awslc.properties"), AES-128-GCM, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)"
  taskset -c 1 "$work/aead-floor"
}

profile() {
  command -v perf > /dev/null || { echo "run.sh: perf is not installed (apt-get install -y linux-perf)" >&2; exit 1; }
  if [ ! -f /usr/include/capstone/capstone.h ]; then
    apt-get install -y libcapstone-dev > "$work/apt.log" 2>&1 \
      || { echo "run.sh: cannot install libcapstone-dev (see $work/apt.log)" >&2; exit 1; }
  fi
  gcc -O2 -shared -fPIC "$here/hsdis.c" -o "$work/hsdis-amd64.so" -lcapstone
  local java jar=$root/bench/target/benchmarks.jar
  java="$("$root/scripts/find-jdk.sh")/bin/java"
  [ -f "$jar" ] || { echo "run.sh: no $jar; build first" >&2; exit 1; }
  LD_LIBRARY_PATH="$work" taskset -c 1 "$java" -jar "$jar" "$@" -f 1 -wi 5 -w 1s -i 5 -r 1s \
    -prof "perfasm:events=${PERF_EVENT:-cpu-clock};hotThreshold=0.02;top=30;frequency=4000" > "$work/perfasm.txt" 2>&1
  grep -E "^[A-Za-z].*(ops/s|ops/ms)" "$work/perfasm.txt" | tail -1
  python3 "$here/attribute.py" "$work/perfasm.txt" 1 25
  echo "full log: $work/perfasm.txt"
}

case "${1:-}" in
  floor) floor ;;
  profile) shift; profile "$@" ;;
  *) sed -n '2,11p' "$0"; exit 2 ;;
esac
