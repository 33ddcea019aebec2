# Class attributes change while instances are looked up through them: every
# change shows at once (methods replaced, added, deleted, shadowed in a
# subclass, a property added after the fact, classes made in a loop).


class A:
    def hello(self):
        return 'A.hello'


class B(A):
    pass


b = B()
print(b.hello())
A.hello = lambda self: 'patched'
print(b.hello())
B.hello = lambda self: 'B own'
print(b.hello())
del B.hello
print(b.hello())
del A.hello
try:
    b.hello()
except AttributeError as e:
    print(e)
b.x = 1
print(b.x)
B.x = property(lambda self: 'property wins')
print(b.x)
del B.x
print(b.x)

for i in range(5):
    class Temp:
        value = i

        def get(self):
            return self.value * 10
    t = Temp()
    print(t.get(), end=' ')
    Temp.value = -i
    print(t.get())


class Counter:
    n = 0

    def __init__(self):
        Counter.n += 1
        self.id = Counter.n


objs = [Counter() for _ in range(3)]
print([o.id for o in objs], Counter.n, objs[0].n)


class Base:
    def __add__(self, o):
        return 'Base add'


class Derived(Base):
    pass


d = Derived()
print(d + d)
Derived.__add__ = lambda s, o: 'Derived add'
print(d + d)
del Derived.__add__
print(d + d)
