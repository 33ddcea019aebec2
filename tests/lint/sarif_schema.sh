#!/usr/bin/env bash
# Fetches the SARIF 2.1.0 JSON schema for the SARIF tests (tests/mcp/sarif.test.mjs)
# into build/sarif/ and prints its path.  Nothing of it is committed: the
# schema ships in the npm package @microsoft/jest-sarif, pinned here by
# version and checked against the registry's sha512 integrity, as the grammar
# is.  The file is the final SARIF 2.1.0 schema (2.1.0-rtm.5, JSON Schema
# draft-04).
set -euo pipefail
PKG=@microsoft/jest-sarif
VERSION=1.0.0-beta.0
SHA512=A1fOhPd6Ic5iDk4F9YPw1qNB4XF+7+IviR7xl8r2F6QzQkx5cpY9LsGk2rExiFIEcBbjpVnSmwWGBukASkiQ9A==
MEMBER=package/lib/schemas/sarif-2.1.0-rtm.5.json

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=$root/build/sarif
out=$dir/sarif-2.1.0-rtm.5.json
if [ -s "$out" ]; then
  echo "$out"
  exit 0
fi
mkdir -p "$dir"
tgz=$dir/microsoft-jest-sarif-$VERSION.tgz
if [ ! -f "$tgz" ]; then
  (cd "$dir" && npm pack --silent --loglevel=error "$PKG@$VERSION" >/dev/null)
fi
want=$(echo "$SHA512" | base64 -d | od -An -v -tx1 | tr -d ' \n')
got=$(sha512sum "$tgz" | cut -d' ' -f1)
if [ "$got" != "$want" ]; then
  rm -f "$tgz"
  echo "sarif_schema.sh: $PKG@$VERSION: sha512 mismatch" >&2
  exit 1
fi
tar -xzf "$tgz" -C "$dir" "$MEMBER"
mv "$dir/$MEMBER" "$out"
rm -rf "$dir/package"
echo "$out"
