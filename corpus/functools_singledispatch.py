from functools import singledispatch
@singledispatch
def show(x):
    return "object:" + repr(x)
@show.register
def _(x: int):
    return "int:%d" % x
@show.register(str)
def _(x):
    return "str:" + x
@show.register(list)
@show.register(tuple)
def _(x):
    return "seq:%d" % len(x)
def for_float(x):
    return "float:%s" % x
show.register(float, for_float)
print(show(1), show(True), show("a"), show([1, 2]), show((1,)), show(1.5), show(None))
print(show.dispatch(bool) is show.dispatch(int), show.dispatch(float) is for_float)
print(sorted(c.__name__ for c in show.registry))
print(show.__name__, show.__wrapped__(3))
class Base:
    pass
class Child(Base):
    pass
@show.register
def _(x: Base):
    return "Base"
print(show(Child()), show(Base()))
try:
    show()
except TypeError as e:
    print("TypeError:", e)
try:
    @show.register
    def _(x):
        return 0
except TypeError as e:
    print("TypeError:", str(e).split(":")[0])
try:
    show.registry[int] = None
except TypeError as e:
    print("TypeError:", e)
