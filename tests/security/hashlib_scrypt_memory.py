# args: --allow-module hashlib --max-memory 64M --timeout 2
# expect: exit=3 stdout="refused 1" stdout="refused 2" stdout="small 16" stderr="memory"
# scrypt's work area is 128 * r * (n + p + 2) bytes: OpenSSL's checks
# (which CPython keeps) refuse the absurd sizes before anything is
# allocated, and the sizes maxmem lets through (up to 2 GiB) come from the
# session's allocator, so the memory limit stops the run instead of the
# machine paying for it.
import hashlib

try:
    hashlib.scrypt(b"pw", salt=b"s", n=2 ** 62, r=8, p=1, maxmem=2 ** 31 - 1)
except ValueError:
    print("refused 1")
try:
    hashlib.scrypt(b"pw", salt=b"s", n=2 ** 20, r=2 ** 29, p=2 ** 20)
except ValueError:
    print("refused 2")
print("small", len(hashlib.scrypt(b"pw", salt=b"s", n=16, r=1, p=1, dklen=16)))
hashlib.scrypt(b"pw", salt=b"s", n=2 ** 20, r=8, p=1, maxmem=2 ** 31 - 1)
print("not reached")
