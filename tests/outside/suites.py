#!/usr/bin/env python3
"""Run the unittest-based outside suites under python3 and safepy and compare.

    python3 tests/outside/suites.py [--safepy BIN] [--jobs J] [--filter SUBSTR]
                                    [--keep DIR] [--verbose] [--allow-module NAMES] SUITE SOURCE

SUITE is `exercism` (a copy of the public exercism/python repository) or
`algorithms` (keon/algorithms); SOURCE its checkout or bare git directory.
tests/outside/convert.py turns every test file into plain programs in a
temporary directory (kept in DIR with --keep); each then goes through the
same comparison as tests/outside/run.py: eligible when every module it
imports is on safepy's allowlist and python3 runs it to exit 0 with the same
output under two hash seeds; it passes when safepy prints the same stdout
with exit 0.  The report counts passed, refused (by a rule), differs (wrong
output), error (an exception python3 did not raise), limit and hang, lists
the other programs by cause, and names the modules that kept programs out.
A tool, not a test: exit status 0 unless it cannot run.
"""

import argparse
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run as outside  # noqa: E402  (tests/outside/run.py: the comparison)


def kind_of(cause):
    head = cause.split(':')[0]
    return {'wrong output': 'differs', 'raises': 'error', 'refused': 'refused',
            'limit': 'limit', 'hang': 'hang'}.get(head, 'crash')


def needed(path, allowed):
    mods = outside.imports_of(path) or set()
    return sorted(mods - allowed)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('suite', choices=['exercism', 'algorithms'])
    ap.add_argument('source')
    ap.add_argument('--safepy', default=os.path.join(outside.ROOT, 'build', 'safepy'))
    ap.add_argument('--python', default='python3')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--filter', default='')
    ap.add_argument('--keep', help='write the converted programs here and keep them')
    ap.add_argument('--verbose', action='store_true')
    ap.add_argument('--allow-module', default='',
                    help='opt-in modules to allow (NAME,NAME...), as safepy run --allow-module')
    args = ap.parse_args()
    safepy = os.path.abspath(args.safepy)
    if not os.access(safepy, os.X_OK):
        sys.exit('suites: %s is not an executable (make build/safepy)' % safepy)
    tmp = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix='safepy-suite-')
    try:
        subprocess.run([sys.executable, os.path.join(HERE, 'convert.py'), args.suite,
                        os.path.abspath(args.source), tmp], check=True)
        paths = sorted(os.path.join(tmp, f) for f in os.listdir(tmp)
                       if f.endswith('.py') and args.filter in f)
        # `from __future__ import ...` is a compiler directive, not a module
        allowed = outside.allowed_modules() | {'__future__'}
        extra = []
        if args.allow_module:
            allowed |= set(args.allow_module.split(','))
            extra = ['--allow-module', args.allow_module]
        opts = dict(allowed=allowed, python=args.python, safepy=safepy, verbose=args.verbose,
                    extra=extra)
        with multiprocessing.Pool(max(1, args.jobs), initializer=outside.init,
                                  initargs=(opts,)) as pool:
            results = pool.map(outside.check, paths, chunksize=2)
        needs = {}
        for path, status, detail in results:
            if status == 'skip' and detail == 'imports a module off the allowlist':
                for m in needed(path, allowed):
                    needs.setdefault(m, []).append(os.path.basename(path)[:-3])
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)

    skips, groups, counts = {}, {}, {'passed': 0}
    for path, status, detail in results:
        name = os.path.basename(path)[:-3]
        if status == 'skip':
            skips[detail] = skips.get(detail, 0) + 1
        elif status == 'same':
            counts['passed'] += 1
        else:
            key, extra = detail if isinstance(detail, tuple) else (detail, None)
            groups.setdefault(key, []).append((name, extra))
            k = kind_of(key)
            counts[k] = counts.get(k, 0) + 1
    eligible = sum(counts.values())
    print('%s: %d programs' % (args.suite, len(results)))
    for why, n in sorted(skips.items(), key=lambda kv: -kv[1]):
        print('  not eligible: %4d  %s' % (n, why))
    for mod, progs in sorted(needs.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print('    needs %-12s %3d  %s' % (mod, len(progs), ' '.join(sorted(progs)[:6])
                                          + (' ...' if len(progs) > 6 else '')))
    print()
    for key, progs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print('%3d  %s' % (len(progs), key))
        for name, extra in sorted(progs):
            print('       %s' % name)
            if extra:
                print('         ' + extra.rstrip('\n').replace('\n', '\n         '))
    print()
    order = ['passed', 'refused', 'differs', 'error', 'crash', 'limit', 'hang']
    print('counts: ' + ', '.join('%s %d' % (k, counts.get(k, 0)) for k in order))
    pct = 100.0 * counts['passed'] / eligible if eligible else 0.0
    print('%s: safepy passes %d of %d eligible programs (%.1f%%)'
          % (args.suite, counts['passed'], eligible, pct))


if __name__ == '__main__':
    main()
