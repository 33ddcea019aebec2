# Instances keep their attributes against the class's shared keys until
# something needs a real dict; every shape must look exactly like CPython's.
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


a, b = P(1, 2), P(3, 4)
print(vars(a), b.__dict__, a.x + b.y)  # safepy: ignore[SP310,SP311]

# out of the keys' order: this instance gets a dict, order kept
c = P.__new__(P)
c.y = 10
c.x = 20
print(c.__dict__, list(vars(c)), c.x, c.y)  # safepy: ignore[SP310,SP311]

# a new name after the shared ones, then another instance uses it too
a.z = 5
d = P(7, 8)
d.z = 9
print(a.__dict__, d.__dict__)  # safepy: ignore[SP310]
e = P(0, 0)
e.w = 1  # skips z: out of order
print(e.__dict__, hasattr(e, "z"), getattr(e, "z", "none"))  # safepy: ignore[SP310]

# replace, delete, re-add
a.x = 100
del a.y
print(a.__dict__)  # safepy: ignore[SP310]
a.y = -1
print(a.__dict__, a.y)  # safepy: ignore[SP310]
try:
    del b.nope
except AttributeError as ex:
    print("AttributeError:", ex)
try:
    print(b.nope)
except AttributeError as ex:
    print("AttributeError:", ex)

# the dict read, then written through
f = P(1, 1)
dd = f.__dict__  # safepy: ignore[SP310]
dd["x"] = 42
dd["extra"] = [1]
print(f.x, f.extra, vars(f))  # safepy: ignore[SP311]
f.q = 3
print(dd)

# __dict__ replaced and deleted
g = P(5, 6)
g.__dict__ = {"k": 1}
print(g.k, vars(g), hasattr(g, "x"))  # safepy: ignore[SP311]
h = P(5, 6)
del h.__dict__  # safepy: ignore[SP310]
print(vars(h))  # safepy: ignore[SP311]
h.x = 1
print(vars(h))  # safepy: ignore[SP311]

# computed names (not interned), setattr, getattr, delattr
name = "".join(["x"])
i = P(1, 2)
print(getattr(i, name), getattr(i, "y" + ""))  # safepy: ignore[SP305]
setattr(i, "".join(["y"]), 99)  # safepy: ignore[SP305]
setattr(i, "".join(["n", "ew"]), 7)  # safepy: ignore[SP305]
print(vars(i))  # safepy: ignore[SP311]
delattr(i, "new")
print(vars(i))  # safepy: ignore[SP311]


# a class attribute overridden per instance, a method shadowed per instance
class Counter:
    count = 0

    def inc(self):
        self.count += 1
        return self.count

    def hello(self):
        return "method"


k = Counter()
print(k.inc(), k.inc(), Counter.count, vars(k))  # safepy: ignore[SP311]
k.hello = lambda: "instance"
print(k.hello(), Counter().hello())


# many attributes (past the shared-keys limit)
class Many:
    def __init__(self, n):
        for j in range(n):
            setattr(self, "a%d" % j, j)  # safepy: ignore[SP305]


m1, m2 = Many(40), Many(35)
print(len(vars(m1)), list(vars(m2))[-3:], m1.a39, m2.a34)  # safepy: ignore[SP311]


class Wide:
    def __init__(self):
        self.a0 = 0; self.a1 = 1; self.a2 = 2; self.a3 = 3; self.a4 = 4
        self.a5 = 5; self.a6 = 6; self.a7 = 7; self.a8 = 8; self.a9 = 9
        self.b0 = 0; self.b1 = 1; self.b2 = 2; self.b3 = 3; self.b4 = 4
        self.b5 = 5; self.b6 = 6; self.b7 = 7; self.b8 = 8; self.b9 = 9
        self.c0 = 0; self.c1 = 1; self.c2 = 2; self.c3 = 3; self.c4 = 4
        self.c5 = 5; self.c6 = 6; self.c7 = 7; self.c8 = 8; self.c9 = 9
        self.d0 = 0; self.d1 = 1; self.d2 = 2


w = Wide()
print(len(vars(w)), w.d2, w.c9, list(vars(w))[28:])  # safepy: ignore[SP311]


# __class__ assignment between classes whose keys differ
class A:
    def __init__(self):
        self.p = 1
        self.q = 2


class B:
    def __init__(self):
        self.q = 3
        self.p = 4


x1 = A()
x1.__class__ = B
print(type(x1).__name__, vars(x1), x1.p, x1.q)  # safepy: ignore[SP311]
x1.r = 5
print(vars(x1), vars(B()))  # safepy: ignore[SP311]


# subclasses have keys of their own
class P3(P):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


p3 = P3(1, 2, 3)
print(vars(p3), vars(P(1, 2)))  # safepy: ignore[SP311]


# dir() sees instance attributes
print([n for n in dir(P(1, 2)) if not n.startswith("__")])  # safepy: ignore[SP306]


# cycles through attributes are collected
class Node:
    def __init__(self):
        self.other = None


for _ in range(1000):
    n1, n2 = Node(), Node()
    n1.other, n2.other = n2, n1
print(n1.other.other is n1)


# properties and __slots__ still behave
class S:
    __slots__ = ("u", "v")

    def __init__(self):
        self.u = 1


s = S()
s.v = 2
def has_dict(o):
    try:
        o.__dict__  # safepy: ignore[SP310]
        return True
    except AttributeError:
        return False


print(s.u, s.v, has_dict(s))
try:
    s.w = 3
except AttributeError as ex:
    print("AttributeError:", ex)
del s.u
print(hasattr(s, "u"))


class Prop:
    def __init__(self):
        self._v = 0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, val):
        self._v = val * 2


pp = Prop()
pp.v = 5
print(pp.v, vars(pp))  # safepy: ignore[SP311]

# equality of dicts made from values and from a dict
print(vars(P(1, 2)) == {"x": 1, "y": 2}, vars(P(1, 2)) == vars(c))  # safepy: ignore[SP311]


# a __slots__ class has no __dict__; its dict-holding subclass does
class T(S):
    pass


t = T.__new__(T)
t.k = 1
print(t.__dict__, vars(t), has_dict(S()))  # safepy: ignore[SP310,SP311]
try:
    vars(S())  # safepy: ignore[SP311]
except TypeError as ex:
    print("TypeError:", ex)
try:
    S().__dict__  # safepy: ignore[SP310]
except AttributeError as ex:
    print("AttributeError:", ex)
