# TextWrapper: its attributes after construction, changed between calls,
# and subclasses overriding the steps wrap() goes through
import textwrap

w = textwrap.TextWrapper()
for name in ('width', 'initial_indent', 'subsequent_indent', 'expand_tabs', 'replace_whitespace',
             'fix_sentence_endings', 'break_long_words', 'drop_whitespace', 'break_on_hyphens', 'tabsize',
             'max_lines', 'placeholder'):
    print(name, repr(getattr(w, name)))  # safepy: ignore[SP305]
print(sorted(textwrap.TextWrapper.unicode_whitespace_trans.items()))
print(repr(textwrap.TextWrapper.wordsep_simple_re.pattern), repr(textwrap.TextWrapper.sentence_end_re.pattern))
print(textwrap.TextWrapper.wordsep_re.pattern == textwrap.TextWrapper(width=3).wordsep_re.pattern)
print(sorted(textwrap.__all__))

w = textwrap.TextWrapper(width=12, initial_indent='- ', subsequent_indent='  ', max_lines=3, placeholder=' ~')
text = 'alpha beta gamma delta epsilon zeta eta theta'
print(w.wrap(text))
w.max_lines = None
print(w.wrap(text))
w.width = 20
w.break_on_hyphens = 1   # only the object True selects the hyphenating pattern
print(w.wrap('well-known self-contained'))
w.break_on_hyphens = True
print(w.wrap('well-known self-contained'))
print(w._split('Look, goof-ball -- use the -b option!'))
print(w._munge_whitespace('a\tb\nc'))
print(w._split_chunks('a\tb  c'))
chunks = ['Hello.', ' ', 'World', ' ', 'x', ' ']
w._fix_sentence_endings(chunks)
print(chunks)
print(w._wrap_chunks(['a', ' ', 'b']))
rc = ['tail', 'averyveryverylongword']
line = ['x']
w._handle_long_word(rc, line, 1, 8)
print(rc, line)


class Upper(textwrap.TextWrapper):
    def _munge_whitespace(self, text):
        return super()._munge_whitespace(text).upper()
print(Upper(width=10).wrap('shout these words'))


class CommaSplit(textwrap.TextWrapper):
    def _split(self, text):
        parts = []
        for p in text.split(','):
            parts.extend([p, ','])
        return parts[:-1]
print(CommaSplit(width=8).wrap('aa,bb,cc,dd,ee'))


class NoLong(textwrap.TextWrapper):
    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        print('long word', reversed_chunks[-1], cur_len, width)
        cur_line.append(reversed_chunks.pop()[:width] + '>')
print(NoLong(width=6).wrap('tiny enormousword ok'))


class Numbered(textwrap.TextWrapper):
    def wrap(self, text):
        return ['%d: %s' % (i, line) for i, line in enumerate(super().wrap(text), 1)]
print(Numbered(width=10).fill('one two three four five'))


class Reverse(textwrap.TextWrapper):
    def _wrap_chunks(self, chunks):
        return [c for c in reversed(chunks) if c.strip()]
print(Reverse().wrap('a b c'))


class Mutating(textwrap.TextWrapper):
    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        reversed_chunks.clear()
        cur_line.append('CUT')
print(Mutating(width=4).wrap('ab averylongword cd ef'))


class Init(textwrap.TextWrapper):
    def __init__(self, **kw):
        super().__init__(width=9, **kw)
        self.extra = True
i = Init(initial_indent='>')
print(i.wrap('nine char words here'), i.extra)

print(textwrap.wrap('module level wrap', 8), textwrap.shorten('and shorten here too', 14))
