# The old sequence protocol: a class with only __getitem__ is iterable until
# IndexError; StopIteration inside __getitem__ also ends it.
class Squares:
    def __init__(self, n):
        self.n = n
    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError("out of range")
        return i * i

print(list(Squares(5)))
for v in Squares(3):
    print("v", v)
print(4 in Squares(3), 9 in Squares(3), list(reversed([1, 2])))
it = iter(Squares(2))
print(next(it), next(it), next(it, None))
print(sorted(Squares(4), reverse=True), sum(Squares(4)))

class Letters:
    def __getitem__(self, i):
        word = "hey"
        if i == len(word):
            raise StopIteration
        return word[i]

print(list(Letters()), "-".join(Letters()))

class Broken:
    def __getitem__(self, i):
        if i == 2:
            raise KeyError(i)
        return i

try:
    list(Broken())
except KeyError as e:
    print("KeyError:", e)
