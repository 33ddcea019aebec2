# Virtual subclasses: register(), __subclasshook__, and the cache token.
from abc import ABC, ABCMeta, abstractmethod, get_cache_token


class Drawable(ABC):
    @abstractmethod
    def draw(self):
        ...


class Circle:
    def draw(self):
        return "circle"


t0 = get_cache_token()
print(isinstance(Circle(), Drawable), issubclass(Circle, Drawable))
r = Drawable.register(Circle)
print(r is Circle)
print(get_cache_token() - t0)
print(isinstance(Circle(), Drawable), issubclass(Circle, Drawable))
print("virtual")


class BigCircle(Circle):
    pass


print(issubclass(BigCircle, Drawable))
Drawable.register(int)
print(isinstance(3, Drawable), isinstance(True, Drawable), isinstance("x", Drawable))


@Drawable.register
class Square:
    pass


print(issubclass(Square, Drawable), Square.__name__)


class Closable(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Closable:
            if callable(getattr(C, "close", None)):
                return True
        return NotImplemented


class File:
    def close(self):
        pass


class Nothing:
    pass


class Derived(File):
    pass


print(issubclass(File, Closable), issubclass(Nothing, Closable), issubclass(Derived, Closable))
print(isinstance(File(), Closable), isinstance(Nothing(), Closable))


class Never(metaclass=ABCMeta):
    @classmethod
    def __subclasshook__(cls, C):
        return False


Never.register(str)
print(issubclass(str, Never), issubclass(int, Never))


class A(ABC):
    pass


class B(A):
    pass


A.register(float)
print(issubclass(float, A), issubclass(float, B))
try:
    A.register(5)
except TypeError as e:
    print("TypeError:", e)
try:
    B.register(A)
except RuntimeError as e:
    print("RuntimeError:", e)
print(issubclass(B, A), A.register(B) is B)
