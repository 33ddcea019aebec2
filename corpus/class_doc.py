# __name__, __qualname__ of classes, __module__, __doc__, and class bodies
# that run ordinary code.
class Thing:
    """A thing with a docstring."""
    sizes = [n * n for n in range(4)]
    total = 0
    for n in sizes:
        total += n
    if total > 10:
        big = True
    else:
        big = False
    del n

    def method(self):
        "method doc"
        return 1

class NoDoc:
    pass

print(Thing.__name__, Thing.__module__, Thing.__doc__)
print(Thing.sizes, Thing.total, Thing.big, hasattr(Thing, "n"))
print(NoDoc.__doc__, Thing.method.__doc__, Thing.method.__name__)
print(Thing().__module__, Thing().__doc__)
print(__name__)

def factory(k):
    class Local:
        kind = k
        def get(self):
            return self.kind
    return Local

L1, L2 = factory("one"), factory("two")
print(L1().get(), L2().get(), L1 is L2, L1.__name__)
