# repr/str/format of random floats across the exponent range: the shortest
# digits that read back (the fast read-back path and strtod agree)
import random, math
rng = random.Random(11)
vals = []
for _ in range(15000):
    k = rng.randrange(6)
    if k == 0:
        vals.append(math.ldexp(rng.getrandbits(53), rng.randrange(-1120, 970)))
    elif k == 1:
        vals.append(rng.random() * 10 ** rng.randrange(-30, 30))
    elif k == 2:
        vals.append(round(rng.uniform(-1e6, 1e6), rng.randrange(0, 8)))
    elif k == 3:
        vals.append(rng.randrange(1, 10**15) / 10 ** rng.randrange(0, 20))
    elif k == 4:
        vals.append(float(rng.randrange(-10**17, 10**17)))
    else:
        vals.append(rng.randrange(1, 1000) * 0.1 + rng.randrange(100) * 0.01)
h = 0
for v in vals:
    t = repr(v) + str(v) + format(v, '') + format(v, 'g') + format(v, '.12g') + '%r' % v
    h = (h * 31 + sum(map(ord, t)) * len(t)) & 0xffffffffffff
print(h, repr(vals[:5]))
