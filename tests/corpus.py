#!/usr/bin/env python3
"""Differential tests: every corpus/NAME.py through `BINARY run`, compared with
what CPython 3.11 produced (corpus/regen.sh).

    python3 tests/corpus.py BINARY [FILTER]     (tests/corpus.sh is the same)

For each program:
    stdout            byte for byte with NAME.out
    exit code         with NAME.exit (0 when absent)
    last stderr line  with NAME.err (only when present)
    whole traceback   with NAME.tb (when present; paths relative to corpus/)
NAME.flags, when present, holds options for `safepy run` (the opt-in modules
a program imports: `--allow-module heapq`).  FILTER is a substring of program
names.  The programs run on every core (CORPUS_JOBS to change).

Why Python and not a shell loop: the shell version forked a dozen helper
processes per program (cmp, sed, tail, timeout...) and spent more CPU on them
than safepy spent running the corpus; here the only process per program is
safepy itself.

Last line: `corpus: N passed, N failed`; exit 1 when anything failed.
"""
import concurrent.futures
import os
import re
import subprocess
import sys

# CORPUS_TIME_SCALE stretches both for a slow host (qemu-user: tests/aarch64.sh)
SCALE = float(os.environ.get("CORPUS_TIME_SCALE") or 1)
OUTER_TIMEOUT = 30 * SCALE  # seconds of wall time before a program counts as hung
INNER_TIMEOUT = "%g" % (10 * SCALE)  # safepy's own --timeout
ASAN_NOTE = re.compile(rb"^==[0-9]*==WARNING: ASan.*\n?", re.M)


def visible(line):
    """One line as `cat -A` shows it, cut to 240 characters."""
    out = []
    for b in line[:200]:
        if b >= 128:
            out.append("M-")
            b -= 128
        if b < 32 and b != 9:
            out.append("^" + chr(b + 64))
        elif b == 9:
            out.append("^I")
        elif b == 127:
            out.append("^?")
        else:
            out.append(chr(b))
    return "".join(out)[:240]


def first_diff(want, got):
    """Where two byte strings first differ, by line, as the report says it."""
    wl = want.split(b"\n")
    gl = got.split(b"\n")
    for i, (a, b) in enumerate(zip(wl, gl)):
        if a != b:
            # a line that is complete on one side and the last, partial,
            # one on the other: cmp reports it as a prefix (EOF) case
            if i == len(wl) - 1 or i == len(gl) - 1:
                break
            return "line %d: expected %s$ | got %s$" % (i + 1, visible(a), visible(b))
    if len(want) > len(got):
        n = got.count(b"\n") + 1
        line = wl[n - 1] if n - 1 < len(wl) else b""
        return "line %d: expected %s$, got end of output" % (n, visible(line))
    n = want.count(b"\n") + 1
    line = gl[n - 1] if n - 1 < len(gl) else b""
    return "line %d: expected end of output, got %s$" % (n, visible(line))


def last_line(data):
    """`$(tail -n 1 FILE)`: the last line, trailing newlines removed."""
    text = data.rstrip(b"\n")
    return text.rsplit(b"\n", 1)[-1]


def check(binary, corpus, name):
    base = os.path.join(corpus, name)
    if not os.path.exists(base + ".out"):
        return "FAIL %s: no %s.out (run corpus/regen.sh)" % (name, name)
    want_rc = 0
    if os.path.exists(base + ".exit"):
        with open(base + ".exit") as f:
            want_rc = int(f.read().strip())
    flags = []
    if os.path.exists(base + ".flags"):
        with open(base + ".flags") as f:
            flags = (f.readline() or "").split()
    cmd = [binary, "run", "--timeout", INNER_TIMEOUT] + flags + [name + ".py"]
    try:
        p = subprocess.run(cmd, cwd=corpus, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=OUTER_TIMEOUT)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = 124, e.stdout or b"", e.stderr or b""
    if rc < 0:
        rc = 128 - rc  # the shell's way of reporting a death by signal
    why = []
    if rc != want_rc:
        w = "exit %d, expected %d" % (rc, want_rc)
        if rc == 124:
            w += " (hung: killed by the outer timeout %d)" % OUTER_TIMEOUT
        last = last_line(err)[:300]
        if last:
            w += "; stderr: " + last.decode("utf-8", "replace")
        why.append(w)
    with open(base + ".out", "rb") as f:
        want_out = f.read()
    if want_out != out:
        why.append("stdout " + first_diff(want_out, out))
    if os.path.exists(base + ".err"):
        with open(base + ".err", "rb") as f:
            want_err = f.read().rstrip(b"\n")
        got_err = last_line(err)
        if want_err != got_err:
            why.append("last stderr line: expected '%s' | got '%s'" % (
                want_err.decode("utf-8", "replace"),
                got_err[:300].decode("utf-8", "replace")))
    if os.path.exists(base + ".tb"):
        # sanitizer runtimes may add their own notes: not part of the program
        tb = ASAN_NOTE.sub(b"", err.replace(corpus.encode() + b"/", b""))
        with open(base + ".tb", "rb") as f:
            want_tb = f.read()
        if want_tb != tb:
            why.append("traceback " + first_diff(want_tb, tb))
    if why:
        return "FAIL %s: %s" % (name, "; ".join(why))
    return "PASS " + name


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write("usage: bash tests/corpus.sh BINARY [FILTER]\n")
        return 64
    binary = argv[1]
    flt = argv[2] if len(argv) == 3 else ""
    if os.sep not in binary and not os.path.exists(binary):
        from shutil import which
        binary = which(binary) or binary
    binary = os.path.abspath(binary)
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        sys.stderr.write("corpus: '%s' is not an executable\n" % binary)
        return 2
    corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus")
    corpus = os.path.realpath(corpus)
    names = sorted(f[:-3] for f in os.listdir(corpus)
                   if f.endswith(".py") and flt in f)
    jobs = int(os.environ.get("CORPUS_JOBS") or os.cpu_count() or 2)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda n: check(binary, corpus, n), names))
    fails = sorted(r for r in results if r.startswith("FAIL "))
    for r in fails:
        print(r)
    print("corpus: %d passed, %d failed" % (len(results) - len(fails), len(fails)))
    sys.stdout.flush()
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
