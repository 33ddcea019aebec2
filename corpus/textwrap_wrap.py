# textwrap.wrap and fill over the attributes of TextWrapper: widths,
# indents, tabs, whitespace, sentence endings, long words, hyphens
import textwrap

text = ("The quick brown fox jumps over the lazy dog.  It was a bright cold day in April, and the "
        "clocks were striking thirteen. Look, goof-ball -- use the -b option! A well-known "
        "state-of-the-art self-contained do-it-yourself kit.")

for width in (1, 5, 12, 20, 33, 70, 200):
    print(width, textwrap.wrap(text, width))
print(textwrap.fill(text, 40))
print(textwrap.fill(text, width=30, initial_indent='>>> ', subsequent_indent='... '))
print(textwrap.wrap(text, 15, break_on_hyphens=False))
print(textwrap.wrap(text, 10, break_long_words=False))
print(textwrap.wrap(text, 10, break_long_words=False, break_on_hyphens=False))
print(textwrap.wrap('  leading and trailing  ', 10))
print(textwrap.wrap('  leading and trailing  ', 10, drop_whitespace=False))
print(textwrap.wrap('', 10), textwrap.wrap('   ', 10), textwrap.wrap('   ', 10, drop_whitespace=False))
print(textwrap.fill(''), repr(textwrap.fill('   ')))

tabbed = 'a\tb\tc\td\n\te\x0bf\x0cg\rh'
print(textwrap.wrap(tabbed, 20))
print(textwrap.wrap(tabbed, 20, tabsize=4))
print(textwrap.wrap(tabbed, 20, expand_tabs=False))
print(textwrap.wrap(tabbed, 20, replace_whitespace=False))
print(textwrap.wrap(tabbed, 20, expand_tabs=False, replace_whitespace=False))
print(textwrap.wrap('x\ty', 20, tabsize=0))

s = 'Mr. Smith went home. He said "Hi!" then left.\nThe end? Yes. ok'
print(textwrap.wrap(s, 80))
print(textwrap.wrap(s, 80, fix_sentence_endings=True))
print(textwrap.wrap(s, 16, fix_sentence_endings=True))

words = 'abcdefghijklmnopqrstuvwxyz-abcdefghij-klm some---dashes a--b ---- -x --y'
for w in (4, 7, 11):
    print(w, textwrap.wrap(words, w))
    print(w, textwrap.wrap(words, w, break_on_hyphens=False))
print(textwrap.wrap('über-größe straße-nächste ñandú-ñandú', 8))
print(textwrap.wrap('123-456-789 a1-b2-c3 xy-zw', 5))
print(textwrap.wrap('em--dash and words--like--this', 6))
print(textwrap.wrap('x' * 25, 10, initial_indent='++', subsequent_indent='-'))
print(textwrap.wrap('one two three', 3, initial_indent='**'))
print(textwrap.fill('mixed\nnew\nlines  and   spaces', 11))
print(textwrap.wrap(text, width=24, max_lines=3))
print(textwrap.wrap(text, width=24, max_lines=3, placeholder='~'))
print(textwrap.wrap(text, width=24, max_lines=1, placeholder=''))
print(textwrap.wrap('aaa bbb', width=7, max_lines=1))
print(textwrap.wrap('aaa bbb ccc', width=7, max_lines=2))
print(textwrap.wrap('aaaaaaaaaaaaaa bbb', width=10, max_lines=2, placeholder=' [..]'))
print(textwrap.wrap('word ' * 5, width=10, max_lines=2, drop_whitespace=False))
