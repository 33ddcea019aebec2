from functools import cache
count = 0
@cache
def fact(n):
    global count
    count += 1
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20), count)
print(fact(25), count)
print(fact.cache_info())
print(fact.cache_parameters())
fact.cache_clear()
print(fact.cache_info())
@cache
def kw(a, *, b=2):
    return a * b
print(kw(3), kw(3, b=2), kw(3, b=2), kw.cache_info())
print(fact.__name__, fact.__wrapped__(3))
