#!/usr/bin/env bash
# Builds OpenSSL 3.5's libssl and the `openssl` command-line tool (s_server, s_client, speed, ...)
# for this machine (linux-x86_64) from the same `openssl-src` crate source and with the same
# Configure options as scripts/build-openssl.sh (the bundled libcrypto), into a cache outside the
# repository:
#
#   ${ACCELJCE_CACHE:-~/.cache/acceljce}/openssl-tools/<crate version>-<recipe hash>/
#       bin/openssl           the command-line tool, linked statically to this build's libraries
#       lib/libssl.a          OpenSSL's TLS stack
#       lib/libcrypto.a       its libcrypto
#       include/openssl/      the public headers, generated ones included (opensslv.h, ...)
#       openssl-tools.properties  OpenSSL version, crate version, sha256 of the tool
#       build.log             the full Configure/make output
#
# Not part of AccelJCE's jars: these are yardsticks and interop peers (the C handshake pair in
# bench/native, s_server/s_client with the hybrid post-quantum groups). Static libraries, so
# nothing here can be confused with or loaded instead of the bundled libcrypto.
#
# The recipe hash is the sha256 of this script; the Configure options below must stay those of
# build-openssl.sh (the crate's own options, assembler on, enable-ec_nistp_64_gcc_128), so the
# libcrypto under this libssl computes as the bundled one does, with one addition: zlib (linked
# statically from the system's libz.a; Debian's zlib1g-dev, installed here when missing), so the
# tools compress and inflate TLS 1.3 certificates (RFC 8879) as peers of AccelJCE-TLS's. zlib
# touches no cryptographic computation; programs linking lib/libcrypto.a add -lz.
# Idempotent: when the cache has the build this only prints where it is.
#
# Usage: scripts/build-openssl-tools.sh
set -euo pipefail

