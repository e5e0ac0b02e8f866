#!/usr/bin/env bash
# The native yardstick for TLS handshakes: bench/native/handshake-pair.c (a client and a server in
# one thread over an in-memory BIO pair, libssl's public API only) built against AWS-LC's libssl
# (scripts/build-awslc.sh, the library AccelJCE bundles) and against OpenSSL 3.5's
# (scripts/build-openssl-tools.sh, the same source and options as the bundled libcrypto), run
# pinned to one CPU. What a Java TLS stack on either libssl can at best approach.
#
# Writes to OUTDIR:
#   <library>.jsonl   one JSON object per case (handshakes/s per round, median, min, max, and
#                     what was negotiated), as the program prints it
#   results.tsv       library, case, median, min, max handshakes per wall-clock second, and the
#                     same per second of the process's CPU time
#   load.txt          `uptime` before the run, before each case and library, and after
#   environment.txt   CPU, commit, library versions, options
#
# Usage: scripts/c-handshake-pair.sh OUTDIR [CASE...]
#   CASE = PROTOCOL:GROUP:CERT:MODE (see the program's header comment); default: the list below.
# Environment: PAIR_LIBS ("awslc openssl"), PAIR_WARMUP (3 s), PAIR_ROUNDS (3), PAIR_SECONDS (3 s),
#   PAIR_CHAIN (ca: a root and a leaf; self: a self-signed leaf as its own trust anchor),
#   PAIR_CPU (1: the CPU the runs are pinned to).
# The binaries are built into target/c-handshake-pair/ (never committed), rebuilt when the source
# or a library changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: c-handshake-pair.sh OUTDIR [CASE...]}
shift
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(
    # TLS 1.3 full handshakes: every certificate with x25519 and with the hybrid X25519MLKEM768,
    # the NIST curves with their usual certificates, the other two hybrids
    tls13:X25519:p256:full tls13:X25519:p384:full tls13:X25519:rsa2048:full tls13:X25519:ed25519:full
    tls13:P-256:p256:full tls13:P-256:p384:full tls13:P-256:rsa2048:full tls13:P-384:p384:full
    tls13:X25519MLKEM768:p256:full tls13:X25519MLKEM768:p384:full tls13:X25519MLKEM768:rsa2048:full
    tls13:X25519MLKEM768:ed25519:full tls13:SecP256r1MLKEM768:p256:full tls13:SecP384r1MLKEM1024:p384:full
    # TLS 1.3 resumption with a ticket (PSK with (EC)DHE: the key exchange is still done)
    tls13:X25519:p256:resumed tls13:P-256:p256:resumed tls13:P-384:p384:resumed
    tls13:X25519MLKEM768:p256:resumed tls13:SecP256r1MLKEM768:p256:resumed tls13:SecP384r1MLKEM1024:p384:resumed
    # TLS 1.2 ECDHE (AES-128-GCM), full and resumed with a ticket (abbreviated: no key exchange)
    tls12:P-256:p256:full tls12:X25519:rsa2048:full tls12:P-256:p256:resumed
    # TLS 1.3 records: 16 KiB messages client to server after one handshake (bytes_per_s)
    tls13:X25519:p256:records-aes128gcm tls13:X25519:p256:records-chacha20
  )
fi
libs=${PAIR_LIBS:-awslc openssl}
cpu=${PAIR_CPU:-1}
options=(--warmup "${PAIR_WARMUP:-3}" --rounds "${PAIR_ROUNDS:-3}" --seconds "${PAIR_SECONDS:-3}" --chain "${PAIR_CHAIN:-ca}")
source_file=$root/bench/native/handshake-pair.c
build_root=$root/target/c-handshake-pair
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
mkdir -p "$out" "$build_root"
command -v gcc >/dev/null || { echo "c-handshake-pair: gcc is needed" >&2; exit 1; }
command -v taskset >/dev/null || { echo "c-handshake-pair: taskset (util-linux) is needed" >&2; exit 1; }

# The library builds are cached; each script is a no-op when its cache entry exists. Their cache
# directories are named by the sha256 of the script, as the scripts themselves compute them.
recipe() { sha256sum "$root/scripts/$1" | cut -c1-16; }

