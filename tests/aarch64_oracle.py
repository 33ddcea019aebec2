#!/usr/bin/env python3
"""Corpus programs whose output on arm64 differs from the x86-64 CPython
that made corpus/*.out, judged again against CPython 3.11 for arm64.

glibc's libm rounds a few functions differently on arm64 (erfc, hypot under
abs() of a complex, cmath's building blocks), and CPython calls the same
libm, so its output differs from the committed .out the same way.  This
fetches Debian's arm64 CPython (apt-get download, extracted under
build/aarch64/cpython, never installed), runs each named program under it
with qemu-user and compares safepy's stdout and exit status with it.

    python3 tests/aarch64_oracle.py build/aarch64 NAME...

Last line: `aarch64 oracle: N passed, N failed`.
"""
import glob
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEBS = ["python3.11-minimal:arm64", "libpython3.11-minimal:arm64", "libpython3.11-stdlib:arm64",
        "libexpat1:arm64"]


def cpython(build):
    root = os.path.join(build, "cpython")
    exe = os.path.join(root, "usr", "bin", "python3.11")
    if os.path.exists(exe):
        return root, exe
    os.makedirs(root, exist_ok=True)
    subprocess.run(["apt-get", "download"] + DEBS, cwd=root, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for deb in glob.glob(os.path.join(root, "*.deb")):
        subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
        os.unlink(deb)
    return root, exe


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=900)
    return p.returncode, p.stdout


def main(argv):
    build, names = os.path.abspath(argv[1]), argv[2:]
    root, exe = cpython(build)
    libs = ":".join(os.path.join(root, d) for d in ("lib/aarch64-linux-gnu", "usr/lib/aarch64-linux-gnu"))
    corpus = os.path.join(ROOT, "corpus")
    passed = failed = 0
    for name in names:
        flags = []
        if os.path.exists(os.path.join(corpus, name + ".flags")):
            flags = open(os.path.join(corpus, name + ".flags")).readline().split()
        want = run(["qemu-aarch64", "-E", "LD_LIBRARY_PATH=" + libs, "-E", "PYTHONHOME=" + os.path.join(root, "usr"),
                    exe, name + ".py"], corpus)
        got = run(["env", "SAFEPY_QEMU_NO_SECCOMP=1", "qemu-aarch64", os.path.join(build, "safepy"), "run",
                   "--timeout", "120"] + flags + [name + ".py"], corpus)
        if want == got:
            passed += 1
            print("ok %s: as CPython on arm64" % name)
        else:
            failed += 1
            print("FAIL %s: differs from CPython on arm64 too" % name)
    print("aarch64 oracle: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
