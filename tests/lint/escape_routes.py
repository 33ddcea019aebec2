#!/usr/bin/env python3
"""Escape-route walker: every way out of the sandbox under CPython must be flagged.

    python3 tests/lint/escape_routes.py BINARY [--depth N] [--list]

Walks CPython 3.11's attribute graph from each allowed module (the set
allowed_modules of rules/policy.json) breadth first, `depth` attribute steps
deep (default 3), and collects every path that reaches a dangerous object:
the modules sys, os, builtins, importlib, subprocess and their kin, the
builtins namespace, or a builtin that runs code or opens files (eval, exec,
compile, open, __import__...).  Each path becomes a program

    import random
    x = random._os

and `BINARY lint` (profile cpython) must report at least one rule finding
for it.  Prints `escape routes: N passed, M failed`, one line per unflagged
path, and exits 1 if any is unflagged.  Needs python3 3.11; the test suite
runs it when python3 is present.
"""
import builtins
import importlib
import json
import os
import subprocess
import sys
import tempfile
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

DANGEROUS_MODULES = {
    "sys", "os", "posix", "nt", "builtins", "importlib", "subprocess", "shutil", "socket", "ctypes",
    "io", "_io", "marshal", "pickle", "gc", "inspect", "runpy", "_posixsubprocess", "_thread",
    "threading", "multiprocessing", "signal", "pty", "code", "codeop", "zipimport", "tempfile",
    "pathlib", "mmap", "resource", "importlib._bootstrap", "importlib._bootstrap_external",
}
DANGEROUS_BUILTINS = {"eval", "exec", "compile", "open", "__import__", "breakpoint", "input",
                      "exit", "quit", "help", "globals", "locals", "vars", "memoryview"}


def dangerous(obj):
    if isinstance(obj, types.ModuleType):
        name = obj.__name__
        return name in DANGEROUS_MODULES or name.split(".")[0] in DANGEROUS_MODULES
    if obj is builtins.__dict__:
        return True
    if isinstance(obj, types.BuiltinFunctionType) and getattr(obj, "__self__", None) is builtins:
        return obj.__name__ in DANGEROUS_BUILTINS
    return False


def walk(modname, depth):
    """Shortest attribute paths from the module to dangerous objects."""
    root = importlib.import_module(modname)
    found = []
    seen = {id(root)}
    frontier = [((), root)]
    for _ in range(depth):
        nxt = []
        for path, obj in frontier:
            try:
                names = sorted(set(dir(obj)))
            except Exception:
                continue
            for name in names:
                try:
                    val = getattr(obj, name)
                except Exception:
                    continue
                p = path + (name,)
                if dangerous(val):
                    found.append(p)
                    continue
                if id(val) in seen:
                    continue
                seen.add(id(val))
                # values that cannot lead anywhere new
                if isinstance(val, (int, float, complex, str, bytes, bool, type(None))):
                    continue
                nxt.append((p, val))
        frontier = nxt
    return found


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    binary = args[0]
    depth = 3
    if "--depth" in args:
        depth = int(args[args.index("--depth") + 1])
    with open(os.path.join(ROOT, "rules", "policy.json"), encoding="utf-8") as f:
        allowed = json.load(f)["sets"]["allowed_modules"]
    paths = []
    for m in allowed:
        for p in walk(m, depth):
            paths.append((m, p))
    if "--list" in args:
        for m, p in paths:
            print(".".join((m,) + p))
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for k, (m, p) in enumerate(paths):
            fn = os.path.join(tmp, "route_%05d.py" % k)
            with open(fn, "w", encoding="utf-8") as f:
                f.write("import %s\nx = %s\n" % (m, ".".join((m,) + p)))
            files.append(fn)
        flagged = set()
        for i in range(0, len(files), 500):
            r = subprocess.run([binary, "lint", "--profile", "cpython", "--format", "json"] + files[i:i + 500],
                               capture_output=True, text=True)
            if r.returncode not in (0, 1):
                sys.exit("escape routes: lint failed: " + r.stderr)
            for d in json.loads(r.stdout)["diagnostics"]:
                if d["rule"] != "syntax" and d["line"] == 2:
                    flagged.add(d["file"])
        for fn, (m, p) in zip(files, paths):
            if fn not in flagged:
                failed.append(".".join((m,) + p))
    for f in failed:
        print("unflagged route: " + f)
    print("escape routes: %d passed, %d failed" % (len(paths) - len(failed), len(failed)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
