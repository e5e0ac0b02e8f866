#!/usr/bin/env bash
# Builds the bundled OpenSSL 3.5 LTS libcrypto for linux-x86_64 from the `openssl-src` crate's
# source (crates.io, fetched with cargo) into a cache outside the repository:
#
#   ${ACCELJCE_CACHE:-~/.cache/acceljce}/openssl/<crate version>-<recipe hash>/
#       libcrypto.so          the shared library (soname libacceljce-crypto.so.3.5)
#       openssl.properties    OpenSSL version, crate version, sha256 of the library, ...
#       build.log             the full Configure/make output of the build that made it
#
# The recipe hash is the sha256 of this script, so changing how OpenSSL is built rebuilds it.
# Idempotent: when the cache has the library this only prints where it is (and copies it).
#
# Usage: scripts/build-openssl.sh [--copy-to DIR] [--with-app]
#   --copy-to DIR   also copy libcrypto.so and openssl.properties into DIR (the bundle module's
#                   resources); the copy is skipped when DIR already holds the same library
#   --with-app      also build the `openssl` command-line tool (for `openssl speed`) next to the
#                   library; not needed by AccelJCE and not done by the Maven build
set -euo pipefail

# The one place the bundled OpenSSL version is pinned. 300.5.x+3.5.y is the 3.5 LTS line.
crate_version=300.5.5+3.5.5
# OpenSSL's `built on` date: fixed so two builds of the same source give the same bytes.
export SOURCE_DATE_EPOCH=1769472000

copy_to=""
with_app=false
while [ $# -gt 0 ]; do
  case "$1" in
    --copy-to) copy_to=${2:?--copy-to needs a directory}; shift 2 ;;
    --with-app) with_app=true; shift ;;
    *) echo "build-openssl.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
recipe=$(sha256sum "$self" | cut -c1-16)
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
dest=$cache/openssl/$crate_version-$recipe
mkdir -p "$cache/openssl"

copy_out() {
  [ -n "$copy_to" ] || return 0
  mkdir -p "$copy_to"
  if cmp -s "$dest/libcrypto.so" "$copy_to/libcrypto.so" \
      && cmp -s "$dest/openssl.properties" "$copy_to/openssl.properties"; then
    echo "build-openssl: $copy_to is up to date"
  else
    cp "$dest/libcrypto.so" "$dest/openssl.properties" "$copy_to"/
    echo "build-openssl: copied libcrypto.so and openssl.properties to $copy_to"
  fi
}

app_wanted_and_missing() { $with_app && [ ! -x "$dest/openssl" ]; }

if [ -f "$dest/libcrypto.so" ] && [ -f "$dest/openssl.properties" ] && ! app_wanted_and_missing; then
  echo "build-openssl: cached $(sed -n 's/^openssl.versionText=//p' "$dest/openssl.properties") at $dest"
  copy_out
  exit 0
fi

# Another build (a parallel Maven run, another checkout) may be making the same library.
exec 9>"$cache/openssl/.lock"
flock 9
if [ -f "$dest/libcrypto.so" ] && [ -f "$dest/openssl.properties" ] && ! app_wanted_and_missing; then
  echo "build-openssl: built meanwhile by another process: $dest"
  copy_out
  exit 0
fi

[ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ] \
  || { echo "build-openssl: only linux-x86_64 is supported (this is $(uname -s)-$(uname -m))" >&2; exit 1; }
for tool in cargo perl make gcc ar nm python3 flock; do
  command -v "$tool" >/dev/null || { echo "build-openssl: '$tool' is needed to build OpenSSL" >&2; exit 1; }
done

