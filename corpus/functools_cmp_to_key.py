from functools import cmp_to_key
def cmp(a, b):
    return (a > b) - (a < b)
def rcmp(a, b):
    return cmp(b, a)
print(sorted([5, 2, 8, 1], key=cmp_to_key(cmp)))
print(sorted([5, 2, 8, 1], key=cmp_to_key(rcmp)))
print(sorted(["bb", "a", "ccc", "dd"], key=cmp_to_key(lambda x, y: len(x) - len(y))))
print(min([3, 1, 2], key=cmp_to_key(rcmp)), max([3, 1, 2], key=cmp_to_key(rcmp)))
K = cmp_to_key(cmp)
a, b = K(1), K(2)
print(a < b, a <= b, a == b, a != b, a > b, a >= b, a.obj, b.obj)
try:
    a < 5
except TypeError as e:
    print("TypeError:", e)
try:
    hash(a)
except TypeError as e:
    print("TypeError:", e)
def bad(x, y):
    raise ValueError("cmp failed")
try:
    sorted([1, 2], key=cmp_to_key(bad))
except ValueError as e:
    print("ValueError:", e)
lst = [3, 1, 2, 5, 4]
def mutating(x, y):
    lst.append(0)
    return x - y
try:
    lst.sort(key=cmp_to_key(mutating))
except ValueError as e:
    print("ValueError:", e)
print(len(lst) > 5)
