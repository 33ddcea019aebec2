# args: --allow-module hashlib --timeout 1
# expect: exit=3 stdout="started" stderr="time" seconds=8
# A scrypt whose memory fits but whose mixing takes minutes (n = 2**15,
# r = 8, p = 64: 64 ROMix passes over 32 MiB) ends at the time limit: the
# loops check the clock.
import hashlib

print("started")
hashlib.scrypt(b"pw", salt=b"s", n=2 ** 15, r=8, p=64, maxmem=2 ** 31 - 1)
print("not reached")
