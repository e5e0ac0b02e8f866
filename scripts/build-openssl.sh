#!/usr/bin/env bash
# Builds the bundled OpenSSL 3.5 LTS libcrypto for linux-x86_64 (natively) or linux-aarch64
# (cross-compiled with Debian's aarch64-linux-gnu toolchain) from the `openssl-src` crate's source
# (crates.io, fetched with cargo) into a cache outside the repository:
#
#   ${ACCELJCE_CACHE:-~/.cache/acceljce}/openssl/<crate version>-<recipe hash>[-linux-aarch64]/
#       libcrypto.so          the shared library (soname libacceljce-crypto.so.3.5)
#       openssl.properties    OpenSSL version, crate version, sha256 of the library, ...
#       build.log             the full Configure/make output of the build that made it
#
# The recipe hash is the sha256 of this script, so changing how OpenSSL is built rebuilds it.
# Idempotent: when the cache has the library this only prints where it is (and copies it).
# Both targets share one recipe: the same source, options, hardening and link flags; only the
# compiler and OpenSSL's Configure target differ (see `target_setup` below).
#
# Usage: scripts/build-openssl.sh [--target linux-x86_64|linux-aarch64] [--copy-to DIR] [--with-app]
#   --target T      the platform to build for (default linux-x86_64). linux-aarch64 needs an
#                   x86-64 Debian/Ubuntu host: the cross compiler (gcc-aarch64-linux-gnu) and
#                   qemu-user (to check that the built library loads) are installed with apt-get
#                   when missing
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
target=linux-x86_64
while [ $# -gt 0 ]; do
  case "$1" in
    --target) target=${2:?--target needs a platform}; shift 2 ;;
    --copy-to) copy_to=${2:?--copy-to needs a directory}; shift 2 ;;
    --with-app) with_app=true; shift ;;
    *) echo "build-openssl.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

case "$target" in
  linux-x86_64) suffix="" ;;
  linux-aarch64)
    suffix=-$target
    # the `openssl` tool is for `openssl speed` on this machine; an aarch64 one would run emulated
    ! $with_app || { echo "build-openssl: --with-app is for the native target only" >&2; exit 2; } ;;
  *) echo "build-openssl: unknown target $target (linux-x86_64 or linux-aarch64)" >&2; exit 2 ;;
esac

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
recipe=$(sha256sum "$self" | cut -c1-16)
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
dest=$cache/openssl/$crate_version-$recipe$suffix
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
  || { echo "build-openssl: only a linux-x86_64 host is supported (this is $(uname -s)-$(uname -m))" >&2; exit 1; }

