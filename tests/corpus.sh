#!/usr/bin/env bash
# Differential tests: run every corpus/NAME.py through `BINARY run` and compare
# with what CPython 3.11 produced (corpus/regen.sh):
#   stdout            byte for byte with NAME.out
#   exit code         with NAME.exit (0 when absent)
#   last stderr line  with NAME.err (only when present)
#   whole traceback   with NAME.tb (when present; paths relative to corpus/)
# NAME.flags, when present, holds extra `run` options for that program (its
# words go before the program: `--allow-module heapq` for an opt-in module).
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

# check NAME: one program against its expectations; prints "PASS NAME" or
# "FAIL NAME: why".  Runs in a worker of its own (see the xargs below).
check() {
    local name=$1 py=$1.py t="$tmp/$1"
    mkdir -p "$t"
    if [ ! -e "$name.out" ]; then
        echo "FAIL $name: no $name.out (run corpus/regen.sh)"
        return
    fi
    local want_rc=0 rc why="" last want_err got_err
    [ -e "$name.exit" ] && want_rc=$(cat -- "$name.exit")
    local flags=""
    [ -e "$name.flags" ] && flags=$(cat -- "$name.flags")
    # shellcheck disable=SC2086 # the flags are words
    timeout 30 "$bin" run --timeout 10 $flags "$py" >"$t/out" 2>"$t/err" </dev/null
    rc=$?
    if [ "$rc" -ne "$want_rc" ]; then
        why="exit $rc, expected $want_rc"
        [ "$rc" -eq 124 ] && why="$why (hung: killed by the outer timeout 30)"
        last=$(tail -n 1 "$t/err" | head -c 300)
        [ -n "$last" ] && why="$why; stderr: $last"
    fi
    if ! cmp -s -- "$name.out" "$t/out"; then
        [ -n "$why" ] && why="$why; "
        why="${why}stdout $(first_diff "$name.out" "$t/out")"
    fi
    if [ -e "$name.err" ]; then
        want_err=$(cat -- "$name.err")
        got_err=$(tail -n 1 "$t/err")
        if [ "$want_err" != "$got_err" ]; then
            [ -n "$why" ] && why="$why; "
            why="${why}last stderr line: expected '$want_err' | got '$(printf '%s' "$got_err" | head -c 300)'"
        fi
    fi
    if [ -e "$name.tb" ]; then
        # sanitizer runtimes may add their own notes: not part of the program
        sed -e "s|$corpus/||g" -e '/^==[0-9]*==WARNING: ASan/d' "$t/err" >"$t/tb"
        if ! cmp -s -- "$name.tb" "$t/tb"; then
            [ -n "$why" ] && why="$why; "
            why="${why}traceback $(first_diff "$name.tb" "$t/tb")"
        fi
    fi
    rm -rf "$t"
    if [ -n "$why" ]; then
        echo "FAIL $name: $why"
    else
        echo "PASS $name"
    fi
}
export -f check first_diff
export bin tmp corpus

cd "$corpus" || exit 2
# the programs run on every core (CORPUS_JOBS to change): each is one process
for py in *.py; do
    [ -e "$py" ] || continue
    case "$py" in *"$filter"*) printf '%s\n' "${py%.py}" ;; esac
done | xargs -r -P "${CORPUS_JOBS:-$(nproc)}" -I{} bash -c 'check "$1"' _ {} >"$tmp/results"
grep '^FAIL ' "$tmp/results" | sort
pass=$(grep -c '^PASS ' "$tmp/results")
fail=$(grep -c '^FAIL ' "$tmp/results")
echo "corpus: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
