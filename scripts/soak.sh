#!/usr/bin/env bash
# Native-memory soak: N operations per family (default 10 million; slow families run N/weight),
# with the live native-object count and VmRSS printed per family and checked for growth.
# Usage: ./scripts/soak.sh [operations] [family]   (CI runs the same test with 200,000)
#        ./scripts/soak.sh 80000000 X25519   (only the families whose name contains X25519)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ops=${1:-10000000}
only=${2:-}
exec "$root/scripts/mvn.sh" verify -pl provider -am -Dtest=NativeSoakTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dacceljce.test.skipSystemRun=true "-Dacceljce.test.jvmArgs=-Dacceljce.soak.ops=$ops -Dacceljce.soak.only=$only"
