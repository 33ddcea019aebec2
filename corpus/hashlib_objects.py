# Hash objects: name, digest_size, block_size, update with bytes and
# bytearray, copy() independent of the original, digest() not ending the
# hash, new() with any case of the name, the algorithm sets.
import hashlib

for name in sorted(hashlib.algorithms_guaranteed):
    h = hashlib.new(name)
    print(name, h.name, h.digest_size, h.block_size, type(h).__name__)
    h.update(b"hello ")
    c = h.copy()
    h.update(bytearray(b"world"))
    c.update(b"there")
    if name.startswith("shake"):
        print(h.hexdigest(16), c.hexdigest(16), h.digest(5), len(h.digest(100)))
    else:
        print(h.hexdigest()[:24], c.hexdigest()[:24], h.digest() == h.digest(), len(h.digest()))
    h.update(b"!")
    print(h.hexdigest(8) if name.startswith("shake") else h.hexdigest()[:16])

print(hashlib.new("MD5").name, hashlib.new("SHA256").hexdigest()[:8])
print(hashlib.new("md5", b"abc").hexdigest(), hashlib.new(name="sha1", data=b"abc").hexdigest())
print(hashlib.md5(string=b"abc").hexdigest(), hashlib.sha1(b"abc", usedforsecurity=False).hexdigest())
print(sorted(hashlib.algorithms_guaranteed))
print(hashlib.algorithms_guaranteed <= hashlib.algorithms_available)
print(type(hashlib.algorithms_guaranteed).__name__)
print(isinstance(hashlib.md5(), type(hashlib.sha1())), isinstance(hashlib.shake_128(), type(hashlib.md5())))
d = {}
for word in ["apple", "banana", "cherry", "apple"]:
    d.setdefault(hashlib.sha256(word.encode()).hexdigest()[:10], []).append(word)
print(d)
print(hashlib.blake2b(b"data", digest_size=16).hexdigest(), hashlib.blake2b(b"data").digest_size)
print([hashlib.sha256(str(i).encode()).hexdigest()[:6] for i in range(10)])
