# A suspended generator dropped is closed (its finally blocks run) at the
# next safe point, as a __del__ is: after the statement or call that
# dropped it, or after the except clause when an exception unwound it
def gen(n):
    try:
        yield n
        yield n + 1
    finally:
        print("close", n)

def mk(n):
    g = gen(n)
    next(g)
    return g

L = [mk(1), mk(2), mk(3)]
L[1] = None
print("replaced")
print(next(mk(4)), "same line")
for x in gen(5):
    break
print("after for")
L.pop()
print("popped")
del L
print("deleted")

def f():
    g = mk(6)
    raise KeyError

try:
    f()
except KeyError:
    print("caught")
print("after")

class Owner:
    def __init__(self, n):
        self.g = mk(n)
    def __del__(self):
        print("owner del")

Owner(7)
print("owner gone")
g = mk(8)
print("end")
