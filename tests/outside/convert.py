#!/usr/bin/env python3
"""Turn the unittest files of outside suites into plain programs.

    python3 tests/outside/convert.py exercism SOURCE OUTDIR
    python3 tests/outside/convert.py algorithms SOURCE OUTDIR

SOURCE is a checkout or a bare git directory of the public repository
(`exercism/python`: exercises/practice/*/ with .meta/example.py, the
reference solution, and *_test.py; `keon/algorithms`: the algorithms/
package and tests/test_*.py).  Nothing of it is kept in this repository: the
programs are written to OUTDIR, which the caller deletes.

Each program is self-contained and imports nothing but the modules the code
under test imports itself: our unittest stand-in (unittest_shim.py) first,
then the code under test with the imports inside the suite resolved by
inlining the modules they name (their `if __name__ == '__main__'` blocks
dropped), then the test file without its imports of unittest and of the
code under test, then a call that runs every test and prints one line per
test.  python3 runs the same program, so it is the oracle.

Granularity: one program per exercise (exercism), one per test class
(algorithms: a test file covers a whole package; a class covers one module),
so one gap costs one program, not a package.
"""

import ast
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


class Tree:
    """Files of a checkout or of a bare git directory's HEAD."""

    def __init__(self, source):
        self.source = source
        self.git = not os.path.isdir(os.path.join(source, '.git')) and \
            os.path.isfile(os.path.join(source, 'HEAD'))
        if self.git:
            out = subprocess.run(['git', '--git-dir', source, 'ls-tree', '-r', '--name-only', 'HEAD'],
                                 stdout=subprocess.PIPE, check=True).stdout.decode()
            self.files = set(out.split('\n')) - {''}
        else:
            self.files = set()
            for dirpath, _, names in os.walk(source):
                for n in names:
                    self.files.add(os.path.relpath(os.path.join(dirpath, n), source))

    def has(self, path):
        return path in self.files

    def read(self, path):
        if self.git:
            return subprocess.run(['git', '--git-dir', self.source, 'show', 'HEAD:' + path],
                                  stdout=subprocess.PIPE, check=True).stdout.decode('utf-8')
        with open(os.path.join(self.source, path), encoding='utf-8') as f:
            return f.read()


def shim():
    with open(os.path.join(HERE, 'unittest_shim.py'), encoding='utf-8') as f:
        return f.read()


def top_names(tree):
    """Names a module binds at top level."""
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        names.append(n.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.ImportFrom) and node.module == '__future__':
                continue
            for a in node.names:
                if a.name != '*':
                    names.append(a.asname or a.name.split('.')[0])
    return list(dict.fromkeys(names))


def is_main_guard(node):
    if not isinstance(node, ast.If):
        return False
    t = node.test
    return isinstance(t, ast.Compare) and isinstance(t.left, ast.Name) and t.left.id == '__name__'


class Program:
    """Pieces of one converted program: hoisted future imports, then chunks."""

    def __init__(self, origin):
        self.origin = origin
        self.future = []
        self.chunks = []

    def add_source(self, text, drop, replace, label):
        """Adds TEXT with the top-level statements in DROP removed (a set of
        ast nodes of TEXT's parse) and those in REPLACE (node -> text)
        replaced; future imports are hoisted."""
        drop = {n.lineno for n in drop}
        replace = {n.lineno: v for n, v in replace.items()}
        lines = text.split('\n')
        tree = ast.parse(text)
        edits = []
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module == '__future__':
                self.future.append(ast.get_source_segment(text, node))
                edits.append((node, ''))
            elif node.lineno in drop:
                edits.append((node, ''))
            elif node.lineno in replace:
                edits.append((node, replace[node.lineno]))
        for node, new in sorted(edits, key=lambda e: -e[0].lineno):
            first, last = node.lineno - 1, node.end_lineno
            indent = lines[first][:len(lines[first]) - len(lines[first].lstrip())]
            new_lines = [indent + l for l in new.split('\n')] if new else []
            # keep line count stable when dropping, so tracebacks stay readable
            lines[first:last] = new_lines + [''] * max(0, (last - first) - len(new_lines))
        self.chunks.append('# ---- %s\n%s' % (label, '\n'.join(lines)))

    def text(self):
        head = '# converted from %s by tests/outside/convert.py\n' % self.origin
        fut = '\n'.join(dict.fromkeys(self.future))
        return head + (fut + '\n' if fut else '') + shim() + '\n' + '\n'.join(self.chunks) + '\n'


def test_file_edits(tree, local_modules):
    """Nodes of a test file to drop (its unittest and local-module imports,
    the main guard) and replacements (`from unittest import X`)."""
    drop, replace = set(), {}
    for node in tree.body:
        if is_main_guard(node):
            drop.add(node)
        elif isinstance(node, ast.Try) and all(
                isinstance(b, (ast.Import, ast.ImportFrom)) and imports_only(b, local_modules)
                for b in node.body):
            drop.add(node)  # `try: from hello_world import hello / except ImportError: ...`
        elif isinstance(node, ast.Import):
            if all(a.name in ('unittest', 'pytest') or a.name.split('.')[0] in local_modules for a in node.names):
                drop.add(node)
        elif isinstance(node, ast.ImportFrom):
            if node.module == 'unittest':
                replace[node] = '\n'.join('%s = unittest.%s' % (a.asname or a.name, a.name)
                                          for a in node.names)
            elif node.level == 0 and node.module and node.module.split('.')[0] in local_modules:
                drop.add(node)
    return drop, replace


