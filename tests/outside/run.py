#!/usr/bin/env python3
"""Run an outside interpreter test suite under python3 and safepy and compare.

    python3 tests/outside/run.py [--safepy BIN] [--dirs basics,float,...] [--jobs J]
                                 [--filter SUBSTR] [--verbose] SOURCE

SOURCE is a checkout of another Python implementation whose tests are plain
scripts that print their results (MicroPython's tests/basics, tests/float...),
or its git directory (a bare mirror: the tests/ tree of HEAD is extracted with
`git archive` into a temporary directory).  Nothing of it is kept.

A program is eligible when every module it imports (anywhere, found with ast)
is on safepy's allowlist (rules/policy.json `allowed_modules`), python3 runs it
to exit status 0 within the timeout, its output is the same under two hash
seeds (no set-order or address dependence) and it did not just print SKIP (the
suite's way of saying a feature is missing).  Each eligible program then runs
under `safepy run` (same directory, same timeout); it matches when stdout and
the exit status are the same.

The report gives the figure (matching / eligible), the ineligible counts by
reason, and the differing programs grouped by a cause read from safepy's
answer: a wrong output (first differing line), an exception (its last
traceback line with literals blanked), a refusal (the diagnostic's message),
a limit, a hang.  This is a tool, not a test: exit status 0 unless it cannot
run.  CPython 3.11 is the oracle.
"""

import argparse
import ast
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_DIRS = 'basics,float,misc,stress,unicode,micropython,extmod,import,io'
TIMEOUT = 10
OPTS = {}


def allowed_modules():
    with open(os.path.join(ROOT, 'rules', 'policy.json'), encoding='utf-8') as f:
        return set(json.load(f)['sets']['allowed_modules'])


def tests_tree(source, tmp):
    """The directory holding the suite's tests/ tree (extracted from a git
    directory when SOURCE is one)."""
    if os.path.isdir(os.path.join(source, 'tests')):
        return os.path.join(source, 'tests')
    try:
        arch = subprocess.run(['git', '--git-dir', source, 'archive', 'HEAD', 'tests'],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True).stdout
    except (subprocess.CalledProcessError, FileNotFoundError) as e:
        sys.exit('outside: %s is neither a checkout with tests/ nor a git directory (%s)'
                 % (source, getattr(e, 'stderr', b'').decode(errors='replace').strip() or e))
    subprocess.run(['tar', '-x', '-C', tmp], input=arch, check=True)
    return os.path.join(tmp, 'tests')


