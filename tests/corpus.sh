#!/usr/bin/env bash
# Differential tests: run every corpus/NAME.py through `BINARY run` and compare
# with what CPython 3.11 produced (corpus/regen.sh):
#   stdout            byte for byte with NAME.out
#   exit code         with NAME.exit (0 when absent)
#   last stderr line  with NAME.err (only when present)
#   whole traceback   with NAME.tb (when present; paths relative to corpus/)
#
#   bash tests/corpus.sh BINARY [FILTER]     FILTER: substring of program names
#
# Last line: `corpus: N passed, N failed`; exit 1 when anything failed.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bash tests/corpus.sh BINARY [FILTER]" >&2
    exit 64
fi
bin=$1
filter=${2-}
case "$bin" in
/*) ;;
*/*) bin=$(pwd)/$bin ;;
*) if [ -e "$bin" ]; then bin=$(pwd)/$bin; else bin=$(command -v -- "$bin" || printf '%s' "$bin"); fi ;;
esac
if [ ! -x "$bin" ]; then
    echo "corpus: '$bin' is not an executable" >&2
    exit 2
fi
corpus=$(cd "$(dirname "$0")/../corpus" && pwd) || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# first_diff EXPECTED ACTUAL: describe the first differing line
first_diff() {
    local where line
    where=$(cmp -- "$1" "$2" 2>&1)
    case "$where" in
    *"EOF on"*)
        # one output is a prefix of the other
        local ne na
        ne=$(wc -l <"$1")
        na=$(wc -l <"$2")
        if [ "$(wc -c <"$1")" -gt "$(wc -c <"$2")" ]; then
            line=$((na + 1))
            printf 'line %d: expected %s, got end of output' "$line" \
                "$(sed -n "${line}p" -- "$1" | head -c 200 | cat -A | head -c 240)"
        else
            line=$((ne + 1))
            printf 'line %d: expected end of output, got %s' "$line" \
                "$(sed -n "${line}p" -- "$2" | head -c 200 | cat -A | head -c 240)"
        fi
        ;;
    *"line "*)
        line=${where##*line }
        line=${line%%[!0-9]*}
        printf 'line %d: expected %s | got %s' "$line" \
            "$(sed -n "${line}p" -- "$1" | head -c 200 | cat -A | head -c 240)" \
            "$(sed -n "${line}p" -- "$2" | head -c 200 | cat -A | head -c 240)"
        ;;
    *) printf '%s' "$where" ;;
    esac
}

pass=0
fail=0
cd "$corpus" || exit 2
for py in *.py; do
    [ -e "$py" ] || continue
    name=${py%.py}
    case "$py" in *"$filter"*) ;; *) continue ;; esac
    if [ ! -e "$name.out" ]; then
        echo "FAIL $name: no $name.out (run corpus/regen.sh)"
        fail=$((fail + 1))
        continue
    fi
    want_rc=0
    [ -e "$name.exit" ] && want_rc=$(cat -- "$name.exit")
    timeout 30 "$bin" run --timeout 10 "$py" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    why=""
    if [ "$rc" -ne "$want_rc" ]; then
        why="exit $rc, expected $want_rc"
        [ "$rc" -eq 124 ] && why="$why (hung: killed by the outer timeout 30)"
        last=$(tail -n 1 "$tmp/err" | head -c 300)
        [ -n "$last" ] && why="$why; stderr: $last"
    fi
    if ! cmp -s -- "$name.out" "$tmp/out"; then
        [ -n "$why" ] && why="$why; "
        why="${why}stdout $(first_diff "$name.out" "$tmp/out")"
    fi
    if [ -e "$name.err" ]; then
        want_err=$(cat -- "$name.err")
        got_err=$(tail -n 1 "$tmp/err")
        if [ "$want_err" != "$got_err" ]; then
            [ -n "$why" ] && why="$why; "
            why="${why}last stderr line: expected '$want_err' | got '$(printf '%s' "$got_err" | head -c 300)'"
        fi
    fi
    if [ -e "$name.tb" ]; then
        # sanitizer runtimes may add their own notes: not part of the program
        sed -e "s|$corpus/||g" -e '/^==[0-9]*==WARNING: ASan/d' "$tmp/err" >"$tmp/tb"
        if ! cmp -s -- "$name.tb" "$tmp/tb"; then
            [ -n "$why" ] && why="$why; "
            why="${why}traceback $(first_diff "$name.tb" "$tmp/tb")"
        fi
    fi
    if [ -n "$why" ]; then
        echo "FAIL $name: $why"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
echo "corpus: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
