# heapq.merge: a lazy generator over sorted inputs, with key and reverse
import heapq

print(list(heapq.merge()))
print(list(heapq.merge([])))
print(list(heapq.merge([], [], [])))
print(list(heapq.merge([1, 4, 7])))
print(list(heapq.merge([1, 3, 5, 7], [0, 2, 4, 8], [5, 10, 15, 20], [], [25])))
print(list(heapq.merge(['dog', 'horse'], ['cat', 'fish', 'kangaroo'], key=len)))
print(list(heapq.merge([7, 5, 1], [8, 2, 0], [9], reverse=True)))
print(list(heapq.merge(['horse', 'dog'], ['kangaroo', 'fish', 'cat'], key=len, reverse=True)))
print(list(heapq.merge([1, 2], [1, 2], [1, 2], key=None, reverse=False)))
print(list(heapq.merge("ace", "bdf", "")))
print(list(heapq.merge(range(0, 20, 3), range(1, 20, 5), (x * x for x in range(5)))))
# ties: the earlier input first (later first with reverse=True? no: order * -1)
a = [(1, "a"), (2, "a"), (3, "a")]
b = [(1, "b"), (2, "b"), (4, "b")]
print(list(heapq.merge(a, b, key=lambda t: t[0])))
print(list(heapq.merge(a[::-1], b[::-1], key=lambda t: t[0], reverse=True)))

# a generator object
m = heapq.merge([1], [2])
print(type(m).__name__, repr(m).startswith("<generator object merge at 0x"), iter(m) is m)
print(next(m), next(m))
try:
    next(m)
except StopIteration:
    print("exhausted")
print(list(m))

# lazy: nothing is asked before the first next(), and inputs are read as needed
def src(name, items):
    for x in items:
        print("  ", name, "gives", x)
        yield x
    print("  ", name, "done")
m = heapq.merge(src("A", [1, 5, 9]), src("B", [2, 3]), src("C", []))
print("created")
for v in m:
    print("got", v)

# keyed and lazy
m = heapq.merge(src("A", ["x", "yyy"]), src("B", ["zz", "wwww"]), key=len)
print(next(m))
print(list(m))

# the last remaining input is delegated to as it is
it = iter([10, 20, 30])
m = heapq.merge([1], it)
print(next(m), next(m), next(m))
print(next(it), list(m))

# inputs that raise part-way
def bad():
    yield 1
    raise KeyError("gone")
m = heapq.merge(bad(), [0, 2, 3])
try:
    for v in m:
        print("v", v)
except KeyError as e:
    print("KeyError", e)
print(list(m))
# iter() fails only when the generator starts
m = heapq.merge([1], 3)
print("made")
try:
    next(m)
except TypeError as e:
    print("TypeError", e)

# unsorted input: merged as heapq.py merges it
print(list(heapq.merge([3, 1, 2], [2, 0])))
print(sorted(heapq.merge([1, 3], [2])))
print(sum(heapq.merge(range(100), range(50, 150))))
