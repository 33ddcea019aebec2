# str.format_map; bytes/bytearray expandtabs, translate, maketrans; static
# and class methods reached through an instance ("x".maketrans, b"".fromhex)
print('{a}-{b}'.format_map({'a': 1, 'b': 2}))


class Defaulting(dict):
    def __missing__(self, key):
        return '<' + key + '>'


print('{name} is {age!r:>4} years, {unknown}'.format_map(Defaulting(name='Ada', age=36)))
print('{p.real}/{p.imag}'.format_map({'p': 3 + 4j}))
for fmt, arg in [('{0}', {}), ('{}', {}), ('{a}', {}), ('{a}', 1)]:
    try:
        print(fmt.format_map(arg))  # safepy: ignore[SP307]
    except (ValueError, KeyError, TypeError) as e:
        print(type(e).__name__, e)

print(b'a\tb'.expandtabs(4), bytearray(b'x\ty').expandtabs(), b'\t\ta\n\tb\rc\td'.expandtabs(3))
print(b'\tx'.expandtabs(0), b'\tx'.expandtabs(-2), b'a\tb'.expandtabs(tabsize=2))
table = bytes.maketrans(b'abc', b'xyz')
print(table[97:100], len(table), b'aabbcc'.translate(table), b'hello'.translate(None, b'l'))
print(bytearray(b'abc').translate(table, b'c'), bytearray.maketrans(b'a', b'b')[97], b''.maketrans(b'q', b'r')[113])
print('x'.maketrans('a', 'b'), 'abc'.translate('x'.maketrans('ab', 'AB')), b''.fromhex('41 42'), bytearray(b'').fromhex('43'))
for thunk in [lambda: b'a'.translate(b'x'), lambda: bytes.maketrans(b'ab', b'c'), lambda: b'a'.translate(None, 5),
              lambda: b'a'.expandtabs('x'), lambda: bytes.maketrans('a', 'b')]:
    try:
        print(thunk())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
