from contextlib import (AbstractContextManager, AbstractAsyncContextManager, ContextDecorator,
                        contextmanager, ExitStack, suppress, closing, nullcontext, redirect_stdout)
import contextlib

class Duck:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        return None
class HalfDuck:
    def __enter__(self):
        return self
class NoneExit:
    __enter__ = lambda self: self
    __exit__ = None
class ADuck:
    async def __aenter__(self):
        return self
    async def __aexit__(self, *a):
        return None

print(issubclass(Duck, AbstractContextManager), isinstance(Duck(), AbstractContextManager))
print(issubclass(HalfDuck, AbstractContextManager))
print(issubclass(NoneExit, AbstractContextManager))
print(issubclass(ADuck, AbstractAsyncContextManager), issubclass(Duck, AbstractAsyncContextManager))
print(issubclass(int, AbstractContextManager))
for c in (ExitStack, suppress, closing, nullcontext, redirect_stdout):
    print(c.__name__, issubclass(c, AbstractContextManager))

class Mine(AbstractContextManager):
    def __exit__(self, *a):
        print("Mine exit")
with Mine() as m:
    print(type(m).__name__)

class Incomplete(AbstractContextManager):
    pass
try:
    Incomplete()
except TypeError as e:
    print("TypeError", e)

class Sub(Duck):
    pass
print(issubclass(Sub, AbstractContextManager))

class Child(AbstractContextManager):
    def __exit__(self, *a):
        pass
class GrandChildHook(Child):
    pass
print(issubclass(GrandChildHook, Child), issubclass(Duck, Child))

print(AbstractContextManager[int])
print(sorted(contextlib.__all__))
print(ContextDecorator.__doc__)
print(AbstractContextManager.__enter__(5))

@contextmanager
def cm():
    yield 7
obj = cm()
print(isinstance(obj, AbstractContextManager), isinstance(obj, ContextDecorator))
print(type(obj).__name__)
