# args: --allow-module zlib --timeout 30
# expect: exit=3 stdout="bomb 1" stderr="memory limit" seconds=40
# A decompression bomb: 1 GiB of zeros deflated to about 1 MB, then
# decompressed at once, through a decompressobj and through flush(): the
# output grows under the session's allocator, so each ends at the memory
# limit (exit 3), never a malloc outside it or a hang.
import zlib

c = zlib.compressobj(9)
chunk = bytes(1 << 20)
parts = [c.compress(chunk) for _ in range(1024)]
parts.append(c.flush())
bomb = b"".join(parts)
print("bomb", len(bomb) // 1000000)
d = zlib.decompressobj()
piece = d.decompress(bomb, 1 << 20)
print("bounded", len(piece), len(d.unconsumed_tail) > 0)
zlib.decompress(bomb)
print("unreachable")
