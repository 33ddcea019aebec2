# args: --allow-module zlib --timeout 30
# expect: exit=3 stdout="bomb 1" stdout="bounded 1048576 True" stderr="memory limit" seconds=40
# A decompression bomb: 1 GiB of zeros in about 1 MB of raw deflate (the
# block for a megabyte of zeros after zeros repeats, so it is built from
# three compressed megabytes), decompressed with max_length (bounded) and
# then at once: the output grows under the session's allocator, so it ends
# at the memory limit (exit 3), never a malloc outside it or a hang.
import zlib

z = bytes(1 << 20)
c = zlib.compressobj(9, zlib.DEFLATED, -15)
first = c.compress(z) + c.flush(zlib.Z_SYNC_FLUSH)
again = c.compress(z) + c.flush(zlib.Z_SYNC_FLUSH)
assert again == c.compress(z) + c.flush(zlib.Z_SYNC_FLUSH)
bomb = first + again * 1023 + c.flush()
print("bomb", len(bomb) // 1000000)
d = zlib.decompressobj(-15)
piece = d.decompress(bomb, 1 << 20)
print("bounded", len(piece), len(d.unconsumed_tail) > 0)
zlib.decompress(bomb, -15)
print("unreachable")
