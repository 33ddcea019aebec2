# bisect's argument checks and errors, CPython's messages
import bisect

def attempt(label, f, *a, **k):
    try:
        print(label, "->", f(*a, **k))
    except Exception as e:
        print(label, type(e).__name__, e)

for f in [bisect.bisect_left, bisect.bisect_right, bisect.insort_left, bisect.insort_right, bisect.bisect, bisect.insort]:
    attempt("none", f)
    attempt("one", f, [])
    attempt("five", f, [], 1, 0, 0, 1)
    attempt("badkw", f, [], 1, foo=1)
    attempt("twice", f, [], 1, x=2)
    attempt("kw a", f, a=[1, 2], x=2)
    attempt("kw all", f, x=2, hi=1, lo=0, a=[1, 2, 3], key=None)
attempt("lo neg", bisect.bisect_left, [1, 2], 1, -1)
attempt("lo neg insort", bisect.insort, [1, 2], 1, -5)
attempt("lo str", bisect.bisect_left, [1, 2], 1, "0")
attempt("lo float", bisect.bisect_left, [1, 2], 1, 0.0)
attempt("lo None", bisect.bisect_left, [1, 2], 1, None)
attempt("hi str", bisect.bisect_left, [1, 2], 1, 0, "2")
attempt("hi float", bisect.bisect_right, [1, 2], 1, 0, 2.0)
attempt("lo huge", bisect.bisect_left, [1, 2], 1, 2 ** 70)
attempt("hi past", bisect.bisect_left, [1, 2], 1, 0, 10)
attempt("hi past right", bisect.bisect_right, [1, 2], 5, 0, 10)
attempt("lo past", bisect.bisect_left, [1, 2], 1, 5)
attempt("no len", bisect.bisect_left, 5, 1)
attempt("no len insort", bisect.insort, None, 1)
attempt("set", bisect.bisect_left, {1, 2}, 1)
attempt("mixed", bisect.bisect_left, [1, 2, 3], "a")
attempt("mixed right", bisect.bisect_right, ["a", "b"], 1)
attempt("insort mixed", bisect.insort, [1, 2], None)
attempt("tuple ok", bisect.bisect_left, (1, 3, 5), 4)
attempt("str ok", bisect.bisect_right, "acegi", "d")
attempt("range ok", bisect.bisect_left, range(0, 100, 5), 42)
attempt("tuple insort", bisect.insort, (1, 2), 3)
attempt("str insort", bisect.insort, "ab", "c")
attempt("range insort", bisect.insort, range(3), 1)
class Idx:
    def __index__(self):
        return 1
attempt("index lo", bisect.bisect_left, [1, 2, 3], 3, Idx())
attempt("index hi", bisect.bisect_left, [1, 2, 3], 3, 0, Idx())
