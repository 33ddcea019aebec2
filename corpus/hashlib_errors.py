# hashlib's errors: CPython's exception types and messages.
import hashlib

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

t(lambda: hashlib.md5("abc"))
t(lambda: hashlib.md5(1))
t(lambda: hashlib.md5([1, 2]))
t(lambda: hashlib.md5(b"a", b"b"))
t(lambda: hashlib.md5(foo=1))
t(lambda: hashlib.md5(data=b"a"))
t(lambda: hashlib.sha256(b"x", usedforsecurity=True).hexdigest())
t(lambda: hashlib.new("foo"))
t(lambda: hashlib.new(1))
t(lambda: hashlib.new("md5", b"a", digest_size=3))
t(lambda: hashlib.new("md5", "text"))
h = hashlib.sha1()
t(lambda: h.update("x"))
t(lambda: h.update(1))
t(lambda: h.update(None))
t(lambda: h.update(b"ok"))
t(lambda: h.digest(1))
t(lambda: h.hexdigest(1))
t(lambda: type(h)())
t(lambda: h.nope)
x = hashlib.shake_256(b"a")
t(lambda: x.digest())
t(lambda: x.digest("a"))
t(lambda: x.digest(0))
t(lambda: x.hexdigest(3))
for bad in [None, 1.0, [b"a"]]:
    t(lambda: hashlib.sha512(bad))
for n in ["MD5", "Md5", "SHA256", "sha3-256", "SHA3-384", "blake2b512", "BLAKE2S256"]:
    print(n, hashlib.new(n, b"x").name)
for n in ["SHA3_256", "SHAKE_128", "BLAKE2B", "Blake2b", "sha256WithRSAEncryption", ""]:
    t(lambda: hashlib.new(n))
