#!/usr/bin/env bash
# The handshake matrix: full TLS handshakes per second (TlsHandshakeBenchmark) for the JDK,
# AccelJCE (policy auto and native; and with one native library forced, AccelJCE-openssl and
# AccelJCE-awslc) and ACCP, one JMH invocation per case with every provider in
# it, so ratios are read within one run. The benchmark JVM is pinned to CPU 1 (keep CPU 0 for
# everything else). Writes <case>.json, <case>.log and <case>.load (uptime before and after) to
# OUTDIR. Each fork warms up for 50 s: SunJSSE and the providers' handshake code take 25-40 s of
# handshakes on one CPU to be compiled (after 8 s AccelJCE ran at half its steady rate, ACCP at a
# third), so a shorter warm-up measures the JIT. About 6.5 minutes per case (MATRIX_CASES picks
# cases by name, e.g. MATRIX_CASES="t13-p256-ec t13-p384-ec384"). One fork per provider unless
# MATRIX_FORKS says more: on a shared 2-vCPU machine single forks of one provider differ by 15-30%,
# so a ratio near 1.0 needs several forks per provider to be read.
# Build first: ./scripts/mvn.sh -DskipTests package
#
# AccelJCE's engine for the EC family (ECDSA, ECDH) is a JVM option: compare OpenSSL and AWS-LC with
# two runs, e.g. -jvmArgsAppend -Dacceljce.engine.ec=openssl and =awslc.
#
# The TLS stacks (AccelJCE-TLS, Conscrypt-TLS), the hybrid X25519MLKEM768 and resumed handshakes:
# scripts/tls-stack-matrix.sh; their bulk throughput: scripts/tls-bulk.sh.
#
# Usage: scripts/handshake-matrix.sh OUTDIR [extra JMH options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: handshake-matrix.sh OUTDIR [JMH options]}
shift
java="$("$root/scripts/find-jdk.sh")/bin/java"
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || { echo "handshake-matrix: no $jar; build it with ./scripts/mvn.sh -DskipTests package" >&2; exit 1; }
mkdir -p "$out"
run() {
  local name=$1; shift
  if [ -n "${MATRIX_CASES:-}" ] && [[ " $MATRIX_CASES " != *" $name "* ]]; then return; fi
  echo "handshake-matrix: $name"
  uptime > "$out/$name.load"
  taskset -c 1 "$java" ${BENCH_JAVA_OPTS:-} --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar "$jar" \
    TlsHandshakeBenchmark -p provider=${MATRIX_PROVIDERS:-JDK,AccelJCE,AccelJCE-native,AccelJCE-openssl,AccelJCE-awslc,ACCP} "$@" \
    -f "${MATRIX_FORKS:-1}" -wi 10 -w 5s -i 5 -r 3s -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1
  uptime >> "$out/$name.load"
}
run t13-x25519-ec -p cert=EC -p group=x25519 -p protocol=TLSv1.3 "$@"
run t13-x25519-rsa -p cert=RSA -p group=x25519 -p protocol=TLSv1.3 "$@"
run t13-x25519-ec384 -p cert=EC-P384 -p group=x25519 -p protocol=TLSv1.3 "$@"
run t13-x25519-ed25519 -p cert=Ed25519 -p group=x25519 -p protocol=TLSv1.3 "$@"
run t13-p256-ec -p cert=EC -p group=secp256r1 -p protocol=TLSv1.3 "$@"
# the goal against the peers names the three certificates with both key exchanges
run t13-p256-rsa -p cert=RSA -p group=secp256r1 -p protocol=TLSv1.3 "$@"
run t13-p256-ec384 -p cert=EC-P384 -p group=secp256r1 -p protocol=TLSv1.3 "$@"
run t12-p256-ec -p cert=EC -p group=secp256r1 -p protocol=TLSv1.2 "$@"
run t13-p384-ec384 -p cert=EC-P384 -p group=secp384r1 -p protocol=TLSv1.3 "$@"
