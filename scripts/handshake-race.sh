#!/usr/bin/env bash
# Full TLS handshakes of two providers raced: two JMH JVMs (TlsHandshakeBenchmark, one provider
# each; SunJSSE takes its providers from the JVM-wide list, so one JVM cannot hold both) started
# together and pinned to the same CPU 1, so the kernel shares that CPU between them and a slow
# spell of the host falls on both. Each JVM warms up for 10 x 5 s and measures 5 x 3 s in about
# the same seconds as the other; the ratio of their medians is the comparison (each runs at about
# half its speed alone). A round of AccelJCE against itself (A/A) shows how evenly the CPU was
# shared. ROUNDS rounds per case (default 3), about 70 s each.
# Then scripts/handshake-race.py OUTDIR prints per case each round's ratio and their median.
# Build first: ./scripts/mvn.sh -DskipTests package
#
# Usage: scripts/handshake-race.sh OUTDIR [FIRST SECOND]     (default AccelJCE ACCP)
#   RACE_CASES="p256-ec p256-rsa p256-ec384" picks cases (default: those three and aa, the A/A;
#   x25519-ec, x25519-rsa and x25519-ec384 are the goal's x25519 cases, run when named;
#   resumed-ec, resumed-rsa, resumed-ec384: x25519 resumed handshakes, FIRST against SECOND;
#   mlkem-ec, mlkem-rsa, mlkem-ec384, mlkem-resumed-ec: X25519MLKEM768, AccelJCE-TLS against
#   Conscrypt-TLS (MLKEM_FIRST, MLKEM_SECOND), whatever FIRST and SECOND are)
#   FIRST and SECOND are any TlsHandshakeBenchmark provider, e.g. AccelJCE-TLS Conscrypt-TLS.
#   SECOND_JAR=path runs the second JVM of every race from another benchmarks jar: the same
#   provider at two commits (before/after a change) is then an A/B race, e.g.
#   SECOND_JAR=old.jar RACE_CASES="x25519-ec resumed-ec" scripts/handshake-race.sh OUT AccelJCE-TLS AccelJCE-TLS
#   (with SECOND_JAR the "aa" case is no A/A any more: FIRST at both commits, secp256r1 + ECDSA P-256)
#   RACE_JMH="-p engines=closed" adds JMH options to every JVM of every race (here: close each
#   handshake's engines as a server closes its connections, as scripts/tls-stack-matrix.sh runs).
# How long: ROUNDS x ~70 s per case: with the default 3 rounds ~3.5 min per case, so e.g.
#   RACE_CASES="x25519-ec x25519-rsa x25519-ec384 resumed-ec mlkem-ec aa" takes ~21 min.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: handshake-race.sh OUTDIR [FIRST SECOND]}
first=${2:-AccelJCE} second=${3:-ACCP}
java="$("$root/scripts/find-jdk.sh")/bin/java"
jar=${BENCH_JAR:-$root/bench/target/benchmarks.jar}
[ -f "$jar" ] || { echo "handshake-race: no $jar; build it with ./scripts/mvn.sh -DskipTests package" >&2; exit 1; }
mkdir -p "$out"
second_jar=${SECOND_JAR:-$jar}
[ -f "$second_jar" ] || { echo "handshake-race: no $second_jar" >&2; exit 1; }
one() { # jar, provider, output name, JMH parameters...
  local jar=$1 provider=$2 name=$3; shift 3
  # two JMH runs at once: each would otherwise wait for the other's lock file
  taskset -c 1 "$java" -Djmh.ignoreLock=true --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -jar "$jar" TlsHandshakeBenchmark -p provider="$provider" -p protocol=TLSv1.3 "$@" ${RACE_JMH:-} \
    -f 1 -wi 10 -w 5s -i 5 -r 3s -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1
}
race() { # case name, A provider, B provider, JMH parameters...
  local name=$1 a=$2 b=$3; shift 3
  if [[ " ${RACE_CASES:-p256-ec p256-rsa p256-ec384 aa} " != *" $name "* ]]; then return; fi
  for round in $(seq 1 "${ROUNDS:-3}"); do
    echo "handshake-race: $name round $round"
    uptime > "$out/$name-$round.load"
    one "$jar" "$a" "$name-$round-a-$a" "$@" & local pa=$!
    one "$second_jar" "$b" "$name-$round-b-$b" "$@" & local pb=$!
    wait "$pa" "$pb"
    uptime >> "$out/$name-$round.load"
  done
}
race p256-ec "$first" "$second" -p cert=EC -p group=secp256r1
race p256-rsa "$first" "$second" -p cert=RSA -p group=secp256r1
race p256-ec384 "$first" "$second" -p cert=EC-P384 -p group=secp256r1
race x25519-ec "$first" "$second" -p cert=EC -p group=x25519
race x25519-rsa "$first" "$second" -p cert=RSA -p group=x25519
race x25519-ec384 "$first" "$second" -p cert=EC-P384 -p group=x25519
# the same with resumed handshakes (a TLS 1.3 ticket from the previous handshake, checked)
race resumed-ec "$first" "$second" -p cert=EC -p group=x25519 -p mode=resumed
race resumed-rsa "$first" "$second" -p cert=RSA -p group=x25519 -p mode=resumed
race resumed-ec384 "$first" "$second" -p cert=EC-P384 -p group=x25519 -p mode=resumed
# the hybrid X25519MLKEM768 (JDK 25's SunJSSE has none): always the two own stacks, MLKEM_FIRST
# (AccelJCE-TLS) against MLKEM_SECOND (Conscrypt-TLS), whatever FIRST and SECOND are
mf=${MLKEM_FIRST:-AccelJCE-TLS} ms=${MLKEM_SECOND:-Conscrypt-TLS}
race mlkem-ec "$mf" "$ms" -p cert=EC -p group=X25519MLKEM768
race mlkem-rsa "$mf" "$ms" -p cert=RSA -p group=X25519MLKEM768
race mlkem-ec384 "$mf" "$ms" -p cert=EC-P384 -p group=X25519MLKEM768
race mlkem-resumed-ec "$mf" "$ms" -p cert=EC -p group=X25519MLKEM768 -p mode=resumed
race aa "$first" "$first" -p cert=EC -p group=secp256r1
python3 "$root/scripts/handshake-race.py" "$out" | tee "$out/race.md"
