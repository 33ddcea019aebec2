class A:
    class B:
        class C:
            pass
    __qualname__ = "Renamed"
def f():
    class L:
        pass
    return L
print(A.__qualname__, A.B.__qualname__, A.B.C.__qualname__, A.B.C.__name__, f().__qualname__)
print(A, A.B.C, f(), repr(f()()).split(' object')[0])
try:
    class Bad:
        __qualname__ = 5
except TypeError as e:
    print(e)
class D:
    print(__qualname__, __module__)
    class E:
        print(__qualname__)
        __module__ = "elsewhere"
    def m(self):
        return __qualname__ if False else 1
print(D.E.__module__, type(D.E()).__qualname__, D.E, repr(D.E()).split(" object")[0], D().__module__)
class A2:
    class Err(Exception):
        pass
try:
    raise A2.Err("x")
except Exception as e:
    print(repr(e), type(e))
raise A2.Err("boom")
