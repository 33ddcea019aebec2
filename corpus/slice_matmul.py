class Seq:
    def __init__(self, d): self.d = d
    def __getitem__(self, k):
        if isinstance(k, slice):
            return Seq(self.d[k])
        return self.d[k]
    def __repr__(self): return f"Seq({self.d})"
s = Seq(list(range(10)))
print(s[2:5], s[::3], s[4], slice(1, 5), slice(3), slice(1,10,2).indices(5), slice(2,8).start)
class M:
    def __init__(self, v): self.v = v
    def __matmul__(self, o): return M(self.v * o.v)
    def __repr__(self): return f"M({self.v})"
print(M(2) @ M(3))
try:
    hash(slice(1))
except TypeError as e: print(e)
try:
    1 @ 2
except TypeError as e: print(e)
