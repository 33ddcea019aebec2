# ABCMeta used directly (type(Mapping) is abc.ABCMeta): a class of one's
# own with __subclasshook__, its caches, registration through it, the
# AssertionError for a hook returning something else, _abc_caches_clear
from collections.abc import Sized, Iterable, Mapping

ABCMeta = type(Mapping)
print(ABCMeta, ABCMeta.__name__, type(ABCMeta), issubclass(ABCMeta, type))
calls = []


class Drawable(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        calls.append(C.__name__)
        if cls is Drawable:
            return hasattr(C, "draw") or NotImplemented
        return NotImplemented


class Circle:
    def draw(self):
        return "o"


class Square:
    pass


print(isinstance(Circle(), Drawable), isinstance(Square(), Drawable), issubclass(Circle, Drawable))
print(isinstance(Circle(), Drawable), calls)  # answered from the caches
print(type(Drawable), Drawable.__abstractmethods__, type(Drawable()).__name__)
Drawable.register(Square)
print(isinstance(Square(), Drawable), calls)


class Sub(Drawable):
    pass


print(issubclass(Circle, Sub), issubclass(Sub, Drawable), calls)


class Liar(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        return 1


try:
    issubclass(int, Liar)
except AssertionError as e:
    print("AssertionError", e)


class Flip(metaclass=ABCMeta):
    answer = True

    @classmethod
    def __subclasshook__(cls, C):
        return Flip.answer


print(issubclass(int, Flip))
Flip.answer = False
print(issubclass(int, Flip), issubclass(str, Flip))
Flip._abc_caches_clear()
print(issubclass(int, Flip))
Flip.register(float)
print(issubclass(float, Flip))
Flip._abc_registry_clear()
Flip._abc_caches_clear()
print(issubclass(float, Flip))


class WithKw(metaclass=ABCMeta):
    def __init_subclass__(cls, **kw):
        print("init_subclass", cls.__name__, kw)


class Child(WithKw, extra=2):
    pass


# a hook that says no overrides the structure
class NoSized(Sized):
    @classmethod
    def __subclasshook__(cls, C):
        return False


print(issubclass(list, NoSized), issubclass(list, Sized), isinstance([], NoSized))
# the metaclass of a class mixing an ABC and a plain class
class Plain:
    pass


class Both(Plain, Iterable):
    def __iter__(self):
        return iter([1])


print(type(Both), list(Both()), isinstance(Both(), Iterable))


class OtherMeta(type):
    pass


class Other(metaclass=OtherMeta):
    pass


try:
    class Clash(Other, Iterable):
        pass
except TypeError as e:
    print("TypeError", e)
try:
    issubclass(1, Iterable)
except TypeError as e:
    print("TypeError", e)
try:
    Iterable.__subclasscheck__(1)
except TypeError as e:
    print("TypeError", e)
print(Iterable.__instancecheck__([]), Iterable.__subclasscheck__(int), Iterable.__subclasshook__(list))
print(Mapping.__subclasshook__(dict), Sized.__subclasshook__(Mapping), Sized.__subclasshook__(int))
