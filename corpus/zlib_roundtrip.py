# compress/decompress at every level and window size: the compressed bytes
# are zlib's own, so they equal CPython's; crc32 of each shows it.
import zlib

data = b"".join(bytes([i % 251, (i * 7) % 13]) for i in range(5000))
text = ("the quick brown fox jumps over the lazy dog " * 200).encode()
for payload in (data, text, b"", b"a", bytes(range(256)) * 20):
    for lvl in range(-1, 10):
        c = zlib.compress(payload, lvl)
        assert zlib.decompress(c) == payload
        print(len(payload), lvl, len(c), zlib.crc32(c))
for wb in (9, 10, 12, 15, -9, -12, -15, 25, 31):
    c = zlib.compress(text, 6, wb)
    auto = 47 if wb > 15 else (wb if wb < 0 else 32 + wb)
    print(wb, len(c), zlib.adler32(c), zlib.decompress(c, wb) == text, zlib.decompress(c, auto) == text)
print(zlib.compress(b"hello", level=9).hex(), zlib.compress(b"hello", wbits=-15).hex(), zlib.compress(b"hello", 1, 31)[10:].hex())
print(zlib.decompress(zlib.compress(text), bufsize=1) == text, zlib.decompress(zlib.compress(text), bufsize=0) == text)
print(zlib.decompress(bytearray(zlib.compress(b"ba"))), zlib.compress(bytearray(b"ba")).hex())
for i in range(0, 2000, 37):
    s = (bytes(range(256)) * (i // 256 + 1))[:i]
    c = zlib.compress(s, i % 10)
    assert zlib.decompress(c) == s
    print(i, c[-6:].hex(), len(c))
