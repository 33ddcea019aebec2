# == and != dispatch: the left operand's __eq__ first, then the right one's
# reflected __eq__; when both return NotImplemented, identity decides.
class A:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        print(f"  A.__eq__({type(other).__name__})")
        if isinstance(other, A):
            return self.v == other.v
        return NotImplemented
    __hash__ = object.__hash__

class B:
    def __eq__(self, other):
        print(f"  B.__eq__({type(other).__name__})")
        return NotImplemented

class C(A):
    def __eq__(self, other):
        print(f"  C.__eq__({type(other).__name__})")
        return "C decides"

a = A(1)
print(a == A(1))
print(a == 1)
print(1 == a)
print(a == B())
print(B() == a)
print(a == C(1))
print(a != C(1))
b = B()
print(b == b, b != b, [b] == [b], b in [b])
print(a in [A(1)], A(2) in [a], [a].count(A(1)))
