#!/usr/bin/env bash
# Fuzzes AccelJCE with Jazzer (module fuzz/): each target in a JVM of its own, after replaying its
# kept inputs. New findings are written to fuzz/src/test/resources/dev/acceljce/fuzz/<Target>Inputs/.
# Usage: ./scripts/fuzz.sh [target|all] [duration]   e.g. ./scripts/fuzz.sh CipherFuzzTest 10m
#        ./scripts/fuzz.sh all 2m    (the build itself replays, then fuzzes every target for a
#                                     fixed 3,000 runs from a fixed seed: repeatable in CI)
#        OPENSSL=bundled ./scripts/fuzz.sh SignatureFuzzTest 5m
#                                    (on the bundled OpenSSL 3.5, the default library; without it
#                                     every target but KemFuzzTest uses the system's libcrypto)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:-all}
duration=${2:-5m}
[ "$target" = all ] && target='*FuzzTest'
exec "$root/scripts/mvn.sh" verify -pl openssl-bundle,provider,fuzz -Dtest="$target" -Dsurefire.failIfNoSpecifiedTests=false \
  -Dacceljce.test.skipSystemRun=true -Dacceljce.fuzz=1 -Dacceljce.fuzz.seed=0 -Dacceljce.fuzz.runs=-1 \
  "-Dacceljce.fuzz.duration=$duration" \
  "-Dacceljce.fuzz.systemOpenssl=$([ "${OPENSSL:-system}" = bundled ] && echo false || echo true)"