def imports_only(node, local_modules):
    """True when NODE imports only modules of the suite itself."""
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or '').split('.')[0] in local_modules
    return all(a.name.split('.')[0] in local_modules for a in node.names)


def test_classes(tree):
    return [n.name for n in tree.body if isinstance(n, ast.ClassDef)]


def runner_call(classes):
    return ('_shim_run([c for c in [%s] if isinstance(c, type) and issubclass(c, _TestCase)])\n'
            % ', '.join(classes))


# ---- exercism ---------------------------------------------------------------

def convert_exercism(tree, outdir):
    base = 'exercises/practice/'
    slugs = sorted({p[len(base):].split('/')[0] for p in tree.files if p.startswith(base)})
    count = 0
    for slug in slugs:
        d = base + slug + '/'
        mod = slug.replace('-', '_')
        test_path, example = d + mod + '_test.py', d + '.meta/example.py'
        if not (tree.has(test_path) and tree.has(example)):
            continue
        # extra files the test imports (test_utils.py...) are local modules too
        extras = {p[len(d):-3]: p for p in tree.files
                  if p.startswith(d) and p.count('/') == d.count('/') and p.endswith('.py')
                  and p not in (test_path, d + mod + '.py')}
        prog = Program('exercism/python ' + d)
        local = {mod} | set(extras)
        sol = tree.read(example)
        sol_tree = ast.parse(sol)
        prog.add_source(sol, {n for n in sol_tree.body if is_main_guard(n)}, {}, example)
        for name, path in sorted(extras.items()):
            text = tree.read(path)
            t = ast.parse(text)
            prog.add_source(text, {n for n in t.body if is_main_guard(n)}, {}, path)
        test = tree.read(test_path)
        ttree = ast.parse(test)
        drop, replace = test_file_edits(ttree, local)
        # `import yacht` / `import error_handling as er`: a namespace object
        aliases = []
        for node in ttree.body:
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name == mod:
                        aliases.append('%s = _ShimModule(%r, %s)' % (
                            a.asname or a.name, a.name,
                            ', '.join('%s=%s' % (n, n) for n in top_names(sol_tree))))
        if aliases:
            prog.chunks.append('\n'.join(aliases))
        prog.add_source(test, drop, replace, test_path)
        prog.chunks.append(runner_call(test_classes(ttree)))
        with open(os.path.join(outdir, mod + '.py'), 'w', encoding='utf-8') as f:
            f.write(prog.text())
        count += 1
    return count


# ---- keon/algorithms --------------------------------------------------------

class Package:
    """Resolves `algorithms.*` names to the files that define them."""

    def __init__(self, tree):
        self.tree = tree
        self.parsed = {}

    def file_of(self, module):
        path = module.replace('.', '/')
        if self.tree.has(path + '.py'):
            return path + '.py'
        if self.tree.has(path + '/__init__.py'):
            return path + '/__init__.py'
        return None

    def parse(self, path):
        if path not in self.parsed:
            text = self.tree.read(path)
            self.parsed[path] = (text, ast.parse(text))
        return self.parsed[path]

    @staticmethod
    def module_of(path):
        m = path[:-3].replace('/', '.')
        return m[:-len('.__init__')] if m.endswith('.__init__') else m

    def absolute(self, path, node):
        """The absolute module an ImportFrom in PATH names."""
        if node.level == 0:
            return node.module
        pkg = self.module_of(path).split('.')
        if not path.endswith('__init__.py'):
            pkg = pkg[:-1]
        pkg = pkg[:len(pkg) - (node.level - 1)]
        return '.'.join(pkg + ([node.module] if node.module else []))

    def local(self, module):
        return module is not None and module.split('.')[0] == 'algorithms'


