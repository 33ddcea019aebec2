# bisect's key= (3.10+): applied to the items, to x only by insort
import bisect

recs = [("ann", 1), ("bob", 3), ("cy", 3), ("dee", 7), ("ed", 9)]
key = lambda r: r[1]
print(bisect.bisect_left(recs, 3, key=key), bisect.bisect_right(recs, 3, key=key))
print(bisect.bisect(recs, 0, key=key), bisect.bisect_left(recs, 10, key=key))
print(bisect.bisect_left(recs, 3, 2, key=key), bisect.bisect_right(recs, 9, 0, 3, key=key))
bisect.insort(recs, ("flo", 3), key=key)
bisect.insort_left(recs, ("gus", 3), key=key)
bisect.insort_right(recs, ("hal", 0), key=key)
bisect.insort_left(recs, ("ivy", 10), key=key)
print(recs)

calls = []
def k(v):
    calls.append(v)
    return -v
desc = [9, 7, 7, 4, 2, 0]
print(bisect.bisect_left(desc, -7, key=k), calls)
calls.clear()
bisect.insort(desc, 7, key=k)
print(desc, calls)
calls.clear()
print(bisect.bisect_right(desc, -100, key=k), calls)

print(bisect.bisect_left(["a", "bbb", "cc"], 2, key=len))
print(bisect.bisect_left([1, 2, 3], 2, key=None), bisect.insort([1, 3], 2, key=None))
words = sorted("the quick brown fox jumps over lazy dogs".split(), key=str.lower)
bisect.insort(words, "Jam", key=str.lower)
print(words)

# key errors propagate
try:
    bisect.bisect_left([1, 2, 0, 3], 5, key=lambda v: 10 // v)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    bisect.insort([1, 2], "x", key=lambda v: v + 1)
except TypeError as e:
    print("TypeError", e)
try:
    bisect.bisect([1, 2], 1, key=3)
except TypeError as e:
    print("TypeError", e)
