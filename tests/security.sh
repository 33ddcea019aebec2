#!/usr/bin/env bash
# Security and resource tests: escape attempts must be refused, runaway
# programs must be stopped by a limit.
#
#   bash tests/security.sh BINARY [FILTER]
#
# Each tests/security/NAME.py declares its expectation in header comments:
#
#   # args: --timeout 1 --max-memory 64M        (optional extra `run` options)
#   # expect: exit=2 stderr="os" [stderr="..."] [stdout="..."] [stdout_max=N] [seconds=N]
#
#   exit=N        expected exit code of `BINARY run [args] FILE`
#   stderr="s"    s occurs in stderr (case-insensitive; repeatable, all must match)
#   stdout="s"    s occurs in stdout (case-insensitive; repeatable)
#   stdout_max=N  stdout is at most N bytes (0: the program never started)
#   seconds=N     finished within N seconds of wall time
#
# A few cases are generated here (huge nesting, a 1 MB line, NUL byte, invalid
# UTF-8, empty file).  SECURITY_SKIP="NAME ..." leaves cases out, said on
# stderr and counted in the closing line (tests/aarch64.sh: what qemu-user
# cannot show).  Every case runs under an outer `timeout 20` (or its
# own --timeout plus 10 s when that is longer), so a hang is a failure. Last line: `security: N passed, N failed`; exit 1 on failure.
set -u
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bash tests/security.sh BINARY [FILTER]" >&2
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
    echo "security: '$bin' is not an executable" >&2
    exit 2
fi
cases=$(cd "$(dirname "$0")/security" && pwd) || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/gen" "$tmp/run"

