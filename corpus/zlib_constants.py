# The module's constants and a gzip container made and read with wbits.
import zlib

consts = {
    "DEFLATED": zlib.DEFLATED,
    "DEF_BUF_SIZE": zlib.DEF_BUF_SIZE,
    "DEF_MEM_LEVEL": zlib.DEF_MEM_LEVEL,
    "MAX_WBITS": zlib.MAX_WBITS,
    "Z_BEST_COMPRESSION": zlib.Z_BEST_COMPRESSION,
    "Z_BEST_SPEED": zlib.Z_BEST_SPEED,
    "Z_BLOCK": zlib.Z_BLOCK,
    "Z_DEFAULT_COMPRESSION": zlib.Z_DEFAULT_COMPRESSION,
    "Z_DEFAULT_STRATEGY": zlib.Z_DEFAULT_STRATEGY,
    "Z_FILTERED": zlib.Z_FILTERED,
    "Z_FINISH": zlib.Z_FINISH,
    "Z_FIXED": zlib.Z_FIXED,
    "Z_FULL_FLUSH": zlib.Z_FULL_FLUSH,
    "Z_HUFFMAN_ONLY": zlib.Z_HUFFMAN_ONLY,
    "Z_NO_COMPRESSION": zlib.Z_NO_COMPRESSION,
    "Z_NO_FLUSH": zlib.Z_NO_FLUSH,
    "Z_PARTIAL_FLUSH": zlib.Z_PARTIAL_FLUSH,
    "Z_RLE": zlib.Z_RLE,
    "Z_SYNC_FLUSH": zlib.Z_SYNC_FLUSH,
    "Z_TREES": zlib.Z_TREES,
}
for name, value in consts.items():
    print(name, value)
print(zlib.ZLIB_VERSION == zlib.ZLIB_RUNTIME_VERSION, type(zlib.ZLIB_VERSION).__name__)
co = zlib.compressobj(wbits=31)
gz = co.compress(b"gzip body " * 30) + co.flush()
print(gz[:3].hex(), gz[10:].hex())
print(zlib.decompress(gz, 31)[:20], zlib.decompress(gz, 47)[:20])
lines = [("line %d: " % i + "abc" * (i % 7)).encode() for i in range(200)]
co = zlib.compressobj(zlib.Z_BEST_COMPRESSION)
blob = b"".join(co.compress(l + b"\n") for l in lines) + co.flush()
print(len(blob), zlib.crc32(blob))
print(zlib.decompress(blob).splitlines()[-3:])
print(type(zlib.compressobj()).__name__, type(zlib.decompressobj()).__name__)