# What differs per target: the Configure target, the tool prefix, and how the built library is
# loaded to check it (directly, or under qemu-user with the cross sysroot).
case "$target" in
  linux-x86_64)
    configure_target=linux-x86_64 cross="" run=() ;;
  linux-aarch64)
    configure_target=linux-aarch64 cross=aarch64-linux-gnu- \
      run=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
    missing=()
    command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
    command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
    if [ ${#missing[@]} -gt 0 ]; then
      command -v apt-get >/dev/null \
        || { echo "build-openssl: needs ${missing[*]} (Debian packages) and there is no apt-get" >&2; exit 1; }
      echo "build-openssl: installing ${missing[*]}"
      { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >/dev/null \
        || { echo "build-openssl: could not install ${missing[*]} (not root? try sudo)" >&2; exit 1; }
    fi ;;
esac
for tool in cargo perl make "${cross}gcc" "${cross}ar" "${cross}nm" "${cross}readelf" python3 flock ${run[0]:+"${run[0]}"}; do
  command -v "$tool" >/dev/null || { echo "build-openssl: '$tool' is needed to build OpenSSL for $target" >&2; exit 1; }
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
echo "build-openssl: building OpenSSL $openssl_version for $target from openssl-src $crate_version ($src)"
echo "build-openssl: log in $dest/build.log once done; this takes minutes on 2 cores"

# 2. Configure and build libcrypto.a in a copy of the source, in tree: the registry's copy stays
#    untouched, and the file names compiled into the library (__FILE__ in error records) are
#    relative to the tree, so the bytes do not depend on where the cache is.
#    The crate trims the tree (no fuzz corpora, no util/mkdef.pl, ...), so OpenSSL's own shared
#    library target cannot be built; the static library is linked into one below instead.
#    Options: the crate's own (no-legacy, no-module: one self-contained library without loadable
#    providers), no tests/docs/demos, assembler ON (OpenSSL picks the code path per CPU at run
#    time through OPENSSL_ia32cap on x86-64, OPENSSL_armcap on aarch64 (AES, PMULL, SHA-1/2/512,
#    SHA-3 read from the kernel's AT_HWCAP), so one build serves every CPU of the architecture).
#    enable-ec_nistp_64_gcc_128: OpenSSL's constant-time 64-bit field code for P-224, P-384 and
#    P-521 (P-256 keeps its nistz256 assembler). Off by default only because Configure cannot
#    detect __uint128_t; Debian builds its libcrypto with it. Measured on a Zen 4 (openssl speed,
#    2026-11-26, CPU 1 idle): P-384 sign 4.2x, verify 1.5x, ECDH 2.4x; P-521 sign 7.8x, verify
#    3.2x, ECDH 6.6x; P-256 the same (docs/history/2026-11-25-2226-zen4-full-run.md, "P-384 and P-521: a build option").
build=$work/openssl-$openssl_version
cp -R "$src" "$build"
chmod -R u+w "$build"
jobs=$(nproc)
log=$work/build.log
(
  cd "$build"
  perl ./Configure "$configure_target" ${cross:+--cross-compile-prefix="$cross"} \
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
"${cross}nm" -g --defined-only "$build/libcrypto.a" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u > "$work/defined"
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
"${cross}gcc" -shared -o "$out/libcrypto.so" \
  -Wl,-soname,"$soname" -Wl,--version-script="$work/libcrypto.map" -Wl,-Bsymbolic \
  -Wl,--no-undefined -Wl,-z,noexecstack -Wl,-z,relro -Wl,-z,now -Wl,--build-id=sha1 \
  -Wl,--whole-archive "$build/libcrypto.a" -Wl,--no-whole-archive -ldl -pthread
if $with_app; then cp "$build/apps/openssl" "$out/openssl"; fi

# 4. Check the result: it needs nothing beyond glibc, loads, exports the EVP API and reports the
#    version it was built from.
needed=$("${cross}readelf" -d "$out/libcrypto.so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for lib in $needed; do
  case "$lib" in
    libc.so.6 | libdl.so.2 | libpthread.so.0 | ld-linux-*.so.*) ;;
    *) echo "build-openssl: the library needs $lib, which is not part of glibc" >&2; exit 1 ;;
  esac
done
glibc_minimum=$("${cross}readelf" -V "$out/libcrypto.so" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
exported=$("${cross}nm" -D --defined-only "$out/libcrypto.so" | awk '{ print $3 }' | sed 's/@.*//')
for sym in OpenSSL_version_num OpenSSL_version EVP_CIPHER_fetch EVP_EncryptInit_ex2 EVP_MD_fetch EVP_PKEY_CTX_new_from_name; do
  grep -qx "$sym" <<<"$exported" || { echo "build-openssl: $sym is not exported" >&2; exit 1; }
done
if [ -z "$cross" ]; then
  version_text=$(python3 - "$out/libcrypto.so" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.OpenSSL_version.restype = ctypes.c_char_p
lib.OpenSSL_version_num.restype = ctypes.c_ulong
print(lib.OpenSSL_version(0).decode(), hex(lib.OpenSSL_version_num()))
PY
  )
else
  # A foreign library: a small program of the target, linked to it and run under qemu-user.
  cat > "$work/version.c" <<'C'
#include <stdio.h>
const char *OpenSSL_version(int);
unsigned long OpenSSL_version_num(void);
int main(void) { printf("%s 0x%lx\n", OpenSSL_version(0), OpenSSL_version_num()); return 0; }
C
  "${cross}gcc" -o "$work/version" "$work/version.c" "$out/libcrypto.so"
  mkdir -p "$work/lib" && ln -s "$out/libcrypto.so" "$work/lib/$soname"
  version_text=$(LD_LIBRARY_PATH=$work/lib "${run[@]}" "$work/version")
fi
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
platform=$target
glibc.minimum=$glibc_minimum
library=libcrypto.so
soname=$soname
sha256=$sha
recipe=$recipe
PROPS
cp "$log" "$out/build.log"
rm -rf "$dest"
mv "$out" "$dest"
echo "build-openssl: built $version_text for $target in $(( $(date +%s) - started )) s on $jobs cores:" \
  "$dest/libcrypto.so ($(stat -c %s "$dest/libcrypto.so") bytes, sha256 $sha)"
copy_out
