#!/usr/bin/env bash
# Builds the bundled AWS-LC libcrypto for linux-x86_64 from the `aws-lc-sys` crate's source
# (crates.io, fetched with cargo) into a cache outside the repository:
#
#   ${ACCELJCE_CACHE:-~/.cache/acceljce}/awslc/<crate version>-<recipe hash>/
#       libawslc.so          the shared library (soname libacceljce-awslc.so.<version>)
#       awslc.properties     AWS-LC version, crate version, symbol prefix, sha256 of the library
#       LICENSE-AWS-LC       AWS-LC's license texts (AWS-LC, BoringSSL, OpenSSL, third parties)
#       build.log            the full cmake/make output of the build that made it
#
# AWS-LC and OpenSSL export the same names (EVP_*, EC_KEY_*, ...). This library lives in one
# process beside the bundled OpenSSL because every symbol it defines carries the crate's prefix
# (aws_lc_<crate version>_EVP_...): BORINGSSL_PREFIX with the prefix headers the crate ships, so
# neither Go nor Perl is needed (the crate carries the generated assembler). Step 4 checks that
# no unprefixed symbol is exported.
#
# The recipe hash is the sha256 of this script, so changing how AWS-LC is built rebuilds it.
# Idempotent: when the cache has the library this only prints where it is (and copies it).
#
# Usage: scripts/build-awslc.sh [--copy-to DIR]
#   --copy-to DIR   also copy libawslc.so, awslc.properties and LICENSE-AWS-LC into DIR (the
#                   bundle module's resources); skipped when DIR already holds the same files
set -euo pipefail

# The one place the bundled AWS-LC version is pinned (aws-lc-sys 0.47.0 carries AWS-LC 5.12.0).
crate_version=0.47.0

copy_to=""
while [ $# -gt 0 ]; do
  case "$1" in
    --copy-to) copy_to=${2:?--copy-to needs a directory}; shift 2 ;;
    *) echo "build-awslc.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
recipe=$(sha256sum "$self" | cut -c1-16)
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
dest=$cache/awslc/$crate_version-$recipe
outputs="libawslc.so awslc.properties LICENSE-AWS-LC"
mkdir -p "$cache/awslc"

cached() { for f in $outputs; do [ -f "$dest/$f" ] || return 1; done; }

copy_out() {
  [ -n "$copy_to" ] || return 0
  mkdir -p "$copy_to"
  local f stale=false
  for f in $outputs; do cmp -s "$dest/$f" "$copy_to/$f" || stale=true; done
  if $stale; then
    for f in $outputs; do cp "$dest/$f" "$copy_to"/; done
    echo "build-awslc: copied $outputs to $copy_to"
  else
    echo "build-awslc: $copy_to is up to date"
  fi
}

if cached; then
  echo "build-awslc: cached $(sed -n 's/^awslc.versionText=//p' "$dest/awslc.properties") at $dest"
  copy_out
  exit 0
fi

# Another build (a parallel Maven run, another checkout) may be making the same library.
exec 9>"$cache/awslc/.lock"
flock 9
if cached; then
  echo "build-awslc: built meanwhile by another process: $dest"
  copy_out
  exit 0
fi

[ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ] \
  || { echo "build-awslc: only linux-x86_64 is supported (this is $(uname -s)-$(uname -m))" >&2; exit 1; }
# cmake is the one tool a fresh Debian machine may lack: install it when we can (root, apt-get)
if ! command -v cmake >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "build-awslc: installing Debian's cmake" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cmake; } >&2
fi
for tool in cargo cmake make gcc nm readelf python3 flock; do
  command -v "$tool" >/dev/null || { echo "build-awslc: '$tool' is needed to build AWS-LC" >&2; exit 1; }
done

