# __qualname__ of methods, nested classes and local functions, and the
# qualified names in argument-binding TypeErrors.
class A:
    def m(self, x):
        pass
    class B:
        def n(self):
            pass
def f(x):
    pass
def outer():
    def inner(y):
        pass
    return inner
for fn in (lambda: A().m(), lambda: f(), lambda: outer()(), lambda: A.B().n(1),
           lambda: A().m(1, 2), lambda: A().m(y=1)):
    try:
        fn()
    except TypeError as e:
        print(e)
print(A.m.__qualname__, A.B.n.__qualname__, outer().__qualname__, A.B.__qualname__)
print(A.B, outer.__qualname__, (lambda: 0).__qualname__)
class Logged:
    def __init__(self, x):
        self.x = x
Logged()
