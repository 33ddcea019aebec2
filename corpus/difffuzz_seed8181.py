# Found by the differential fuzzer (seed 8181).
import collections

# 1. sorted() compares the pair CPython's timsort compares first, so the
#    mixed-type TypeError names the operands in CPython's order
r = [str(e) * 2 for e in (-7, 0, 100, 255)]
r.insert(-2, 255)
try:
    print(max([7, 2] + sorted(collections.Counter(r).items())))
except Exception as e:
    print(type(e).__name__, e)

# 2. a NameError in a class body suggests no name of that class body
#    (CPython looks at the globals and builtins only): 'st' is not offered
class P1:
    def v(self):
        return 'v=' + str(self._v)
    def st(a, b=t):
        return a * b
