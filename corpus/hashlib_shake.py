# SHAKE128 and SHAKE256: any output length, the prefix property, copies.
import hashlib

for name, ctor in (("shake_128", hashlib.shake_128), ("shake_256", hashlib.shake_256)):
    h = ctor(b"The quick brown fox jumps over the lazy dog")
    print(h.name, h.digest_size, h.block_size)
    print(h.hexdigest(0), h.digest(0), h.hexdigest(1), h.hexdigest(32))
    long = h.digest(1000)
    for n in (1, 2, 31, 32, 33, 135, 136, 137, 167, 168, 169, 500):
        assert h.digest(n) == long[:n]
        print(n, h.hexdigest(n)[-10:])
    c = h.copy()
    c.update(b".")
    print(c.hexdigest(16), h.hexdigest(16))
    for bad in ("a", None, 1.5):
        try:
            h.digest(bad)
        except TypeError as e:
            print("TypeError", e)
    try:
        h.digest()
    except TypeError as e:
        print("TypeError", e)
    for n in range(0, 400, 9):
        print(n, ctor(bytes(range(n % 256)) * (n // 256 + 1)).hexdigest(10))
