# classes with method calls and properties

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 12
for _round in range(ROUNDS):
    class Vec:
        def __init__(self, x, y):
            self.x = x
            self.y = y

        def add(self, other):
            return Vec(self.x + other.x, self.y + other.y)

        def dot(self, other):
            return self.x * other.x + self.y * other.y

        @property
        def norm2(self):
            return self.dot(self)


    class Counter:
        def __init__(self):
            self._n = 0

        @property
        def n(self):
            return self._n

        def bump(self, k=1):
            self._n += k
            return self


    acc = Vec(0, 0)
    c = Counter()
    for i in range(200000):
        acc = acc.add(Vec(i % 7, i % 11))
        c.bump().bump(2)
    print(acc.x, acc.y, acc.norm2, c.n)
