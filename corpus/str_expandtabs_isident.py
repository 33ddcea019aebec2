# str.expandtabs, isidentifier, isprintable (difffuzz families), and the
# errors of integer arguments of str methods
print(repr('a\tb\tc'.expandtabs()), repr('ab\tc\n\td'.expandtabs(4)))
print(repr('x\ty'.expandtabs(0)), repr('\t'.expandtabs(-1)), repr('é\tx'.expandtabs(tabsize=3)))
print(repr('a\r\tb'.expandtabs(2)), repr('no tabs'.expandtabs(3)), repr('ǈǋ'.expandtabs(7)))
for s in ['abc', '1a', '', '_x', 'ΣΑΣ', 'a b', 'x\u0e33', '\u0e33', '\u309b', 'ᢅ', 'a·b', '℘']:
    print(repr(s), s.isidentifier(), s.isprintable())
print('a\n'.isprintable(), '\u2028'.isprintable(), '\xa0'.isprintable(), '\U0001FAE8'.isprintable(), repr('\U0001FAE8'))
for f in (lambda: 'x'.zfill('a'), lambda: 'x'.zfill(2**63), lambda: 'x y'.split(maxsplit=2.0),
          lambda: 'x'.center(2**70), lambda: 'aa'.replace('a', 'b', 'c'), lambda: 'x'.ljust(None),
          lambda: 'x\ty'.expandtabs('4'), lambda: 'x'.expandtabs(1, 2)):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
