from collections import namedtuple
def t(name, f):
    try:
        r = f()
        print(name, "->", r)
    except Exception as e:
        print(name, "!!", type(e).__name__, e)
class S(str):
    def __hash__(self):
        P._fields = ('q',); P.__match_args__ = ('q',); P._field_defaults = {}
        return str.__hash__(self)
    def __eq__(self, o): return str.__eq__(self, o)
    def __str__(self): return str.__str__(self)
P = namedtuple('P', [S('x'), 'y'], defaults=[5])
print(type(P._fields[0]).__name__)
p = P(1, 2)
class R:
    def __repr__(self):
        P._fields = ('a',); P.__match_args__ = ('a',)
        return "R"
t("repr", lambda: repr(P(R(), R())))
print(P._fields)
P = namedtuple('P', 'x y', defaults=[5])
class R2:
    def __repr__(self):
        P._fields = ('a', 'b'); P.__match_args__ = ()
        return "R2"
t("repr2", lambda: repr(P(R2(), R2())))
P = namedtuple('P', 'x y', defaults=[5])
t("asdict", lambda: P(1, 2)._asdict())
t("replace", lambda: P(1, 2)._replace(y=7))
def gen():
    P._fields = ('z',)
    yield 1
    yield 2
P = namedtuple('P', 'x y', defaults=[5])
P = namedtuple('P', 'x y')
t("make-short", lambda: P._make(iter([1])))
def gen2():
    yield 'a'
    yield 'b'
t("fields-gen", lambda: namedtuple('Q', gen2())._fields)
class FS:
    def __iter__(self):
        yield 'a'
        yield S2('b')
class S2(str):
    def __str__(self): return 'c'
t("fields-sub", lambda: namedtuple('Q', FS())._fields)
t("fields-sub-type", lambda: type(namedtuple('Q', FS())._fields[1]).__name__)
t("defaults-gen", lambda: namedtuple('Q', 'a b', defaults=iter([1, 2]))._field_defaults)
for args in [(1, 'a'), ('P', [1, 2]), ('P', 'a _b'), ('P', 'a a'), ('P', ['a', 'def'])]:
    try: print(namedtuple(*args)._fields)
    except Exception as e: print(type(e).__name__, e)
print(namedtuple('P', ['a', 'def', '_x', 'a'], rename=True)._fields)
import time
time.struct_time._fields = tuple(range(40))
time.struct_time.n_fields = 50
print(time.gmtime(0)[:3], time.gmtime(0).tm_zone)