build_awslc() { # prints the binary's path
  "$root/scripts/build-awslc.sh" >&2
  local crate_version lib_dir crate
  crate_version=$(sed -n 's/^crate_version=//p' "$root/scripts/build-awslc.sh")
  lib_dir=$cache/awslc/$crate_version-$(recipe build-awslc.sh)
  crate=$(ls -d "$HOME"/.cargo/registry/src/*/aws-lc-sys-"$crate_version" 2>/dev/null | head -1)
  [ -n "$crate" ] && [ -f "$crate/aws-lc/include/openssl/ssl.h" ] \
    || { echo "c-handshake-pair: no aws-lc-sys $crate_version source in ~/.cargo/registry (build-awslc.sh fetches it)" >&2; exit 1; }
  local prefix soname ssl_soname key dir
  prefix=$(sed -n 's/^symbolPrefix=\(.*\)_$/\1/p' "$lib_dir/awslc.properties")
  soname=$(sed -n 's/^soname=//p' "$lib_dir/awslc.properties")
  ssl_soname=$(sed -n 's/^soname=//p' "$lib_dir/awslc-ssl.properties")
  key=$(cat "$source_file" "$lib_dir/awslc.properties" "$lib_dir/awslc-ssl.properties" | sha256sum | cut -c1-16)
  dir=$build_root/awslc-$key
  if [ ! -x "$dir/handshake-pair" ]; then
    mkdir -p "$dir/lib"
    # the libraries by their sonames, found through the binary's RUNPATH
    ln -sf "$lib_dir/libawslc.so" "$dir/lib/$soname"
    ln -sf "$lib_dir/libawslc-ssl.so" "$dir/lib/$ssl_soname"
    gcc -O2 -Wall -Wextra -Werror -DPAIR_AWSLC -DBORINGSSL_PREFIX="$prefix" \
      -I"$crate/generated-include" -I"$crate/aws-lc/include" \
      -o "$dir/handshake-pair.tmp" "$source_file" "$dir/lib/$ssl_soname" "$dir/lib/$soname" \
      -Wl,-rpath,'$ORIGIN/lib'
    mv "$dir/handshake-pair.tmp" "$dir/handshake-pair"
  fi
  echo "$dir/handshake-pair"
}

build_openssl() { # prints the binary's path
  "$root/scripts/build-openssl-tools.sh" >&2
  local crate_version lib_dir key dir
  crate_version=$(sed -n 's/^crate_version=//p' "$root/scripts/build-openssl-tools.sh")
  lib_dir=$cache/openssl-tools/$crate_version-$(recipe build-openssl-tools.sh)
  key=$(cat "$source_file" "$lib_dir/openssl-tools.properties" | sha256sum | cut -c1-16)
  dir=$build_root/openssl-$key
  if [ ! -x "$dir/handshake-pair" ]; then
    mkdir -p "$dir"
    # static: OpenSSL's libssl.a and libcrypto.a (the crate's trimmed tree builds no shared ones; with zlib)
    gcc -O2 -Wall -Wextra -Werror -DPAIR_OPENSSL -I"$lib_dir/include" \
      -o "$dir/handshake-pair.tmp" "$source_file" "$lib_dir/lib/libssl.a" "$lib_dir/lib/libcrypto.a" -lz -ldl -pthread
    mv "$dir/handshake-pair.tmp" "$dir/handshake-pair"
  fi
  echo "$dir/handshake-pair"
}

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //') ($(nproc) CPUs online), runs pinned to CPU $cpu"
  echo "kernel: $(uname -sr)"
  echo "commit: $(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD -- bench/native scripts 2>/dev/null || echo ' (with local changes)')"
  echo "compiler: $(gcc --version | head -1)"
  echo "options: ${options[*]}"
} > "$out/environment.txt"
printf 'library\tcase\tmedian_per_s\tmin_per_s\tmax_per_s\tmedian_per_cpu_s\tmin_per_cpu_s\tmax_per_cpu_s\n' > "$out/results.tsv"

declare -A bins
for lib in $libs; do
  case "$lib" in
    awslc) bins[$lib]=$(build_awslc) ;;
    openssl) bins[$lib]=$(build_openssl) ;;
    *) echo "c-handshake-pair: unknown library $lib (awslc, openssl)" >&2; exit 2 ;;
  esac
  version=$("${bins[$lib]}" --warmup 0 --rounds 1 --seconds 0.01 tls13:X25519:p256:full \
    | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["library"])')
  echo "library $lib: $version" >> "$out/environment.txt"
  : > "$out/$lib.jsonl"
done

# Case by case, each library in turn (one process per case and library): on a shared machine the
# load drifts, and interleaving puts both libraries under the same drift.
uptime > "$out/load.txt"
for c in "${cases[@]}"; do
  for lib in $libs; do
    echo "c-handshake-pair: $lib $c" >&2
    echo "$lib $c $(uptime)" >> "$out/load.txt"
    taskset -c "$cpu" "${bins[$lib]}" "${options[@]}" "$c" >> "$out/$lib.jsonl"
  done
done
uptime >> "$out/load.txt"
for lib in $libs; do
  python3 - "$lib" "$out/$lib.jsonl" >> "$out/results.tsv" <<'PY'
import json, sys
lib, path = sys.argv[1], sys.argv[2]
for line in open(path):
    d = json.loads(line)
    p, q = d["per_s"], d["per_cpu_s"]
    print(f'{lib}\t{d["case"]}\t{p["median"]:.0f}\t{p["min"]:.0f}\t{p["max"]:.0f}\t{q["median"]:.0f}\t{q["min"]:.0f}\t{q["max"]:.0f}')
PY
done
cat "$out/results.tsv"
