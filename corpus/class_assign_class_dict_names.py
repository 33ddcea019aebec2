# Assigning the data-model attributes: obj.__class__ (same layout only),
# obj.__dict__ (a dict; del drops it), a class's __name__/__qualname__
# (its repr follows), e.__suppress_context__, and setattr() with special
# names behaving as the attribute syntax
class A:
    def hello(self):
        return "A"
class B:
    def hello(self):
        return "B"
a = A()
a.__class__ = B
print(type(a).__name__, a.hello(), isinstance(a, B))
setattr(a, "__class__", A)
print(a.hello())
for bad in [int, 5, None]:
    try:
        a.__class__ = bad
    except TypeError as e:
        print("TypeError", e)
class S:
    __slots__ = ("x",)
class T:
    __slots__ = ("y",)
try:
    S().__class__ = T
except TypeError as e:
    print("TypeError", e)
try:
    S().__class__ = A
except TypeError as e:
    print("TypeError", e)
class E1(Exception): pass
class E2(Exception): pass
e = E1("x")
e.__class__ = E2
print(type(e).__name__, e)
try:
    e.__class__ = A
except TypeError as t:
    print("TypeError", t)
class L(list): pass
class M(list): pass
l = L([1])
l.__class__ = M
print(type(l).__name__, l)
try:
    l.__class__ = A
except TypeError as t:
    print("TypeError", t)
# __dict__
a.__dict__ = {"x": 1, "y": 2}
print(a.x, vars(a))  # safepy: ignore[SP311]
try:
    a.__dict__ = [1]
except TypeError as t:
    print("TypeError", t)
try:
    del a.__dict__  # safepy: ignore[SP310]
except TypeError as t:
    print("TypeError", t)
try:
    S().__dict__ = {}
except AttributeError as t:
    print("AttributeError", t)
try:
    A.__dict__ = {}
except AttributeError as t:
    print("AttributeError", t)
# class names
class C:
    pass
C.__name__ = "Renamed"
C.__qualname__ = "Outer.Renamed"
print(C, C.__name__, C.__qualname__, repr(C())[:24])
try:
    C.__name__ = 5
except TypeError as t:
    print("TypeError", t)
setattr(C, "__eq__", lambda s, o: True)
print(C() == 3)
# __suppress_context__
try:
    try:
        1 / 0
    except ZeroDivisionError:
        err = ValueError("v")
        err.__suppress_context__ = True
        print(err.__suppress_context__)
        raise err
except ValueError as v:
    print(v.__suppress_context__, v.__context__ is not None)
b = A()
b.k = 1
del b.__dict__  # safepy: ignore[SP310]
print(vars(b), hasattr(b, "k"))  # safepy: ignore[SP311]
b.z = 2
print(vars(b))  # safepy: ignore[SP311]
