# unicodedata properties: category, bidirectional, combining, mirrored,
# east_asian_width, decimal, digit, numeric (Unicode 14.0.0 as CPython 3.11).
import unicodedata

chars = ['A', 'a', '1', ' ', '\n', '\x00', '(', ')', '«', '½', '²', '٣', '\u0301', '\u05d0',
         '\u0627', '中', '万', '가', 'Ａ', 'ｱ', '€', '\u2160', '\u216b', '\u2186', '\u0f33',
         '\U00012432', '\U0001f600', '\ue000', '\u0378', '\U0001fae8', '\u0cf3', '\U0003fffd',
         '\U000e0001', '\u00ad', '\u200d', '\u3007', '\u4e07', '\u5146', '\U0001d7ce', '\u09f4',
         '\u0bf1', '\u1372', '\U0001f10b', '\u2189', '\u3405']
for ch in chars:
    print(hex(ord(ch)), unicodedata.category(ch), repr(unicodedata.bidirectional(ch)),
          unicodedata.combining(ch), unicodedata.mirrored(ch), unicodedata.east_asian_width(ch),
          unicodedata.decimal(ch, None), unicodedata.digit(ch, None),
          unicodedata.numeric(ch, None))

for f, msg in [(unicodedata.decimal, 'decimal'), (unicodedata.digit, 'digit'),
               (unicodedata.numeric, 'numeric')]:
    print(msg, f('7'), f('x', 'default'), f('x', None))
    try:
        f('x')
    except ValueError as e:
        print('ValueError', e)
    for args in [(), ('a', 1, 2), ('ab',), (7,)]:
        try:
            f(*args)
        except TypeError as e:
            print('TypeError', e)

for f in [unicodedata.category, unicodedata.bidirectional, unicodedata.combining,
          unicodedata.mirrored, unicodedata.east_asian_width]:
    for args in [(), ('a', 'b'), ('ab',), ('',), (1,)]:
        try:
            f(*args)
        except TypeError as e:
            print('TypeError', e)

# counts over the Basic Multilingual Plane
cats = {}
for cp in range(0x10000):
    if 0xD800 <= cp <= 0xDFFF:
        continue
    c = unicodedata.category(chr(cp))
    cats[c] = cats.get(c, 0) + 1
print(sorted(cats.items()))
widths = {}
for cp in range(0x3000, 0x3100):
    w = unicodedata.east_asian_width(chr(cp))
    widths[w] = widths.get(w, 0) + 1
print(sorted(widths.items()))
print(sum(unicodedata.numeric(chr(cp), 0) for cp in range(0x2150, 0x2190)))
