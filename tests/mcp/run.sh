#!/usr/bin/env bash
# Runs the MCP client tests against one safepy binary:
#   tests/mcp/run.sh build/safepy
#   tests/mcp/run.sh build/asan/safepy
# Installs the pinned SDK with `npm ci` when node_modules is missing or older
# than package-lock.json, and fetches the SARIF schema (tests/lint/sarif_schema.sh).
# Exits non-zero if any test fails.  `run.sh --prepare` only installs the
# SDK and fetches the schema (make test does it once, then runs the release
# and the sanitizer binaries' tests side by side).
set -euo pipefail

prepare=0
if [ "${1-}" = "--prepare" ]; then
  prepare=1
  set -- /bin/true
fi
if [ $# -ne 1 ]; then
  echo "usage: $0 PATH/TO/safepy" >&2
  exit 64
fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if [ ! -x "$bin" ]; then
  echo "run.sh: not an executable: $1" >&2
  exit 64
fi

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here"
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

# The SARIF 2.1.0 schema for sarif.test.mjs (fetched, pinned, never committed).
SARIF_SCHEMA=$(bash ../lint/sarif_schema.sh)
export SARIF_SCHEMA
if [ "$prepare" = 1 ]; then
  echo "mcp setup: 1 passed, 0 failed"
  exit 0
fi
export SAFEPY_BIN="$bin"
# ASan must not report leaks through the exit code of a test that passed
# its assertions only because the server got killed; the raw tests check
# stderr for sanitizer reports on a clean exit instead.
exec node --test --test-concurrency=1 --test-reporter=spec ./*.test.mjs
