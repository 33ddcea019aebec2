import re

bad_patterns = [
    '(abc', 'abc)', 'a**', '*a', '+', 'a{2,1}', '[abc', '[z-a]', r'\q', '(?P<1x>a)',
    '(?P<n>a)(?P<n>b)', '(?P=missing)', '(?<=a+)b', '(?<=a|bc)d', '(?z)', 'a(?i)b', r'\1(a)',
    '(a)\\2', '[\\d-z]', '(?P<a', '(?', '(?<x)', 'x{1,2}{3}', '^*', '(?#unterminated', '\\',
    '(?(3)a|b)', '(?(x)a)', '(?(1)a|b|c)', 'a\n(b', '(?i-i:a)', '(?-:a)', r'\x4', r'\u12',
    r'[\x]', r'\N{NOT A NAME}', r'\777', '(?P>x)', '(?<a>x)', '(?L)a', '(?au)a',
]
for pat in bad_patterns:
    try:
        re.compile(pat)
        print(repr(pat), "compiled")
    except re.error as e:
        print(repr(pat), "->", e, "| pos", e.pos, "line", e.lineno, "col", e.colno)
try:
    re.compile('(?P<name>a)\n\n(b')
except re.error as e:
    print(e.msg, e.pos, e.lineno, e.colno, repr(e.pattern))
    print(str(e))
    print(repr(e)[:30])
print(issubclass(re.error, Exception), re.error.__name__)
try:
    raise re.error("custom", "pat", 1)
except re.error as e:
    print(e, e.pos, e.pattern)
