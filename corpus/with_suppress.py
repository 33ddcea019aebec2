# __exit__ returning a true value suppresses the exception; a suppressing
# manager that only swallows some types.
class Ignore:
    def __init__(self, *types):
        self.types = types
        self.caught = []
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        if et is not None and issubclass(et, self.types):
            self.caught.append(repr(ev))
            return True
        return None

ign = Ignore(KeyError, ZeroDivisionError)
with ign:
    {}["x"]
    print("not reached")
print("continued")
with ign:
    1 / 0
with ign:
    print("nothing raised")
print(ign.caught)
try:
    with ign:
        int("z")
except ValueError as e:
    print("ValueError escaped:", e)

class Truthy:
    def __enter__(self):
        return 42
    def __exit__(self, *exc):
        return "yes"

with Truthy() as n:
    raise RuntimeError("hidden")
print("n =", n)

def first_item(items):
    with Ignore(IndexError):
        return items[0]
    return "default"

print(first_item([9]), first_item([]))
