#!/usr/bin/env python3
"""Regenerate the CPython-oracle tables in test_numfmt.c (run with python3.11):
    python3 tests/unit/gen_numfmt.py tests/unit/test_numfmt.c
Rewrites the text between the GENERATED markers in place."""
import math, random, struct, sys

def c(s):
    if isinstance(s, str):
        s = s.encode('utf-8', 'surrogatepass')
    out = []
    for b in s:
        ch = chr(b)
        if ch in '"\\?':
            out.append('\\' + ch)
        elif 32 <= b < 127:
            out.append(ch)
        else:
            out.append('\\%03o' % b)
    return '"' + ''.join(out) + '"'

def res(f):
    try:
        return 'OK', f()
    except (ValueError, OverflowError) as e:
        return type(e).__name__, str(e)

rnd = random.Random(1234)
floats = [0.0, -0.0, 0.1, 1/3, 2/3, 1e16, 1e-5, 1e-4, 123456789012345678.0, 5e-324,
          1.7976931348623157e308, 2.2250738585072014e-308, 1.0, -1.0, 100.0, 1e15, 9999999999999998.0,
          1e22, 1e23, 2**53, 2**53 + 2, 0.5, 2.5, 0.125, 0.375, 1.5e-5, 123.456, -123.456,
          1234567.891, 3.14159, 1e300, 1e-300, 9.5, 0.05, 0.0001, 0.00001234, 12345.678,
          float('inf'), float('-inf'), float('nan'), 2**-1074 * 3, 8.98846567431158e307,
          4.35, 0.045, 999.9999, 1e100, 5e-5, 2.675, 1e21, 1.1, 2.2, 2**63, 2**64]
for _ in range(150):
    floats.append(struct.unpack('<d', rnd.getrandbits(64).to_bytes(8, 'little'))[0])
for _ in range(150):
    floats.append(float('%.*e' % (rnd.randint(0, 16), rnd.uniform(0, 10) * 10.0 ** rnd.randint(-30, 30))))
for k in range(-1074, 1024, 37):
    floats.append(2.0 ** k)
# powers of two where the nearest shortest candidate misses (narrow lower gap)
floats += [2.0 ** -1017, 2.0 ** -1007, 2.0 ** -957, 2.0 ** -921, 2.0 ** -808]
floats = [float(x) for x in floats]

def fl(v):
    if math.isnan(v): return 'NAN'
    if math.isinf(v): return 'INFINITY' if v > 0 else '-INFINITY'
    return v.hex()

lines = []
lines.append('static const struct { double v; const char *s; } repr_cases[] = {')
for v in floats:
    lines.append('    { %s, %s },' % (fl(v), c(repr(v))))
lines.append('};')

fspecs = ['', 'e', 'E', 'f', 'F', 'g', 'G', '%', 'n', '.0', '.1', '.2', '.3', '.17', '.30',
          '.0e', '.0f', '.0g', '#.0e', '#.0f', '#.0g', '#g', '#', '#.3', '.1%', '.3e', '.10f',
          ',', ',.2f', '_.3f', ',e', '+', ' ', '-', 'z.1f', 'z', 'z.0f', '+z.2f', '020', '020,.2f',
          '020_.3e', '^+12.3e', '*<15.4g', 'é>12', '0=12.1f', '=+12.2f', '08,.1f', ',.0f',
          '.50f', '.350f', ',f', '.25e', '.25g', '#.25g', '010', '+010,', '<10', '^10', '>10',
          '#010.3g', 'x', 'd', 's', ',g', '.4n', '.1000e', '.3000000000f', 'abc', '.', ',_', '_,',
          '10.2%', '.2000e', '\U0001F600^9.2f', '.5', '020.10']
