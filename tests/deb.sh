#!/usr/bin/env bash
# The Debian package (`make deb`, issue 29): lintian finds nothing (when
# installed; `make test-deb` installs it as root), dpkg installs it into a
# scratch root (its own database: the machine's is not touched), the files
# are where Debian policy puts them, and the installed binary serves an MCP
# session through the official SDK client (tests/mcp/smoke.mjs).
#
#   bash tests/deb.sh PACKAGE.deb
#
# Last line: `deb: N passed, N failed`; exit 1 on failure.
set -u
if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "usage: bash tests/deb.sh PACKAGE.deb" >&2
    exit 64
fi
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

if command -v lintian >/dev/null 2>&1; then
    if lintian --fail-on error,warning "$deb" >"$tmp/lintian" 2>&1; then ok
    else bad "lintian: $(grep -v 'root privileges' "$tmp/lintian" | head -5)"; fi
else
    echo "deb: lintian is not installed: skipped"
fi

# a scratch root with an empty dpkg database; the libraries Depends names are
# the machine's (checked below with dpkg-query against its own database)
root=$tmp/root
mkdir -p "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/info"
: >"$root/var/lib/dpkg/status"
if dpkg --root="$root" --force-depends --force-not-root -i "$deb" >"$tmp/dpkg" 2>&1; then ok
else bad "dpkg -i: $(tail -n 3 "$tmp/dpkg")"; fi
for f in usr/bin/safepy usr/share/man/man1/safepy.1.gz usr/share/doc/safepy/README.md \
         usr/share/doc/safepy/rules.md usr/share/doc/safepy/copyright usr/share/doc/safepy/changelog.gz; do
    if [ -f "$root/$f" ]; then ok; else bad "not installed: /$f"; fi
done
if dpkg --root="$root" -L safepy 2>/dev/null | grep -qx /usr/bin/safepy; then ok; else bad "dpkg -L does not list /usr/bin/safepy"; fi
# every package Depends names is installed here, at the version asked for
deps=$(dpkg-deb -f "$deb" Depends)
missing=""
IFS=',' read -r -a parts <<<"$deps"
for d in "${parts[@]}"; do
    d=$(printf '%s' "$d" | sed 's/^ *//; s/ *$//')
    name=${d%% *}
    have=$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null) || { missing="$missing $name"; continue; }
    case "$d" in
    *'(>= '*) want=$(printf '%s' "$d" | sed 's/.*(>= \(.*\))/\1/')
              dpkg --compare-versions "$have" ge "$want" || missing="$missing $name($have<$want)" ;;
    esac
done
if [ -z "$missing" ]; then ok; else bad "Depends not satisfied here:$missing"; fi
if zcat "$root/usr/share/man/man1/safepy.1.gz" | grep -q '^\.SH "SAFEPY RUN"'; then ok; else bad "man page lacks the run section"; fi
# the installed binary: a program, then an MCP session through the SDK
printf 'print(sum(range(10)))\n' >"$tmp/p.py"
out=$("$root/usr/bin/safepy" run "$tmp/p.py" 2>&1)
if [ "$out" = 45 ]; then ok; else bad "run: $out"; fi
if (cd "$here/mcp" && SAFEPY_BIN="$root/usr/bin/safepy" node smoke.mjs) >"$tmp/smoke" 2>&1; then ok
else bad "mcp smoke: $(tail -n 5 "$tmp/smoke")"; fi
echo "deb: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
