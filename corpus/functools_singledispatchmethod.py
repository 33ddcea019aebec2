from functools import singledispatchmethod
class Formatter:
    def __init__(self, prefix):
        self.prefix = prefix
    @singledispatchmethod
    def fmt(self, arg):
        return self.prefix + "obj"
    @fmt.register
    def _(self, arg: int):
        return self.prefix + "int %d" % arg
    @fmt.register(list)
    def _(self, arg):
        return self.prefix + "list of %d" % len(arg)
f = Formatter("> ")
print(f.fmt(1), f.fmt([1, 2]), f.fmt("x"), f.fmt(True))
class Neg:
    @singledispatchmethod
    @classmethod
    def neg(cls, arg):
        return "cannot negate"
    @neg.register
    @classmethod
    def _(cls, arg: int):
        return -arg
print(Neg.neg(5), Neg.neg("a"), Neg().neg(3))
try:
    singledispatchmethod(5)
except TypeError as e:
    print("TypeError:", e)
