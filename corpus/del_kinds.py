# __del__ on subclasses of builtins, classes with __slots__, inherited and
# replaced finalizers, generators
class MyList(list):
    def __del__(self):
        print("MyList del", list(self))

class MyDict(dict):
    def __del__(self):
        print("MyDict del", sorted(self.items()))

class MyInt(int):
    def __del__(self):
        print("MyInt del", int(self))

class MyStr(str):
    def __del__(self):
        print("MyStr del", str(self))

l = MyList([1, 2, 3])
l.append(4)
del l
d = MyDict(a=1)
d = None
i = MyInt(7)
i = None
s = MyStr("text")
s = None
print("builtins done")

class Slotted:
    __slots__ = ("a", "b")
    def __init__(self):
        self.a = 1
        self.b = 2
    def __del__(self):
        print("Slotted del", self.a, self.b)

x = Slotted()
x = None

class Base:
    def __del__(self):
        print("Base del", type(self).__name__)

class Child(Base):
    pass

class Override(Base):
    def __del__(self):
        print("Override del")
        super().__del__()

Child()
Override()

class Late:
    pass

Late.__del__ = lambda self: print("added later")
Late()
del Late.__del__
Late()
print("no finalizer now")

class Swap:
    def __del__(self):
        print("Swap del")

class Plain:
    pass

o = Plain()
o.__class__ = Swap
o = None

def gen(n):
    holder = Base()
    try:
        yield n
        yield n + 1
    finally:
        print("gen finally", n)

g = gen(1)
print(next(g))
g = None
print("generator dropped")

class GenDel:
    def __del__(self):
        print("generator-function __del__ does nothing visible")
        yield 1

GenDel()

class WithGen:
    def __init__(self):
        self.it = (k for k in range(3))
    def __del__(self):
        print("WithGen del", next(self.it))

WithGen()

class StaticDel:
    @staticmethod
    def __del__():
        print("static del")

StaticDel()
print("end")
