import functools
class D:
    def __init__(self, n): self.n = n
    def __del__(self): print("del", self.n)
def f(*a): return len(a)
p = functools.partial(f, D(1))
print(p())
del p
print("after partial")
w = functools.lru_cache(maxsize=None)(f)
w(D(2))
print(w.cache_info().currsize)
w.cache_clear()
print("after clear")
class MyP(functools.partial):
    pass
m = MyP(f, D(3))
del m
print("after subclass")
print("end")
