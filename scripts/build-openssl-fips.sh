#!/usr/bin/env bash
# Builds OpenSSL's FIPS provider module (fips.so) from the same `openssl-src` crate source as the
# bundled libcrypto (scripts/build-openssl.sh pins the version; this script reads it from there),
# and its configuration, produced the way OpenSSL documents it (`openssl fipsinstall`), into a
# cache outside the repository:
#
#   ${ACCELJCE_CACHE:-~/.cache/acceljce}/openssl-fips/<crate version>-<recipe hash>/
#       fips.so            the FIPS provider module (exports only OSSL_provider_init)
#       fipsmodule.cnf     `openssl fipsinstall -module fips.so -out fipsmodule.cnf` output:
#                          the module's MAC and its options (self-tests at every load)
#       fips.properties    version, sha256 of the module, what fipsinstall said
#       build.log          the Configure/make/fipsinstall output
#
# A MODULE BUILT HERE IS NOT A FIPS 140-3 VALIDATED MODULE: validation covers one vendor's build
# of one source release on tested platforms. It runs the same code, self-tests and checks, which
# is what the project tests against; production use needs a validated module
# (acceljce.fips.module, docs/fips.md).
#
# A script of its own, with its own recipe hash and cache, so that the default library's recipe
# (and so its cache entry and bytes) stays exactly what build-openssl.sh makes.
#
# Usage: scripts/build-openssl-fips.sh [--copy-to DIR]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
crate_version=$(sed -n 's/^crate_version=//p' "$here/build-openssl.sh")
[ -n "$crate_version" ] || { echo "build-openssl-fips: no crate_version in build-openssl.sh" >&2; exit 1; }
export SOURCE_DATE_EPOCH=1769472000

copy_to=""
while [ $# -gt 0 ]; do
  case "$1" in
    --copy-to) copy_to=${2:?--copy-to needs a directory}; shift 2 ;;
    *) echo "build-openssl-fips.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

self=$here/$(basename "$0")
recipe=$(sha256sum "$self" | cut -c1-16)
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
dest=$cache/openssl-fips/$crate_version-$recipe
mkdir -p "$cache/openssl-fips"
files=(fips.so fipsmodule.cnf fips.properties)

copy_out() {
  [ -n "$copy_to" ] || return 0
  mkdir -p "$copy_to"
  local f same=true
  for f in "${files[@]}"; do cmp -s "$dest/$f" "$copy_to/$f" || same=false; done
  if $same; then
    echo "build-openssl-fips: $copy_to is up to date"
  else
    for f in "${files[@]}"; do cp "$dest/$f" "$copy_to/"; done
    echo "build-openssl-fips: copied ${files[*]} to $copy_to"
  fi
}

built() { for f in "${files[@]}"; do [ -f "$dest/$f" ] || return 1; done; }

if built; then
  echo "build-openssl-fips: cached at $dest"
  copy_out
  exit 0
fi

exec 9>"$cache/openssl-fips/.lock"
flock 9
if built; then
  echo "build-openssl-fips: built meanwhile by another process: $dest"
  copy_out
  exit 0
fi

[ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ] \
  || { echo "build-openssl-fips: only linux-x86_64 is supported" >&2; exit 1; }
for tool in cargo perl make gcc ar python3 flock; do
  command -v "$tool" >/dev/null || { echo "build-openssl-fips: '$tool' is needed" >&2; exit 1; }
done

started=$(date +%s)
work=$(mktemp -d "$cache/openssl-fips/.build.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The source, as build-openssl.sh fetches it.
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
manifest=$(cd "$work/crate" && cargo metadata --format-version 1 -q | python3 -c 'import json,sys
m = json.load(sys.stdin)
print([p for p in m["packages"] if p["name"] == "openssl-src"][0]["manifest_path"])')
src=$(dirname "$manifest")/openssl
[ -f "$src/providers/fips/fipsprov.c" ] \
  || { echo "build-openssl-fips: the crate's source has no providers/fips" >&2; exit 1; }
. "$src/VERSION.dat"
openssl_version=$MAJOR.$MINOR.$PATCH
echo "build-openssl-fips: building the FIPS provider of OpenSSL $openssl_version (minutes on 2 cores)"

# 2. Configure with enable-fips. The crate trims util/ (no mkdef.pl, providers.num or
#    mk-fipsmodule-cnf.pl): Configure only needs providers.num to exist (its one symbol is the
#    module's entry point), and the module is linked below with the version script mkdef.pl
#    would write. fipsmodule.cnf comes from `openssl fipsinstall`, as OpenSSL documents.
build=$work/openssl-$openssl_version
cp -R "$src" "$build"
chmod -R u+w "$build"
printf 'OSSL_provider_init                      1\t3_0_0\tEXIST::FUNCTION:\n' > "$build/util/providers.num"
jobs=$(nproc)
log=$work/build.log
(
  cd "$build"
  perl ./Configure linux-x86_64 \
    --prefix=/usr/local --openssldir=/usr/local/ssl --libdir=lib \
    no-shared enable-fips no-legacy no-tests no-docs no-demos no-fuzz-afl no-fuzz-libfuzzer \
    no-comp no-zlib no-zlib-dynamic no-ssl3 no-md2 no-rc5 no-weak-ssl-ciphers \
    -fPIC
  make -j"$jobs" build_generated
  make -j"$jobs" providers/libfips.a providers/fips/fips-dso-fips_entry.o apps/openssl
  printf '{\n  global:\n    OSSL_provider_init;\n  local: *;\n};\n' > providers/fips.ld
  gcc -shared -fPIC -o providers/fips.so -Wl,--version-script=providers/fips.ld \
    -Wl,--no-undefined -Wl,-z,noexecstack -Wl,-z,relro -Wl,-z,now -Wl,--build-id=sha1 \
    providers/fips/fips-dso-fips_entry.o providers/libfips.a -ldl -pthread
  # Computes the module MAC (HMAC-SHA256 of fips.so under the build's FIPS key), loads the
  # module, runs its self-tests once and writes the configuration on success.
  ./apps/openssl fipsinstall -module providers/fips.so -out providers/fipsmodule.cnf -provider_name fips
) > "$log" 2>&1 || { tail -40 "$log" >&2; echo "build-openssl-fips: the build failed (log above)" >&2; exit 1; }

out=$work/out
mkdir -p "$out"
cp "$build/providers/fips.so" "$build/providers/fipsmodule.cnf" "$out/"
grep -q '^INSTALL PASSED' "$log" \
  || { tail -20 "$log" >&2; echo "build-openssl-fips: fipsinstall did not pass" >&2; exit 1; }
sha=$(sha256sum "$out/fips.so" | cut -d' ' -f1)
cat > "$out/fips.properties" <<PROPS
# OpenSSL's FIPS provider module bundled in this jar, built by scripts/build-openssl-fips.sh.
# NOT a FIPS 140-3 validated module: the same source and self-tests, built here.
fips.openssl.version=$openssl_version
fips.crate.version=$crate_version
fips.module=fips.so
fips.config=fipsmodule.cnf
fips.sha256=$sha
fips.install=openssl fipsinstall -module fips.so -out fipsmodule.cnf (INSTALL PASSED; self-tests run at every load)
fips.validated=false
fips.recipe=$recipe
PROPS
cp "$log" "$out/build.log"
rm -rf "$dest"
mv "$out" "$dest"
echo "build-openssl-fips: built in $(( $(date +%s) - started )) s: $dest/fips.so ($(stat -c %s "$dest/fips.so") bytes, sha256 $sha)"
copy_out
