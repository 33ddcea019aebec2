import random
from random import randint, getrandbits

seeds = [0, 1, 42, -5, 2**32, 2**100, -(2**70) + 3, 3.7, -3.7, 0.0, True, 'hello', '',
         'héllo wörld ✓', 'x' * 200, 'y' * 111, 'z' * 112]
for s in seeds:
    random.seed(s)
    vals = []
    for i in range(5):
        vals.append(random.random())
    print(repr(s)[:30], vals)
    print('  randint', randint(1, 6), randint(-10, 10), randint(0, 10**12), randint(2**64, 2**65))
    bits = []
    for k in [0, 1, 5, 31, 32, 33, 63, 64, 65, 100, 200]:
        bits.append(getrandbits(k))
    print('  bits', bits)
    r = []
    for args in [(10,), (0, 10), (5, 100, 7), (100, 5, -7), (-20, -3), (0, 2**70), (2**80, 2**80 + 5),
                 (3, 10**30, 3), (10**20, 0, -10**9), (1, 2, 1), (0, 1), (7, 8, 100)]:
        r.append(random.randrange(*args))
    print('  randrange', r)
    print('  kw', random.randrange(0, stop=10), random.randrange(start=3, stop=9, step=2), random.randint(a=1, b=3))

random.seed(12345)
total = 0
for i in range(2000):
    total += random.randint(1, 1000)
print('sum', total, random.random())
random.seed(7)
a = random.random()
random.seed(7, version=2)
print(a == random.random())
random.seed('abc', version=1)
print('v1', random.random(), random.getrandbits(40))
random.seed('', version=1)
print('v1 empty', random.random())
random.seed('h\xe9\u20ac', version=1)
print('v1 nonascii', random.random())

# getstate / setstate
random.seed(99)
random.gauss()
st = random.getstate()
print(st[0], len(st[1]), st[1][-1], st[1][:3], st[2])
x = [random.random(), random.gauss(), random.random()]
random.setstate(st)
y = [random.random(), random.gauss(), random.random()]
print(x == y, x)
random.setstate((2, st[1], None))
print(random.random() == x[0])
z = list(st[1])
z[0] = z[0] + 2**32
z[5] = -1
random.setstate((2, tuple(z), 0.5))
print(random.gauss(), random.random())
