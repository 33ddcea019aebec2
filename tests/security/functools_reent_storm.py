# args: --allow-module functools,operator
# expect: exit=0 stdout="storm ok" seconds=60
# Callbacks that clear and refill an lru_cache while it is computing or
# comparing keys, reduce over a list its function mutates, sort keys whose
# comparisons mutate the list being sorted, itemgetter over objects that
# mutate themselves: every call ends with a value or an exception, never a
# read of freed memory (run under the sanitizer build too).
import functools
import operator
import random
rng = random.Random(7)

class Key:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return self.v % 3
    def __eq__(self, other):
        if rng.random() < 0.3:
            cached.cache_clear()
        if rng.random() < 0.2:
            for i in range(5):
                cached(i)
        return isinstance(other, Key) and self.v == other.v

@functools.lru_cache(maxsize=4)
def cached(k):
    if rng.random() < 0.2:
        cached.cache_clear()
    if isinstance(k, Key) and rng.random() < 0.3:
        cached(Key(k.v + 1)) if k.v < 40 else None
    return k

for i in range(400):
    try:
        cached(Key(rng.randrange(20)))
    except RecursionError:
        pass

data = list(range(50))
def red(acc, x):
    op = rng.randrange(4)
    if op == 0:
        data.clear()
    elif op == 1:
        data.extend(range(3))
    elif op == 2 and data:
        data.pop(0)
    return acc + x
for i in range(50):
    data[:] = range(30)
    try:
        functools.reduce(red, data, 0)
    except RuntimeError:
        pass

lst = list(range(40))
def cmp(a, b):
    if rng.random() < 0.1:
        lst.append(0)
    if rng.random() < 0.1 and lst:
        lst.pop()
    return a - b
for i in range(20):
    try:
        lst.sort(key=functools.cmp_to_key(cmp))
    except ValueError:
        pass

class Shape:
    def __getitem__(self, i):
        self.__dict__.clear()
        return i
getter = operator.itemgetter(*range(50))
for i in range(20):
    getter(Shape())
# a partial's keywords dict cleared and refilled by the callee, while the
# C function it was passed to (sorted, max) still uses the key function
def make_key():
    def key(x):
        kw = ps.keywords
        kw.clear()
        kw["key"] = make_key()
        return -x
    return key
ps = functools.partial(sorted, key=make_key())
for i in range(50):
    ps(list(range(20)))
pm = functools.partial(max, key=make_key())
for i in range(50):
    pm([3, 1, 2])
print("storm ok")
