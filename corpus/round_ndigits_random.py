# round(x, n) for random floats and every n: the fast exact path and the
# general one give CPython's correctly rounded results; str() of machine ints
import random, math
rng = random.Random(3)
vals = [0.5, 1.5, 2.5, -0.5, -2.675, 2.675, 0.125, 0.375, 1e16 + 1, 123.456, -0.001, 0.001, 5e-324, 1e300, 7.711626513779426e+21]
for _ in range(20000):
    k = rng.randrange(4)
    if k == 0:
        vals.append(rng.uniform(-1e6, 1e6))
    elif k == 1:
        vals.append(rng.randrange(-10**9, 10**9) / 1000 + rng.choice([0, 0.0005, 0.005, 0.05]))
    elif k == 2:
        vals.append(math.ldexp(rng.getrandbits(53), rng.randrange(-80, 60)))
    else:
        vals.append(rng.random() * 10 ** rng.randrange(-10, 20))
acc = 0
out = []
for v in vals:
    for nd in (0, 1, 2, 3, 5, 8, 12, 16, 20, 22, -1, -2):
        r = round(v, nd)
        out.append(r)
h = 0
for r in out:
    h = (h * 1000003 + hash(r)) & 0xFFFFFFFFFFFF
print(h, out[:20])
print([round(x, 2) for x in (-0.001, -0.0, 0.0, 1e-30, -1e-30)])
print(str(-2**63), str(2**63 - 1), repr(-1), repr(0), str(-(2**62)), [i for i in range(-3, 3)])
