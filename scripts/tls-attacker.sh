#!/usr/bin/env bash
# TLS-Attacker 3.7.0 against AccelJCE-TLS and SunJSSE (docs/hardening.md section 8): every attack
# and probe, RSA-2048 and ECDSA P-256 certificates, each stack's default suites and the legacy list
# (CBC and RSA key exchange), servers on 127.0.0.1 in JVMs of their own. Writes a Markdown table;
# exit status 1 when AccelJCE-TLS shows a finding SunJSSE does not, a server died or AccelJCE left a
# native object behind. About 15-25 minutes on 2 cores. Then the client side: TLS-Attacker as a
# hostile server (RSA-2048) against an AccelJCE-TLS client and a SunJSSE client (under a minute).
# Usage: ./scripts/tls-attacker.sh [--out FILE] [--keys rsa2048,ec256] [--suites defaults,legacy]
#                                  [--checks padding_oracle,probe,client,...]   (name parts)
#                                  [--side server|client|both]   (default both)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
JAVA_HOME=$("$root/scripts/find-jdk.sh")
mkdir -p target
cp_file=$root/attack/target/run.classpath
# build the module and its reactor dependencies (no tests), then its class path
if ! "$root/scripts/mvn.sh" -q -DskipTests package dependency:build-classpath -pl attack -am \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=runtime >"$root/target/tls-attacker-build.log" 2>&1; then
  tail -n 40 "$root/target/tls-attacker-build.log" >&2
  exit 1
fi
# TLS-Attacker 3.7.0 on JDK 25: the javax.security.cert shim on the boot class path (see
# X509V1CertImpl), and the reflective access its early_ccs check needs
exec "$JAVA_HOME/bin/java" -Xbootclasspath/a:"$root/attack/target/x509v1-compat-x509v1-compat.jar" \
  --enable-native-access=ALL-UNNAMED --add-opens java.base/javax.crypto.spec=ALL-UNNAMED \
  -cp "$root/attack/target/classes:$(cat "$cp_file")" dev.acceljce.attack.AttackMain \
  --out "$root/attack/target/tls-attacker-report.md" "$@"
