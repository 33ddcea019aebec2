# A type-dispatch decorator class (singledispatch-like, without functools):
# a base function plus implementations registered per type, the newest
# matching registration winning (isinstance, so bool before int).
class Dispatcher:
    def __init__(self, fn):
        self.fn = fn
        self.registry = []
    def register(self, kind):
        def deco(impl):
            self.registry.append((kind, impl))
            return impl
        return deco
    def __call__(self, arg, *rest):
        for kind, impl in reversed(self.registry):
            if isinstance(arg, kind):
                return impl(arg, *rest)
        return self.fn(arg, *rest)

@Dispatcher
def describe(x):
    return f"something: {x!r}"

@describe.register(int)
def _(x):
    return f"int {x}"

@describe.register(bool)
def _(x):
    return f"bool {x}"

@describe.register((list, tuple))
def _(x):
    return "sequence of " + ", ".join(describe(i) for i in x)


@describe.register(float)
def _(x, unit="?"):
    return f"float {x} {unit}"

print(describe(3))
print(describe(True))
print(describe([1, (2.5, "s")]))
print(describe(1.5, "kg"), "|", describe(None))
print(len(describe.registry))
