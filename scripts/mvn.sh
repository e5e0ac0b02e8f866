#!/usr/bin/env bash
# Runs Maven on a JDK >= 25 (found by find-jdk.sh), in batch mode, from the repository root.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=$("$root/scripts/find-jdk.sh")
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
# Maven 3.8's bundled Guava uses sun.misc.Unsafe; silence JDK 25's warning about it.
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$root"
exec mvn -B -ntp "$@"