fvals = [0.0, -0.0, 0.1, 1/3, 1e16, 1e-5, 123456789012345678.0, 5e-324, 1.7976931348623157e308,
         -1.5, 1234567.891, 3.14159, 1e300, 2.5, 0.125, -0.0004, 1e20, 1234.5, 99.99,
         float('inf'), float('-inf'), float('nan'), 1e-10, 12345678.0, 0.999999, 1e-300]
lines.append('static const struct { double v; const char *spec; const char *kind; const char *s; size_t n; } ffmt_cases[] = {')
for v in fvals:
    for sp in fspecs:
        k, r = res(lambda: format(v, sp))
        if k == 'OK' and len(r) > 2000:
            r = 'LEN:%d:%s' % (len(r), r[:40])
        lines.append('    { %s, %s, "%s", %s, %d },' % (fl(v), c(sp), k, c(r), len(r.encode())))
lines.append('};')

ispecs = ['', 'd', 'b', 'o', 'x', 'X', '#b', '#o', '#x', '#X', 'c', 'n', 'e', 'E', 'f', 'F', 'g',
          'G', '%', '.2f', ',', '_', ',d', '_d', '_b', '_x', '#_x', '#_b', ',x', ',b', '_o', '+', ' ',
          '+08d', '08,', '08_', '#010x', '#010_b', '=+10', '^10', '<10', '>10', '*^11,', '010,',
          '0=10,', 'é^9', '+c', '#c', '<5c', '.2', '.2d', 'z', 'zd', ',c', '_c', 's', 'r', ',.3e',
          '_.0f', '#e', '.2%', ',n', '\u0665', '\u0661\u0660,', '.\u0662f', 'x' * 300, 'X>12', '09_X', ' x', '-o', '-#o', '06', '013,', '+013_']
ivals = [0, 1, -1, 7, 42, -42, 255, 1234, -1234, 65, 0x10FFFF, 0x110000, 1234567, -987654321,
         2**31, 2**53 + 1, 2**63 - 1, -2**63, 2**64, 10**20, -(10**30) - 7, 2**70, 2**1023 * 3 // 2,
         2**1024 - 2**970, 2**1024 - 2**970 - 1, 2**1024, 2**54 + 3, 2**54 + 2, 2**55 + 4]
lines.append('static const struct { const char *v; const char *spec; const char *kind; const char *s; size_t n; } ifmt_cases[] = {')
for v in ivals:
    for sp in ispecs:
        k, r = res(lambda: format(v, sp))
        lines.append('    { %s, %s, "%s", %s, %d },' % (c(str(v)), c(sp), k, c(r), len(r.encode())))
lines.append('};')

sspecs = ['', 's', '10', '<10', '>10', '^10', '^9', '*^9', '.2', '.0', '10.3', 'é>8', '\U0001F600<4',
          '+', ' ', '-', '#', '=10', 'z', ',', '_', 'd', 'x', ',s', '010', '0>5', '.100', '9.1s']
svals = ['', 'a', 'hello', 'héllo', '日本語', '\U0001F600x', 'a longer string here']
lines.append('static const struct { const char *v; const char *spec; const char *kind; const char *s; size_t n; } sfmt_cases[] = {')
for v in svals:
    for sp in sspecs:
        k, r = res(lambda: format(v, sp))
        lines.append('    { %s, %s, "%s", %s, %d },' % (c(v), c(sp), k, c(r), len(r.encode())))
lines.append('};')

pf = ['1', '1.5', ' 2.5 ', '-0', '+0.0', '1e5', '1E-5', '1_000.5', '1__0', '_1', '1_', '1_.5', '1._5',
      '1e_5', '1e1_0', '.5', '5.', '.', 'e5', '1e', '1e+', 'inf', '-Infinity', 'iNF', 'nan', '-NaN',
      '+nan', 'infinit', 'infinityy', 'in f', '0x10', '1e400', '-1e400', '1e-400', '2.5e-324',
      '\t\n 3 \x0b\x0c\r', '\u00a0 4\u2003', '\u0661\u0662.5', '\uff11\uff12', '1\x00', '', ' ',
      '1 2', '--1', '+-1', '0.1', '123456789012345678901234567890', '0.30000000000000004',
      '1.7976931348623157e308', '1.7976931348623159e308', '4.9406564584124654e-324', '\x1c1',
      '\u20281\u2029', '1\u00e9', 'nan1', '1_2_3.4_5e-0_1', '00012', '1.e5', '.e5']
