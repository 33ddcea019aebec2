# args: --allow-module hashlib,hmac --timeout 30
# expect: exit=0 stdout="sha256 64" stdout="done" seconds=40
# Hashing 100 MB (one update and in pieces) stays within the memory limit
# and checks the clock between megabytes; a SHAKE digest of absurd length
# is refused before anything is allocated.
import hashlib
import hmac

big = bytes(100_000_000)
print("sha256", len(hashlib.sha256(big).hexdigest()))
h = hashlib.blake2b()
view = 10_000_000
for i in range(0, len(big), view):
    h.update(big[i:i + view])
print("blake2b", len(h.hexdigest()))
print("hmac", len(hmac.new(b"k", big, "sha1").hexdigest()))
try:
    hashlib.shake_128(b"x").digest(2 ** 62)
except MemoryError:
    print("MemoryError")
print("done")
