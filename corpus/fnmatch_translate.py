# fnmatch.translate: the exact regular expression CPython 3.11 builds
import fnmatch
import re

patterns = ['', '*', '**', '***', 'a*', '*a', 'a*b', '*a*b*', 'a**b', '?', '??*', '*?', '[abc]', '[!abc]',
            '[]]', '[!]]', '[]a]', '[a-z]', '[z-a]', '[c-b-a]', '[a-c-e]', '[a-c-e-g]', '[--]', '[!-]',
            '[-]', '[---]', '[\\]', '[a\\-z]', '[&&]', '[~|]', '[a&&b]', '[^x]', '[[x]', '[', '[!', '[]',
            '[!]', '[a', '*[', 'a.b(c)+$^{}', ' \t\n#&~', '\\*', '[a-]', '[-a]', '[!a-]', '*.py',
            'x*y*z', 'x*y*z*', '[b-a]', '[!b-a]', '[a-a]', '[]-a]', '[!]-a]', 'é*ü?', '[é-ü]',
            '[a-b-c-d]', '[z-a-c]', '[a-z-a]', 'file[0-9][0-9].txt', '*.[ch]', '[*?]', '**/*.py']
for p in patterns:
    r = fnmatch.translate(p)
    print(repr(p), repr(r))
    re.compile(r)
print(fnmatch.translate('ab') + '|' + fnmatch.translate('c*'))
joined = re.compile('|'.join(fnmatch.translate(p) for p in ['*.py', '*.txt', 'data?']))
print([n for n in ['a.py', 'b.txt', 'data1', 'data12', 'x.c'] if joined.match(n)])

class S(str):
    pass
print(fnmatch.translate(S('a*[b-c]')), type(fnmatch.translate(S('x'))).__name__)
print(fnmatch.translate(b''))
