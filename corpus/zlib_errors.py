# zlib's errors: zlib.error with CPython's "Error N while ..." messages,
# ValueError and TypeError for the arguments.
import zlib

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

t(lambda: zlib.compress("x"))
t(lambda: zlib.compress(b"x", 10))
t(lambda: zlib.compress(b"x", -2))
t(lambda: zlib.compress(b"x", wbits=99))
t(lambda: zlib.compress(b"x", "1"))
t(lambda: zlib.compress())
t(lambda: zlib.compress(data=b"x"))
t(lambda: zlib.decompress(b"xx"))
t(lambda: zlib.decompress(b"not compressed at all"))
t(lambda: zlib.decompress(zlib.compress(b"abc")[:-2]))
t(lambda: zlib.decompress(zlib.compress(b"abc")[:-1] + b"\x00"))
t(lambda: zlib.decompress(b""))
t(lambda: zlib.decompress(b"x", bufsize=-1))
t(lambda: zlib.decompress(b"x", wbits=99))
t(lambda: zlib.decompress(zlib.compress(b"abc"), -15))
t(lambda: zlib.decompress(zlib.compress(b"abc", wbits=31)))
t(lambda: zlib.compressobj(10))
t(lambda: zlib.compressobj(method=9))
t(lambda: zlib.compressobj(memLevel=10))
t(lambda: zlib.compressobj(strategy=99))
t(lambda: zlib.compressobj(zdict="abc"))
t(lambda: zlib.decompressobj(99))
t(lambda: zlib.decompressobj(zdict=1))
t(lambda: zlib.decompressobj().decompress(b"abc", -1))
t(lambda: zlib.decompressobj().decompress("abc"))
t(lambda: zlib.decompressobj().flush(0))
t(lambda: zlib.decompressobj().decompress(b"garbage"))
t(lambda: zlib.decompressobj().flush())
zd = b"dictionary" * 3
z = zlib.compressobj(zdict=zd)
zz = z.compress(b"dictionary text") + z.flush()
t(lambda: zlib.decompressobj().decompress(zz))
t(lambda: zlib.decompressobj(zdict=b"wrong").decompress(zz))
t(lambda: zlib.decompress(zz))
c = zlib.compressobj()
c.compress(b"a")
c.flush()
t(lambda: c.compress(b"a"))
t(lambda: c.flush())
t(lambda: c.flush(zlib.Z_NO_FLUSH))
t(lambda: c.copy())
t(lambda: zlib.compressobj().compress("a"))
t(lambda: type(zlib.compressobj())())
print(issubclass(zlib.error, Exception), zlib.error.__name__, repr(zlib.error("x")))
try:
    zlib.decompress(b"\x78\x9c\x00")
except zlib.error as e:
    print("caught", e.args)
