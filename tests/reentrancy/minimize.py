#!/usr/bin/env python3
"""Shrink a failing re-entrancy program while its sanitizer report stays the same.

    python3 tests/reentrancy/minimize.py [--timeout S] [--quick] BINARY FILE [OUT]

Runs `BINARY run FILE`, takes the family of its sanitizer report (kind and
top project frame, as tests/reentrancy/report.py keys it), then removes
statements by delta debugging (ddmin): first the top-level statements (the
attacks and the parts of the prelude they do not use), then, again and
again until nothing more goes, the statements of every block (function and
class bodies, loops, branches).  A candidate is kept when it still gives a
report of the same family.  --quick stops after the first two steps
(keep the one attack that fails alone, drop the code it cannot reach),
which take a few runs.  Writes OUT (default FILE with .min.py) and
prints it.
"""
import ast
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402

ENV = dict(os.environ)
ENV.setdefault('ASAN_OPTIONS', 'detect_leaks=1:abort_on_error=0:exitcode=86')
ENV.setdefault('UBSAN_OPTIONS', 'print_stacktrace=1:halt_on_error=1:exitcode=87')


class Runner:
    def __init__(self, binary, timeout):
        self.binary = binary
        self.timeout = timeout
        self.runs = 0
        self.cache = {}
        self.stdout = ''
        fd, self.path = tempfile.mkstemp(suffix='.py', prefix='reent_min_')
        os.close(fd)

    def key(self, src):
        if src in self.cache:
            return self.cache[src]
        with open(self.path, 'w') as f:
            f.write(src)
        self.runs += 1
        try:
            p = subprocess.run([self.binary, 'run', '--timeout', str(self.timeout), self.path],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=self.timeout + 60, env=ENV)
            self.stdout = p.stdout.decode('utf-8', 'replace')
            k = report.key_of(p.stderr.decode('utf-8', 'replace'))
            if k is None and p.returncode < 0:
                k = ('signal', str(-p.returncode))
        except subprocess.TimeoutExpired:
            k = ('hang', '')
        self.cache[src] = k
        return k


def blocks(tree):
    """Every statement list in TREE, outermost first: (node, field)."""
    out = []
    for node in ast.walk(tree):
        for field in ('body', 'orelse', 'finalbody'):
            v = getattr(node, field, None)
            if isinstance(v, list) and v and isinstance(v[0], ast.stmt):
                out.append((node, field))
        if isinstance(node, ast.Try):
            for h in node.handlers:
                out.append((h, 'body'))
    return out


def ddmin(items, test):
    """The smallest sublist of ITEMS (by ddmin) for which TEST holds."""
    n = 2
    while len(items) >= 2:
        chunk = max(1, len(items) // n)
        subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
        reduced = False
        for i in range(len(subsets)):
            comp = [x for j, s in enumerate(subsets) if j != i for x in s]
            if test(comp):
                items = comp
                n = max(n - 1, 2)
                reduced = True
                break
        if not reduced:
            if n >= len(items):
                break
            n = min(len(items), n * 2)
    if len(items) == 1 and test([]):
        return []
    return items


def isolate(runner, tree, want):
    """Keep one attack (`def aN` and `_run(aN, ...)`) when it alone gives WANT."""
    attacks = [s.name for s in tree.body if isinstance(s, ast.FunctionDef) and re.fullmatch(r'a\d+', s.name)]

    def runs(s):
        return (isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and s.value.args
                and isinstance(s.value.args[0], ast.Name) and s.value.args[0].id in attacks)

    def named(s):
        if isinstance(s, ast.FunctionDef) and s.name in attacks:
            return s.name
        return s.value.args[0].id if runs(s) else None

    # The attack after the last one that printed is the likely culprit.
    done = {ln.split()[0] for ln in runner.first_stdout.splitlines() if ln.split()}
    order = [a for a in attacks if a not in done][:1] + list(reversed(attacks))
    for name in order:
        body = [s for s in tree.body if named(s) in (None, name)]
        cand = ast.Module(body=body, type_ignores=[])
        if runner.key(ast.unparse(cand) + '\n') == want:
            tree.body = body
            return


def prune(runner, tree, want):
    """Drop, in one try, what the kept attack cannot reach: top-level names
    it never mentions (transitively) and the hook methods of classes whose
    _fire() name it does not arm."""
    armed = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == '_arm':
            for a in node.args[1:4]:
                if isinstance(a, (ast.List, ast.Tuple)):
                    armed.update(e.value for e in a.elts if isinstance(e, ast.Constant))

    def fires(fn):
        for node in ast.walk(fn):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == '_fire'
                    and node.args and isinstance(node.args[0], ast.Constant)):
                return node.args[0].value
        return None

    def names(node):
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | \
               {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}

    def defined(stmt):
        if isinstance(stmt, (ast.FunctionDef, ast.ClassDef)):
            return {stmt.name}
        if isinstance(stmt, ast.Assign):
            return {t.id for t in stmt.targets if isinstance(t, ast.Name)}
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            return {a.asname or a.name for a in stmt.names}
        return set()

    old_body = tree.body
    saved = {}
    for stmt in old_body:
        if isinstance(stmt, ast.ClassDef):
            keep = [f for f in stmt.body if not (isinstance(f, ast.FunctionDef) and fires(f) is not None
                                                 and fires(f) not in armed)]
            saved[stmt] = stmt.body
            stmt.body = keep or [ast.Pass()]
    # Reachability from the statements that define nothing (the attack's run).
    need = set()
    for stmt in old_body:
        if not defined(stmt):
            need |= names(stmt)
    changed = True
    while changed:
        changed = False
        for stmt in old_body:
            d = defined(stmt)
            if d & need and not names(stmt) <= need:
                need |= names(stmt)
                changed = True
    tree.body = [s for s in old_body if not defined(s) or defined(s) & need]
    if runner.key(ast.unparse(tree) + '\n') == want:
        return
    tree.body = old_body
    for stmt, body in saved.items():
        stmt.body = body


