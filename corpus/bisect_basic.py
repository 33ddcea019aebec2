# bisect on lists: left/right, lo/hi, insort, the aliases
import bisect
from bisect import bisect_left, bisect_right, insort_left, insort_right

a = [1, 2, 2, 2, 3, 5, 8, 8, 13]
for x in [0, 1, 2, 3, 4, 8, 13, 14, 2.5, -1.5, True]:
    print(x, bisect_left(a, x), bisect_right(a, x), bisect.bisect(a, x))
print(bisect_left(a, 2, 2), bisect_left(a, 2, 5), bisect_right(a, 8, 0, 4), bisect_right(a, 8, hi=7))
print(bisect_left(a, 2, lo=1, hi=3), bisect_left(a, 8, 3, None), bisect_right(a, 0, 4, 2))
print(bisect_left(a, 5, 0, -1), bisect_left(a, 5, 0, -3), bisect_right(a, 100, 9, 9))
print(bisect_left([], 1), bisect_right([], 1), bisect_left([], 1, 0, 0))
print(bisect_left(a, 8, 0, True), bisect_left(a, 13, False))

s = ["apple", "banana", "cherry", "fig"]
print(bisect_left(s, "cherry"), bisect_right(s, "cherry"), bisect_left(s, "date"), bisect_left(s, ""))
fl = [0.5, 1.0, 1.0, 2.25, float("inf")]
print(bisect_left(fl, 1.0), bisect_right(fl, 1), bisect_right(fl, 1e308), bisect_left(fl, float("inf")))
t = [(1, "a"), (1, "c"), (2, "b")]
print(bisect_left(t, (1, "b")), bisect_right(t, (1,)), bisect_left(t, (2,)))

b = []
for x in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    insort_left(b, x)
print(b)
c = []
for x in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    bisect.insort(c, x)
print(c)
d = [1.0, 2.0]
insort_left(d, 1)
insort_right(d, 2)
print(d, [type(v).__name__ for v in d])
e = [1, 2, 3, 4, 5]
insort_right(e, 0, 3)
insort_left(e, 10, 0, 2)
print(e)
print(insort_left([1], 0), bisect.insort_right([1], 2, hi=None))

# stable insertion with tuples
events = []
for ev in [(3, "c"), (1, "a"), (2, "b"), (1, "z"), (3, "a")]:
    bisect.insort(events, ev)
print(events)

# grading example from the docs
def grade(score, breakpoints=[60, 70, 80, 90], grades="FDCBA"):
    return grades[bisect.bisect(breakpoints, score)]
print([grade(s) for s in [33, 99, 77, 70, 89, 90, 100]])

print(bisect.bisect is bisect_right, bisect.insort is insort_right)
print(bisect.bisect, bisect.insort_left, bisect_left.__name__)
print(hasattr(bisect, "bisect"), hasattr(bisect, "insort"), hasattr(bisect, "insort_left"))
print(hasattr(bisect, "__all__"))
