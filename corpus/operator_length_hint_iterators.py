# operator.length_hint of the builtin iterators, as their __length_hint__:
# what is left, 0 once exhausted, after the container grew or shrank, and
# the default for the iterators that have none (enumerate, zip, map, filter).
import operator

L = [1, 2, 3, 4]
it = iter(L)
print(operator.length_hint(it))
next(it)
print(operator.length_hint(it))
L.append(5)
print(operator.length_hint(it))
L[:] = [0]
print(operator.length_hint(it))
print(list(it), operator.length_hint(it))
L.extend([7, 8])
print(operator.length_hint(it))

r = reversed([1, 2, 3])
next(r)
print(operator.length_hint(r))
lst = [1, 2, 3]
r = reversed(lst)
lst.clear()
print(operator.length_hint(r))
print(operator.length_hint(reversed((1, 2, 3, 4))), operator.length_hint(reversed("héllo")))

t = iter((1, 2, 3))
next(t)
print(operator.length_hint(t))
s = iter("héllo wörld")
for _ in range(3):
    next(s)
print(operator.length_hint(s))
print(operator.length_hint(iter("abc")), operator.length_hint(iter("")))
rg = iter(range(10, 0, -3))
next(rg)
print(operator.length_hint(rg))

d = {"a": 1, "b": 2, "c": 3}
for view in (d, d.keys(), d.values(), d.items()):
    di = iter(view)
    next(di)
    print(operator.length_hint(di))
di = iter(d)
d["z"] = 0
print(operator.length_hint(di))

for obj in (enumerate([1, 2]), zip([1], [2]), map(str, [1, 2]), filter(None, [1, 0])):
    print(type(obj).__name__, operator.length_hint(obj), operator.length_hint(obj, 7))
