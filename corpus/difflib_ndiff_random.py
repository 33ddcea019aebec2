# Differ and ndiff on random line lists (the fancy replace with its "? "
# lines), restore of both sides, linejunk and charjunk
import difflib
import random

random.seed(77)
WORDS = ['import os', 'def f(x):', '    return x', '    pass', '# comment', '', 'x = 1', 'y = 2',
         'print(x)', '\tindented', 'class A:', 'for i in range(3):', '  # note  ']


def lines(r):
    return [r.choice(WORDS) + '\n' for _ in range(r.randrange(0, 12))]


def tweak(r, line):
    s = list(line)
    for _ in range(r.randrange(1, 4)):
        i = r.randrange(len(s))
        s[i] = r.choice('abXY \t')
    return ''.join(s)


def edit(r, ls):
    out = []
    for ln in ls:
        k = r.randrange(6)
        if k == 0:
            continue
        if k == 1:
            out.append(tweak(r, ln))
        elif k == 2:
            out.append(r.choice(WORDS) + '\n')
            out.append(ln)
        else:
            out.append(ln)
    return out


for case in range(80):
    a = lines(random)
    b = edit(random, a)
    kw = random.choice([{}, {'linejunk': difflib.IS_LINE_JUNK}, {'charjunk': None},
                        {'linejunk': None, 'charjunk': lambda c: c in ' \t'}])
    d = list(difflib.ndiff(a, b, **kw))
    print('--- case', case, kw.keys())
    print(''.join(d), end='')
    assert list(difflib.restore(d, 1)) == a
    assert list(difflib.restore(d, 2)) == b
    print(list(difflib.restore(d, '1')) == a, list(difflib.restore(iter(d), 2.0)) == b)

d = difflib.Differ()
text1 = '''  1. Beautiful is better than ugly.
  2. Explicit is better than implicit.
  3. Simple is better than complex.
  4. Complex is better than complicated.
'''.splitlines(keepends=True)
text2 = '''  1. Beautiful is better than ugly.
  3.   Simple is better than complex.
  4. Complicated is better than complex.
  5. Flat is better than nested.
'''.splitlines(keepends=True)
print(''.join(d.compare(text1, text2)), end='')
print(list(difflib.Differ(charjunk=difflib.IS_CHARACTER_JUNK).compare(['\tabcDefghiJkl\n'], ['\tabcdefGhijkl\n'])))
print(list(difflib.ndiff(['a b c\n', 'same\n'], ['a  b c\n', 'same\n'])))
print(list(difflib.ndiff('abcdef', 'abXdeg')))
print(list(difflib.ndiff([], ['x\n'])), list(difflib.ndiff(['x\n'], [])), list(difflib.ndiff([], [])))
print(list(difflib.ndiff(['same\n', 'same\n', 'diff one\n'], ['same\n', 'diff two\n', 'same\n'])))
print(list(difflib.ndiff(['aaaa\n', 'bbbb\n'], ['cccc\n', 'dddd\n', 'eeee\n'])))
print(list(difflib.ndiff(['x\n', 'y\n', 'z\n'], ['q\n', 'y\n', 'w\n'])))
d = difflib.Differ(linejunk=lambda s: s.strip() == '')
print(d.linejunk is not None, d.charjunk)
print(list(d.compare(['a\n', '\n', 'b\n'], ['a\n', 'b\n', '\n'])))
