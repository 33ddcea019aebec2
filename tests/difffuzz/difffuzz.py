#!/usr/bin/env python3
"""Differential fuzzer: random small programs under python3 and safepy.

    python3 tests/difffuzz/difffuzz.py [--seed S] [--count N] [--jobs J]
                                       [--minimize K] [--out DIR] [--safepy BIN]

Program i of a run is gen.generate(seed * 1_000_000 + i).  Each program runs
under python3 with PYTHONHASHSEED=0: safepy hashes str and bytes as CPython
does under that seed, so the iteration order of sets of strings is compared
too (it was discarded as "hash dependent" before safepy matched it).  A
program is discarded when its output shows an address ('0x') or when python3
itself times out.  It then runs under `safepy run`, and stdout, exit status and the
last line of stderr (the `Type: message` line of a traceback) are compared.
A difference where safepy says something "is not supported by safepy" is
counted apart, as unsupported, not as a wrong answer.

Each difference gets a cheap first signature (what differs and where); up to
--minimize programs per first signature are minimized by delta debugging over
lines (a candidate is kept when python3 still compiles it and the same kind of
difference remains), and the minimized program, with literals and variable
names normalized, is the family signature.  The report lists the differing
rate and the families, with one minimized repro each; --out DIR also writes
every minimized repro there.

This is a tool, not a test: no assertion, exit status 0 unless it cannot run.
"""

import argparse
import io
import keyword
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import tokenize

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

TIMEOUT = 10
SAFEPY = 'build/safepy'
PYTHON = sys.executable or 'python3'
MAX_MIN_TOTAL = 400     # minimizations per run, at most


