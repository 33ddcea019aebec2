# A user context manager: __enter__'s return value bound by `as`, __exit__
# receiving None on success and the exception triple on failure.
class Tracer:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print(f"enter {self.name}")
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            print(f"exit {self.name}: clean")
        else:
            print(f"exit {self.name}: {exc_type.__name__}({exc}) tb? {tb is not None}")
        return False

with Tracer("a") as value:
    print("body sees", value)

try:
    with Tracer("b"):
        raise ValueError("boom")
except ValueError as e:
    print("propagated:", e)

with Tracer("c"):
    pass

t = Tracer("d")
with t as v1:
    pass
with t as v2:
    pass
print(v1, v2)

def early():
    with Tracer("ret"):
        return "returned"
print(early())

for i in range(3):
    with Tracer(f"loop{i}"):
        if i == 1:
            break
print("after loop", i)
