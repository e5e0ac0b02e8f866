#!/usr/bin/env bash
# Builds the bundled AWS-LC libcrypto and libssl for linux-x86_64 (natively) or linux-aarch64
# (cross-compiled with Debian's aarch64-linux-gnu toolchain) from the `aws-lc-sys` crate's source
# (crates.io, fetched with cargo) into a cache outside the repository:
#
#   ${ACCELJCE_CACHE:-~/.cache/acceljce}/awslc/<crate version>-<recipe hash>[-linux-aarch64]/
#       libawslc.so          libcrypto (soname libacceljce-awslc.so.<version>)
#       awslc.properties     AWS-LC version, crate version, symbol prefix, sha256 of the library
#       libawslc-ssl.so      libssl, the TLS stack (soname libacceljce-awslc-ssl.so.<version>),
#                            linked to the libcrypto above by its soname
#       awslc-ssl.properties the same facts for libssl
#       LICENSE-AWS-LC       AWS-LC's license texts (AWS-LC, BoringSSL, OpenSSL, third parties)
#       build.log            the full cmake/make output of the build that made it
#
# AWS-LC and OpenSSL export the same names (EVP_*, EC_KEY_*, ...). This library lives in one
# process beside the bundled OpenSSL because every symbol it defines carries the crate's prefix
# (aws_lc_<crate version>_EVP_...): BORINGSSL_PREFIX with the prefix headers the crate ships, so
# neither Go nor Perl is needed (the crate carries the generated assembler). Step 3 checks that
# no unprefixed symbol is exported.
# libssl's C API (SSL_*, TLS_*, ...) is not in the crate's prefix list, so those names stay as
# they are: they cannot collide with libcrypto's, libssl reaches libcrypto only through prefixed
# names, it is linked with -Bsymbolic (its own calls bind to itself) and AccelJCE opens it
# RTLD_LOCAL and looks each symbol up in it alone. Its C++ internals are in a prefixed namespace.
# Step 3 checks that it exports nothing beyond those two kinds of names.
#
# The recipe hash is the sha256 of this script, so changing how AWS-LC is built rebuilds it.
# Idempotent: when the cache has the library this only prints where it is (and copies it).
# Both targets share one recipe, as in build-openssl.sh: the same source, options, hardening and
# link flags; only the compiler (a CMake cross toolchain for aarch64) differs. Each uses the
# crate's pre-generated assembler for its architecture (AES, GHASH/PMULL, SHA, ChaCha20, P-256,
# X25519 for ARMv8), chosen at run time by what the CPU reports.
#
# Usage: scripts/build-awslc.sh [--target linux-x86_64|linux-aarch64] [--copy-to DIR]
#   --target T      the platform to build for (default linux-x86_64). linux-aarch64 needs an
#                   x86-64 Debian/Ubuntu host: the cross compiler (gcc-aarch64-linux-gnu) and
#                   qemu-user (to check that the built library loads) are installed with apt-get
#                   when missing
#   --copy-to DIR   also copy libawslc.so, awslc.properties and LICENSE-AWS-LC into DIR (the
#                   bundle module's resources); skipped when DIR already holds the same files
set -euo pipefail

# The one place the bundled AWS-LC version is pinned (aws-lc-sys 0.47.0 carries AWS-LC 5.12.0).
crate_version=0.47.0

copy_to=""
target=linux-x86_64
while [ $# -gt 0 ]; do
  case "$1" in
    --target) target=${2:?--target needs a platform}; shift 2 ;;
    --copy-to) copy_to=${2:?--copy-to needs a directory}; shift 2 ;;
    *) echo "build-awslc.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$target" in
  linux-x86_64) suffix="" ;;
  linux-aarch64) suffix=-$target ;;
  *) echo "build-awslc: unknown target $target (linux-x86_64 or linux-aarch64)" >&2; exit 2 ;;
