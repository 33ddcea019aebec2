# hmac: RFC 2202 and RFC 4231 vectors, HMAC objects, digest(),
# compare_digest() and the errors.
import hashlib
import hmac

cases = [
    (b"\x0b" * 20, b"Hi There"),
    (b"Jefe", b"what do ya want for nothing?"),
    (b"\xaa" * 20, b"\xdd" * 50),
    (bytes(range(1, 26)), b"\xcd" * 50),
    (b"\xaa" * 80, b"Test Using Larger Than Block-Size Key - Hash Key First"),
    (b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First"),
]
for key, msg in cases:
    for dm in ("md5", "sha1", "sha224", "sha256", "sha384", "sha512"):
        print(dm, hmac.new(key, msg, dm).hexdigest())
for dm in (hashlib.sha256, hashlib.md5, hashlib.sha3_512, hashlib.blake2b, hashlib.blake2s, "sha3_224", "blake2s"):
    h = hmac.new(b"key", digestmod=dm)
    h.update(b"part one, ")
    c = h.copy()
    h.update(b"part two")
    print(h.name, h.digest_size, h.block_size, h.hexdigest()[:32], c.hexdigest()[:32])
    print(hmac.digest(b"key", b"part one, part two", dm) == h.digest())
print(hmac.HMAC(b"k", b"m", digestmod="sha256").hexdigest())
print(hmac.new(b"k", msg=bytearray(b"m"), digestmod="sha1").hexdigest(), hmac.new(bytearray(b"k"), None, "md5").hexdigest())
print(hmac.compare_digest(b"abc", b"abc"), hmac.compare_digest(b"abc", b"abd"), hmac.compare_digest(b"abc", b"ab"))
print(hmac.compare_digest("abc", "abc"), hmac.compare_digest(bytearray(b"x"), b"x"), hmac.compare_digest("", ""))
print(len(hmac.trans_5C), hmac.trans_36[:4], hmac.digest_size)
for f in [lambda: hmac.new(b"k"), lambda: hmac.new("k", digestmod="md5"), lambda: hmac.new(b"k", "m", "md5"),
          lambda: hmac.new(b"k", b"m", "foo"), lambda: hmac.new(b"k", b"m", None), lambda: hmac.new(b"k", b"m", ""),
          lambda: hmac.compare_digest(b"a", "a"), lambda: hmac.compare_digest("a", "\xe9"), lambda: hmac.compare_digest(1, 2),
          lambda: hmac.compare_digest("a", b"a"), lambda: hmac.new(b"k", b"m", "shake_128"), lambda: hmac.digest(b"k", b"m", "nope"),
          lambda: hmac.new(1, b"m", "md5")]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
tokens = {hmac.new(b"server-secret", str(i).encode(), "sha256").hexdigest()[:12] for i in range(100)}
print(len(tokens))
