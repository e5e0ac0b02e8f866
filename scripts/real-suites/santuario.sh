#!/usr/bin/env bash
# Apache Santuario (XML Security for Java): its own unit test suite (1,303 tests in 4.0.4, the
# DOM and StAX XML signature and encryption APIs over the JCA: RSA, ECDSA, EdDSA, HMAC, AES-GCM/
# CBC/KW, RSA-OAEP, key agreement, KeyStore JKS/PKCS#12) run twice on JDK 25: plain, and with
# AccelJCE first in the provider list (see common.sh for how). The source is the release's
# source-release zip from Maven Central, fetched at run time and cached; nothing is committed.
#
#   scripts/real-suites/santuario.sh                 # both runs, then the table and the differences
#   RUNS=acceljce scripts/real-suites/santuario.sh   # one run again (the table uses the last of each)
#   XMLSEC_VERSION=4.0.4 ACCELJCE_JAR=... RS_OFFLINE=1 ...
#   RS_TAG=x ...   # results and work tree under <project>-x (e.g. a second jar side by side)
#
# Takes about 22-23 minutes per run on 2 cores shared with other work (plus ~3 minutes for
# AccelJCE's build when the native libraries are cached, a few minutes of dependency downloads the
# first time). Not part of CI.
# The project's surefire forks one JVM per test class (reuseForks=false), which is most of the time.
source "$(dirname "$0")/common.sh"

version=${XMLSEC_VERSION:-4.0.4}
project=santuario-xmlsec-$version${RS_TAG:+-$RS_TAG}
rs_lock "$project"
rs_prepare
zip=$(rs_fetch "org.apache.santuario:xmlsec:$version:zip:source-release" "xmlsec-$version-source-release.zip")
rs_say "source: $zip sha256 $(sha256sum "$zip" | cut -d' ' -f1)"

for run in $RS_RUNS; do
  work="$RS_CACHE/work/$project/$run"
  rm -rf "$work"; mkdir -p "$work"
  (cd "$work" && unzip -q "$zip")
  src="$work/xmlsec-$version"
  [ -f "$src/pom.xml" ] || rs_die "no pom.xml in $src"
  log="$RS_CACHE/work/$project/$run.log"
  rs_say "$project: $run run, log $log"
  # The project's own build minus coverage and static checks (jacoco, PMD, modernizer): they
  # do not change what the tests do. Test failures do not stop the build; the reports say them.
  (cd "$src" && JDK_JAVA_OPTIONS="$(rs_jdk_options "$run")" rs_mvn test -Djacoco.skip=true -Dpmd.skip=true -Dmodernizer.skip=true \
      -Dmaven.test.failure.ignore=true) >"$log" 2>&1 \
    || rs_say "$project $run: Maven ended with an error (see $log); reports so far are kept"
  rs_collect "$project" "$run" "$src" "$log" target/surefire-reports
done
rs_summarize "$project"
