#!/usr/bin/env bash
# Both bundled libraries timed against each other in C, in alternating windows in one process
# (no JVM, no AccelJCE): the probes that decided which families were worth binding to AWS-LC
# (docs/engines.md, "RSA, and why not the digests and HMAC"). Diagnostics, not benchmarks: JMH
# through the provider (scripts/engine-peers.sh) is the judge of speed.
#
#   rsa-sign-verify [bits]  RSASSA-PKCS1-v1_5 SHA-256: OpenSSL's EVP_PKEY_sign/verify on a kept
#                           context against AWS-LC's RSA_sign/RSA_verify
#   sha256-hmac             SHA-256 and HMAC-SHA256 at 32 B-16 KiB: OpenSSL's EVP_Digest* and
#                           EVP_MAC (key kept) against AWS-LC's one-shot SHA256() and HMAC()
#
# Needs gcc and OpenSSL's headers (Debian: apt-get install -y gcc libssl-dev; the 3.0 headers
# declare everything used here) and the libraries this checkout bundles (build them with
# ./scripts/mvn.sh -DskipTests package first).
# Usage: scripts/library-probes/run.sh rsa-sign-verify|sha256-hmac [args]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
probe=${1:?usage: run.sh rsa-sign-verify|sha256-hmac [args]}
shift
[ -f /usr/include/openssl/evp.h ] || { echo "library-probes: no OpenSSL headers; apt-get install -y libssl-dev" >&2; exit 1; }
# the libraries the provider jar of this checkout bundles
native=$(cd "$here/../.." && pwd)/openssl-bundle/target/classes/META-INF/acceljce/native/linux-x86_64

[ -f "$native/libcrypto.so" ] && [ -f "$native/libawslc.so" ] || { echo "library-probes: no bundled libraries in $native; build first (./scripts/mvn.sh -DskipTests package)" >&2; exit 1; }
prefix=$(sed -n 's/^symbolPrefix=//p' "$native/awslc.properties")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the libraries under their sonames, as the provider loads them
cp "$native/libcrypto.so" "$work/$(objdump -p "$native/libcrypto.so" | awk '/SONAME/ {print $2}')"
cp "$native/libawslc.so" "$work/$(objdump -p "$native/libawslc.so" | awk '/SONAME/ {print $2}')"
sed "s/aws_lc_0_47_0_/$prefix/g" "$here/$probe.c" > "$work/$probe.c"
gcc -O2 -Wno-deprecated-declarations "$work/$probe.c" -o "$work/$probe" \
  "$work"/libacceljce-crypto.so.* "$work"/libacceljce-awslc.so.* -Wl,-rpath,"$work"
echo "library-probes: $probe, $(sed -n 's/^openssl.versionText=//p' "$native/openssl.properties") and $(sed -n 's/^awslc.versionText=//p' "$native/awslc.properties"), pinned to CPU 1"
taskset -c 1 "$work/$probe" "$@"