lines.append('static const struct { const char *s; size_t len; int ok; double v; } pfloat_cases[] = {')
for s in pf:
    try:
        v = float(s); ok = 1
    except ValueError:
        v = 0.0; ok = 0
    lines.append('    { %s, %d, %d, %s },' % (c(s), len(s.encode()), ok, fl(v)))
lines.append('};')

pi = [('0', 10), ('-0', 10), (' 42 ', 10), ('+7', 10), ('1_000', 10), ('1__000', 10), ('_1', 10),
      ('1_', 10), ('010', 0), ('0', 0), ('00', 0), ('0_0', 0), ('0x1f', 0), ('0X1F', 0), ('0o17', 0),
      ('0b101', 0), ('0x_1f', 0), ('0x__1f', 0), ('0x', 0), ('0x', 16), ('0x1f', 16), ('1f', 16),
      ('0b1', 16), ('0b1', 2), ('z', 36), ('Z', 36), ('10', 37), ('10', 1), ('10', -1), ('12', 2),
      ('\u0661\u0662', 10), ('  -\u00a0', 10), ('1 2', 10), ('', 10), ('-', 10), ('1\x00', 10),
      ('9' * 4300, 10), ('9' * 4301, 10), ('1' * 5000 + 'x', 10), ('1' * 5000, 16), ('0' * 5000, 0),
      ('0o8', 0), ('0b2', 0), ('12345678901234567890123456789', 10), ('-0x_ff', 0), ('0_x1', 0),
      ('+0b_1_0', 0), ('١٢٣', 0), ('0 ', 0), ('07', 8), ('0o7', 8), ('0O7', 8), ('1e5', 10)]
lines.append('static const struct { const char *s; size_t len; int base; const char *kind; const char *v; } pint_cases[] = {')
for s, b in pi:
    try:
        if not (b == 0 or 2 <= b <= 36):
            int(s, b)
        v = int(s, b)
        sys.set_int_max_str_digits(0)
        k, r = 'OK', str(v)
        sys.set_int_max_str_digits(4300)
    except ValueError as e:
        m = str(e)
        k, r = ('INVALID', '') if m.startswith('invalid literal') else ('ValueError', m)
    if k == 'OK' and len(r) > 1000:
        r = 'LEN:%d' % len(r)
    lines.append('    { %s, %d, %d, "%s", %s },' % (c(s), len(s.encode()), b, k, c(r)))
lines.append('};')

hv = [0, 1, -1, -2, 2**61 - 1, 2**61, 2**61 - 2, -(2**61), 2**64 + 5, -(10**40), 10**100]
lines.append('static const struct { const char *v; long long h; } ihash_cases[] = {')
for v in hv:
    lines.append('    { %s, %dLL },' % (c(str(v)), hash(v)))
lines.append('};')
hf = [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 1e300, 1e-300, 5e-324, -2.5, 3.141592653589793,
      float('inf'), float('-inf'), 2.0**61, 2.0**62, 1e22, 123456.789]
lines.append('static const struct { double v; long long h; } fhash_cases[] = {')
for v in hf:
    lines.append('    { %s, %dLL },' % (fl(v), hash(v)))
lines.append('};')

path = sys.argv[1]
src = open(path, encoding='utf-8').read()
a = src.index('/* BEGIN GENERATED */') + len('/* BEGIN GENERATED */\n')
b = src.index('/* END GENERATED */')
open(path, 'w', encoding='utf-8').write(src[:a] + '\n'.join(lines) + '\n' + src[b:])
