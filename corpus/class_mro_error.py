# An inconsistent hierarchy: CPython refuses to build the class.
class X: pass
class Y: pass
class A(X, Y): pass
class B(Y, X): pass
try:
    class C(A, B): pass
except TypeError as e:
    print("TypeError:", e)
try:
    class D(X, X): pass
except TypeError as e:
    print("TypeError:", e)
try:
    class E(object, X): pass
except TypeError as e:
    print("TypeError:", e)
class F(A, B):
    pass
