s = 'héllo wörld'
print(s, len(s))
print(s[1], s[-4], s[1:5], s[::-1])
c = '日本語のテキスト'
print(c, len(c), c[0], c[-1], c[2:5], c[::2], c[::-1])
e = 'a😀b🎉c'
print(e, len(e), e[1], e[3], e[1:4], e[::-1])
mix = 'Ünïcödé ✓ 中文 🐍'
print(len(mix), mix[-1], mix[8], mix[10:12])
print('é' in s, '😀' in e, '🐍' + '!' * 3)
print(repr('héllo'), repr('日本'), repr('😀'))
print('ä' < 'z', 'z' < 'ä', '中' > 'a', '😀' > '中')
print('naïve' * 2, len('naïve' * 2))
print('\u00e9', '\u65e5', '\U0001F600', '\x41', '\N{GREEK SMALL LETTER ALPHA}')
