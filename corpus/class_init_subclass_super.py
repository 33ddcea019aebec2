# __init_subclass__ without class keywords: subclasses register themselves and
# get derived class attributes; super().__init_subclass__() chains.
class Base:
    registry = []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.tag = cls.__name__.lower()
        Base.registry.append(cls.__name__)
        print("subclass", cls.__name__)

class Mixin:
    def __init_subclass__(cls, **kw):
        print("Mixin hook for", cls.__name__)
        super().__init_subclass__(**kw)

class A(Base):
    pass

class B(A):
    pass

class C(Mixin, Base):
    def hello(self):
        return "hello from " + self.tag

print(Base.registry)
print(A.tag, B.tag, C.tag, C().hello())
print(hasattr(Base, "tag"))
