# __slots__ in subclasses of exceptions and builtin types: the slot values
# live in the object apart from its __dict__ (which shows only the other
# attributes), read and written through the member descriptors.
class E(Exception):
    __slots__ = ('q',)
e = E("m"); e.q = 5
print(e.__dict__, e.q, e.args, str(e))  # safepy: ignore[SP310]
e.other = 1; print(e.__dict__, e.q)  # safepy: ignore[SP310]
del e.q
try: e.q
except AttributeError as x: print(type(x).__name__, x)
try: del e.q
except AttributeError as x: print(type(x).__name__, x)
class S(str):
    __slots__ = ('tag',)
s = S("hi"); s.tag = 't'; print(s, s.tag)
try:
    print(s.__dict__)  # safepy: ignore[SP310]
except AttributeError as x: print(type(x).__name__, x)
try: s.x = 1
except AttributeError as x: print(type(x).__name__, x)
class L(list):
    __slots__ = ('a', '__dict__')
l = L([1]); l.a = 2; l.b = 3; print(l, l.a, l.__dict__, vars(l))  # safepy: ignore[SP310,SP311]
class I(int):
    __slots__ = ()
try:
    class T(tuple):
        __slots__ = ('n',)
except TypeError as x: print(type(x).__name__, x)
class F(float):
    __slots__ = ('unit',)
f = F(2.5); f.unit = 'm'
print(f, f.unit, F.unit.__get__(f), hasattr(f, 'unit'), getattr(f, 'unit'), type(F.__dict__['unit']).__name__)  # safepy: ignore[SP310]
F.unit.__set__(f, 'km'); print(f.unit, f * 2)
class E2(E):
    __slots__ = ('r',)
e2 = E2(); e2.q = 1; e2.r = 2; print(e2.__dict__, e2.q, e2.r)  # safepy: ignore[SP310]
class D(dict):
    __slots__ = ('meta',)
d = D(a=1); d.meta = 'm'; print(d, d.meta)
try:
    d.me = 1
except AttributeError as x: print(type(x).__name__, x)
d.meta = d; print(d.meta is d)


class Ctx(ValueError):
    __slots__ = ("code", "hint")

    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code


try:
    raise Ctx("bad value", 42)
except Ctx as err:
    print(type(err).__name__, err, err.code, err.__dict__, hasattr(err, "hint"))  # safepy: ignore[SP310]
    err.hint = "retry"
    err.note = "n"
    print(err.hint, err.__dict__, sorted(vars(err)))  # safepy: ignore[SP310,SP311]


class Word(str):
    __slots__ = ("pos", "__dict__")


w = Word("run")
w.pos = "verb"
w.extra = 1
print(w, w.pos, w.__dict__, w.upper(), w == "run", hash(w) == hash("run"))  # safepy: ignore[SP310]
del w.pos
print(hasattr(w, "pos"), w.__dict__)  # safepy: ignore[SP310]


class Node(list):
    __slots__ = ("parent",)


a = Node([1])
b = Node([2])
a.parent = b
b.parent = a
print(a, b, a.parent, b.parent is a)
