#!/usr/bin/env bash
# Command-line contract tests.
#
#   bash tests/cli.sh BINARY
#
# Last line: `cli: N passed, N failed`; exit 1 on failure. Needs node only for
# the JSON/SARIF checks (skipped with a note, and counted as failures, without it).
set -u
if [ $# -ne 1 ]; then
    echo "usage: bash tests/cli.sh BINARY" >&2
    exit 64
fi
bin=$1
case "$bin" in
/*) ;;
*/*) bin=$(pwd)/$bin ;;
*) if [ -e "$bin" ]; then bin=$(pwd)/$bin; else bin=$(command -v -- "$bin" || printf '%s' "$bin"); fi ;;
esac
if [ ! -x "$bin" ]; then
    echo "cli: '$bin' is not an executable" >&2
    exit 2
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
d="$tmp/dir with space"
mkdir "$d"
out="$tmp/out"
err="$tmp/err"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL $1 [exit $rc; stdout: $(head -c 160 "$out" | tr '\n' ' '); stderr: $(head -c 160 "$err" | tr '\n' ' ')]"
}
# sp ARGS...: run the binary with a 20 s cap, stdin from /dev/null
sp() {
    timeout 20 "$bin" "$@" >"$out" 2>"$err" </dev/null
    rc=$?
}
# expect_rc DESC CODE ARGS...
expect_rc() {
    local desc=$1 code=$2
    shift 2
    sp "$@"
    if [ "$rc" -eq "$code" ]; then ok; else bad "$desc: expected exit $code"; fi
}
has() { grep -qiF -- "$2" "$1"; }

printf 'print(sum(range(10)))\n' >"$d/clean.py"
printf 'import os\nprint(os.getcwd())\n' >"$d/bad import.py"
printf 'print("a")\nprint(1 / 0)\n' >"$d/raises.py"

# --- version and help -----------------------------------------------------
sp --version
if [ "$rc" -eq 0 ] && has "$out" safepy; then ok; else bad "--version: exit 0 and 'safepy'"; fi
sp -V
if [ "$rc" -eq 0 ] && [ -s "$out" ]; then ok; else bad "-V: exit 0 and a version"; fi
sp --help
if [ "$rc" -eq 0 ] && has "$out" usage && has "$out" run && has "$out" lint; then ok; else bad "--help: exit 0, usage on stdout"; fi
for c in run lint mcp; do
    sp "$c" --help
    if [ "$rc" -eq 0 ] && has "$out" usage && has "$out" "$c"; then ok; else bad "$c --help: exit 0, usage on stdout"; fi
done
sp run -h
if [ "$rc" -eq 0 ] && has "$out" usage; then ok; else bad "run -h: exit 0"; fi

# --- rules ----------------------------------------------------------------
sp rules list
if [ "$rc" -eq 0 ] && [ "$(grep -c . "$out")" -ge 1 ]; then ok; else bad "rules list: exit 0 and at least one rule"; fi

# --- usage errors ---------------------------------------------------------
expect_rc "no arguments" 64
expect_rc "unknown command" 64 frobnicate
expect_rc "run without a file" 64 run
expect_rc "run with two files" 64 run "$d/clean.py" "$d/clean.py"
expect_rc "run a missing file" 64 run "$d/does not exist.py"
expect_rc "run --timeout abc" 64 run --timeout abc "$d/clean.py"
expect_rc "run --timeout -1" 64 run --timeout -1 "$d/clean.py"
expect_rc "run --timeout 0" 64 run --timeout 0 "$d/clean.py"
expect_rc "run --timeout without value" 64 run "$d/clean.py" --timeout
expect_rc "run --max-memory xyz" 64 run --max-memory xyz "$d/clean.py"
expect_rc "run --max-depth 0" 64 run --max-depth 0 "$d/clean.py"
expect_rc "run --max-output -5" 64 run --max-output -5 "$d/clean.py"
expect_rc "run --bogus-option" 64 run --bogus-option 1 "$d/clean.py"

