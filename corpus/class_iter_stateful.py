# An iterator class that is its own iterable: single pass, send-free
# stateful stepping, and interplay with zip/islice-like manual loops.
class Fib:
    def __init__(self, limit):
        self.limit = limit
        self.a, self.b = 0, 1
    def __iter__(self):
        return self
    def __next__(self):
        if self.a > self.limit:
            raise StopIteration
        value = self.a
        self.a, self.b = self.b, self.a + self.b
        return value

f = Fib(30)
print(list(f))
print(list(f))
f2 = Fib(100)
firsts = []
for x in f2:
    if x > 10:
        break
    firsts.append(x)
print(firsts, next(f2), next(f2))
print(list(zip(Fib(5), Fib(5))))
print(list(zip("ab", Fib(1000))))
print(any(x > 50 for x in Fib(100)), all(x < 10 for x in Fib(8)))

class NotIter:
    def __iter__(self):
        return 5
try:
    iter(NotIter())
except TypeError as e:
    print("TypeError:", e)
try:
    for _ in NotIter():
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    next(Fib)
except TypeError as e:
    print("TypeError:", e)
