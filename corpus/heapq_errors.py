# heapq's argument checks and errors, CPython's messages
import heapq

def attempt(label, f, *a, **k):
    try:
        r = f(*a, **k)
        print(label, "->", r)
    except Exception as e:
        print(label, type(e).__name__, e)

attempt("push0", heapq.heappush)
attempt("push1", heapq.heappush, [])
attempt("push3", heapq.heappush, [], 1, 2)
attempt("pushkw", heapq.heappush, [], 1, key=2)
attempt("pushtuple", heapq.heappush, (), 1)
attempt("pushnone", heapq.heappush, None, 1)
attempt("pop0", heapq.heappop)
attempt("pop2", heapq.heappop, [], [])
attempt("popkw", heapq.heappop, heap=[])
attempt("popempty", heapq.heappop, [])
attempt("popdict", heapq.heappop, {})
attempt("heapify0", heapq.heapify)
attempt("heapifystr", heapq.heapify, "abc")
attempt("heapifytuple", heapq.heapify, (3, 1))
attempt("replace1", heapq.heapreplace, [])
attempt("replaceempty", heapq.heapreplace, [], 1)
attempt("replaceint", heapq.heapreplace, 5, 1)
attempt("pushpop1", heapq.heappushpop, [1])
attempt("pushpopset", heapq.heappushpop, {1}, 1)
attempt("max0", heapq._heapify_max)  # safepy: ignore[SP303]
attempt("maxpop", heapq._heappop_max, [])  # safepy: ignore[SP303]
attempt("maxpopint", heapq._heappop_max, 3)  # safepy: ignore[SP303]
attempt("maxreplace", heapq._heapreplace_max, [], 3)  # safepy: ignore[SP303]
attempt("maxreplace1", heapq._heapreplace_max, [])  # safepy: ignore[SP303]

# comparisons that fail: the heap is left as the failed sift left it
h = [1, 2, 3]
attempt("push str", heapq.heappush, h, "a")
print(h)
h = [3, "a", 1, None]
attempt("heapify mixed", heapq.heapify, h)
print(h)
h = [1, 2]
attempt("pushpop none", heapq.heappushpop, h, None)
print(h)
h = [{1}, {2}]
attempt("sets compare", heapq.heappush, h, {0})
print(h)
h = [complex(1, 2), complex(0, 1)]
attempt("complex", heapq.heapify, h)

attempt("nlargest0", heapq.nlargest)
attempt("nlargest1", heapq.nlargest, 2)
attempt("nlargest4", heapq.nlargest, 1, [], None, 4)
attempt("nsmallest kw", heapq.nsmallest, 2, [1], keys=len)
attempt("nsmallest twice", heapq.nsmallest, 2, [1], n=3)
attempt("nsmallest by name", heapq.nsmallest, n=2, iterable=[4, 1, 3], key=None)
attempt("nlargest float n", heapq.nlargest, 2.5, iter([1, 2, 3]))
attempt("nlargest str n", heapq.nlargest, "2", iter([1, 2, 3]))
attempt("nlargest float n sized", heapq.nlargest, 2.5, [1, 2, 3, 4])
attempt("nlargest big n", heapq.nlargest, 2.0, [1, 2])
attempt("nlargest noniter", heapq.nlargest, 2, 5)
attempt("nsmallest noniter", heapq.nsmallest, 3, None)
attempt("nlargest key error", heapq.nlargest, 2, [1, 2, 3], key=lambda v: 1 / (v - 2))
attempt("merge kw", heapq.merge, [1], [2], keys=None)
attempt("merge noniter", list, heapq.merge([1], 5))
attempt("merge mixed", list, heapq.merge([1, "a"], [2]))
attempt("merge key error", list, heapq.merge([1, 2], [3], key=lambda v: 1 / (v - 2)))
