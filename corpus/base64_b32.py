# Base32 and Base32hex: casefold, map01, padding rules, Base16.
import base64

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for s in [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(256)), b"\0" * 9]:
    e, h = base64.b32encode(s), base64.b32hexencode(s)
    print(e, h, base64.b16encode(s))
    assert base64.b32decode(e) == s and base64.b32hexdecode(h) == s and base64.b16decode(base64.b16encode(s)) == s
    assert base64.b32decode(e.lower(), casefold=True) == s and base64.b16decode(base64.b16encode(s).lower(), True) == s
t(lambda: base64.b32encode("abc"))
t(lambda: base64.b32decode("MFRGG==="))
t(lambda: base64.b32decode("mfrgg==="))
t(lambda: base64.b32decode("mfrgg===", casefold=True))
t(lambda: base64.b32decode("MFRGG=="))
t(lambda: base64.b32decode("MFRG1==="))
t(lambda: base64.b32decode("MFRG0===", map01=b"L"))
t(lambda: base64.b32decode("MFRG1===", map01="I"))
t(lambda: base64.b32decode("MFRG1===", map01="IL"))
t(lambda: base64.b32decode("MF======"))
t(lambda: base64.b32decode("M======="))
t(lambda: base64.b32decode("========"))
t(lambda: base64.b32decode("MFRGGZDF"))
t(lambda: base64.b32decode("MFRGG=ZD"))
t(lambda: base64.b32decode("MFRGGZD="))
t(lambda: base64.b32decode("MFRGGZ=="))
t(lambda: base64.b32decode(b"mfrg0===", True, b"L"))
t(lambda: base64.b32decode(12))
t(lambda: base64.b32hexdecode("C5H66==="))
t(lambda: base64.b32hexdecode("c5h66===", True))
t(lambda: base64.b32hexdecode("C5H6W==="))
t(lambda: base64.b16decode("4142"))
t(lambda: base64.b16decode("4a4b"))
t(lambda: base64.b16decode("4a4b", casefold=True))
t(lambda: base64.b16decode("414"))
t(lambda: base64.b16decode("41G2"))
t(lambda: base64.b16encode("AB"))
for i in range(0, 200, 11):
    b = bytes((j * 37 + i * 3) & 255 for j in range(i))
    print(i, base64.b32encode(b)[-10:], base64.b32hexencode(b)[-10:], base64.b16encode(b)[-6:])
