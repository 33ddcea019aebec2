# a class with __init__, operator methods and a property, in a loop (attribute-heavy)

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 7
for _round in range(ROUNDS):
    class Point:
        def __init__(self, x, y):
            self.x = x
            self.y = y
        def __add__(self, o):
            return Point(self.x + o.x, self.y + o.y)
        def norm2(self):
            return self.x * self.x + self.y * self.y
        @property
        def total(self):
            return self.x + self.y

    def run(n):
        acc = Point(0, 0)
        s = 0
        for i in range(n):
            p = Point(i, i + 1)
            acc = acc + p
            s += p.norm2() + p.total
        return s, acc.x, acc.y

    print(run(300000))
