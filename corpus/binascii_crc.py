# crc32 and crc_hqx, running values and the exceptions' classes.
import binascii

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

t(lambda: binascii.crc32(b"hello"))
t(lambda: binascii.crc32(b"hello", 12345))
t(lambda: binascii.crc32(b"hello", -1))
t(lambda: binascii.crc_hqx(b"hello", 0))
t(lambda: binascii.crc_hqx(b"hello", 0xffff))
t(lambda: binascii.crc_hqx(b"hello", 2 ** 40 + 5))
t(lambda: binascii.crc_hqx(b"hello"))
t(lambda: binascii.crc_hqx("hello", 0))
t(lambda: binascii.crc32("hello"))
print(issubclass(binascii.Error, ValueError), issubclass(binascii.Incomplete, Exception), binascii.Error.__name__,
      repr(binascii.Error("x")), repr(binascii.Incomplete()))
try:
    binascii.unhexlify("1")
except ValueError as e:
    print("as ValueError:", e, type(e).__name__)
for i in range(0, 300, 17):
    b = bytes((j * 31 + i) & 255 for j in range(i))
    print(i, binascii.crc32(b), binascii.crc_hqx(b, i), binascii.crc32(b, binascii.crc32(b)))
