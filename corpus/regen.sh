#!/usr/bin/env bash
# Regenerate the expected outputs of the differential corpus from CPython 3.11.
#
#   bash corpus/regen.sh [PYTHON]      (default: python3)
#
# For each corpus/NAME.py it runs `PYTHON NAME.py` from within corpus/ with
# PYTHONHASHSEED=0 and writes NAME.out (stdout). When the exit code is not 0
# it also writes NAME.exit (the code) and NAME.err (the last line of stderr);
# otherwise stale NAME.exit / NAME.err files are removed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
py=${1:-python3}

ver=$("$py" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>/dev/null) || {
    echo "regen: cannot run '$py'" >&2
    exit 2
}
case "$ver" in
3.11.*) ;;
*)
    echo "regen: need CPython 3.11, found $py $ver" >&2
    exit 2
    ;;
esac
impl=$("$py" -c 'import platform; print(platform.python_implementation())')
if [ "$impl" != "CPython" ]; then
    echo "regen: need CPython 3.11, found $impl $ver" >&2
    exit 2
fi
echo "regen: using $py (CPython $ver)"

cd "$here" || exit 2
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
n=0
nerr=0
for f in *.py; do
    [ -e "$f" ] || continue
    name=${f%.py}
    PYTHONHASHSEED=0 PYTHONIOENCODING=utf-8 timeout 60 "$py" "$f" >"$name.out" 2>"$tmp"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        printf '%s\n' "$rc" >"$name.exit"
        tail -n 1 "$tmp" >"$name.err"
        # the whole traceback, paths made relative to the corpus; not when
        # it runs through CPython's own library code (safepy's is native)
        if grep -q '/lib/python3' "$tmp"; then
            rm -f "$name.tb"
        else
            sed "s|$here/||g" "$tmp" >"$name.tb"
        fi
        nerr=$((nerr + 1))
    else
        rm -f "$name.exit" "$name.err" "$name.tb"
    fi
    n=$((n + 1))
done
echo "regen: $n programs, $nerr ending in an error"