esac

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
recipe=$(sha256sum "$self" | cut -c1-16)
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
dest=$cache/awslc/$crate_version-$recipe$suffix
outputs="libawslc.so awslc.properties libawslc-ssl.so awslc-ssl.properties LICENSE-AWS-LC"
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
  || { echo "build-awslc: only a linux-x86_64 host is supported (this is $(uname -s)-$(uname -m))" >&2; exit 1; }
# What differs per target: the compilers CMake is given, the tool prefix, the dynamic linker the
# library may need, and how the built library is loaded to check it (directly, or under qemu-user
# with the cross sysroot).
missing=()
# cmake is the one tool a fresh Debian machine may lack for the native build
command -v cmake >/dev/null || missing+=(cmake)
[ -n "${cross:-}" ] || command -v g++ >/dev/null || missing+=(g++)
case "$target" in
  linux-x86_64)
    cross="" run=() cmake_target=() loader=ld-linux-x86-64.so.2 ;;
  linux-aarch64)
    sysroot=/usr/aarch64-linux-gnu
    cross=aarch64-linux-gnu- run=(qemu-aarch64 -L "$sysroot") loader=ld-linux-aarch64.so.1
    # CMake told it cross-compiles: the aarch64 C compiler and binutils. CMAKE_SYSTEM_PROCESSOR
    # aarch64 turns on AWS-LC's ARMv8 assembler (ARCH aarch64 in its CMakeLists.txt). libssl is
    # C++ (built without exceptions or RTTI; it needs no libstdc++ at run time), so the cross C++
    # compiler too; nothing is looked up in the sysroot.
    cmake_target=(-DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64
      -DCMAKE_C_COMPILER=${cross}gcc -DCMAKE_CXX_COMPILER=${cross}g++ -DCMAKE_ASM_COMPILER=${cross}gcc
      -DCMAKE_AR="$(command -v ${cross}ar || echo ${cross}ar)" -DCMAKE_RANLIB="$(command -v ${cross}ranlib || echo ${cross}ranlib)")
    command -v ${cross}gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
    command -v ${cross}g++ >/dev/null || missing+=(g++-aarch64-linux-gnu)
    command -v qemu-aarch64 >/dev/null || missing+=(qemu-user) ;;
esac
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null \
    || { echo "build-awslc: needs ${missing[*]} (Debian packages) and there is no apt-get" >&2; exit 1; }
  echo "build-awslc: installing ${missing[*]}" >&2
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >/dev/null \
    || { echo "build-awslc: could not install ${missing[*]} (not root? try sudo)" >&2; exit 1; }
fi
for tool in cargo cmake make "${cross}gcc" "${cross}g++" "${cross}nm" "${cross}readelf" python3 flock ${run[0]:+"${run[0]}"}; do
  command -v "$tool" >/dev/null || { echo "build-awslc: '$tool' is needed to build AWS-LC for $target" >&2; exit 1; }
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
echo "build-awslc: building AWS-LC $awslc_version (prefix ${prefix}_) for $target from aws-lc-sys $crate_version"
echo "build-awslc: log in $dest/build.log once done; this takes a few minutes on 2 cores"

