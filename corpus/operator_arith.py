import operator as op
print(op.add(1, 2), op.sub(5, 3), op.mul(3, 4), op.truediv(7, 2), op.floordiv(7, 2), op.mod(7, 3), op.pow(2, 10))
print(op.lshift(1, 4), op.rshift(256, 2), op.and_(12, 10), op.or_(12, 10), op.xor(12, 10))
print(op.neg(5), op.pos(-5), op.inv(5), op.invert(5), op.abs(-3.5), op.index(7), op.index(True))
print(op.add("a", "b"), op.mul([1], 3), op.concat([1], [2]), op.concat("x", "y"))
print(op.not_(0), op.not_([1]), op.truth(""), op.truth(3), op.is_(None, None), op.is_not(1, None))
for f, args in [(op.add, (1, "a")), (op.truediv, (1, 0)), (op.concat, (1, 2)), (op.index, ("s",)),
                (op.add, (1,)), (op.neg, ("a",)), (op.index, (1.5,)), (op.concat, ({}, {}))]:
    try:
        f(*args)
    except Exception as e:
        print(type(e).__name__, e)
class V:
    def __init__(self, v): self.v = v
    def __add__(self, o): return V(self.v + o.v)
    def __matmul__(self, o): return self.v * o.v
    def __index__(self): return self.v
    def __neg__(self): return "neg"
print(op.add(V(1), V(2)).v, op.matmul(V(3), V(4)), op.index(V(9)), op.neg(V(1)))
