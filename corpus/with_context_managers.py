class Timer:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return False

class Suppress:
    def __init__(self, *types):
        self.types = types
    def __enter__(self):
        return None
    def __exit__(self, t, e, tb):
        return t is not None and issubclass(t, self.types)

with Timer("a") as t, Timer("b"):
    print("body", t.name)
with Suppress(KeyError):
    {}["missing"]
print("after suppress")
def f():
    with Timer("in f"):
        return 42
print(f())
for i in range(3):
    with Timer(f"loop{i}"):
        if i == 1:
            continue
        if i == 2:
            break
        print("i", i)
try:
    with Timer("err"):
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)
try:
    with 5:
        pass
except TypeError as e:
    print(e)
class Bad:
    def __enter__(self): return self
    def __exit__(self, *a):
        raise RuntimeError("exit failed")
try:
    with Bad():
        1 / 0
except RuntimeError as e:
    print("chained", repr(e), repr(e.__context__))
with Timer("final"):
    int("x")
