# split(None, n) keeps the rest as it is: trailing (split) or leading (rsplit) whitespace
for t in ["   a   b    ", "   a   b  c  ", "a", "", "   ", "a\u3000b\u3000 c\u2028", " \x1ca\x1fb  ", "é  ü ö  "]:
    for n in [-1, 0, 1, 2, 3]:
        print(repr(t), n, t.split(None, n), t.rsplit(None, n), t.split(maxsplit=n), t.rsplit(maxsplit=n))
