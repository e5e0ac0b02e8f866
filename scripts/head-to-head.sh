#!/usr/bin/env bash
# The goal rows against the peers as races (bench HeadToHeadBenchmark): AccelJCE (policy auto) and one peer in
# one JVM, one thread each, sharing CPU 1 for the same seconds, so the host's slow spells fall on
# both; and AccelJCE against itself (A/A), which shows how evenly the CPU was shared. Public-key
# rows and RSA signatures against ACCP and Conscrypt, AES-GCM against the JDK, ACCP and Conscrypt,
# ChaCha20-Poly1305 against the JDK and Conscrypt (ACCP has none). One fork per race (3 x 1 s of
# warm-up, 5 x 1 s measured; JMH_RUN overrides), about 10 s each: about 25 minutes. Keep CPU 0 idle.
# Then scripts/head-to-head.py prints each row's ratios and the goal's verdict into OUTDIR/*.md.
# Build first: ./scripts/mvn.sh -DskipTests package
#
# Usage: scripts/head-to-head.sh OUTDIR      (H2H_GROUPS="pk rsa gcm chacha" picks groups)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: head-to-head.sh OUTDIR}
java="$("$root/scripts/find-jdk.sh")/bin/java"
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || { echo "head-to-head: no $jar; build it with ./scripts/mvn.sh -DskipTests package" >&2; exit 1; }
mkdir -p "$out"
race() {
  local name=$1 rows=$2 seconds=$3
  if [ -n "${H2H_GROUPS:-}" ] && [[ " $H2H_GROUPS " != *" $name "* ]]; then return; fi
  echo "head-to-head: $name"
  uptime > "$out/$name.load"
  taskset -c 1 "$java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar "$jar" \
    HeadToHeadBenchmark -p row="$rows" -p first=AccelJCE -p second="$seconds" \
    ${JMH_RUN:--f 1 -wi 3 -w 1s -i 5 -r 1s} -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1
  uptime >> "$out/$name.load"
  python3 "$root/scripts/head-to-head.py" "$out/$name.json" > "$out/$name.md"
}
sizes="32 128 512 1024 16384"
aead() { local r="" s; for s in $sizes; do r="$r,$1-encrypt-$s,$1-decrypt-$s"; done; echo "${r#,}"; }
race pk ecdh-p256,x25519,ecdsa-p256-sign,ecdsa-p256-verify,ecdsa-p384-sign,ecdsa-p384-verify,ed25519-sign,ed25519-verify,keygen-ec,keygen-x25519,keyshare-p256,keyshare-p384,keyshare-x25519 ACCP,Conscrypt,AccelJCE
race rsa rsa2048-sign,rsa2048-verify,rsa4096-sign,rsa4096-verify ACCP,Conscrypt,AccelJCE
race gcm "$(aead gcm)" JDK,ACCP,Conscrypt,AccelJCE
race chacha "$(aead chacha)" JDK,Conscrypt,AccelJCE
cat "$out"/*.md