started=$(date +%s)
work=$(mktemp -d "$cache/openssl/.build.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The source: a throw-away Cargo project depending on exactly this crate version.
mkdir -p "$work/crate/src"
cat > "$work/crate/Cargo.toml" <<TOML
[package]
name = "acceljce-openssl-source"
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
  || { echo "build-openssl: cargo resolved openssl-src $got_version, expected $crate_version" >&2; exit 1; }
src=$(dirname "$manifest")/openssl
. "$src/VERSION.dat"
openssl_version=$MAJOR.$MINOR.$PATCH
echo "build-openssl: building OpenSSL $openssl_version from openssl-src $crate_version ($src)"
echo "build-openssl: log in $dest/build.log once done; this takes minutes on 2 cores"

# 2. Configure and build libcrypto.a in a copy of the source, in tree: the registry's copy stays
#    untouched, and the file names compiled into the library (__FILE__ in error records) are
#    relative to the tree, so the bytes do not depend on where the cache is.
#    The crate trims the tree (no fuzz corpora, no util/mkdef.pl, ...), so OpenSSL's own shared
#    library target cannot be built; the static library is linked into one below instead.
#    Options: the crate's own (no-legacy, no-module: one self-contained library without loadable
#    providers), no tests/docs/demos, assembler ON (OpenSSL picks the code path per CPU at run
#    time through OPENSSL_ia32cap, so this one build serves every x86-64).
#    enable-ec_nistp_64_gcc_128: OpenSSL's constant-time 64-bit field code for P-224, P-384 and
#    P-521 (P-256 keeps its nistz256 assembler). Off by default only because Configure cannot
#    detect __uint128_t; Debian builds its libcrypto with it. Measured on a Zen 4 (openssl speed,
#    2026-11-26, CPU 1 idle): P-384 sign 4.2x, verify 1.5x, ECDH 2.4x; P-521 sign 7.8x, verify
#    3.2x, ECDH 6.6x; P-256 the same (docs/peers.md, "P-384 and P-521: a build option").
build=$work/openssl-$openssl_version
cp -R "$src" "$build"
chmod -R u+w "$build"
jobs=$(nproc)
log=$work/build.log
(
  cd "$build"
  perl ./Configure linux-x86_64 \
    --prefix=/usr/local --openssldir=/usr/local/ssl --libdir=lib \
    no-shared no-module no-legacy no-tests no-docs no-demos no-fuzz-afl no-fuzz-libfuzzer \
    no-comp no-zlib no-zlib-dynamic no-ssl3 no-md2 no-rc5 no-weak-ssl-ciphers \
    enable-ec_nistp_64_gcc_128 -fPIC
  make -j"$jobs" build_generated
  make -j"$jobs" libcrypto.a
  if $with_app; then make -j"$jobs" apps/openssl; fi
) > "$log" 2>&1 || { tail -40 "$log" >&2; echo "build-openssl: the OpenSSL build failed (log above)" >&2; exit 1; }

# 3. One shared object holding all of libcrypto.a. It exports exactly OpenSSL's public libcrypto
#    API (the names in util/libcrypto.num that this build defines) under its own symbol version,
#    binds its internal calls to itself (-Bsymbolic) and has its own soname: it can live in one
#    process next to the system's libcrypto.so.3 without either one resolving into the other.
nm -g --defined-only "$build/libcrypto.a" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u > "$work/defined"
awk '!/^#/ && NF { print $1 }' "$src/util/libcrypto.num" | sort -u > "$work/public"
{
  echo "ACCELJCE_OPENSSL_$MAJOR.$MINOR {"
  echo "  global:"
  comm -12 "$work/defined" "$work/public" | sed 's/.*/    &;/'
  echo "  local: *;"
  echo "};"
} > "$work/libcrypto.map"
soname=libacceljce-crypto.so.$MAJOR.$MINOR
out=$work/out
mkdir -p "$out"
gcc -shared -o "$out/libcrypto.so" \
  -Wl,-soname,"$soname" -Wl,--version-script="$work/libcrypto.map" -Wl,-Bsymbolic \
  -Wl,--no-undefined -Wl,-z,noexecstack -Wl,-z,relro -Wl,-z,now -Wl,--build-id=sha1 \
  -Wl,--whole-archive "$build/libcrypto.a" -Wl,--no-whole-archive -ldl -pthread
if $with_app; then cp "$build/apps/openssl" "$out/openssl"; fi

# 4. Check the result: it loads, exports the EVP API and reports the version it was built from.
exported=$(nm -D --defined-only "$out/libcrypto.so" | awk '{ print $3 }' | sed 's/@.*//')
for sym in OpenSSL_version_num OpenSSL_version EVP_CIPHER_fetch EVP_EncryptInit_ex2 EVP_MD_fetch EVP_PKEY_CTX_new_from_name; do
  grep -qx "$sym" <<<"$exported" || { echo "build-openssl: $sym is not exported" >&2; exit 1; }
done
version_text=$(python3 - "$out/libcrypto.so" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.OpenSSL_version.restype = ctypes.c_char_p
lib.OpenSSL_version_num.restype = ctypes.c_ulong
print(lib.OpenSSL_version(0).decode(), hex(lib.OpenSSL_version_num()))
PY
)
case "$version_text" in
  "OpenSSL $openssl_version "*) ;;
  *) echo "build-openssl: the library reports '$version_text', expected OpenSSL $openssl_version" >&2; exit 1 ;;
esac
version_text=${version_text% 0x*}
sha=$(sha256sum "$out/libcrypto.so" | cut -d' ' -f1)
cat > "$out/openssl.properties" <<PROPS
# The OpenSSL libcrypto bundled in this jar, built by scripts/build-openssl.sh.
openssl.version=$openssl_version
openssl.versionText=$version_text
crate=openssl-src
crate.version=$crate_version
platform=linux-x86_64
library=libcrypto.so
soname=$soname
sha256=$sha
recipe=$recipe
PROPS
cp "$log" "$out/build.log"
rm -rf "$dest"
mv "$out" "$dest"
echo "build-openssl: built $version_text in $(( $(date +%s) - started )) s on $jobs cores:" \
  "$dest/libcrypto.so ($(stat -c %s "$dest/libcrypto.so") bytes, sha256 $sha)"
copy_out