# 2. Configure and build the shared libcrypto from a copy of the source (the registry's copy
#    stays untouched). Paths compiled into the library (__FILE__ in error records, assert
#    messages) are mapped to /aws-lc, so the bytes do not depend on where the cache is.
#    DISABLE_GO/DISABLE_PERL: the crate ships the generated assembler and error tables.
#    libcrypto and libssl; no tool/ (the crate leaves it out) and no tests. Release: -O3, no
#    debug info.
#    Hardening as in build-openssl.sh: non-executable stack, full RELRO, immediate binding,
#    a build id. -Bsymbolic: internal calls bind to this library whatever sits in the global
#    scope (the prefix already makes the names unique; this makes it independent of that).
src=$work/src
mkdir -p "$src"
cp -R "$crate_dir/aws-lc" "$src/aws-lc"
cp -R "$crate_dir/generated-include" "$src/generated-include"
chmod -R u+w "$src"
soname=libacceljce-awslc.so.$awslc_version
ssl_soname=libacceljce-awslc-ssl.so.$awslc_version
jobs=$(nproc)
log=$work/build.log
map="-ffile-prefix-map=$src=/aws-lc-src -ffile-prefix-map=$work=/aws-lc-build"
(
  set -x
  cmake -S "$src/aws-lc" -B "$work/build" -DCMAKE_BUILD_TYPE=Release ${cmake_target[@]+"${cmake_target[@]}"} \
    -DBUILD_SHARED_LIBS=ON -DBUILD_TOOL=OFF -DBUILD_LIBSSL=ON -DBUILD_TESTING=OFF \
    -DDISABLE_GO=ON -DDISABLE_PERL=ON \
    -DBORINGSSL_PREFIX="$prefix" -DBORINGSSL_PREFIX_HEADERS="$src/generated-include" \
    -DCMAKE_C_FLAGS="$map" -DCMAKE_CXX_FLAGS="$map" -DCMAKE_ASM_FLAGS="$map" \
    -DCMAKE_SHARED_LINKER_FLAGS="-Wl,-z,noexecstack -Wl,-z,relro -Wl,-z,now -Wl,-Bsymbolic -Wl,--build-id=sha1 -Wl,--no-undefined"
  # CMake names each library by its file (libcrypto.so, libssl.so); give them sonames of their
  # own, distinct from OpenSSL's, by editing the link command CMake generated for each. libssl
  # is linked after, against the renamed libcrypto, so it records that soname as NEEDED.
  link=$work/build/crypto/CMakeFiles/crypto.dir/link.txt
  grep -q -- '-Wl,-soname,libcrypto.so' "$link"
  sed -i "s/-Wl,-soname,libcrypto\.so/-Wl,-soname,$soname/" "$link"
  ssl_link=$work/build/ssl/CMakeFiles/ssl.dir/link.txt
  grep -q -- '-Wl,-soname,libssl.so' "$ssl_link"
  sed -i "s/-Wl,-soname,libssl\.so/-Wl,-soname,$ssl_soname/" "$ssl_link"
  make -C "$work/build" -j"$jobs" crypto ssl
) > "$log" 2>&1 || { tail -40 "$log" >&2; echo "build-awslc: the AWS-LC build failed (log above)" >&2; exit 1; }
out=$work/out
mkdir -p "$out"
cp "$work/build/crypto/libcrypto.so" "$out/libawslc.so"
cp "$work/build/ssl/libssl.so" "$out/libawslc-ssl.so"
cp "$crate_dir/aws-lc/LICENSE" "$out/LICENSE-AWS-LC"

