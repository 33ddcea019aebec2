#!/usr/bin/env bash
# Lint's output does not depend on its threads: every corpus program, every
# case of the syntax corpus and big concatenations of the corpus (clean, with
# syntax errors early, midway and late, with Python 2 forms, with symbol-table
# and compiler errors, with suppressions) are linted on one thread
# (SAFEPY_LINT_THREADS=1) and on several, and stdout, stderr and the exit
# status must be byte for byte the same.  A big file is parsed in batches on
# worker threads and its rules are matched per batch (analyzer/tasks.c), so
# this also runs those paths under the sanitizers.
#
#   bash tests/lint/threads.sh BINARY
#
# Last line: `lint threads: N passed, N failed`; exit 1 on failure.  Needs node
# (a dependency of `make`) to write the syntax cases out of their JSON.
set -u
if [ $# -ne 1 ]; then
    echo "usage: bash tests/lint/threads.sh BINARY" >&2
    exit 64
fi
bin=$1
case "$bin" in
/*) ;;
*) bin=$(pwd)/$bin ;;
esac
if [ ! -x "$bin" ]; then
    echo "lint threads: '$bin' is not an executable" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# --- inputs ------------------------------------------------------------------
mkdir "$tmp/syntax" "$tmp/big"
if ! node -e '
const fs = require("fs");
const cases = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
cases.forEach((c, i) => fs.writeFileSync(process.argv[2] + "/" + String(i).padStart(4, "0") + ".py", c.source));
' "$root/tests/syntax/cases.json" "$tmp/syntax"; then
    echo "FAIL cannot write the syntax cases (node)"
    fail=$((fail + 1))
fi
# The corpus without its `# safepy: ignore[...]` waivers, so that the
# cpython profile has findings in it to order and compare (~200).
mkdir "$tmp/corpus"
for f in "$root"/corpus/*.py; do
    sed 's/  # safepy: ignore\[[^]]*\]$//' "$f" >"$tmp/corpus/${f##*/}"
done
all="$tmp/all.py" # the whole corpus: ~31,000 lines, no syntax error
cat "$tmp"/corpus/*.py >"$all"
base="$tmp/big/base.py" # its first 12,000 lines, what the variants change
head -n 12000 "$all" >"$base"
n=12000
# ins FILE LINE TEXT: FILE is base.py with TEXT inserted before line LINE
ins() { awk -v at="$2" -v t="$3" 'NR == at { print t } { print }' "$base" >"$tmp/big/$1"; }
ins err_early.py 900 'def f(:)'
ins err_mid.py $((n / 2)) 'x = 1 +'
ins err_late.py $((n - 40)) 'if x'
ins unclosed.py $((n / 3)) 'y = [1, 2'
ins indent.py $((n / 2)) '        z = 1'
ins py2_print.py $((n / 2)) 'print "x"'
ins walrus_stmt.py $((n / 2)) 'y := 5'
ins nonlocal_top.py $((n - 10)) 'nonlocal q'
ins return_top.py $((n / 2)) 'return 5'
ins walrus_ok.py $((n / 2)) 'if (w := 3) > 2: pass'
ins global_late.py $((n - 5)) 'global print_'
# two symbol-table errors in batches far apart: the first in the source wins
awk -v a=$((n / 3)) -v b=$((2 * n / 3)) 'NR == a { print "w = [x := 1 for x in range(3)]" }
    NR == b { print "def f5(a):\n    global a" } { print }' "$base" >"$tmp/big/symtab_two.py"
awk -v a=$((n / 3)) -v b=$((2 * n / 3)) 'NR == a { print "def f2():\n    nonlocal y" }
    NR == b { print "x9 = [*a for a in b]" } { print }' "$base" >"$tmp/big/symtab_two_b.py"
# a suppression on every 7th line that can hold a comment (not in a
# continuation): ids, a family, a bare one (finding SP000)
awk 'NR % 7 == 0 && !/\\$/ { k = NR % 3; print $0 (k == 0 ? "  # safepy: ignore[SP3]" : k == 1 ? "  # safepy: ignore[SP201,SP305]" : "  # safepy: ignore"); next } { print }' \
    "$base" >"$tmp/big/suppressed.py"
head -n 1500 "$all" >"$tmp/big/head1500.py"
# a rule whose unanchored siblings match in combinatorially many ways, over
# calls of 40 arguments: the matcher's work bound truncates the report, at
# a point that one walk over the whole program decides
mkdir "$tmp/rules"
cat >"$tmp/rules/XP900.json" <<'JSON'
{"id": "XP900", "severity": "warning", "title": "three arguments", "message": "{{a}}, {{b}}, {{c}}",
 "hint": "none", "query": "(argument_list (_) @a (_) @b (_) @c)"}
JSON
args=$(seq -s ', a' 0 39)
for i in $(seq 400); do
    printf 'f(a%s)\nx = 1\ndef g():\n    return h(1, 2, 3, 4)\n' "$args"
done >"$tmp/combi.py"

# --- comparisons ---------------------------------------------------------------
# same DESC ARGS...: lint ARGS on 1 thread and on 3 (and on the default
# number too when DEFAULT=1)
same() {
    local desc=$1
    shift
    SAFEPY_LINT_THREADS=1 timeout 120 "$bin" lint "$@" >"$tmp/o1" 2>"$tmp/e1" </dev/null
    local r1=$?
    local t
    for t in 3 ${DEFAULT:+0}; do
        SAFEPY_LINT_THREADS=$t timeout 120 "$bin" lint "$@" >"$tmp/o2" 2>"$tmp/e2" </dev/null
        local r2=$?
        if [ "$r1" -ne "$r2" ] || ! cmp -s "$tmp/o1" "$tmp/o2" || ! cmp -s "$tmp/e1" "$tmp/e2"; then
            fail=$((fail + 1))
            echo "FAIL $desc: 1 thread and SAFEPY_LINT_THREADS=$t differ (exit $r1 vs $r2)"
            diff "$tmp/o1" "$tmp/o2" | head -5
            diff "$tmp/e1" "$tmp/e2" | head -5
            return
        fi
    done
    if [ "$r1" -gt 2 ] || [ ! -s "$tmp/o1" ]; then
        fail=$((fail + 1))
        echo "FAIL $desc: exit $r1, stdout $(wc -c <"$tmp/o1") bytes"
        return
    fi
    pass=$((pass + 1))
}
for fmt in text json sarif; do
    same "corpus/ ($fmt)" --format "$fmt" "$tmp/corpus"
    same "syntax cases ($fmt)" --format "$fmt" "$tmp/syntax"
    same "base.py ($fmt)" --format "$fmt" "$base"
    same "err_mid.py ($fmt)" --format "$fmt" "$tmp/big/err_mid.py"
done
for f in "$tmp"/big/*.py; do
    same "$(basename "$f")" --format json "$f"
done
DEFAULT=1 same "all.py" --format json "$all"
same "all.py (sandbox profile)" --format json --profile sandbox "$all"
same "suppressed.py (--statistics)" --statistics --select SP2,SP3 "$tmp/big/suppressed.py"
same "several files" --format sarif "$tmp/big/err_mid.py" "$base" "$tmp/big/suppressed.py"
same "work bound (--rules)" --format json --rules "$tmp/rules" "$tmp/combi.py"
echo "lint threads: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
