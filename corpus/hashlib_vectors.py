# The standards' own test vectors: FIPS 180-4 examples (SHA-1, SHA-2),
# RFC 1321 (MD5), FIPS 202 (SHA-3, SHAKE), RFC 7693 (BLAKE2).
import hashlib

msgs = [
    b"",
    b"a",
    b"abc",
    b"message digest",
    b"abcdefghijklmnopqrstuvwxyz",
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    b"1234567890" * 8,
    b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
]
for name in ["md5", "sha1", "sha224", "sha256", "sha384", "sha512",
              "sha3_224", "sha3_256", "sha3_384", "sha3_512", "blake2b", "blake2s"]:
    ctor = {"md5": hashlib.md5, "sha1": hashlib.sha1, "sha224": hashlib.sha224, "sha256": hashlib.sha256,
            "sha384": hashlib.sha384, "sha512": hashlib.sha512, "sha3_224": hashlib.sha3_224,
            "sha3_256": hashlib.sha3_256, "sha3_384": hashlib.sha3_384, "sha3_512": hashlib.sha3_512,
            "blake2b": hashlib.blake2b, "blake2s": hashlib.blake2s}[name]
    for m in msgs:
        print(name, len(m), ctor(m).hexdigest())
for name in ["shake_128", "shake_256"]:
    for m in msgs:
        h = hashlib.new(name, m)
        print(name, len(m), h.hexdigest(32), h.hexdigest(200)[-16:])

# one million 'a', in pieces of 1000
for name in ["md5", "sha1", "sha256", "sha512", "sha3_256", "blake2s"]:
    h = hashlib.new(name)
    block = b"a" * 1000
    for _ in range(1000):
        h.update(block)
    print(name, "million a", h.hexdigest())

# RFC 7693 appendix A and E: BLAKE2b-512 and BLAKE2s-256 of "abc"
print(hashlib.blake2b(b"abc").hexdigest()[:32])
print(hashlib.blake2s(b"abc").hexdigest()[:32])
