# Base64: standard, URL-safe, altchars, validate, str input, errors.
import base64

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

samples = [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(256)), b"\xff\xfe\xfd" * 7, bytearray(b"ba")]
for s in samples:
    e = base64.b64encode(s)
    print(e, base64.urlsafe_b64encode(s), base64.b64encode(s, b"-_"), base64.b64encode(s, altchars=b"*!"), base64.standard_b64encode(s))
    assert base64.b64decode(e) == s and base64.b64decode(e.decode()) == s and base64.standard_b64decode(e) == s
    assert base64.urlsafe_b64decode(base64.urlsafe_b64encode(s)) == s
    assert base64.b64decode(base64.b64encode(s, b"*!"), altchars=b"*!") == s
    assert base64.b64decode(e, validate=True) == s
t(lambda: base64.b64encode("abc"))
t(lambda: base64.b64encode(b"abc", b"-"))
t(lambda: base64.b64encode(b"abc", "-_"))
t(lambda: base64.b64encode(b"abc", 5))
t(lambda: base64.b64decode("YWJj"))
t(lambda: base64.b64decode("YWJ"))
t(lambda: base64.b64decode("YW=Jj", validate=True))
t(lambda: base64.b64decode("YWJj!", validate=True))
t(lambda: base64.b64decode("YWJj!"))
t(lambda: base64.b64decode("\u00e9"))
t(lambda: base64.b64decode(5))
t(lambda: base64.b64decode(b"-_-_", altchars=b"-_"))
t(lambda: base64.b64decode(b"-_-_", altchars="-_"))
t(lambda: base64.b64decode(b"-_-_", altchars=b"-"))
t(lambda: base64.b64decode("abcde"))
t(lambda: base64.b64decode("YQ", validate=True))
t(lambda: base64.urlsafe_b64decode("-_-_"))
t(lambda: base64.urlsafe_b64decode("+/+/"))
t(lambda: base64.urlsafe_b64decode(b"YWJj\n"))
t(lambda: base64.b64encode(s=b"x", altchars=None))
t(lambda: base64.b64decode(s=b"eA==", validate=True))
t(lambda: base64.b64decode(b"eA==", None, True))
for i in range(0, 260, 13):
    b = bytes((j * 37 + i * 3) & 255 for j in range(i))
    print(i, base64.b64encode(b)[-8:], base64.urlsafe_b64encode(b)[-8:])
