# unicodedata.name / lookup: stored names, aliases, named sequences and the
# algorithmic CJK and Hangul names; characters added after Unicode 14.0 are unknown.
import unicodedata

print(unicodedata.unidata_version)
for ch in ['A', 'z', ' ', '~', 'é', 'ß', 'Ω', '€', '→', '中', '가', '힣', '😀', '\u01a2',
           '\U00020000', '\U0003134a', '\uf900', '\U00018b00', '\U0001b170', '\u0f0b']:
    print(repr(ch), unicodedata.name(ch))

for ch in ['\x00', '\x7f', '\ue000', '\U000f0000', '\ufdd0', '\U00017000', '\U0002b739',
           '\U0001fae8', '\u0cf3', '\U00031350']:
    print(repr(unicodedata.name(ch, None)), unicodedata.name(ch, 'dflt'))
    try:
        unicodedata.name(ch)
    except ValueError as e:
        print('ValueError', e)

names = ['LATIN SMALL LETTER A', 'latin small letter a', 'Latin Capital Letter Gha',
         'EURO SIGN', 'GRINNING FACE', 'CJK UNIFIED IDEOGRAPH-4E00', 'CJK UNIFIED IDEOGRAPH-2B738',
         'CJK UNIFIED IDEOGRAPH-04E00', 'HANGUL SYLLABLE GA', 'HANGUL SYLLABLE HIH',
         'HANGUL SYLLABLE AE', 'NULL', 'NUL', 'LINE FEED', 'BOM', 'byte order mark', 'ZWJ',
         'LATIN CAPITAL LETTER GHA', 'TIBETAN MARK BKA- SHOG GI MGO RGYAN',
         'HANGUL JUNGSEONG O-E', 'TIBETAN LETTER -A',
         'LATIN SMALL LETTER R WITH TILDE', 'KEYCAP NUMBER SIGN',
         'nope', '', 'CJK UNIFIED IDEOGRAPH-2B739', 'CJK UNIFIED IDEOGRAPH-4e00',
         'cjk unified ideograph-4E00', 'CJK UNIFIED IDEOGRAPH-4E0', 'CJK UNIFIED IDEOGRAPH-FFFF',
         'HANGUL SYLLABLE gag', 'HANGUL SYLLABLE G', 'hangul syllable GA', 'SHAKING FACE',
         'LATIN SMALL LETTER A ', ' LATIN SMALL LETTER A', 'LATIN SMALL LETTER  A',
         'TANGUT IDEOGRAPH-17000', 'EM', 'END OF MEDIUM', 'SUNDANESE LETTER ARCHAIC I', 'x' * 300]
for n in names:
    try:
        r = unicodedata.lookup(n)
        print(repr(n[:40]), repr(r), [hex(ord(c)) for c in r])
    except KeyError as e:
        print(repr(n[:40]), 'KeyError', e)

# round trips over a few blocks
count = 0
for cp in list(range(0x20, 0x250)) + list(range(0x1100, 0x1200)) + list(range(0xAC00, 0xAD00)) \
        + list(range(0x1F300, 0x1F400)):
    ch = chr(cp)
    n = unicodedata.name(ch, None)
    if n is not None:
        assert unicodedata.lookup(n) == ch, n
        assert n.startswith('HANGUL SYLLABLE') or unicodedata.lookup(n.lower()) == ch, n
        count += 1
print('round trips', count)
print(len(unicodedata.name('\ufdfa')), unicodedata.name('\ufdfa'))

for bad in [lambda: unicodedata.name('ab'), lambda: unicodedata.name(''),
            lambda: unicodedata.name(65), lambda: unicodedata.name(),
            lambda: unicodedata.name('a', 1, 2), lambda: unicodedata.lookup(),
            lambda: unicodedata.lookup(3)]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