# 3. Check the result: each library's soname, that it needs nothing but glibc (libssl: and this
#    libcrypto) and is linked as the hardening above asks, that every symbol libcrypto exports
#    carries the prefix and libssl exports only its C API and prefixed internals, and, from a
#    small program of the target linked to both (run under qemu-user for aarch64), the version
#    libcrypto reports, that it runs its assembler (CRYPTO_has_asm: false in a build that fell
#    back to generic C), and that libssl makes a context offering the hybrid post-quantum groups.
lib=$out/libawslc.so
ssl_lib=$out/libawslc-ssl.so
check_linking() { # library, expected soname, a library it may need besides glibc (or "")
  local file=$1 want=$2 also=$3 got n
  got=$("${cross}readelf" -d "$file" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [ "$got" = "$want" ] || { echo "build-awslc: $(basename "$file")'s soname is '$got', expected $want" >&2; exit 1; }
  for n in $("${cross}readelf" -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    case "$n" in libc.so.6|"$loader"|libpthread.so.0|libdl.so.2) ;;
      "$also") [ -n "$also" ] || exit 1 ;;
      *) echo "build-awslc: $(basename "$file") needs $n; only glibc${also:+ and $also} is expected" >&2; exit 1 ;; esac
  done
  "${cross}readelf" -d "$file" | grep -q 'BIND_NOW' || { echo "build-awslc: $(basename "$file") is not linked with -z now" >&2; exit 1; }
  "${cross}readelf" -d "$file" | grep -q 'SYMBOLIC' || { echo "build-awslc: $(basename "$file") is not linked with -Bsymbolic" >&2; exit 1; }
  "${cross}readelf" -l "$file" | grep -q 'GNU_RELRO' || { echo "build-awslc: $(basename "$file") is not linked with -z relro" >&2; exit 1; }
  "${cross}readelf" -l "$file" | grep -A1 'GNU_STACK' | grep -q ' RW ' \
    || { echo "build-awslc: $(basename "$file")'s stack is not marked non-executable" >&2; exit 1; }
}
check_linking "$lib" "$soname" ""
check_linking "$ssl_lib" "$ssl_soname" "$soname"
glibc_minimum=$("${cross}readelf" -V "$lib" "$ssl_lib" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
exported=$("${cross}nm" -D --defined-only "$lib" | awk '{ print $3 }')
unprefixed=$(grep -v "^${prefix}_" <<<"$exported" | grep -v -E '^(_init|_fini)$' || true)
[ -z "$unprefixed" ] \
  || { echo "build-awslc: symbols without the prefix ${prefix}_: $(head -5 <<<"$unprefixed" | tr '\n' ' ')" >&2; exit 1; }
symbols=$(wc -l <<<"$exported")
for sym in awslc_version_string OpenSSL_version CRYPTO_has_asm EVP_AEAD_CTX_seal EVP_aead_xchacha20_poly1305 ED25519_sign X25519; do
  grep -qx "${prefix}_$sym" <<<"$exported" || { echo "build-awslc: ${prefix}_$sym is not exported" >&2; exit 1; }
done
# libssl's C API, as ssl.h names it; C++ internals live in namespace bssl::<prefix>.
ssl_exported=$("${cross}nm" -D --defined-only "$ssl_lib" | awk '{ print $3 }')
ssl_api='^(SSL|SSLv23|TLS|TLSv1|DTLS|DTLSv1)_|^(BIO_f_ssl|BIO_get_ssl|BIO_new_ssl|BIO_new_ssl_connect|BIO_set_ssl|ERR_load_SSL_strings|OPENSSL_init_ssl)$|^(PEM_read|PEM_read_bio|PEM_write|PEM_write_bio|d2i|i2d)_SSL_SESSION(_bio)?$'
ssl_other=$(grep -v -E "$ssl_api" <<<"$ssl_exported" | grep -v -E "^_ZN4bssl${#prefix}${prefix}|^_Z37tls_print_all_supported_cipher_suitesb$|^(_init|_fini)$" || true)
[ -z "$ssl_other" ] \
  || { echo "build-awslc: libssl exports names outside its API: $(head -5 <<<"$ssl_other" | tr '\n' ' ')" >&2; exit 1; }
ssl_symbols=$(wc -l <<<"$ssl_exported")
for sym in SSL_CTX_new SSL_new SSL_do_handshake SSL_set_bio BIO_new_bio_pair SSL_set_private_key_method \
    SSL_set_custom_verify SSL_CTX_set_cert_cb SSL_CTX_set1_groups_list SSL_get_negotiated_group; do
  case "$sym" in BIO_new_bio_pair) grep -qx "${prefix}_$sym" <<<"$exported" ;; *) grep -qx "$sym" <<<"$ssl_exported" ;; esac \
    || { echo "build-awslc: $sym is not exported" >&2; exit 1; }