def imports_of(path):
    """Top-level names of every imported module, or None when python3 cannot
    parse the file (it is then not eligible anyway)."""
    try:
        with open(path, 'rb') as f:
            tree = ast.parse(f.read(), path)
    except (SyntaxError, ValueError):
        return None
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split('.')[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add('.' if node.level else (node.module or '').split('.')[0])
    return names


def run(cmd, path, seed='0'):
    env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONIOENCODING='utf-8')
    try:
        p = subprocess.run(cmd + [os.path.basename(path)], cwd=os.path.dirname(path),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                           timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return None
    return (p.stdout.decode('utf-8', 'replace'), p.returncode,
            p.stderr.decode('utf-8', 'replace'))


def blank(s):
    """A cause key: quoted literals and numbers blanked, so one family is one key."""
    s = re.sub(r"'[^']*'", "'…'", s)
    s = re.sub(r'"[^"]*"', '"…"', s)
    s = re.sub(r'\(line \d+\)', '', s)
    s = re.sub(r'\b\d+\b', 'N', s)
    return s.strip()[:140]


def cause(py_out, sp):
    """None when safepy matches python3 (exit 0 and same stdout), else a key."""
    if sp is None:
        return 'hang: safepy did not finish in %ds' % TIMEOUT
    out, rc, err = sp
    lines = [l for l in err.split('\n') if l.strip()]
    last = lines[-1] if lines else ''
    if rc == 0 and out == py_out:
        return None
    if rc == 0:
        a, b = py_out.split('\n'), out.split('\n')
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return 'wrong output: line %d: %r | %r' % (i + 1, x[:70], y[:70])
        return 'wrong output: %d lines | %d lines' % (len(a), len(b))
    if rc == 1:
        return 'raises: ' + blank(last)
    if rc == 2:
        first = next((l for l in lines if l.startswith('error') or 'Error' in l), last)
        return 'refused: ' + blank(first)
    if rc == 3:
        return 'limit: ' + blank(last)
    return 'exit %d: %s' % (rc, blank(last))


def check(path):
    """(path, status, detail): status is eligible reasons or 'same'/'diff'."""
    mods = imports_of(path)
    if mods is None:
        return (path, 'skip', 'python3 cannot parse it')
    bad = sorted(mods - OPTS['allowed'])
    if bad:
        return (path, 'skip', 'imports a module off the allowlist')
    a = run([OPTS['python']], path, '0')
    if a is None:
        return (path, 'skip', 'python3 times out')
    if a[1] != 0:
        return (path, 'skip', 'python3 exits %s' % ('non-zero' if a[1] > 0 else 'by a signal'))
    if a[0].strip() == 'SKIP':
        return (path, 'skip', 'python3 prints SKIP')
    b = run([OPTS['python']], path, '1')
    if b is None or b[0] != a[0]:
        return (path, 'skip', 'python3 output varies between runs')
    sp = run([OPTS['safepy'], 'run', '--timeout', str(TIMEOUT - 2)] + OPTS.get('extra', []), path)
    c = cause(a[0], sp)
    if c is None:
        return (path, 'same', None)
    if OPTS['verbose'] and sp is not None:
        c = (c, sp[2][-600:])
    return (path, 'diff', c)


def init(opts):
    OPTS.update(opts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('source', help='checkout of the suite, or its git directory')
    ap.add_argument('--safepy', default=os.path.join(ROOT, 'build', 'safepy'))
    ap.add_argument('--python', default='python3')
    ap.add_argument('--dirs', default=DEFAULT_DIRS, help='comma-separated folders of tests/')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--filter', default='', help='only programs whose path contains this')
    ap.add_argument('--verbose', action='store_true', help="show safepy's stderr for each difference")
    args = ap.parse_args()
    ver = subprocess.run([args.python, '-c', 'import sys, platform; print(platform.python_implementation(), '
                          '"%d.%d" % sys.version_info[:2])'], stdout=subprocess.PIPE,
                         universal_newlines=True).stdout.strip()
    if ver != 'CPython 3.11':
        print('outside: the oracle is %s, not CPython 3.11: figures are not comparable' % ver,
              file=sys.stderr)
    safepy = os.path.abspath(args.safepy)
    if not os.access(safepy, os.X_OK):
        sys.exit('outside: %s is not an executable (make build/safepy)' % safepy)
    tmp = tempfile.mkdtemp(prefix='safepy-outside-')
    try:
        tree = tests_tree(os.path.abspath(args.source), tmp)
        paths = []
        for d in args.dirs.split(','):
            top = os.path.join(tree, d)
            for dirpath, _, files in os.walk(top):
                paths += [os.path.join(dirpath, f) for f in files
                          if f.endswith('.py') and args.filter in os.path.join(dirpath, f)]
        paths.sort()
        opts = dict(allowed=allowed_modules(), python=args.python, safepy=safepy,
                    verbose=args.verbose)
        with multiprocessing.Pool(max(1, args.jobs), initializer=init, initargs=(opts,)) as pool:
            results = pool.map(check, paths, chunksize=4)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    rel = lambda p: os.path.relpath(p, tree)
    skips, groups, same = {}, {}, 0
    for path, status, detail in results:
        if status == 'skip':
            skips[detail] = skips.get(detail, 0) + 1
        elif status == 'same':
            same += 1
        else:
            key, extra = detail if isinstance(detail, tuple) else (detail, None)
            groups.setdefault(key, []).append((rel(path), extra))
    eligible = same + sum(len(v) for v in groups.values())
    print('outside: %d programs in %s' % (len(paths), args.dirs))
    for why, n in sorted(skips.items(), key=lambda kv: -kv[1]):
        print('  not eligible: %4d  %s' % (n, why))
    print()
    kinds = {}
    for key, progs in groups.items():
        k = key.split(':')[0]
        kinds[k] = kinds.get(k, 0) + len(progs)
    for key, progs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print('%3d  %s' % (len(progs), key))
        for name, extra in sorted(progs):
            print('       %s' % name)
            if extra:
                print('         ' + extra.rstrip('\n').replace('\n', '\n         '))
    print()
    print('by kind: ' + ', '.join('%s %d' % kv for kv in sorted(kinds.items(), key=lambda kv: -kv[1])))
    pct = 100.0 * same / eligible if eligible else 0.0
    print('outside: safepy matches %d of %d eligible programs (%.1f%%)' % (same, eligible, pct))


if __name__ == '__main__':
    main()
