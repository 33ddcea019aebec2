#!/usr/bin/env bash
# The static binary (`make static`, issue 29): it has no dynamic section and
# no interpreter, it passes the corpus and the security suite, and it runs a
# program and an MCP session in an empty root directory (chroot, as root:
# nothing but the binary and the program exists there).
#
#   bash tests/static.sh BINARY
#
# Last line: `static: N passed, N failed`; exit 1 on failure.
set -u
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: bash tests/static.sh BINARY" >&2
    exit 64
fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# linked statically: no PT_INTERP, no dynamic section
if readelf -lW "$bin" | grep -q 'INTERP'; then bad "has a program interpreter"; else ok; fi
if readelf -d "$bin" 2>&1 | grep -q 'no dynamic section'; then ok; else bad "has a dynamic section"; fi

# an empty root: the binary and one program, nothing else
if [ "$(id -u)" = 0 ] && command -v chroot >/dev/null 2>&1; then
    root=$tmp/root
    mkdir -p "$root"
    cp "$bin" "$root/safepy"
    printf 'import math\nprint(sum(i * i for i in range(10)), math.sqrt(2))\n' >"$root/p.py"
    out=$(chroot "$root" /safepy run /p.py 2>&1)
    if [ "$out" = "285 1.4142135623730951" ]; then ok; else bad "run in an empty root: $out"; fi
    # stdin stays open a while: the server stops reading at end of input
    out=$({ printf '%s\n' \
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}' \
        '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_python","arguments":{"code":"x = 6 * 7"}}}' \
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run_python","arguments":{"code":"print(x + 1)"}}}'; sleep 5; } |
        timeout 30 chroot "$root" /safepy mcp 2>&1)
    if printf '%s' "$out" | grep -q '"id":3' && printf '%s' "$out" | grep -q '43'; then ok
    else bad "mcp in an empty root: $(printf '%s' "$out" | tail -c 300)"; fi
else
    echo "static: not root: the empty-root checks are skipped"
fi

# the suites
if bash "$here/corpus.sh" "$bin" >"$tmp/corpus" 2>&1; then ok; else bad "corpus: $(tail -n 3 "$tmp/corpus")"; fi
if bash "$here/security.sh" "$bin" >"$tmp/security" 2>&1; then ok; else bad "security: $(tail -n 3 "$tmp/security")"; fi
echo "static: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
