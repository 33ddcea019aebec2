# __new__ runs before __init__; __init__ is skipped when __new__ returns an
# object of another type; a singleton via __new__.
class Logged:
    def __new__(cls, *args):
        print("new", cls.__name__, args)
        obj = super().__new__(cls)
        return obj

    def __init__(self, x, y=0):
        print("init", x, y)
        self.x = x
        self.y = y

p = Logged(1, 2)
print(p.x, p.y)

class Odd:
    def __new__(cls, value):
        if value < 0:
            return "negative"
        return super().__new__(cls)

    def __init__(self, value):
        print("Odd.__init__", value)
        self.value = value

print(Odd(3).value)
print(Odd(-1))

class Single:
    _inst = None
    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
            cls._inst.hits = 0
        return cls._inst

s1 = Single()
s1.hits += 1
s2 = Single()
s2.hits += 1
print(s1 is s2, s1.hits)

class Base:
    def __init__(self):
        print("Base init")

class Child(Base):
    pass

Child()
