# A class with __iter__ returning a separate iterator object with __next__;
# exhaustion, reuse and next() with a default.
class Countdown:
    def __init__(self, start):
        self.start = start
    def __iter__(self):
        return CountdownIter(self.start)

class CountdownIter:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1

c = Countdown(3)
print(list(c), list(c))
it = iter(c)
print(next(it), next(it), next(it), next(it, "done"))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", e.args)
print(sum(Countdown(4)), max(Countdown(5)), sorted(Countdown(3)))
a, b, c2 = Countdown(3)
print(a, b, c2)
print([x * y for x in Countdown(2) for y in Countdown(2)])
print(dict(zip(Countdown(3), "abc")), tuple(enumerate(Countdown(2))))
it2 = iter(Countdown(2))
print(iter(it2) is it2)
for x in it2:
    print("loop", x)
print(list(it2))
