# b2a_base64/a2b_base64: newline=, 3.11's strict_mode and the non-strict
# decoder's skipping, with CPython's messages.
import binascii

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

t(lambda: binascii.b2a_base64(b"abcd"))
t(lambda: binascii.b2a_base64(b"abcd", newline=False))
t(lambda: binascii.b2a_base64(b""))
t(lambda: binascii.b2a_base64("x"))
t(lambda: binascii.b2a_base64(b"x", False))
for s in [b"YWJj", b"YWJjZA==", b"YWJjZA=", b"YWJjZ", b"YW Jj\nZA==", b"=YWJj", b"YWJjZA==YQ==", b"YW=Jj",
          b"YWJjZA===", b"", b"Y", b"YQ", b"YQ=", b"YQ==", b"YQ===", b"Y=Q=", b"YWJj!", b"abcde",
          b"abcdefghi", b"ab==cd", b"====", b"a===", b"ab=c", "YWJj", "YW\u00e9Jj", b"\xffYWJj"]:
    t(lambda: binascii.a2b_base64(s))
    t(lambda: binascii.a2b_base64(s, strict_mode=True))
t(lambda: binascii.a2b_base64(5))
for i in range(0, 300, 7):
    b = bytes((j * 31 + i) & 255 for j in range(i))
    e = binascii.b2a_base64(b)
    assert binascii.a2b_base64(e) == b
    assert binascii.a2b_base64(e, strict_mode=False) == b
    print(i, e[-12:], binascii.b2a_base64(b, newline=False)[-4:])
