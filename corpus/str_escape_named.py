# \N{NAME} escapes in string literals: names, aliases, any case, algorithmic names.
s = '\N{LATIN SMALL LETTER A}\N{latin small letter b}\N{Digit One}'
print(s, len(s))
print(repr('\N{EM DASH}'), repr("\N{NO-BREAK SPACE}"), repr('\N{BOM}'), repr('\N{NULL}'))
print(repr('\N{CJK UNIFIED IDEOGRAPH-4E2D}\N{HANGUL SYLLABLE HAN}'))
print(repr('x\N{LINE FEED}y'), repr('''\N{SPACE}
\N{GREEK SMALL LETTER ALPHA}'''))
print(repr(r'\N{DIGIT ONE}'), len(r'\N{DIGIT ONE}'))
n = 3
print(f'{n}\N{MULTIPLICATION SIGN}{n} = {n * n}', f'{{\N{BULLET}}}')
print('\N{GRINNING FACE}' == '\U0001F600', '\N{LATIN CAPITAL LETTER GHA}' == '\u01a2')
print('\N{TIBETAN LETTER -A}' == '\u0f60', '\N{HANGUL JUNGSEONG O-E}' == '\u1180')