# the same pin as build-openssl.sh
crate_version=300.5.5+3.5.5
export SOURCE_DATE_EPOCH=1769472000
[ $# -eq 0 ] || { echo "usage: build-openssl-tools.sh (no arguments)" >&2; exit 2; }

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
recipe=$(sha256sum "$self" | cut -c1-16)
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
dest=$cache/openssl-tools/$crate_version-$recipe
mkdir -p "$cache/openssl-tools"

cached() {
  [ -x "$dest/bin/openssl" ] && [ -f "$dest/lib/libssl.a" ] && [ -f "$dest/lib/libcrypto.a" ] \
    && [ -f "$dest/include/openssl/ssl.h" ] && [ -f "$dest/openssl-tools.properties" ]
}
if cached; then
  echo "build-openssl-tools: cached $(sed -n 's/^openssl.versionText=//p' "$dest/openssl-tools.properties") at $dest"
  exit 0
fi
exec 9>"$cache/openssl-tools/.lock"
flock 9
if cached; then
  echo "build-openssl-tools: built meanwhile by another process: $dest"
  exit 0
fi

[ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ] \
  || { echo "build-openssl-tools: only a linux-x86_64 host is supported" >&2; exit 1; }
for tool in cargo perl make gcc python3 flock; do
  command -v "$tool" >/dev/null || { echo "build-openssl-tools: '$tool' is needed" >&2; exit 1; }
done

if [ ! -f /usr/include/zlib.h ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "build-openssl-tools: installing zlib1g-dev (zlib's headers and libz.a) with apt-get" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q zlib1g-dev >&2
  else
    echo "build-openssl-tools: zlib's headers are needed (Debian: apt-get install zlib1g-dev)" >&2
    exit 1
  fi
fi

started=$(date +%s)
work=$(mktemp -d "$cache/openssl-tools/.build.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The source: a throw-away Cargo project depending on exactly this crate version.
mkdir -p "$work/crate/src"
cat > "$work/crate/Cargo.toml" <<TOML
[package]
name = "acceljce-openssl-tools-source"
version = "0.0.0"
edition = "2021"
[dependencies]
openssl-src = "=${crate_version%%+*}"
TOML
: > "$work/crate/src/lib.rs"
(cd "$work/crate" && cargo fetch -q)
read -r got_version manifest < <(cd "$work/crate" && cargo metadata --format-version 1 -q \
  | python3 -c 'import json,sys
m = json.load(sys.stdin)
p = [p for p in m["packages"] if p["name"] == "openssl-src"][0]
print(p["version"], p["manifest_path"])')
[ "$got_version" = "$crate_version" ] \
  || { echo "build-openssl-tools: cargo resolved openssl-src $got_version, expected $crate_version" >&2; exit 1; }
src=$(dirname "$manifest")/openssl
. "$src/VERSION.dat"
openssl_version=$MAJOR.$MINOR.$PATCH
echo "build-openssl-tools: building OpenSSL $openssl_version libssl and apps/openssl from openssl-src $crate_version"

# 2. Configure as build-openssl.sh does (static libraries: the crate's trimmed tree cannot build
#    OpenSSL's shared-library target), then libcrypto.a, libssl.a and the tool.
build=$work/openssl-$openssl_version
cp -R "$src" "$build"
chmod -R u+w "$build"
log=$work/build.log
(
  cd "$build"
  perl ./Configure linux-x86_64 \
    --prefix=/usr/local --openssldir=/usr/local/ssl --libdir=lib \
    no-shared no-module no-legacy no-tests no-docs no-demos no-fuzz-afl no-fuzz-libfuzzer \
    enable-zlib no-zlib-dynamic no-ssl3 no-md2 no-rc5 no-weak-ssl-ciphers \
    enable-ec_nistp_64_gcc_128 -fPIC
  make -j"$(nproc)" build_generated
  make -j"$(nproc)" libcrypto.a libssl.a apps/openssl
) > "$log" 2>&1 || { tail -40 "$log" >&2; echo "build-openssl-tools: the OpenSSL build failed (log above)" >&2; exit 1; }

out=$work/out
mkdir -p "$out/bin" "$out/lib" "$out/include"
cp "$build/apps/openssl" "$out/bin/openssl"
cp "$build/libssl.a" "$build/libcrypto.a" "$out/lib/"
cp -R "$build/include/openssl" "$out/include/openssl"

# 3. Check: the tool runs, reports this version and offers the hybrid post-quantum groups ...
version_text=$("$out/bin/openssl" version)
case "$version_text" in
  "OpenSSL $openssl_version "*) ;;
  *) echo "build-openssl-tools: the tool reports '$version_text', expected OpenSSL $openssl_version" >&2; exit 1 ;;
esac
groups=$("$out/bin/openssl" list -tls-groups -tls1_3)
for g in X25519MLKEM768 SecP256r1MLKEM768 SecP384r1MLKEM1024; do
  grep -qw "$g" <<<"$groups" || { echo "build-openssl-tools: the tool does not offer $g (it offers $groups)" >&2; exit 1; }
done
# ... and compresses certificates with zlib (s_server -cert_comp exists only then)
if "$out/bin/openssl" list -disabled | grep -qx ZLIB || ! "$out/bin/openssl" s_server -help 2>&1 | grep -q -- '-cert_comp'; then
  echo "build-openssl-tools: the tool was built without zlib certificate compression" >&2; exit 1
fi
sha=$(sha256sum "$out/bin/openssl" | cut -d' ' -f1)
cat > "$out/openssl-tools.properties" <<PROPS
# OpenSSL's libssl and command-line tool, built by scripts/build-openssl-tools.sh.
openssl.version=$openssl_version
openssl.versionText=$version_text
crate=openssl-src
crate.version=$crate_version
tlsGroups=$groups
certCompression=zlib
openssl.sha256=$sha
recipe=$recipe
PROPS
cp "$log" "$out/build.log"
rm -rf "$dest"
mv "$out" "$dest"
echo "build-openssl-tools: built $version_text in $(( $(date +%s) - started )) s: $dest"
