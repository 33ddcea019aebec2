import operator
names = ["__lt__", "__le__", "__eq__", "__ne__", "__ge__", "__gt__", "__not__", "__abs__", "__add__", "__and__",
         "__floordiv__", "__index__", "__inv__", "__invert__", "__lshift__", "__mod__", "__mul__", "__matmul__",
         "__neg__", "__or__", "__pos__", "__pow__", "__rshift__", "__sub__", "__truediv__", "__xor__",
         "__concat__", "__contains__", "__delitem__", "__getitem__", "__setitem__", "__iadd__", "__iand__",
         "__iconcat__", "__ifloordiv__", "__ilshift__", "__imod__", "__imul__", "__imatmul__", "__ior__",
         "__ipow__", "__irshift__", "__isub__", "__itruediv__", "__ixor__", "__call__"]
for n in names:
    f = getattr(operator, n)  # safepy: ignore[SP305]
    print(n, f.__name__, f is getattr(operator, f.__name__))  # safepy: ignore[SP305]
print(operator.__add__(2, 3), operator.__getitem__("abc", 1), operator.__not__(1), operator.__call__(len, "ab"))
from operator import __mul__, __contains__
print(__mul__(3, 4), __contains__([1], 1))
print(sorted(operator.__all__) == sorted(n for n in dir(operator) if not n.startswith("_")))  # safepy: ignore[SP306]
for f, a in [(operator.not_, ()), (operator.truth, (1, 2)), (operator.lt, (1,)), (operator.setitem, ([], 0)),
             (operator.length_hint, ()), (operator.index, ())]:
    try:
        f(*a)
    except TypeError as e:
        print("TypeError:", e)
try:
    class Sub(operator.itemgetter):
        pass
except TypeError as e:
    print("TypeError:", e)
