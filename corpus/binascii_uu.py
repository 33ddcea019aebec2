# uuencode lines: b2a_uu with backtick, a2b_uu and its errors.
import binascii

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for d in [b"", b"a", b"ab", b"abc", b"hello world!", bytes(range(45)), b"\x00" * 10]:
    e = binascii.b2a_uu(d)
    e2 = binascii.b2a_uu(d, backtick=True)
    print(e, e2, binascii.a2b_uu(e), binascii.a2b_uu(e2))
t(lambda: binascii.b2a_uu(b"x" * 46))
t(lambda: binascii.b2a_uu("x"))
t(lambda: binascii.a2b_uu(b""))
t(lambda: binascii.a2b_uu(b"#86)C\n"))
t(lambda: binascii.a2b_uu(b"#86)C   xx"))
t(lambda: binascii.a2b_uu(b"#8\x016)C"))
t(lambda: binascii.a2b_uu("#86)C"))
t(lambda: binascii.a2b_uu(b"!"))
t(lambda: binascii.a2b_uu(b"#86)C``"))
t(lambda: binascii.a2b_uu(b"#86"))
t(lambda: binascii.a2b_uu(b"M" + b"!" * 60))
lines = [binascii.b2a_uu(bytes(range(i, i + 45))) for i in range(0, 200, 45)]
print(b"".join(binascii.a2b_uu(l) for l in lines) == b"".join(bytes(range(i, i + 45)) for i in range(0, 200, 45)))
