# crc32 and adler32: running values, the value modulo 2**32, types.
import zlib

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for s in (b"", b"a", b"abc", b"hello world", bytes(range(256)), b"x" * 10000):
    print(zlib.crc32(s), zlib.adler32(s), zlib.crc32(s, 1), zlib.adler32(s, 0), zlib.crc32(bytearray(s)))
data = bytes(range(256)) * 40
crc, adl = 0, 1
for i in range(0, len(data), 333):
    crc = zlib.crc32(data[i:i + 333], crc)
    adl = zlib.adler32(data[i:i + 333], adl)
print(crc == zlib.crc32(data), adl == zlib.adler32(data), crc, adl)
t(lambda: zlib.crc32(b"a", -1))
t(lambda: zlib.crc32(b"a", 2 ** 40 + 7))
t(lambda: zlib.adler32(b"a", -(2 ** 70)))
t(lambda: zlib.crc32(b"a", True))
t(lambda: zlib.crc32("a"))
t(lambda: zlib.crc32(b"a", "x"))
t(lambda: zlib.crc32(b"a", 1.5))
t(lambda: zlib.adler32())
t(lambda: zlib.crc32(b"a", value=3))
for n in range(0, 500, 23):
    b = bytes((i * 13 + n) & 255 for i in range(n))
    print(n, zlib.crc32(b), zlib.adler32(b), zlib.crc32(b, n), zlib.adler32(b, n * 1000))
