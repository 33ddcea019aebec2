#!/usr/bin/env bash
# `make deb`: build/safepy_VERSION_ARCH.deb from the release binary, laid out
# as Debian policy asks: the stripped binary in /usr/bin, the man page made
# from its --help (packaging/manpage.py), the README and the rule files'
# documentation in /usr/share/doc/safepy with the copyright file and the
# changelog.  Depends is computed by dpkg-shlibdeps from the libraries the
# binary links, so it names the Debian packages (and minimum versions) this
# build needs.  Built with dpkg-deb as root-owned files without fakeroot.
#
#   bash packaging/deb.sh BINARY VERSION OUTDIR
#
# DEB_MAINTAINER names the maintainer ("Name <address>"); the default is a
# placeholder at example.org, a reserved domain: set it when you publish.
#
# Prints the path of the .deb.  Needs dpkg-dev (dpkg-shlibdeps), installed
# when root.
set -eu
bin=$1 version=$2 out=$3
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v dpkg-shlibdeps >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        apt-get install -y --no-install-recommends dpkg-dev >/dev/null
    else
        echo "deb: dpkg-shlibdeps is missing: sudo apt-get install dpkg-dev" >&2
        exit 1
    fi
fi
arch=$(dpkg --print-architecture)
maintainer=${DEB_MAINTAINER:-safepy developers <safepy@example.org>}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkg=$work/pkg
doc=$pkg/usr/share/doc/safepy
install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$doc" "$pkg/usr/share/man/man1"
install -m 0755 "$bin" "$pkg/usr/bin/safepy"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$pkg/usr/bin/safepy"
python3 "$root/packaging/manpage.py" "$pkg/usr/bin/safepy" "$version" | gzip -9n >"$pkg/usr/share/man/man1/safepy.1.gz"
install -m 0644 "$root/README.md" "$doc/README.md"
install -m 0644 "$root/docs/rules.md" "$doc/rules.md"
install -m 0644 "$root/packaging/copyright" "$doc/copyright"
# the changelog (a native package's: no Debian revision): one entry
{
    printf 'safepy (%s) unstable; urgency=medium\n\n' "$version"
    printf '  * Built from the safepy sources with make deb.\n\n'
    printf ' -- %s  %s\n' "$maintainer" \
        "$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}")"
} | gzip -9n >"$doc/changelog.gz"
chmod 0644 "$doc"/* "$pkg/usr/share/man/man1/safepy.1.gz"

# Depends, from the libraries the binary links (dpkg-shlibdeps wants a
# debian/control beside it)
mkdir -p "$work/src/debian"
printf 'Source: safepy\n\nPackage: safepy\nArchitecture: any\n' >"$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/safepy" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
if [ -z "$depends" ]; then
    echo "deb: dpkg-shlibdeps found no dependencies" >&2
    exit 1
fi
size=$(du -k -s --exclude=DEBIAN "$pkg" | cut -f1)
cat >"$pkg/DEBIAN/control" <<EOF
Package: safepy
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Section: devel
Priority: optional
Description: run model-written Python safely
 safepy parses Python with tree-sitter, checks it against declarative
 rules and evaluates it with its own interpreter (CPython 3.11 semantics,
 no CPython inside) under hard limits of time, memory, depth and output,
 with no file, process, network or environment access.  It serves the
 run_python tool over MCP on stdio, runs programs like python3, and lints
 agent output in text, JSON and SARIF.
EOF
(cd "$pkg" && find usr -type f -exec md5sum {} + | sort -k2) >"$pkg/DEBIAN/md5sums"
chmod 0644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
find "$pkg" -type d -exec chmod 0755 {} +
deb=$out/safepy_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
echo "$deb"
