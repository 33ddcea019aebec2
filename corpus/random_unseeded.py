import random
from random import random as rnd, shuffle
# Seeded from OS entropy: only properties are checked.
x = rnd()
print(type(x).__name__, 0.0 <= x < 1.0)
a = []
for i in range(50):
    a.append(random.randint(1, 3))
print(min(a) >= 1, max(a) <= 3)
st = random.getstate()
first = [random.random(), random.getrandbits(70), random.gauss()]
random.setstate(st)
print(first == [random.random(), random.getrandbits(70), random.gauss()])
random.seed()
y = random.random()
print(0.0 <= y < 1.0)
l = list(range(10))
shuffle(l)
print(sorted(l) == list(range(10)))
