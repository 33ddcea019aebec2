# The refusals: instantiating abstract classes, bad arguments.
import abc
from abc import ABC, abstractmethod


class Base(ABC):
    @abstractmethod
    def one(self):
        pass


class Two(Base):
    @abstractmethod
    def two(self):
        pass

    @abstractmethod
    def alpha(self):
        pass


for cls in (Base, Two):
    try:
        cls()
    except TypeError as e:
        print(e)


class Ok(Two):
    def one(self):
        return 1

    def two(self):
        return 2

    def alpha(self):
        return 0


o = Ok()
print(o.one(), o.two(), o.alpha(), Ok.__abstractmethods__)
print(sorted(Two.__abstractmethods__))


class WithInit(ABC):
    def __init__(self, x):
        self.x = x

    @abstractmethod
    def run(self):
        pass


try:
    WithInit(1)
except TypeError as e:
    print(e)
try:
    abc.abstractmethod(1, 2)
except TypeError as e:
    print(e)
try:
    abc.ABCMeta.register(Base)
except TypeError as e:
    print(type(e).__name__)
try:
    isinstance(1, Base, 2)
except TypeError as e:
    print(e)
try:
    issubclass(3, Base)
except TypeError as e:
    print(e)


class Concrete(ABC):
    def method(self):
        return "fine"


print(Concrete().method(), Concrete.__abstractmethods__)
print(type(ABC).__name__, ABC.__module__, abc.ABCMeta.__module__)
try:
    Base.one(None)
except Exception as e:
    print(type(e).__name__)
print(Base.one(None))
