#!/usr/bin/env bash
# The SFTP/SCP throughput table of docs/ssh.md: builds the ssh module (and what it needs), then runs
# dev.acceljce.ssh.throughput.SshThroughput, which copies a file per cipher and MAC with OpenSSH,
# MINA SSHD on the JDK's providers and MINA SSHD on AccelJCE, each pinned to one CPU, and writes
# target/ssh-throughput/ssh-throughput.md (+ .tsv, and a PNG chart per protocol).
# Arguments go to SshThroughput, e.g.: --size-mib 512 --runs 5 --protocols SFTP
# Needs OpenSSH (apt-get install -y openssh-server openssh-client; installed on first use as root).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=$("$root/scripts/find-jdk.sh")
cd "$root"
mkdir -p target
# one reactor build (nothing installed in ~/.m2); the last module to write the class path file is ssh
"$root/scripts/mvn.sh" -q -pl ssh -am -DskipTests package dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$root/ssh/target/runtime-classpath.txt" >target/ssh-throughput-build.log 2>&1 \
  || { tail -n 40 target/ssh-throughput-build.log >&2; exit 1; }
# AccelJCE from this tree's build, not from ~/.m2 (shared: another build may replace it mid-run);
# no test-scope jars (Bouncy Castle on the class path would change MINA's default providers)
deps=$(tr ':' '\n' <"$root/ssh/target/runtime-classpath.txt" | grep -v -e '/dev/acceljce/' -e bouncycastle -e junit -e opentest4j -e apiguardian | paste -sd: -)
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
  -cp "$root/ssh/target/classes:$root/provider/target/classes:$root/openssl-bundle/target/classes:$deps" \
  dev.acceljce.ssh.throughput.SshThroughput --out "$root/target/ssh-throughput" "$@"
