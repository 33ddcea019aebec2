# args: --allow-module hashlib,hmac --timeout 60
# expect: exit=0 stdout="sha256 64" stdout="done" seconds=70
# Hashing 100 MB in one update stays within the memory limit and checks the
# clock between megabytes; pieces, HMAC and BLAKE2 over a smaller input; a
# SHAKE digest of absurd length is refused before anything is allocated.
import hashlib
import hmac

big = bytes(100_000_000)
print("sha256", len(hashlib.sha256(big).hexdigest()))
part = big[:10_000_000]
h = hashlib.blake2b()
for i in range(0, len(part), 1_000_000):
    h.update(part[i:i + 1_000_000])
print("blake2b", len(h.hexdigest()))
print("hmac", len(hmac.new(b"k", part, "sha1").hexdigest()))
try:
    hashlib.shake_128(b"x").digest(2 ** 62)
except MemoryError:
    print("MemoryError")
print("done")
