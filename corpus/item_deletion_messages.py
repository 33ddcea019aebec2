# del obj[key] on a type that cannot delete: "doesn't" through the sequence
# protocol (an index key on a type with sequence methods), "does not"
# otherwise, as CPython 3.11; item assignment; list.pop/insert with a
# non-index; the dict view types by name (difffuzz seed 9292)
class C: pass
class D(tuple): pass
import collections
for o in [C(), 5, 2.5, None, {1}, frozenset(), 'ab', range(3), (1,), b'a', len, D((1,)), {1: 2}.keys()]:
    for k in [0, 'a', slice(1,2), True]:
        try:
            del o[k]
        except Exception as e: print(type(o).__name__, repr(k), type(e).__name__, e)
for o in [C(), 5, 'ab', (1,), b'a', {1}, range(2)]:
    for k in [0, 'a', slice(1,2)]:
        try:
            o[k] = 1
        except Exception as e: print(type(o).__name__, repr(k), type(e).__name__, e)
try:
    [].pop('a')
except TypeError as e: print(e)
d={1:2}
for v in (d.keys(), d.values(), d.items()):
    print(type(v).__name__, type(v), isinstance(v, type(d.keys())))
print(d.keys().isdisjoint([3]), d.items().isdisjoint([]))
try:
    d.values().isdisjoint([])
except AttributeError as e:
    print(e)
try:
    [1].insert('a', 2)
except TypeError as e:
    print(e)
