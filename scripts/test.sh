#!/usr/bin/env bash
# Runs every test: fetches the Wycheproof vectors (cached), then builds and tests all modules.
# Extra arguments go to Maven (e.g. -Dtest=DigestTest).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/fetch-wycheproof.sh"
exec "$root/scripts/mvn.sh" verify "$@"
