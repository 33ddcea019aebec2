# __call__ makes instances callable; __contains__ and the fallbacks of `in`.
class Adder:
    def __init__(self, n):
        self.n = n
    def __call__(self, x, *rest, scale=1):
        return (self.n + x + sum(rest)) * scale

add5 = Adder(5)
print(add5(1), add5(1, 2, 3), add5(1, scale=10))
print(list(map(add5, [1, 2, 3])))
print(callable(add5), callable(Adder), callable(5))

class Evens:
    def __contains__(self, x):
        return isinstance(x, int) and x % 2 == 0

e = Evens()
print(4 in e, 5 in e, "a" in e, 3 not in e)

class ByIter:
    def __iter__(self):
        return iter([1, 2, 3])

print(2 in ByIter(), 9 in ByIter())

class ByIndex:
    def __getitem__(self, i):
        if i >= 4:
            raise IndexError(i)
        return i * 10

print(20 in ByIndex(), 25 in ByIndex())

class Truthy:
    def __contains__(self, x):
        return "yes"

print(1 in Truthy())
try:
    Evens()()
except TypeError as e:
    print("TypeError:", e)
