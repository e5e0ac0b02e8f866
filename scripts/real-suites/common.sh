# Shared part of the scripts that run other projects' own test suites twice on JDK 25: plain, and
# with AccelJCE first in the provider list. Sourced by santuario.sh and kerby.sh; not run alone.
#
# How AccelJCE gets into a suite's test JVMs (what works, and why): the environment variable
# JDK_JAVA_OPTIONS, which every `java` launcher of JDK 9+ reads, set for the AccelJCE run to
#     -Xbootclasspath/a:JAR --enable-native-access=ALL-UNNAMED -Djava.security.properties=FILE
#   - JAR is provider/target/acceljce-provider-*-linux-x86_64.jar (the provider and the bundled
#     natives in one file); FILE, written here, amends the JDK's java.security (one "=") with
#     security.provider.1=AccelJCE followed by the JDK's own providers in their order.
#   - Why not surefire's own knobs: tried first, both failed silently (AccelJCE was simply not
#     there, the JDK skips a listed provider it cannot find): surefire 3.5 ignored
#     -Dmaven.test.additionalClasspath in both suites (the jar never reached the test class path
#     or module path), and Santuario's build replaces a command-line -DargLine (jacoco's
#     prepare-agent, even skipped, sets argLine to empty). The launcher's environment variable
#     reaches every forked test JVM whatever the pom says; the class path cannot be extended that
#     way (surefire's own --class-path comes later and wins), the boot class path can.
#   - On the boot class path the provider is loaded by the boot loader into its unnamed module;
#     the JDK's ServiceLoader lookup by name ("AccelJCE") finds it there, the bundled libraries
#     load as resources, and --enable-native-access=ALL-UNNAMED covers it. Checked by the
#     preflight below (AccelJCE first, serving SHA256withECDSA) and in every test report of the
#     AccelJCE run (summarize.py: java.security.properties among the test JVM's properties, and
#     each JVM's "Picked up JDK_JAVA_OPTIONS" line in Maven's log). A deployment would rather use
#     the class path or module path; to run someone else's build unchanged, this is what works.
#   - Maven's own JVM reads the variable too, so it also runs with AccelJCE first (downloads,
#     checksums, the compiler): harmless, and more use.
#
# Everything downloaded is cached under ~/.cache/acceljce/real-suites/ (downloads/, work/,
# results/); a lock there keeps two runs from sharing a work tree. Maven runs with -T1 (the
# machine is shared); RS_OFFLINE=1 adds -o once the dependencies are cached.

set -euo pipefail

RS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RS_CACHE=${RS_CACHE:-$HOME/.cache/acceljce/real-suites}
RS_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
JAVA_HOME=$("$RS_ROOT/scripts/find-jdk.sh")
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
RS_RUNS=${RUNS:-plain acceljce}

rs_say() { echo "[real-suites] $*" >&2; }
rs_die() { echo "[real-suites] ERROR: $*" >&2; exit 1; }

# rs_lock NAME: one run per project at a time (waits, saying so).
rs_lock() {
  mkdir -p "$RS_CACHE"
  exec 9>"$RS_CACHE/$1.lock"
  if ! flock -n 9; then
    rs_say "another run of $1 holds $RS_CACHE/$1.lock; waiting"
    flock 9
  fi
}

rs_mvn() { mvn -B -ntp -T1 ${RS_OFFLINE:+-o} "$@"; }

# rs_build_jar: builds AccelJCE's one jar (provider + bundled natives) unless ACCELJCE_JAR names one.
rs_build_jar() {
  if [ -n "${ACCELJCE_JAR:-}" ]; then
    [ -f "$ACCELJCE_JAR" ] || rs_die "ACCELJCE_JAR=$ACCELJCE_JAR does not exist"
  else
    rs_say "building AccelJCE's jar (./scripts/mvn.sh -DskipTests package -pl provider -am)"
    "$RS_ROOT/scripts/mvn.sh" -q -DskipTests package -pl provider -am >"$RS_CACHE/build-acceljce.log" 2>&1 \
      || rs_die "AccelJCE's build failed; see $RS_CACHE/build-acceljce.log"
    ACCELJCE_JAR=$(ls "$RS_ROOT"/provider/target/acceljce-provider-*-linux-x86_64.jar 2>/dev/null | head -1)
    [ -n "$ACCELJCE_JAR" ] || rs_die "no provider/target/acceljce-provider-*-linux-x86_64.jar after the build"
  fi
  # ACCELJCE_JAR_COMMIT names the commit a given ACCELJCE_JAR was built from (recorded with the results)
  if [ -n "${ACCELJCE_JAR_COMMIT:-}" ]; then
    RS_ACCELJCE_COMMIT=$ACCELJCE_JAR_COMMIT
  else
    RS_ACCELJCE_COMMIT=$(git -C "$RS_ROOT" rev-parse --short HEAD)
    git -C "$RS_ROOT" diff --quiet HEAD -- provider 2>/dev/null || RS_ACCELJCE_COMMIT="$RS_ACCELJCE_COMMIT+changes"
  fi
  export ACCELJCE_JAR RS_ACCELJCE_COMMIT
  rs_say "AccelJCE jar: $ACCELJCE_JAR (commit $RS_ACCELJCE_COMMIT)"
}

