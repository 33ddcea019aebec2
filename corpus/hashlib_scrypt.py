# hashlib.scrypt (RFC 7914): the RFC's test vectors, keyword-only
# arguments, int subclasses and bytearrays, and CPython's and OpenSSL's
# refusals in their order.
import hashlib


def t(f):
    try:
        r = f()
        print(r.hex() if isinstance(r, bytes) else r)
    except Exception as e:
        print(type(e).__name__, e)


# RFC 7914 section 12
t(lambda: hashlib.scrypt(b'', salt=b'', n=16, r=1, p=1, dklen=64))
t(lambda: hashlib.scrypt(b'password', salt=b'NaCl', n=1024, r=8, p=16, dklen=64))
t(lambda: hashlib.scrypt(b'pleaseletmein', salt=b'SodiumChloride', n=16384, r=8, p=1, dklen=64))
t(lambda: hashlib.scrypt(b'pw', salt=b'salt', n=16, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b'salt', n=2, r=3, p=5, dklen=1))
t(lambda: hashlib.scrypt(b'pw', salt=b'salt', n=4, r=2, p=3, dklen=200))
t(lambda: hashlib.scrypt(password=b'pw', salt=b's', n=16, r=1, p=1, dklen=10))
t(lambda: hashlib.scrypt(bytearray(b'pw'), salt=bytearray(b's'), n=16, r=True, p=1, dklen=True))
t(lambda: hashlib.scrypt(b'x' * 1000, salt=b'y' * 300, n=8, r=1, p=2, dklen=33))


class I(int):
    pass


class Idx:
    def __index__(self):
        return 20


t(lambda: hashlib.scrypt(b'pw', salt=b's', n=I(32), r=I(2), p=I(1), maxmem=I(10 ** 6), dklen=Idx()))
print(type(hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1)).__name__)

# argument errors
t(lambda: hashlib.scrypt(b'pw', n=16, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=None, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16.0, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r='1', p=1))
t(lambda: hashlib.scrypt('pw', salt=b's', n=16, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt='s', n=16, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=None, n=16, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', b's', n=16, r=1, p=1))
t(lambda: hashlib.scrypt(salt=b's', n=16, r=1, p=1))
t(lambda: hashlib.scrypt())
t(lambda: hashlib.scrypt(b'pw', salt=bytearray(b's'), n=16, r=True, p=1, x=1))
t(lambda: hashlib.scrypt(b'pw', password=b'pw', salt=b's', n=16, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, maxmem=1.5))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, dklen=None))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, dklen=2 ** 63))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, maxmem=-2 ** 64))
# values
for n in (15, 1, 0, 3, 2 ** 20 + 2):
    t(lambda: hashlib.scrypt(b'pw', salt=b's', n=n, r=1, p=1))
for n in (-2, 2 ** 64, 2 ** 100):
    t(lambda: hashlib.scrypt(b'pw', salt=b's', n=n, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=-1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=2 ** 64))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=0, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=0))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=2 ** 32, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=2 ** 32))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 14, r=8, p=1, maxmem=-1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 14, r=8, p=1, maxmem=2 ** 31))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, dklen=0))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, dklen=2 ** 31))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=0, r=0, p=0, dklen=0))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=0, p=1, maxmem=-1))
# OpenSSL's memory checks
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 16, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 40, r=1, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 63, r=8, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 20, r=8, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=2 ** 30, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=2 ** 20, p=2 ** 10))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, maxmem=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, maxmem=128 * 19 - 1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=1, p=1, maxmem=128 * 19))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=4, r=1, p=2 ** 20))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 16, r=2 ** 10, p=1))
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=2 ** 10, r=8, p=1, maxmem=2 ** 31 - 1).hex()[:16])
t(lambda: hashlib.scrypt(b'pw', salt=b's', n=16, r=0, p=2 ** 32))
