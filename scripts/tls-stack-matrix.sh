#!/usr/bin/env bash
# The TLS stacks' handshake matrix: full and resumed TLS 1.3 handshakes per second
# (TlsHandshakeBenchmark) of AccelJCE's own stack (AccelJCE-TLS), SunJSSE on AccelJCE (AccelJCE),
# SunJSSE on ACCP (ACCP) and Conscrypt's own stack (Conscrypt-TLS), for the groups x25519,
# secp256r1, secp384r1 and X25519MLKEM768 with ECDSA P-256, ECDSA P-384 and RSA-2048
# certificates, and AccelJCE-TLS alone with ML-DSA-65 and ML-DSA-44 certificates over
# X25519MLKEM768; then the same cases (ML-DSA aside) in C on AWS-LC's and OpenSSL 3.5's libssl
# (scripts/c-handshake-pair.sh, into OUTDIR/c-pair), with the C pair's 16 KiB record loop for
# AES-128-GCM and ChaCha20-Poly1305 (the Java record rows come from scripts/tls-bulk.sh). One JMH
# invocation per case with every provider in it, the JVM pinned to CPU 1. JDK 25's SunJSSE has no X25519MLKEM768: its cases run
# AccelJCE-TLS and Conscrypt-TLS only.
# Writes <case>.json, <case>.log and <case>.load (uptime before and after) to OUTDIR.
#
# How long: 24 cases (4 groups x 3 certificates x full/resumed); per provider and fork 50 s of
# warm-up + 15 s measured + ~5 s start = ~70 s, so ~4.7 min per case with 4 providers (2.3 min for
# the ML-KEM cases): ~1 h 40 min with one fork per provider (MATRIX_FORKS=2 doubles it), plus the
# C pair (24 cases x 2 libraries x ~12 s = ~10 min) and the 4 ML-DSA cases (one provider: ~5 min;
# named full-mlkem-mldsa65, resumed-mlkem-mldsa44, ...). MATRIX_CASES picks cases by name, e.g.
# MATRIX_CASES="full-x25519-ec resumed-mlkem-ec"; MATRIX_C=0 skips the C pair. MATRIX_WI, MATRIX_W,
# MATRIX_I, MATRIX_R set JMH's warm-up and measured iterations and their times (default 10 x 5s,
# 5 x 3s); 6 x 4s and 5 x 2s make a one-fork run about 55 min plus the C pair.
# Build first: ./scripts/mvn.sh -q -pl bench -am -DskipTests package
#
# Usage: scripts/tls-stack-matrix.sh OUTDIR [extra JMH options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: tls-stack-matrix.sh OUTDIR [JMH options]}
shift
java="$("$root/scripts/find-jdk.sh")/bin/java"
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || { echo "tls-stack-matrix: no $jar; build it first" >&2; exit 1; }
mkdir -p "$out"
all=${MATRIX_PROVIDERS:-AccelJCE-TLS,AccelJCE,ACCP,Conscrypt-TLS}
own=${MATRIX_OWN_PROVIDERS:-AccelJCE-TLS,Conscrypt-TLS} # the stacks that have the hybrid groups
run() { # case name, providers, JMH parameters...
  local name=$1 providers=$2; shift 2
  if [ -n "${MATRIX_CASES:-}" ] && [[ " $MATRIX_CASES " != *" $name "* ]]; then return; fi
  echo "tls-stack-matrix: $name"
  uptime > "$out/$name.load"
  taskset -c "${MATRIX_CPU:-1}" "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -jar "$jar" TlsHandshakeBenchmark -p provider="$providers" -p protocol=TLSv1.3 "$@" \
    -f "${MATRIX_FORKS:-1}" -wi "${MATRIX_WI:-10}" -w "${MATRIX_W:-5s}" -i "${MATRIX_I:-5}" -r "${MATRIX_R:-3s}" -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1 \
    || echo "tls-stack-matrix: $name failed, see $out/$name.log" >&2
  uptime >> "$out/$name.load"
}
c_cases=()
for mode in full resumed; do
  for group in x25519:X25519 secp256r1:P-256 secp384r1:P-384 mlkem:X25519MLKEM768; do
    jgroup=${group%%:*} cgroup=${group##*:}
    [ "$jgroup" = mlkem ] && jgroup=X25519MLKEM768
    providers=$all
    [ "$jgroup" = X25519MLKEM768 ] && providers=$own
    short=${group%%:*}
    for cert in EC:ec:p256 EC-P384:ec384:p384 RSA:rsa:rsa2048; do
      jcert=${cert%%:*} rest=${cert#*:}
      run "$mode-$short-${rest%%:*}" "$providers" -p cert="$jcert" -p group="$jgroup" -p mode="$mode" "$@"
      c_cases+=("tls13:$cgroup:${rest##*:}:$mode")
    done
  done
done
# ML-DSA-65 certificates over X25519MLKEM768: no classical public-key step in the handshake. Only
# AccelJCE-TLS has an ML-DSA signature scheme among the Java stacks here (JDK 25's SunJSSE has none),
# and the C pair has no ML-DSA case: these rows measure AccelJCE-TLS alone (4 cases),
# to compare with its own ECDSA rows of the same run. MATRIX_MLDSA=0 skips them.
if [ "${MATRIX_MLDSA:-1}" != 0 ]; then
  for mode in full resumed; do
    for cert in ML-DSA-65:mldsa65 ML-DSA-44:mldsa44; do
      run "$mode-mlkem-${cert##*:}" "${MATRIX_MLDSA_PROVIDERS:-AccelJCE-TLS}" -p cert="${cert%%:*}" \
        -p group=X25519MLKEM768 -p mode="$mode" "$@"
    done
  done
fi
if [ "${MATRIX_C:-1}" != 0 ]; then
  echo "tls-stack-matrix: the C pair"
  # and its record loop, beside scripts/tls-bulk.sh's Java rows
  c_cases+=(tls13:X25519:p256:records-aes128gcm tls13:X25519:p256:records-chacha20
    tls13:X25519:p256:records-aes128gcm-1024 tls13:X25519:p256:records-chacha20-1024)
  # the Java benchmark's certificates are self-signed leaves: the C pair runs the same chain
  PAIR_CHAIN=${PAIR_CHAIN:-self} "$root/scripts/c-handshake-pair.sh" "$out/c-pair" "${c_cases[@]}"
fi