# rs_fetch GROUP:ARTIFACT:VERSION[:TYPE[:CLASSIFIER]] FILE -> path of FILE in the download cache.
# Through Maven's own client (dependency:copy), from Maven Central; a 404 there is final.
rs_fetch() {
  local gav=$1 file=$2 dir="$RS_CACHE/downloads"
  mkdir -p "$dir"
  if [ ! -s "$dir/$file" ]; then
    rs_say "fetching $gav"
    (cd "$dir" && rs_mvn -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
        -Dartifact="$gav" -DoutputDirectory="$dir" -Dmdep.overWriteReleases=false >"$dir/$file.fetch.log" 2>&1) \
      || rs_die "could not fetch $gav (see $dir/$file.fetch.log)"
  fi
  [ -s "$dir/$file" ] || rs_die "$gav fetched, but $dir/$file is missing"
  echo "$dir/$file"
}

# rs_security_file FILE: the JDK's provider list with AccelJCE first.
rs_security_file() {
  local out=$1 n=2
  {
    echo "# AccelJCE first, then the JDK's providers in the JDK's order (written by scripts/real-suites)"
    echo "security.provider.1=AccelJCE"
    sed -n 's/^security\.provider\.[0-9]*=//p' "$JAVA_HOME/conf/security/java.security" | while read -r p; do
      echo "security.provider.$n=$p"; n=$((n + 1))
    done
  } >"$out"
}

# rs_preflight FILE: proves, outside any suite, that the jar and FILE make AccelJCE the first provider.
rs_preflight() {
  local sec=$1 src="$RS_CACHE/Preflight.java"
  cat >"$src" <<'JAVA'
public class Preflight {
    public static void main(String[] a) throws Exception {
        java.security.Provider first = java.security.Security.getProviders()[0];
        String sig = java.security.Signature.getInstance("SHA256withECDSA").getProvider().getName();
        System.out.println(first.getName() + " " + sig);
        if (!first.getName().equals("AccelJCE") || !sig.equals("AccelJCE")) System.exit(1);
    }
}
JAVA
  JDK_JAVA_OPTIONS="$(rs_jdk_options acceljce)" java "$src" >/dev/null 2>&1 \
    || rs_die "preflight: AccelJCE is not the first provider with $sec and $ACCELJCE_JAR"
  rs_say "preflight: AccelJCE is the first provider and serves SHA256withECDSA"
}

# rs_jdk_options RUN: JDK_JAVA_OPTIONS of every JVM of this run (Maven's and the test JVMs).
rs_jdk_options() {
  case $1 in
    plain) echo "" ;;
    acceljce) echo "-Xbootclasspath/a:$ACCELJCE_JAR --enable-native-access=ALL-UNNAMED -Djava.security.properties=$RS_CACHE/acceljce.security" ;;
    *) rs_die "unknown run $1 (plain or acceljce)" ;;
  esac
}

# rs_prepare: the jar, the security file and the preflight, once per invocation.
rs_prepare() {
  rs_build_jar
  rs_security_file "$RS_CACHE/acceljce.security"
  rs_preflight "$RS_CACHE/acceljce.security"
}

# rs_collect PROJECT RUN WORKDIR LOG REPORTS_GLOB...: copies a run's surefire reports to results/.
rs_collect() {
  local project=$1 run=$2 work=$3 log=$4; shift 4
  local dest="$RS_CACHE/results/$project/$run"
  rm -rf "$dest"; mkdir -p "$dest/reports"
  local d
  for d in "$@"; do
    [ -d "$work/$d" ] && cp "$work/$d"/TEST-*.xml "$dest/reports/" 2>/dev/null || true
  done
  cp "$log" "$dest/maven.log"
  {
    echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
    echo "acceljce_commit=${RS_ACCELJCE_COMMIT:-}"
    echo "jdk=$(java -version 2>&1 | head -1)"
    echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
  } >"$dest/run.properties"
  rs_say "$project $run: $(ls "$dest/reports" | wc -l) report files in $dest"
}

rs_summarize() { python3 "$RS_HERE/summarize.py" "$RS_CACHE/results/$1"; }
