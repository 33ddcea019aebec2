class M(type):
    pass
class A(metaclass=M):
    x = 1
    def f(self): return 2
class B(A): pass
print([n for n in dir(A) if not n.startswith("__")], sorted(k for k in vars(A) if not k.startswith("__")))  # safepy: ignore[SP306,SP311]
print(hash(A) == hash(A), A == A, A != B, A is not B, {A: 1}[A], sorted([B, A], key=lambda c: c.__name__))
print(str(A), repr(B), f"{A}", "%s" % A, format(A), bool(A))
print(A.__dict__["x"], A.__doc__, A.__module__, B.mro())  # safepy: ignore[SP310]
print(getattr(A, "x"), hasattr(A, "nope"), A().f(), type(A()) is A, isinstance(B(), A))
setattr(A, "z", 3); print(A.z, B.z); del A.z; print(hasattr(B, "z"))
for c in (A, B): print(c.__name__, type(c).__name__)
try:
    len(A)
except TypeError as e: print(e)
try:
    iter(A)
except TypeError as e: print(e)
try:
    A[1]
except TypeError as e: print(e)
try:
    A + 1
except TypeError as e: print(e)
try:
    1 in A
except TypeError as e: print(e)
print(A | None if False else "skip")
try:
    A.nothing
except AttributeError as e: print(e)
class K(metaclass=M, extra=1): pass
