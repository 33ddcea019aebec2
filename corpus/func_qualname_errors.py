# call errors and bound-method reprs name the function by __qualname__
class A:
    def m(self, x): pass
    class B:
        def n(self): pass
    @classmethod
    def c(cls, y): pass
    @staticmethod
    def s(z): pass
def f():
    def g(a): pass
    return g
def t(fn):
    try:
        fn()
    except TypeError as e:
        print(e)
t(lambda: A().m())
t(lambda: A().m(1, 2))
t(lambda: A().m(1, x=2))
t(lambda: A().m(y=2))
t(lambda: A.B().n(1))
t(lambda: A.c())
t(lambda: A.s())
t(lambda: f()())
t(lambda: f()(1, k=2))
t(lambda: (lambda x: x)())
print(A.m.__qualname__, A.B.n.__qualname__, f().__qualname__, f.__qualname__, (lambda: 0).__qualname__)
class C(A):
    pass
print(repr(C().m).split(' of ')[0], A.m.__name__, f().__name__)
