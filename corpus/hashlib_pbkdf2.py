# pbkdf2_hmac: RFC 6070's SHA-1 vectors and the other digests, dklen,
# and the errors.
import hashlib

for pw, salt, it, dk in [(b"password", b"salt", 1, 20), (b"password", b"salt", 2, 20),
                         (b"password", b"salt", 4096, 20),
                         (b"passwordPASSWORDpassword", b"saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 25),
                         (b"pass\0word", b"sa\0lt", 4096, 16)]:
    print(hashlib.pbkdf2_hmac("sha1", pw, salt, it, dk).hex())
for name in ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_256", "blake2b", "blake2s"]:
    print(name, hashlib.pbkdf2_hmac(name, b"pw", b"salt", 3).hex()[:40],
          hashlib.pbkdf2_hmac(name, b"k" * 200, b"s", 2, dklen=70).hex()[-20:])
print(hashlib.pbkdf2_hmac("sha256", bytearray(b"pw"), bytearray(b"s"), 1, None).hex())
print(hashlib.pbkdf2_hmac(hash_name="sha256", password=b"p", salt=b"s", iterations=5, dklen=5).hex())
for args in [("sha256", "p", b"s", 1), ("sha256", b"p", "s", 1), ("sha256", b"p", b"s", 0),
             ("sha256", b"p", b"s", 1, 0), ("sha256", b"p", b"s", "1"), ("sha256", b"p", b"s", 1, "a"),
             ("sha256", b"p", b"s", 2 ** 31), ("nope", b"p", b"s", 1), (5, b"p", b"s", 1)]:
    try:
        hashlib.pbkdf2_hmac(*args)
    except Exception as e:
        print(type(e).__name__, e)
