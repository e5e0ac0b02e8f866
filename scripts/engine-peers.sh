#!/usr/bin/env bash
# The peer rows for the families two native libraries serve, in one JMH invocation per
# family group so ratios are read within one run: AccelJCE (policy auto, as a user gets it), AccelJCE
# with each library forced (AccelJCE-openssl, AccelJCE-awslc), the JDK, ACCP and Conscrypt. The
# benchmark JVMs are pinned to CPU 1 (keep CPU 0 for everything else); one fork, 2 x 1 s of
# warm-up, 3 x 1 s measured (JMH_RUN overrides those; more JMH options after OUTDIR). About 22
# minutes. PEER_GROUPS picks groups by name (e.g. PEER_GROUPS="ecdsa gcm").
# Then scripts/engine-peers.py OUTDIR writes the Markdown table (AccelJCE / best peer per row).
# PEER_TURNS=N runs each group's providers in turns instead, N rounds of one fork each
# (scripts/alternating-forks.sh, data in OUTDIR/<group>/; read it with scripts/alternating-forks.py
# OUTDIR/<group>): on a host whose speed swings for seconds at a time, the way to compare rows
# near 1.0.
# Build first: ./scripts/mvn.sh -DskipTests package
#
# Usage: scripts/engine-peers.sh OUTDIR [extra JMH options]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: engine-peers.sh OUTDIR [JMH options]}
shift
java="$("$root/scripts/find-jdk.sh")/bin/java"
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || { echo "engine-peers: no $jar; build it with ./scripts/mvn.sh -DskipTests package" >&2; exit 1; }
mkdir -p "$out"
providers=${PEER_PROVIDERS:-AccelJCE,AccelJCE-openssl,AccelJCE-awslc,JDK,ACCP,Conscrypt}
run() {
  local name=$1 include=$2; shift 2
  if [ -n "${PEER_GROUPS:-}" ] && [[ " $PEER_GROUPS " != *" $name "* ]]; then return; fi
  echo "engine-peers: $name"
  if [ -n "${PEER_TURNS:-}" ]; then
    "$root/scripts/alternating-forks.sh" "$out/$name" "$include" "$providers" "$PEER_TURNS" "$@"
    return
  fi
  uptime > "$out/$name.load"
  taskset -c 1 "$java" ${BENCH_JAVA_OPTS:-} --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar "$jar" \
    "$include" -p provider="$providers" "$@" \
    ${JMH_RUN:--f 1 -wi 2 -w 1s -i 3 -r 1s} -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1
  uptime >> "$out/$name.load"
}
run ecdsa 'EcdsaBenchmark' -p size=128 "$@"
run eddsa 'EdDsaBenchmark' -p size=128 "$@"
run agreement 'KeyAgreementBenchmark' "$@"
run keygen 'KeyPairGeneratorBenchmark' -p algorithm=EC,X25519 "$@"
# a pair and its encoding: what a TLS key share costs (keygen lets a lazy public key skip the export)
run keyshare 'KeyShareBenchmark' "$@"
run gcm 'AesGcmBenchmark' "$@"
run chacha 'CipherModesBenchmark' -p algorithm=ChaCha20-Poly1305 "$@"
# RSASSA-PKCS1-v1_5 with SHA-256 (a certificate's signature): signing and verification, 2048 and 4096 bits
run rsa 'RsaBenchmark.(sign|verify)' -p keyBits=2048,4096 "$@"
# HKDF-SHA256 (a TLS 1.3 key schedule's derivation); ACCP and Conscrypt serve no javax.crypto.KDF
run kdf 'KdfBenchmark.hkdfSha256' "$@"
