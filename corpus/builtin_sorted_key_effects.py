# The key function runs for every item, a lone one too, while the list may
# be mutated; sorted() works on a copy, list.sort() sees the list emptied.
item = [3]
print(repr(sorted(item, key=lambda v: (item.append(v), v)[1])))
print(repr(item))
calls = []
print(sorted([5], key=lambda v: calls.append(v) or v), calls)
try:
    sorted([1], key=lambda v: 1 / 0)
except ZeroDivisionError as e:
    print('key raised:', e)
l = [3, 1, 2]
print(sorted(l, key=lambda v: (l.append(v), v)[1]), l)
l = [3]
try:
    l.sort(key=lambda v: (l.append(v), v)[1])
except ValueError as e:
    print(type(e).__name__, e)
print(l)
