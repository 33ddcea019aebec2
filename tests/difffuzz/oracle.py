"""CPython side of the differential fuzzer: a warm interpreter that forks once
per program, so that a program costs a fork instead of an interpreter start.

Protocol on stdin/stdout, one line each: the request is the path of a program;
the answer is `rc` (0, 1, or -1 when it ran out of time).  The child writes
the program's stdout to PATH.out and its stderr to PATH.err.  Run it with the
wanted PYTHONHASHSEED in its environment.
"""

import os
import signal
import sys

# what generated programs import: loaded once, before forking
import collections  # noqa: F401
import itertools  # noqa: F401
import math  # noqa: F401
import random  # noqa: F401

TIMEOUT = int(sys.argv[1]) if len(sys.argv) > 1 else 10


def child(path):
    out = os.open(path + '.out', os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    err = os.open(path + '.err', os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(out, 1)
    os.dup2(err, 2)
    sys.stdout = open(1, 'w', encoding='utf-8', closefd=False)
    sys.stderr = open(2, 'w', encoding='utf-8', closefd=False)
    signal.alarm(TIMEOUT)
    rc = 0
    try:
        with open(path, encoding='utf-8') as f:
            src = f.read()
        code = compile(src, path, 'exec')
        exec(code, {'__name__': '__main__', '__builtins__': __builtins__})
    except SystemExit as e:
        rc = e.code if isinstance(e.code, int) else 1
    except BaseException:
        # the C printer, as the python3 command line uses: traceback.py
        # offers no "Did you mean" for a name missing in a class body
        sys.__excepthook__(*sys.exc_info())
        rc = 1
    try:
        sys.stdout.flush()
    except Exception:
        rc = 120
    sys.stderr.flush()
    os._exit(rc)


def main():
    for line in sys.stdin:
        path = line.rstrip('\n')
        pid = os.fork()
        if pid == 0:
            child(path)
        _, status = os.waitpid(pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        if rc < 0:
            rc = -1
        sys.stdout.write('%d\n' % rc)
        sys.stdout.flush()


if __name__ == '__main__':
    main()
