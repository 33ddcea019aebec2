import random
r1 = random.Random(42)
r2 = random.Random(42)
print(r1.random() == r2.random(), r1.randint(1, 100), r2.randint(1, 100))
random.seed(7)
a = [random.random() for _ in range(3)]
r3 = random.Random(7)
print(a == [r3.random() for _ in range(3)])
r1.seed("hello")
print(r1.choice("abcdef"), r1.sample(range(20), 4), r1.gauss(0, 1), r1.uniform(1, 2))
xs = list(range(10))
r1.shuffle(xs)
print(xs)
st = r1.getstate()
v = r1.random()
r1.setstate(st)
print(v == r1.random(), type(r1).__name__, isinstance(r1, random.Random))
s = random.SystemRandom()
print(1 <= s.randint(1, 6) <= 6, isinstance(s, random.Random), s.seed(5))
try:
    s.getstate()
except NotImplementedError as e:
    print(e)
print(random.Random(3).choices([1, 2, 3], k=5), random.random() == random.Random(7).random())
