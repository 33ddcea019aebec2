# math functions on user objects: __floor__/__ceil__/__trunc__ first, then __float__ or __index__.
import math
class A:
    def __float__(self): return 2.5
    def __floor__(self): return 'floor!'
class B:
    def __float__(self): return 2.5
class C:
    def __index__(self): return 7
for f in [math.floor, math.ceil, math.trunc, math.sqrt, math.isfinite, math.fabs, math.log]:
    for o in [A(), B(), C()]:
        try: print(f.__name__, type(o).__name__, f(o))
        except Exception as e: print(f.__name__, type(o).__name__, type(e).__name__, e)
print(round(B()) if hasattr(B, '__round__') else 'no round', math.hypot(B(), C()), math.isclose(B(), 2.5), math.copysign(B(), -1))
class T:
    def __trunc__(self): return 'trunc!'
    def __ceil__(self): return 'ceil!'
print(math.trunc(T()), math.ceil(T()))
