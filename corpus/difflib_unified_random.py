# unified_diff and context_diff on random files: context sizes, dates,
# lineterm, empty sides, the hunk ranges
import difflib
import random

random.seed(1234)


def make(r, n):
    return ['line %d %s\n' % (i, r.choice('abc')) for i in range(n)]


def edit(r, ls):
    out = list(ls)
    for _ in range(r.randrange(0, 6)):
        k = r.randrange(3)
        if k == 0 and out:
            del out[r.randrange(len(out))]
        elif k == 1:
            out.insert(r.randrange(len(out) + 1), 'new %d\n' % r.randrange(100))
        elif out:
            out[r.randrange(len(out))] = 'changed %d\n' % r.randrange(100)
    return out


for case in range(60):
    a = make(random, random.randrange(0, 30))
    b = edit(random, a)
    n = random.choice([0, 1, 2, 3, 5])
    dates = random.random() < 0.5
    kw = dict(fromfile='old.txt', tofile='new.txt', n=n)
    if dates:
        kw.update(fromfiledate='2024-01-01 10:00', tofiledate='2024-01-02')
    print('=== case', case, n, dates)
    print(''.join(difflib.unified_diff(a, b, **kw)), end='')
    print(''.join(difflib.context_diff(a, b, **kw)), end='')
    stripped_a = [x.rstrip('\n') for x in a]
    stripped_b = [x.rstrip('\n') for x in b]
    for line in difflib.unified_diff(stripped_a, stripped_b, lineterm='', n=n):
        print(line)
    for line in difflib.context_diff(stripped_a, stripped_b, 'f', 't', lineterm='!', n=n):
        print(repr(line))

print(list(difflib.unified_diff([], [])))
print(list(difflib.unified_diff([], ['x\n'])))
print(list(difflib.unified_diff(['x\n'], [])))
print(list(difflib.context_diff([], ['x\n'])))
print(list(difflib.context_diff(['x\n'], [])))
print(list(difflib.unified_diff('abc', 'abd')))
print(list(difflib.context_diff(('a\n', 'b\n'), ('a\n', 'c\n'), n=0)))
print(list(difflib.unified_diff(['a'], ['b'], fromfiledate='', tofiledate='d')))
