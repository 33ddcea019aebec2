# iter(callable, sentinel): dice until a six, list.pop until a marker, a callable object ending with StopIteration.
import random
random.seed(3)
rolls = list(iter(lambda: random.randint(1, 6), 6))
print(rolls)
it = iter([3, 1, 4, 0, 5].pop, 4)
print(type(it).__name__, list(it), list(it))
data = iter(["a", "b", "", "c"])
print([line for line in iter(lambda: next(data), "")])
class Counter:
    def __init__(self): self.n = 0
    def __call__(self):
        self.n += 1
        if self.n > 5: raise StopIteration
        return self.n
print(list(iter(Counter(), 99)), repr(iter(Counter(), 0)).split(" at ")[0])
for args in [(1, 2), (), (len, 1, 2)]:
    try:
        iter(*args)
    except TypeError as e:
        print(e)
print(type(iter("héllo")).__name__, type(iter("hello")).__name__, type(reversed("abc")).__name__)
