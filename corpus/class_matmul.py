# The @ operator and its special methods.
class M:
    def __init__(self, v):
        self.v = v
    def __matmul__(self, o):
        return M(self.v * o.v)
    def __rmatmul__(self, o):
        return M(o * self.v)
    def __imatmul__(self, o):
        self.v += o.v
        return self
    def __repr__(self):
        return f"M({self.v})"
a = M(2)
print(a @ M(3), 4 @ a)
a @= M(10)
print(a)
try:
    a @ 1
except TypeError as e:
    print("TypeError:", e)
