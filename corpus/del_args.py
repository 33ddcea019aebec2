# What evaluating a call's arguments dropped is finalized before the call runs
class D:
    def __init__(self, n): self.n = n
    def __del__(self): print("del", self.n)
    def get(self): return self.n
print(D(1).n)
print(D(2) is None, "x")
print(D(3).get(), D(4).n)
x = [D(5).n, D(6).n]
print(x)
print("%d" % D(7).n)
