#!/usr/bin/env bash
# Apache Kerby (a Kerberos implementation in Java): its own unit and integration tests run twice
# on JDK 25: plain, and with AccelJCE first in the provider list (see common.sh for how). Kerby's
# crypto goes through the JCA by algorithm name: Kerberos encryption types (AES-CTS with
# HMAC-SHA1/SHA2, Camellia, DES3, RC4-HMAC), PBKDF2 string-to-key, HMAC/MD5/SHA checksums,
# PKINIT's PKIX/CMS, JWT tokens signed and encrypted with RSA and EC (through Nimbus JOSE), and a
# KDC that the JDK's own Kerberos client (GSS-API, JAAS Krb5LoginModule) talks to over loopback,
# so the JDK's Kerberos code also asks the provider list.
# The source is the release's source-release zip from Maven Central, fetched at run time.
#
# Apache MINA SSHD, Google Tink, jose4j and Spring Security were the first choices; none of them
# publishes its tests on Maven Central (SSHD's -tests.jar holds only test support classes), so
# Kerby it is: an Apache project whose source release is there.
#
#   scripts/real-suites/kerby.sh
#   RUNS=acceljce KERBY_VERSION=2.1.2 ACCELJCE_JAR=... RS_OFFLINE=1 ...
#   RS_TAG=x ...   # results and work tree under <project>-x (e.g. a second jar side by side)
#
# The storage back ends that need other servers' code (LDAP, ZooKeeper, MySQL, Mavibot) are left
# out with Kerby's own profile skipBackends, the benchmark and distribution modules with -pl
# '!...'; kerb-admin-server then cannot resolve (it needs the ZooKeeper back end) and is not run
# (-fae lets the rest go on). The GSS-API modules are built by Kerby on JDK 8 only (its profile).
# Takes about 7 minutes plain and 14 with AccelJCE (a JVM per test class, each paying AccelJCE's
# start-up) on 2 cores shared with other work. Not part of CI.
source "$(dirname "$0")/common.sh"

version=${KERBY_VERSION:-2.1.2}
project=kerby-$version${RS_TAG:+-$RS_TAG}
rs_lock "$project"
rs_prepare
zip=$(rs_fetch "org.apache.kerby:kerby-all:$version:zip:source-release" "kerby-all-$version-source-release.zip")
rs_say "source: $zip sha256 $(sha256sum "$zip" | cut -d' ' -f1)"
skip='!benchmark,!kerby-dist,!kerby-dist/kdc-dist,!kerby-dist/tool-dist'

for run in $RS_RUNS; do
  work="$RS_CACHE/work/$project/$run"
  rm -rf "$work"; mkdir -p "$work"
  (cd "$work" && unzip -q "$zip")
  src="$work/kerby-all-$version"
  [ -f "$src/pom.xml" ] || rs_die "no pom.xml in $src"
  log="$RS_CACHE/work/$project/$run.log"
  rs_say "$project: $run run, log $log"
  # Test failures do not stop the build (the reports say them); static checks are not run.
  (cd "$src" && JDK_JAVA_OPTIONS="$(rs_jdk_options "$run")" rs_mvn -fae test -PskipBackends -pl "$skip" -Dmaven.test.failure.ignore=true -Dpmd.skip=true \
      -Dcheckstyle.skip=true -Dspotbugs.skip=true -Drat.skip=true -Denforcer.skip=true) >"$log" 2>&1 \
    || rs_say "$project $run: Maven ended with an error (see $log); reports so far are kept"
  reports=$(cd "$src" && find . -type d -name surefire-reports -path '*/target/*' | sed 's#^\./##')
  # shellcheck disable=SC2086
  rs_collect "$project" "$run" "$src" "$log" $reports
done
rs_summarize "$project"
