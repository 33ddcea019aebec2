# nlargest / nsmallest: every special case of heapq.py, keys, stability
import heapq

data = [7, 2, 9, 2, 5, 9, 1, 8, 5, 0, 3]
for n in [-3, -1, 0, 1, 2, 3, 5, 10, 11, 12, 100, True, False, 1.0]:
    print(n, heapq.nsmallest(n, data), heapq.nlargest(n, data),
          heapq.nsmallest(n, iter(data)), heapq.nlargest(n, iter(data)))
print(heapq.nsmallest(2, []), heapq.nlargest(2, iter([])), heapq.nlargest(1, []), heapq.nsmallest(1, iter([])))
print(heapq.nlargest(10 ** 30, iter(data)), heapq.nsmallest(10 ** 30, data))
print(heapq.nlargest(-10 ** 30, iter(data)))

# keys; ties keep the input order (stability) in both directions
words = "pear fig apple kiwi banana date plum lime grape cherry".split()
for n in [1, 2, 4, 20]:
    print(n, heapq.nsmallest(n, words, key=len), heapq.nlargest(n, words, key=len))
    print(n, heapq.nsmallest(n, iter(words), key=len), heapq.nlargest(n, iter(words), key=len))
recs = [("ann", 3), ("bob", 1), ("cy", 3), ("dee", 2), ("ed", 1), ("flo", 3)]
print(heapq.nlargest(3, recs, key=lambda r: r[1]))
print(heapq.nsmallest(3, recs, key=lambda r: r[1]))
print(heapq.nlargest(2, recs), heapq.nsmallest(2, recs))

# dict, set, range, str, generator inputs
d = {"a": 5, "b": 2, "c": 9, "d": 1}
print(heapq.nlargest(2, d, key=d.get), heapq.nsmallest(2, d.items(), key=lambda kv: kv[1]))
print(heapq.nsmallest(3, {5, 1, 4, 9}), heapq.nlargest(3, range(10, 100, 7)), heapq.nsmallest(3, "zebra"))
print(heapq.nsmallest(4, (x * x % 17 for x in range(30))), heapq.nlargest(4, (x * x % 17 for x in range(30))))

# the key is called once per item, in order
calls = []
def k(v):
    calls.append(v)
    return -v
print(heapq.nsmallest(3, iter([4, 8, 1, 6, 3]), key=k), calls)
calls.clear()
print(heapq.nlargest(3, [4, 8, 1, 6, 3], key=k), calls)
calls.clear()
print(heapq.nlargest(1, [4, 8, 1, 6, 3], key=k), calls)

# only as many items as needed are taken past n (an iterator stays usable)
it = iter(range(10))
print(heapq.nsmallest(0, it), next(it))
print(heapq.nsmallest(3, it), list(it))

# len() that is not a length: TypeError is swallowed, other errors are not
class NoLen:
    def __iter__(self):
        return iter([3, 1, 2])
    def __len__(self):
        raise TypeError("no len here")
print(heapq.nlargest(2, NoLen()))
class BadLen:
    def __iter__(self):
        return iter([3, 1, 2])
    def __len__(self):
        raise ValueError("bad len")
try:
    heapq.nlargest(2, BadLen())
except ValueError as e:
    print("ValueError", e)

# n compared with ==/>= first: a user n
class N:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        print("N ==", o)
        return self.v == o
    def __ge__(self, o):
        print("N >=", o)
        return self.v >= o
    def __index__(self):
        print("N index")
        return self.v
    def __neg__(self):
        print("N neg")
        return N(-self.v)
def attempt(label, f, *a, **k):
    try:
        print(label, "->", f(*a, **k))
    except Exception as e:
        print(label, type(e).__name__, e)
attempt("N2", heapq.nsmallest, N(2), [5, 3, 4, 1])
attempt("N9", heapq.nsmallest, N(9), [5, 3, 4, 1])
attempt("N2 iter", heapq.nsmallest, N(2), iter([5, 3, 4, 1]))
attempt("N2 iter sorted", heapq.nsmallest, N(2), iter([1, 3, 4, 5]))
attempt("N1", heapq.nsmallest, N(1), [5, 3, 4, 1])
attempt("N2 largest", heapq.nlargest, N(2), iter([1, 3, 4, 5]))
attempt("N2 largest rev", heapq.nlargest, N(2), iter([5, 4, 3, 1]))
attempt("N0 largest", heapq.nlargest, N(0), iter([5, 4, 3, 1]))
class M:
    def __eq__(self, o):
        return False
    def __index__(self):
        return 2
attempt("M largest", heapq.nlargest, M(), iter([5, 4]))
attempt("M smallest", heapq.nsmallest, M(), iter([5, 4, 7]))
attempt("M smallest up", heapq.nsmallest, M(), iter([5, 4, 1]))

# NaN and infinities
nan = float("nan")
print(heapq.nsmallest(3, [3.0, nan, 1.0, -1.0, float("inf")]))
print(heapq.nlargest(3, [3.0, 1.0, -1.0, float("inf"), 2.5]))
