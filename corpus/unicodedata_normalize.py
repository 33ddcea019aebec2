# unicodedata.normalize / is_normalized for the four forms.
import unicodedata

samples = ['', 'abc', 'é', 'e\u0301', 'Å', 'A\u030a', '\u212b', 'ﬁ', '①', 'Ｈｅｌｌｏ',
           '가', '\u1100\u1161', '\u1100\u1161\u11a8', 'ẛ̣', 'ｶﾞ', '\u00bd', 'x\u0323\u0307',
           'x\u0307\u0323', 'ǅ', '\u2126', '\U0001d400', 'Straße', '\u0958', 'a\x00b']
for s in samples:
    row = [repr(s)]
    for form in ['NFC', 'NFD', 'NFKC', 'NFKD']:
        n = unicodedata.normalize(form, s)
        row.append(repr(n))
        row.append(str(unicodedata.is_normalized(form, s)))
        assert unicodedata.is_normalized(form, n)
    print(' '.join(row))

print(unicodedata.normalize('NFKC', 'ｅｖａｌ') == 'eval')
for args in [('nfc', 'a'), ('NFX', 'a'), ('', 'a')]:
    try:
        unicodedata.normalize(*args)
    except ValueError as e:
        print('ValueError', e)
    try:
        unicodedata.is_normalized(*args)
    except ValueError as e:
        print('ValueError', e)
for args in [('NFC',), (), ('NFC', 'a', 'b'), (1, 'a'), ('NFC', 1)]:
    try:
        unicodedata.normalize(*args)
    except TypeError as e:
        print('TypeError', e)
    try:
        unicodedata.is_normalized(*args)
    except TypeError as e:
        print('TypeError', e)
