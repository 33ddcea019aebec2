#!/usr/bin/env python3
"""Guards against false syntax errors: every .py file under the given
directories (default: python3's own library) that CPython 3.11 compiles must
get no syntax diagnostic from safepy.

    python3 tests/syntax/valid_check.py build/safepy [DIR...]

Prints the files safepy flags and exits 1 if there is any.  Needs python3 (a
development check, not part of `make test`)."""
import glob
import json
import os
import subprocess
import sys
import sysconfig
import warnings


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    dirs = sys.argv[2:] or [sysconfig.get_paths()["stdlib"]]
    warnings.simplefilter("ignore")
    files = []
    for d in dirs:
        for f in sorted(glob.glob(os.path.join(d, "**", "*.py"), recursive=True)):
            try:
                with open(f, encoding="utf-8") as fh:
                    src = fh.read()
                if len(src) > 2_000_000:
                    continue
                compile(src, f, "exec")
            except Exception:
                continue
            files.append(f)
    flagged = 0
    for i in range(0, len(files), 200):
        r = subprocess.run([binary, "lint", "--format", "json"] + files[i:i + 200],
                           capture_output=True, text=True)
        seen = set()
        for x in json.loads(r.stdout)["diagnostics"]:
            if x["rule"] == "syntax" and x["file"] not in seen and "too complex" not in x["message"]:
                seen.add(x["file"])
                flagged += 1
                print("%s:%d: %s" % (x["file"], x["line"], x["message"]))
    print("valid_check: %d files, %d flagged" % (len(files), flagged))
    sys.exit(1 if flagged else 0)


if __name__ == "__main__":
    main()
