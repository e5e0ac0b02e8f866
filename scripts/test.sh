#!/usr/bin/env bash
# Runs every test: fetches the Wycheproof vectors (cached), then builds and tests all modules.
# On linux-x86_64 that builds the bundled OpenSSL 3.5 first (scripts/build-openssl.sh, cached) and
# runs the provider's suite twice: against the bundled library, then against the system's
# libcrypto.so.3 (see docs/bundled-openssl.md). Then, on a linux-x86_64 host, the linux-aarch64
# jar's time-bounded subset under emulation (scripts/test-aarch64.sh --ci, 10 to 15 minutes on 2
# shared cores; docs/platforms.md). Extra arguments go to Maven (e.g. -Dtest=DigestTest,
# -Dacceljce.test.skipSystemRun=true) and leave the aarch64 subset out, as ACCELJCE_AARCH64=skip does.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/fetch-wycheproof.sh"
# the same cache for the vectors the script fetched and the tests that read them
"$root/scripts/mvn.sh" verify "-Dacceljce.cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}" "$@"
if [ $# -gt 0 ] || [ "${ACCELJCE_AARCH64:-}" = skip ]; then
  echo "test.sh: the linux-aarch64 subset is left out (arguments given, or ACCELJCE_AARCH64=skip)"
elif [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
  echo "test.sh: the linux-aarch64 subset is left out: it is built and emulated from linux-x86_64 only"
else
  exec "$root/scripts/test-aarch64.sh" --ci --no-build
fi
