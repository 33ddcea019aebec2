# compressobj/decompressobj: every parameter, the flush modes, zdict,
# max_length with unconsumed_tail, unused_data, eof, copy().
import zlib

data = b"".join(bytes([i % 251, (i * 7) % 13]) for i in range(5000))
for mode in (zlib.Z_NO_FLUSH, zlib.Z_SYNC_FLUSH, zlib.Z_FULL_FLUSH, zlib.Z_PARTIAL_FLUSH, zlib.Z_BLOCK):
    for args in ((9, zlib.DEFLATED, -12, 9, zlib.Z_FILTERED), (1, zlib.DEFLATED, 15, 1, zlib.Z_HUFFMAN_ONLY),
                 (6, zlib.DEFLATED, 31, 8, zlib.Z_RLE), (0, 8, 9, 5, zlib.Z_FIXED)):
        co = zlib.compressobj(*args)
        parts = [co.compress(data[:3000]), co.flush(mode), co.compress(data[3000:]), co.flush()]
        whole = b"".join(parts)
        d = zlib.decompressobj(args[2])
        assert d.decompress(whole) + d.flush() == data
        print(mode, args[4], [len(p) for p in parts], zlib.crc32(whole))
co = zlib.compressobj(level=5, memLevel=3, strategy=zlib.Z_DEFAULT_STRATEGY, wbits=10)
print(co.compress(b"abc" * 100).hex(), co.flush(zlib.Z_SYNC_FLUSH).hex(), co.flush().hex())
zd = b"abcdefghij" * 10
co = zlib.compressobj(zdict=zd)
z = co.compress(zd + b"xyz") + co.flush()
print(z.hex())
print(zlib.decompressobj(zdict=zd).decompress(z), zlib.decompressobj(zdict=bytearray(zd)).decompress(z))
co = zlib.compressobj(wbits=-15, zdict=zd)
raw = co.compress(b"abcdefghij!") + co.flush()
print(raw.hex(), zlib.decompressobj(-15, zdict=zd).decompress(raw))
full = zlib.compress(data) + b"TRAILING"
d = zlib.decompressobj()
out = []
pos = 0
while not d.eof:
    chunk = full[pos:pos + 100]
    pos += 100
    out.append(d.decompress(d.unconsumed_tail + chunk, 333))
    print(len(out[-1]), len(d.unconsumed_tail), d.unused_data, d.eof)
print(b"".join(out) == data, d.flush(), d.unused_data)
d = zlib.decompressobj()
x = d.decompress(full[:500])
d2 = d.copy()
print(len(x), len(d2.decompress(full[500:])), d2.unused_data, d.eof, d2.eof)
co = zlib.compressobj()
co.compress(data[:100])
co2 = co.copy()
print(co.flush() == co2.flush())
d = zlib.decompressobj()
print(len(d.decompress(full, 10)), len(d.unconsumed_tail))
print(len(d.flush()), d.eof, d.unused_data, d.unconsumed_tail)
d = zlib.decompressobj()
print(d.decompress(zlib.compress(b"one") + zlib.compress(b"two")), d.unused_data, d.eof)
print(d.decompress(b"more"), d.unused_data)
d = zlib.decompressobj()
print(d.decompress(zlib.compress(b"x" * 50)[:10]), d.flush(), d.eof)
d = zlib.decompressobj()
print([d.decompress(bytes([b])) for b in zlib.compress(b"byte by byte")], d.eof)
# a copy outlives its original: its state is its own
co = zlib.compressobj(9)
co.compress(data[:2000])
cc = co.copy()
del co
dd = zlib.decompressobj()
dd.decompress(zlib.compress(data)[:300])
dc = dd.copy()
del dd
junk = [bytes(1000) for _ in range(100)]
tail = cc.compress(data[2000:]) + cc.flush()
print(len(tail), len(dc.decompress(zlib.compress(data)[300:])), dc.eof)
