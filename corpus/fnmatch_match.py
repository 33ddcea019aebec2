# fnmatch.fnmatch / fnmatchcase: stars, question marks, classes, case, newlines
import fnmatch
from fnmatch import fnmatch as fm, fnmatchcase as fmc

cases = [
    ('abc', 'abc'), ('abc', 'a?c'), ('abc', 'a*'), ('abc', '*c'), ('abc', 'a*c'), ('abc', '*b*'),
    ('abc', '*d*'), ('abc', '???'), ('abc', '????'), ('abc', '??'), ('', '*'), ('', ''), ('', '?'),
    ('a', '[abc]'), ('d', '[abc]'), ('d', '[!abc]'), ('a', '[!abc]'), (']', '[]]'), ('a', '[]a]'),
    ('-', '[a-]'), ('b', '[a-c]'), ('-', '[a-c]'), ('\\', '[\\]'), ('[', '['), ('[a', '[a'),
    ('a', '[z-a]'), ('x', '[!z-a]'), ('&', '[&]'), ('|', '[a|]'), ('~', '[~]'), ('^', '[^]'),
    ('a\nb', 'a*'), ('a\nb', 'a?b'), ('ab\n', 'ab'), ('ab\n', 'ab*'), ('\n', '?'),
    ('foo.py', '*.py'), ('.hidden', '*'), ('.hidden', '.*'), ('dir/file.py', '*.py'),
    ('dir/file.py', '*/*.py'), ('a.b.c', '*.*.*'), ('aaa', 'a*a*a'), ('aa', 'a*a*a'),
    ('é€😀', '???'), ('é€😀', '[é]*'), ('ü', '[é-ü]'), ('x', '*[!a-w]'),
    ('AbC', 'abc'), ('abc', 'ABC'), ('ABC', '[a-z]*'), ('file12.txt', 'file[0-9][0-9].txt'),
    ('a*b', 'a[*]b'), ('a?b', 'a[?]b'), ('axb', 'a[?]b'), ('a\\b', 'a\\b'),
    ('xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaay', '*a*a*a*a*a*a*a*a*a*a*a*z'),
]
for name, pat in cases:
    print(repr(name), repr(pat), fm(name, pat), fmc(name, pat))

class P:
    def __init__(self, p):
        self.p = p
    def __fspath__(self):
        return self.p
print(fm(P('notes.txt'), '*.txt'), fm('notes.txt', P('*.md')), fm(P(b'x.c'), P(b'*.c')))

class S(str):
    pass
print(fm(S('abc'), S('a*')), fmc(S('abc'), 'a?c'), fnmatch.fnmatch('x', 'x'))