# ---- generated cases: the file, then its header in NAME.hdr -------------
gen="$tmp/gen"
# 100,000 nested parentheses: a syntax/nesting error, reported fast
{ printf 'x = '; head -c 100000 /dev/zero | tr '\0' '('; printf '1'; head -c 100000 /dev/zero | tr '\0' ')'; printf '\n'; } >"$gen/gen_deep_parens.py"
echo '# expect: exit=2 seconds=10 stdout_max=0' >"$gen/gen_deep_parens.hdr"
# 100,000 unclosed parentheses (the tree-sitter query worst case)
{ printf 'x = '; head -c 100000 /dev/zero | tr '\0' '('; printf '\n'; } >"$gen/gen_unclosed_parens.py"
echo '# expect: exit=2 stderr="syntax" seconds=10 stdout_max=0' >"$gen/gen_unclosed_parens.hdr"
# 100,000 nested lists: [[[[...]]]]
{ printf 'x = '; head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'; printf '\nprint(1)\n'; } >"$gen/gen_deep_lists.py"
echo '# expect: exit=2 seconds=10 stdout_max=0' >"$gen/gen_deep_lists.hdr"
# a 1 MB single line
{ printf 'x = "'; head -c 1000000 /dev/zero | tr '\0' 'a'; printf '"\nprint(len(x))\n'; } >"$gen/gen_long_line.py"
echo '# expect: exit=0 stdout="1000000" seconds=10' >"$gen/gen_long_line.hdr"
# a NUL byte in the source
printf 'print(1)\nx = 1\000\nprint(x)\n' >"$gen/gen_nul_byte.py"
echo '# expect: exit=2 stdout_max=0' >"$gen/gen_nul_byte.hdr"
# invalid UTF-8 in a string literal
printf 'print(1)\nx = "\377\376"\nprint(x)\n' >"$gen/gen_invalid_utf8.py"
echo '# expect: exit=2 stderr="utf-8" stdout_max=0' >"$gen/gen_invalid_utf8.hdr"
# an empty file
# chains of one operator are one node (N_BINCHAIN): 10,000 operands end in
# CPython's compile-time errors, never a stack overflow; a forbidden call
# among 2,900 operands is still found
{ printf 'x = 1'; yes ' + 1' | head -n 10000 | tr -d '\n'; printf '\nprint(x)\n'; } >"$gen/gen_add_chain_10k.py"
echo '# expect: exit=1 stderr="RecursionError: maximum recursion depth exceeded during compilation" stdout_max=0' >"$gen/gen_add_chain_10k.hdr"
{ printf 'x = 2'; yes ' ** 1' | head -n 10000 | tr -d '\n'; printf '\nprint(x)\n'; } >"$gen/gen_pow_chain_10k.py"
echo '# expect: exit=1 stderr="MemoryError" stdout_max=0' >"$gen/gen_pow_chain_10k.hdr"
{ printf 'x = 1'; yes ' + x' | head -n 1500 | tr -d '\n'; printf ' + eval("1") + ().__class__.__bases__[0].__subclasses__()'; yes ' - x' | head -n 1400 | tr -d '\n'; printf '\nprint(x)\n'; } >"$gen/gen_chain_hidden_eval.py"
echo '# expect: exit=2 stderr="eval" stderr="__subclasses__" stdout_max=0' >"$gen/gen_chain_hidden_eval.hdr"

: >"$gen/gen_empty.py"
echo '# expect: exit=0 stdout_max=0' >"$gen/gen_empty.hdr"

# header_value FILE KEY: the text after "# KEY:" in the first 20 lines
header_value() {
    head -n 20 -- "$1" | sed -n "s/^#[[:space:]]*$2:[[:space:]]*//p" | head -n 1
}

# run_case NAME FILE HEADERFILE: prints "PASS NAME" or "FAIL NAME: why"; runs in
# a worker of its own (the xargs below) with its own scratch folder
run_case() {
    local name=$1 file=$2 hdr=$3
    local expect args want_exit rc why s t0 t1 secs run="$tmp/run/$1"
    mkdir -p "$run"
    expect=$(header_value "$hdr" expect)
    args=$(header_value "$hdr" args)
    if [ -z "$expect" ]; then
        echo "FAIL $name: no '# expect:' header"
        return
    fi
    want_exit=$(printf '%s\n' "$expect" | sed -n 's/.*exit=\([0-9][0-9]*\).*/\1/p')
    local -a argv=()
    [ -n "$args" ] && read -r -a argv <<<"$args"
    # the outer timeout catches a hang past the inner wall-clock limit: a
    # case that asks for a longer --timeout (the collector's, slow under
    # ASan on a busy machine) gets that plus a margin
    # SECURITY_TIME_SCALE stretches the outer timeout and the seconds=
    # bounds for a slow host (qemu-user: tests/aarch64.sh)
    local scale=${SECURITY_TIME_SCALE:-1}
    local outer=$((20 * scale)) inner
    inner=$(printf '%s\n' "$args" | sed -n 's/.*--timeout[[:space:]]\{1,\}\([0-9][0-9]*\).*/\1/p')
    [ -n "$inner" ] && [ "$(((inner + 10) * scale))" -gt "$outer" ] && outer=$(((inner + 10) * scale))
    t0=$(date +%s.%N)
    # stdout is capped so that a runaway writer cannot fill the disk
    timeout "$outer" "$bin" run ${argv[@]+"${argv[@]}"} "$file" 2>"$run/err" </dev/null |
        head -c 8388608 >"$run/out"
    rc=${PIPESTATUS[0]}
    t1=$(date +%s.%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    why=""
    add() { why="${why:+$why; }$1"; }
    if [ "$rc" -eq 124 ]; then
        add "hung: killed by the outer timeout $outer"
    elif [ -n "$want_exit" ] && [ "$rc" -ne "$want_exit" ]; then
        add "exit $rc, expected $want_exit"
    fi
    while IFS= read -r s; do
        [ -z "$s" ] && continue
        grep -qiF -- "$s" "$run/err" || add "stderr lacks \"$s\""
    done < <(printf '%s\n' "$expect" | grep -o 'stderr="[^"]*"' | sed 's/^stderr="//; s/"$//')
    while IFS= read -r s; do
        [ -z "$s" ] && continue
        grep -qiF -- "$s" "$run/out" || add "stdout lacks \"$s\""
    done < <(printf '%s\n' "$expect" | grep -o 'stdout="[^"]*"' | sed 's/^stdout="//; s/"$//')
    s=$(printf '%s\n' "$expect" | sed -n 's/.*stdout_max=\([0-9][0-9]*\).*/\1/p')
    if [ -n "$s" ]; then
        local size
        size=$(wc -c <"$run/out")
        [ "$size" -gt "$s" ] && add "stdout is $size bytes, at most $s expected"
    fi
    s=$(printf '%s\n' "$expect" | sed -n 's/.*seconds=\([0-9][0-9]*\).*/\1/p')
    [ -n "$s" ] && s=$((s * scale))
    if [ -n "$s" ] && awk -v a="$secs" -v b="$s" 'BEGIN { exit !(a > b) }'; then
        add "took ${secs}s, at most ${s}s expected"
    fi
    if [ -n "$why" ]; then
        local last
        last=$(grep -v '^[[:space:]]*$' "$run/err" | tail -n 1 | head -c 200)
        echo "FAIL $name: $why${last:+ [stderr: $last]}"
    else
        echo "PASS $name"
    fi
    rm -rf "$run"
}
export -f run_case header_value
export bin tmp

# the cases run two at a time (SECURITY_JOBS): most of them wait for a limit
for f in "$cases"/*.py "$gen"/*.py; do
    [ -e "$f" ] || continue
    name=$(basename -- "$f" .py)
    case "$name" in *"$filter"*) ;; *) continue ;; esac
    case " ${SECURITY_SKIP-} " in *" $name "*) echo "skipped: $name" >&2; continue ;; esac
    hdr=$f
    [ -e "${f%.py}.hdr" ] && hdr=${f%.py}.hdr
    printf '%s\t%s\t%s\n' "$name" "$f" "$hdr"
done | xargs -r -P "${SECURITY_JOBS:-2}" -d '\n' -I{} bash -c 'IFS=$(printf "\t") read -r n f h <<<"$1"; run_case "$n" "$f" "$h"' _ {} >"$tmp/results"
grep '^FAIL ' "$tmp/results" | sort
pass=$(grep -c '^PASS ' "$tmp/results")
fail=$(grep -c '^FAIL ' "$tmp/results")
# ---- the OS lockdown of `run` (the second wall), seen from outside -------
# While a program runs, its process must carry the seccomp filter, no new
# privileges and the rlimits.  Sanitizer builds skip the lockdown (their
# runtimes need /proc and ptrace), so there the check is that they say so
# by having no filter rather than failing.
lockdown_check() {
    local name=lockdown_run_process pid status limits why=""
    case "$name" in *"$filter"*) ;; *) return ;; esac
    case " ${SECURITY_SKIP-} " in *" $name "*) echo "skipped: $name" >&2; return ;; esac
    printf 'while True:\n    pass\n' >"$tmp/gen/spin.py"
    "$bin" run --timeout 5 "$tmp/gen/spin.py" >/dev/null 2>&1 </dev/null &
    pid=$!
    sleep 0.5
    status=$(cat "/proc/$pid/status" 2>/dev/null)
    limits=$(cat "/proc/$pid/limits" 2>/dev/null)
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    case "$bin" in
    */asan/*)
        grep -qE '^Seccomp:[[:space:]]+0$' <<<"$status" || why="sanitizer build has a filter?"
        ;;
    *)
        grep -qE '^Seccomp:[[:space:]]+2$' <<<"$status" || why="no seccomp filter"
        grep -qE '^NoNewPrivs:[[:space:]]+1$' <<<"$status" || why="${why:+$why; }no_new_privs unset"
        grep -qE '^Max open files[[:space:]]+3[[:space:]]+3' <<<"$limits" || why="${why:+$why; }open files not limited to 3"
        grep -qE '^Max core file size[[:space:]]+0[[:space:]]+0' <<<"$limits" || why="${why:+$why; }core dumps allowed"
        grep -qE '^Max address space[[:space:]]+[0-9]+' <<<"$limits" || why="${why:+$why; }address space unlimited"
        ;;
    esac
    if [ -n "$why" ]; then
        echo "FAIL $name: $why"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}
lockdown_check

skipped=$(wc -w <<<"${SECURITY_SKIP-}")
echo "security: $pass passed, $fail failed${SECURITY_SKIP:+, $skipped skipped}"
[ "$fail" -eq 0 ]
