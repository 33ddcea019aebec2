# slice objects are their own type: not subscriptable, sized, iterable or a tuple
s = slice(1, 5, 2)
for op in ("len", "iter", "setitem", "contains"):
    try:
        if op == "len": print(len(s))
        elif op == "iter": print(list(s))
        elif op == "setitem": s[0] = 1
        else: print(1 in s)
    except TypeError as e:
        print(op, "TypeError:", e)
print(s == slice(1, 5, 2), s == (1, 5, 2), hash(s) if False else "", s.start, s.indices(10))
print(slice(1, 2) < slice(1, 3), slice(1, 2) == slice(1, 2), slice(None) != (None, None, None))
try:
    slice(1, 2) < (1, 2)
except TypeError as e:
    print("TypeError:", e)
print(bool(slice(0, 0)), [1, 2, 3, 4][slice(1, 3)], sorted([slice(2), slice(1)], key=lambda s: s.stop))
try:
    a, b, c = slice(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
try:
    tuple(slice(1, 2))
except TypeError as e:
    print("TypeError:", e)
try:
    print(slice(1, 2) + (1,))
except TypeError as e:
    print("TypeError:", e)
try:
    print(max(slice(1, 2)))
except TypeError as e:
    print("TypeError:", e)
s = slice(1, 10, 2)
print(repr(s), str(s), s, type(s).__name__, isinstance(s, tuple), type(s) is slice)
print(s.start, s.stop, s.step, s.indices(5))
print("abcdefghijk"[s], list(range(20))[s], (1, 2, 3, 4, 5)[s], b"abcdefghij"[s], bytearray(b"xyzxyzxyzxyz")[s])
l = list(range(12)); l[s] = [0] * 5; print(l)
del l[slice(0, 3)]; print(l)
try:
    hash(s)
except TypeError as e:
    print("TypeError:", e)
try:
    {s: 1}
except TypeError as e:
    print("TypeError:", e)
print(s == slice(1, 10, 2), s != slice(1, 10), slice(1) == slice(None, 1, None))
print(sorted([slice(3), slice(1), slice(2)]))
print(s.__class__, slice.__name__)
from collections import deque, UserList
print(UserList([1, 2, 3, 4])[slice(1, 3)], range(10)[s])
x = [s]
print(x, (s,), {'k': s})
print(slice(1, 2) in [slice(1, 2)], [slice(1, 2)].count(slice(1, 2)), [slice(3)].index(slice(3)))
