# args: --timeout 30
# expect: exit=0 stdout="done abc" stdout="_abc_impl is set to a wrong type" stdout="not an acceptable base type"
# Reaching for interpreter internals through collections.abc: the ABC
# state (_abc_impl, the registry and caches CPython keeps in _abc),
# __abstractmethods__ writes, register() of odd objects, ABCMeta's
# methods called on things that are no classes, hooks that recurse or
# return junk.  Everything is refused with an ordinary exception or works
# as CPython's; nothing crashes and nothing reaches past the ABCs.
from collections.abc import Mapping, Sequence, Iterable, Sized, MutableSet

ABCMeta = type(Mapping)


def attempt(name, f):
    try:
        r = f()
        print(name, "->", type(r).__name__)
    except Exception as e:
        print(name, "!!", type(e).__name__, e)


attempt("impl type", lambda: type(Mapping._abc_impl))
attempt("impl new", lambda: type(Mapping._abc_impl)())
attempt("impl attr", lambda: Mapping._abc_impl.registry)
attempt("registry", lambda: Mapping._abc_registry)
attempt("cache", lambda: Mapping._abc_cache)


def subclass_impl():
    class X(type(Mapping._abc_impl)):
        pass


attempt("impl subclass", subclass_impl)


class Mine(Sized):
    def __len__(self):
        return 0


Mine._abc_impl = 5
attempt("bad impl isinstance", lambda: isinstance([], Mine))
attempt("bad impl register", lambda: Mine.register(int))
Mine._abc_impl = Mapping._abc_impl  # another class's state: shared, harmless
attempt("shared impl", lambda: issubclass(dict, Mine))
del Mine._abc_impl
attempt("no impl", lambda: issubclass(dict, Mine))


class Fake:
    _abc_impl = Sequence._abc_impl


attempt("meta subclasscheck on instance", lambda: ABCMeta.__subclasscheck__(Fake(), int))
attempt("meta instancecheck on instance", lambda: ABCMeta.__instancecheck__(Fake(), 1))
attempt("meta register on instance", lambda: ABCMeta.register(Fake(), int))
attempt("meta register on int", lambda: ABCMeta.register(5, int))
attempt("meta new no args", lambda: ABCMeta.__new__(ABCMeta))
attempt("meta new bad", lambda: ABCMeta.__new__(1, "X", (), {}))
attempt("meta new bases", lambda: ABCMeta("X", (5,), {}))
attempt("meta new ok", lambda: ABCMeta("X", (int,), {"__abstractmethods__": 1}))
for odd in (ABCMeta, type, object, Mapping, len, None, Fake(), type(Mapping._abc_impl), BaseException):
    attempt("register " + str(odd)[:30], lambda: Sequence.register(odd))
attempt("register self", lambda: Sequence.register(Sequence))
attempt("register base", lambda: Sequence.register(Iterable))
attempt("abstract write", lambda: setattr(Mapping, "__abstractmethods__", frozenset()))
attempt("now instantiable", lambda: Mapping())
attempt("abstract junk", lambda: setattr(Sized, "__abstractmethods__", [1, None]))
attempt("instantiate junk", lambda: Sized())
attempt("abstract on builtin", lambda: setattr(list, "__abstractmethods__", frozenset({"x"})))
attempt("list still", lambda: list())


class Deep(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        return issubclass(C, cls)


attempt("recursive hook", lambda: issubclass(int, Deep))


class Junk(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        return [1]


attempt("junk hook", lambda: isinstance(1, Junk))
# a long chain of ABCs, each registered with the next
chain = [ABCMeta("A%d" % i, (), {}) for i in range(100)]
for a, b in zip(chain, chain[1:]):
    b.register(a)
attempt("long chain", lambda: issubclass(chain[0], chain[-1]))


class Cyc(MutableSet):
    def __contains__(self, x): return False
    def __iter__(self): return iter(())
    def __len__(self): return 0
    def add(self, x): pass
    def discard(self, x): pass


for i in range(100):
    C = ABCMeta("T", (Cyc,), {})
    Sequence.register(C)
    C.me = C
print("done abc", isinstance(Cyc(), Sequence), issubclass(C, Sequence))
