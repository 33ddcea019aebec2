# fnmatch.filter: the names that match, in order, from any iterable
import fnmatch

names = ['main.py', 'util.py', 'README.md', 'setup.cfg', 'test_main.py', '.git', 'notes.txt', 'Makefile']
print(fnmatch.filter(names, '*.py'))
print(fnmatch.filter(names, 'test_*'))
print(fnmatch.filter(names, '*.[mc]*'))
print(fnmatch.filter(names, '[!.]*'))
print(fnmatch.filter(names, '*'))
print(fnmatch.filter(names, ''))
print(fnmatch.filter([], '*'))
print(fnmatch.filter((n for n in names if len(n) > 7), '*.*'))
print(fnmatch.filter({'b.py': 1, 'a.py': 2, 'c.txt': 3}, '*.py'))
print(fnmatch.filter(iter(['x1', 'x2', 'y1']), 'x?'))
print(fnmatch.filter(['a', 'a', 'A'], 'a'))

class S(str):
    pass
r = fnmatch.filter([S('kept.py'), 'other'], '*.py')
print(r, type(r[0]).__name__)

class Path:
    def __fspath__(self):
        return '*.md'
print(fnmatch.filter(names, Path()))
print(fnmatch.filter([b'a.py', b'b.c'], b'*.py'))

seen = []
def gen():
    for n in ['x.py', 'y.py', 'z.txt']:
        seen.append(n)
        yield n
print(fnmatch.filter(gen(), '*.py'), seen)
