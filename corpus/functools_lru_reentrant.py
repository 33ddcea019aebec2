from functools import lru_cache
@lru_cache(maxsize=2)
def clearing(n):
    if n == 3:
        clearing.cache_clear()
    return n * 2
print([clearing(i) for i in range(5)], clearing.cache_info())
@lru_cache(maxsize=2)
def reenter(n):
    if n > 0:
        reenter(n - 1)
        reenter(n)  if False else None
    return n
print(reenter(5), reenter.cache_info())
@lru_cache(maxsize=1)
def self_fill(n):
    if n == 1:
        self_fill(1 + 0) if False else None
        self_fill(2)
    return n
print(self_fill(1), self_fill(2), self_fill.cache_info())
class Key:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return 1
    def __eq__(self, other):
        recursive.cache_clear()
        return self.v == other.v
@lru_cache(maxsize=4)
def recursive(k):
    return k.v
print(recursive(Key(1)), recursive(Key(2)), recursive(Key(1)), recursive.cache_info())
@lru_cache(maxsize=None)
def boom(n):
    if n == 2:
        raise ValueError("no")
    return n
try:
    boom(2)
except ValueError as e:
    print("ValueError:", e)
print(boom(1), boom.cache_info())
