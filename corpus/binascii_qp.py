# Quoted-printable: b2a_qp with quotetabs, istext, header; a2b_qp.
import binascii

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for d in [b"hello world", b"a=b\tc \n", b"tab\t", b"x" * 100, b"line1\r\nline2 \r\n", b"\x00\xff.",
          b".\n", b"under_score and space", "\u00e9".encode() * 30, b"a" * 75 + b"=", b"trailing \n\n",
          b"cr\ronly", b"", b" ", b"=" * 40, b"." , b"x\n.\ny"]:
    for kw in [{}, {"quotetabs": True}, {"istext": False}, {"header": True}, {"quotetabs": True, "istext": False, "header": True}]:
        e = binascii.b2a_qp(d, **kw)
        print(e, binascii.a2b_qp(e, header=kw.get("header", False)))
t(lambda: binascii.a2b_qp(b"a=\nb=41=4g=3D=\r\nc==d="))
t(lambda: binascii.a2b_qp("a_b", header=True))
t(lambda: binascii.a2b_qp(b"=4"))
t(lambda: binascii.a2b_qp(b"=\r\r\nx"))
t(lambda: binascii.a2b_qp(b"soft=\r\nbreak=\nhere"))
t(lambda: binascii.a2b_qp(b"=ab=AB=zz"))
t(lambda: binascii.b2a_qp("text"))
t(lambda: binascii.a2b_qp(5))
