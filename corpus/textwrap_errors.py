# textwrap's errors: invalid widths, placeholders too large, wrong types and
# argument errors
import textwrap


def attempt(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


attempt('width 0', lambda: textwrap.wrap('abc', 0))
attempt('width -5', lambda: textwrap.fill('abc', -5))
attempt('width 0 empty text', lambda: textwrap.wrap('', 0))
attempt('shorten width 0', lambda: textwrap.shorten('abc', 0))
attempt('placeholder too large', lambda: textwrap.shorten('hello world', 5))
attempt('placeholder with indent', lambda: textwrap.wrap('a b c', 8, max_lines=1, initial_indent='xxxx'))
attempt('placeholder subsequent', lambda: textwrap.wrap('a b c', 8, max_lines=2, subsequent_indent='xxxxx'))
attempt('max_lines 0', lambda: textwrap.wrap('a b c d', 3, max_lines=0))
attempt('width str', lambda: textwrap.wrap('abc', 'x'))
attempt('text int', lambda: textwrap.wrap(5))
attempt('text None', lambda: textwrap.fill(None))
attempt('dedent int', lambda: textwrap.dedent(5))
attempt('indent int', lambda: textwrap.indent(5, '>'))
attempt('indent prefix int', lambda: textwrap.indent('a', 1))
attempt('indent bad predicate', lambda: textwrap.indent('a', '>', 5))
attempt('wrap no args', lambda: textwrap.wrap())
attempt('wrap three args', lambda: textwrap.wrap('a', 5, 6))
attempt('wrap bad kw', lambda: textwrap.wrap('a', bogus=1))
attempt('wrap width twice', lambda: textwrap.wrap('a', 5, width=6))
attempt('fill bad kw', lambda: textwrap.fill('a', 5, nope=True))
attempt('shorten missing width', lambda: textwrap.shorten('a'))
attempt('shorten no args', lambda: textwrap.shorten())
attempt('shorten max_lines', lambda: textwrap.shorten('a b', 5, max_lines=2))
attempt('dedent no args', lambda: textwrap.dedent())
attempt('dedent two', lambda: textwrap.dedent('a', 'b'))
attempt('dedent kw', lambda: textwrap.dedent(text='  a'))
attempt('indent missing', lambda: textwrap.indent('a'))
attempt('indent four', lambda: textwrap.indent('a', 'b', None, 1))
attempt('TextWrapper too many', lambda: textwrap.TextWrapper(1, '', '', True, True, False, True, True, True, 8, None))
attempt('TextWrapper bad kw', lambda: textwrap.TextWrapper(widht=3))
attempt('TextWrapper dup', lambda: textwrap.TextWrapper(5, width=6))
attempt('wrap method no text', lambda: textwrap.TextWrapper().wrap())
attempt('tabsize str', lambda: textwrap.wrap('a\tb', tabsize='4'))
attempt('max_lines str', lambda: textwrap.wrap('a b', 5, max_lines='2'))
attempt('placeholder int', lambda: textwrap.wrap('a b c d e f', 3, max_lines=1, placeholder=5))
w = textwrap.TextWrapper()
w.width = 0
attempt('attribute width 0', lambda: w.fill('abc'))
w.width = 2.5
attempt('float width', lambda: w.wrap('abc'))
