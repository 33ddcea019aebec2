# Uncaught error raised inside __add__ and __getitem__ invoked by operators:
# the traceback shows the operator line and the special method's frame.
class Vec:
    def __init__(self, *xs):
        self.xs = xs
    def __getitem__(self, i):
        return self.xs[i]
    def __add__(self, other):
        return Vec(*(self[i] + other[i] for i in range(len(self.xs))))
    def __repr__(self):
        return f"Vec{self.xs}"

print(Vec(1, 2) + Vec(3, 4))
print(Vec(1, 2, 3) + Vec(1, 1))
