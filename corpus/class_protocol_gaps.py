# Data-model corners: object.__ne__ inverts the left operand's own __eq__
# before the right operand is asked; ** takes any mapping (keys() and []);
# __new__ is a staticmethod; object.__new__ checks its class.


class E:
    def __repr__(self):
        return 'E'

    def __eq__(self, other):
        print('E eq', other)
        return 123


class F:
    def __repr__(self):
        return 'F'

    def __ne__(self, other):
        print('F ne', other)
        return -456


print(E() != F())
print(F() != E())
print(E() != 1, 1 != E())


class NoEq:
    def __repr__(self):
        return 'NoEq'


class Picky:
    def __repr__(self):
        return 'Picky'

    def __eq__(self, other):
        return NotImplemented


print(NoEq() != F(), Picky() != F())


class Mapping:
    def keys(self):
        return ['a', 'b', 'long_keyword_name']

    def __getitem__(self, key):
        return key.upper()


def show(**kw):
    return sorted(kw.items())


print(show(**Mapping()), dict(**Mapping()), show(x=1, **Mapping()))


class Twice:
    def keys(self):
        return ['a', 'a']

    def __getitem__(self, key):
        return 0


class IntKeys:
    def keys(self):
        return [1]

    def __getitem__(self, key):
        return key


for label, thunk in [('int', lambda: show(**1)), ('list', lambda: print(**[1])),
                     ('star', lambda: show(*1)), ('method', lambda: [].append(*None)),
                     ('twice', lambda: show(**Twice())), ('twice dict', lambda: dict(**Twice())),
                     ('repeat', lambda: show(**{'a': 1}, a=2)), ('int keys', lambda: show(**IntKeys()))]:
    try:
        thunk()
    except TypeError as e:
        print(label, '->', e)


class Point:
    count = 0

    def __new__(cls, *args):
        Point.count += 1
        return super().__new__(cls)

    def __init__(self, x, y):
        self.x, self.y = x, y


p = Point(1, 2)
q = p.__new__(Point)            # __new__ is static: no self is bound
print(type(Point.__dict__['__new__']).__name__, type(q).__name__, Point.count, hasattr(q, 'x'))  # safepy: ignore[SP310]


class L(list):
    pass


for cls in (int, L, dict, Point, object):
    try:
        print(type(object.__new__(cls)).__name__)
    except TypeError as e:
        print(e)
try:
    object.__new__(1)
except TypeError as e:
    print(e)
show(**Twice())