started=$(date +%s)
work=$(mktemp -d "$cache/awslc/.build.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The source: a throw-away Cargo project depending on exactly this crate version.
mkdir -p "$work/crate/src"
cat > "$work/crate/Cargo.toml" <<TOML
[package]
name = "acceljce-awslc-source"
version = "0.0.0"
edition = "2021"
[dependencies]
aws-lc-sys = "=$crate_version"
TOML
: > "$work/crate/src/lib.rs"
(cd "$work/crate" && cargo fetch -q)
read -r got_version manifest < <(cd "$work/crate" && cargo metadata --format-version 1 -q \
  | python3 -c 'import json,sys
m = json.load(sys.stdin)
p = [p for p in m["packages"] if p["name"] == "aws-lc-sys"][0]
print(p["version"], p["manifest_path"])')
[ "$got_version" = "$crate_version" ] \
  || { echo "build-awslc: cargo resolved aws-lc-sys $got_version, expected $crate_version" >&2; exit 1; }
crate_dir=$(dirname "$manifest")
awslc_version=$(sed -n 's/^#define AWSLC_VERSION_NUMBER_STRING "\(.*\)"$/\1/p' "$crate_dir/aws-lc/include/openssl/base.h")
prefix=$(sed -n 's/^#define BORINGSSL_PREFIX \(.*\)$/\1/p' "$crate_dir/generated-include/openssl/boringssl_prefix_symbols.h")
[ -n "$awslc_version" ] && [ -n "$prefix" ] \
  || { echo "build-awslc: no AWS-LC version or symbol prefix found in $crate_dir" >&2; exit 1; }
echo "build-awslc: building AWS-LC $awslc_version (prefix ${prefix}_) from aws-lc-sys $crate_version"
echo "build-awslc: log in $dest/build.log once done; this takes a few minutes on 2 cores"

# 2. Configure and build the shared libcrypto from a copy of the source (the registry's copy
#    stays untouched). Paths compiled into the library (__FILE__ in error records, assert
#    messages) are mapped to /aws-lc, so the bytes do not depend on where the cache is.
#    DISABLE_GO/DISABLE_PERL: the crate ships the generated assembler and error tables.
#    No tool/, ssl/ or tests: only libcrypto. Release: -O3 and no debug info.
#    Hardening as in build-openssl.sh: non-executable stack, full RELRO, immediate binding,
#    a build id. -Bsymbolic: internal calls bind to this library whatever sits in the global
#    scope (the prefix already makes the names unique; this makes it independent of that).
src=$work/src
mkdir -p "$src"
cp -R "$crate_dir/aws-lc" "$src/aws-lc"
cp -R "$crate_dir/generated-include" "$src/generated-include"
chmod -R u+w "$src"
soname=libacceljce-awslc.so.$awslc_version
jobs=$(nproc)
log=$work/build.log
map="-ffile-prefix-map=$src=/aws-lc-src -ffile-prefix-map=$work=/aws-lc-build"
(
  set -x
  cmake -S "$src/aws-lc" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=ON -DBUILD_TOOL=OFF -DBUILD_LIBSSL=OFF -DBUILD_TESTING=OFF \
    -DDISABLE_GO=ON -DDISABLE_PERL=ON \
    -DBORINGSSL_PREFIX="$prefix" -DBORINGSSL_PREFIX_HEADERS="$src/generated-include" \
    -DCMAKE_C_FLAGS="$map" -DCMAKE_CXX_FLAGS="$map" -DCMAKE_ASM_FLAGS="$map" \
    -DCMAKE_SHARED_LINKER_FLAGS="-Wl,-z,noexecstack -Wl,-z,relro -Wl,-z,now -Wl,-Bsymbolic -Wl,--build-id=sha1 -Wl,--no-undefined"
  # CMake names the library by its file (libcrypto.so); give it a soname of its own, distinct
  # from OpenSSL's, by editing the one link command CMake generated.
  link=$work/build/crypto/CMakeFiles/crypto.dir/link.txt
  grep -q -- '-Wl,-soname,libcrypto.so' "$link"
  sed -i "s/-Wl,-soname,libcrypto\.so/-Wl,-soname,$soname/" "$link"
  make -C "$work/build" -j"$jobs" crypto
) > "$log" 2>&1 || { tail -40 "$log" >&2; echo "build-awslc: the AWS-LC build failed (log above)" >&2; exit 1; }
out=$work/out
mkdir -p "$out"
cp "$work/build/crypto/libcrypto.so" "$out/libawslc.so"
cp "$crate_dir/aws-lc/LICENSE" "$out/LICENSE-AWS-LC"

# 3. Check the result: its soname, that it needs nothing but libc, that every exported symbol
#    carries the prefix, and the version it reports.
lib=$out/libawslc.so
got_soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$got_soname" = "$soname" ] || { echo "build-awslc: soname is '$got_soname', expected $soname" >&2; exit 1; }
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
for n in $needed; do
  case "$n" in libc.so.6|ld-linux-x86-64.so.2|libpthread.so.0|libdl.so.2) ;;
    *) echo "build-awslc: the library needs $n; only libc is expected" >&2; exit 1 ;; esac
done
readelf -d "$lib" | grep -q 'BIND_NOW' || { echo "build-awslc: not linked with -z now" >&2; exit 1; }
exported=$(nm -D --defined-only "$lib" | awk '{ print $3 }')
unprefixed=$(grep -v "^${prefix}_" <<<"$exported" | grep -v -E '^(_init|_fini)$' || true)
[ -z "$unprefixed" ] \
  || { echo "build-awslc: symbols without the prefix ${prefix}_: $(head -5 <<<"$unprefixed" | tr '\n' ' ')" >&2; exit 1; }
symbols=$(wc -l <<<"$exported")
for sym in awslc_version_string OpenSSL_version EVP_AEAD_CTX_seal EVP_aead_xchacha20_poly1305 ED25519_sign X25519; do
  grep -qx "${prefix}_$sym" <<<"$exported" || { echo "build-awslc: ${prefix}_$sym is not exported" >&2; exit 1; }
done
version_text=$(python3 - "$lib" "$prefix" <<'PY'
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
f = getattr(lib, sys.argv[2] + "_OpenSSL_version")
f.restype = ctypes.c_char_p
print(f(0).decode())
PY
)
case "$version_text" in
  "AWS-LC $awslc_version"|*"AWS-LC $awslc_version)") ;;
  *) echo "build-awslc: the library reports '$version_text', expected AWS-LC $awslc_version" >&2; exit 1 ;;
esac
sha=$(sha256sum "$lib" | cut -d' ' -f1)
cat > "$out/awslc.properties" <<PROPS
# The AWS-LC libcrypto bundled in this jar, built by scripts/build-awslc.sh.
awslc.version=$awslc_version
awslc.versionText=$version_text
crate=aws-lc-sys
crate.version=$crate_version
platform=linux-x86_64
library=libawslc.so
soname=$soname
symbolPrefix=${prefix}_
exportedSymbols=$symbols
sha256=$sha
recipe=$recipe
PROPS
cp "$log" "$out/build.log"
rm -rf "$dest"
mv "$out" "$dest"
echo "build-awslc: built $version_text in $(( $(date +%s) - started )) s on $jobs cores:" \
  "$dest/libawslc.so ($(stat -c %s "$dest/libawslc.so") bytes, $symbols symbols, sha256 $sha)"
copy_out
