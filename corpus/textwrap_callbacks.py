# textwrap with the program's code called back: indent's predicate (raising,
# re-entering textwrap, seeing every line), str subclasses as text, and
# TextWrapper attributes that are objects of the program's own classes
import textwrap


def boom(line):
    if 'b' in line:
        raise RuntimeError('predicate failed on %r' % line)
    return True
try:
    textwrap.indent('a\nb\nc', '>', boom)
except RuntimeError as e:
    print(e)


def nested(line):
    return bool(textwrap.dedent(line).strip()) and len(textwrap.wrap(line, 3)) > 1
print(repr(textwrap.indent('short\nlonger line here\n  x y z\n', '* ', nested)))

collected = []
print(repr(textwrap.indent('1\n2\n\n3', '#', lambda l: collected.append(l) or True)), collected)


class Text(str):
    def splitlines(self, keepends=False):
        print('splitlines', keepends)
        return ['fake\n', 'lines']
print(repr(textwrap.indent(Text('real\ntext'), '- ')))


class Prefix:
    def __add__(self, other):
        return '<' + other.strip() + '>'
print(repr(textwrap.indent('a\nb', Prefix())))
try:
    textwrap.indent('a', object())
except TypeError as e:
    print('TypeError', e)


class Width(int):
    pass
print(textwrap.wrap('aa bb cc dd', Width(5)))


class Truthy:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        print('bool asked', self.v)
        return self.v
w = textwrap.TextWrapper(width=8, drop_whitespace=Truthy(False), break_long_words=Truthy(True))
print(w.wrap('ab  cdefghijklm n'))

text = ' '.join('w%d' % i for i in range(40))
lines = textwrap.wrap(text, 17)
print(len(lines), lines[:3], lines[-1])
print(textwrap.fill(textwrap.dedent('''
    A paragraph indented in the source
    that dedent moves left and fill rewraps.
'''), 20))
print(textwrap.indent(textwrap.fill('indent a filled paragraph of several words', 15), '| '))
print(textwrap.shorten(textwrap.fill('fill then shorten keeps words', 6), 20))
