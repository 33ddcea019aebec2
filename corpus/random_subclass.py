import random

class Dice(random.Random):
    def __init__(self, sides=6, seed=None):
        super().__init__(seed)
        self.sides = sides
        self.history = []
    def roll(self, n=1):
        out = [self.randint(1, self.sides) for _ in range(n)]
        self.history.extend(out)
        return out

d = Dice(20, seed=42)
print(d.roll(5), d.sides, len(d.history), isinstance(d, random.Random), type(d).__name__)
e = Dice(20, seed=42)
print(e.roll(5) == d.history, e.random(), e.choice("abc"), e.sample(range(10), 3), e.gauss(0, 1))

class Seeded(random.Random):
    def seed(self, a=None, version=2):
        print("seeding with", a)
        super().seed(a if a is not None else 7, version)
s = Seeded(3)
print(s.random())
s2 = Seeded()
print(s2.random() == random.Random(7).random())

class Plain(random.Random):
    pass
p = Plain(5)
print(p.random() == random.Random(5).random(), p.getstate() == random.Random(5).getstate())
p.seed(9)
print(p.randrange(100), p.shuffle.__name__ if hasattr(p.shuffle, "__name__") else "")

class SR(random.SystemRandom):
    def pick(self, xs):
        return self.choice(xs) in xs
print(SR().pick([1, 2, 3]), type(SR()).__name__)