# --- run ------------------------------------------------------------------
rc=0
printf 'print(sum(range(10)))\n' | timeout 20 "$bin" run - >"$out" 2>"$err"
rc=$?
if [ "$rc" -eq 0 ] && [ "$(cat "$out")" = "45" ]; then ok; else bad "run - from stdin prints 45"; fi
sp run "$d/clean.py"
if [ "$rc" -eq 0 ] && [ "$(cat "$out")" = "45" ]; then ok; else bad "run FILE (path with spaces) prints 45"; fi
sp run --timeout 5 --max-memory 64M --max-depth 200 --max-output 1M "$d/clean.py"
if [ "$rc" -eq 0 ] && [ "$(cat "$out")" = "45" ]; then ok; else bad "run with every limit option"; fi
sp run "$d/clean.py" --timeout 5
if [ "$rc" -eq 0 ] && [ "$(cat "$out")" = "45" ]; then ok; else bad "run with an option after FILE"; fi
sp run "$d/raises.py"
if [ "$rc" -eq 1 ] && [ "$(cat "$out")" = "a" ] && [ "$(tail -n 1 "$err")" = "ZeroDivisionError: division by zero" ] &&
    has "$err" "Traceback (most recent call last)"; then ok; else bad "run: uncaught exception → exit 1, CPython-style traceback"; fi
sp run "$d/bad import.py"
if [ "$rc" -eq 2 ] && has "$err" os && [ ! -s "$out" ]; then ok; else bad "run: import os → exit 2, nothing run"; fi
sp run --timeout 1 "$d/clean.py"
if [ "$rc" -eq 0 ]; then ok; else bad "run --timeout 1 on a quick program"; fi

# --- lint -----------------------------------------------------------------
sp lint "$d/clean.py"
if [ "$rc" -eq 0 ]; then ok; else bad "lint of a clean file: exit 0"; fi
sp lint "$d/bad import.py"
if [ "$rc" -eq 1 ] && has "$out" os; then ok; else bad "lint of import os: exit 1, mentions os"; fi
sp lint "$d/clean.py" "$d/bad import.py"
if [ "$rc" -eq 1 ]; then ok; else bad "lint of two files, one bad: exit 1"; fi
rc=0
printf 'import subprocess\n' | timeout 20 "$bin" lint - >"$out" 2>"$err"
rc=$?
if [ "$rc" -eq 1 ] && has "$out" subprocess; then ok; else bad "lint - from stdin"; fi
expect_rc "lint without files" 2 lint
expect_rc "lint a missing file" 2 lint "$d/nope.py"
expect_rc "lint --format xml" 2 lint --format xml "$d/clean.py"

have_node=1
command -v node >/dev/null 2>&1 || have_node=0
# json_check FILE JS-EXPRESSION-ON-d: parses FILE strictly, evaluates the check
json_check() {
    if [ "$have_node" -eq 0 ]; then
        echo "note: node not found, cannot parse JSON"
        return 1
    fi
    node -e '
        const fs = require("fs");
        const d = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
        if (!('"$2"')) { console.error("check failed: " + process.argv[2]); process.exit(1); }
    ' "$1" "$2"
}
sp lint --format json "$d/bad import.py"
if [ "$rc" -eq 1 ] && json_check "$out" 'true' && has "$out" os; then ok; else bad "lint --format json: valid JSON, exit 1, mentions os"; fi
sp lint --format json "$d/clean.py"
if [ "$rc" -eq 0 ] && json_check "$out" 'true'; then ok; else bad "lint --format json on a clean file: valid JSON, exit 0"; fi
sp lint --format sarif "$d/bad import.py"
if [ "$rc" -eq 1 ] && grep -Eq '"version"[[:space:]]*:[[:space:]]*"2\.1\.0"' "$out" &&
    json_check "$out" 'd.version === "2.1.0" && Array.isArray(d.runs) && d.runs.length >= 1 && d.runs[0].results.length >= 1'; then
    ok
else bad "lint --format sarif: SARIF 2.1.0 with a result"; fi
sp lint --format sarif "$d/clean.py"
if [ "$rc" -eq 0 ] && json_check "$out" 'd.version === "2.1.0" && d.runs[0].results.length === 0'; then ok; else bad "lint --format sarif on a clean file: no results"; fi
sp lint --format text "$d/bad import.py"
if [ "$rc" -eq 1 ] && has "$out" "bad import.py"; then ok; else bad "lint --format text names the file"; fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
