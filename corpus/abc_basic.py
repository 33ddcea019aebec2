from abc import ABC, ABCMeta, abstractmethod, abstractclassmethod, abstractstaticmethod, abstractproperty
import abc


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return f"{type(self).__name__} area={self.area()} perimeter={self.perimeter()}"


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s

    def perimeter(self):
        return 4 * self.s


print(sorted(Shape.__abstractmethods__))
print(Square.__abstractmethods__)
print(Square(3).describe())
try:
    Shape()
except TypeError as e:
    print(e)


class Half(Shape):
    def area(self):
        return 1


try:
    Half()
except TypeError as e:
    print(e)
print(isinstance(Square(2), Shape), issubclass(Square, ABC), type(Shape) is ABCMeta)
print(ABC.__slots__, ABC.__abstractmethods__, repr(ABC.__doc__))
print(type(ABC), ABCMeta, ABC)


class Base(metaclass=ABCMeta):
    @property
    @abstractmethod
    def name(self):
        pass

    @classmethod
    @abstractmethod
    def make(cls):
        pass

    @staticmethod
    @abstractmethod
    def helper():
        pass


print(sorted(Base.__abstractmethods__))


class Impl(Base):
    @property
    def name(self):
        return "impl"

    @classmethod
    def make(cls):
        return cls()

    @staticmethod
    def helper():
        return 42


i = Impl.make()
print(i.name, Impl.helper(), Impl.__abstractmethods__)


class Old(ABC):
    @abstractclassmethod
    def a(cls):
        pass

    @abstractstaticmethod
    def b():
        pass

    @abstractproperty
    def c(self):
        pass


print(sorted(Old.__abstractmethods__))
try:
    Old()
except TypeError as e:
    print(e)
try:
    abstractmethod()
except TypeError as e:
    print(e)
try:
    abstractclassmethod()
except TypeError as e:
    print(e)
print(abc.update_abstractmethods(3))


class Later(ABC):
    @abstractmethod
    def go(self):
        pass


class Sub(Later):
    pass


print(Sub.__abstractmethods__)
Sub.go = lambda self: "went"
abc.update_abstractmethods(Sub)
print(Sub.__abstractmethods__, Sub().go())