done
cat > "$work/version.c" <<C
#include <stdio.h>
typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_method_st SSL_METHOD;
const char *${prefix}_OpenSSL_version(int);
int ${prefix}_CRYPTO_has_asm(void);
int ${prefix}_EVP_has_aes_hardware(void);
const SSL_METHOD *TLS_method(void);
SSL_CTX *SSL_CTX_new(const SSL_METHOD *);
int SSL_CTX_set1_groups_list(SSL_CTX *, const char *);
void SSL_CTX_free(SSL_CTX *);
int main(void) {
  SSL_CTX *ctx = SSL_CTX_new(TLS_method());
  int groups = ctx != NULL && SSL_CTX_set1_groups_list(ctx, "X25519MLKEM768:SecP256r1MLKEM768:SecP384r1MLKEM1024:X25519:P-256:P-384");
  SSL_CTX_free(ctx);
  printf("%d %d %d %s\n", groups, ${prefix}_CRYPTO_has_asm(), ${prefix}_EVP_has_aes_hardware(), ${prefix}_OpenSSL_version(0));
  return 0;
}
C
mkdir -p "$work/lib" && ln -s "$lib" "$work/lib/$soname" && ln -s "$ssl_lib" "$work/lib/$ssl_soname"
"${cross}gcc" -o "$work/version" "$work/version.c" "$work/lib/$ssl_soname" "$work/lib/$soname"
read -r ssl_groups has_asm aes_hardware version_text < <(LD_LIBRARY_PATH=$work/lib ${run[@]+"${run[@]}"} "$work/version")
case "$version_text" in
  "AWS-LC $awslc_version"|*"AWS-LC $awslc_version)") ;;
  *) echo "build-awslc: the library reports '$version_text', expected AWS-LC $awslc_version" >&2; exit 1 ;;
esac
[ "$has_asm" = 1 ] || { echo "build-awslc: the library was built without its assembler (CRYPTO_has_asm = $has_asm)" >&2; exit 1; }
[ "$ssl_groups" = 1 ] || { echo "build-awslc: libssl refused the hybrid groups X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024" >&2; exit 1; }
sha=$(sha256sum "$lib" | cut -d' ' -f1)
cat > "$out/awslc.properties" <<PROPS
# The AWS-LC libcrypto bundled in this jar, built by scripts/build-awslc.sh.
awslc.version=$awslc_version
awslc.versionText=$version_text
crate=aws-lc-sys
crate.version=$crate_version
platform=$target
glibc.minimum=$glibc_minimum
library=libawslc.so
soname=$soname
symbolPrefix=${prefix}_
exportedSymbols=$symbols
sha256=$sha
recipe=$recipe
PROPS
ssl_sha=$(sha256sum "$ssl_lib" | cut -d' ' -f1)
cat > "$out/awslc-ssl.properties" <<PROPS
# The AWS-LC libssl bundled in this jar, built by scripts/build-awslc.sh with awslc.properties'
# libcrypto, which it needs (by soname) and must be loaded first.
awslc-ssl.version=$awslc_version
awslc-ssl.versionText=$version_text
crate=aws-lc-sys
crate.version=$crate_version
platform=$target
library=libawslc-ssl.so
soname=$ssl_soname
needs=$soname
symbolPrefix=${prefix}_
exportedSymbols=$ssl_symbols
sha256=$ssl_sha
recipe=$recipe
PROPS
cp "$log" "$out/build.log"
rm -rf "$dest"
mv "$out" "$dest"
echo "build-awslc: built $version_text for $target in $(( $(date +%s) - started )) s on $jobs cores:" \
  "$dest/libawslc.so ($(stat -c %s "$dest/libawslc.so") bytes, $symbols symbols, assembler on," \
  "libawslc-ssl.so $(stat -c %s "$dest/libawslc-ssl.so") bytes with the hybrid groups," \
  "AES instructions $([ "$aes_hardware" = 1 ] && echo used || echo absent) on this ${cross:+emulated }CPU, sha256 $sha)"
copy_out
