# Base85 (b85) and Ascii85 (a85) with every keyword.
import base64

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

samples = [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(256)), b"    ", b"\0\0\0\0", b"\0" * 9, b" " * 9, b"\xff" * 5]
for s in samples:
    print(base64.b85encode(s), base64.b85encode(s, pad=True), base64.a85encode(s), base64.a85encode(s, foldspaces=True),
          base64.a85encode(s, pad=True, adobe=True))
    print(base64.a85encode(s, wrapcol=7), base64.a85encode(s, wrapcol=3, adobe=True), base64.a85encode(s, wrapcol=1, adobe=True))
    assert base64.b85decode(base64.b85encode(s)) == s and base64.a85decode(base64.a85encode(s)) == s
    assert base64.a85decode(base64.a85encode(s, foldspaces=True, adobe=True, wrapcol=5), foldspaces=True, adobe=True) == s
    assert base64.b85decode(base64.b85encode(s).decode()) == s
t(lambda: base64.b85decode("VPa!sWoBn+X=-b1ZEkOHadLBXb#`}nd3r%YLqtVJM@UIZOH55pPf$@(Q&d$}S6EqEFflSSG&XXQL8E6"))
t(lambda: base64.b85decode('abc"e'))
t(lambda: base64.b85decode("~~~~~"))
t(lambda: base64.b85decode("|NsC0"))
t(lambda: base64.b85decode(b"|NsC"))
t(lambda: base64.b85decode(b"x"))
t(lambda: base64.b85encode("x"))
t(lambda: base64.a85decode('<~87cURD]i,"Ebo80~>', adobe=True))
t(lambda: base64.a85decode('87cURD]i,"Ebo80', adobe=True))
t(lambda: base64.a85decode("87cUR~>", adobe=True))
t(lambda: base64.a85decode('s8W-"'))
t(lambda: base64.a85decode("s8W-#"))
t(lambda: base64.a85decode("ab z"))
t(lambda: base64.a85decode("abyc", foldspaces=True))
t(lambda: base64.a85decode("yy", foldspaces=True))
t(lambda: base64.a85decode("yy"))
t(lambda: base64.a85decode("ab\x00c"))
t(lambda: base64.a85decode(b"ab\xe9c"))
t(lambda: base64.a85decode("a b\tc\nd", ignorechars=b" "))
t(lambda: base64.a85decode("a b\tc\nd"))
t(lambda: base64.a85decode("zz!!"))
t(lambda: base64.a85encode("x"))
t(lambda: base64.a85encode(b"xyz", wrapcol=-3))
t(lambda: base64.a85encode(b"", adobe=True, wrapcol=2))
t(lambda: base64.a85encode(b"abcdefgh", adobe=True, wrapcol=4))
t(lambda: base64.a85encode(b"abcdefgh", adobe=True, wrapcol=6))
for i in range(0, 260, 13):
    b = bytes((j * 37 + i * 3) & 255 for j in range(i))
    print(i, base64.b85encode(b)[-8:], base64.a85encode(b, foldspaces=True)[-8:])
