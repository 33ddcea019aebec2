# nested dicts and frozensets recurse in C: RecursionError as CPython, not a
# C stack overflow
d = {}
for i in range(5000):
    d = {1: d}
try:
    print(repr(d)[:10])
except RecursionError as e:
    print("RecursionError", e)
s = frozenset()
for i in range(5000):
    s = frozenset([s])
try:
    print(repr(s)[:10])
except RecursionError as e:
    print("RecursionError", e)
print(hash(s) == hash(s))
a = {}; b = {}
for i in range(5000):
    a = {1: a}; b = {1: b}
try:
    print(a == b)
except RecursionError as e:
    print("RecursionError", e)
x = frozenset(); y = frozenset()
for i in range(5000):
    x = frozenset([x, i]); y = frozenset([y, i])
try:
    print(x == y)
except RecursionError as e:
    print("RecursionError", e)
# shallow ones still compare and print
a = {1: {2: {3: {}}}}
print(a, a == {1: {2: {3: {}}}}, frozenset([frozenset([1])]))
