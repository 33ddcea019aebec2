# Slots beside a __dict__: a subclass without __slots__ of a class with them
# keeps the slot values out of its __dict__ / vars(), as CPython does.


class Point:
    __slots__ = ('x', 'y')

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.__slots__)})"  # safepy: ignore[SP305]


class Labeled(Point):
    def __init__(self, x, y, label):
        super().__init__(x, y)
        self.label = label


p = Labeled(1, 2, 'a')
print(p, vars(p), p.__dict__)  # safepy: ignore[SP310,SP311]
print(p.x, p.y, p.label)
p.x = 10
p.extra = [1]
print(vars(p), p.x)  # safepy: ignore[SP311]
del p.y
print(vars(p), hasattr(p, 'y'), getattr(p, 'y', 'unset'))  # safepy: ignore[SP311]
try:
    p.y
except AttributeError as e:
    print('get:', e)
try:
    del p.y
except AttributeError as e:
    print('del:', e)
# the dict never holds a slot: a key of that name there is not the attribute
p.__dict__['y'] = 99  # safepy: ignore[SP310]
print(hasattr(p, 'y'), vars(p))  # safepy: ignore[SP311]
p.y = 5
print(p.y, vars(p)['y'])  # safepy: ignore[SP311]
p.__dict__ = {'k': 1}
print(p.x, p.y, p.k, vars(p))  # safepy: ignore[SP311]
print([n for n in dir(p) if not n.startswith('__')])  # safepy: ignore[SP306]

# '__dict__' among the names
class Both:
    __slots__ = ('a', '__dict__')

    def __init__(self):
        self.a = 1
        self.b = 2


b = Both()
print(vars(b), b.a, b.b)  # safepy: ignore[SP311]
setattr(b, 'a', 5)
print(b.a, vars(b))  # safepy: ignore[SP311]
delattr(b, 'a')
print(hasattr(b, 'a'), vars(b))  # safepy: ignore[SP311]
print('__weakref__' in dir(b), '__dict__' in dir(b))  # safepy: ignore[SP306]

# slots at two levels with a dict-holding class between
class Mid(Point):
    pass


class Leaf(Mid):
    __slots__ = ('z',)

    def __init__(self):
        super().__init__(1, 2)
        self.z = 3
        self.w = 4


lf = Leaf()
print(vars(lf), lf.x, lf.y, lf.z, lf.w)  # safepy: ignore[SP311]
print(sorted(n for n in dir(lf) if not n.startswith('__')))  # safepy: ignore[SP306]

# private slot names are mangled like self.__x
class Account:
    __slots__ = ('__balance', 'owner')

    def __init__(self, owner, balance):
        self.owner = owner
        self.__balance = balance

    def balance(self):
        return self.__balance


class Savings(Account):
    def __init__(self, owner, balance, rate):
        super().__init__(owner, balance)
        self.rate = rate


s = Savings('ann', 100, 0.5)
print(s.balance(), s._Account__balance, vars(s))  # safepy: ignore[SP311]
print([n for n in dir(s) if not n.startswith('__')])  # safepy: ignore[SP306]
a = Account('bob', 5)
print(a.balance(), [n for n in dir(a) if not n.startswith('__')])  # safepy: ignore[SP306]
try:
    a.other = 1
except AttributeError as e:
    print('set:', e)
try:
    vars(a)  # safepy: ignore[SP311]
except TypeError as e:
    print('vars:', e)
print('__dict__' in dir(a), '__weakref__' in dir(a), '__weakref__' in dir(object()))  # safepy: ignore[SP306]

# __class__ assignment between two such subclasses keeps the slots
class Other(Point):
    pass


o = Labeled(3, 4, 'b')
o.__class__ = Other
print(type(o).__name__, o.x, o.y, vars(o))  # safepy: ignore[SP311]

# many instances: values by fixed keys
pts = [Labeled(i, i * i, str(i)) for i in range(5)]
print([(q.x, q.y, vars(q)) for q in pts])  # safepy: ignore[SP311]
print(sum(q.y for q in pts))
