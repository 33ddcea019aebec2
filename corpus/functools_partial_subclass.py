from functools import partial
class MyPartial(partial):
    def describe(self):
        return "%s %s %s" % (self.func.__name__, self.args, self.keywords)
def add(a, b, c=0):
    return a + b + c
m = MyPartial(add, 1, c=2)
print(m(3), m.describe(), type(m).__name__, isinstance(m, partial))
print(repr(MyPartial(max, 1)))
n = partial(m, 10)
print(n(), n.func is add, n.args)
print(list(map(partial(add, 10), [1, 2, 3])))
print(sorted(["bb", "a", "ccc"], key=partial(len)))