def run(cmd, path, env_extra=None):
    env = dict(os.environ)
    env['PYTHONIOENCODING'] = 'utf-8'
    if env_extra:
        env.update(env_extra)
    try:
        p = subprocess.run(cmd + [path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None
    err = p.stderr.decode('utf-8', 'replace').rstrip('\n').split('\n')
    return (p.stdout.decode('utf-8', 'replace'), p.returncode, err[-1] if err else '')


ORACLES = {}


def run_py(path, seed='0'):
    """Run under CPython through a warm oracle process (oracle.py) forking
    per program; one oracle per hash seed per worker."""
    o = ORACLES.get(seed)
    if o is None or o.poll() is not None:
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONIOENCODING='utf-8')
        o = subprocess.Popen([PYTHON, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'oracle.py'),
                              str(TIMEOUT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                             universal_newlines=True)
        ORACLES[seed] = o
    o.stdin.write(os.path.abspath(path) + '\n')
    o.stdin.flush()
    rc = int(o.stdout.readline())
    if rc == -1:
        return None
    with open(path + '.out', encoding='utf-8', errors='replace') as f:
        out = f.read()
    with open(path + '.err', encoding='utf-8', errors='replace') as f:
        err = f.read().rstrip('\n').split('\n')
    return (out, rc, err[-1] if err else '')


def run_sp(path):
    return run([SAFEPY, 'run', '--timeout', str(TIMEOUT - 2)], path)


def compare(py, sp):
    """None when equal, else (kind, detail) describing the first difference."""
    if sp is None:
        return ('hang', 'safepy did not finish')
    if sp[1] == 3:
        return ('limit', sp[2][:120])
    if sp[1] not in (0, 1):
        return ('exit%d' % sp[1], sp[2][:120])
    if py[0] != sp[0]:
        a = py[0].split('\n')
        b = sp[0].split('\n')
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return ('stdout', 'line %d: %r | %r' % (i + 1, x[:100], y[:100]))
        return ('stdout', 'length %d | %d lines' % (len(a), len(b)))
    if py[1] != sp[1]:
        return ('exit', '%d | %d: %s' % (py[1], sp[1], sp[2][:100]))
    if py[1] != 0 and py[2] != sp[2]:
        return ('traceback', '%r | %r' % (py[2][:100], sp[2][:100]))
    return None


def write(dirpath, text, name='p.py'):
    path = os.path.join(dirpath, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path


def check(text, tmpdir):
    """('skip', why) | ('same', None) | ('diff', (kind, detail))."""
    path = write(tmpdir, text)
    a = run_py(path, '0')
    if a is None:
        return ('skip', 'python3 timeout')
    if '0x' in a[0] or '0x' in a[2] or ' at 0x' in a[0]:
        return ('skip', 'address')
    if a[1] not in (0, 1):
        return ('skip', 'python3 exit %d' % a[1])
    sp = run_sp(path)
    d = compare(a, sp)
    if d is None:
        return ('same', None)
    # a documented refusal (complex numbers, a construct not implemented
    # yet): counted apart from wrong answers
    for text in (sp[0], sp[2]) if sp else ():
        m = UNSUPPORTED.search(text)
        if m:
            return ('unsupported', re.sub(r'\d+', 'N', m.group(0))[:100])
    return ('diff', d)


UNSUPPORTED = re.compile(r"[^\n]*(?:is|are) not supported by safepy[^\n]*")


def first_sig(d):
    """A cheap signature of a difference, before minimization."""
    kind, detail = d
    det = re.sub(r"\d+", 'N', detail)
    det = re.sub(r"'[^']*'", 'S', det)
    return '%s: %s' % (kind, det[:90])


# --- minimization ------------------------------------------------------------

def compiles(text):
    try:
        compile(text, '<m>', 'exec')
        return True
    except (SyntaxError, ValueError):
        return False


def exact_sig(d):
    """What must stay the same while minimizing: the kind of difference and
    its text, without the line number."""
    return (d[0], re.sub(r'^line \d+: ', '', d[1]))


def still(text, want, tmpdir):
    if not compiles(text):
        return False
    r = check(text, tmpdir)
    return r[0] == 'diff' and exact_sig(r[1]) == want


def ddmin(lines, test):
    """Classic delta debugging over a list of lines."""
    n = 2
    while len(lines) >= 2:
        chunk = max(1, len(lines) // n)
        removed = False
        for start in range(0, len(lines), chunk):
            cand = lines[:start] + lines[start + chunk:]
            if cand and test(cand):
                lines = cand
                n = max(n - 1, 2)
                removed = True
                break
        if not removed:
            if chunk == 1:
                break
            n = min(len(lines), n * 2)
    return lines


def dedent_try(lines, test):
    """Replace `try:` blocks by their body when the difference survives."""
    changed = True
    while changed:
        changed = False
        for i, ln in enumerate(lines):
            if ln.strip() != 'try:':
                continue
            ind = len(ln) - len(ln.lstrip())
            j = i + 1
            body = []
            while j < len(lines) and (len(lines[j]) - len(lines[j].lstrip()) > ind):
                body.append(lines[j][4:])
                j += 1
            k = j
            # drop the handlers that follow at the same indentation
            while k < len(lines) and len(lines[k]) - len(lines[k].lstrip()) == ind and \
                    lines[k].strip().split(' ')[0].rstrip(':') in ('except', 'else', 'finally'):
                k += 1
                while k < len(lines) and len(lines[k]) - len(lines[k].lstrip()) > ind:
                    k += 1
            cand = lines[:i] + body + lines[k:]
            if test(cand):
                lines = cand
                changed = True
                break
    return lines


def minimize(text, want):
    with tempfile.TemporaryDirectory(prefix='difffuzz-') as tmpdir:
        def test(ls):
            return still('\n'.join(ls) + '\n', want, tmpdir)
        lines = text.rstrip('\n').split('\n')
        lines = ddmin(lines, test)
        lines = dedent_try(lines, test)
        lines = ddmin(lines, test)
        return '\n'.join(lines) + '\n'


BUILTIN_NAMES = set(dir(__builtins__)) if not isinstance(__builtins__, dict) else set(__builtins__)


def family_sig(kind, text):
    """Minimized program with literals and variable names normalized."""
    out = []
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return kind + ': ' + text.strip()[:200]
    prev = None
    for t in toks:
        if t.type == tokenize.NUMBER:
            out.append('N')
        elif t.type == tokenize.STRING:
            out.append('F' if t.string.lower().startswith(('f', 'rf', 'fr')) else 'S')
        elif t.type == tokenize.NAME:
            s = t.string
            if keyword.iskeyword(s) or s in BUILTIN_NAMES or (prev is not None and prev.string == '.') \
                    or s in ('math', 'itertools', 'collections', 'random'):
                out.append(s)
            else:
                out.append('v')
        elif t.type in (tokenize.NEWLINE, tokenize.NL):
            out.append(';')
        elif t.type == tokenize.OP:
            out.append(t.string)
        prev = t
    sig = ' '.join(out)
    sig = re.sub(r'(; )+', '; ', sig)
    return '%s: %s' % (kind, sig[:240])


# --- driver --------------------------------------------------------------------

def worker(num):
    text = gen.generate(num)
    with tempfile.TemporaryDirectory(prefix='difffuzz-') as tmpdir:
        r = check(text, tmpdir)
    return num, r


def min_worker(args):
    num, d = args
    text = gen.generate(num)
    m = minimize(text, exact_sig(d))
    return num, m, family_sig(d[0], m)


def main():
    global SAFEPY
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[1])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=1000)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--minimize', type=int, default=2, help='programs minimized per first signature')
    ap.add_argument('--max-min', type=int, default=MAX_MIN_TOTAL, help='minimizations per run, at most')
    ap.add_argument('--out', default=None, help='directory for minimized repros')
    ap.add_argument('--safepy', default=SAFEPY)
    ap.add_argument('--show', type=int, default=40, help='families shown')
    a = ap.parse_args()
    SAFEPY = os.path.abspath(a.safepy)
    if not os.access(SAFEPY, os.X_OK):
        print('difffuzz: %s is not an executable' % SAFEPY, file=sys.stderr)
        return 2
    nums = [a.seed * 1000000 + i for i in range(a.count)]
    skipped = {}
    unsupported = {}
    diffs = {}      # first signature -> [num, ...]
    kinds = {}
    same = 0
    with multiprocessing.Pool(a.jobs, initializer=_init, initargs=(SAFEPY,)) as pool:
        for num, (status, info) in pool.imap_unordered(worker, nums, chunksize=8):
            if status == 'skip':
                skipped[info] = skipped.get(info, 0) + 1
            elif status == 'unsupported':
                unsupported[info] = unsupported.get(info, 0) + 1
            elif status == 'same':
                same += 1
            else:
                fs = first_sig(info)
                diffs.setdefault(fs, []).append(num)
                kinds[num] = info
        ndiff = sum(len(v) for v in diffs.values())
        nunsup = sum(unsupported.values())
        compared = same + ndiff + nunsup
        # minimize a few programs of each first signature
        todo = []
        for fs, ns in sorted(diffs.items(), key=lambda kv: -len(kv[1])):
            for n in sorted(ns)[:a.minimize]:
                todo.append((n, kinds[n]))
        todo = todo[:a.max_min]
        fam = {}        # family sig -> [count, repro, nums]
        fs_of = {n: fs for fs, ns in diffs.items() for n in ns}
        fs_fams = {}
        for num, m, sig in pool.imap_unordered(min_worker, todo):
            fs_fams.setdefault(fs_of[num], []).append(sig)
            f = fam.setdefault(sig, [0, m, []])
            f[2].append(num)
            if len(m) < len(f[1]):
                f[1] = m
    # attribute every differing program to the family of its first signature
    for fs, ns in diffs.items():
        sigs = fs_fams.get(fs)
        if not sigs:
            continue
        fam[sigs[0]][0] += len(ns)
    print('difffuzz: seed %d, %d programs, %d compared, %d skipped (%s)' % (
        a.seed, a.count, compared, sum(skipped.values()),
        ', '.join('%s %d' % kv for kv in sorted(skipped.items())) or 'none'))
    rate = 100.0 * ndiff / compared if compared else 0.0
    print('difffuzz: %d differing programs (%.2f%%), %d first signatures, %d families' % (
        ndiff, rate, len(diffs), len(fam)))
    if nunsup:
        print('difffuzz: %d programs (%.2f%%) meet a documented refusal:' % (
            nunsup, 100.0 * nunsup / compared))
        for msg, n in sorted(unsupported.items(), key=lambda kv: -kv[1]):
            print('    %5d  %s' % (n, msg))
    if a.out:
        os.makedirs(a.out, exist_ok=True)
    for i, (sig, (count, m, ns)) in enumerate(sorted(fam.items(), key=lambda kv: -kv[1][0])):
        if a.out:
            write(a.out, '# %s\n# from program %d\n%s' % (sig, ns[0], m), 'fam%03d.py' % i)
        if i < a.show:
            print('\n--- family %d: %d programs (program %d)\n%s' % (i, count, ns[0], sig))
            print('    ' + m.rstrip('\n').replace('\n', '\n    '))
    return 0


def _init(safepy):
    global SAFEPY
    SAFEPY = safepy


if __name__ == '__main__':
    sys.exit(main())
