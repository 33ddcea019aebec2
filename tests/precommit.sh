#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml) tried on a scratch repository,
# as docs/ci.md sets them up: `pre-commit try-repo` with this checkout as the
# hook repository and a safepy binary on the PATH.  A commit of a clean file
# passes; one that imports os fails with SP101 named; the Markdown hook finds
# the same in a ```python block.  pre-commit comes from Debian (installed as
# root when missing).
#
#   bash tests/precommit.sh BINARY
#
# Last line: `precommit: N passed, N failed`.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if ! command -v pre-commit >/dev/null 2>&1; then
    [ "$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pre-commit >/dev/null 2>&1
fi
if ! command -v pre-commit >/dev/null 2>&1; then
    echo "precommit: pre-commit is not installed (apt-get install pre-commit)"
    echo "precommit: 0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/repo" "$tmp/home"
ln -s "$bin" "$tmp/bin/safepy"
export PATH="$tmp/bin:$PATH" HOME="$tmp/home" PRE_COMMIT_HOME="$tmp/home/cache"
# try-repo clones the hook repository at a commit: this checkout's HEAD,
# with the hooks file as it is now
hooks=$tmp/hooks
git clone -q "$here" "$hooks"
cp "$here/.pre-commit-hooks.yaml" "$hooks/"
git -C "$hooks" add .pre-commit-hooks.yaml
git -C "$hooks" -c user.name=t -c user.email=t@example.org commit -qm hooks --allow-empty
cd "$tmp/repo"
git init -q .
printf 'total = sum(x * x for x in range(10))\nprint(total)\n' >clean.py
printf 'import os\nprint(os.listdir("."))\n' >bad.py
printf '# Notes\n\n```python\nimport subprocess\n```\n' >notes.md
git add clean.py bad.py notes.md
pass=0 fail=0
check() { # NAME WANT_RC PATTERN COMMAND...
    local name=$1 want=$2 pat=$3 out rc
    shift 3
    out=$("$@" 2>&1)
    rc=$?
    if { [ "$want" = 0 ] && [ "$rc" = 0 ]; } || { [ "$want" != 0 ] && [ "$rc" != 0 ]; } &&
        grep -qE -- "$pat" <<<"$out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name (exit $rc): $(tail -n 5 <<<"$out" | tr '\n' ' ')"
    fi
}
check "clean file passes" 0 'Passed' pre-commit try-repo "$hooks" safepy-lint --files clean.py
check "import os is refused" 1 'SP101' pre-commit try-repo "$hooks" safepy-lint --files bad.py
check "markdown block checked" 1 'SP10' pre-commit try-repo "$hooks" safepy-lint-markdown --files notes.md
echo "precommit: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
