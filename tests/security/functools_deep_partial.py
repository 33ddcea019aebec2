# args: --allow-module functools,operator
# expect: exit=1 stderr="RecursionError"
# Partials nested through subclass instances with a __dict__ (which CPython
# does not flatten), lru_cache wrappers of lru_cache wrappers, and a
# reduce building a chain of compositions: calling the deepest one recurses
# through C and must end in RecursionError, never a C stack overflow.
import functools
import operator
f = operator.neg
for i in range(5000):
    f = functools.partial(functools.partial, f)()
    f.tag = i
g = len
for i in range(5000):
    g = functools.lru_cache(maxsize=None)(g)
compose = functools.reduce(lambda a, b: (lambda x: b(a(x))), [operator.neg] * 5000)
try:
    g("abc")
except RecursionError:
    print("lru chain stopped")
try:
    f(1)
except RecursionError:
    print("partial chain stopped")
compose(1)
