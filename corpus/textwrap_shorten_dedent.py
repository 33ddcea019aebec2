# textwrap.shorten, dedent and indent
import textwrap

for width in (5, 10, 11, 12, 15, 30, 100):
    print(width, repr(textwrap.shorten('Hello  world!  How   are you\tdoing\ntoday?', width)))
print(repr(textwrap.shorten('Hello world', 11, placeholder='...')))
print(repr(textwrap.shorten('Hello world', 10, placeholder='...')))
print(repr(textwrap.shorten('   ', 10)), repr(textwrap.shorten('', 10)))
print(repr(textwrap.shorten('averyveryverylongword and more', 12)))
print(repr(textwrap.shorten('averyveryverylongword and more', 12, break_long_words=False)))
print(repr(textwrap.shorten('a b c d e f g', 9, placeholder=' +')))
print(repr(textwrap.shorten(text='kw text here', width=8)))

samples = [
    '    def f():\n        return 1\n',
    '  a\n    b\n  c',
    '\ta\n\tb',
    '\ta\n  b',
    '  \t a\n  \t b\n',
    '    \n  x\n      \n  y\n',
    'no indent\n  some',
    '',
    '   ',
    '\n\n   a\n\n',
    '  x\n \ty\n',
    '        deep\n    shallow\n            deeper\n',
    '  trailing spaces  \n  second  ',
    '  windows\r\n  lines\r\n',
]
for s in samples:
    print(repr(textwrap.dedent(s)))

print(repr(textwrap.indent('a\nb\n\nc', '  ')))
print(repr(textwrap.indent('a\nb\n\nc\n', '> ', lambda line: True)))
print(repr(textwrap.indent('one\n  two\n\t\nthree\r\nfour', '+')))
print(repr(textwrap.indent('x\ny\nz', '#', predicate=lambda line: 'y' not in line)))
print(repr(textwrap.indent('', '>')), repr(textwrap.indent('\n\n', '>')))
print(repr(textwrap.indent('a\x0bb\x0cc\x1cd\u2028e', '|')))
seen = []
def pred(line):
    seen.append(line)
    return len(line) > 2
print(repr(textwrap.indent('ab\nabc\nabcd', '-', pred)), seen)
print(repr(textwrap.dedent(textwrap.indent('p\nq', '    '))))
