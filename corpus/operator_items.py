import operator as op
d = {"a": 1}
op.setitem(d, "b", 2)
print(op.getitem(d, "a"), d)
op.delitem(d, "a")
print(d)
l = [1, 2, 3, 4]
print(op.getitem(l, slice(1, 3)), op.getitem("hello", -1))
op.setitem(l, slice(0, 2), [9])
print(l)
op.delitem(l, 0)
print(l)
for f, a in [(op.getitem, ([], 1)), (op.getitem, ({}, "k")), (op.delitem, ((1,), 0)), (op.setitem, ("s", 0, "x"))]:
    try:
        f(*a)
    except Exception as e:
        print(type(e).__name__, e)
print(op.length_hint([1, 2]), op.length_hint(iter(range(5)).__class__) if False else op.length_hint((1, 2, 3, 4, 5)), op.length_hint(5, 7))
class H:
    def __length_hint__(self): return 4
class Bad:
    def __length_hint__(self): return "x"
class Neg:
    def __length_hint__(self): return -1
class NI:
    def __length_hint__(self): return NotImplemented
print(op.length_hint(H()), op.length_hint(NI(), 3))
for o in (Bad(), Neg()):
    try:
        op.length_hint(o)
    except Exception as e:
        print(type(e).__name__, e)
try:
    op.length_hint([], "x")
except TypeError as e:
    print("TypeError:", e)
a = [1]
b = op.iadd(a, [2])
print(a, b is a, op.iadd(1, 2), op.isub(5, 1), op.imul("ab", 2), op.iconcat([0], [1]))
s = {1}
op.ior(s, {2}); op.iand(s, {1, 2, 3}); op.ixor(s, {5})
print(sorted(s), op.ipow(2, 3), op.imod(7, 4), op.ifloordiv(7, 2), op.itruediv(1, 4), op.ilshift(1, 3), op.irshift(8, 1))
print(op.call(max, 1, 5, 3), op.call(sorted, [3, 1], reverse=True))
try:
    op.call()
except TypeError as e:
    print("TypeError:", e)
