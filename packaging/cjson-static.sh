#!/usr/bin/env bash
# Builds DIR/libcjson.a from Debian's cjson source package: Debian's
# libcjson-dev ships only the shared library, and `make static` needs the
# archive.  The source is fetched with `apt-get source` through a private
# sources list (the deb-src twin of the machine's own Debian entries) into
# DIR, so the machine's apt configuration is not changed; nothing of it is
# committed.  Needs dpkg-source (dpkg-dev), installed when root.
#
#   bash packaging/cjson-static.sh DIR CC CFLAGS...
set -eu
dir=$1 cc=$2
shift 2
mkdir -p "$dir/apt/lists/partial" "$dir/src"
dir=$(cd "$dir" && pwd)
if ! command -v dpkg-source >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        apt-get install -y --no-install-recommends dpkg-dev >/dev/null
    else
        echo "cjson-static: dpkg-source is missing: sudo apt-get install dpkg-dev" >&2
        exit 1
    fi
fi
# deb-src entries for the suites the machine already uses (deb822 or one-line)
{
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -e "$f" ] && sed 's/^Types:.*/Types: deb-src/' "$f"
        echo
    done
} >"$dir/apt/src.sources"
: >"$dir/apt/src.list"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] && sed -n 's/^deb \(.*\)/deb-src \1/p' "$f" >>"$dir/apt/src.list"
done
apt_opts=(-o Dir::Etc::SourceList="$dir/apt/src.list" -o Dir::Etc::SourceParts="$dir/apt"
          -o Dir::State::Lists="$dir/apt/lists" -o APT::Sandbox::User=root)
apt-get "${apt_opts[@]}" update >/dev/null
( cd "$dir/src" && apt-get "${apt_opts[@]}" source --download-only cjson >/dev/null )
dsc=$(ls "$dir"/src/cjson_*.dsc | head -n 1)
rm -rf "$dir/src/cjson"
dpkg-source -x "$dsc" "$dir/src/cjson" >"$dir/dpkg-source.log" 2>&1 || { cat "$dir/dpkg-source.log" >&2; exit 1; }
"$cc" "$@" -c "$dir/src/cjson/cJSON.c" -o "$dir/cJSON.o"
rm -f "$dir/libcjson.a"
ar rcs "$dir/libcjson.a" "$dir/cJSON.o"
