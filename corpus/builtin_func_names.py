import math, statistics, collections, itertools, random
fs = [len, print, sorted, math.sqrt, statistics.median, "x".upper, [].append, dict.fromkeys,
      collections.deque().append, max, {}.get, math.floor]
for f in fs:
    print(f.__name__, f.__qualname__, f.__module__)
def deco(fn):
    print("wrapping", fn.__name__)
    return fn
deco(abs)
print(sorted([len, abs, min], key=lambda f: f.__name__))
print(str.upper.__name__, str.upper.__qualname__, int.bit_length.__qualname__)
try:
    str.upper.__module__
except AttributeError as e:
    print("AttributeError")
