from functools import singledispatch
@singledispatch
def kind(x):
    return "other"
@kind.register
def _(x: int | float):
    return "number"
@kind.register(dict)
def _(x):
    return "dict"
print(kind(1), kind(2.5), kind({}), kind("s"), kind(True))
class MyDict(dict):
    pass
print(kind(MyDict()))
@kind.register(MyDict)
def _(x):
    return "mydict"
print(kind(MyDict()), kind({}))
print(len(kind.registry))