def convert_algorithms(tree, outdir):
    pkg = Package(tree)
    count = 0
    for test_path in sorted(p for p in tree.files if p.startswith('tests/test_') and p.endswith('.py')):
        text = tree.read(test_path)
        try:
            ttree = ast.parse(text)
        except SyntaxError:
            continue
        # name -> ('def', module) or ('module', module) for each local import
        imported = {}
        for node in ttree.body:
            if isinstance(node, ast.ImportFrom) and pkg.local(node.module):
                for a in node.names:
                    sub = node.module + '.' + a.name
                    kind = 'module' if pkg.file_of(sub) and not defines(pkg, node.module, a.name) \
                        else 'def'
                    imported[a.asname or a.name] = (kind, sub if kind == 'module' else node.module,
                                                    a.name)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if pkg.local(a.name):
                        imported[a.asname or a.name] = ('module', a.name, None)
        classes = [n for n in ttree.body if isinstance(n, ast.ClassDef)]
        helpers = [n for n in ttree.body if not isinstance(n, ast.ClassDef)]
        for cls in classes:
            used = {n.id for n in ast.walk(cls) if isinstance(n, ast.Name)}
            for h in helpers:  # module-level helpers of the test file may use imports too
                used |= {n.id for n in ast.walk(h) if isinstance(n, ast.Name)}
            prog = Program('keon/algorithms %s::%s' % (test_path, cls.name))
            order, seen, aliases = [], set(), []
            ok = True
            for name in sorted(used & set(imported)):
                kind, module, orig = imported[name]
                if kind == 'module':
                    path = pkg.file_of(module)
                    if path is None:
                        ok = False
                        break
                    include_file(pkg, path, order, seen, 0)
                    aliases.append('%s = _ShimModule(%r, %s)' % (
                        name, module, ', '.join('%s=%s' % (n, n) for n in top_names(pkg.parse(path)[1]))))
                else:
                    path = resolve(pkg, module, orig, 0)
                    if path is None:
                        ok = False
                        break
                    include_file(pkg, path, order, seen, 0)
                    if name != orig:
                        aliases.append('%s = %s' % (name, orig))
            if not ok:
                continue
            for path in order:
                src, t = pkg.parse(path)
                drop, replace = module_edits(pkg, path, t)
                prog.add_source(src, drop, replace, path)
            if aliases:
                prog.chunks.append('\n'.join(aliases))
            others = {c for c in classes if c is not cls}
            drop, replace = test_file_edits(ttree, {'algorithms'})
            prog.add_source(text, drop | others, replace, test_path)
            prog.chunks.append(runner_call([cls.name]))
            name = '%s__%s.py' % (os.path.basename(test_path)[:-3], cls.name)
            with open(os.path.join(outdir, name), 'w', encoding='utf-8') as f:
                f.write(prog.text())
            count += 1
    return count


def defines(pkg, module, name):
    path = pkg.file_of(module)
    return path is not None and name in top_names(pkg.parse(path)[1])


def resolve(pkg, module, name, depth):
    """The file whose top level defines NAME (following re-exports)."""
    path = pkg.file_of(module)
    if path is None or depth > 20:
        return None
    t = pkg.parse(path)[1]
    for node in t.body:
        if isinstance(node, ast.ImportFrom):
            for a in node.names:
                if (a.asname or a.name) == name:
                    target = pkg.absolute(path, node)
                    if not pkg.local(target):
                        return path  # re-exported from a standard module: keep this file
                    sub = target + '.' + a.name
                    if pkg.file_of(sub) and not defines(pkg, target, a.name):
                        return pkg.file_of(sub)
                    return resolve(pkg, target, a.name, depth + 1)
    return path if name in top_names(t) else None


def include_file(pkg, path, order, seen, depth):
    """Adds PATH after the files its local imports need (depth-first)."""
    if path in seen or depth > 40:
        return
    seen.add(path)
    t = pkg.parse(path)[1]
    for node in t.body:
        if isinstance(node, ast.ImportFrom):
            target = pkg.absolute(path, node)
            if not pkg.local(target):
                continue
            for a in node.names:
                sub = target + '.' + a.name
                if pkg.file_of(sub) and not defines(pkg, target, a.name):
                    include_file(pkg, pkg.file_of(sub), order, seen, depth + 1)
                else:
                    dep = resolve(pkg, target, a.name, 0)
                    if dep is not None:
                        include_file(pkg, dep, order, seen, depth + 1)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if pkg.local(a.name) and pkg.file_of(a.name):
                    include_file(pkg, pkg.file_of(a.name), order, seen, depth + 1)
    order.append(path)


def module_edits(pkg, path, t):
    """Local imports of an inlined module become aliases (or nothing)."""
    drop, replace = set(), {}
    for node in t.body:
        if is_main_guard(node):
            drop.add(node)
        elif isinstance(node, ast.ImportFrom) and pkg.local(pkg.absolute(path, node)):
            target = pkg.absolute(path, node)
            lines = []
            for a in node.names:
                sub = target + '.' + a.name
                if pkg.file_of(sub) and not defines(pkg, target, a.name):
                    sub_t = pkg.parse(pkg.file_of(sub))[1]
                    lines.append('%s = _ShimModule(%r, %s)' % (
                        a.asname or a.name, sub,
                        ', '.join('%s=%s' % (n, n) for n in top_names(sub_t))))
                elif a.asname and a.asname != a.name:
                    lines.append('%s = %s' % (a.asname, a.name))
            if lines:
                replace[node] = '\n'.join(lines)
            else:
                drop.add(node)
        elif isinstance(node, ast.Import) and all(pkg.local(a.name) for a in node.names):
            drop.add(node)
    return drop, replace


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ('exercism', 'algorithms'):
        sys.exit(__doc__.split('\n\n')[1])
    suite, source, outdir = sys.argv[1:]
    os.makedirs(outdir, exist_ok=True)
    tree = Tree(source)
    n = (convert_exercism if suite == 'exercism' else convert_algorithms)(tree, outdir)
    print('convert: %d programs from %s' % (n, suite))


if __name__ == '__main__':
    main()
