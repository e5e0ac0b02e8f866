#!/usr/bin/env bash
# Runs every test: fetches the Wycheproof vectors (cached), then builds and tests all modules.
# On linux-x86_64 that builds the bundled OpenSSL 3.5 first (scripts/build-openssl.sh, cached) and
# runs the provider's suite twice: against the bundled library, then against the system's
# libcrypto.so.3 (see docs/bundled-openssl.md). Extra arguments go to Maven (e.g. -Dtest=DigestTest,
# -Dacceljce.test.skipSystemRun=true).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/fetch-wycheproof.sh"
# the same cache for the vectors the script fetched and the tests that read them
exec "$root/scripts/mvn.sh" verify "-Dacceljce.cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}" "$@"
