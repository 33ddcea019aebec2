from functools import reduce
items = [1, 2, 3]
def grow(acc, x):
    if len(items) < 8:
        items.append(x * 10)
    return acc + x
print(reduce(grow, items), items)
items2 = [1, 2, 3, 4, 5, 6]
def shrink(acc, x):
    if items2:
        items2.pop()
    return acc + x
print(reduce(shrink, items2), items2)
d = {"a": 1}
def mut(acc, k):
    d["b"] = 2
    return acc + k
try:
    reduce(mut, d, "")
except RuntimeError as e:
    print("RuntimeError:", e)
lst = [3, 4]
def clear(acc, x):
    lst.clear()
    return acc * x
print(reduce(clear, lst, 1), lst)