def minimize(runner, src, want, log=sys.stderr, quick=False):
    tree = ast.parse(src)
    isolate(runner, tree, want)
    prune(runner, tree, want)
    log.write('minimize: %d lines after %d runs (attack isolated, unused code pruned)\n'
              % (len(ast.unparse(tree).splitlines()), runner.runs))
    if quick:
        return ast.unparse(tree) + '\n'
    changed = True
    while changed:
        changed = False
        for node, field in blocks(tree):
            old = getattr(node, field)
            if not old:
                continue

            def test(keep, node=node, field=field):
                setattr(node, field, keep if keep or node is tree else [ast.Pass()])
                try:
                    cand = ast.unparse(tree) + '\n'
                except Exception:
                    return False
                finally:
                    setattr(node, field, old)
                return runner.key(cand) == want

            new = ddmin(list(old), test)
            if not new and node is not tree:
                new = [ast.Pass()]
            if len(new) < len(old) and not (len(new) == 1 and isinstance(new[0], ast.Pass) and len(old) == 1):
                setattr(node, field, new)
                changed = True
                log.write('minimize: %d lines after %d runs\n' % (len(ast.unparse(tree).splitlines()), runner.runs))
    return ast.unparse(tree) + '\n'


def main():
    args = sys.argv[1:]
    timeout = 15
    quick = False
    while args[:1] in (['--timeout'], ['--quick']):
        if args[0] == '--quick':
            quick = True
            args = args[1:]
        else:
            timeout = int(args[1])
            args = args[2:]
    if len(args) not in (2, 3):
        sys.stderr.write(__doc__)
        sys.exit(64)
    binary, path = os.path.abspath(args[0]), args[1]
    out = args[2] if len(args) == 3 else (path[:-3] if path.endswith('.py') else path) + '.min.py'
    src = open(path).read()
    runner = Runner(binary, timeout)
    try:
        want = runner.key(src)
        runner.first_stdout = runner.stdout
        if want is None or want[0] == 'hang':
            sys.stderr.write('minimize: %s gives no sanitizer report (%r)\n' % (path, want))
            sys.exit(1)
        sys.stderr.write('minimize: family %s %s\n' % want)
        small = minimize(runner, src, want, quick=quick)
    finally:
        os.unlink(runner.path)
    with open(out, 'w') as f:
        f.write(small)
    sys.stderr.write('minimize: %s (%d lines, %d runs)\n' % (out, len(small.splitlines()), runner.runs))
    sys.stdout.write(small)


if __name__ == '__main__':
    main()
